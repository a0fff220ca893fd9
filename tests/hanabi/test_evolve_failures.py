"""`evolve hanabi` checks its fitness games as the arena's play loop does: an agent that raises or plays an illegal
action, or a game past its action cap, stops the run with one line naming the failed game, which is saved for
`cardlab replay`; the run folder stays resumable (as `evolve hearthstone` and `evolve dominion`:
tests/platform/test_evolve_failed_games.py)."""

from __future__ import annotations

import pickle

import pytest

from cardlab.agents.hanabi.age import AgeAgent
from cardlab.arena import gamelog
from cardlab.cli import main
from cardlab.engine.hanabi.game import HanabiGame
from cardlab.evolve import hanabi as ga
from cardlab.evolve.common import GameFailed


def argv(out, *more):
    return ["evolve", "hanabi", "--players", "2", "--population", "2", "--games", "2", "--confirm-games", "0",
            "--workers", "1", "--out", str(out), *more]


def one_line(capsys, *needles) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for needle in needles:
        assert needle in err
    return err


def boom(self, obs):
    raise RuntimeError("boom")


def illegal(self, obs):
    return 10 ** 6  # no Hanabi action has this number


def saved_games(out):
    return sorted((out / "error-games").glob("*.json"))


def test_an_agent_that_raises_is_one_line_with_the_game_saved_and_the_command_runs_again(tmp_path, monkeypatch,
                                                                                         capsys):
    out = tmp_path / "run"
    monkeypatch.setattr(AgeAgent, "act", boom)
    assert main(argv(out, "--generations", "1")) == 2  # as the other evolutions: a UserError's exit code
    one_line(capsys, "a fitness game ended in an error", "individual 0, generation 0, game 0", "RuntimeError: boom",
             f"saved in {out / 'error-games'}", "cardlab replay", "no generation was completed",
             "run the command again")
    assert not (out / "state.json").exists() and not (out / "best.yaml").exists()
    [saved] = saved_games(out)
    log = gamelog.load(saved)
    assert log["game"] == "hanabi:players=2" and log["actions"] == [] and "RuntimeError: boom" in log["error"]
    assert all(spec.startswith("age:") for spec in log["agents"])
    monkeypatch.undo()
    assert main(argv(out, "--generations", "1")) == 0  # the same command, once the cause is gone
    assert (out / "best.yaml").exists()


def test_an_illegal_action_is_a_failed_game_whose_log_replays_to_where_it_failed(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    real_act = AgeAgent.act
    calls = []

    def late_illegal(self, obs):  # legal for a few moves, then an action the game does not have
        calls.append(1)
        return illegal(self, obs) if len(calls) > 5 else real_act(self, obs)

    monkeypatch.setattr(AgeAgent, "act", late_illegal)
    assert main(argv(out, "--generations", "1")) == 2
    one_line(capsys, "a fitness game ended in an error", "chose illegal action 1000000", "run the command again")
    [saved] = saved_games(out)
    log = gamelog.load(saved)
    assert len(log["actions"]) == 5  # the legal ones played before it
    steps = list(gamelog.replay_states(log))
    assert len(steps) == 6 and steps[-1][1] is None and not steps[-1][0].is_terminal()


def test_a_game_past_its_action_cap_is_a_failed_game(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    monkeypatch.setattr(HanabiGame, "max_actions", 7, raising=False)  # an agent that loops would reach any cap
    assert main(argv(out, "--generations", "1")) == 2
    one_line(capsys, "a fitness game ended in an error", "game exceeded 7 actions", "no generation was completed")
    [saved] = saved_games(out)
    assert len(gamelog.load(saved)["actions"]) == 7


def test_a_game_failing_in_a_later_generation_keeps_the_saved_ones_for_resume(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    real_write = ga.write_generation

    def write_then_break(*a, **k):
        real_write(*a, **k)
        monkeypatch.setattr(AgeAgent, "act", boom)  # generation 1's games fail

    monkeypatch.setattr(ga, "write_generation", write_then_break)
    assert main(argv(out, "--generations", "2")) == 2
    one_line(capsys, "generation 1, game 0", "1 completed generation(s) are saved", "--resume")
    assert (out / "gen_000.yaml").exists() and not (out / "gen_001.yaml").exists()
    monkeypatch.undo()
    assert main(argv(out, "--generations", "2", "--resume")) == 0
    assert (out / "gen_001.yaml").exists()
    whole = tmp_path / "whole"
    assert main(argv(whole, "--generations", "2")) == 0  # the resumed run ends as an uninterrupted one
    assert (out / "state.json").read_text() == (whole / "state.json").read_text()


def test_the_failure_travels_back_from_a_worker_process_whole(monkeypatch):
    """With --workers N the game fails in a worker, and the pool sends the exception back pickled."""
    monkeypatch.setattr(AgeAgent, "act", boom)
    genome = [0.5] * ga.N_FLOATS + [3, 3]
    with pytest.raises(GameFailed) as caught:
        ga.play_games(2, genome, [11, 12])
    back = pickle.loads(pickle.dumps(caught.value))
    assert (back.what, back.error, back.log, back.log_name) == (caught.value.what, caught.value.error,
                                                                caught.value.log, caught.value.log_name)
    assert "deal 11" in back.what and back.error.startswith("RuntimeError: boom") and back.log["seed"] == 11

