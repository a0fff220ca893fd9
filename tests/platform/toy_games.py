"""Two tiny games that exercise the platform's N-seat and cooperative paths without a real game's rules.

`race`: zero-sum, 3 seats; each turn the player adds 1 or 2 to its own counter; the first to reach 5 wins.
`share`: cooperative, 3 seats; each turn the player adds 0 or 1 to the team score; 6 turns; max score 6.
`scale` multiplies share's score (0.5: fractional scores, 50: scores above an int8), so datagen's labels can be
checked against scores that are not small whole numbers.
"""

from __future__ import annotations

from cardlab.engine.core import COOPERATIVE, ZERO_SUM, Game, Rng, State
from cardlab.engine.registry import GameOption

DESCRIPTION = "test games"
PLAYERS = (3,)
KIND = ZERO_SUM
EXAMPLE = "toy:kind=race"
OPTIONS = {"kind": GameOption("race", "race or share", choices=("race", "share")),
           "scale": GameOption(1.0, "share: the team score is the points times this")}


class ToyState(State):
    def __init__(self, kind: str, seed: int, scale: float = 1.0) -> None:
        self.kind = kind
        self.scale = scale
        self.counts = [0, 0, 0]
        self.turn = 1
        self.player = 0
        self.rng = Rng(seed)

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.player

    @property
    def turn_number(self) -> int:
        return self.turn

    @property
    def num_players(self) -> int:
        return 3

    def legal_actions(self):
        return [1, 2] if self.kind == "race" else [0, 1]

    def apply(self, action) -> None:
        if action not in self.legal_actions():
            raise ValueError(action)
        self.counts[self.player] += action
        self.player = (self.player + 1) % 3
        self.turn += 1

    def clone(self):
        s = ToyState.__new__(ToyState)
        s.kind, s.counts, s.turn, s.player, s.rng = self.kind, self.counts[:], self.turn, self.player, self.rng.copy()
        s.scale = self.scale
        return s

    def is_terminal(self) -> bool:
        if self.kind == "race":
            return max(self.counts) >= 5
        return self.turn > 6

    def returns(self):
        if self.kind == "share":
            return [float(sum(self.counts)) * self.scale] * 3
        if not self.is_terminal():
            return [0.0] * 3
        return [1.0 if c >= 5 else -1.0 for c in self.counts]

    def observation(self, player):
        return self.clone()

    def determinize(self, player, rng):
        return self.clone()

    def action_to_string(self, action) -> str:
        return f"+{action}"

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "counts": self.counts, "turn": self.turn, "player": self.player}
        return out if self.scale == 1.0 else {**out, "scale": self.scale}

    @classmethod
    def from_dict(cls, data):
        s = cls(data["kind"], 0, data.get("scale", 1.0))
        s.counts, s.turn, s.player = list(data["counts"]), data["turn"], data["player"]
        return s


class ToyGame(Game):
    name = "toy"
    num_players = 3

    def __init__(self, kind: str, scale: float = 1.0) -> None:
        self.game_kind = kind
        self.scale = scale
        self.kind = ZERO_SUM if kind == "race" else COOPERATIVE
        self.spec = f"toy:kind={kind}" + (f",scale={scale!r}" if scale != 1.0 else "")
        self.max_score = 6.0 * scale if kind == "share" else None

    def new_initial_state(self, seed, roles=None):
        return ToyState(self.game_kind, seed, self.scale)


def make_game(kind: str = "race", scale: float = 1.0) -> ToyGame:
    return ToyGame(kind, scale)
