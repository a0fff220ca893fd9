"""Each game's dense action ids and RL encoder (engine/<game>/action_ids.py): the contract the front ends rely on."""

from __future__ import annotations

import numpy as np
import pytest

from cardlab.engine.registry import make_game
from cardlab.envs.codec import GameCodec, hook_module
from cardlab.runtime import UserError
from tests.envs.helpers import GAME_SPECS, random_states


@pytest.mark.parametrize("spec", GAME_SPECS)
def test_ids_round_trip_and_fit_the_range(spec):
    codec = GameCodec(spec)
    seen = set()
    for state in random_states(codec.game, seeds=range(2)):
        legal = state.legal_actions()
        ids = [codec.ids.to_id(a) for a in legal]
        assert len(set(ids)) == len(ids), "two legal actions share an id"
        assert all(0 <= i < codec.num_actions for i in ids)
        assert [codec.to_action(i) for i in ids] == legal
        mask = codec.mask(state)
        assert mask.dtype == np.int8 and mask.sum() == len(legal)
        assert sorted(np.flatnonzero(mask)) == codec.legal_ids(state)
        seen.update(ids)
    assert len(seen) > 3
    with pytest.raises(ValueError):
        codec.to_action(codec.num_actions)
    with pytest.raises(ValueError):
        codec.to_action(-1)


def test_hearthstone_ids_cover_every_action_shape():
    ids = hook_module(make_game("hearthstone")).action_ids(make_game("hearthstone"))
    samples = [(0,), (1, 9, 6, 15, 2), (1, 0, -1, -1, -1), (2, 7, 15), (2, 0, 8), (3, -1), (3, 15), (4, 3), (5, 31)]
    got = [ids.to_id(a) for a in samples]
    assert len(set(got)) == len(got)
    assert [ids.to_action(i) for i in got] == samples
    assert sorted(ids.to_id(ids.to_action(i)) for i in range(ids.num_actions)) == list(range(ids.num_actions))
    with pytest.raises(ValueError):
        ids.to_id((1, 10, -1, -1, -1))  # an 11th hand card cannot exist


@pytest.mark.parametrize("spec", GAME_SPECS)
def test_encoder_rows_are_fixed_width_bounded_and_hide_nothing_more_than_observation(spec):
    codec = GameCodec(spec)
    n = codec.num_players
    for state in random_states(codec.game, seeds=range(2), max_steps=150):
        for player in range(n):
            row = codec.observe(state, player)
            assert row.shape == (codec.obs_dim,) and row.dtype == np.float32
            # The declared bounds hold for the encoder's own values: the clip never changes a real game's row.
            raw = np.asarray(codec.encoder.values(state, player), dtype=np.float32)
            assert np.all(raw >= codec.low) and np.all(raw <= codec.high)
            np.testing.assert_array_equal(row, raw)
            assert len(codec.encoder.feature_names) == codec.obs_dim
            # The row reads only what the player sees: the player's observation gives the same row.
            np.testing.assert_array_equal(row, codec.observe(state.observation(player), player))


def test_hanabi_vector_hides_own_cards_but_shows_partners():
    codec = GameCodec("hanabi:players=2")
    state = codec.new_state(5)
    names = codec.encoder.feature_names
    row0, row1 = codec.observe(state, 0), codec.observe(state, 1)
    own = [i for i, name in enumerate(names) if name.startswith("hand0_")]
    partner = [i for i, name in enumerate(names) if name.startswith("hand1_")]
    assert row0[own].sum() == 0 and row1[own].sum() == 0
    assert row0[partner].sum() == codec.game.config.hand_size  # one one-hot per slot
    card = state.hands[1][0]
    assert row0[names.index(f"hand1_0_{codec.game.config.card_name(card)}")] == 1.0


def test_dominion_table_counts_the_opening_hand_and_deck():
    codec = GameCodec("dominion")
    state = codec.new_state(3)
    names = codec.encoder.feature_names
    row = codec.observe(state, 0)
    hand = sum(row[names.index(f"hand_{c}")] for c in ("copper", "estate"))
    deck = sum(row[names.index(f"deck_{c}")] for c in ("copper", "estate"))
    assert (hand, deck) == (5, 5)
    assert row[names.index("p0_owned_copper")] == 7 and row[names.index("p1_owned_estate")] == 3
    assert row[names.index("kind_action")] + row[names.index("kind_treasure")] + row[names.index("kind_buy")] == 1


def test_a_game_without_hook_is_refused_clearly(monkeypatch):
    game = make_game("hanabi")
    monkeypatch.setattr(game, "name", "nosuchgame")
    with pytest.raises(UserError, match="no RL hook"):
        hook_module(game)
