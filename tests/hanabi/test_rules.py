"""Every rule of the Hanabi spec, on hand-built positions."""

from __future__ import annotations

import json

import pytest

from cardlab.engine.core import COOPERATIVE
from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.config import DISCARD, HINT_COLOUR, HINT_RANK, PLAY, HanabiConfig, variant_config
from cardlab.engine.hanabi.state import HanabiState
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError
from tests.hanabi.positions import card_census, position


def test_full_deck_and_deal():
    for players, hand in ((2, 5), (3, 5), (4, 4), (5, 4)):
        game = make_game(f"hanabi:players={players}")
        s = game.new_initial_state(7)
        assert game.kind == COOPERATIVE and game.num_players == players and s.num_players == players
        assert [len(h) for h in s.hands] == [hand] * players
        assert len(s.deck) == 50 - players * hand
        assert (s.hint_tokens, s.fuses_left, s.points, s.turn_number, s.current_player) == (8, 3, 0, 1, 0)
        census = card_census(s)
        for code in range(25):
            assert census[code] == (3, 2, 2, 2, 1)[code % 5]


def test_action_layout_round_trips():
    cfg = variant_config(players=4)
    h = cfg.hand_size
    assert cfg.num_actions == 2 * h + 3 * (5 + 5)
    for slot in range(h):
        assert cfg.decode[cfg.play(slot)] == (PLAY, slot, -1)
        assert cfg.decode[cfg.discard(slot)] == (DISCARD, slot, -1)
    for offset in (1, 2, 3):
        for v in range(5):
            assert cfg.decode[cfg.hint_colour(offset, v)] == (HINT_COLOUR, offset, v)
            assert cfg.decode[cfg.hint_rank(offset, v)] == (HINT_RANK, offset, v)


def test_legal_actions_sorted_and_exact():
    s = position([["R1", "R2", "G3", "B5", "Y1"], ["W1", "W2", "R3", "R4", "G5"]], hints=3)
    cfg = s.cfg
    legal = s.legal_actions()
    assert legal == sorted(legal)
    expected = list(range(5)) + [cfg.discard(i) for i in range(5)]
    expected += sorted(cfg.hint_colour(1, c) for c in (0, 2, 3))  # R, G, W in the partner's hand
    expected += sorted(cfg.hint_rank(1, r) for r in (0, 1, 2, 3, 4))
    assert legal == expected


def test_hint_must_touch_a_card():
    s = position([["R1", "R2", "G3", "B5", "Y1"], ["W1", "W2", "R3", "R4", "G5"]], hints=3)
    blue = s.cfg.hint_colour(1, 4)
    assert blue not in s.legal_actions()
    with pytest.raises(ValueError, match="at least one"):
        s.apply(blue)
    assert s.hint_tokens == 3 and s.turn_number == 1  # the failed action changed nothing


def test_hint_costs_a_token_and_teaches_positive_and_negative():
    s = position([["R1", "R2", "G3", "B5", "Y1"], ["W1", "W2", "R3", "R4", "G5"]], hints=3)
    cfg = s.cfg
    s.apply(cfg.hint_colour(1, 0))  # red: slots 2, 3
    assert s.hint_tokens == 2
    k = s.knowledge[1]
    assert [kn.told_colour(x) for x in k] == [-1, -1, 0, 0, -1]
    assert [kn.colour_mask(x) for x in k] == [0b11110, 0b11110, 0b1, 0b1, 0b11110]
    assert all(kn.told_rank(x) == -1 and kn.rank_mask(x) == 0b11111 for x in k)
    move = s.history[-1]
    assert (move.kind, move.target, move.value, move.touched) == (HINT_COLOUR, 1, 0, (7, 8))
    s.apply(cfg.hint_rank(1, 0))  # player 1 tells player 0 its ones
    assert [kn.told_rank(x) for x in s.knowledge[0]] == [0, -1, -1, -1, 0]
    assert s.hint_tokens == 1


