"""tinynim's observation encoder: the stones left and whether the player is to move."""

from __future__ import annotations

from cardlab.engine.features import Encoder


class PileEncoder(Encoder):
    name = "pile"
    version = 1

    def _names(self):
        return ["stones_left", "to_move"]

    def values(self, state, player, rng=None):
        return [float(state.stones), 1.0 if state.current_player == player else 0.0]


ENCODERS = {"pile": PileEncoder}
DEFAULT_ENCODER = "pile"
