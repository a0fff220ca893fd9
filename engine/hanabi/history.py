"""The public record of a Hanabi game: one `Move` per turn, everything every player saw happen.

Cards are named by deal index (`card_id`: the n-th card dealt has id n; player p's opening hand is ids p*H..p*H+H-1),
so an agent can follow a hinted card through later plays and discards, and tell how many turns ago it was hinted,
from the observation alone.
"""

from __future__ import annotations

from typing import NamedTuple


class Move(NamedTuple):
    """Move number i (0-based) was played on turn i + 1.

    kind: config.PLAY / DISCARD / HINT_COLOUR / HINT_RANK. For plays and discards `slot`, `card` (its code),
    `card_id`, `drawn_id` (the replacement's id, -1 when the deck was empty) and, for plays, `success`. For hints
    `target` (absolute seat), `value` (colour or rank) and `touched` (ids of the cards it pointed at).
    """

    player: int
    action: int
    kind: int
    slot: int = -1
    card: int = -1
    card_id: int = -1
    drawn_id: int = -1
    success: bool = False
    target: int = -1
    value: int = -1
    touched: tuple[int, ...] = ()

    def to_list(self) -> list:
        return [self.player, self.action, self.kind, self.slot, self.card, self.card_id, self.drawn_id,
                int(self.success), self.target, self.value, list(self.touched)]

    @classmethod
    def from_list(cls, data: list) -> "Move":
        *head, success, target, value, touched = data
        return cls(*head, bool(success), target, value, tuple(touched))
