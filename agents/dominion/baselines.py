"""Dominion baselines of spec section 2: random, bigmoney (the reference), smithy-bm and greedy.

They read the observation's public fields (`phase`, `prompt`, `coins`, `supply`, `owned_counts`) rather than
building a `Decision`, so a BigMoney decision costs a few microseconds. Prompts the spec does not cover get the
documented defaults of `default_answer`.
"""

from __future__ import annotations

from cardlab.agents.base import Agent
from cardlab.runtime import UserError
from cardlab.engine.dominion.cards import (CARD_ID, COIN_VALUE, COST, CURSE, DUCHY, ESTATE, GOLD, IS_TREASURE,
                                           IS_VICTORY, NUM_CARDS, PROVINCE, SILVER)
from cardlab.engine.dominion.decision import ALL, DISCARD, KEEP, NONE, YES
from cardlab.engine.dominion.state import ACTION, BUY, TREASURE, DominionState

SMITHY = CARD_ID["Smithy"]
_JUNK = tuple(IS_VICTORY[c] or c == CURSE for c in range(NUM_CARDS))  # cards that do nothing in hand


def money_discard_key(card: int) -> tuple:
    """Lowest money value first; among equal money, Victory and Curse cards before Actions, then the cheaper."""
    return COIN_VALUE[card], not _JUNK[card], COST[card]


def junk_first_key(card: int) -> tuple:
    """Victory and Curse cards first, then the cheapest (greedy's discards, and Remodel/Chapel trashes)."""
    return card != CURSE, not _JUNK[card], COST[card]


def curse_then_cheapest_key(card: int) -> tuple:
    """Greedy's trashes: Curses first, then the cheapest card."""
    return card != CURSE, COST[card]


def _best(options, key, rng) -> int:
    """The option with the highest key, uniformly among ties."""
    top = max(key(c) for c in options)
    tied = [c for c in options if key(c) == top]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


def default_answer(state: DominionState, rng, discard_key=money_discard_key) -> int:
    """A sensible answer to any card prompt:
    reveal Moat: yes. Discard (Militia, required): by `discard_key`; Cellar: its Victory/Curse cards, then done.
    Trash: Chapel trashes Curses and Estates, then done; Remodel/Mine the card first by `junk_first_key` (Mine:
    the cheapest Treasure). Gain: the most expensive (random among equal costs), never a Curse when avoidable.
    Topdeck (Bureaucrat): the cheapest Victory card. Library: set Actions aside when no action is left.
    Spy: discard own junk (Victory, Curse, Copper), keep own good cards; the reverse for others.
    Thief: trash the most expensive Treasure, gain it unless it is a Copper. Chancellor: yes. Throne Room: the
    most expensive Action.
    """
    kind, player, _card, target, options = state.prompt[:5]
    cards = [c for c in options if c < NONE]
    if kind == "reveal":
        return YES
    if kind == "discard":
        if NONE not in options:
            return min(cards, key=discard_key)
        junk = [c for c in cards if _JUNK[c]]
        return junk[0] if junk else NONE
    if kind == "trash":
        if NONE in options:
            junk = [c for c in cards if c == CURSE or c == ESTATE]
            return junk[0] if junk else NONE
        return min(cards, key=junk_first_key)
    if kind in ("gain", "throne", "thief-trash"):
        return _best(cards, lambda c: (c != CURSE, COST[c]), rng)
    if kind == "topdeck":
        return min(cards, key=lambda c: COST[c])
    if kind == "set-aside":
        return cards[0] if state.actions == 0 else NONE
    if kind == "spy":
        good = not _JUNK[_card] and _card != 0
        return (KEEP if good else DISCARD) if target == player else (DISCARD if good else KEEP)
    if kind == "thief-gain":
        return cards[0] if cards and cards[0] != 0 else NONE
    if kind == "chancellor":
        return YES
    return options[0]


class RandomDominionAgent(Agent):
    """Uniform over legal actions."""

    name = "random"

    def act(self, observation: DominionState) -> int:
        legal = observation.legal_actions()
        return legal[self.rng.randrange(len(legal))]


