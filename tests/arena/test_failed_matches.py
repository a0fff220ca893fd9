"""A match whose every game failed has no result: arena, tournament, quickstart and loop refuse it (exit 2, one
line naming the match, the count and the saved games) instead of printing zeros; some failed games are reported.
The `human` agent is refused where standard input is not a terminal (it could only fail every game)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from cardlab.agents.random_agents import RandomAgent
from cardlab.cli import main


def boom(self, obs):
    raise RuntimeError("boom")


@pytest.fixture
def broken_random(monkeypatch):
    """`random` raises on every move (workers=1: the games run in this process)."""
    monkeypatch.setattr(RandomAgent, "act", boom)


@pytest.fixture
def no_terminal(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # like </dev/null


def refused(capsys, *needles, out: str = "") -> str:
    """The last stderr line holds the needles; stdout holds no more than `out` (no table, no JSON)."""
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()[-1]
    assert "Traceback" not in captured.err
    assert (captured.out.startswith(out) and "win rate" not in captured.out) if out else captured.out == ""
    for needle in needles:
        assert needle in err
    return err


def test_arena_refuses_a_match_whose_every_game_failed(broken_random, tmp_path, capsys):
    logs = tmp_path / "logs"
    argv = ["arena", "random", "trading", "--games", "2", "--log-dir", str(logs)]
    assert main(argv) == 2
    refused(capsys, "all 2 games of random vs trading ended in an error", "RuntimeError: boom",
            f"saved in {logs}/", "cardlab replay")
    assert main(argv + ["--json"]) == 2  # no JSON that reads like a result
    refused(capsys, "all 2 games")
    journal = tmp_path / "j.jsonl"
    assert main(argv + ["--journal", str(journal)]) == 2
    refused(capsys, f"delete the journal {journal}")
    assert main(argv + ["--journal", str(journal)]) == 2  # the failed games come back from the journal
    refused(capsys, "all 2 games", "RuntimeError: boom")


def _first_move_fails(monkeypatch) -> None:
    """RandomAgent raises on its first move of the process, then plays: one failed game among several."""
    original, calls = RandomAgent.act, {"n": 0}

    def first_move_fails(self, obs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("once")
        return original(self, obs)

    monkeypatch.setattr(RandomAgent, "act", first_move_fails)


def test_a_few_failed_games_are_reported_not_fatal(monkeypatch, tmp_path, capsys):
    _first_move_fails(monkeypatch)
    assert main(["arena", "random", "trading", "--games", "2", "--log-dir", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 1


def test_tournament_refuses_a_pair_whose_every_game_failed(broken_random, tmp_path, capsys):
    assert main(["tournament", "trading", "face", "random", "--games", "2", "--log-dir", str(tmp_path)]) == 2
    refused(capsys, "all 2 games of trading vs random ended in an error", "run the tournament again")
    assert main(["tournament", "trading", "random", "--games", "2", "--log-dir", str(tmp_path), "--json"]) == 2
    refused(capsys, "all 2 games of trading vs random")


def test_quickstart_refuses_all_failed_games_and_shows_some(monkeypatch, tmp_path, capsys):
    argv = ["quickstart", "--games", "2", "--workers", "1", "--opponents", "random", "--log-dir", str(tmp_path)]
    _first_move_fails(monkeypatch)
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())  # rich wraps lines
    assert "vs random: 1 of 2 games ended in an error" in out and "saved in" in out

    monkeypatch.setattr(RandomAgent, "act", boom)
    assert main(argv) == 2
    refused(capsys, "all 2 games of search:ckpt=", "vs random ended in an error", "RuntimeError: boom",
            out="checkpoint ")  # the line naming the checkpoint, no table
    assert main(argv + ["--json"]) == 2
    refused(capsys, "all 2 games")


def test_loop_refuses_an_anchor_whose_every_game_failed(broken_random, tmp_path, capsys):
    out = tmp_path / "loop"
    argv = ["loop", "--out", str(out), "--generations", "0", "--anchors", "random", "--anchor-games", "2", "--quiet"]
    assert main(argv) == 2
    journal = out / "gen-0" / "anchors" / "anchor-0.journal"
    refused(capsys, "all 2 games of trading vs random ended in an error", f"delete {journal}")
    assert not (out / "gen-0" / "anchors" / "anchor-0.json").exists()  # the step is not recorded as done
    assert "anchors" not in json.loads((out / "loop.json").read_text())["generations"]["0"]["steps"]


@pytest.mark.parametrize("argv", [
    ["arena", "human", "random", "--games", "1", "--log-dir", "{tmp}/logs"],
    ["arena", "human", "random", "--games", "1", "--log-dir", "{tmp}/logs", "--json"],
    ["tournament", "random", "human", "face", "--games", "1", "--log-dir", "{tmp}/logs"],
    ["quickstart", "--games", "1", "--opponents", "human", "--log-dir", "{tmp}/logs"],
    ["datagen", "{tmp}/logs/data.h5", "--agents", "human", "trading", "--games", "1"],
])
def test_the_human_agent_needs_a_terminal(no_terminal, argv, tmp_path, capsys):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 2
    refused(capsys, "agent 'human' needs a terminal")
    assert not (tmp_path / "loop").exists() and not (tmp_path / "logs").exists()  # refused before any game


@pytest.mark.parametrize("argv, run", [
    (["loop", "--out", "{tmp}/loop", "--generations", "0", "--anchors", "human"], "loop"),
    (["train", "qlearn", "--learner", "table", "--alpha", "0.5", "--gamma", "0.5", "--games", "3",
      "--out", "{tmp}/logs", "--opponent", "human"], "train qlearn"),
    (["evolve", "hearthstone", "--opponents", "human", "--games-per-eval", "2", "--population", "2",
      "--generations", "1", "--out", "{tmp}/logs"], "evolve"),
    (["bench", "engine", "--agents", "human", "random", "--game", "hanabi"], "bench engine"),
    (["bench", "datagen", "--agents", "human", "random", "--game", "hanabi"], "bench datagen"),
])
def test_runs_of_unattended_games_refuse_a_person_even_at_a_terminal(monkeypatch, argv, run, tmp_path, capsys):
    # thousands of games with nobody to watch them; with several workers a person's prompt ended in a traceback
    monkeypatch.setattr("cardlab.arena.match._stdin_is_terminal", lambda: True)
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 2
    refused(capsys, f"agent 'human' cannot play in {run}")
    assert not (tmp_path / "loop").exists() and not (tmp_path / "logs").exists()


def test_json_stdout_stays_one_object_whatever_an_agent_prints(monkeypatch, capsys):
    original = RandomAgent.act

    def chatty(self, obs):
        print("a board an agent printed")
        return original(self, obs)

    monkeypatch.setattr(RandomAgent, "act", chatty)
    assert main(["arena", "random", "trading", "--games", "1", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 1 and "a board an agent printed" in captured.err


@pytest.mark.parametrize("answer", ["q", EOFError])
@pytest.mark.parametrize("argv", [
    ["arena", "human", "random", "--games", "3", "--game", "hanabi"],
    ["arena", "human", "random", "--games", "3", "--game", "hanabi", "--journal", "{tmp}/j.jsonl"],
])
def test_a_person_quitting_ends_the_whole_match(monkeypatch, tmp_path, capsys, answer, argv):
    # `q` (or the end of input) at the human agent's prompt used to end that game only, as a failed game, and the
    # next game began at once.
    asked = []

    def reply(prompt=""):
        asked.append(prompt)
        if answer is EOFError:
            raise EOFError
        return answer

    monkeypatch.setattr("cardlab.arena.match._stdin_is_terminal", lambda: True)
    monkeypatch.setattr("builtins.input", reply)
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 130
    assert len(asked) == 1  # no second game
    err = capsys.readouterr().err
    assert "interrupted" in err and "Traceback" not in err


def test_ctrl_c_at_a_persons_prompt_is_not_deferred_to_the_end_of_the_game(monkeypatch):
    from cardlab.runtime import StopOnInterrupt

    modes = []
    original = StopOnInterrupt.__init__

    def spy(self, defer=True):
        modes.append(defer)
        original(self, defer)

    monkeypatch.setattr(StopOnInterrupt, "__init__", spy)
    monkeypatch.setattr("cardlab.arena.match._stdin_is_terminal", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    assert main(["arena", "human", "random", "--games", "1", "--game", "hanabi"]) == 130
    assert main(["arena", "random", "random", "--games", "1", "--game", "hanabi"]) == 0
    assert modes == [False, True]


def test_a_persons_ctrl_c_interrupts_at_once_even_inside_a_run_that_defers_it():
    # `loop` defers Ctrl-C to the end of a step; an arena with a person inside it must not wait for that
    import os
    import signal
    import time

    from cardlab.runtime import StopOnInterrupt

    with StopOnInterrupt() as outer:
        with StopOnInterrupt(defer=False):
            with pytest.raises(KeyboardInterrupt):
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(2)
        assert not outer.requested


def test_datagen_with_a_person_plays_in_this_process_and_q_stops_it(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr("cardlab.arena.match._stdin_is_terminal", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    out = tmp_path / "d.h5"
    assert main(["datagen", str(out), "--game", "hanabi", "--agents", "human", "random", "--games", "3",
                 "--workers", "2"]) == 130
    err = capsys.readouterr().err
    assert "using 1 worker" in err and "Traceback" not in err
