"""Cards everyone knows are in a hand stay there in every determinization (the Dominion determinize audit's
Findings 1 and 2): Treasures put into a hand in plain sight, and known hand cards across the holder's own turn."""

from __future__ import annotations

from collections import Counter

import pytest

from cardlab.engine.core import Rng
from cardlab.engine.dominion.cards import CARD_ID
from cardlab.engine.dominion.state import ACTION

from tests.dominion.positions import choose, position

C = CARD_ID
SAMPLES = 100


def dets(state, observer, n=SAMPLES):
    view = state.observation(observer)
    return [view.determinize(observer, Rng(k)) for k in range(n)]


def bad(state, observer, fact):
    """How many determinizations from `observer`'s view contradict `fact`."""
    return sum(not fact(d) for d in dets(state, observer))


def holds(p, name, k=1):
    return lambda d: d.hand[p].count(C[name]) >= k


def others(players):
    return {q: {"hand": ["Copper"] * 4 + ["Estate"], "deck": ["Copper", "Silver", "Estate", "Copper", "Copper", "Copper"],
                "discard": ["Copper", "Estate"]} for q in range(1, players)}


def finish_prompts(s):
    while s.prompt is not None:
        choose(s, "no" if s.decision().kind == "reveal" else s.decision().options[0])


def to_turn_of(s, p):
    while s.owner != p:
        choose(s, *(["all"] if s.phase == 1 else []), None)


# -- Finding 1: Treasures put into a hand in plain sight

@pytest.mark.parametrize("players", [2, 3])
def test_a_treasure_gained_to_hand_by_mine_stays_in_that_hand(players):
    s = position(["Mine", "Copper", "Estate", "Estate", "Copper"], deck=["Silver", "Gold", "Copper", "Copper", "Estate"],
                 kingdom="big-money", players=players, others=others(players))
    choose(s, "Mine", "Silver")  # trashes a Copper (the only Treasure kind), gains a Silver into the hand
    assert s.hand[0].count(C["Silver"]) == 1
    for o in range(1, players):
        assert bad(s, o, holds(0, "Silver")) == 0


@pytest.mark.parametrize("players", [2, 3])
def test_the_treasures_adventurer_revealed_stay_in_that_hand(players):
    s = position(["Adventurer", "Copper", "Estate", "Estate", "Copper"],
                 deck=["Estate", "Gold", "Duchy", "Gold", "Copper", "Gold", "Gold", "Estate"],
                 kingdom="big-money", players=players, others=others(players))
    choose(s, "Adventurer")  # reveals Estate, Gold, Duchy, Gold: both Golds into the hand
    assert s.hand[0].count(C["Gold"]) == 2
    for o in range(1, players):
        assert bad(s, o, holds(0, "Gold", 2)) == 0


@pytest.mark.parametrize("players", [2, 3])
def test_a_face_up_top_card_library_draws_stays_in_that_hand(players):
    others_ = {q: {"hand": ["Copper"] * 5, "deck": ["Copper", "Copper", "Estate", "Copper"]} for q in range(1, players)}
    s = position(["Village", "Bureaucrat", "Library", "Estate", "Estate"],
                 deck=["Copper", "Estate", "Copper", "Estate", "Copper", "Copper", "Estate"], kingdom="interaction",
                 players=players, others=others_)
    choose(s, "Village", "Bureaucrat")  # a Silver onto p0's deck, face up (p0 owns no other Silver)
    finish_prompts(s)
    choose(s, "Library")
    finish_prompts(s)
    assert C["Silver"] in s.hand[0]
    for o in range(1, players):
        assert bad(s, o, holds(0, "Silver")) == 0


@pytest.mark.parametrize("players", [2, 3])
def test_a_face_up_top_card_adventurer_reveals_stays_in_that_hand(players):
    others_ = {q: {"hand": ["Copper"] * 5, "deck": ["Copper", "Copper", "Estate", "Copper"]} for q in range(1, players)}
    s = position(["Throne Room", "Market", "Bureaucrat", "Adventurer", "Estate"],
                 deck=["Estate", "Estate", "Estate", "Copper", "Estate", "Gold", "Estate"], kingdom="big-money",
                 players=players, others=others_)
    choose(s, "Throne Room", "Market", "Bureaucrat")  # Silver face up on top of p0's deck
    finish_prompts(s)
    choose(s, "Adventurer")  # reveals the face-up Silver, an Estate, then a Copper
    assert C["Silver"] in s.hand[0] and C["Copper"] in s.hand[0]
    for o in range(1, players):
        assert bad(s, o, lambda d: C["Silver"] in d.hand[0] and C["Copper"] in d.hand[0]) == 0


