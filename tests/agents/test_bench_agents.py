"""`cardlab bench engine` and `bench search-net` with agents they cannot time or games they cannot play: refused up
front as the arena refuses them, errors named, cooperative games reported as scores (audit fixes)."""

from __future__ import annotations

import json

import pytest

from cardlab.agents import registry
from cardlab.agents.base import Agent
from cardlab.benchmarks import game_bench, search_net_bench
from cardlab.cli import main
from cardlab.runtime import UserError

HANABI_SEARCH = "search:ckpt=hanabi-hat-2p,blueprint=hat,margin=0.3"


class Faulty(Agent):
    """Plays the first legal action; raises in every game (`every=1`) or every second one (`every=2`)."""

    name = "faulty-bench-agent"
    resets = 0

    def __init__(self, seed: int = 0, every: int = 1) -> None:
        super().__init__(seed)
        self.every = every
        self.fail = False

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        if player == 0:
            Faulty.resets += 1
        self.fail = Faulty.resets % self.every == 0

    def act(self, observation):
        if self.fail:
            raise RuntimeError("faulty on purpose")
        return observation.legal_actions()[0]


@pytest.fixture
def faulty(monkeypatch):
    monkeypatch.setattr(registry, "_FACTORIES", {Faulty.name: Faulty})
    monkeypatch.setattr(registry, "_BY_GAME", {})
    monkeypatch.setattr(Faulty, "resets", 0)
    return Faulty.name


def test_bench_search_net_refuses_mcts_in_one_line(capsys):
    assert main(["bench", "search-net", "--games", "1", "--agents", "mcts:iters=5", "trading"]) == 2
    err = capsys.readouterr().err
    assert "'mcts:iters=5' is not a search agent (mcts)" in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("game, agent, needle", [
    ("hanabi:variant=mini", "hat", "hat needs hint tokens"),
    ("hanabi", "dqn:ckpt=mini-dqn", "encodes 2-player mini Hanabi"),
    ("hanabi:players=3", "search:ckpt=hanabi-hat-2p,blueprint=hat", "was trained at 2 players"),
    ("dominion", "mcts:iters=5", "score of a dominion game is 0 until the end"),
])
def test_bench_engine_refuses_what_the_arena_refuses_before_any_game(capsys, game, agent, needle):
    assert main(["bench", "engine", "--games", "2", "--game", game, "--agents", agent, "--json"]) == 2
    captured = capsys.readouterr()
    assert needle in captured.err and captured.out == ""


def test_bench_engine_names_the_first_error_and_refuses_speeds_when_every_game_failed(faulty, capsys):
    with pytest.raises(UserError, match="all 2 games .* ended in an error, so there is no speed to report "
                                        r"\(first: game 0: RuntimeError: faulty on purpose\)"):
        game_bench.run("hanabi", [faulty], games=2)
    assert main(["bench", "engine", "--games", "2", "--game", "hanabi", "--agents", faulty, "--json"]) == 2
    assert "faulty on purpose" in capsys.readouterr().err


def test_bench_engine_with_some_failed_games_says_why(faulty, capsys):
    assert main(["bench", "engine", "--games", "4", "--game", "hanabi", "--agents", f"{faulty}:every=2",
                 "--json"]) == 1
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["errors"] == 2 and report["first_error"] == "game 1: RuntimeError: faulty on purpose"
    assert "2 of 4 games ended in an error (first: game 1: RuntimeError: faulty on purpose)" in captured.err


def test_bench_search_net_reports_a_cooperative_games_mean_score():
    report, _ = search_net_bench.run(games=2, seed=1, agent=HANABI_SEARCH, opponent="hat", game="hanabi")
    assert "win_rate" not in report and "draws" not in report
    assert 0 < report["mean_score"] <= 25


def test_bench_search_net_warns_when_the_compare_file_lacks_played_games(tmp_path, capsys):
    base = ["bench", "search-net", "--game", "hanabi", "--agents", HANABI_SEARCH, "hat", "--json"]
    short = tmp_path / "d1.json"
    assert main(base + ["--games", "1", "--decisions", str(short)]) == 0
    capsys.readouterr()
    assert main(base + ["--games", "3", "--compare", str(short)]) == 0
    captured = capsys.readouterr()
    check = json.loads(captured.out)["decision_check"]
    assert check["games_compared"] == 1 and check["games_not_compared"] == 2
    assert "holds the decisions of 1 game, so 2 of the 3 games played were not compared" in captured.err
    assert main(base + ["--games", "1", "--compare", str(short)]) == 0  # the same games: no warning
    assert "warning" not in capsys.readouterr().err
