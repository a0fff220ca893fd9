"""Card facts the rule-based agents reason with, as bitmasks over card codes (bit `code` = colour * ranks + rank).

A set of cards is an int, so "every card it can still be is playable" is `possible & ~playable == 0`.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.config import HanabiConfig
from cardlab.engine.hanabi.state import HIDDEN, HanabiState


def bits(mask: int) -> Iterator[int]:
    """The set bits of mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_HINT_MASKS: dict[int, int] = {}


def hint_mask(cfg: HanabiConfig, k: int) -> int:
    """Cards allowed by a slot's hint knowledge (negative hints included); memoised, agents ask it constantly."""
    key = (k & 0xFFFF) | (cfg.ranks << 16)
    mask = _HINT_MASKS.get(key)
    if mask is None:
        ranks = kn.rank_mask(k)
        mask = 0
        for colour in bits(kn.colour_mask(k)):
            mask |= ranks << (colour * cfg.ranks)
        _HINT_MASKS[key] = mask
    return mask


def planes(counts: Sequence[int]) -> tuple[int, int]:
    """Copies per card (0-3) as two bitmasks, bit 0 and bit 1 of each count, so weighing a set of cards is two
    popcounts instead of a loop."""
    low = high = 0
    for code, n in enumerate(counts):
        if n & 1:
            low |= 1 << code
        if n & 2:
            high |= 1 << code
    return low, high


def present(weights: tuple[int, int]) -> int:
    """Cards with at least one copy."""
    return weights[0] | weights[1]


def weight(mask: int, weights: tuple[int, int]) -> int:
    """Copies of the cards in mask."""
    return (mask & weights[0]).bit_count() + 2 * (mask & weights[1]).bit_count()


def probability(mask: int, good: int, weights: tuple[int, int]) -> float:
    """P(card in `good`) for a card uniform over the copies of the cards in mask (0 for an empty mask)."""
    total = weight(mask, weights)
    return weight(mask & good, weights) / total if total else 0.0


class Board:
    """Which cards are playable, useless or critical now, from the fireworks and the discard pile."""

    __slots__ = ("cfg", "playable", "useless", "critical", "discarded")

    def __init__(self, cfg: HanabiConfig, fireworks: Sequence[int], discards: Sequence[int]) -> None:
        self.cfg = cfg
        r = cfg.ranks
        discarded = [0] * cfg.num_codes
        for card in discards:
            discarded[card] += 1
        self.discarded = discarded
        playable = useless = critical = 0
        for colour, height in enumerate(fireworks):
            base = colour * r
            dead = False  # a lower rank of this colour has no copy left: the firework stops there
            for rank in range(r):
                code = base + rank
                left = cfg.copies[code] - discarded[code]
                if rank < height or dead:
                    useless |= 1 << code
                else:
                    if rank == height:
                        playable |= 1 << code
                    if left == 1:
                        critical |= 1 << code
                if rank >= height and left == 0:
                    dead = True
        self.playable, self.useless, self.critical = playable, useless, critical

    @classmethod
    def of(cls, state: HanabiState) -> "Board":
        return cls(state.cfg, state.fireworks, state.discards)

    @property
    def safe(self) -> int:
        """Cards that may be discarded without losing points: useless, or another copy remains."""
        return ((1 << self.cfg.num_codes) - 1) & ~self.critical


def hidden_counts(state: HanabiState, player: int) -> list[int]:
    """Copies of each card `player` cannot see, counting its own hand as unseen even when the variant shows it
    (so a visible own card's possibilities are that one card, with a copy to weigh)."""
    counts = state.unseen_counts(player)
    if state.cfg.visible_own:
        for card in state.hands[player]:
            counts[card] += 1
    return counts


def common_counts(state: HanabiState, a: int, b: int) -> list[int]:
    """Copies of each card that neither `a` nor `b` sees for sure: a lower bound on what each of them can rule out,
    for guessing what player b can deduce when a cannot see a's own hand."""
    cfg = state.cfg
    counts = list(cfg.copies)
    for colour, height in enumerate(state.fireworks):
        for rank in range(height):
            counts[colour * cfg.ranks + rank] -= 1
    for card in state.discards:
        counts[card] -= 1
    for q, hand in enumerate(state.hands):
        if q not in (a, b):
            for card in hand:
                if card != HIDDEN:
                    counts[card] -= 1
    return counts