class BigMoneyAgent(Agent):
    """Buy Province; else Duchy if at most 5 Provinces remain; else Estate if at most 2 remain; else Gold; else
    Silver. Never plays Action cards; always plays all Treasures; discards the lowest money value first.

    `explore=P` (default 0): each buy decision is, with probability P, uniform over the legal buys (no buy
    included) instead of the rule: behaviour data for value networks, which must see the buys the rule never makes.
    """

    name = "bigmoney"

    def __init__(self, seed: int = 0, explore: float = 0.0) -> None:
        super().__init__(seed, **({"explore": explore} if explore else {}))  # the spec names it only when set
        if not 0.0 <= explore <= 1.0:
            raise UserError(f"{self.name}: explore must be in [0, 1], got {explore}")
        self.explore = explore

    def act(self, obs: DominionState) -> int:
        if obs.prompt is not None:
            return default_answer(obs, self.rng)
        phase = obs.phase
        if phase == TREASURE:
            return ALL
        if phase == BUY:
            if self.explore and self.rng.random() < self.explore:
                legal = obs.legal_actions()
                return legal[self.rng.randrange(len(legal))]
            return self.buy(obs)
        return self.play_action(obs)

    def play_action(self, obs: DominionState) -> int:
        return NONE

    def buy(self, obs: DominionState) -> int:
        coins, supply = obs.coins, obs.supply
        provinces = supply[PROVINCE]
        if coins >= 8 and provinces:
            return PROVINCE
        if coins >= 5 and provinces <= 5 and supply[DUCHY]:
            return DUCHY
        if coins >= 2 and provinces <= 2 and supply[ESTATE]:
            return ESTATE
        if coins >= 6 and supply[GOLD]:
            return GOLD
        extra = self.extra_buy(obs)
        if extra is not None:
            return extra
        if coins >= 3 and supply[SILVER]:
            return SILVER
        return NONE

    def extra_buy(self, obs: DominionState) -> int | None:
        """Hook for Big Money variants: a buy between Gold and Silver."""
        return None


class SmithyBigMoneyAgent(BigMoneyAgent):
    """Big Money that buys a Smithy with $4-5 while it owns fewer Smithies than treasures / 11, and plays it."""

    name = "smithy-bm"

    def play_action(self, obs: DominionState) -> int:
        return SMITHY if obs.actions > 0 and SMITHY in obs.hand[obs.owner] else NONE

    def extra_buy(self, obs: DominionState) -> int | None:
        if 4 <= obs.coins <= 5 and obs.supply[SMITHY]:
            base = obs.owner * NUM_CARDS
            owned = obs.owned
            treasures = sum(owned[base + c] for c in range(NUM_CARDS) if IS_TREASURE[c])
            if owned[base + SMITHY] < treasures / 11:
                return SMITHY
        return None


class GreedyAgent(Agent):
    """Buys the most expensive affordable card other than Copper and Curse (random among equal costs), plays the
    most expensive Action first, trashes Curses first then the cheapest (Chapel: up to 4), answers Remodel/Mine
    with the cheapest card, discards Victory cards first then the cheapest; other prompts as `default_answer`."""

    name = "greedy"

    def act(self, obs: DominionState) -> int:
        pr = obs.prompt
        if pr is None:
            if obs.phase == TREASURE:
                return ALL
            legal = obs.legal_actions()
            if obs.phase == ACTION:
                cards = legal[:-1]
                return _best(cards, COST.__getitem__, self.rng) if cards else NONE
            cards = [c for c in legal[:-1] if c != 0 and c != CURSE]
            return _best(cards, COST.__getitem__, self.rng) if cards else NONE
        kind, options = pr[0], pr[4]
        cards = [c for c in options if c < NONE]
        if kind == "trash":
            return min(cards, key=curse_then_cheapest_key)
        if kind == "discard":
            if NONE in options:  # Cellar: Victory and Curse cards only
                junk = [c for c in cards if _JUNK[c]]
                return junk[0] if junk else NONE
            return min(cards, key=junk_first_key)
        return default_answer(obs, self.rng, junk_first_key)


AGENTS = {
    "random": RandomDominionAgent,
    "bigmoney": BigMoneyAgent,
    "smithy-bm": SmithyBigMoneyAgent,
    "greedy": GreedyAgent,
}

__all__ = ["AGENTS", "BigMoneyAgent", "GreedyAgent", "RandomDominionAgent", "SmithyBigMoneyAgent", "default_answer",
           "money_discard_key", "junk_first_key", "curse_then_cheapest_key"]
