"""cardlab games as OpenSpiel Python games: `cardlab_hearthstone`, `cardlab_dominion`, `cardlab_hanabi`.

Importing this module registers them (`pyspiel.register_game`), so `pyspiel.load_game("cardlab_hanabi",
{"players": 3})` and OpenSpiel's algorithms work on them. Game parameters are the game's registry options plus
`seeds` and `seed_draws`. An option whose default is None ("the game's default") is an int parameter whose default
is -1 (`UNSET_INT`) when the game parses it as a number (Hanabi's `colours`, `hints`, ...), else a text parameter
whose default is "". Every game string round-trips (`pyspiel.load_game(str(game))`, serialization, pickling), so
text values that a game string cannot carry are refused: `;` stands for `,` (`decks=liege;basic-mage`), and a
value holding `=`, `(` or `)`, or one that OpenSpiel would read back as a number or a bool, is an error (a
Hearthstone deckstring ends in `=`: pass the deck as a deck file instead).

Chance: explicit, at the start only. The game opens with `seed_draws` chance nodes of `seeds` equally likely
outcomes each (default 3 x 1024); their outcomes d0, d1, d2 are the digits of cardlab game seed d0 + seeds*d1 +
seeds**2*d2 (`game.new_initial_state(seed)`), after which the game's own seeded RNG decides every shuffle and draw.
So a history (the seed's digits, then the players' dense action ids) replays exactly, which OpenSpiel's
serialization relies on, and chance stays hidden from the players: nothing in an observation shows the seed. With
~10^9 deals no learner can tie an opening observation to its deal (with a single draw of 1024, the opening
observation told which of 1024 deals it was, and so a player's own hidden cards). The cost is that algorithms
enumerating chance (CFR, expectimax) see these root draws rather than each shuffle; sampling algorithms (MCTS,
policy gradients, NFSP) see the true game distribution over the seeds. `seed_draws=1` is one root of `seeds`.

Actions are the game's dense ids (engine/<game>/action_ids.py); observation tensors are the game's RL encoder
rows (`observation_tensor(player)`), observation strings list the row's non-zero fields. Utilities: zero-sum games
+1/-1/0, cooperative games (Hanabi) the team score for every player (IDENTICAL utility).
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from cardlab.envs._extras import require
from cardlab.envs.codec import GameCodec
from cardlab.engine.core import COOPERATIVE
from cardlab.engine.registry import GameOption, describe_games, game_module_path, make_game, parse_spec
from cardlab.runtime import UserError

pyspiel = require("pyspiel", "openspiel")

DEFAULT_SEEDS = 1024  # outcomes per chance node
DEFAULT_SEED_DRAWS = 3  # chance nodes at the start: 1024**3 deals
PREFIX = "cardlab_"
UNSET_INT = -1  # an int parameter left at "the game's default" (an option whose cardlab default is None)
_REGISTERED: dict[str, dict] = {}  # short name -> {"game": cardlab name, "defaults": parameter defaults}


def _parameter_default(value: Any, option: GameOption | None = None) -> Any:
    """OpenSpiel parameters are bool, int, float or str. None ("the game's default") becomes UNSET_INT when the
    option parses as an int (a text parameter could not come back from a game string: OpenSpiel reads `colours=3`
    as an int), else ""; anything else (tuples) becomes text."""
    if isinstance(value, (bool, int, float, str)):
        return value
    if value is None:
        return UNSET_INT if option is not None and _parses_as_int(option) else ""
    return ",".join(str(v) for v in value).replace(",", ";")


def _parses_as_int(option: GameOption) -> bool:
    try:
        value = option.convert("", "", "1")
    except Exception:  # noqa: BLE001  (a parser that refuses "1" takes no numbers)
        return False
    return isinstance(value, int) and not isinstance(value, bool)


def _game_options(name: str) -> dict[str, GameOption]:
    """The game module's OPTIONS (describe_games gives their defaults only, not their parsers)."""
    return importlib.import_module(game_module_path(name)).OPTIONS


