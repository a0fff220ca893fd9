"""Baselines of spec section 2: their rules and legality everywhere (speed: benchmarks/dominion_bench.py)."""

from __future__ import annotations

import pytest

from cardlab.agents.registry import available, make_agent
from cardlab.arena.play import play_game
from cardlab.engine.dominion.cards import CARD_ID
from cardlab.engine.dominion.decision import ALL, NONE

from tests.dominion.positions import choose, position

C = CARD_ID


def _agent(name):
    a = make_agent(name, seed=1, game="dominion")
    a.reset(0, 1)
    return a


def test_registered():
    assert {"random", "bigmoney", "greedy", "smithy-bm"} <= set(available("dominion"))


@pytest.mark.parametrize("coins,provinces,expected", [
    (8, 8, "Province"), (7, 8, "Gold"), (5, 8, "Silver"), (5, 5, "Duchy"), (2, 2, "Estate"), (2, 3, None),
    (3, 8, "Silver"), (6, 6, "Gold"), (6, 5, "Duchy"), (8, 1, "Province")])
def test_bigmoney_buys(coins, provinces, expected):
    s = position(["Copper"], supply={"Province": provinces})
    choose(s, "all")
    s.coins = coins
    a = _agent("bigmoney").act(s.observation(0))
    assert a == (NONE if expected is None else C[expected])


def test_bigmoney_plays_all_treasures_and_no_actions():
    s = position(["Smithy", "Copper", "Silver"])
    bm = _agent("bigmoney")
    assert bm.act(s.observation(0)) == NONE
    s.apply(NONE)
    assert bm.act(s.observation(0)) == ALL


def test_bigmoney_discards_lowest_money_first():
    s = position(["Militia"], others={1: {"hand": ["Gold", "Silver", "Copper", "Estate", "Smithy"]}})
    choose(s, "Militia")
    bm = _agent("bigmoney")
    picks = []
    while s.current_player == 1:
        a = bm.act(s.observation(1))
        picks.append(a)
        s.apply(a)
    assert picks == [C["Estate"], C["Smithy"]]


def test_bigmoney_reveals_moat():
    s = position(["Militia"], others={1: {"hand": ["Moat", "Copper", "Copper", "Copper", "Copper"]}})
    choose(s, "Militia")
    assert s.decision().kind == "reveal"
    assert _agent("bigmoney").act(s.observation(1)) == s.legal_actions()[s.decision().options.index("yes")]


def test_smithy_bm_buys_and_plays_smithy():
    s = position(["Smithy", "Copper", "Copper", "Silver"], deck=["Copper"] * 3)
    sm = _agent("smithy-bm")
    assert sm.act(s.observation(0)) == C["Smithy"]
    s.owned[C["Smithy"]] = 0
    choose(s, "Smithy", "all")
    s.coins = 4
    assert sm.act(s.observation(0)) == C["Smithy"]  # 0 Smithies < 9 treasures / 11
    s.owned[C["Smithy"]] = 1
    assert sm.act(s.observation(0)) == C["Silver"]  # 1 Smithy is not < 9 / 11


@pytest.mark.parametrize("spec, rule", [("bigmoney", "Province"), ("extremal:genome=dominion-srr-margin", None)])
def test_explore_buys_off_rule_sometimes_and_only_legal_cards(spec, rule):
    s = position(["Copper"])
    choose(s, "all")
    s.coins = 8
    legal = set(s.legal_actions())
    plain = make_agent(spec, game="dominion")
    plain.reset(0, 0)
    rule = C[rule] if rule else plain.act(s.observation(0))
    assert all(plain.act(s.observation(0)) == rule for _ in range(20))
    picks = []
    for seed in range(400):
        a = make_agent(f"{spec},explore=0.5" if ":" in spec else f"{spec}:explore=0.5", seed=seed, game="dominion")
        a.reset(0, seed)
        picks.append(a.act(s.observation(0)))
    assert set(picks) <= legal
    off_rule = sum(p != rule for p in picks)
    assert 100 < off_rule < 300  # about half explore, and most explorations pick another of the ~17 buys
    assert "explore=0.5" in a.spec() and "explore" not in plain.spec()


@pytest.mark.parametrize("value", ["-0.1", "1.5"])
def test_explore_out_of_range_is_a_clear_error(value):
    from cardlab.runtime import UserError
    with pytest.raises(UserError, match="explore must be in"):
        make_agent(f"smithy-bm:explore={value}", game="dominion")


def test_greedy_buys_most_expensive_and_avoids_copper_curse():
    s = position(["Copper"])
    choose(s, "all")
    g = _agent("greedy")
    s.coins, s._legal = 5, None
    assert s.legal_actions()[0] == C["Copper"]
    assert g.act(s.observation(0)) in (C["Duchy"], C["Market"], C["Mine"])
    s.coins, s._legal = 1, None
    assert g.act(s.observation(0)) == NONE


def test_greedy_trashes_curses_first_then_cheapest():
    s = position(["Chapel", "Silver", "Curse", "Estate", "Copper"], kingdom="big-money")
    g = _agent("greedy")
    s.apply(C["Chapel"])
    picks = []
    while s.prompt is not None:
        a = g.act(s.observation(0))
        picks.append(a)
        s.apply(a)
    assert picks[:3] == [C["Curse"], C["Copper"], C["Estate"]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_baseline_plays_legal_games_on_random_kingdoms(players):
    specs = ["random", "bigmoney", "greedy", "smithy-bm"][:players]
    for i in range(4):
        r = play_game(f"dominion:kingdom=random,players={players}", specs, seed=3, index=i)
        assert r.ok, r.error


def test_extremal_explore_out_of_range_is_a_clear_error():
    from cardlab.runtime import UserError
    with pytest.raises(UserError, match="explore must be in"):
        make_agent("extremal:genome=dominion-srr-margin,explore=2", game="dominion")


def test_explore_is_named_in_the_baselines_spec():
    assert make_agent("smithy-bm:explore=0.15", game="dominion").spec() == "smithy-bm:explore=0.15"
    assert make_agent("bigmoney", game="dominion").spec() == "bigmoney"
