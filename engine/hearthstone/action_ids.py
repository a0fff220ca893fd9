"""Dense action ids for Hearthstone ("hearthstone-dense", version 1) and the RL hook the front ends in `cardlab.envs`
ask for (`action_ids`, `rl_encoder`, `returns_range`).

The engine's actions are tuples (state.py); RL libraries want one integer per action in a fixed range, so every
tuple the rules can produce gets a slot, whether or not a given state offers it (the mask says which are legal):

    id 0                    (END_TURN,)
    ids 1 .. 5440           (PLAY, hand, position, target, choice): 1 + ((hand * 8 + position + 1) * 17 + target + 1)
                            * 4 + choice + 1, hand 0-9, position -1-6 (-1: not a minion or the rightmost slot only),
                            target -1-15 (-1: none; side * 8 + slot, side 0 = own, slot 0 = hero), choice -1-2
    ids 5441 .. 5504        (ATTACK, attacker, target): 5441 + attacker * 8 + target - 8, attacker 0-7 (0 = hero),
                            target 8-15 (enemy hero or minion)
    ids 5505 .. 5521        (HERO_POWER, target): 5505 + target + 1, target -1-15
    ids 5522 .. 5525        (CHOOSE, option): 5522 + option, option 0-3 (Tracking's pick)
    ids 5526 .. 5557        (MULLIGAN, mask): 5526 + mask, mask 0-31

Targets are relative to the acting player, as in the engine, so the same id means the same thing for both seats.
"""

from __future__ import annotations

from cardlab.engine.core import Game
from cardlab.engine.features import Encoder, get_encoder
from cardlab.engine.hearthstone.state import ATTACK, CHOOSE, END_TURN, HERO_POWER, MULLIGAN, PLAY

NAME = "hearthstone-dense"
VERSION = 1
ENCODER = "rich"  # the fixed-width encoder the RL front ends pair with these ids

HAND, POSITIONS, TARGETS, CHOICES = 10, 8, 17, 4  # value counts: hand 0-9, position -1-6, target -1-15, choice -1-2
ATTACKERS, DEFENDERS, OPTIONS, MULLIGANS = 8, 8, 4, 32
FIRST_PLAY = 1
FIRST_ATTACK = FIRST_PLAY + HAND * POSITIONS * TARGETS * CHOICES
FIRST_HERO_POWER = FIRST_ATTACK + ATTACKERS * DEFENDERS
FIRST_CHOOSE = FIRST_HERO_POWER + TARGETS
FIRST_MULLIGAN = FIRST_CHOOSE + OPTIONS
NUM_ACTIONS = FIRST_MULLIGAN + MULLIGANS

# The rich encoder's values are small integers (health may go below zero, card indices reach the vocabulary size);
# front ends clip to these bounds, which no real game reaches.
OBSERVATION_LOW, OBSERVATION_HIGH = -1024.0, 1024.0


def _check(value: int, low: int, count: int, what: str, action: tuple) -> int:
    if not low <= value < low + count:
        raise ValueError(f"{NAME}: {what}={value} of {action!r} is outside {low}..{low + count - 1}")
    return value - low


class HearthstoneActionIds:
    """Engine action tuple <-> dense id; the mapping does not depend on the state or the decks."""

    name = NAME
    version = VERSION
    num_actions = NUM_ACTIONS

    def to_id(self, action: tuple) -> int:
        kind = action[0]
        if kind == END_TURN:
            return 0
        if kind == PLAY:
            _, hand, position, target, choice = action
            h = _check(hand, 0, HAND, "hand", action)
            p = _check(position, -1, POSITIONS, "position", action)
            t = _check(target, -1, TARGETS, "target", action)
            c = _check(choice, -1, CHOICES, "choice", action)
            return FIRST_PLAY + ((h * POSITIONS + p) * TARGETS + t) * CHOICES + c
        if kind == ATTACK:
            a = _check(action[1], 0, ATTACKERS, "attacker", action)
            d = _check(action[2], 8, DEFENDERS, "target", action)
            return FIRST_ATTACK + a * DEFENDERS + d
        if kind == HERO_POWER:
            return FIRST_HERO_POWER + _check(action[1], -1, TARGETS, "target", action)
        if kind == CHOOSE:
            return FIRST_CHOOSE + _check(action[1], 0, OPTIONS, "option", action)
        if kind == MULLIGAN:
            return FIRST_MULLIGAN + _check(action[1], 0, MULLIGANS, "mask", action)
        raise ValueError(f"{NAME}: unknown action {action!r}")

    def to_action(self, action_id: int) -> tuple:
        i = int(action_id)
        if not 0 <= i < NUM_ACTIONS:
            raise ValueError(f"{NAME}: action id {action_id!r} is outside 0..{NUM_ACTIONS - 1}")
        if i == 0:
            return (END_TURN,)
        if i < FIRST_ATTACK:
            rest, c = divmod(i - FIRST_PLAY, CHOICES)
            rest, t = divmod(rest, TARGETS)
            h, p = divmod(rest, POSITIONS)
            return (PLAY, h, p - 1, t - 1, c - 1)
        if i < FIRST_HERO_POWER:
            a, d = divmod(i - FIRST_ATTACK, DEFENDERS)
            return (ATTACK, a, d + 8)
        if i < FIRST_CHOOSE:
            return (HERO_POWER, i - FIRST_HERO_POWER - 1)
        if i < FIRST_MULLIGAN:
            return (CHOOSE, i - FIRST_CHOOSE)
        return (MULLIGAN, i - FIRST_MULLIGAN)


def action_ids(game: Game) -> HearthstoneActionIds:
    """The dense ids of `game` (the same table for every deck and option)."""
    return HearthstoneActionIds()


def rl_encoder(game: Game) -> Encoder:
    """The observation encoder the RL front ends use: `rich` (engine/hearthstone/features/rich.py)."""
    return get_encoder(ENCODER, "hearthstone")


def returns_range(game: Game) -> tuple[float, float]:
    """Zero-sum: -1 loss, 0 draw, +1 win."""
    return -1.0, 1.0
