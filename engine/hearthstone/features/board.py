"""Board features and the action spaces of the DQN board models (spec section 6).

Encoder "board86" (version 1), from the acting player's side, fixed slot order:
    14 minion slots (own 7 then enemy 7) x [attack/10, health/10, can attack now, taunt, divine shield, present]
    + own hero health/30 + enemy hero health/30 (armor included).
Scaled so the sigmoid networks see values near [0, 1].

Action spaces, mapped to engine ATTACK tuples (2, attacker_slot, target_code), target codes 8 = enemy hero,
8 + j = enemy minion j:
    q57: index (slot - 1) * 8 + (code - 8) for attacker slots 1..7, index 56 = END_TURN.
    q8:  index slot - 1 = "attack with this minion" (target from the classifier), index 7 = END_TURN.
Hero (weapon) attacks are not part of either space.
"""

from __future__ import annotations

import numpy as np

from cardlab.engine.hearthstone.state import ATTACK, END_TURN_ACTION

ENCODER_NAME = "board86"
ENCODER_VERSION = 1
SLOTS = 7
MINION_FEATURES = 6
FEATURES = 2 * SLOTS * MINION_FEATURES + 2  # 86
N57 = SLOTS * 8 + 1
N8 = SLOTS + 1
END57 = N57 - 1
END8 = N8 - 1
N_TARGETS = 8  # enemy hero + 7 enemy minion slots


def encode_board(state, player: int) -> np.ndarray:
    """board86 features of `state` (full state, observation or BoardGameState) from `player`'s side."""
    out = np.zeros(FEATURES, dtype=np.float32)
    players = state.players
    for side, p in enumerate((players[player], players[1 - player])):
        base = side * SLOTS * MINION_FEATURES
        for i, m in enumerate(p.board[:SLOTS]):
            k = base + i * MINION_FEATURES
            out[k] = m.attack / 10.0
            out[k + 1] = m.health / 10.0
            out[k + 2] = 1.0 if (side == 0 and m.can_attack()) else 0.0
            out[k + 3] = 1.0 if m.taunt else 0.0
            out[k + 4] = 1.0 if m.divine_shield else 0.0
            out[k + 5] = 1.0
    me, opp = players[player].hero, players[1 - player].hero
    out[-2] = (me.health + me.armor) / 30.0
    out[-1] = (opp.health + opp.armor) / 30.0
    return out


def attack_to_index57(action: tuple) -> int:
    if action == END_TURN_ACTION:
        return END57
    return (action[1] - 1) * 8 + (action[2] - 8)


def index57_to_action(index: int) -> tuple:
    if index == END57:
        return END_TURN_ACTION
    return (ATTACK, index // 8 + 1, 8 + index % 8)


def board_actions(legal: list[tuple]) -> list[tuple]:
    """The moves of the board models among `legal`: minion attacks and END_TURN."""
    return [a for a in legal if a == END_TURN_ACTION or (a[0] == ATTACK and a[1] > 0)]


def mask57(legal: list[tuple]) -> np.ndarray:
    """True where the 57-action index is legal (taunt, can't attack, empty slots all come from `legal`)."""
    m = np.zeros(N57, dtype=bool)
    for a in board_actions(legal):
        m[attack_to_index57(a)] = True
    return m


def mask8(legal: list[tuple]) -> np.ndarray:
    """True for attackers with at least one legal target, and END_TURN when legal."""
    m = np.zeros(N8, dtype=bool)
    for a in board_actions(legal):
        m[END8 if a == END_TURN_ACTION else a[1] - 1] = True
    return m


def target_mask(legal: list[tuple], attacker_slot: int) -> np.ndarray:
    """Legal targets (0 = enemy hero, j = enemy minion j) of one attacker."""
    m = np.zeros(N_TARGETS, dtype=bool)
    for a in legal:
        if a[0] == ATTACK and a[1] == attacker_slot:
            m[a[2] - 8] = True
    return m


def classifier_input(features: np.ndarray, attacker_slot: int) -> np.ndarray:
    """Target-classifier input: board86 features + one-hot attacker slot (1..7)."""
    x = np.zeros(FEATURES + SLOTS, dtype=np.float32)
    x[:FEATURES] = features
    x[FEATURES + attacker_slot - 1] = 1.0
    return x


CLASSIFIER_FEATURES = FEATURES + SLOTS
