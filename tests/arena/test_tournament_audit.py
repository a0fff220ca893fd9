"""Tournament fixes from an audit: negative seeds, ratings' intervals for a one-sided pair, one log folder per pair,
--decks with three agents, the --workers warning, no "-0" in the ratings, and absurd --games."""

from __future__ import annotations

import itertools
import json
import math
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from cardlab.agents.random_agents import RandomAgent
from cardlab.arena import match as match_module
from cardlab.arena.play import GameResult
from cardlab.arena.ratings import PairResult, bradley_terry
from cardlab.cli import main
from cardlab.engine.registry import make_game


def test_a_negative_seed_rates_the_tournament(capsys):
    """arena takes negative seeds; numpy's generator does not: the ratings used to fail after every game."""
    from cardlab.arena.ratings import generator_seed

    assert main(["tournament", "random", "face", "--games", "2", "--seed", "-1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seed"] == -1 and set(out["ratings"]["agents"]) == {"random", "face"}
    pairs = [PairResult("a", "b", 3, 1, 0)]
    assert bradley_terry(["a", "b"], pairs, seed=-5, bootstrap=50) == bradley_terry(["a", "b"], pairs, seed=-5,
                                                                                      bootstrap=50)
    assert generator_seed(0) == 0 and generator_seed(2**70) == 2**70  # non-negative seeds as before
    assert 0 <= generator_seed(-1) < 2**63


def _win_probability(elo_difference: float) -> float:
    return 1 / (1 + 10 ** (-elo_difference / 400))


def test_a_one_sided_pair_gets_an_interval_as_wide_as_its_games():
    """20-0 used to give trading [322.6, 322.6]: resampling 20 wins of 20 always gave 20 wins. The interval of the
    rating difference now matches the Jeffreys interval of the win rate, Beta(20.5, 0.5): [88.3%, 99.998%]
    (Wilson: [83.9%, 100%])."""
    r = bradley_terry(["trading", "random"], [PairResult("trading", "random", 20, 0, 0)])
    lo, hi = r["trading"]["ci95"]
    assert lo < r["trading"]["elo"] - 50 and hi > r["trading"]["elo"] + 200
    assert r["random"]["ci95"] == [-hi, -lo]
    assert 0.86 < _win_probability(2 * lo) < 0.91  # two agents, mean 0: the difference is twice the rating
    assert _win_probability(2 * hi) > 0.999


def test_draws_narrow_the_interval_and_even_results_centre_it():
    """A draw is half a win: 10-10 with 30 draws is surer of an even pair than 25-25 without draws."""
    drawn = bradley_terry(["a", "b"], [PairResult("a", "b", 10, 10, 30)], bootstrap=400)["a"]["ci95"]
    decisive = bradley_terry(["a", "b"], [PairResult("a", "b", 25, 25, 0)], bootstrap=400)["a"]["ci95"]
    assert drawn[0] < 0 < drawn[1] and decisive[0] < 0 < decisive[1]
    assert drawn[1] - drawn[0] < 0.8 * (decisive[1] - decisive[0])


def _every_other_game_fails(monkeypatch) -> None:
    """`random` raises in every other game it plays in this process (workers=1): games 0 and 2 of each of its
    pairs, which every pair numbers alike."""
    original, resets = RandomAgent.reset, {"n": 0}

    def reset(self, player, seed):
        resets["n"] += 1
        self.fails = resets["n"] % 2 == 1
        original(self, player, seed)

    def act(self, observation):
        if self.fails:
            raise RuntimeError("boom")
        return original_act(self, observation)

    original_act = RandomAgent.act
    monkeypatch.setattr(RandomAgent, "reset", reset)
    monkeypatch.setattr(RandomAgent, "act", act)


def test_each_pair_saves_its_failed_games_in_its_own_folder(monkeypatch, tmp_path, capsys):
    """Every pair plays games 0..N-1 with the tournament's seed: one folder for all let the second pair's logs
    overwrite the first's."""
    _every_other_game_fails(monkeypatch)
    logs = tmp_path / "logs"
    assert main(["tournament", "random", "face", "trading", "--games", "4", "--log-dir", str(logs), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    saved = sorted(p.relative_to(logs).as_posix() for p in logs.rglob("*.json"))
    assert saved == ["1-2_random_vs_face/game-0-000000.json", "1-2_random_vs_face/game-0-000002.json",
                     "1-3_random_vs_trading/game-0-000000.json", "1-3_random_vs_trading/game-0-000002.json"]
    reported = sorted(path for m in out["matches"] for path in m["error_logs"])
    assert reported == sorted(str(logs / name) for name in saved)
    for m in out["matches"]:
        for path in m["error_logs"]:
            assert json.loads(Path(path).read_text())["agents"] in (list(m["agents"].values()),
                                                               list(m["agents"].values())[::-1])
    assert main(["replay", out["matches"][1]["error_logs"][0]]) == 0
    assert "trading" in capsys.readouterr().out


@pytest.mark.parametrize("deck_args", [["--decks", "basic-mage", "basic-warrior"],
                                       ["--game", "hearthstone:decks=basic-mage,basic-warrior"]])
def test_a_deck_pair_is_refused_with_three_agents(deck_args, tmp_path, capsys):
    """Decks follow the roles, and each agent is A in some pairs and B in others: it would change decks silently."""
    assert main(["tournament", "face", "trading", "random", *deck_args, "--games", "6",
                 "--log-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--decks basic-mage basic-warrior" in err and "--deck D" in err and "cardlab arena" in err
    assert "Traceback" not in err and not list(tmp_path.iterdir())


def test_a_deck_pair_still_plays_with_two_agents(tmp_path, capsys):
    assert main(["tournament", "face", "random", "--decks", "basic-mage", "basic-warrior", "--games", "2",
                 "--log-dir", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decks"] == "basic-mage vs basic-warrior"


def test_too_many_workers_are_capped_with_one_warning(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert main(["tournament", "random", "face", "trading", "--games", "2", "--workers", "16",
                 "--log-dir", str(tmp_path), "--json"]) == 0
    err = capsys.readouterr().err
    assert err.count("warning: --workers 16 is more than the 1 CPUs here; using 1") == 1


def _no_negative_zero(value) -> bool:
    return not (value == 0 and math.copysign(1.0, value) < 0)


def test_ratings_hold_no_negative_zero(monkeypatch, tmp_path, capsys):
    """A rating or bound that rounds to zero from below printed "-0" (and -0.0 in JSON)."""
    for pairs in ([PairResult("a", "b", 10, 10, 30)], [PairResult("a", "b", 1, 1, 0)],
                  [PairResult("a", "b", 0, 0, 1), PairResult("a", "c", 0, 0, 1), PairResult("b", "c", 1, 0, 1)]):
        # the last: a's fit is -1e-14, which rounded to -0.0
        agents = sorted({p.a for p in pairs} | {p.b for p in pairs})
        for seed in range(5):
            for r in bradley_terry(agents, pairs, seed=seed, bootstrap=100).values():
                assert all(map(_no_negative_zero, [r["elo"], *r["ci95"]])), r
    import cardlab.arena.tournament as tournament

    def near_zero(agents, pairs, seed=0):
        return {a: {"elo": -0.3 if i else 0.4, "ci95": [-0.4, -0.2 if i else 210.0]} for i, a in enumerate(agents)}

    monkeypatch.setattr(tournament, "bradley_terry", near_zero)
    assert main(["tournament", "random", "face", "--games", "2", "--log-dir", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "[+0, +210]" in text and "[+0, +0]" in text and "-0" not in text


def test_absurd_games_are_refused_before_any_game():
    """--games 10**20 used to fill memory until the process was killed: run in a child with 4 GB of address space,
    so that a regression fails here instead of taking the machine down."""
    resource = pytest.importorskip("resource")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    done = subprocess.run([sys.executable, "-m", "cardlab", "tournament", "random", "face", "--games",
                           "99999999999999999999"], capture_output=True, text=True, timeout=120, preexec_fn=limit)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "--games 99999999999999999999 is more than a match can play" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_long_match_does_not_build_every_job_up_front(monkeypatch):
    """run_match used to list a job tuple per game before the first game: --games 10**20 filled memory until the
    process was killed. The jobs are now made as the workers take them."""
    games = 2_000_000
    taken = []

    def first_three(fn, jobs, workers, ordered=False):
        assert len(jobs) == games
        for job in itertools.islice(jobs, 3):
            taken.append(job[3])
            yield GameResult(job[3], 0, (0, 1), (1.0, -1.0), 1, 1, {0: [], 1: []})

    monkeypatch.setattr(match_module, "run_jobs", first_three)
    game = make_game(None)  # the card data loaded before memory is counted
    tracemalloc.start()
    try:
        report = match_module.run_match(("random", "face"), game, games)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert taken == [0, 1, 2] and report.wins["A"] == 3 and report.played == games
    assert peak < 20 * 2**20  # a list of 2,000,000 job tuples took over 200 MB
