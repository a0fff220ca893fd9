import numpy as np
import pytest

from cardlab.engine.core import Rng

from cardlab.runtime import UserError
from cardlab.engine.hearthstone import HearthstoneGame

from cardlab.engine.hearthstone.features import available, get_encoder


def midgame_states(n=30, seed=3):
    game = HearthstoneGame()
    rng = Rng(seed)
    out = []
    state = game.new_initial_state(seed)
    while len(out) < n:
        if state.is_terminal():
            state = game.new_initial_state(rng.next64() & 0xFFFF)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if state.turn > 6 and not state.is_terminal():
            out.append(state.clone())
    return out


@pytest.mark.parametrize("name", available())
def test_dimension_names_and_dtype(name):
    enc = get_encoder(name)
    assert enc.dim == len(enc.feature_names) == len(set(enc.feature_names))
    states = midgame_states(5)
    rows = enc.encode_many(states, [s.current for s in states])
    assert rows.shape == (5, enc.dim) and rows.dtype == np.float32
    assert np.array_equal(rows[0], enc.encode(states[0], states[0].current))


@pytest.mark.parametrize("name", available())
def test_sees_only_what_the_player_sees(name):
    enc = get_encoder(name)
    for s in midgame_states(10):
        for p in (0, 1):
            assert np.array_equal(enc.encode(s, p), enc.encode(s.observation(p), p))


def test_seed96_layout_matches_the_spec():
    enc = get_encoder("seed96")
    assert enc.dim == 96 and enc.version == 1
    s = midgame_states(1)[0]
    p = s.current
    row = enc.encode(s, p)
    me, opp = s.players[p], s.players[1 - p]
    named = dict(zip(enc.feature_names, row))
    assert named["own_hero_health"] == me.hero.health and named["enemy_hero_health"] == opp.hero.health
    assert named["own_minion_count"] == len(me.board) and named["enemy_deck_count"] == len(opp.deck)
    assert named["enemy_hand_count"] == len(opp.hand) and named["turn"] == s.turn
    for i, m in enumerate(me.board):
        assert named[f"own_minion{i}_attack"] == m.attack and named[f"own_minion{i}_present"] == 1
    assert named[f"own_minion{len(me.board)}_present"] == 0 if len(me.board) < 7 else True
    assert named["own_total_minion_attack"] == sum(m.attack for m in me.board)


def test_random_slots_only_permutes_slots():
    plain, rnd = get_encoder("seed96"), get_encoder("seed96:random_slots=true")
    assert rnd.spec == "seed96:random_slots=true"
    for s in midgame_states(10):
        a, b = plain.encode(s, 0), rnd.encode(s, 0, Rng(1))
        sa, sb = a[2:86].reshape(14, 6), b[2:86].reshape(14, 6)
        for half in (slice(0, 7), slice(7, 14)):
            assert sorted(map(tuple, sa[half])) == sorted(map(tuple, sb[half]))
        assert np.array_equal(a[86:], b[86:]) and np.array_equal(a[:2], b[:2])


def test_unknown_encoder_and_option():
    with pytest.raises(UserError, match="unknown encoder"):
        get_encoder("nope")
    with pytest.raises(UserError):
        get_encoder("seed96:colour=blue")


def test_bool_options_take_only_bool_words():
    assert get_encoder("seed96:random_slots=ON").random_slots
    assert not get_encoder("seed96:random_slots=No").random_slots
    with pytest.raises(UserError, match="encoder 'seed96': random_slots='maybe' should be a bool"):
        get_encoder("seed96:random_slots=maybe")