def test_no_hint_without_a_token():
    s = position([["R1", "R2", "G3", "B5", "Y1"], ["W1", "W2", "R3", "R4", "G5"]], hints=0)
    assert all(a < 2 * s.cfg.hand_size for a in s.legal_actions())
    with pytest.raises(ValueError, match="no hint token"):
        s.apply(s.cfg.hint_rank(1, 0))


def test_no_discard_at_full_tokens():
    s = position([["R1", "R2", "G3", "B5", "Y1"], ["W1", "W2", "R3", "R4", "G5"]], hints=8)
    assert not any(5 <= a < 10 for a in s.legal_actions())
    with pytest.raises(ValueError, match="no discarding"):
        s.apply(s.cfg.discard(0))


def test_discard_returns_a_token_and_draws():
    s = position([["R1", "R2", "G3", "B5", "Y1"], ["W1", "W2", "R3", "R4", "G5"]], deck=["B1"], hints=5)
    s.apply(s.cfg.discard(1))
    assert s.hint_tokens == 6
    assert s.discards == (s.cfg.card_code("R2"),)
    assert s.hands[0] == tuple(s.cfg.card_code(c) for c in ("R1", "G3", "B5", "Y1", "B1"))
    assert s.card_ids[0] == (0, 2, 3, 4, 10)
    assert s.knowledge[0][-1] == s.cfg.fresh_knowledge


def test_play_success_and_misplay():
    s = position([["R1", "R3", "G3", "B5", "Y1"], ["W1", "W2", "R3", "R4", "G5"]], deck=["B1", "B2"], hints=5)
    s.apply(s.cfg.play(0))
    assert s.fireworks[0] == 1 and s.points == 1 and s.fuses_left == 3 and s.history[-1].success
    s.apply(s.cfg.play(3))  # player 1 plays R4 on R1: misplay
    assert s.fireworks[0] == 1 and s.fuses_left == 2 and not s.history[-1].success
    assert s.discards == (s.cfg.card_code("R4"),)
    assert s.hint_tokens == 5


@pytest.mark.parametrize("tokens, after", [(5, 6), (7, 8), (8, 8)])
def test_a_five_returns_a_token_below_the_maximum(tokens, after):
    s = position([["R5", "R2", "G3", "B1", "Y1"], ["W1", "W2", "R3", "R4", "G5"]], fireworks="R4", hints=tokens)
    s.apply(s.cfg.play(0))
    assert s.fireworks[0] == 5 and s.hint_tokens == after


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("last_move", ["discard", "play", "misplay"])
def test_final_round_every_player_one_more_turn(players, last_move):
    """The player who draws the last card and everyone else take exactly one more turn each."""
    pool = [["W1", "W2", "W3", "W4", "G5"], ["Y2", "Y3", "Y4", "B2", "B3"], ["B3", "B4", "G2", "G3", "G4"],
            ["R2", "R3", "R4", "W3", "W4"], ["R2", "Y2", "B2", "G2", "G3"]]
    hand = 5 if players < 4 else 4
    hands = [cards[:hand] for cards in pool[:players]]
    hands[-1] = ["Y2", "Y3", "Y4", "B2", "B3"][:hand]  # the drawer: Y2 first, then an unplayable Y3
    s = position(hands, deck=["R1"], fill_deck=False, hints=7, current=players - 1, turn=9)
    drawer = players - 1
    action = {"discard": s.cfg.discard(0), "play": s.cfg.play(0), "misplay": s.cfg.play(1)}[last_move]
    if last_move == "play":
        s.fireworks = (0, 1, 0, 0, 0)  # Y1 up: the drawer's Y2 is playable
    assert not s.is_terminal()
    s.apply(action)
    assert len(s.deck) == 0 and not s.is_terminal()
    order = []
    while not s.is_terminal():
        order.append(s.current_player)
        s.apply(s.cfg.hint_rank(1, s.cfg.rank_of[s.hands[(s.current_player + 1) % players][0]]))
    assert sorted(order) == list(range(players)) and order[-1] == drawer
    assert s.current_player == -1 and s.turn_owner == -1


