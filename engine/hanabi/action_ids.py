"""Dense action ids for Hanabi ("hanabi-dense", version 1; "hle", version 1: the Hanabi Learning Environment's move
uids) and the RL hook the front ends in `cardlab.envs` ask for (`action_ids`, `ACTION_ID_LAYOUTS`, `rl_encoder`,
`returns_range`).

The engine's actions are already dense ints (config.py; HLE's layout with the play and discard blocks swapped): play
slot i, discard slot i, colour hints by target offset, rank hints by target offset, `num_actions = 2H + (P-1)(C+R)`
in all. The ids are those ints, so
an id means the same move for every seat (hint targets are relative to the giver).
"""

from __future__ import annotations

from cardlab.engine.core import Game
from cardlab.engine.features import Encoder
from cardlab.engine.hanabi.vector_features import vector_encoder

NAME = "hanabi-dense"
VERSION = 1
ENCODER = "vector"  # engine/hanabi/vector_features.py
OBSERVATION_LOW, OBSERVATION_HIGH = 0.0, 1.0


class HanabiActionIds:
    """Identity over the engine's action ints, with the range check an RL library's integer needs."""

    name = NAME
    version = VERSION

    def __init__(self, num_actions: int) -> None:
        self.num_actions = num_actions

    def to_id(self, action: int) -> int:
        if not 0 <= action < self.num_actions:
            raise ValueError(f"{NAME}: action {action!r} is outside 0..{self.num_actions - 1}")
        return int(action)

    def to_action(self, action_id: int) -> int:
        i = int(action_id)
        if not 0 <= i < self.num_actions:
            raise ValueError(f"{NAME}: action id {action_id!r} is outside 0..{self.num_actions - 1}")
        return i


class HanabiHLEActionIds(HanabiActionIds):
    """HLE's move uids: discard slot i, then play slot i, then the hints in the engine's order (checked against HLE
    0.0.4's `get_move_uid` for 2-5 players): the engine's first two blocks swapped."""

    name = "hle"
    version = 1

    def __init__(self, num_actions: int, hand_size: int) -> None:
        super().__init__(num_actions)
        self.hand_size = hand_size

    def _swap(self, i: int) -> int:
        h = self.hand_size
        return i + h if i < h else (i - h if i < 2 * h else i)

    def to_id(self, action: int) -> int:
        return self._swap(super().to_id(action))

    def to_action(self, action_id: int) -> int:
        return self._swap(super().to_action(action_id))


def action_ids(game: Game) -> HanabiActionIds:
    return HanabiActionIds(game.config.num_actions)


def hle_action_ids(game: Game) -> HanabiHLEActionIds:
    return HanabiHLEActionIds(game.config.num_actions, game.config.hand_size)


ACTION_ID_LAYOUTS = {NAME: action_ids, "hle": hle_action_ids}  # what the front ends' action_ids= names


def rl_encoder(game: Game) -> Encoder:
    """The `vector` encoder sized for this game's config."""
    return vector_encoder(game.config)


def returns_range(game: Game) -> tuple[float, float]:
    """Cooperative: every player gets the team score, 0 to the perfect score."""
    return 0.0, float(game.config.max_score)
