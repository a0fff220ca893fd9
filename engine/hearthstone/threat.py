"""Threat colours of the value-network thesis (spec section 4): effective HP = own hero health minus the total
attack of enemy minions; red below 1, green from a threshold the thesis leaves open (ours: 15)."""

from __future__ import annotations

from enum import IntEnum

DEFAULT_GREEN_THRESHOLD = 15  # (ours) the thesis does not give the green/yellow boundary
DEFAULT_RED_THRESHOLD = 1  # red = effective HP < 1 (spec)


class ThreatColour(IntEnum):
    """Ordered by threat: a move to a lower value is an improvement."""

    GREEN = 0
    YELLOW = 1
    RED = 2


def effective_hp(state, player: int) -> int:
    return state.players[player].hero.health - sum(m.attack for m in state.players[1 - player].board)


def colour_of(eff_hp: int, green_threshold: int = DEFAULT_GREEN_THRESHOLD,
              red_threshold: int = DEFAULT_RED_THRESHOLD) -> ThreatColour:
    if eff_hp < red_threshold:
        return ThreatColour.RED
    return ThreatColour.GREEN if eff_hp >= green_threshold else ThreatColour.YELLOW
