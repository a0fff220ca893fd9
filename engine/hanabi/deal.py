"""Dealing an observer's unknown hand consistent with its hint knowledge, for `determinize`.

The exact posterior over the hand is uniform over assignments of the unseen physical cards that fit every slot's
knowledge. `sample_hand` draws from it by rejection: it picks, slot by slot, a uniform physical card among the
remaining ones that fit, and accepts the hand with probability prod(m_i / M_i) (m_i: the cards that fitted when slot i
was drawn, M_i: those that fit slot i in the whole pool), which cancels the proposal's bias. Hands that keep
failing (the slots compete for a few cards: an empty deck, tight hints) are drawn exactly instead, by counting each
choice's completions; those pools are small, so the count is cheap where it is needed.
"""

from __future__ import annotations

from typing import Sequence

from cardlab.engine.core import Rng
from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.config import HanabiConfig

_ATTEMPTS = 64


def fitting_codes(cfg: HanabiConfig, k: int, counts: Sequence[int]) -> list[int]:
    """Card codes a slot with knowledge `k` may hold, among those with copies left in `counts`."""
    r = cfg.ranks
    return [code for code in range(cfg.num_codes)
            if counts[code] > 0 and kn.may_be(k, code // r, code % r)]


def sample_hand(cfg: HanabiConfig, knowledge: Sequence[int], counts: Sequence[int], rng: Rng,
                masks: Sequence[int] | None = None) -> tuple[int, ...]:
    """Card codes for each slot, drawn from `counts` (copies per code not seen by the observer).
    `masks` (optional, a bitmask of card codes per slot) narrows each slot further: what a convention such as
    `hat` taught the observer beyond the hints' literal content."""
    fits = [fitting_codes(cfg, k, counts) for k in knowledge]
    if masks is not None:
        fits = [[c for c in f if m >> c & 1] for f, m in zip(fits, masks)]
    order = sorted(range(len(fits)), key=lambda i: len(fits[i]))
    bound = [sum(counts[c] for c in f) for f in fits]
    if any(b == 0 for b in bound):
        raise ValueError("no card left fits the hint knowledge of a slot")
    for _ in range(_ATTEMPTS):
        hand = _propose(fits, order, bound, counts, rng)
        if hand is not None:
            return hand
    return _exact(fits, order, tuple(counts), rng)


def _propose(fits, order, bound, counts, rng: Rng) -> tuple[int, ...] | None:
    left = list(counts)
    hand = [-1] * len(fits)
    accept = 1.0
    for i in order:
        fit = fits[i]
        m = 0
        for c in fit:
            m += left[c]
        if m == 0:
            return None
        pick = rng.randrange(m)
        for c in fit:
            pick -= left[c]
            if pick < 0:
                break
        left[c] -= 1
        hand[i] = c
        accept *= m / bound[i]
    return tuple(hand) if accept >= 1.0 or rng.random() < accept else None


def _exact(fits, order, counts: tuple[int, ...], rng: Rng) -> tuple[int, ...]:
    """A uniform assignment of physical cards: each slot (in `order`) takes code c with weight
    copies_left(c) x the number of ways to fill the remaining slots afterwards."""
    memo: dict[tuple, int] = {}

    def ways(depth: int, left: tuple[int, ...]) -> int:
        if depth == len(order):
            return 1
        key = (depth, left)
        if key not in memo:
            total = 0
            for c in fits[order[depth]]:
                if left[c]:
                    total += left[c] * ways(depth + 1, left[:c] + (left[c] - 1,) + left[c + 1:])
            memo[key] = total
        return memo[key]

    if ways(0, counts) == 0:
        raise ValueError("no hand fits the hint knowledge and the unseen cards")
    hand = [-1] * len(fits)
    left = counts
    for depth, i in enumerate(order):
        weights = []
        for c in fits[i]:
            if left[c]:
                weights.append((c, left[c] * ways(depth + 1, left[:c] + (left[c] - 1,) + left[c + 1:])))
        pick = rng.randrange(sum(w for _, w in weights))
        for c, w in weights:
            pick -= w
            if pick < 0:
                break
        hand[i] = c
        left = left[:c] + (left[c] - 1,) + left[c + 1:]
    return tuple(hand)
