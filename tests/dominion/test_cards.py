"""Every kingdom card: play it from a hand-built position and check its effect on the zones, supply and coins."""

from __future__ import annotations

from cardlab.engine.dominion.cards import CARD_ID, CARDS, KINGDOM_CARDS
from cardlab.engine.dominion.state import BUY, TREASURE

from tests.dominion.positions import choose, count, names, position

C = CARD_ID


def test_every_kingdom_card_is_tested_here():
    source = open(__file__).read()
    assert len(KINGDOM_CARDS) == 25
    for name in KINGDOM_CARDS:
        assert f"def test_{name.lower().replace(' ', '_')}" in source, name


def test_table_costs_and_types():
    assert CARDS["Province"].cost == 8 and "victory" in CARDS["Province"].types
    assert CARDS["Witch"].types == frozenset({"action", "attack"})
    assert CARDS["Moat"].types == frozenset({"action", "reaction"})
    assert CARDS["Gold"].coins == 3 and CARDS["Curse"].vp == -1
    assert [CARDS[n].cost for n in ("Cellar", "Village", "Smithy", "Market", "Adventurer")] == [2, 3, 4, 5, 6]


def test_adventurer():
    s = position(["Adventurer", "Estate"], deck=["Estate", "Copper", "Smithy", "Silver", "Gold"],
                 kingdom="big-money")
    choose(s, "Adventurer")
    assert names(s.hand[0]) == ["Copper", "Estate", "Silver"]
    assert names(s.disc[0]) == ["Estate", "Smithy"]
    assert names(s.deck[0]) == ["Gold"]


def test_adventurer_shuffles_and_stops_when_out_of_cards():
    s = position(["Adventurer"], deck=["Estate"], discard=["Copper", "Estate"], kingdom="big-money")
    choose(s, "Adventurer")
    assert names(s.hand[0]) == ["Copper"]
    assert names(s.disc[0]) == ["Estate", "Estate"] and s.deck[0] == ()


def test_bureaucrat():
    s = position(["Bureaucrat"], others={1: {"hand": ["Estate", "Duchy", "Copper", "Copper", "Copper"]}},
                 kingdom="big-money")
    supply = s.supply[C["Silver"]]
    choose(s, "Bureaucrat")
    assert s.deck[0][-1] == C["Silver"] and s.supply[C["Silver"]] == supply - 1 and s.top_known[0] == 1
    d = s.decision()
    assert (d.kind, d.player, d.card, d.options) == ("topdeck", 1, "Bureaucrat", ("Estate", "Duchy"))
    choose(s, "Duchy")
    assert s.deck[1][-1] == C["Duchy"] and count(s, 1, "hand", "Duchy") == 0
    assert s.current_player == 0


def test_bureaucrat_victim_without_victory_reveals_hand():
    s = position(["Bureaucrat"], others={1: {"hand": ["Copper"] * 5}}, kingdom="big-money")
    choose(s, "Bureaucrat")
    assert s.current_player == 0 and s.hand[1] == (C["Copper"],) * 5 and s.deck[1] == ()


def test_cellar():
    s = position(["Cellar", "Estate", "Estate", "Copper"], deck=["Gold", "Silver", "Copper"])
    choose(s, "Cellar")
    assert s.actions == 1
    d = s.decision()
    assert d.kind == "discard" and d.options == ("Copper", "Estate", None)
    choose(s, "Estate", "Estate", None)
    assert names(s.hand[0]) == ["Copper", "Gold", "Silver"]
    assert names(s.disc[0]) == ["Estate", "Estate"]


def test_chancellor():
    s = position(["Chancellor"], deck=["Gold", "Silver"], kingdom="big-money")
    choose(s, "Chancellor")
    d = s.decision()
    assert d.kind == "chancellor" and d.options == ("yes", "no")
    choose(s, "yes")
    assert s.deck[0] == () and names(s.disc[0]) == ["Gold", "Silver"] and s.coins == 2


def test_chapel():
    s = position(["Chapel", "Curse", "Estate", "Copper", "Copper", "Silver"], kingdom="big-money")
    choose(s, "Chapel", "Curse", "Estate", "Copper", "Copper")
    assert names(s.trash) == ["Copper", "Copper", "Curse", "Estate"]
    assert names(s.hand[0]) == ["Silver"] and s.decision().kind == "treasure"  # the 4th trash ends the prompt
    assert s.owned_counts(0).get("Copper", 0) == 0


def test_chapel_may_stop_early():
    s = position(["Chapel", "Estate", "Copper"], kingdom="big-money")
    choose(s, "Chapel", "Estate", None)
    assert names(s.trash) == ["Estate"] and names(s.hand[0]) == ["Copper"]


def test_council_room():
    s = position(["Council Room"], deck=["Copper"] * 5, others={1: {"deck": ["Gold"]}}, kingdom="interaction")
    choose(s, "Council Room")
    assert len(s.hand[0]) == 4 and s.buys == 2
    assert count(s, 1, "hand", "Gold") == 1 and len(s.hand[1]) == 6


