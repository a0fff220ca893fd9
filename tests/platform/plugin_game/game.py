"""tinynim: a pile of stones, two players take 1 or 2 in turn; whoever takes the last stone wins (zero-sum).

Every move is a turn, so a finished game's `turn_number` is its number of moves (the last turn's number).
"""

from __future__ import annotations

from cardlab.engine.core import ZERO_SUM, Game, Rng, State
from cardlab.engine.registry import GameOption

DESCRIPTION = "take 1 or 2 stones; the last stone wins (a test plugin)"
PLAYERS = (2,)
KIND = ZERO_SUM
EXAMPLE = "tinynim:stones=7"
OPTIONS = {"stones": GameOption(7, "stones in the pile at the start")}


class NimState(State):
    __slots__ = ("stones", "player", "turn", "winner", "rng")

    def __init__(self, stones: int, seed: int = 0) -> None:
        self.stones = stones
        self.player = 0
        self.turn = 1
        self.winner = -1
        self.rng = Rng(seed)

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.player

    @property
    def turn_number(self) -> int:
        return self.turn

    @property
    def num_players(self) -> int:
        return 2

    def legal_actions(self):
        if self.is_terminal():
            return []
        return [1, 2] if self.stones >= 2 else [1]

    def apply(self, action) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r}")
        self.stones -= action
        if self.stones == 0:
            self.winner = self.player  # the last turn keeps its number
        else:
            self.player = 1 - self.player
            self.turn += 1

    def clone(self) -> "NimState":
        s = NimState.__new__(NimState)
        s.stones, s.player, s.turn, s.winner, s.rng = self.stones, self.player, self.turn, self.winner, self.rng.copy()
        return s

    def is_terminal(self) -> bool:
        return self.stones == 0

    def returns(self):
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in range(2)]

    def observation(self, player):
        return self.clone()

    def determinize(self, player, rng):
        return self.clone()

    def action_to_string(self, action) -> str:
        return f"take {action}"

    def to_dict(self) -> dict:
        return {"stones": self.stones, "player": self.player, "turn": self.turn, "winner": self.winner}

    @classmethod
    def from_dict(cls, data):
        s = cls(data["stones"])
        s.player, s.turn, s.winner = data["player"], data["turn"], data["winner"]
        return s


class NimGame(Game):
    name = "tinynim"
    num_players = 2
    kind = ZERO_SUM

    def __init__(self, stones: int) -> None:
        self.stones = stones
        self.spec = f"tinynim:stones={stones}"
        self.max_actions = stones  # optional: the play loop's cap on a game's actions

    def new_initial_state(self, seed, roles=None):
        return NimState(self.stones, seed)


def make_game(stones: int = 7) -> NimGame:
    if stones < 1:
        from cardlab.runtime import UserError

        raise UserError(f"tinynim: stones must be at least 1, got {stones}")
    return NimGame(stones)
