"""In-card choices that pause an action until the player picks an option (Tracking)."""

from __future__ import annotations

from typing import Callable

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.carddb import public_id

# kind -> resolve(state, player, options, chosen_index)
PENDING_CHOICES: dict[str, Callable] = {}
# kind -> the spell whose effect asks it (its "after you cast a spell" waits for the pick: state._choose)
SPELL_CHOICES: dict[str, str] = {"draw_one_discard_rest": "Tracking"}


def pending_choice(kind: str):
    def register(fn: Callable) -> Callable:
        PENDING_CHOICES[kind] = fn
        return fn

    return register


@pending_choice("draw_one_discard_rest")
def _draw_one(s, player: int, options: tuple, chosen: int) -> None:
    mech.add_to_hand(s, player, options[chosen])
    # the others are discarded face down: the opponent saw three cards leave the deck, one reach the hand
    s.players[player].unseen_removed += tuple(public_id(c) for i, c in enumerate(options) if i != chosen)