@pytest.mark.parametrize("players", [2, 3])
def test_a_face_up_action_library_draws_is_the_card_it_asks_about(players):
    """Spy keeps a Militia face up; Library draws it and asks whether to set it aside: every determinization holds
    that Militia and asks about it, though p0's hidden cards hold other Actions."""
    s = position(["Village", "Spy", "Library", "Estate", "Estate"],
                 deck=["Copper", "Copper", "Militia", "Moat", "Council Room", "Village", "Copper", "Estate"],
                 kingdom="interaction", players=players, others=others(players))
    choose(s, "Village", "Spy")
    while s.prompt is not None:
        d = s.decision()
        choose(s, "keep" if d.kind == "spy" and d.target == 0 else
               "no" if d.kind == "reveal" else d.options[-1] if d.kind == "spy" else d.options[0])
    assert s.deck[0][-1] == C["Militia"] and s.top_known[0] == 1
    choose(s, "Library")
    assert s.decision().kind == "set-aside" and s.decision().options == ("Militia", None)
    for o in range(1, players):
        for d in dets(s, o):
            assert C["Militia"] in d.hand[0] and d.decision().options == ("Militia", None)
    choose(s, None)  # kept: still known to be in the hand
    finish_prompts(s)
    for o in range(1, players):
        assert bad(s, o, holds(0, "Militia")) == 0


# -- Finding 2: known hand cards stay known through the holder's own turn

def moat_revealed(players):
    oth = others(players)
    oth[1] = {"hand": ["Moat", "Militia", "Copper", "Copper", "Estate"],
              "deck": ["Silver", "Copper", "Estate", "Copper", "Copper"], "discard": ["Moat", "Copper"]}
    s = position(["Militia", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Copper", "Estate", "Silver", "Copper", "Copper", "Estate"] * 2,
                 kingdom="first-game", players=players, others=oth)
    choose(s, "Militia", "yes")  # p1 reveals its Moat
    finish_prompts(s)
    to_turn_of(s, 1)
    return s


@pytest.mark.parametrize("players", [2, 3])
def test_a_revealed_moat_stays_in_that_hand_at_the_start_of_its_owners_turn(players):
    s = moat_revealed(players)
    for o in [0] + list(range(2, players)):
        assert bad(s, o, holds(1, "Moat")) == 0


@pytest.mark.parametrize("players", [2, 3])
def test_a_revealed_moat_stays_in_that_hand_after_its_owner_plays_another_action(players):
    s = moat_revealed(players)
    choose(s, "Militia")
    while s.decision().player != 0:
        choose(s, s.decision().options[0])
    assert s.decision().kind == "discard"  # p0 decides its discards: p1's Moat is still in p1's hand
    assert bad(s, 0, holds(1, "Moat")) == 0


def bureaucrat_revealed(players):
    hand = ["Copper", "Copper", "Copper", "Silver", "Militia"]
    oth = others(players)
    oth[1] = {"hand": hand, "deck": ["Estate", "Silver", "Duchy", "Copper", "Copper", "Gold"], "discard": ["Estate", "Gold"]}
    s = position(["Bureaucrat", "Copper", "Copper", "Copper", "Copper"], deck=["Copper"] * 10, kingdom="interaction",
                 players=players, others=oth)
    choose(s, "Bureaucrat")  # p1 has no Victory card: it reveals its hand
    finish_prompts(s)
    to_turn_of(s, 1)
    return s, Counter(C[c] for c in hand)


@pytest.mark.parametrize("players", [2, 3])
def test_a_hand_revealed_to_bureaucrat_is_dealt_exactly_at_the_start_of_its_owners_turn(players):
    s, hand = bureaucrat_revealed(players)
    for o in [0] + list(range(2, players)):
        assert bad(s, o, lambda d: Counter(d.hand[1]) == hand) == 0


@pytest.mark.parametrize("players", [2, 3])
def test_the_rest_of_a_revealed_hand_stays_after_its_owner_plays_one_card(players):
    s, hand = bureaucrat_revealed(players)
    choose(s, "Militia")
    while s.decision().player != 0:
        choose(s, s.decision().options[0])
    rest = hand - Counter([C["Militia"]])
    assert bad(s, 0, lambda d: not rest - Counter(d.hand[1])) == 0


@pytest.mark.parametrize("players", [2, 3])
def test_a_face_up_card_drawn_at_clean_up_stays_in_the_hand_into_its_owners_turn(players):
    s = position(["Bureaucrat", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Estate", "Militia", "Copper", "Copper", "Estate"] + ["Copper"] * 6,
                 kingdom="interaction", players=players, others=others(players))
    choose(s, "Bureaucrat")  # Silver face up onto p0's deck, drawn at clean-up
    finish_prompts(s)
    choose(s, "all", None)
    to_turn_of(s, 0)
    assert s.phase == ACTION and C["Silver"] in s.hand[0]  # action phase: the Silver is not played yet
    for o in range(1, players):
        assert bad(s, o, holds(0, "Silver")) == 0
