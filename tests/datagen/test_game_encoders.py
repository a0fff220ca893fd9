"""Dominion's `table` v2 and Hanabi's `vector` v1: registered, sized from the game, documented fields present."""

import pytest

from cardlab.engine.features import get_encoder
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError


def _play(state, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[-1])
    return state


def test_dominion_table_v2_fields_and_game_end_estimate():
    from cardlab.agents.dominion.choosers import game_end_estimate
    from cardlab.engine.dominion.cards import COST, NAMES

    game = make_game("dominion")
    enc = get_encoder("table", game)
    assert (enc.spec, enc.version, enc.dim) == ("table:players=2", 2, len(enc.feature_names))
    names = enc.feature_names
    for field in ("p0_owned_smithy", "hand_copper", "deck_estate", "discard_silver", "supply_province", "p0_vp",
                  "p1_vp", "p0_turns", "coins", "actions", "buys", "end_estimate"):
        assert field in names
    state = _play(game.new_initial_state(5), 60)
    row = dict(zip(names, enc.values(state, 0)))
    costs = {n: COST[i] for i, n in enumerate(NAMES)}
    assert row["end_estimate"] == game_end_estimate(state.supply_counts(), costs)
    assert row["end_estimate"] == 2.5 * 8 * state.supply[5] or row["end_estimate"] < 2.5 * 8 * state.supply[5]
    assert enc.values(state, 1) == enc.values(state.observation(1), 1)  # nothing hidden leaks
    assert get_encoder("table", make_game("dominion:players=3")).dim > enc.dim
    with pytest.raises(UserError, match="does not fit"):
        get_encoder("table:players=3", game)


def test_hanabi_vector_is_registered_next_to_mini_dqn():
    from cardlab.engine.hanabi.features import DEFAULT_ENCODER, ENCODERS

    assert DEFAULT_ENCODER == "vector" and {"vector", "mini-dqn-15"} <= set(ENCODERS)
    two, four = make_game("hanabi"), make_game("hanabi:players=4")
    enc2, enc4 = get_encoder("vector", two), get_encoder("vector", four)
    assert enc2.spec == "vector" and enc2.version == 1 and enc4.dim > enc2.dim
    names = enc2.feature_names
    for field in ("firework0_height0", "hint_tokens", "fuses", "discarded_R1", "hand1_0_R1", "know0_0_colour0"):
        assert any(n.startswith(field) for n in names), field
    state = _play(four.new_initial_state(2), 7)
    assert enc4.values(state, 2) == enc4.values(state.observation(2), 2)
    assert len(enc4.values(state, 2)) == enc4.dim
    assert get_encoder("mini-dqn-15", "hanabi").dim == 15
    with pytest.raises(UserError, match="sized for 2 players"):  # not a silently wider row than its names
        enc2.values(state, 2)
    variant = _play(make_game("hanabi:bomb_out=zero,fuses=4").new_initial_state(2), 7)
    assert len(enc2.values(variant, 0)) == enc2.dim  # other rules, the same width: a net trained on one plays both


def test_a_non_number_player_count_is_named():
    with pytest.raises(UserError, match="encoder 'table': players='abc' should be an integer"):
        get_encoder("table:players=abc", make_game("dominion"))
