"""The game protocol every cardlab game implements (close to OpenSpiel's State API).

Agents, search, chain recording and training only talk to games through this module,
so a new game (Dominion, Hanabi) plugs in without touching them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Hashable, Sequence

Action = Hashable  # small immutable value: an int or a tuple of ints


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


ZERO_SUM, COOPERATIVE = "zero_sum", "cooperative"


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts, through a cryptographic hash: one derived seed says nothing about another
    (splitmix64 outputs are invertible, so an agent handed one could rebuild the game's seed)."""
    import hashlib

    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") & 0x7FFFFFFFFFFFFFFF


class State(ABC):
    """A game state. `apply` mutates; everything else leaves the state alone.

    Turns: `turn_owner` is the player whose turn it is and `turn_number` counts turns from 1; a turn is the run of
    decisions between two changes of `turn_owner` or `turn_number`. `current_player` is whoever must decide now, which
    differs from `turn_owner` when an attack asks another player (Dominion's Militia, Moat). Search, chain recording
    and DQN episodes find turn ends through these two properties only.

    Optional hooks the generic search uses when a game defines them (docs/ARCHITECTURE.md, "Protocols"):
    `search_keys(player, dominance)` (transpositions, dominance pruning, symmetry, public keys), `end_turn_action()`
    and `end_turn_is_quiet()`.
    """

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Index of the player to act; -1 when the game is over."""

    @property
    def turn_owner(self) -> int:
        """The player whose turn it is (-1 when the game is over)."""
        return self.current_player

    @property
    @abstractmethod
    def turn_number(self) -> int:
        """1 for the first turn of the game, +1 at every turn change."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

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
        """One value per player. Zero-sum: +1 win, -1 loss, 0 draw or unfinished with two players; with more, +1/k for
        each of k winners and -1/(n-k) for the others. Cooperative: the team score for every player."""

    @abstractmethod
    def observation(self, player: int) -> "State":
        """What `player` may see: a state whose hidden parts are masked and which cannot roll dice."""

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> "State":
        """A full state consistent with `player`'s observation: hidden cards and future randomness resampled."""

    @abstractmethod
    def action_to_string(self, action: Action) -> str: ...

    def public_action_string(self, action: Action, viewer: int) -> str:
        """How `action` (of the player to move) looks to `viewer`: what that player may learn from seeing it made
        ("" when it shows nothing). The default: every action is public."""
        return self.action_to_string(action)

    def public_outcome_string(self, viewer: int) -> str:
        """What `viewer` saw come of the action just applied beyond the action itself (Hanabi: the card a play or
        discard showed, and whether the play fit); "" when nothing more (the default)."""
        return ""

    def unsearched_action(self) -> Action | None:
        """An action turn-tree agents (search, mcts) play without searching: a decision outside the turn structure
        that their evaluators cannot score (Hearthstone's mulligan: keep the hand). None (the default): search."""
        return None

    @abstractmethod
    def to_dict(self) -> dict: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict) -> "State": ...


class Game(ABC):
    """A game definition with its settings; makes initial states.

    `spec` is the registry string that rebuilds it (`hearthstone:deck=liege`); `kind` is ZERO_SUM or COOPERATIVE.
    """

    name: str = ""
    num_players: int = 2
    kind: str = ZERO_SUM
    spec: str = ""

    @abstractmethod
    def new_initial_state(self, seed: int, roles: "Sequence[int] | None" = None) -> State:
        """A seeded initial state. `roles[seat]` says which match role (agent A = 0, B = 1, ...) sits in each seat,
        for games whose setup follows the agent rather than the seat (Hearthstone's per-agent decks); None = seat i
        plays role i. Games without such assets ignore it."""

    def describe(self) -> str:
        """One line for reports: the game and its settings."""
        return self.spec or self.name

    def file_attrs(self) -> dict:
        """Extra attributes for data files (str/int/float values): what the spec alone does not pin down."""
        return {}
