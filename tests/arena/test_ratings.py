"""Bradley-Terry ratings of a round robin: recover known strengths, stay finite for a perfect record, in --json."""

from __future__ import annotations

import json

import numpy as np
import pytest

from cardlab.arena.ratings import PairResult, bradley_terry, fit_bradley_terry, win_matrix
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


def test_a_sweep_is_fitted_to_the_maximum_likelihood_not_stopped_short():
    # A wins every game against B and C, who split theirs: with one virtual draw per pair the likelihood's maximum
    # puts A at +880.3 (1,000 games a pair) and +1147.0 (10,000); the MM algorithm stopped at +874.4 and +990.6.
    agents = ["A", "B", "C"]
    for n, expected in ((1000, 880.33), (10000, 1146.95)):
        pairs = [PairResult("A", "B", n, 0, 0), PairResult("A", "C", n, 0, 0), PairResult("B", "C", n // 2, n // 2, 0)]
        elo = fit_bradley_terry(agents, win_matrix(agents, pairs))
        assert elo[0] == pytest.approx(expected, abs=0.01) and elo[1] == pytest.approx(elo[2])


@pytest.mark.parametrize("agents", [["random", "random"], ["random", "random "], ["random", " random", "face"],
                                    ["face", "face:"], ["mcts:iters=5", "mcts: iters=5"]])
def test_an_agent_listed_twice_is_refused_however_it_is_spaced(agents, capsys):
    assert main(["tournament", *agents, "--games", "2"]) == 2
    assert "each agent spec may appear only once" in capsys.readouterr().err
