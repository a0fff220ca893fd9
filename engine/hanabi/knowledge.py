"""One card's hint knowledge packed into an int, so a hand's knowledge is a tuple that clones share.

Bits 0-7: colours the card may still be (negative hints clear bits); bits 8-15: ranks it may still be;
bits 16-19: the colour a hint named for it, + 1 (0 = never told); bits 20-23: the rank a hint named, + 1.
The told fields keep positive hints apart from deductions: the simplest agents remember positive hints only.
"""

from __future__ import annotations

_TOLD_COLOUR_SHIFT, _TOLD_RANK_SHIFT = 16, 20


def fresh(colours: int, ranks: int) -> int:
    """A card nobody has hinted: every colour and rank possible."""
    return ((1 << colours) - 1) | (((1 << ranks) - 1) << 8)


def colour_mask(k: int) -> int:
    return k & 0xFF


def rank_mask(k: int) -> int:
    return (k >> 8) & 0xFF


def told_colour(k: int) -> int:
    """The colour a hint named for this card, or -1."""
    return ((k >> _TOLD_COLOUR_SHIFT) & 0xF) - 1


def told_rank(k: int) -> int:
    """The rank a hint named for this card, or -1."""
    return ((k >> _TOLD_RANK_SHIFT) & 0xF) - 1


def may_be(k: int, colour: int, rank: int) -> bool:
    """Whether hints allow the card to be (colour, rank)."""
    return bool(k & (1 << colour)) and bool(k & (1 << (rank + 8)))


def colour_hint(k: int, colour: int, touched: bool) -> int:
    """Knowledge after a hint naming `colour`: it is that colour if touched, any other colour if not."""
    if touched:
        return (k & ~0xF00FF) | (1 << colour) | ((colour + 1) << _TOLD_COLOUR_SHIFT)
    return k & ~(1 << colour)


def rank_hint(k: int, rank: int, touched: bool) -> int:
    if touched:
        return (k & ~0xF0FF00) | (1 << (rank + 8)) | ((rank + 1) << _TOLD_RANK_SHIFT)
    return k & ~(1 << (rank + 8))


def describe(k: int, colour_names: str, ranks: int) -> str:
    """`RY/12`: the colours and ranks the card may still be."""
    colours = "".join(name for i, name in enumerate(colour_names) if k & (1 << i))
    rank_text = "".join(str(r + 1) for r in range(ranks) if k & (1 << (r + 8)))
    return f"{colours}/{rank_text}"
