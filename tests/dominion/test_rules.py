"""Setup, turn flow, end conditions, scoring and specs."""

from __future__ import annotations

import pytest

from cardlab.engine.dominion.cards import CARD_ID, KINGDOMS, NUM_CARDS
from cardlab.engine.dominion.decision import ALL, NONE
from cardlab.engine.dominion.state import ACTION, BUY, TREASURE, DominionState
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError

from tests.dominion.positions import choose, names, position

C = CARD_ID


@pytest.mark.parametrize("players,copper,victory,curse", [(2, 46, 8, 10), (3, 39, 12, 20), (4, 32, 12, 30)])
def test_supply_sizes(players, copper, victory, curse):
    s = make_game(f"dominion:kingdom=size-distortion,players={players}").new_initial_state(1)
    sc = s.supply_counts()
    assert (sc["Copper"], sc["Silver"], sc["Gold"]) == (copper, 40, 30)
    assert sc["Estate"] == sc["Duchy"] == sc["Province"] == sc["Gardens"] == victory
    assert sc["Curse"] == curse and sc["Witch"] == 10 and len(sc) == 17


def test_start_decks_and_first_decision():
    s = make_game("dominion:kingdom=first-game").new_initial_state(7)
    for p in range(2):
        assert s.owned_counts(p) == {"Copper": 7, "Estate": 3}
        assert len(s.hand[p]) == 5 and len(s.deck[p]) == 5
        assert s.victory_points(p) == 3
    assert s.turn_owner == 0 and s.turn_number == 1 and s.turns_taken(0) == 1 and s.turns_taken(1) == 0
    d = s.decision()
    assert d.kind == "treasure" and d.options[-2:] == (None, "all")  # no Action card: no action phase
    assert s.kingdom == tuple(sorted(KINGDOMS["first-game"], key=C.__getitem__))


def test_turn_flow_buy_and_cleanup():
    s = position(["Copper", "Copper", "Silver", "Estate", "Estate"], deck=["Copper"] * 5)
    assert s.phase == TREASURE
    choose(s, "Silver")
    assert s.coins == 2 and s.phase == TREASURE
    choose(s, "all")
    assert s.coins == 4 and s.phase == BUY and s.decision().options[-1] is None
    assert "Smithy" in s.decision().options and "Gold" not in s.decision().options
    choose(s, "Smithy")  # the last buy ends the turn
    assert s.turn_owner == 1 and s.turn_number == 2
    assert names(s.hand[0]) == ["Copper"] * 5
    assert sorted(names(s.disc[0])) == sorted(["Copper", "Copper", "Silver", "Estate", "Estate", "Smithy"])
    assert s.gains_prev[1] == () and s.gains_now[0] == (C["Smithy"],)


def test_two_buys():
    s = position(["Woodcutter", "Silver", "Silver"])
    choose(s, "Woodcutter", "all", "Silver")
    assert s.turn_owner == 0 and s.buys == 1 and s.coins == 3
    choose(s, "Silver")
    assert s.turn_owner == 1


def test_action_phase_ends_without_actions():
    s = position(["Smithy", "Smithy", "Copper"], deck=["Estate"] * 3)
    choose(s, "Smithy")
    assert s.phase == TREASURE  # no action left: the second Smithy cannot be played


def test_illegal_actions_raise():
    s = position(["Copper", "Estate"])
    with pytest.raises(ValueError):
        s.apply(C["Gold"])
    with pytest.raises(ValueError):
        s.apply(999)
    s.apply(ALL)
    with pytest.raises(ValueError):
        s.apply(C["Province"])  # unaffordable


def _finish(s: DominionState) -> DominionState:
    while not s.is_terminal():
        s.apply(NONE if NONE in s.legal_actions() else s.legal_actions()[0])
    return s


def test_game_ends_when_provinces_run_out_after_the_turn():
    s = position(["Gold", "Gold", "Silver"], supply={"Province": 1})
    choose(s, "all", "Province")
    assert s.is_terminal() and s.current_player == -1 and s.legal_actions() == []
    assert s.returns() == [1.0, -1.0]


def test_game_ends_on_three_empty_piles():
    s = position(["Copper", "Copper"], supply={"Cellar": 0, "Moat": 0, "Estate": 1})
    assert not s.is_terminal()
    choose(s, "all", "Estate")
    assert s.is_terminal()


