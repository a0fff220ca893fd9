"""Attacks and Moat: other players decide mid-turn while the turn owner stays the same."""

from __future__ import annotations

from cardlab.engine.dominion.cards import CARD_ID

from tests.dominion.positions import choose, names, position

C = CARD_ID


def test_militia_against_moat_revealed():
    s = position(["Militia"], others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Silver"]}})
    choose(s, "Militia")
    d = s.decision()
    assert (d.kind, d.player, d.card, d.options) == ("reveal", 1, "Militia", ("yes", "no"))
    assert s.turn_owner == 0 and s.current_player == 1
    choose(s, "yes")
    assert len(s.hand[1]) == 5 and s.current_player == 0 and s.coins == 2


def test_militia_against_moat_not_revealed():
    s = position(["Militia"], others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Silver"]}})
    choose(s, "Militia", "no")
    assert s.decision().kind == "discard"
    choose(s, "Estate", "Moat")
    assert names(s.hand[1]) == ["Copper", "Copper", "Silver"]


def test_no_reveal_prompt_without_moat():
    s = position(["Militia"], others={1: {"hand": ["Copper"] * 5}})
    choose(s, "Militia")  # the victim's discards are all Coppers: one option, made unasked
    assert s.current_player == 0 and len(s.hand[1]) == 3


def test_moat_protects_only_its_holder_in_three_players():
    s = position(["Witch"], kingdom="size-distortion", players=3,
                 others={1: {"hand": ["Moat"]}, 2: {"hand": ["Moat"]}})
    choose(s, "Witch")
    assert s.decision().player == 1
    choose(s, "yes")
    assert s.decision().player == 2
    choose(s, "no")
    assert s.disc[1] == () and names(s.disc[2]) == ["Curse"]


def test_throne_room_militia_asks_moat_twice():
    s = position(["Throne Room", "Militia"], kingdom="Throne Room,Militia,Moat,Smithy,Village,Cellar,Market,Mine,"
                 "Remodel,Workshop", others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Silver"]}})
    choose(s, "Throne Room", "yes")
    assert s.decision().kind == "reveal"
    choose(s, "no", "Estate", "Copper")
    assert s.coins == 4 and names(s.hand[1]) == ["Copper", "Moat", "Silver"]


def test_spy_skips_a_moated_player_but_not_the_owner():
    s = position(["Spy"], deck=["Copper", "Estate"], kingdom="interaction",
                 others={1: {"hand": ["Moat"], "deck": ["Gold"]}})
    choose(s, "Spy", "yes")
    d = s.decision()
    assert (d.kind, d.target) == ("spy", 0)
    choose(s, "keep")
    assert s.current_player == 0 and s.prompt is None and s.deck[1] == (C["Gold"],)


def test_thief_two_victims_and_non_treasures_discarded():
    s = position(["Thief"], kingdom="interaction", players=3,
                 others={1: {"deck": ["Estate", "Village"]}, 2: {"deck": ["Silver", "Copper"]}})
    choose(s, "Thief")
    assert names(s.disc[1]) == ["Estate", "Village"]
    d = s.decision()
    assert (d.kind, d.target, d.options) == ("thief-trash", 2, ("Copper", "Silver"))
    choose(s, "Silver", "Silver")
    assert names(s.disc[2]) == ["Copper"] and names(s.disc[0]) == ["Silver"]


def test_thief_asks_about_gains_after_every_victim_revealed():
    # FAQ: each other player reveals and trashes, "then you gain any of the trashed cards that you want"
    s = position(["Thief"], kingdom="interaction", players=3,
                 others={1: {"deck": ["Gold", "Estate"]}, 2: {"deck": ["Silver", "Silver"]}})
    choose(s, "Thief")
    assert names(s.trash) == ["Gold", "Silver"] and s.deck[2] == ()  # both victims done before any gain
    d = s.decision()
    assert (d.kind, d.target, d.options) == ("thief-gain", 1, ("Gold", None))
    choose(s, None)
    d = s.decision()
    assert (d.kind, d.target, d.options) == ("thief-gain", 2, ("Silver", None))
    choose(s, "Silver")
    assert names(s.trash) == ["Gold"] and names(s.disc[0]) == ["Silver"]


def test_bureaucrat_single_victory_card_is_topdecked_unasked():
    s = position(["Bureaucrat"], kingdom="big-money", others={1: {"hand": ["Estate", "Estate", "Copper"]}})
    choose(s, "Bureaucrat")
    assert s.current_player == 0 and s.deck[1] == (C["Estate"],) and names(s.hand[1]) == ["Copper", "Estate"]
