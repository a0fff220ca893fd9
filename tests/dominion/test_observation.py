"""Hidden information: what observation() shows, and determinize() never changes it."""

from __future__ import annotations

import pytest

from cardlab.agents.registry import make_agent
from cardlab.engine.core import Rng
from cardlab.engine.dominion.cards import CARD_ID, IS_ACTION
from cardlab.engine.dominion.state import HIDDEN
from cardlab.engine.registry import make_game

from tests.dominion.positions import choose, position

C = CARD_ID


def test_observation_hides_other_hands_decks_and_own_deck_order():
    s = position(["Copper", "Silver"], deck=["Gold", "Estate", "Copper", "Province"], discard=["Duchy", "Estate"],
                 others={1: {"hand": ["Gold", "Moat"], "deck": ["Silver", "Copper"], "discard": ["Duchy", "Curse"]}})
    o = s.observation(0)
    assert o.hand[0] == s.hand[0] and o.disc[0] == s.disc[0]
    assert o.deck[0] == (HIDDEN,) * 4  # order hidden; contents follow from the counts
    assert o.deck_counts(0)[C["Gold"]] == 1 and sum(o.deck_counts(0)) == 4
    assert o.hand[1] == (HIDDEN, HIDDEN) and o.deck[1] == (HIDDEN, HIDDEN)
    assert o.disc[1] == (HIDDEN, C["Curse"])  # only the top of a discard pile is public
    assert o.owned_counts(1) == s.owned_counts(1) and o.rng is None
    assert o.legal_actions() == s.legal_actions() and o.decision() == s.decision()
    with pytest.raises(ValueError):
        o.apply(o.legal_actions()[0])


def test_observation_keeps_known_top_cards():
    s = position(["Bureaucrat"], kingdom="big-money", others={1: {"hand": ["Estate", "Copper"],
                                                                   "deck": ["Copper", "Gold"]}})
    choose(s, "Bureaucrat")
    o = s.observation(0)
    assert o.deck[0][-1] == C["Silver"] and o.deck[1][-1] == C["Estate"] and o.deck[1][0] == HIDDEN


def _same_view(state, player, rng):
    view = state.observation(player)
    det = view.determinize(player, rng)
    assert det.observer == -1 and det.rng is not None
    assert det.observation(player).to_dict() == view.to_dict()
    if player == state.current_player or (state.prompt is not None and not view.decision().options == ()):
        assert det.legal_actions() == state.legal_actions()
        assert det.decision() == state.decision()
    elif state.prompt is not None:  # another player chooses from its hidden hand: the same prompt, dealt options
        want, got = state.decision(), det.decision()
        assert (got.kind, got.player, got.card) == (want.kind, want.player, want.card) and len(got.options) > 1
        det.clone().apply(det.legal_actions()[-1])
    for p in range(state.num_players):
        assert det.owned_counts(p) == state.owned_counts(p)
    return det


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_keeps_the_observation_identical(players):
    g = make_game(f"dominion:kingdom=interaction,players={players}")
    rng = Rng(5)
    for seed in range(3):
        s = g.new_initial_state(seed)
        agents = [make_agent("random", seed=i, game="dominion") for i in range(players)]
        while not s.is_terminal():
            p = s.current_player
            _same_view(s, p, rng)
            _same_view(s, (p + 1) % players, rng)  # another player's view while p decides
            s.apply(agents[p].act(s.observation(p)))


def test_determinize_redeals_hidden_cards():
    s = position(["Copper"] * 5, deck=["Copper"] * 3 + ["Estate"] * 3 + ["Gold"] * 4,
                 others={1: {"hand": ["Gold"] * 5, "deck": ["Copper"] * 5}})
    hands = {s.observation(0).determinize(0, Rng(seed)).hand[1] for seed in range(20)}
    orders = {s.observation(0).determinize(0, Rng(seed)).deck[0] for seed in range(20)}
    assert len(hands) > 1 and len(orders) > 1


def test_determinize_keeps_a_pending_moat_in_hand():
    s = position(["Militia"], others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Silver"],
                                          "deck": ["Gold"] * 5}})
    choose(s, "Militia")
    for seed in range(10):
        det = s.observation(0).determinize(0, Rng(seed))
        assert C["Moat"] in det.hand[1] and det.decision().kind == "reveal"
        det.apply(det.legal_actions()[0])


