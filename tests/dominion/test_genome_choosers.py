"""Extremal choosers (spec section 3) on hand-made options, the game-end estimate, and mutation invariants."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from cardlab.agents.dominion import choosers as ch
from cardlab.engine.core import Rng

FIRST_GAME = ("Cellar", "Market", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village", "Woodcutter", "Workshop")
BASE = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
COSTS = {"Copper": 0, "Silver": 3, "Gold": 6, "Estate": 2, "Duchy": 5, "Province": 8, "Curse": 0, "Cellar": 2,
         "Market": 5, "Militia": 4, "Mine": 5, "Moat": 2, "Remodel": 4, "Smithy": 4, "Village": 3, "Woodcutter": 3,
         "Workshop": 3}
UNIVERSE = sorted(BASE + FIRST_GAME)


class FakeView:
    """Owned cards and a game-end estimate, as the agent's view would give them."""

    def __init__(self, owned=None, estimate=125.0):
        self._owned = owned or {"Copper": 7, "Estate": 3}
        self._estimate = estimate

    def owned(self):
        return self._owned

    def owned_total(self):
        return sum(self._owned.values())

    def estimate(self):
        return self._estimate


V = FakeView()


def picks(fn, options, n=2000, seed=1, view=V):
    rng = Rng(seed)
    return Counter(options[fn(options, view, rng)] for _ in range(n))


def test_ranks_best_and_worst():
    c = ch.RanksChooser(("Province", "Gold", "Silver"))
    rng = Rng(0)
    assert c.best(("Silver", "Gold", None), V, rng) == 1
    assert c.best(("Estate", "Copper", None), V, rng) == 2  # none listed: no card
    assert set(picks(c.best, ("Estate", "Copper"))) == {"Estate", "Copper"}  # required: uniform
    assert set(picks(c.worst, ("Gold", "Estate", "Copper", None))) == {"Estate", "Copper"}  # unlisted first
    assert c.worst(("Gold", "Silver", None), V, rng) == 2  # all listed: no card
    assert c.worst(("Silver", "Province", "Gold"), V, rng) == 0  # required: the last listed


def test_weighted_best_and_worst():
    c = ch.WeightedChooser({"Gold": 0.75, "Silver": 0.25})
    got = picks(c.best, ("Gold", "Silver", "Estate", None), n=4000)
    assert set(got) == {"Gold", "Silver"} and abs(got["Gold"] / 4000 - 0.75) < 0.03
    assert c.best(("Estate", None), V, Rng(0)) == 1  # all zero: no card
    assert set(picks(c.best, ("Estate", "Copper"))) == {"Estate", "Copper"}  # required: uniform
    assert set(picks(c.worst, ("Gold", "Estate", "Copper", None))) == {"Estate", "Copper"}  # valued 0 first
    assert c.worst(("Gold", "Silver", None), V, Rng(0)) == 2
    got = picks(c.worst, ("Gold", "Silver"), n=4000)  # inverted values: 1/0.75 : 1/0.25
    assert abs(got["Silver"] / 4000 - 0.75) < 0.03


def test_ratios_demand():
    c = ch.RatiosChooser({"Silver": 0.4, "Gold": 0.2, "Copper": 0.4})
    view = FakeView({"Copper": 7, "Estate": 3, "Silver": 1})  # m = 11: demands Silver 3.4, Gold 2.2, Copper -2.6
    rng = Rng(0)
    assert c.best(("Gold", "Silver", None), view, rng) == 1
    assert c.best(("Estate", None), view, rng) == 1  # demand 0 - 3 < no card's 0
    assert c.best(("Estate", "Curse"), view, rng) == 1  # required: Curse 0 > Estate -3
    assert c.worst(("Copper", "Estate", None), view, rng) == 1  # Estate -3 < Copper -2.6
    assert c.worst(("Silver", "Gold", None), view, rng) == 2  # nothing over-represented: no card
    assert c.worst(("Silver", "Gold"), view, rng) == 1
    assert ch.RatiosChooser({}).best(("Silver", "Gold", None), V, rng) == 2  # empty: never buys


