"""The source's `counting` agent: negative hints and card counting decide what its cards can still be."""

from __future__ import annotations

from typing import Sequence

from cardlab.agents.hanabi.cards import Board, common_counts, hidden_counts, hint_mask, planes, present
from cardlab.agents.hanabi.hinting import HintingAgent
from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.config import HanabiConfig
from cardlab.engine.hanabi.state import HIDDEN, HanabiState


def deduce(masks: Sequence[int], counts: Sequence[int]) -> list[int]:
    """Private possibility tables: each slot's hint mask cut to the cards with unseen copies, repeated while cards
    pinned to one identity use up copies the other slots could have held."""
    masks = list(masks)
    available = present(planes(counts))
    masks = [m & available for m in masks]
    left = list(counts)
    pinned = [False] * len(masks)
    changed = True
    while changed:
        changed = False
        for i, mask in enumerate(masks):
            if pinned[i] or mask == 0 or mask & (mask - 1):
                continue
            pinned[i] = True
            code = mask.bit_length() - 1
            left[code] -= 1
            if left[code] <= 0:
                for j in range(len(masks)):
                    if j != i and not pinned[j] and masks[j] & mask:
                        masks[j] &= ~mask
                        changed = True
            changed = True
    return masks


def own_possibilities(observation: HanabiState, player: int) -> list[int]:
    """What each of `player`'s cards can be, from hints (negative too), every visible card and deductions."""
    cfg = observation.cfg
    masks = []
    for card, k in zip(observation.hands[player], observation.knowledge[player]):
        masks.append(hint_mask(cfg, k) if card == HIDDEN else 1 << card)
    return deduce(masks, hidden_counts(observation, player))


def public_possibilities(observation: HanabiState, holder: int) -> list[int]:
    """What `holder` can surely rule out for its cards, as far as the acting player can tell."""
    cfg = observation.cfg
    available = present(planes(common_counts(observation, observation.current, holder)))
    return [hint_mask(cfg, k) & available for k in observation.knowledge[holder]]


def top_rank_cards(cfg: HanabiConfig) -> int:
    return sum(1 << cfg.code(colour, cfg.ranks - 1) for colour in range(cfg.colours))


class CountingAgent(HintingAgent):
    """As hinting, with knowledge from negative hints and card counting: it plays a card when every card it can
    still be is playable, and discards first a card that every card it can still be is useless."""

    name = "counting"

    def __init__(self, seed: int = 0, **options) -> None:
        super().__init__(seed, **options)
        self._cached: tuple[HanabiState, list[int], Board] | None = None

    def knowledge_of(self, observation: HanabiState) -> tuple[list[int], Board]:
        """(my cards' possibility masks, the board), computed once per observation."""
        if self._cached is None or self._cached[0] is not observation:
            self._cached = (observation, own_possibilities(observation, observation.current), Board.of(observation))
        return self._cached[1], self._cached[2]

    def certain_play(self, observation: HanabiState) -> int | None:
        mine, board = self.knowledge_of(observation)
        for slot, mask in enumerate(mine):
            if mask and not mask & ~board.playable:
                return slot
        return None

    def holder_knows_playable(self, observation: HanabiState, player: int, slot: int) -> bool:
        mask = public_possibilities(observation, player)[slot]
        return bool(mask) and not mask & ~self.knowledge_of(observation)[1].playable

    def completing_hint(self, observation: HanabiState, offset: int, slot: int) -> int:
        """The rank unless the holder has pinned it down already, else the colour."""
        cfg = observation.cfg
        player = (observation.current + offset) % cfg.players
        card = observation.hands[player][slot]
        ranks = kn.rank_mask(observation.knowledge[player][slot])
        if ranks & (ranks - 1):
            return cfg.hint_rank(offset, cfg.rank_of[card])
        return cfg.hint_colour(offset, cfg.colour_of[card])

    def choose_discard(self, observation: HanabiState) -> int:
        """A card surely useless; else a random card not surely of the top rank; else any random card."""
        cfg = observation.cfg
        mine, board = self.knowledge_of(observation)
        for slot, mask in enumerate(mine):
            if mask and not mask & ~board.useless:
                return cfg.discard(slot)
        top = top_rank_cards(cfg)
        slots = [s for s, mask in enumerate(mine) if not (mask and not mask & ~top)] or list(range(len(mine)))
        return cfg.discard(slots[self.rng.randrange(len(slots))])