def test_an_attack_queue_does_not_show_who_else_holds_a_moat():
    def militia_with(p2_hand: list, p2_deck: list):
        s = position(["Militia", "Copper", "Copper", "Copper", "Copper"], deck=["Copper"] * 5, players=3,
                     others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Estate"], "deck": ["Silver"] * 5},
                             2: {"hand": p2_hand, "deck": p2_deck}})
        choose(s, "Militia")
        return s

    holds = militia_with(["Moat", "Copper", "Copper", "Estate", "Silver"], ["Copper", "Silver", "Estate", "Copper", "Copper"])
    lacks = militia_with(["Copper", "Copper", "Copper", "Estate", "Silver"], ["Moat", "Silver", "Estate", "Copper", "Copper"])
    assert holds.decision().player == lacks.decision().player == 1  # player 1 decides about its own Moat first
    assert holds.observation(1).to_dict() == lacks.observation(1).to_dict()
    choose(holds, "no")
    choose(lacks, "no")
    assert holds.decision().kind == "reveal" and lacks.decision().kind == "discard"  # only a Moat holder is asked


def test_a_revealed_moat_stays_in_that_hand_in_every_determinization_until_it_leaves_the_hand():
    s = position(["Village", "Militia", "Militia", "Copper", "Copper"], deck=["Copper", "Estate", "Copper"],
                 others={1: {"hand": ["Moat", "Copper", "Copper", "Copper", "Estate"],
                             "deck": ["Silver"] * 5, "discard": ["Estate", "Estate", "Copper"]}})
    choose(s, "Village", "Militia")
    choose(s, "yes")  # player 1 reveals its Moat: public
    view = s.observation(0)
    assert all(C["Moat"] in view.determinize(0, Rng(k)).hand[1] for k in range(60))
    again = type(s).from_dict(s.to_dict())
    assert again.hand_known == s.hand_known == ((), (C["Moat"],))
    choose(s, "Militia", "yes", "all", None)  # its own turn starts: nothing left its hand, the Moat is still known
    assert s.owner == 1 and s.hand_known[1] == (C["Moat"],)
    view = s.observation(0)
    assert all(C["Moat"] in view.determinize(0, Rng(k)).hand[1] for k in range(60))
    choose(s, "Moat")  # played: it left the hand, publicly
    assert s.hand_known[1] == ()


def test_a_hand_revealed_to_bureaucrat_is_dealt_back_exactly():
    hand = ["Copper", "Copper", "Copper", "Silver", "Silver"]
    s = position(["Village", "Bureaucrat", "Militia", "Copper", "Copper"], deck=["Copper", "Copper", "Estate"],
                 kingdom="interaction",
                 others={1: {"hand": hand, "deck": ["Estate", "Estate", "Duchy", "Copper", "Copper"],
                             "discard": ["Estate", "Gold"]}})
    choose(s, "Village", "Bureaucrat")  # no Victory card: player 1 reveals its hand
    view = s.observation(0)
    assert all(sorted(view.determinize(0, Rng(k)).hand[1]) == sorted(C[c] for c in hand) for k in range(60))


