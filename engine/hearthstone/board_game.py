"""Board-only Hearthstone (spec section 6): a game where the only moves are minion attacks and END_TURN.

The DQN board models learn on this game. Positions come from the full game: random-action players play
a seeded game for a random number of turns, then both sides switch to board-only play. Cards still get
drawn (and burnt or fatigued) by the wrapped full game, but nobody plays them.

Our rules for ending an episode (the thesis leaves them open; both keep episodes short):
- a hero dies in the wrapped game: that player loses;
- `decide_on_empty_board` (default on): at a turn boundary, a side with minions against a side without wins
  (nothing can stop its attacks any more); off, that side goes on attacking until a hero dies, so face damage
  decides games (what a terminal reward needs to learn about hero health);
- both boards empty at a turn boundary: higher hero health wins, equal is a draw (`both_empty="health"`), or
  always a draw (`both_empty="draw"`: a hero-health lead is not a win in the real game, and a terminal reward
  that pays for it teaches even trades over board control);
- `max_board_turns` turns of board play: draw.
Hero attacks (weapons) are left out by default, so the move set matches the 57-action model.
"""

from __future__ import annotations

from typing import Any, Callable

from cardlab.engine.core import Rng, State
from cardlab.engine.hearthstone.state import ATTACK, END_TURN_ACTION, GameConfig, HearthstoneState

__all__ = ["BOTH_EMPTY_RULES", "BoardGameState", "random_position", "random_board_state"]

BOTH_EMPTY_RULES = ("health", "draw")


class BoardGameState(State):
    """Wraps a HearthstoneState; offers only its attacks (minion attackers) and END_TURN."""

    __slots__ = ("inner", "board_turns", "max_board_turns", "decide_on_empty_board", "both_empty", "hero_attacks",
                 "winner")

    def __init__(self, inner: HearthstoneState, max_board_turns: int = 30, decide_on_empty_board: bool = True,
                 hero_attacks: bool = False, both_empty: str = "health") -> None:
        if both_empty not in BOTH_EMPTY_RULES:
            raise ValueError(f"both_empty must be one of {', '.join(BOTH_EMPTY_RULES)}, got {both_empty!r}")
        self.inner = inner
        self.both_empty = both_empty
        self.board_turns = 0
        self.max_board_turns = max_board_turns
        self.decide_on_empty_board = decide_on_empty_board
        self.hero_attacks = hero_attacks
        self.winner: int | None = None  # 0, 1, -1 (draw) once terminal
        self._check_end(turn_boundary=True)

    # ------------------------------------------------------------ protocol

    @property
    def current_player(self) -> int:
        return -1 if self.winner is not None else self.inner.current

    @property
    def players(self):
        return self.inner.players

    @property
    def turn_number(self) -> int:
        return self.inner.turn

    @property
    def num_players(self) -> int:
        return 2

    def end_turn_action(self):
        return END_TURN_ACTION

    @property
    def turn(self) -> int:
        return self.inner.turn

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        if self.winner is None or self.winner == -1:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def legal_actions(self) -> list[tuple]:
        if self.winner is not None:
            return []
        acts = [END_TURN_ACTION]
        for a in self.inner.legal_actions():
            if a[0] == ATTACK and (a[1] > 0 or self.hero_attacks):
                acts.append(a)
        return acts

    def apply(self, action: tuple) -> None:
        if self.winner is not None or (action != END_TURN_ACTION and (action[0] != ATTACK or (action[1] == 0 and not self.hero_attacks))):
            raise ValueError(f"illegal board-game action {action!r}")
        self.inner.apply(action)  # raises on an illegal attack
        if action == END_TURN_ACTION:
            self.board_turns += 1
            self._check_end(turn_boundary=True)
        else:
            self._check_end()

    def _check_end(self, turn_boundary: bool = False) -> None:
        s = self.inner
        if s.terminal:
            self.winner = s.winner
            return
        if turn_boundary:
            mine = len(s.players[0].board) > 0
            theirs = len(s.players[1].board) > 0
            if self.decide_on_empty_board and mine != theirs:
                self.winner = 0 if mine else 1
                return
            if not mine and not theirs:  # nothing can attack any more
                if self.both_empty == "draw":
                    self.winner = -1
                    return
                h0 = s.players[0].hero.health + s.players[0].hero.armor
                h1 = s.players[1].hero.health + s.players[1].hero.armor
                self.winner = 0 if h0 > h1 else 1 if h1 > h0 else -1
                return
        if self.board_turns >= self.max_board_turns:
            self.winner = -1

    def _wrap(self, inner: HearthstoneState) -> "BoardGameState":
        s = BoardGameState.__new__(BoardGameState)
        s.inner = inner
        s.board_turns = self.board_turns
        s.max_board_turns = self.max_board_turns
        s.decide_on_empty_board = self.decide_on_empty_board
        s.both_empty = self.both_empty
        s.hero_attacks = self.hero_attacks
        s.winner = self.winner
        return s

    def clone(self) -> "BoardGameState":
        return self._wrap(self.inner.clone())

    def observation(self, player: int) -> "BoardGameState":
        return self._wrap(self.inner.observation(player))

    def determinize(self, player: int, rng: Rng) -> "BoardGameState":
        return self._wrap(self.inner.determinize(player, rng))

    def action_to_string(self, action: tuple) -> str:
        return self.inner.action_to_string(action)

    def to_dict(self) -> dict:
        return {"mode": "board", "inner": self.inner.to_dict(), "board_turns": self.board_turns,
                "max_board_turns": self.max_board_turns, "decide_on_empty_board": self.decide_on_empty_board,
                "both_empty": self.both_empty, "hero_attacks": self.hero_attacks, "winner": self.winner}

    @classmethod
    def from_dict(cls, data: dict) -> "BoardGameState":
        s = cls.__new__(cls)
        s.inner = HearthstoneState.from_dict(data["inner"])
        s.board_turns = data["board_turns"]
        s.max_board_turns = data["max_board_turns"]
        s.decide_on_empty_board = data["decide_on_empty_board"]
        s.both_empty = data.get("both_empty", "health")
        s.hero_attacks = data["hero_attacks"]
        s.winner = data["winner"]
        return s

    def __repr__(self) -> str:
        b = [len(p.board) for p in self.inner.players]
        h = [p.hero.health for p in self.inner.players]
        return f"<BoardGameState turn {self.inner.turn} boards {b} heroes {h} winner {self.winner}>"


