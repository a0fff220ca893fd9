"""Dealing an observer's unknown hand consistent with its hint knowledge, for `determinize`.

The exact posterior over the hand is uniform over assignments of the unseen physical cards that fit every slot's
knowledge. `sample_hand` draws from it by rejection: it picks, slot by slot, a uniform physical card among the
remaining ones that fit, and accepts the hand with probability prod(m_i / M_i) (m_i: the cards that fitted when slot i
was drawn, M_i: those that fit slot i in the whole pool), which cancels the proposal's bias. Heavily constrained hands
that keep failing fall back to a randomised backtracking search: still consistent, no longer exactly uniform.
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
    hand = _backtrack(fits, order, list(counts), [-1] * len(fits), 0, rng)
    if hand is None:
        raise ValueError("no hand fits the hint knowledge and the unseen cards")
    return tuple(hand)


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


def _backtrack(fits, order, left, hand, depth, rng: Rng) -> list[int] | None:
    if depth == len(order):
        return hand
    i = order[depth]
    options = [c for c in fits[i] if left[c] > 0]
    rng.shuffle(options)
    for c in options:
        left[c] -= 1
        hand[i] = c
        if _backtrack(fits, order, left, hand, depth + 1, rng) is not None:
            return hand
        left[c] += 1
    hand[i] = -1
    return None