def test_tie_goes_to_fewer_turns():
    s = position(["Gold", "Gold", "Silver"], supply={"Province": 1},
                 others={1: {"hand": ["Province"], "deck": ["Estate"] * 3}})
    s.owned[0 * NUM_CARDS + C["Estate"]] += 3  # player 0: 6 + 3 Estates = 9; player 1: 6 + 3 = 9
    s.disc[0] = (C["Estate"],) * 3
    s.turns = (2, 1)
    choose(s, "all", "Province")
    assert s.victory_points(0) == s.victory_points(1)
    assert s.winners() == [1] and s.returns() == [-1.0, 1.0]


def test_shared_tie_is_a_draw_with_equal_turns():
    s = position(["Gold", "Gold", "Silver"], supply={"Province": 1}, others={1: {"hand": ["Province"]}})
    s.turns = (2, 2)
    choose(s, "all", "Province")
    assert s.winners() == [0, 1] and s.returns() == [0.0, 0.0]


def test_three_players_shared_win_is_zero_sum():
    s = position(["Gold", "Gold", "Silver"], supply={"Province": 1}, players=3,
                 others={1: {"hand": ["Province"]}, 2: {"hand": ["Copper"]}})
    s.turns = (2, 2, 1)
    choose(s, "all", "Province")
    assert s.winners() == [0, 1] and s.returns() == [0.5, 0.5, -1.0]


def test_max_turns_cap_ends_the_game():
    g = make_game("dominion:kingdom=first-game,max_turns=3")
    s = _finish(g.new_initial_state(3))  # nobody buys anything
    assert s.turn_number == 6 and s.turns_taken(0) == s.turns_taken(1) == 3
    assert s.returns() == [0.0, 0.0]


def test_same_seed_same_game_and_clone_continues_identically():
    from cardlab.agents.registry import make_agent

    g = make_game("dominion:kingdom=interaction,players=3")
    runs = []
    for _ in range(2):
        s = g.new_initial_state(11)
        agents = [make_agent("random", seed=i, game="dominion") for i in range(3)]
        trace = []
        while not s.is_terminal():
            a = agents[s.current_player].act(s.observation(s.current_player))
            trace.append(a)
            s.apply(a)
            if len(trace) == 40:
                c = s.clone()
        runs.append((trace, s.to_dict()))
    assert runs[0] == runs[1]
    for a in runs[0][0][40:]:
        c.apply(a)
    assert c.to_dict() == runs[0][1]


def test_to_dict_round_trip_mid_prompt():
    s = position(["Cellar", "Estate", "Copper"], deck=["Gold"])
    choose(s, "Cellar", "Estate")
    t = DominionState.from_dict(s.to_dict())
    assert t == s and t.decision() == s.decision()
    choose(t, None)
    choose(s, None)
    assert t == s


def test_random_kingdom_follows_the_seed():
    g = make_game("dominion:kingdom=random")
    a, b, c = (g.new_initial_state(seed).kingdom for seed in (5, 5, 6))
    assert a == b and len(set(a)) == 10 and a != c


def test_explicit_kingdom_and_spec():
    g = make_game("dominion:kingdom=smithy,village,MARKET,cellar,throne-room,witch,moat,mine,chapel,spy,players=3")
    assert g.num_players == 3 and "Throne Room" in g.kingdom
    assert g.spec.startswith("dominion:kingdom=") and make_game(g.spec).kingdom == g.kingdom
    assert make_game("dominion:kingdom=first-game").spec == "dominion:kingdom=first-game,players=2"


@pytest.mark.parametrize("spec,message", [
    ("dominion:kingdom=Smithy,Foo", "unknown kingdom card 'Foo'"),
    ("dominion:kingdom=Smithy,Vilage,Market,Cellar,Moat,Mine,Spy,Witch,Chapel,Feast", "did you mean Village"),
    ("dominion:kingdom=Smithy,Smithy,Market,Cellar,Moat,Mine,Spy,Witch,Chapel,Feast", "more than once"),
    ("dominion:kingdom=Smithy,Village", "10 distinct"),
    ("dominion:kingdom=first-gam", "did you mean first-game"),
    ("dominion:kingdom=Smithy,Village,Market,Cellar,Moat,Mine,Spy,Witch,Chapel,Province", "unknown kingdom card"),
    ("dominion:players=7", "2-4"),
    ("dominion:max_turns=0", "positive"),
])
def test_bad_specs(spec, message):
    with pytest.raises(UserError, match=message):
        make_game(spec)