def _random_action(state: HearthstoneState, rng: Rng) -> tuple:
    """The random-action baseline inline (engine imports nothing of agents): uniform over non-END_TURN moves."""
    legal = state.legal_actions()
    if legal[0][0] == 5:  # mulligan: keep everything
        return legal[0]
    moves = [a for a in legal if a != END_TURN_ACTION]
    return rng.choice(moves) if moves else END_TURN_ACTION


def random_position(decks: list[tuple[str, str, list]], seed: int, min_turns: int = 4, max_turns: int = 14,
                    config: GameConfig | None = None, require_boards: bool = True, tries: int = 50,
                    policy: Callable[[HearthstoneState, Rng], tuple] | None = None) -> HearthstoneState:
    """A full-game state at the start of a turn, reached by random-action play for a random number of turns.

    With `require_boards`, both sides hold at least one minion (else another game is tried, up to `tries`).
    decks: per seat (name, hero class, cards), as HearthstoneState.new takes them.
    policy: who plays the full game up to the position, (state, rng) -> action; default the random-action player.
    """
    policy = policy or _random_action
    rng = Rng(seed)
    config = config or GameConfig()
    last = None
    for _ in range(tries):
        state = HearthstoneState.new(config, decks, rng.next64() & 0x7FFFFFFFFFFF)
        target_turn = min_turns + rng.randrange(max_turns - min_turns + 1)
        while not state.terminal and state.turn < target_turn:
            state.apply(policy(state, rng))
        if state.terminal:
            continue
        last = state
        if not require_boards or (state.players[0].board and state.players[1].board):
            return state
    if last is None:
        raise RuntimeError(f"no non-terminal position found from seed {seed}")
    return last


def random_board_state(decks: list[tuple[str, str, list]], seed: int, min_turns: int = 4, max_turns: int = 14,
                       config: GameConfig | None = None, **board_options: Any) -> BoardGameState:
    """A board-only game starting from `random_position(...)`."""
    return BoardGameState(random_position(decks, seed, min_turns, max_turns, config), **board_options)
