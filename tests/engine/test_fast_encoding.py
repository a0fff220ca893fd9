"""The fast encoder paths (engine/hearthstone/features/rows.py, rich.py) give exactly the rows of the plain
definition, per state and in batches: the search's value networks must see the same numbers as in training."""

from __future__ import annotations

import numpy as np
import pytest

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import HearthstoneGame
from cardlab.engine.hearthstone.carddb import CLASSES
from cardlab.engine.hearthstone.decks import deck_pool
from cardlab.engine.hearthstone.features import get_encoder
from cardlab.engine.hearthstone.features.rich import HAND_SLOTS, MINION_FIELDS, card_vocabulary
from cardlab.engine.hearthstone.features.rows import small_ints_to_float32
from cardlab.engine.hearthstone.features.seed96 import attack_available


def reference_rich(state, player: int, vocab: dict | None = None) -> list:
    """The rich row written plainly, field by field in feature order (the definition the fast path must match);
    `vocab`: card id -> code, when not the current card data's."""
    vocab = vocab or card_vocabulary()

    def side(p) -> list:
        h, w, board = p.hero, p.weapon, p.board
        row = [h.health, h.max_health, h.armor, p.hero_attack(), 1 if h.frozen else 0, h.attacks_made,
               w.attack if w else 0, w.durability if w else 0, vocab.get(w.card.id, 0) if w else 0,
               p.mana, p.max_mana, p.overload_owed, p.overload_locked, 1 if p.hero_power_used else 0, p.fatigue,
               p.cards_played, len(p.hand), len(p.deck), len(board), sum(m.attack for m in board),
               sum(m.health for m in board), sum(1 for m in board if m.taunt),
               sum(m.spell_damage for m in board if not m.silenced), attack_available(p)]
        row += [1 if h.card_class == c else 0 for c in CLASSES]
        for m in board:
            row += [1, vocab.get(m.card.id, 0), m.attack, m.health, m.max_health, 1 if m.can_attack() else 0,
                    1 if m.taunt else 0, 1 if m.divine_shield else 0, 1 if m.stealth else 0,
                    1 if m.has_windfury else 0, 1 if m.frozen else 0, 1 if m.silenced else 0,
                    1 if m.enraged else 0, 1 if (m.charge or m.aura_charge) else 0, 1 if m.exhausted else 0,
                    m.spell_damage, m.attacks_made]
        return row + [0] * (len(MINION_FIELDS) * (7 - len(board)))

    me = state.players[player]
    hand = me.hand[:HAND_SLOTS]
    pad = [0] * (HAND_SLOTS - len(hand))
    row = side(me) + side(state.players[1 - player])
    row += [vocab.get(c.id, 0) for c in hand] + pad
    row += [state.cost(player, c) for c in hand] + pad
    return row + [state.turn, 1 if state.current == player else 0, 1 if state.terminal else 0]


def varied_states(n: int = 120, seed: int = 5) -> list:
    """States from random play over the Classic pool (weapons, freezes, silences, enrage, full boards), plus the
    terminal states the games end in."""
    pool = deck_pool("classic")
    rng = Rng(seed)
    out: list = []
    while len(out) < n:
        game = HearthstoneGame((pool[rng.randrange(len(pool))], pool[rng.randrange(len(pool))]))
        state = game.new_initial_state(rng.next64() & 0xFFFFFF)
        while not state.is_terminal() and len(out) < n:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            if rng.randrange(4) == 0 or state.is_terminal():
                out.append(state.clone())
    return out


STATES = varied_states()


def test_rich_rows_equal_the_plain_definition_per_state_and_batched():
    enc = get_encoder("rich")
    players = [i % 2 for i in range(len(STATES))]
    expected = np.asarray([reference_rich(s, p) for s, p in zip(STATES, players)], dtype=np.float32)
    assert expected.shape == (len(STATES), enc.dim)
    batched = enc.encode_many(STATES, players)
    assert batched.dtype == np.float32 and np.array_equal(batched, expected)
    for s, p, row in zip(STATES[:30], players, expected):
        assert np.array_equal(np.asarray(enc.values(s, p), dtype=np.float32), row)
        assert np.array_equal(enc.encode(s, p), row)
    # Batches of any size and split points give the same rows.
    parts = [enc.encode_many(STATES[i:i + 7], players[i:i + 7]) for i in range(0, len(STATES), 7)]
    assert np.array_equal(np.concatenate(parts), expected)


def test_states_cover_what_the_fast_path_must_handle():
    """The comparison above means something only if the states have weapons, card ids past one byte, full boards."""
    vocab = card_vocabulary()
    assert any(p.weapon is not None for s in STATES for p in s.players)
    assert any(vocab.get(m.card.id, 0) > 255 for s in STATES for p in s.players for m in p.board)
    assert any(len(p.board) >= 5 for s in STATES for p in s.players)
    assert any(s.is_terminal() for s in STATES)


@pytest.mark.parametrize("flat", [[0, 1, 255, True, False, 7], [256, 3, 0, 1, 2, 9], [-1, 0, 5, 4, 3, 2],
                                  [1.5, 2, 3, 4, 5, 6]])
def test_small_ints_to_float32_equals_numpy_on_every_input(flat):
    out = small_ints_to_float32(flat, 2, 3)
    assert out.dtype == np.float32 and np.array_equal(out, np.asarray(flat, dtype=np.float32).reshape(2, 3))


@pytest.mark.parametrize("spec", ["seed96", "seed96:random_slots=true"])
def test_seed96_batched_equals_per_state(spec):
    enc = get_encoder(spec)
    players = [i % 2 for i in range(len(STATES))]
    rows = enc.encode_many(STATES, players, Rng(3))
    other = get_encoder(spec)
    rng = Rng(3)
    expected = np.asarray([other.values(s, p, rng) for s, p in zip(STATES, players)], dtype=np.float32)
    assert np.array_equal(rows, expected)
