"""Long matches in bounded memory: decision times as a histogram, journals read line by line and not kept."""

from __future__ import annotations

import json
import random

import pytest

from cardlab.arena.journal import MatchJournal
from cardlab.arena.match import match_identity, run_match
from cardlab.arena.stats import DecisionTimes, percentile
from cardlab.engine.registry import make_game


def test_decision_times_give_the_mean_and_p95_of_the_kept_list():
    rng = random.Random(3)
    values = [rng.lognormvariate(1.0, 1.5) for _ in range(20000)] + [0.0] * 50
    times = DecisionTimes()
    times.add(values[:7000])
    times.add(values[7000:])
    assert times.count == len(values) and times.mean() == pytest.approx(sum(values) / len(values), rel=1e-12)
    for q in (50, 95, 99, 100):
        assert times.percentile(q) == pytest.approx(percentile(values, q), rel=1e-4)
    assert times.percentile(0.1) == 0.0  # the clock's zeros come first
    assert len(times.bins) < len(values) and DecisionTimes().percentile(95) == 0.0


def test_a_journal_hands_each_earlier_game_on_once_and_keeps_only_indices(tmp_path):
    game = make_game("dominion")
    journal = tmp_path / "j.jsonl"
    first = run_match(["bigmoney", "smithy-bm"], game, 8, seed=4, journal=journal).to_json()
    with journal.open("a") as f:  # the same game twice (first one counts), then a line cut short by a kill
        f.write(journal.read_text().splitlines()[3] + "\n" + '{"index": 9, "ret')
    seen = []
    book = MatchJournal.open(journal, match_identity(game, ["bigmoney", "smithy-bm"], 4), seen.append)
    book.close()
    assert sorted(g["index"] for g in seen) == list(range(8)) and book.done == set(range(8))
    assert journal.read_text().endswith("\n")  # the cut line is gone
    again = run_match(["bigmoney", "smithy-bm"], game, 8, seed=4, journal=journal).to_json()
    assert again["wins"] == first["wins"] and again["decision_ms"]["A"]["decisions"] == \
        first["decision_ms"]["A"]["decisions"]
    ms = json.loads(journal.read_text().splitlines()[1])["ms"]["A"]
    assert all(round(x, 4) == x for x in ms)  # 0.1 us is all a journal keeps
