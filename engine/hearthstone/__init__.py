"""Hearthstone, Classic format (the VANILLA card set of hearthstone-data)."""

from cardlab.engine.hearthstone.carddb import CardDef, CardError, card_db
from cardlab.engine.hearthstone.decks import Deck, DeckError, deck_pool, load_deck
from cardlab.engine.hearthstone.game import HearthstoneGame
from cardlab.engine.hearthstone.state import GameConfig, HearthstoneState, IllegalActionError

__all__ = ["CardDef", "CardError", "card_db", "Deck", "DeckError", "deck_pool", "load_deck", "HearthstoneGame",
           "GameConfig", "HearthstoneState", "IllegalActionError"]
