"""Masking never selects an illegal action, over many random board states (property-style)."""

import numpy as np
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.engine.hearthstone.features.board import (END8, END57, N8, N57, attack_to_index57, board_actions, encode_board, index57_to_action,
                                mask8, mask57, target_mask)
from cardlab.agents.hearthstone.q_agents import pick_target
from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.board_game import random_board_state
from cardlab.engine.hearthstone.decks import load_deck
from cardlab.models.qnet import TargetClassifier, masked_argmax, masked_max, masked_mean

DECK = load_deck("liege").as_tuple()
CLASSIFIER = TargetClassifier(86 + 7)


def _states(seed: int, walk: int):
    """A board state after `walk` random board moves (fewer if the episode ends)."""
    s = random_board_state([DECK, DECK], seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(walk):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_index_mapping_round_trips():
    for i in range(N57):
        assert attack_to_index57(index57_to_action(i)) == i
    assert index57_to_action(END57) == (0,)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**40), walk=st.integers(0, 12), qseed=st.integers(0, 2**31 - 1))
def test_masked_choices_are_legal(seed, walk, qseed):
    s = _states(seed, walk)
    if s.is_terminal():
        return
    legal = s.legal_actions()
    m57, m8 = mask57(legal), mask8(legal)
    assert {index57_to_action(i) for i in np.flatnonzero(m57)} == set(board_actions(legal))
    assert m57[END57] and m8[END8]
    gen = torch.Generator().manual_seed(qseed)
    q = torch.randn(16, N57, generator=gen) * 100
    picks = masked_argmax(q, torch.from_numpy(m57).expand(16, -1))
    assert all(index57_to_action(int(i)) in legal for i in picks)
    assert torch.all(masked_max(q, torch.from_numpy(m57).expand(16, -1)) == q[:, m57].max(dim=1).values)
    q8 = torch.randn(16, N8, generator=gen)
    feats = encode_board(s, s.current_player)
    for i in masked_argmax(q8, torch.from_numpy(m8).expand(16, -1)).tolist():
        assert m8[i]
        if i != END8:
            tm = target_mask(legal, i + 1)
            assert tm.any()
            assert pick_target(CLASSIFIER, feats, legal, i + 1) in legal


def test_masked_helpers_on_empty_rows():
    q = torch.randn(2, 5)
    mask = torch.tensor([[False] * 5, [True, False, True, False, False]])
    assert masked_max(q, mask)[0] == 0
    assert torch.isclose(masked_mean(q, mask)[1], (q[1, 0] + q[1, 2]) / 2)
