"""A fitness game that raises stops an evolution with one line (no worker traceback) naming the game, where it is
saved and how to go on, and the run folder stays resumable; the `human` agent is refused without a terminal."""

from __future__ import annotations

import io
import sys

import pytest

from cardlab.agents.random_agents import RandomAgent
from cardlab.cli import main
from cardlab.evolve import hearthstone as evo


def argv(out, *more):
    return ["evolve", "hearthstone", "--agent", "search", "--agent-options", "max_nodes=20", "--opponents", "random",
            "--games-per-eval", "1", "--population", "2", "--workers", "1", "--out", str(out), *more]


def one_line(capsys, *needles) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    for needle in needles:
        assert needle in err
    return err


def boom(self, obs):
    raise RuntimeError("boom")


def test_a_failed_fitness_game_is_one_line_and_the_command_runs_again(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    monkeypatch.setattr(RandomAgent, "act", boom)
    assert main(argv(out, "--generations", "1")) == 2
    one_line(capsys, "a fitness game ended in an error", "vs random, game 0", "RuntimeError: boom",
             f"saved in {out / 'error-games'}", "no generation was completed", "run the command again")
    assert not (out / "state.json").exists() and not (out / "best.yaml").exists()
    assert len(list((out / "error-games").glob("*.json"))) == 1
    monkeypatch.undo()
    assert main(argv(out, "--generations", "1")) == 0  # the same command, once the cause is gone
    assert (out / "best.yaml").exists()


def test_a_game_failing_in_a_later_generation_keeps_the_saved_ones_for_resume(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    real_write = evo.write_generation

    def write_then_break(*a, **k):
        real_write(*a, **k)
        monkeypatch.setattr(RandomAgent, "act", boom)  # generation 1's games fail

    monkeypatch.setattr(evo, "write_generation", write_then_break)
    assert main(argv(out, "--generations", "2")) == 2
    one_line(capsys, "1 completed generation(s) are saved", "--resume")
    assert (out / "gen_000.yaml").exists() and not (out / "gen_001.yaml").exists()
    monkeypatch.undo()
    assert main(argv(out, "--generations", "2", "--resume")) == 0
    assert (out / "gen_001.yaml").exists()


def test_a_human_opponent_is_refused_before_the_folder_exists(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    out = tmp_path / "run"
    assert main([a if a != "random" else "human" for a in argv(out, "--generations", "1")]) == 2
    one_line(capsys, "agent 'human' cannot play in evolve")
    assert not out.exists()


def test_a_failed_dominion_fitness_game_is_one_line_too(tmp_path, monkeypatch, capsys):
    from cardlab.agents.dominion.baselines import BigMoneyAgent

    monkeypatch.setattr(BigMoneyAgent, "act", boom)  # the fixed opponent
    out = tmp_path / "dominion"
    assert main(["evolve", "dominion", "--model", "ranks", "--generations", "1", "--games", "2", "--final-games", "0",
                 "--workers", "1", "--out", str(out)]) == 2
    one_line(capsys, "a fitness game ended in an error", "vs bigmoney, game 0", "RuntimeError: boom",
             "no generation was completed")
    assert not (out / "state.json").exists()
