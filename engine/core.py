"""The game protocol every cardlab game implements (close to OpenSpiel's State API).

Agents, search, chain recording and training only talk to games through this module,
so a new game (Dominion, Hanabi) plugs in without touching them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Hashable, Sequence

Action = Hashable  # small immutable value: an int or a tuple of ints


class UserError(ValueError):
    """A problem with what the user gave (a card name, a deck, a file, an option): shown without a traceback."""


class StopOnInterrupt:
    """For loops over games: the first Ctrl-C sets `requested`, which the loop checks between games; a second
    one interrupts at once. Use as a context manager (main thread only; elsewhere it does nothing).

    A KeyboardInterrupt raised at an arbitrary point can land in a weakref or __del__ callback, where Python
    prints it and drops it, and the run would go on; a flag checked between games cannot be lost.
    """

    def __init__(self) -> None:
        self.requested = False
        self._previous = None

    def _handle(self, signum, frame) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    def __enter__(self) -> "StopOnInterrupt":
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        import signal

        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None

_MASK64 = (1 << 64) - 1


class Rng:
    """Splitmix64 generator: its whole state is one int, so cloning a game state is free.

    `random.Random` would cost ~10 us per clone (getstate/setstate of 625 words).
    """

    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        self.s = seed & _MASK64

    def next64(self) -> int:
        self.s = s = (self.s + 0x9E3779B97F4A7C15) & _MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Uniform int in [0, n); the modulo bias is below 2**-50 for the small n games use."""
        if n <= 0:
            raise ValueError(f"randrange needs n > 0, got {n}")
        return self.next64() % n

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[Any]) -> Any:
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq: Sequence[Any], k: int) -> list:
        pool = list(seq)
        out = []
        for _ in range(min(k, len(pool))):
            out.append(pool.pop(self.randrange(len(pool))))
        return out

    def spawn(self) -> "Rng":
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> "Rng":
        return Rng(self.s)


class State(ABC):
    """A game state. `apply` mutates; everything else leaves the state alone."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Index of the player to act; -1 when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Legal actions of the current player, in a deterministic (sorted) order."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Play `action` for the current player. Illegal actions raise ValueError."""

    def child(self, action: Action) -> "State":
        state = self.clone()
        state.apply(action)
        return state

    @abstractmethod
    def clone(self) -> "State":
        """An independent copy that continues identically (RNG included)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per player: +1 win, -1 loss, 0 draw or unfinished."""

    @abstractmethod
    def observation(self, player: int) -> "State":
        """What `player` may see: a state whose hidden parts are masked and which cannot roll dice."""

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> "State":
        """A full state consistent with `player`'s observation: hidden cards and future randomness resampled."""

    @abstractmethod
    def action_to_string(self, action: Action) -> str: ...

    @abstractmethod
    def to_dict(self) -> dict: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict) -> "State": ...


class Game(ABC):
    """A game definition with its settings; makes initial states."""

    name: str = ""
    num_players: int = 2

    @abstractmethod
    def new_initial_state(self, seed: int) -> State: ...
