"""The reduced-state Q-learning agent (spec section 10): `qlearn:ckpt=PATH`, a table or a network.

One action per call: the observation is reduced to 11 numbers, the legal actions to their reduced indices
(engine/hearthstone/reduced.py), and the agent plays the reduced action with the highest Q, ties going to the end
of the turn (an untrained learner therefore passes). Several concrete actions may share a reduced one (two minions
that would both kill their targets): one of them is drawn with the agent's seeded RNG.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import torch

from cardlab.agents.base import Agent
from cardlab.engine.core import Action, State
from cardlab.engine.hearthstone.reduced import (COST_CAPS, END_TURN_INDEX, MANA_VALUES, N_ACTIONS, N_SPEC_ACTIONS,
                                                STATE_DIM, deck_slots, group_actions, reduced_state, state_index)
from cardlab.engine.hearthstone.state import CHOOSE, MULLIGAN
from cardlab.models.qlearn import QNet, QTable, load_qlearn
from cardlab.runtime import UserError

NET_IN_DIM = STATE_DIM + N_SPEC_ACTIONS  # 177, the source's input width
_SCALE = np.array([MANA_VALUES - 1, *COST_CAPS], dtype=np.float32)


def encode_pairs_np(values: Sequence[int], actions: Sequence[int]) -> np.ndarray:
    """One row per action: the state scaled to 0..1 (ours: keeps the sigmoid out of saturation) and the action's
    one-hot over the spec's 166; the end of the turn is the all-zero one-hot."""
    x = np.zeros((len(actions), NET_IN_DIM), dtype=np.float32)
    x[:, :STATE_DIM] = np.asarray(values, dtype=np.float32) / _SCALE
    for row, a in enumerate(actions):
        if a < N_SPEC_ACTIONS:
            x[row, STATE_DIM + a] = 1.0
    return x


def encode_pairs(values: Sequence[int], actions: Sequence[int]) -> torch.Tensor:
    return torch.from_numpy(encode_pairs_np(values, actions))


def q_values(model: QTable | QNet, values: Sequence[int], index: int, actions: Sequence[int]) -> np.ndarray:
    """Q(s, a) for each of `actions` (reduced indices) in the reduced state `values` (whose table index is `index`).

    The network runs in numpy on views of its live weights: a torch call per decision costs milliseconds on a
    busy machine (its thread pool), numpy microseconds, and training sees every update at once."""
    if isinstance(model, QTable):
        return model.values(index, actions)
    hidden, out = model.body[0], model.body[2]
    x = encode_pairs_np(values, actions)
    h = x @ hidden.weight.detach().numpy().T + hidden.bias.detach().numpy()
    h = 1.0 / (1.0 + np.exp(-h))
    return (h @ out.weight.detach().numpy()[0] + out.bias.detach().numpy()[0]).astype(np.float64)


def greedy(actions: Sequence[int], q: np.ndarray) -> int:
    """The action with the highest Q; a tie that includes the end of the turn ends it, other ties take the lowest
    index."""
    best = float(np.max(q))
    tied = [a for a, v in zip(actions, q) if v >= best]
    return END_TURN_INDEX if END_TURN_INDEX in tied else min(tied)


class QLearnAgent(Agent):
    """Greedy play from a reduced-state Q-table or Q-network checkpoint."""

    name = "qlearn"

    def __init__(self, seed: int = 0, ckpt: str = "") -> None:
        if not ckpt:
            raise UserError("agent 'qlearn' needs ckpt=PATH (a checkpoint from `cardlab train qlearn`)")
        super().__init__(seed, ckpt=ckpt)
        self.model, self.meta = load_qlearn(ckpt)
        if int(self.meta.get("n_actions", N_ACTIONS)) != N_ACTIONS:
            raise UserError(f"{ckpt}: a table over {self.meta.get('n_actions')} actions, this code has {N_ACTIONS}")
        self.slots: dict[str, int] | None = None

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        self.slots = None  # card slots come from this game's deck, read at the first decision

    def act(self, observation: State) -> Action:
        s = observation
        legal = s.legal_actions()
        if legal[0][0] == MULLIGAN:
            return (MULLIGAN, 0)
        if legal[0][0] == CHOOSE:
            return legal[self.rng.randrange(len(legal))]
        player = s.current
        if self.slots is None:
            self.slots = deck_slots(s, player)
        groups = group_actions(s, player, legal, self.slots)
        actions = sorted(groups)
        values = reduced_state(s, player)
        chosen = greedy(actions, q_values(self.model, values, state_index(values), actions))
        options = groups[chosen]
        return options[self.rng.randrange(len(options))]


AGENTS = {"qlearn": QLearnAgent}
