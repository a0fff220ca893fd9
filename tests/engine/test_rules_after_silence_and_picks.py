"""Two rules a sixth rules audit found: a Deathrattle given after a Silence runs, and "after you cast a spell"
waits for the pick of a spell that asks one (Tracking)."""

from __future__ import annotations

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.state import CHOOSE
from tests.engine.hs import make_state, minion, play


def _board(s, p: int) -> list[tuple[str, int, int]]:
    return [(m.card.name, m.attack, m.health) for m in s.players[p].board]


def test_soul_of_the_forest_on_a_silenced_minion_gives_its_treant():
    s = make_state(classes=("DRUID", "MAGE"), boards=(("Chillwind Yeti",), ()),
                   hands=(("Silence", "Soul of the Forest"), ()), mana=10)
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Silence", target=yeti)
    play(s, "Soul of the Forest")  # after the Silence: the new Deathrattle is the minion's
    mech.destroy(yeti)
    mech.resolve_deaths(s)
    assert _board(s, 0) == [("Treant", 2, 2)]


def test_ancestral_spirit_on_a_silenced_minion_brings_it_back():
    s = make_state(classes=("SHAMAN", "MAGE"), boards=(("Chillwind Yeti",), ()),
                   hands=(("Silence", "Ancestral Spirit"), ()), mana=10)
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Silence", target=yeti)
    play(s, "Ancestral Spirit", target=yeti)
    mech.destroy(yeti)
    mech.resolve_deaths(s)
    assert _board(s, 0) == [("Chillwind Yeti", 4, 5)]


def test_a_silence_after_the_enchantment_still_removes_it():
    s = make_state(classes=("DRUID", "MAGE"), boards=(("Chillwind Yeti",), ()),
                   hands=(("Soul of the Forest", "Silence"), ()), mana=10)
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Soul of the Forest")
    play(s, "Silence", target=yeti)
    mech.destroy(yeti)
    mech.resolve_deaths(s)
    assert _board(s, 0) == []


def test_wild_pyromancer_answers_tracking_after_the_pick():
    """The picked card is drawn as part of Tracking; the Pyromancer's damage (and the Acolyte's draw) come after:
    with 9 cards in hand the pick is kept and the Acolyte's draw burns."""
    deck = ["Chillwind Yeti"] * 10 + ["Fireball", "Arcane Intellect", "Frostbolt", "Flamestrike"]  # top = last
    s = make_state(classes=("HUNTER", "MAGE"), boards=(("Wild Pyromancer", "Acolyte of Pain"), ()),
                   hands=(["Tracking"] + ["Wisp"] * 9, ()))
    s.players[0].deck = [card_db().get(c) for c in deck]
    play(s, "Tracking")
    assert [c.name for c in s.pending[1]] == ["Flamestrike", "Frostbolt", "Arcane Intellect"]
    assert _board(s, 0) == [("Wild Pyromancer", 3, 2), ("Acolyte of Pain", 1, 3)]  # nothing fired yet
    s.apply((CHOOSE, 0))
    assert [c.name for c in s.players[0].hand if c.name != "Wisp"] == ["Flamestrike"]
    assert _board(s, 0) == [("Wild Pyromancer", 3, 1), ("Acolyte of Pain", 1, 2)]
