"""Dense action ids for Dominion ("dominion-dense", version 1) and the RL hook the front ends in `cardlab.envs` ask
for (`action_ids`, `rl_encoder`, `returns_range`).

The engine's actions are card ids (0-31, cards.py's order) and six word ids (decision.py: NONE = 40 .. KEEP = 45).
The dense ids close the gap:

    ids 0 .. 31     the card with that id (play it, buy it, gain it, trash it... as the decision's kind says)
    ids 32 .. 37    NONE (done / end this phase), ALL (play every Treasure), YES, NO, DISCARD, KEEP

What an id does depends on the pending decision, which the `table` encoder shows (its `kind_*` fields).
"""

from __future__ import annotations

from cardlab.engine.core import Game
from cardlab.engine.dominion.cards import NUM_CARDS
from cardlab.engine.dominion.decision import KEEP, NONE
from cardlab.engine.dominion.features import DominionTable
from cardlab.engine.features import Encoder

NAME = "dominion-dense"
VERSION = 1
ENCODER = "table"  # engine/dominion/features.py
NUM_WORDS = KEEP - NONE + 1
NUM_ACTIONS = NUM_CARDS + NUM_WORDS
# Counts in a game stay far below the high bound (the largest pile is 60 - 7n Coppers); victory points go negative
# with Curses, down to -30 (the 4-player Curse pile). Front ends declare these bounds and clip to them.
OBSERVATION_LOW, OBSERVATION_HIGH = -30.0, 1024.0


class DominionActionIds:
    """Engine action int <-> dense id."""

    name = NAME
    version = VERSION
    num_actions = NUM_ACTIONS

    def to_id(self, action: int) -> int:
        if 0 <= action < NUM_CARDS:
            return int(action)
        if NONE <= action <= KEEP:
            return NUM_CARDS + action - NONE
        raise ValueError(f"{NAME}: unknown action {action!r}")

    def to_action(self, action_id: int) -> int:
        i = int(action_id)
        if 0 <= i < NUM_CARDS:
            return i
        if NUM_CARDS <= i < NUM_ACTIONS:
            return NONE + i - NUM_CARDS
        raise ValueError(f"{NAME}: action id {action_id!r} is outside 0..{NUM_ACTIONS - 1}")


def action_ids(game: Game) -> DominionActionIds:
    return DominionActionIds()


def rl_encoder(game: Game) -> Encoder:
    """The `table` encoder sized for the game's player count."""
    return DominionTable(players=game.num_players)


def returns_range(game: Game) -> tuple[float, float]:
    """Zero-sum: the winners share +1, the losers -1 (two players: +1/-1/0)."""
    return -1.0, 1.0
