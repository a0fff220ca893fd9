"""Dominion's search hooks (`DominionState.search_keys`), for the generic turn-tree search (agents/search/tree.py).

- canonical(s): the state up to the order of cards in hand, in play and in discard piles (which never matters for
  what comes next: draws come from the deck, whose order is kept), so playing Copper then Silver transposes to
  Silver then Copper.
- dominance(s): (canonical, ()): only transpositions. Nothing in Dominion is safely monotone for a learned evaluator.
- symmetric(s, actions): in the treasure phase (no card waiting for a choice), only ALL: the base set's treasures
  (Copper, Silver, Gold) only add coins, so playing every one at once is never worse than any subset or order.
- public(s): what the searching player sees that a plan depends on: its hand, the turn's counters, phase and
  pending prompt, and the sizes of the zones others hold. A different draw than the determinized one changes it,
  and the agent re-plans.
"""

from __future__ import annotations

from cardlab.engine.dominion.decision import ALL

TREASURE_PHASE = 1


class DominionKeys:
    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player = player

    def canonical(self, s) -> tuple:
        return (s.owner, s.turn, s.phase, s.coins, s.actions, s.buys, s.prompt, s.stack, s.immune, s.terminal,
                tuple(tuple(sorted(h)) for h in s.hand), tuple(s.deck), tuple(tuple(sorted(d)) for d in s.disc),
                s.aside, tuple(sorted(s.play)), tuple(s.supply), tuple(s.owned), tuple(sorted(s.trash)))

    def dominance(self, s) -> tuple:
        return self.canonical(s), ()

    def symmetric(self, s, actions: list) -> list:
        if s.prompt is None and s.phase == TREASURE_PHASE and ALL in actions:
            return [ALL]
        return actions

    def public(self, s) -> tuple:
        p = self.player
        return (s.owner, s.turn, s.phase, s.coins, s.actions, s.buys, s.prompt,
                tuple(sorted(s.hand[p])), tuple(sorted(s.play)), tuple(len(h) for h in s.hand),
                tuple(len(d) for d in s.deck), tuple(s.supply))
