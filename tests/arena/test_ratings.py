"""Bradley-Terry ratings of a round robin: recover known strengths, stay finite for a perfect record, in --json."""

from __future__ import annotations

import json

import numpy as np
import pytest

from cardlab.arena.ratings import PairResult, bradley_terry
from cardlab.cli import main


def _expected_pairs(elo: dict[str, float], games: int) -> list[PairResult]:
    names = list(elo)
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = 1 / (1 + 10 ** ((elo[b] - elo[a]) / 400))
            wins = round(p * games)
            out.append(PairResult(a, b, wins, games - wins, 0))
    return out


def test_known_elo_differences_are_recovered_with_intervals_around_them():
    truth = {"weak": -200.0, "mid": 0.0, "strong": 200.0}
    ratings = bradley_terry(list(truth), _expected_pairs(truth, 4000), bootstrap=200)
    for name, elo in truth.items():
        r = ratings[name]
        assert r["elo"] == pytest.approx(elo, abs=5)
        assert r["ci95"][0] < r["elo"] < r["ci95"][1] and r["ci95"][1] - r["ci95"][0] < 60


def test_a_perfect_record_gives_a_finite_top_rating_and_draws_count_half():
    ratings = bradley_terry(["a", "b"], [PairResult("a", "b", 50, 0, 0)], bootstrap=50)
    assert np.isfinite(ratings["a"]["elo"]) and ratings["a"]["elo"] > 300
    even = bradley_terry(["a", "b"], [PairResult("a", "b", 10, 10, 30)], bootstrap=50)
    assert even["a"]["elo"] == pytest.approx(0.0) == even["b"]["elo"]


def test_tournament_json_carries_ratings(capsys):
    assert main(["tournament", "random", "face", "--games", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    ratings = out["ratings"]["agents"]
    assert ratings["face"]["elo"] > ratings["random"]["elo"]
    assert "Bradley-Terry" in out["ratings"]["model"]