def test_random_includes_no_card():
    assert set(picks(ch.RandomChooser().best, ("Gold", None))) == {"Gold", None}


def test_seasonal_switches_on_the_estimate():
    c = ch.SeasonalChooser(((100.0, ch.RanksChooser(("Gold",))), (0.0, ch.RanksChooser(("Province",)))))
    options = ("Gold", "Province", None)
    assert c.best(options, FakeView(estimate=125), Rng(0)) == 0
    assert c.best(options, FakeView(estimate=100), Rng(0)) == 0
    assert c.best(options, FakeView(estimate=97.5), Rng(0)) == 1


def supply(**changes):
    counts = {"Copper": 46, "Silver": 40, "Gold": 30, "Estate": 8, "Duchy": 8, "Province": 8, "Curse": 10}
    counts.update({card: 10 for card in FIRST_GAME})
    counts.update(changes)
    return counts


def test_game_end_estimate():
    assert ch.game_end_estimate(supply(Province=5), COSTS) == 100  # the source's threshold
    assert ch.game_end_estimate(supply(), COSTS) == 115  # Curse 10 + Estate 16 + Cellar 20 coins < 64
    assert ch.game_end_estimate(supply(Curse=0, Estate=0, Cellar=1), COSTS) == 5  # three piles nearly gone
    assert ch.game_end_estimate(supply(Province=0), COSTS) == 0


def test_ratios_mutation_invariants_and_add_probability():
    rng = Rng(5)
    ratios: dict[str, float] = {}
    for _ in range(300):
        ratios = ch.mutate_ratios(ratios, UNIVERSE, rng)
        assert all(0 < v <= 1 for v in ratios.values()) and set(ratios) <= set(UNIVERSE)
        assert not ratios or math.isclose(sum(ratios.values()), 1.0)
    four = dict.fromkeys(UNIVERSE[:4], 0.25)
    sizes = Counter(len(ch.mutate_ratios(four, UNIVERSE, rng)) for _ in range(4000))
    # half the time values change; otherwise add with e^(-ln2/4 * 4) = 1/2
    assert abs(sizes[4] / 4000 - 0.5) < 0.03 and abs(sizes[5] / 4000 - 0.25) < 0.03
    assert abs(sizes[3] / 4000 - 0.25) < 0.03
    assert Counter(len(ch.mutate_ratios({}, UNIVERSE, rng)) for _ in range(400))[1] > 150  # m = 0: always add
    full = dict.fromkeys(UNIVERSE, 1 / len(UNIVERSE))
    assert {len(ch.mutate_ratios(full, UNIVERSE, rng)) for _ in range(200)} == {len(UNIVERSE), len(UNIVERSE) - 1}
    p8 = math.exp(-math.log(2) / 4 * 8)
    eight = dict.fromkeys(UNIVERSE[:8], 1 / 8)
    sizes = Counter(len(ch.mutate_ratios(eight, UNIVERSE, rng)) for _ in range(4000))
    assert abs(sizes[9] / 4000 - 0.5 * p8) < 0.03


def test_ranks_mutation_invariants():
    rng = Rng(9)
    ranks: tuple[str, ...] = ()
    for _ in range(300):
        before = ranks
        ranks = ch.mutate_ranks(ranks, UNIVERSE, rng)
        assert len(set(ranks)) == len(ranks) and set(ranks) <= set(UNIVERSE)
        assert abs(len(ranks) - len(before)) <= 1
        if len(ranks) == len(before):
            assert sorted(ranks) == sorted(before)  # a jitter only reorders
    base = tuple(UNIVERSE[:6])
    moved = sum(ch.mutate_ranks(base, UNIVERSE, rng) != base for _ in range(400))
    assert 150 < moved < 400  # set changes always differ; a jitter sometimes keeps the order
    grown = [r for r in (ch.mutate_ranks(("A", "B"), ["A", "B", "C"], rng) for _ in range(600)) if len(r) == 3]
    assert set(r.index("C") for r in grown) == {0, 1, 2}  # a new card goes to a random position
