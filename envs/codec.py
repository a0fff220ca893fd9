"""The one bridge from a cardlab game to RL tensors: observation rows, action masks and dense action ids.

Every front end (Gymnasium, PettingZoo, OpenSpiel) goes through `GameCodec`, so they agree bit for bit. The game's
own package supplies the pieces through its hook module `cardlab.engine.<game>.action_ids` (an outside game: the
`action_ids` module beside its game module; found by name, like encoders): `action_ids(game)` (dense ids:
`num_actions`, `to_id`, `to_action`, `name`, `version`), `rl_encoder(game)` (a fixed-width `Encoder`),
`returns_range(game)` and the clip bounds `OBSERVATION_LOW/HIGH`; optionally `ACTION_ID_LAYOUTS` (name -> factory of
another numbering).
Nothing here knows a game's rules.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from cardlab.engine.core import Action, Game, Rng, State, derive_seed
from cardlab.engine.features import get_encoder
from cardlab.engine.registry import game_part, import_game_part, make_game
from cardlab.runtime import UserError


class ActionIds(Protocol):
    """What a game's dense numbering provides (engine/<game>/action_ids.py)."""

    name: str
    version: int
    num_actions: int

    def to_id(self, action: Action) -> int: ...

    def to_action(self, action_id: int) -> Action: ...


def hook_module(game: Game):
    """The game's RL hook module; a game without one cannot be used by the front ends yet."""
    module = import_game_part(game.name, "action_ids")
    if module is None:
        name = game_part(game.name, "action_ids")
        raise UserError(f"game {game.name!r} has no RL hook ({name}): the front ends cannot encode it")
    return module


def is_action_id(value: Any) -> bool:
    """What Gymnasium's Discrete contains: a Python int, a numpy integer or a 0-d integer array (the action
    `model.predict(obs)` returns for one observation); 1.5, "0", np.bool_ or a 1-element list name no action."""
    if isinstance(value, np.ndarray):
        return value.shape == () and np.issubdtype(value.dtype, np.integer)
    return isinstance(value, (int, np.integer))


def is_int(value: Any) -> bool:
    """A Python or numpy integer, not a bool: what a seat or a step count may be."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def check_max_steps(max_steps: Any) -> int | None:
    """The front ends' `max_steps`: None (no limit) or a positive int; 0 or less would truncate after one step."""
    if max_steps is None:
        return None
    if not is_int(max_steps) or max_steps < 1:
        raise ValueError(f"max_steps must be a positive int or None, not {max_steps!r}")
    return int(max_steps)


class GameCodec:
    """A game with its encoder and dense action ids: state -> float32 row, int8 mask, id <-> engine action."""

    def __init__(self, game: "str | Game | None", encoder: str | None = None, action_ids: str | None = None) -> None:
        """`encoder`: another of the game's encoders instead of its RL default (e.g. Hanabi's "hle", the Hanabi
        Learning Environment's canonical vector); rows are still clipped to the game's bounds. `action_ids`: another
        numbering of the game's actions (Hanabi's "hle": HLE's move uids)."""
        self.game: Game = make_game(game)
        hooks = hook_module(self.game)
        if action_ids is None:
            self.ids: ActionIds = hooks.action_ids(self.game)
        else:
            default = hooks.action_ids(self.game)
            layouts = getattr(hooks, "ACTION_ID_LAYOUTS", None) or {default.name: lambda game: default}
            if action_ids not in layouts:
                raise UserError(f"unknown action ids {action_ids!r} for {self.game.name} (available: "
                                f"{', '.join(sorted(layouts))})")
            self.ids = layouts[action_ids](self.game)
        self.encoder = hooks.rl_encoder(self.game) if encoder is None else get_encoder(encoder, self.game)
        self.rng = Rng(0)  # for encoders that draw (seed96:random_slots=true); reseeded by every new game
        self.num_actions: int = int(self.ids.num_actions)
        self.obs_dim: int = int(self.encoder.dim)
        self.low = float(hooks.OBSERVATION_LOW)
        self.high = float(hooks.OBSERVATION_HIGH)
        self.min_return, self.max_return = (float(x) for x in hooks.returns_range(self.game))
        self.num_players: int = int(self.game.num_players)

    @property
    def name(self) -> str:
        return self.game.name

    def describe(self) -> dict[str, Any]:
        """Names and versions of everything that fixes the tensors' meaning (for logs and checkpoints)."""
        return {"game": self.game.spec or self.game.name, "encoder": self.encoder.spec,
                "encoder_version": self.encoder.version, "obs_dim": self.obs_dim, "action_ids": self.ids.name,
                "action_ids_version": self.ids.version, "num_actions": self.num_actions}

    def new_state(self, seed: int) -> State:
        """Game `seed`; an encoder that draws starts from a generator of the same seed, so observations replay."""
        self.rng = Rng(derive_seed("encoder", int(seed)))
        return self.game.new_initial_state(int(seed))

    def observe(self, state: State, player: int) -> np.ndarray:
        """`player`'s encoded view, clipped to the declared bounds (a no-op in any real game)."""
        row = np.asarray(self.encoder.values(state, player, self.rng), dtype=np.float32)
        return np.clip(row, self.low, self.high, out=row)

    def legal_ids(self, state: State) -> list[int]:
        """Dense ids of the current player's legal actions, ascending."""
        if state.is_terminal():
            return []
        return sorted(self.ids.to_id(a) for a in state.legal_actions())

    def mask(self, state: State, player: int | None = None) -> np.ndarray:
        """1 for each legal id of the player to move; all 0 for anyone else (or `player` when not to move)."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        if state.is_terminal() or (player is not None and state.current_player != player):
            return out
        for action in state.legal_actions():
            out[self.ids.to_id(action)] = 1
        return out

    def to_action(self, action_id: int) -> Action:
        if not is_action_id(action_id):
            raise ValueError(f"action id {action_id!r} is not an integer")
        return self.ids.to_action(int(action_id))

    def is_legal(self, state: State, action_id: int) -> bool:
        """Whether the id names a legal action now (out-of-range ids and non-integers are simply illegal)."""
        if state.is_terminal() or not is_action_id(action_id):
            return False
        try:
            action = self.ids.to_action(int(action_id))
        except (ValueError, TypeError):
            return False
        return action in state.legal_actions()