def _text_problem(value: str) -> str | None:
    """Why OpenSpiel's game string cannot carry text `value` (it splits on `,` and `=`, nests on parentheses and
    reads digits and true/false as numbers and bools), or None. `,` is not checked: it travels as `;`."""
    bad = sorted(set(value) & set("=()"))
    if bad:
        return f"it holds {' '.join(repr(c) for c in bad)}"
    if value and (not value.strip("+-0123456789.") or value.lower() in ("true", "false")):
        return "OpenSpiel would read it back as a number or a bool"
    return None


def _check_text(game: str, key: str, value: str, error: type[Exception]) -> None:
    problem = _text_problem(value)
    if problem is None:
        return
    hint = ""
    if value.endswith("=") and value.rstrip("=").replace("+", "").replace("/", "").isalnum():
        hint = ("; a Hearthstone deckstring ends in '=': save the deck as a deck file ('class: NAME' and "
                "'COUNT Card Name' lines; `cardlab decks DECKSTRING` lists them) and pass its path")
    raise error(f"OpenSpiel game {PREFIX + game}: {key}={value!r} cannot be carried by an OpenSpiel game string "
                f"({problem}), so the game could not be serialized or reloaded{hint}")


def _spec(game: str, params: dict, defaults: dict) -> str:
    """The cardlab spec for OpenSpiel parameters: only options that differ from their default."""
    parts = []
    for key, value in sorted(params.items()):
        if key in ("seeds", "seed_draws") or value == defaults.get(key) or value == "":
            continue
        text = str(value).lower() if isinstance(value, bool) else str(value).replace(";", ",")
        parts.append(f"{key}={text}")
    return game + (":" + ",".join(parts) if parts else "")


class CardlabSpielGame(pyspiel.Game):
    """One cardlab game with fixed options; states wrap cardlab states through `GameCodec`."""

    short_name = ""  # set by each registered subclass

    def __init__(self, params: dict | None = None) -> None:
        info = _REGISTERED[self.short_name]
        merged = dict(info["defaults"], **(params or {}))
        for key, value in merged.items():  # a dict given to pyspiel.load_game: what str(game) could not carry
            if isinstance(value, str):
                merged[key] = value = value.replace(",", ";")
                _check_text(info["game"], key, value, ValueError)
        self.codec = GameCodec(_spec(info["game"], merged, info["defaults"]))
        self.seeds = int(merged["seeds"])
        self.seed_draws = int(merged["seed_draws"])
        if self.seeds < 1:
            raise ValueError(f"seeds must be at least 1, got {self.seeds}")
        if self.seed_draws < 1 or self.seeds ** self.seed_draws > 2 ** 63:
            raise ValueError(f"seed_draws must be at least 1 and seeds**seed_draws at most 2**63, got seeds "
                             f"{self.seeds}, seed_draws {self.seed_draws}")
        codec = self.codec
        cooperative = codec.game.kind == COOPERATIVE
        game_info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=self.seeds,
            num_players=codec.num_players,
            min_utility=codec.min_return,
            max_utility=codec.max_return,
            utility_sum=None if cooperative else 0.0,
            max_game_length=int(getattr(codec.game, "max_actions", 20000)) + self.seed_draws)
        super().__init__(info["type"], game_info, merged)

    def __reduce__(self) -> tuple:
        """Pickle as (short name, parameters): pybind's own pickling rebuilds the C++ game but not this Python
        object's attributes (the codec)."""
        return _reload_game, (self.short_name, self.get_parameters())

    def new_initial_state(self) -> "CardlabSpielState":
        return CardlabSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "CardlabObserver":
        return CardlabObserver(self.codec, iig_obs_type, params)


def _reload_game(short_name: str, params: dict) -> CardlabSpielGame:
    """Unpickling a game: importing this module has registered the games (in a fresh process too)."""
    return pyspiel.load_game(short_name, params)