def test_feast():
    s = position(["Feast"], kingdom="big-money")
    choose(s, "Feast")
    d = s.decision()
    assert d.kind == "gain" and d.card == "Feast" and "Duchy" in d.options and "Gold" not in d.options
    choose(s, "Laboratory")
    assert names(s.trash) == ["Feast"] and names(s.disc[0]) == ["Laboratory"] and s.play == ()
    assert s.owned_counts(0).get("Feast", 0) == 0


def test_festival():
    s = position(["Festival"], kingdom="interaction")
    choose(s, "Festival")
    assert (s.actions, s.buys, s.coins) == (2, 2, 2)


def test_gardens():
    s = position(["Gardens", "Copper"], deck=["Copper"] * 37, kingdom="size-distortion")
    assert s.victory_points(0) == 3  # 39 cards
    s.owned[0 * len(CARDS) + C["Copper"]] += 1
    assert s.victory_points(0) == 4  # 40 cards
    assert s.supply[C["Gardens"]] == 8


def test_laboratory():
    s = position(["Laboratory"], deck=["Silver", "Gold"], kingdom="big-money")
    choose(s, "Laboratory")
    assert names(s.hand[0]) == ["Gold", "Silver"] and s.actions == 1


def test_library():
    s = position(["Library", "Copper", "Copper"],
                 deck=["Smithy", "Silver", "Village", "Copper", "Gold", "Gold", "Gold"],
                 kingdom="interaction")
    choose(s, "Library")
    d = s.decision()
    assert (d.kind, d.card, d.options) == ("set-aside", "Library", ("Smithy", None))
    choose(s, "Smithy")
    assert s.aside[0] == (C["Smithy"],)
    choose(s, None)  # keep the Village
    assert len(s.hand[0]) == 7 and names(s.hand[0]).count("Village") == 1
    assert names(s.disc[0]) == ["Smithy"] and s.aside[0] == ()
    assert names(s.deck[0]) == ["Gold"]


def test_library_skips_actions_when_set_aside():
    s = position(["Library"], deck=["Village"] * 3 + ["Copper"] * 7, kingdom="interaction")
    choose(s, "Library", "Village", "Village", "Village")
    assert names(s.hand[0]) == ["Copper"] * 7 and names(s.disc[0]) == ["Village"] * 3


def test_market():
    s = position(["Market"], deck=["Gold"])
    choose(s, "Market")
    assert (s.actions, s.buys, s.coins) == (1, 2, 1) and names(s.hand[0]) == ["Gold"]


def test_militia():
    s = position(["Militia"], others={1: {"hand": ["Copper", "Copper", "Silver", "Estate", "Gold"]}})
    choose(s, "Militia")
    assert s.coins == 2
    d = s.decision()
    assert (d.kind, d.player, d.card) == ("discard", 1, "Militia") and None not in d.options
    assert s.turn_owner == 0 and s.current_player == 1
    choose(s, "Estate", "Copper")
    assert names(s.hand[1]) == ["Copper", "Gold", "Silver"] and names(s.disc[1]) == ["Copper", "Estate"]
    assert s.current_player == 0


def test_mine():
    s = position(["Mine", "Copper", "Silver", "Estate"])
    choose(s, "Mine")
    d = s.decision()
    assert d.kind == "trash" and d.options == ("Copper", "Silver")  # required: no None (first edition)
    choose(s, "Copper")
    d = s.decision()
    assert d.kind == "gain" and d.options == ("Copper", "Silver")
    choose(s, "Silver")
    assert names(s.hand[0]) == ["Estate", "Silver", "Silver"] and names(s.trash) == ["Copper"]


def test_mine_silver_to_gold():
    s = position(["Mine", "Silver"])
    choose(s, "Mine", "Gold")  # one treasure: trashed without asking
    assert names(s.hand[0]) == ["Gold"] and names(s.trash) == ["Silver"]


def test_moat():
    s = position(["Moat"], deck=["Silver", "Gold"])
    choose(s, "Moat")
    assert names(s.hand[0]) == ["Gold", "Silver"]


def test_moneylender():
    s = position(["Moneylender", "Copper", "Copper", "Estate"], kingdom="big-money")
    choose(s, "Moneylender")  # the one possible Copper is trashed without a prompt
    assert s.coins == 3 and names(s.trash) == ["Copper"] and names(s.hand[0]) == ["Copper", "Estate"]


def test_moneylender_without_copper():
    s = position(["Moneylender", "Estate"], kingdom="big-money")
    choose(s, "Moneylender")
    assert s.coins == 0 and s.trash == ()


def test_remodel():
    s = position(["Remodel", "Estate", "Gold"])
    choose(s, "Remodel", "Estate")
    d = s.decision()
    assert d.kind == "gain" and "Smithy" in d.options and "Market" not in d.options
    choose(s, "Smithy")
    assert names(s.trash) == ["Estate"] and names(s.disc[0]) == ["Smithy"] and names(s.hand[0]) == ["Gold"]