def test_deck_empty_at_the_start_gives_one_round():
    game = make_game("hanabi:players=5,hand_size=10")
    s = game.new_initial_state(3)
    assert len(s.deck) == 0
    for _ in range(5):
        assert not s.is_terminal()
        s.apply(s.legal_actions()[-1])  # a hint
    assert s.is_terminal() and s.turn_number == 5


def test_three_fuses_end_the_game_and_both_conventions_score():
    hands = [["R3", "R2", "G3", "B5", "Y1"], ["W1", "W2", "R3", "R4", "G5"]]
    keep = position(hands, fireworks="G2 B1", fuses=1, hints=4)
    zero = position(hands, fireworks="G2 B1", fuses=1, hints=4, bomb_out="zero")
    for s in (keep, zero):
        s.apply(s.cfg.play(0))  # R3 on nothing: the last fuse burns
        assert s.is_terminal() and s.fuses_left == 0 and s.points == 3
    assert keep.returns() == [3.0, 3.0] and keep.score() == 3
    assert zero.returns() == [0.0, 0.0] and zero.score() == 0


def test_zero_convention_keeps_the_score_when_the_deck_runs_out():
    s = position([["R1", "R2"], ["R3", "R4"]], deck=[], fill_deck=False, fireworks="G3", hand_size=2, hints=4,
                 bomb_out="zero")
    assert s.final_turns == 2
    s.apply(s.cfg.play(0))
    s.apply(s.cfg.play(1))  # R4 misplays, one fuse of three
    assert s.is_terminal() and s.returns() == [4.0, 4.0]


def test_game_ends_at_the_maximum_score():
    s = position([["R5", "G1"], ["Y1", "B1"]], fireworks="R4 Y5 G5 W5 B5", hand_size=2, hints=8, fill_deck=True)
    s.apply(s.cfg.play(0))
    assert s.is_terminal() and s.score() == 25


def test_turns_and_players():
    s = make_game("hanabi:players=3").new_initial_state(1)
    for turn in range(1, 6):
        assert s.turn_number == turn and s.turn_owner == s.current_player == (turn - 1) % 3
        s.apply(s.legal_actions()[-1])


def test_illegal_values_raise():
    s = make_game("hanabi").new_initial_state(1)
    for bad in (-1, s.cfg.num_actions, "0", (0,), None, True):
        with pytest.raises(ValueError):
            s.apply(bad)


def test_terminal_state_refuses_moves():
    s = position([["R3"], ["R2"]], hand_size=1, fuses=1, hints=4)
    s.apply(0)
    assert s.is_terminal() and s.legal_actions() == []
    with pytest.raises(ValueError, match="over"):
        s.apply(0)


def test_mini_variant():
    game = make_game("hanabi:variant=mini")
    s = game.new_initial_state(5)
    cfg = s.cfg
    assert (cfg.colours, cfg.ranks, cfg.hand_size, cfg.hints, cfg.fuses, cfg.max_score) == (2, 3, 3, 0, 2, 6)
    assert cfg.deck_size == 12 and list(cfg.copies) == [3, 2, 1, 3, 2, 1]
    assert len(s.deck) == 6 and s.hint_tokens == 0
    assert s.legal_actions() == list(range(6))  # play or discard x 3 slots, discarding always allowed, no hints
    s.apply(cfg.discard(0))
    assert s.hint_tokens == 0
    obs = s.observation(1)
    assert obs.hands[1] == s.hands[1]  # own cards visible
    assert all(c == -1 for c in obs.deck)
    assert make_game("hanabi:variant=mini,players=4").new_initial_state(0).cfg.hand_size == 2


def test_mini_two_fuses():
    s = position([["R3", "R2", "Y1"], ["Y2", "Y3", "R1"]], variant="mini")
    s.apply(s.cfg.play(0))
    assert not s.is_terminal() and s.fuses_left == 1
    s.apply(s.cfg.play(0))
    assert s.is_terminal()


