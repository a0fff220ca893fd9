"""The arena with more than two seats (one spec per seat, or a seat rotation of two) and a cooperative game."""

from __future__ import annotations

import pytest

from cardlab.arena.stats import wilson_interval
from cardlab.arena.match import run_match
from cardlab.engine import registry
from cardlab.runtime import UserError


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", "tests.platform.toy_games")


def test_three_seats_rotate_and_each_agent_gets_a_win_rate():
    r = run_match(("random", "random", "random"), "toy:kind=race", 60, seed=1).to_json()
    assert set(r["agents"]) == {"A", "B", "C"} and r["errors"] == 0
    assert sum(r["wins"].values()) == 60  # one winner per game
    assert set(r["win_rates"]) == {"A", "B", "C"}
    for label, w in r["win_rates"].items():
        assert w["win_rate"] == pytest.approx(r["wins"][label] / 60, abs=1e-4)
        assert w["ci95"] == pytest.approx(list(wilson_interval(r["wins"][label], 60)), abs=1e-4)
    # the player who moves first wins more often; rotation spreads it over the agents
    assert all(n >= 10 for n in r["wins"].values())


def test_two_specs_on_three_seats_are_a_rotation_of_a_against_copies_of_b():
    r = run_match(("random", "random-action"), "toy:kind=race", 12, seed=2).to_json()
    assert r["agents"] == {"A": "random", "B": "random-action", "C": "random-action"}
    with pytest.raises(UserError, match="3 seats"):
        run_match(("random",) * 4, "toy:kind=race", 2)


def test_a_cooperative_game_reports_the_mean_score_its_interval_and_perfect_games():
    r = run_match(("random",), "toy:kind=share", 200, seed=3).to_json()
    assert r["kind"] == "cooperative" and "wins" not in r
    lo, hi = r["ci95"]
    assert lo < r["mean_score"] < hi and abs(r["mean_score"] - 3.0) < 0.5  # 6 fair coin flips
    assert sum(r["score_distribution"].values()) == 200
    assert r["perfect_rate"] == pytest.approx(r["score_distribution"].get("6", 0) / 200)
    again = run_match(("random",), "toy:kind=share", 200, seed=3).to_json()
    assert again["mean_score"] == r["mean_score"]  # the same seed, the same games


def test_a_cooperative_interval_stays_within_the_possible_scores():
    """A t interval over few games can reach past the score range (22.0 [9.3, 34.7] of 25 in 3 Hanabi games): the
    report clips it to 0..max_score."""
    for seed in range(12):
        r = run_match(("random",), "toy:kind=share", 2, seed=seed).to_json()
        lo, hi = r["ci95"]
        assert 0.0 <= lo <= r["mean_score"] <= hi <= r["max_score"] == 6.0
