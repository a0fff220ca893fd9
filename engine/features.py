"""Observation encoders: a named, versioned map from (state, player) to a fixed-width float32 row.

Each game keeps its encoders in its own package (`cardlab.engine.<game>.features`, or the `features` module beside an
outside game's module; a dict ENCODERS); `get_encoder` finds them by game (`features_module`), so a file or
checkpoint that names (game, encoder spec, version) rebuilds the same rows.

Encoders read only what `player` may see (own hand yes, enemy hand only as a count), so a row
computed from the full state equals the row computed from `state.observation(player)`.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from cardlab.engine.core import Rng, State


class Encoder:
    """Subclasses set name/version, build `feature_names` and implement `values`."""

    name: str = ""
    version: int = 1
    game: str = "hearthstone"

    def __init__(self, **options: Any) -> None:
        self.options = dict(options)
        self.feature_names: tuple[str, ...] = tuple(self._names())
        self.dim = len(self.feature_names)

    def _names(self) -> list[str]:
        raise NotImplementedError

    def vocabulary(self) -> list[str] | None:
        """The ids whose integer codes some features hold (code i + 1 for ids[i]), for encoders that have one.
        Data files and checkpoints keep it: new card data may renumber ids that a trained network has learnt."""
        return None

    def use_vocabulary(self, ids: Sequence[str]) -> None:
        """Code ids as a file or checkpoint made with another card-data version did."""
        raise ValueError(f"encoder {self.name!r} has no vocabulary")

    def reseed(self, seed: int) -> None:
        """Restart the encoder's own randomness (used when `values` gets no rng); a no-op for most encoders.
        Agents call it per game, so a game's rows do not depend on the games played before it."""

    def values(self, state: State, player: int, rng: Rng | None = None) -> list[float]:
        """One row as a Python list (cheap to build; converted to numpy once per batch)."""
        raise NotImplementedError

    def encode(self, state: State, player: int, rng: Rng | None = None) -> np.ndarray:
        return np.asarray(self.values(state, player, rng), dtype=np.float32)

    def encode_many(self, states: Sequence[State], player: int | Sequence[int], rng: Rng | None = None) -> np.ndarray:
        """Rows for many states; `player` is one seat for all or one per state."""
        players = [player] * len(states) if isinstance(player, int) else list(player)
        if len(players) != len(states):
            raise ValueError(f"{len(states)} states but {len(players)} players")
        if not states:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.asarray([self.values(s, p, rng) for s, p in zip(states, players)], dtype=np.float32)

    @property
    def spec(self) -> str:
        """The registry spec that rebuilds this encoder (stored in HDF5 attributes)."""
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))

    def __repr__(self) -> str:
        return f"<Encoder {self.spec} v{self.version} dim={self.dim}>"


def parse_encoder_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    options = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            from cardlab.runtime import UserError

            raise UserError(f"encoder {spec!r}: option {part!r} is not key=value")
        options[key.strip()] = value.strip()
    return name, options


def option_value(encoder: str, key: str, value: Any, default: Any) -> Any:
    """An encoder option as the type of its default: text from a spec is parsed strictly (a bool takes only
    true/false, 1/0, yes/no, on/off), so a typo is a UserError naming it rather than a silent false; values given
    in code pass through."""
    if not isinstance(value, str):
        return value
    from cardlab.engine.registry import convert_option

    return convert_option(f"encoder {encoder!r}", key, value, default)


def features_module(game: str):
    """The encoders module of `game` (`cardlab.engine.<game>.features` for a built-in game, the `features` module
    beside an outside game's module: `registry.game_part`), or None when the game has none. It defines `ENCODERS`
    (name -> Encoder factory) and, for datagen's default, `DEFAULT_ENCODER`."""
    from cardlab.engine.registry import import_game_part

    return import_game_part(game, "features")


def game_encoders(game: str) -> dict:
    """The ENCODERS dict of `game` (empty when the game has none)."""
    module = features_module(game)
    return dict(getattr(module, "ENCODERS", {})) if module is not None else {}


def available_encoders(game: str = "hearthstone") -> list[str]:
    return sorted(game_encoders(game))


def get_encoder(spec: str, game: Any = "hearthstone") -> Encoder:
    """An encoder of `game` from `name[:key=value,...]`; unknown names or options raise UserError.

    `game` is a game name, or a Game: an encoder whose width depends on the game's setup (Dominion's player count,
    Hanabi's deck shape) then takes it from the game through the factory's `for_game(game, **options)`."""
    from cardlab.runtime import UserError

    game_obj = None
    if not isinstance(game, str):
        game_obj, game = game, game.name
    name, options = parse_encoder_spec(spec)
    encoders = game_encoders(game)
    factory = encoders.get(name)
    if factory is None:
        raise UserError(f"unknown encoder {name!r} for {game} (available: {', '.join(sorted(encoders)) or 'none'})")
    try:
        if game_obj is not None and hasattr(factory, "for_game"):
            encoder = factory.for_game(game_obj, **options)
        else:
            encoder = factory(**options)
    except TypeError:
        raise UserError(f"encoder {name!r}: unknown option in {spec!r}") from None
    encoder.game = game
    return encoder
