"""Hearthstone, Classic format (the VANILLA card set of hearthstone-data)."""

from engine.hearthstone.carddb import CardDef, CardError, card_db
from engine.hearthstone.decks import Deck, DeckError, deck_pool, load_deck
from engine.hearthstone.game import HearthstoneGame
from engine.hearthstone.state import GameConfig, HearthstoneState, IllegalActionError

__all__ = ["CardDef", "CardError", "card_db", "Deck", "DeckError", "deck_pool", "load_deck", "HearthstoneGame",
           "GameConfig", "HearthstoneState", "IllegalActionError"]
