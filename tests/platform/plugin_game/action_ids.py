"""tinynim's RL hook (envs/codec.py): dense ids 0 and 1 for taking 1 and 2 stones."""

from __future__ import annotations

from tests.platform.plugin_game.features import PileEncoder

OBSERVATION_LOW, OBSERVATION_HIGH = 0.0, 1000.0


class NimActionIds:
    name = "tinynim-take"
    version = 1
    num_actions = 2

    def to_id(self, action: int) -> int:
        return int(action) - 1

    def to_action(self, action_id: int) -> int:
        if action_id not in (0, 1):
            raise ValueError(f"action id {action_id!r} is outside 0..1")
        return int(action_id) + 1


def action_ids(game) -> NimActionIds:
    return NimActionIds()


def rl_encoder(game) -> PileEncoder:
    return PileEncoder()


def returns_range(game) -> tuple[float, float]:
    return -1.0, 1.0