def test_declining_to_reveal_a_moat_is_shown_to_nobody_else():
    s = position(["Militia", "Copper", "Copper", "Copper", "Copper"], deck=["Copper"] * 5,
                 others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Estate"], "deck": ["Silver"] * 5}})
    choose(s, "Militia")
    no = next(a for a in s.legal_actions() if s.action_to_string(a).startswith("do not"))
    yes = next(a for a in s.legal_actions() if a != no)
    assert s.public_action_string(no, 0) == "" and s.public_action_string(no, 1) == s.action_to_string(no)
    assert s.public_action_string(yes, 0) == s.action_to_string(yes)  # a revealed Moat is public


def test_a_card_seen_put_on_top_stays_known_once_drawn():
    s = position(["Bureaucrat", "Copper", "Copper", "Copper", "Copper"], deck=["Copper"] * 5, kingdom="interaction",
                 others={1: {"hand": ["Estate", "Copper", "Copper", "Copper", "Copper"],
                             "deck": ["Copper", "Copper", "Silver", "Silver", "Copper", "Copper", "Copper", "Silver"]}})
    choose(s, "Bureaucrat")  # player 1's Estate goes on top of its deck, face up
    choose(s, "all", None)  # player 0's turn ends
    choose(s, "all", None)  # player 1 buys nothing; its clean-up draws the Estate
    assert s.owner == 0 and C["Estate"] in s.hand[1]
    view = s.observation(0)
    assert all(C["Estate"] in view.determinize(0, Rng(k)).hand[1] for k in range(60))


def _drew_a_known_militia_and_played_one(second_in_hand: bool):
    hand = ["Village", "Copper", "Copper", "Militia" if second_in_hand else "Copper", "Estate"]
    s = position(hand, deck=["Militia", "Copper" if second_in_hand else "Militia", "Copper"], kingdom="interaction",
                 others={1: {"hand": ["Copper", "Copper", "Estate", "Estate", "Silver"], "deck": ["Copper"] * 5}})
    s.top_known = (1, 0)  # everyone saw that Militia put on top (a Spy's "keep")
    choose(s, "Village")  # draws it: a card everyone knows is in player 0's hand
    assert s.hand_known[0] == (C["Militia"],)
    choose(s, "Militia")  # plays a Militia: to the table, the known one
    return s


def test_a_played_known_card_does_not_tell_whether_another_copy_is_in_hand():
    # Player 1 answering the Militia sees the same thing whether player 0 still holds a second Militia or not.
    worlds = [_drew_a_known_militia_and_played_one(flag) for flag in (False, True)]
    for s in worlds:
        assert s.current_player == 1 and s.hand_known[0] == ()
    views = [s.observation(1) for s in worlds]
    assert views[0].hand_known == views[1].hand_known == ((), ())
    held = [sum(C["Militia"] in v.determinize(1, Rng(k)).hand[0] for k in range(100)) for v in views]
    assert held[0] == held[1] < 100


@pytest.mark.parametrize("kingdom", ["interaction", "random"])
def test_known_hand_cards_are_always_cards_the_hand_holds(kingdom):
    from collections import Counter

    game = make_game(f"dominion:kingdom={kingdom},players=3")
    for g in range(12):
        s = game.new_initial_state(g)
        rng = Rng(100 + g)
        while not s.is_terminal():
            for known, hand in zip(s.hand_known, s.hand):
                assert not Counter(known) - Counter(hand)
            s.apply(rng.choice(s.legal_actions()))


def test_another_players_hand_prompt_shows_no_options():
    s = position(["Militia"], others={1: {"hand": ["Gold", "Province", "Estate", "Copper", "Copper"]}})
    choose(s, "Militia")
    assert set(s.observation(1).decision().options) == {"Gold", "Province", "Estate", "Copper"}
    seen = s.observation(0).decision()
    assert (seen.kind, seen.player, seen.card, seen.options) == ("discard", 1, "Militia", ())
    assert s.observation(0).legal_actions() == []
    cellar = position(["Cellar", "Gold", "Province", "Witch", "Copper"], kingdom="interaction")
    choose(cellar, "Cellar")
    assert cellar.observation(1).decision().options == () and cellar.observation(0).decision().options != ()


def test_determinizing_another_players_hand_prompt_deals_any_hand_that_asks_it():
    s = position(["Militia"], others={1: {"hand": ["Gold", "Province", "Estate", "Copper", "Copper"],
                                          "deck": ["Silver", "Duchy", "Copper", "Estate", "Curse", "Gold"]}})
    choose(s, "Militia")
    view = s.observation(0)
    dets = [view.determinize(0, Rng(k)) for k in range(60)]
    assert any(C["Gold"] not in d.hand[1] for d in dets)  # the true options no longer show through
    for d in dets:
        assert d.decision().kind == "discard" and len(set(d.hand[1])) > 1
        assert set(d.legal_actions()) == set(d.hand[1])
        d.apply(d.legal_actions()[0])


def test_a_card_library_draws_and_keeps_stays_private():
    s = position(["Library"], deck=["Witch", "Copper", "Copper", "Silver", "Village", "Gold"], kingdom="interaction",
                 others={1: {"deck": ["Smithy", "Copper", "Festival", "Estate"]}})
    choose(s, "Library")
    assert s.decision().kind == "set-aside" and s.observation(1).decision().options == ()
    keep = s.legal_actions()[s.decision().options.index(None)]
    assert s.public_action_string(keep, viewer=1) == "" and s.public_action_string(keep, viewer=0) == "keep it in hand"
    aside = s.legal_actions()[s.decision().options.index("Witch")]
    assert s.public_action_string(aside, viewer=1) == "set aside Witch"  # set-aside cards are face up
    for k in range(20):
        d = s.observation(1).determinize(1, Rng(k))
        drawn = d.hand[0][-1]
        assert IS_ACTION[drawn] and d.decision().kind == "set-aside" and d.decision().options[0] is not None
        assert d.legal_actions()[0] == drawn
