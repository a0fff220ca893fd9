"""`cardlab loop`'s summary lines round each figure once, from the counts.

An arena report keeps its interval to 4 decimals; rounding those a second time moved the last digit (89/100:
ci95 0.9375 was printed 93.8%, while the Wilson bound is 0.93746, 93.7%, what `cardlab arena` prints)."""

import json
from pathlib import Path
from types import SimpleNamespace

from cardlab.arena.stats import mean_interval, rate_interval, wilson_interval
from cardlab.engine.core import COOPERATIVE
from cardlab.train.loop import _figure, _gate_text, decide

RAW_ANCHOR = Path(__file__).resolve().parents[2] / "docs" / "results" / "loop" / "gen-2" / "anchors" / "anchor-1.json"


def _zero_sum_report(wins: int, games: int) -> dict:
    """The fields `cardlab arena --json` writes for a two-player match (its 4-decimal rounding included)."""
    lo, hi = wilson_interval(wins, games)
    return {"kind": "zero_sum", "games": games, "wins": {"A": wins, "B": games - wins}, "draws": 0,
            "win_rate": round(wins / games, 4), "ci95": [round(lo, 4), round(hi, 4)]}


def _cooperative_report(scores: list[int], max_score: int = 25) -> dict:
    mean, lo, hi = mean_interval(scores)
    dist: dict[str, int] = {}
    for s in sorted(scores):
        dist[str(s)] = dist.get(str(s), 0) + 1
    return {"kind": COOPERATIVE, "games": len(scores), "mean_score": round(mean, 4),
            "ci95": [round(max(lo, 0.0), 4), round(min(hi, float(max_score)), 4)], "score_distribution": dist,
            "max_score": max_score}


def test_89_of_100_prints_the_wilson_bound_of_the_counts():
    report = _zero_sum_report(89, 100)
    assert report["ci95"] == [0.8137, 0.9375]  # the double rounding's trap: 0.9375 -> "93.8%"
    assert _figure(report) == "89.0% [81.4%, 93.7%]"


def test_the_recorded_loop_anchor_prints_as_the_arena_does():
    report = json.loads(RAW_ANCHOR.read_text(encoding="utf-8"))  # gen-2's anchor vs greedy, 89 / 11 / 0
    rate, lo, hi = rate_interval(report["wins"]["A"], report["games"])
    assert _figure(report) == f"{rate:.1%} [{lo:.1%}, {hi:.1%}]" == "89.0% [81.4%, 93.7%]"


def test_other_counts_whose_4_decimal_bounds_end_in_5():
    # (wins, games, interval as the counts give it): each stored bound ends in 5 at the 4th decimal
    cases = [(162, 1000, "16.2% [14.0%, 18.6%]"), (998, 1000, "99.8% [99.3%, 99.9%]"),
             (374, 400, "93.5% [90.6%, 95.5%]"), (667, 1000, "66.7% [63.7%, 69.6%]"),
             (683, 1000, "68.3% [65.4%, 71.1%]"), (381, 1000, "38.1% [35.1%, 41.2%]")]
    for wins, games, text in cases:
        assert _figure(_zero_sum_report(wins, games)) == text, (wins, games)


def test_a_report_without_counts_falls_back_to_its_figures():
    assert _figure({"win_rate": 0.5, "ci95": [0.4, 0.6]}) == "50.0% [40.0%, 60.0%]"


def test_cooperative_figures_come_from_the_score_distribution():
    report = _cooperative_report([15, 18, 18, 22, 22])
    assert report["ci95"] == [15.275, 22.725]  # exact: 15.27501, 22.72499
    assert _figure(report) == "19.00 [15.28, 22.72]"


def test_the_gate_summary_rounds_once():
    game = SimpleNamespace(kind="zero_sum", num_players=2)
    gate = _zero_sum_report(89, 100)
    verdict = decide(game, gate)
    assert verdict["ci95"] == [0.8137, 0.9375]  # decision.json keeps the report's figures
    assert _gate_text(game, verdict, gate) == "candidate 89.0% [81.4%, 93.7%] vs threshold 50%"


def test_the_cooperative_gate_summary_rounds_once():
    game = SimpleNamespace(kind=COOPERATIVE, num_players=2)
    gate, team = _cooperative_report([15, 18, 18, 22, 22]), _cooperative_report([19, 19, 19, 19, 20])
    verdict = decide(game, gate, team)  # no paired gains: the unpaired rule
    assert _gate_text(game, verdict, gate) == "candidate mean 19.00 [15.28, 22.72] vs incumbent 19.20"
    gains = [-4.0, -1.0, -1.0, 3.0, 3.0]  # t bounds -3.72499, +3.72499: stored as -3.725, +3.725
    verdict = decide(game, gate, team, gains)
    assert verdict["gain_ci95"] == [-3.725, 3.725]
    assert _gate_text(game, verdict, gate, gains).endswith("gain +0.00 [-3.72, +3.72] per deal over 5 deals")
