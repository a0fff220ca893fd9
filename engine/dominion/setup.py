"""A game's fixed tables: kingdom, piles, starting supply and turn cap, built once per (kingdom, players, cap)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from cardlab.engine.core import Rng
from cardlab.runtime import UserError
from cardlab.engine.dominion.cards import (BASE_CARDS, CARD_ID, COPPER, COST, CURSE, DUCHY, ESTATE, GOLD, IS_VICTORY,
                                           KINGDOM_CARDS, NUM_CARDS, PROVINCE, SILVER)

MAX_TURNS = 100  # per player: a safety cap against agents that never end the game (it ends scored as usual)
# The most turns a game may last in all (max_turns x players): the `table` encoder's turns_left starts at the cap less
# one, and the RL front ends declare and clip observations to at most 1024 (action_ids.OBSERVATION_HIGH).
MAX_TURN_CAP = 1024


def check_max_turns(max_turns: int, players: int) -> None:
    """Refuse a turn cap past MAX_TURN_CAP (max_turns at most 512, 341, 256 at 2, 3, 4 players)."""
    if max_turns * players > MAX_TURN_CAP:
        raise UserError(f"dominion: max_turns={max_turns} is too large for {players} players: at most "
                        f"{MAX_TURN_CAP // players} (the game's {MAX_TURN_CAP}-turn bound, which the table "
                        f"encoder's turns_left and the RL observations keep to)")


@dataclass(frozen=True)
class Setup:
    """Everything about a game that never changes once it starts; states share one instance."""

    kingdom: tuple[str, ...]
    players: int
    max_turns: int
    piles: tuple[int, ...]  # card ids in this game's supply, ascending
    start_supply: tuple[int, ...]  # per card id; 0 for cards not in the game
    turn_cap: int  # the game ends after turn number turn_cap (max_turns turns each)
    affordable: tuple[tuple[int, ...], ...]  # [coins]: the piles costing at most that, ascending (last: all)


def supply_size(card: int, players: int) -> int:
    """Spec section 1: Copper 60-7n, Silver 40, Gold 30, victory piles 8 (2 players) or 12, Curse 10(n-1), else 10."""
    victory = 8 if players == 2 else 12
    if card == COPPER:
        return 60 - 7 * players
    if card == SILVER:
        return 40
    if card == GOLD:
        return 30
    if card in (ESTATE, DUCHY, PROVINCE) or IS_VICTORY[card]:
        return victory
    if card == CURSE:
        return 10 * (players - 1)
    return 10


@lru_cache(maxsize=256)
def make_setup(kingdom: tuple[str, ...], players: int, max_turns: int = MAX_TURNS) -> Setup:
    check_max_turns(max_turns, players)
    piles = tuple(sorted(BASE_CARDS + tuple(CARD_ID[name] for name in kingdom)))
    start = [0] * NUM_CARDS
    for card in piles:
        start[card] = supply_size(card, players)
    top = max(COST[c] for c in piles)
    affordable = tuple(tuple(c for c in piles if COST[c] <= coins) for coins in range(top + 1))
    return Setup(tuple(kingdom), players, max_turns, piles, tuple(start), max_turns * players, affordable)


def random_kingdom(seed: int) -> tuple[str, ...]:
    """10 of the 25 kingdom cards, a function of the game seed only (its own stream, apart from the shuffles)."""
    rng = Rng(seed ^ 0x5DEECE66D2B7F1A3)
    return tuple(sorted(rng.sample(KINGDOM_CARDS, 10), key=CARD_ID.__getitem__))