def test_smithy():
    s = position(["Smithy"], deck=["Copper", "Silver", "Gold", "Estate"])
    choose(s, "Smithy")
    assert names(s.hand[0]) == ["Copper", "Gold", "Silver"] and s.actions == 0


def test_spy():
    s = position(["Spy"], deck=["Copper", "Estate"], others={1: {"deck": ["Gold", "Copper"]}},
                 kingdom="interaction")
    choose(s, "Spy")
    assert names(s.hand[0]) == ["Copper"] and s.actions == 1
    d = s.decision()
    assert (d.kind, d.player, d.card, d.target, d.options) == ("spy", 0, "Estate", 0, ("discard", "keep"))
    choose(s, "discard")
    d = s.decision()
    assert (d.card, d.target) == ("Gold", 1)
    choose(s, "discard")
    assert names(s.disc[0]) == ["Estate"] and names(s.disc[1]) == ["Gold"] and names(s.deck[1]) == ["Copper"]


def test_spy_keep_leaves_a_known_top_card():
    s = position(["Spy"], deck=["Copper", "Estate"], others={1: {"deck": ["Gold", "Copper"]}},
                 kingdom="interaction")
    choose(s, "Spy", "keep", "keep")
    assert s.deck[1][-1] == C["Gold"] and s.top_known[1] == 1
    assert s.observation(0).deck[1][-1] == C["Gold"]


def test_thief():
    s = position(["Thief"], others={1: {"deck": ["Gold", "Estate", "Copper"]}}, kingdom="interaction")
    choose(s, "Thief")
    d = s.decision()
    assert (d.kind, d.options) == ("thief-gain", ("Gold", None))  # one treasure revealed: trashed unasked
    choose(s, "Gold")
    assert names(s.disc[0]) == ["Gold"] and names(s.disc[1]) == ["Estate"] and s.trash == ()
    assert s.owned_counts(1).get("Gold", 0) == 0 and s.owned_counts(0)["Gold"] == 1


def test_thief_choice_and_no_gain():
    s = position(["Thief"], others={1: {"deck": ["Silver", "Gold"]}}, kingdom="interaction")
    choose(s, "Thief")
    d = s.decision()
    assert (d.kind, d.player, d.target, d.options) == ("thief-trash", 0, 1, ("Silver", "Gold"))
    choose(s, "Silver", None)
    assert names(s.trash) == ["Silver"] and names(s.disc[1]) == ["Gold"]


def test_throne_room():
    s = position(["Throne Room", "Smithy", "Copper"], deck=["Copper"] * 6, kingdom="village-square")
    choose(s, "Throne Room")  # one Action in hand: chosen unasked
    assert len(s.hand[0]) == 7 and names(s.play) == ["Smithy", "Throne Room"]


def test_throne_room_on_feast_trashes_once_gains_twice():
    s = position(["Throne Room", "Feast", "Village"], kingdom="big-money")
    choose(s, "Throne Room")
    d = s.decision()
    assert d.kind == "throne" and d.options == ("Feast", "Village")
    choose(s, "Feast", "Laboratory", "Market")
    assert names(s.trash) == ["Feast"] and names(s.disc[0]) == ["Laboratory", "Market"]
    assert names(s.play) == ["Throne Room"]


def test_village():
    s = position(["Village"], deck=["Gold"])
    choose(s, "Village")
    assert s.actions == 2 and names(s.hand[0]) == ["Gold"]


def test_witch():
    s = position(["Witch"], deck=["Copper", "Copper"], kingdom="size-distortion", players=3)
    curses = s.supply[C["Curse"]]
    choose(s, "Witch")
    assert len(s.hand[0]) == 2
    assert names(s.disc[1]) == ["Curse"] and names(s.disc[2]) == ["Curse"]
    assert s.supply[C["Curse"]] == curses - 2 and s.victory_points(1) == -1


def test_witch_with_curse_pile_empty():
    s = position(["Witch"], kingdom="size-distortion", supply={"Curse": 1}, players=3)
    choose(s, "Witch")
    assert names(s.disc[1]) == ["Curse"] and s.disc[2] == ()  # turn order: player 1 got the last one
    assert s.supply[C["Curse"]] == 0 and s.empty_piles == 1


def test_woodcutter():
    s = position(["Woodcutter", "Copper"])
    choose(s, "Woodcutter")
    assert (s.buys, s.coins) == (2, 2) and s.phase == TREASURE


def test_workshop():
    s = position(["Workshop"])
    choose(s, "Workshop")
    d = s.decision()
    assert d.kind == "gain" and "Smithy" in d.options and "Market" not in d.options and "Province" not in d.options
    choose(s, "Silver")
    assert names(s.disc[0]) == ["Silver"] and s.phase == BUY
