"""Hanabi's observation encoders; `ENCODERS` is what `get_encoder(spec, game="hanabi")` looks names up in.

Encoder "vector" (version 1, vector_features.py): any Hanabi config, the default for datagen and value networks.

Encoder "hle" (version 1, hle_features.py): the Hanabi Learning Environment's canonical observation, bit for bit
(but for one kind of final row: see there).

Encoder "mini-dqn-15" (version 1): the acting player's view of 2-player mini Hanabi (spec section 4), 15 floats:

    [0, 6)    own hand, slots 0-2 (oldest first): colour (c + 1) / 2, rank (r + 1) / 3; an empty slot is (0, 0)
    [6, 12)   the partner's hand, the same way (mini players see every hand, their own included)
    [12, 14)  firework heights / 3, colour order
    14        fuses left / 2

and its 6-action space: index i < 3 plays slot i, index 3 + i discards slot i. The engine's ids are the same
numbers for a hand of 3 (config.py's layout), but the mapping goes through `to_action`/`to_index` so a model never
depends on that. A slot emptied by the end of the deck is illegal in `mask`.

Every Hanabi encoder refuses (ValueError) to encode player p's row from another player's observation, which hides
cards p sees (`check_view`); the full state or p's own observation is what they take.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from cardlab.engine.core import Rng
from cardlab.engine.features import Encoder
from cardlab.engine.hanabi.config import DISCARD, PLAY, HanabiConfig
from cardlab.engine.hanabi.state import HIDDEN, HanabiState
from cardlab.engine.hanabi.vector_features import check_view
from cardlab.runtime import UserError

MINI_DQN = "mini-dqn-15"
MINI_DQN_VERSION = 1
MINI_SLOTS = 3
MINI_ACTIONS = 2 * MINI_SLOTS
MINI_FEATURES = 4 * MINI_SLOTS + 3


def check_mini(cfg: HanabiConfig, what: str = MINI_DQN) -> None:
    """The encoder's fixed widths hold only 2-player mini Hanabi with its default shape."""
    if (cfg.players, cfg.colours, cfg.ranks, cfg.hand_size, cfg.hints, cfg.visible_own) != (2, 2, 3, 3, 0, True):
        raise UserError(f"{what} encodes 2-player mini Hanabi (hanabi:variant=mini), not {cfg.spec()}")


class MiniDQN15(Encoder):
    """The mini-Hanabi DQN's input: every card both players hold, the fireworks and the fuses (spec section 4)."""

    name = MINI_DQN
    version = MINI_DQN_VERSION
    game = "hanabi"

    def _names(self) -> list[str]:
        names = [f"{who}{slot}_{part}" for who in ("own", "partner") for slot in range(MINI_SLOTS)
                 for part in ("colour", "rank")]
        return names + ["firework0", "firework1", "fuses"]

    def values(self, state: HanabiState, player: int, rng: Rng | None = None) -> list[float]:
        cfg = state.cfg
        check_mini(cfg)
        check_view(state, player)
        row: list[float] = []
        for who in (player, 1 - player):
            hand = state.hands[who]
            for slot in range(MINI_SLOTS):
                card = hand[slot] if slot < len(hand) else HIDDEN
                if card == HIDDEN:  # an empty slot (a hidden card never occurs: mini shows every hand)
                    row += [0.0, 0.0]
                else:
                    row += [(cfg.colour_of[card] + 1) / cfg.colours, (cfg.rank_of[card] + 1) / cfg.ranks]
        row += [h / cfg.ranks for h in state.fireworks]
        row.append(state.fuses_left / cfg.fuses)
        return row


def to_action(index: int, cfg: HanabiConfig) -> int:
    """The engine's action id for a network index (play slot 0-2, then discard slot 0-2)."""
    if not 0 <= index < MINI_ACTIONS:
        raise ValueError(f"not a {MINI_DQN} action index: {index!r}")
    return cfg.play(index) if index < MINI_SLOTS else cfg.discard(index - MINI_SLOTS)


def to_index(action: int, cfg: HanabiConfig) -> int:
    """The network index of an engine play or discard (hints have none: mini Hanabi has no hints)."""
    kind, slot, _ = cfg.decode[action]
    if kind == PLAY:
        return slot
    if kind == DISCARD:
        return MINI_SLOTS + slot
    raise ValueError(f"action {action} is a hint, which {MINI_DQN} cannot express")


def mask(state: HanabiState) -> np.ndarray:
    """Legal network indices of the player to move (all False once the game is over)."""
    out = np.zeros(MINI_ACTIONS, dtype=bool)
    cfg = state.cfg
    for action in state.legal_actions():
        out[to_index(action, cfg)] = True
    return out


from cardlab.engine.hanabi.vector_features import VECTOR, HanabiVector  # noqa: E402  (it imports nothing of this module)
from cardlab.engine.hanabi.hle_features import HLE, HanabiHLE  # noqa: E402  (likewise)

ENCODERS: dict[str, Callable[..., Encoder]] = {MINI_DQN: MiniDQN15, VECTOR: HanabiVector, HLE: HanabiHLE}
DEFAULT_ENCODER = VECTOR  # what `cardlab datagen --game hanabi` records without --encoder (it fits every config)

__all__ = ["DEFAULT_ENCODER", "ENCODERS", "HLE", "HanabiHLE", "VECTOR", "HanabiVector", "MINI_ACTIONS", "MINI_DQN", "MINI_DQN_VERSION", "MINI_FEATURES", "MiniDQN15", "check_mini", "check_view",
           "mask", "to_action", "to_index"]
