"""Dominion, base set (first edition), 2-4 players, zero-sum."""

from cardlab.engine.dominion.cards import CARDS, CardInfo
from cardlab.engine.dominion.decision import Decision
from cardlab.engine.dominion.state import HIDDEN, DominionState

__all__ = ["CARDS", "CardInfo", "Decision", "DominionState", "HIDDEN"]