class _Box:
    """Holds the cardlab state and the shared codec. pyspiel clones a Python state by deep-copying its attributes;
    this makes that copy the engine's cheap `clone()` and shares the codec instead of copying it."""

    __slots__ = ("codec", "seeds", "draws", "digits", "state")

    def __init__(self, codec: GameCodec, seeds: int, draws: int, digits: tuple = (), state: Any = None) -> None:
        self.codec, self.seeds, self.draws, self.digits, self.state = codec, seeds, draws, digits, state

    def __deepcopy__(self, memo: dict) -> "_Box":
        return _Box(self.codec, self.seeds, self.draws, self.digits,
                    None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple:
        """Pickling (OpenSpiel's serialization tests use it) goes through the engine's `to_dict`."""
        data = None if self.state is None else (type(self.state), self.state.to_dict())
        return _unbox, (self.codec.game.spec or self.codec.name, self.seeds, self.draws, self.digits, data)


_CODECS: dict[str, GameCodec] = {}


def _unbox(spec: str, seeds: int, *rest) -> _Box:
    """`rest`: (draws, digits, data), or (data,) as states pickled before the seed had several digits (one draw)."""
    draws, digits, data = rest if len(rest) == 3 else (1, (), rest[0])
    codec = _CODECS.get(spec)
    if codec is None:
        codec = _CODECS[spec] = GameCodec(spec)
    return _Box(codec, seeds, draws, tuple(digits), None if data is None else data[0].from_dict(data[1]))


class CardlabSpielState(pyspiel.State):
    """Before the last of the opening chance nodes `cardlab_state` is None; afterwards it is the wrapped cardlab
    state."""

    def __init__(self, game: CardlabSpielGame) -> None:
        super().__init__(game)
        self._box = _Box(game.codec, game.seeds, game.seed_draws)

    @property
    def codec(self) -> GameCodec:
        return self._box.codec

    @property
    def seeds(self) -> int:
        return self._box.seeds

    @property
    def cardlab_state(self) -> Any:
        return self._box.state

    def current_player(self) -> int:
        if self.cardlab_state is None:
            return pyspiel.PlayerId.CHANCE
        if self.cardlab_state.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return int(self.cardlab_state.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        if self.cardlab_state is None or player != self.current_player():
            return []
        return self.codec.legal_ids(self.cardlab_state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """A digit of the seed, uniform, at each opening chance node; no outcomes anywhere else."""
        if self.cardlab_state is not None:
            return []
        p = 1.0 / self.seeds
        return [(k, p) for k in range(self.seeds)]

    def _apply_action(self, action: int) -> None:
        box = self._box
        if box.state is None:
            if not 0 <= action < box.seeds:
                raise ValueError(f"chance outcome {action} is outside 0..{box.seeds - 1}")
            box.digits += (int(action),)
            if len(box.digits) == box.draws:
                box.state = self.codec.new_state(sum(d * box.seeds ** i for i, d in enumerate(box.digits)))
            return
        if not self.codec.is_legal(self.cardlab_state, action):
            raise ValueError(f"action id {action} is not legal now")
        self.cardlab_state.apply(self.codec.to_action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed digit {action}"
        engine_action = self.codec.to_action(action)
        state = self.cardlab_state
        if state is not None and not state.is_terminal() and engine_action in state.legal_actions():
            return f"{action}: {state.action_to_string(engine_action)}"
        return f"{action}: {engine_action!r}"

    def is_terminal(self) -> bool:
        return self.cardlab_state is not None and self.cardlab_state.is_terminal()

    def returns(self) -> list[float]:
        if self.cardlab_state is None or not self.cardlab_state.is_terminal():
            return [0.0] * self.codec.num_players
        return [float(r) for r in self.cardlab_state.returns()]

    def __str__(self) -> str:
        if self.cardlab_state is None:
            return "chance: seed"
        return " ".join(str(a) for a in self.history())


class CardlabObserver:
    """OpenSpiel's PyObserver: the tensor is the game's RL encoder row for the observing player."""

    def __init__(self, codec: GameCodec, iig_obs_type=None, params=None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("cardlab games provide observations without perfect recall only")
        if iig_obs_type is not None and (not iig_obs_type.public_info
                                         or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            # the encoder row mixes public facts with the observer's private ones: no other split exists
            raise ValueError("cardlab games provide the observing player's own view only "
                             "(public_info=True, private_info=SINGLE_PLAYER)")
        self.codec = codec
        self.tensor = np.zeros(codec.obs_dim, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardlabSpielState, player: int) -> None:
        if state.cardlab_state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.codec.observe(state.cardlab_state, player)

    def string_from(self, state: CardlabSpielState, player: int) -> str:
        if state.cardlab_state is None:
            return "chance"
        row = self.codec.observe(state.cardlab_state, player)
        names = self.codec.encoder.feature_names
        return " ".join(f"{names[i]}={row[i]:g}" for i in np.flatnonzero(row))


def _register(name: str, players: list[int], kind: str, options: dict) -> None:
    short = PREFIX + name
    if short in _REGISTERED:
        return
    parsers = _game_options(name)
    defaults = {key: _parameter_default(o["default"], parsers.get(key)) for key, o in options.items()}
    defaults["seeds"] = DEFAULT_SEEDS
    defaults["seed_draws"] = DEFAULT_SEED_DRAWS
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"cardlab {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.IDENTICAL if kind == COOPERATIVE
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults)
    _REGISTERED[short] = {"game": name, "defaults": defaults, "type": game_type}

    # One subclass per game: OpenSpiel calls the registered class with the parameters only. Bound in this module
    # under its own name, so that pickle and copy find it by name; a game itself pickles as (short name, parameters)
    # (CardlabSpielGame.__reduce__), and unpickling imports this module, which registers the games.
    class_name = f"Cardlab{name.title()}SpielGame"
    game_class = type(class_name, (CardlabSpielGame,), {"short_name": short, "__module__": __name__,
                                                        "__qualname__": class_name})
    globals()[class_name] = game_class
    pyspiel.register_game(game_type, game_class)


def register_all() -> list[str]:
    """Register every available cardlab game with a dense-id hook; returns the OpenSpiel short names."""
    for entry in describe_games():
        _register(entry["name"], entry["players"], entry["kind"], entry["options"])
    return sorted(_REGISTERED)


def load_game(game_spec: str = "hearthstone", seeds: int | None = None, seed_draws: int | None = None):
    """`pyspiel.load_game` for a cardlab spec string (`hanabi:players=3`); `seeds` outcomes at each of the
    `seed_draws` opening chance nodes (defaults 1024 and 3). The spec is checked by the registry first (UserError for
    an unknown game, option or value), and text values that an OpenSpiel game string cannot carry are refused."""
    register_all()
    make_game(game_spec)  # the registry's own checks, with its messages: nothing below guesses at a bad value
    name, texts = parse_spec(game_spec)
    info = _REGISTERED.get(PREFIX + name)
    if info is None:
        raise UserError(f"game {name!r} has no OpenSpiel game (registered: {', '.join(sorted(_REGISTERED))})")
    parsers = _game_options(name)
    params: dict[str, Any] = {}
    for key, text in texts.items():
        default = info["defaults"][key]
        if isinstance(default, str):
            params[key] = text.replace(",", ";")
            _check_text(name, key, params[key], UserError)
        else:  # bool, int or float: the game's own parser read it (make_game accepted it above)
            params[key] = type(default)(parsers[key].convert(name, key, text))
    for key, value in (("seeds", seeds), ("seed_draws", seed_draws)):
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise ValueError(f"{key} must be an int, got {value!r}")
            params[key] = int(value)
    return pyspiel.load_game(PREFIX + name, params)


register_all()