def test_small_variants_from_options():
    s = make_game("hanabi:players=3,colours=2,ranks=3,hand_size=2,hints=3,fuses=1").new_initial_state(0)
    cfg = s.cfg
    assert (cfg.colours, cfg.ranks, cfg.hand_size, cfg.hints, cfg.fuses, cfg.deck_size) == (2, 3, 2, 3, 1, 12)
    assert cfg.num_actions == 2 * 2 + 2 * (2 + 3)
    assert s.hint_tokens == 3 and len(s.deck) == 6
    assert make_game("hanabi:ranks=1").new_initial_state(0).cfg.copies == (3,) * 5
    no_hints = make_game("hanabi:hints=0").new_initial_state(0)
    assert no_hints.legal_actions() == list(range(10))


@pytest.mark.parametrize("spec, needle", [
    ("hanabi:players=7", "players=7"), ("hanabi:players=1", "players=1"), ("hanabi:hand_size=0", "hand_size=0"),
    ("hanabi:variant=mini,hints=2", "hints=2"), ("hanabi:colours=6", "colours=6"), ("hanabi:ranks=0", "ranks=0"),
    ("hanabi:fuses=0", "fuses=0"), ("hanabi:hints=-1", "hints=-1"), ("hanabi:variant=huge", "huge"),
    ("hanabi:bomb_out=maybe", "maybe"), ("hanabi:players=5,hand_size=11", "hand_size=11"),
    ("hanabi:hand_size=x", "hand_size='x'"), ("hanabi:players=two", "players='two'"), ("hanabi:color=2", "color"),
])
def test_impossible_options_are_user_errors(spec, needle):
    with pytest.raises(UserError, match=needle.replace("(", r"\(")):
        make_game(spec)


def test_canonical_spec_round_trips():
    for spec in ("hanabi:players=3", "hanabi:variant=mini", "hanabi:players=4,bomb_out=zero,hints=3",
                 "hanabi:players=2,colours=3,ranks=4,hand_size=3,fuses=1"):
        game = make_game(spec)
        assert make_game(game.spec).config == game.config
    assert make_game("hanabi").spec == "hanabi:players=2"
    assert make_game("hanabi:variant=mini,players=3").spec == "hanabi:players=3,variant=mini"
    assert make_game("hanabi:hints=8").spec == "hanabi:players=2"


def test_to_dict_round_trip_through_json():
    s = make_game("hanabi:players=3").new_initial_state(11)
    for _ in range(15):
        s.apply(s.legal_actions()[len(s.legal_actions()) // 2])
    data = json.loads(json.dumps(s.to_dict()))
    back = HanabiState.from_dict(data)
    assert back == s and back.legal_actions() == s.legal_actions()
    obs = s.observation(1)
    assert HanabiState.from_dict(json.loads(json.dumps(obs.to_dict()))) == obs


def test_action_to_string():
    s = position([["R1", "R2", "G3", "B5", "Y1"], ["W1", "W2", "R3", "R4", "G5"], ["W1", "W2", "R3", "R4", "G4"]],
                 current=2)
    cfg = s.cfg
    assert s.action_to_string(cfg.play(3)) == "play slot 3"
    assert s.action_to_string(cfg.discard(0)) == "discard slot 0"
    assert s.action_to_string(cfg.hint_colour(1, 2)) == "hint player 0 G"
    assert s.action_to_string(cfg.hint_rank(2, 4)) == "hint player 1 5"
    assert "R1" in str(s)


def test_config_is_validated_however_built():
    with pytest.raises(UserError):
        HanabiConfig(players=6)
    with pytest.raises(UserError):
        HanabiConfig(variant="mini", hints=8)


def test_registry_module_attributes():
    from cardlab.engine.hanabi import game as module
    from cardlab.engine.registry import GameOption

    assert module.PLAYERS == (2, 3, 4, 5) and module.KIND == COOPERATIVE and module.DESCRIPTION
    assert set(module.OPTIONS) == {"players", "variant", "bomb_out", "colours", "ranks", "hand_size", "hints", "fuses"}
    assert all(isinstance(o, GameOption) for o in module.OPTIONS.values())
    game = make_game(module.EXAMPLE)
    assert isinstance(game, module.HanabiGame) and game.name == "hanabi" and game.num_players == 4
    assert game.new_initial_state(1, roles=[3, 2, 1, 0]).to_dict() == game.new_initial_state(1).to_dict()
