"""DominionGame: base-set Dominion for 2-4 players. Registry spec `dominion:kingdom=first-game,players=2`."""

from __future__ import annotations

from typing import Sequence

from cardlab.engine.core import ZERO_SUM, Game, derive_seed
from cardlab.engine.dominion.cards import KINGDOMS, RANDOM, kingdom_label, parse_kingdom
from cardlab.engine.dominion.setup import MAX_TURNS, check_max_turns, make_setup, random_kingdom
from cardlab.engine.dominion.state import DominionState
from cardlab.engine.registry import GameOption
from cardlab.runtime import UserError

DESCRIPTION = "Dominion base set (first edition), 2-4 players, zero-sum; named, random or listed kingdoms"
PLAYERS = (2, 3, 4)
KIND = ZERO_SUM
EXAMPLE = "dominion:kingdom=first-game,players=2"
# The turn-tree search (agents/search) answers other players' decisions inside a turn (Militia's discards, Moat's
# reveal) with this agent spec: the reference baseline's documented prompt answers (agents/dominion/baselines.py).
SEARCH_OTHERS = "bigmoney"
OPTIONS = {
    "kingdom": GameOption("first-game", f"{', '.join(KINGDOMS)}, random (10 of 25 from the game seed), or 10 "
                                        "card names separated by commas"),
    "players": GameOption(2, "number of players, 2-4"),
    "max_turns": GameOption(MAX_TURNS, "turns per player after which the game ends, scored as usual (a safety cap; "
                                           "at most 1024 turns in all)"),
}


class DominionGame(Game):
    name = "dominion"
    kind = ZERO_SUM

    def __init__(self, kingdom: str = "first-game", players: int = 2, max_turns: int = MAX_TURNS) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise UserError(f"dominion: players={players!r} is not an integer in 2-4")
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
            raise UserError(f"dominion: max_turns={max_turns!r} is not a positive integer")
        check_max_turns(max_turns, players)
        self.kingdom = parse_kingdom(kingdom)
        self.num_players = players
        self.max_turns = max_turns
        parts = [f"kingdom={kingdom_label(self.kingdom)}", f"players={players}"]
        if max_turns != MAX_TURNS:
            parts.append(f"max_turns={max_turns}")
        self.spec = "dominion:" + ",".join(parts)

    def new_initial_state(self, seed: int, roles: Sequence[int] | None = None) -> DominionState:
        """Seat 0 starts; every seat plays the same rules, so `roles` changes nothing."""
        kingdom = random_kingdom(derive_seed("kingdom", seed)) if self.kingdom == RANDOM else self.kingdom
        return DominionState.new(make_setup(kingdom, self.num_players, self.max_turns), seed)

    @property
    def max_actions(self) -> int:
        """The arena's runaway guard: far above any capped game."""
        return 400 * self.max_turns * self.num_players

    def describe(self) -> str:
        return f"Dominion {kingdom_label(self.kingdom)} {self.num_players}p"

    def file_attrs(self) -> dict:
        return {"kingdom": kingdom_label(self.kingdom)}


def make_game(kingdom: str = "first-game", players: int = 2, max_turns: int = MAX_TURNS) -> DominionGame:
    return DominionGame(kingdom, players, max_turns)
