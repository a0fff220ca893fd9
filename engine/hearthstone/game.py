"""HearthstoneGame: two decks plus rules settings; makes seeded initial states."""

from __future__ import annotations

from engine.core import Game
from engine.hearthstone.decks import Deck, load_deck
from engine.hearthstone.state import GameConfig, HearthstoneState


class HearthstoneGame(Game):
    name = "hearthstone"
    num_players = 2

    def __init__(self, decks: tuple[Deck | str, Deck | str] = ("liege", "liege"), config: GameConfig | None = None) -> None:
        self.decks = tuple(load_deck(d) if isinstance(d, str) else d for d in decks)
        self.config = config or GameConfig()

    def new_initial_state(self, seed: int) -> HearthstoneState:
        """Seat 0 goes first; swap the decks (and agents) to alternate who starts."""
        return HearthstoneState.new(self.config, [d.as_tuple() for d in self.decks], seed)
