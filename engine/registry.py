"""Games by spec string, like agents: `hearthstone:deck=liege`, `dominion:kingdom=first-game,players=3`, `hanabi:players=4`.

Each game module exposes `DESCRIPTION`, `PLAYERS`, `KIND`, `EXAMPLE`, `OPTIONS` (name -> GameOption) and
`make_game(**options) -> Game`. A value may hold commas (`decks=liege,basic-warrior`): a part without `=` continues the
previous option's value.

A game outside cardlab registers with `register_game(name, "mypkg.kuhn.game")` or through the `cardlab.games` entry
point group (name = game name, value = game module), read when an unknown name is asked for and when games are listed.
Its other parts (`PARTS`: encoders, RL hooks, renderer, agents, evaluators) are the sibling modules of its game module
(`mypkg.kuhn.features`, ...); the built-in games keep theirs in cardlab's packages (`game_part`).
"""

from __future__ import annotations

import re

import importlib
import importlib.util
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping

from cardlab.engine.core import Game
from cardlab.runtime import UserError

DEFAULT_GAME = "hearthstone"

# Game name -> module that defines it; imported only when the game is asked for.
GAMES: dict[str, str] = {
    "hearthstone": "cardlab.engine.hearthstone.game",
    "hanabi": "cardlab.engine.hanabi.game",
    "dominion": "cardlab.engine.dominion.game",
}
BUILTIN_GAMES = MappingProxyType(dict(GAMES))

ENTRY_POINT_GROUP = "cardlab.games"

# The optional parts of a game besides its game module. A game whose module is cardlab.engine.<name>.game (the
# built-in ones) keeps them in cardlab's own packages; any other game in the sibling modules of its game module.
PARTS = ("features", "action_ids", "render", "agents", "evaluators")
_CARDLAB_PARTS = {"features": "cardlab.engine.{}.features", "action_ids": "cardlab.engine.{}.action_ids",
                  "render": "cardlab.engine.{}.render", "agents": "cardlab.agents.{}",
                  "evaluators": "cardlab.agents.{}.evaluators"}
# What an outside game module must define (built-in games are trusted).
GAME_MODULE_NAMES = ("DESCRIPTION", "PLAYERS", "KIND", "EXAMPLE", "OPTIONS", "make_game")

_ORIGINS: dict[str, str] = {}  # outside game -> where it was registered (register_game, an entry point): for errors
_FROM_ENTRY_POINTS: set[str] = set()  # outside games found through entry points


def _registration_problem(name: Any, module_path: Any) -> str | None:
    """Why (name, module_path) cannot be a game, or None."""
    if not (isinstance(name, str) and name.isidentifier() and name.isascii() and name == name.lower()):
        return (f"the game name {name!r} is not a plain lowercase identifier (letters, digits and _, e.g. kuhn; "
                "spec strings are lower-cased)")
    parts = module_path.split(".") if isinstance(module_path, str) else []
    if len(parts) < 2 or not all(p.isidentifier() for p in parts):
        return (f"{module_path!r} is not the path of a module inside a package (e.g. mypkg.kuhn.game: the game's "
                "other parts are its sibling modules)")
    return None


def register_game(name: str, module_path: str) -> None:
    """Add game `name`, defined by the module `module_path` (imported when the game is first asked for). Registering
    the same pair again does nothing; a name taken by another module, or not a plain lowercase identifier, is refused
    (UserError). Worker processes started by cardlab (arena, datagen) register it again."""
    problem = _registration_problem(name, module_path)
    if problem is not None:
        raise UserError(f"register_game({name!r}, {module_path!r}): {problem}")
    taken = GAMES.get(name)
    if taken is not None and taken != module_path:
        raise UserError(f"register_game({name!r}, {module_path!r}): the game name {name!r} is taken by {taken}")
    GAMES[name] = module_path
    _ORIGINS.setdefault(name, f"registered by register_game({name!r}, {module_path!r})")


def registered_games() -> dict[str, str]:
    """The games this process knows beyond the built-in ones (register_game, entry points found so far): what a
    spawned worker process, which starts with the built-in games only, registers again through `restore_games`."""
    return {name: module for name, module in GAMES.items() if BUILTIN_GAMES.get(name) != module}


def restore_games(games: Mapping[str, str] | None) -> None:
    """In a worker process: the games `registered_games()` returned in its parent."""
    for name, module in (games or {}).items():
        GAMES[name] = module
        _ORIGINS.setdefault(name, f"registered as {module} in the parent process")


def describe_entry_point(ep, group: str = ENTRY_POINT_GROUP) -> str:
    """An entry point as messages name it: its line, group and distribution."""
    dist = getattr(ep, "dist", None)
    source = f", from {dist.name} {dist.version}" if dist is not None else ""
    return f"entry point '{ep.name} = {ep.value}' (group {group}{source})"


def entry_point_games() -> dict[str, tuple[str, str, str | None]]:
    """This environment's `cardlab.games` entry points: game name -> (game module, where it was declared, why it
    cannot be a game or None). A broken one is kept with its problem: asking for that game raises it, listings skip
    it with a warning, so one bad plugin does not take the other games down."""
    from importlib import metadata  # looked up per call: tests replace metadata.entry_points

    found: dict[str, tuple[str, str, str | None]] = {}
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        origin = describe_entry_point(ep)
        value = ep.value.strip()
        problem = _registration_problem(ep.name, value)
        if ":" in value:
            problem = "its value must be the game module's path (mypkg.kuhn.game), without ':attribute'"
        if ep.name in found and found[ep.name][0] != value:
            problem = f"{found[ep.name][1]} names the same game"
        if ep.name not in found or problem is not None:
            found[ep.name] = (value, origin, problem)
    return found


_WARNED: set[str] = set()


def _warn_broken(message: str) -> None:
    """Once per process: a listing skipped a broken entry point."""
    if message not in _WARNED:
        _WARNED.add(message)
        import logging

        logging.getLogger("cardlab.engine.registry").warning("cardlab: warning: %s; its game is left out", message)


def _add_entry_point(name: str, module: str, origin: str) -> None:
    GAMES[name] = module
    _ORIGINS[name] = origin
    _FROM_ENTRY_POINTS.add(name)


def game_module_path(name: str) -> str | None:
    """The module that defines game `name`: a registered one (GAMES) first, else a `cardlab.games` entry point (then
    added to GAMES); None for an unknown name."""
    module = GAMES.get(name)
    if module is not None:
        return module
    found = entry_point_games().get(name)
    if found is None:
        return None
    module, origin, problem = found
    if problem is not None:
        raise UserError(f"{origin} is broken: {problem}")
    _add_entry_point(name, module, origin)
    return module


def game_part(name: str, part: str) -> str:
    """The module path of one optional part (`PARTS`) of game `name`. Built-in games (module
    cardlab.engine.<name>.game) and unknown names: `cardlab.engine.<name>.features`, `.action_ids`, `.render`,
    `cardlab.agents.<name>` (agents) and `cardlab.agents.<name>.evaluators`. Any other game: the sibling module of
    its game module (`mypkg.kuhn.game` -> `mypkg.kuhn.features`, `mypkg.kuhn.agents`, ...)."""
    if part not in _CARDLAB_PARTS:
        raise ValueError(f"unknown game part {part!r} (one of {', '.join(PARTS)})")
    module = game_module_path(name)
    if module is None or module == f"cardlab.engine.{name}.game":
        return _CARDLAB_PARTS[part].format(name)
    return f"{module.rpartition('.')[0]}.{part}"


def import_game_part(name: str, part: str):
    """The module of one part of game `name` (`game_part`), or None when the game has none (that module, or a
    package above it, does not exist); a module missing inside it is raised as it is."""
    path = game_part(name, part)
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name and (path == exc.name or path.startswith(exc.name + ".")):
            return None
        raise


@dataclass(frozen=True)
class GameOption:
    """One option of a game spec; text values are parsed by `parse` or converted to the default's type."""

    default: Any
    help: str
    parse: Callable[[str], Any] | None = None
    choices: tuple[str, ...] | None = None

    def convert(self, game: str, key: str, text: str) -> Any:
        if self.choices is not None and text not in self.choices:
            raise UserError(f"game {game!r}: {key}={text!r} is not one of {', '.join(self.choices)}")
        if self.parse is not None:
            return self.parse(text)
        return convert_option(f"game {game!r}", key, text, self.default)


# How a type error names the expected kind ("should be an integer", not "a int").
_KIND_WORDS = {bool: "a bool", int: "an integer", float: "a number"}


def convert_option(owner: str, key: str, text: str, default: Any) -> Any:
    """A spec option's text as the type of its default (bool, int, float; anything else stays text)."""
    try:
        if isinstance(default, bool):
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(text)
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
    except ValueError:
        kind = next(t for t in (bool, int, float, str) if isinstance(default, t)) if isinstance(
            default, (bool, int, float, str)) else type(default)
        raise UserError(f"{owner}: {key}={text!r} should be {_KIND_WORDS.get(kind, 'a ' + kind.__name__)}") from None
    return text


# A padded base64 part (a deckstring ending in '=') is a value, not a `key=` option.
_PADDED_BASE64 = re.compile(r"^[A-Za-z0-9+/]{16,}={1,2}$")


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`name:key=value,...` -> (name, {key: text}); a part without '=' (or a padded deckstring) extends the previous
    value."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    last = None
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if sep and key.strip() and not (last is not None and _PADDED_BASE64.match(part)):
            last = key.strip()
            if last in options:
                raise UserError(f"game {spec.strip()!r}: option {last!r} is given twice")
            options[last] = value.strip()
        elif last is not None:
            options[last] += "," + part
        else:
            raise UserError(f"game {spec!r}: option {part!r} is not key=value")
    return name.strip().lower(), options


def _module(name: str):
    module_path = game_module_path(name)
    if module_path is None:
        raise UserError(f"unknown game {name!r} (available: {', '.join(available())})")
    if BUILTIN_GAMES.get(name) == module_path:
        try:
            return importlib.import_module(module_path)
        except ModuleNotFoundError as exc:
            if exc.name and module_path.startswith(exc.name):
                raise UserError(f"game {name!r} is not part of this cardlab install") from None
            raise
    origin = _ORIGINS.get(name, f"GAMES[{name!r}] = {module_path!r}")
    try:
        module = importlib.import_module(module_path)
    except Exception as exc:  # noqa: BLE001  (not installed, a module it needs, or its own code failing)
        raise UserError(f"game {name!r} ({origin}): cannot import {module_path}: "
                        f"{type(exc).__name__}: {exc}") from None
    missing = [attr for attr in GAME_MODULE_NAMES if not hasattr(module, attr)]
    if missing:
        raise UserError(f"game {name!r} ({origin}): {module_path} does not define {', '.join(missing)}")
    return module


def _present(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None  # imports the packages above it
    except Exception:  # noqa: BLE001  (an outside package whose __init__ fails: not a usable game)
        return False


def available() -> list[str]:
    """Registered games whose module is present, then the `cardlab.games` entry points' games (added to GAMES). A
    broken entry point (a bad name or value, a module that is not installed) is left out with a warning naming it; a
    registered name takes precedence over an entry point's (one naming a built-in or registered game is left out
    with a warning too)."""
    found, broken = [], []
    entry_points = entry_point_games()
    for name, module in GAMES.items():
        if _present(module):
            found.append(name)
        elif name in _FROM_ENTRY_POINTS:
            broken.append(f"{_ORIGINS[name]} is broken: its module {module} is not installed")
    for name, (module, origin, problem) in sorted(entry_points.items()):
        if name in GAMES:
            if GAMES[name] != module and name not in _FROM_ENTRY_POINTS:
                broken.append(f"{origin} names the game {name!r}, which is already {GAMES[name]}")
            continue
        if problem is None and not _present(module):
            problem = f"its module {module} is not installed"
        if problem is not None:
            broken.append(f"{origin} is broken: {problem}")
            continue
        _add_entry_point(name, module, origin)
        found.append(name)
    for message in broken:
        _warn_broken(message)
    return found


def make_game(spec: str | Game | None = None) -> Game:
    """A Game from its spec string (None: the default Hearthstone Liège mirror; an empty string is refused)."""
    if isinstance(spec, Game):
        return spec
    if spec is not None and not spec.strip():
        raise UserError(f"empty game spec: give a game, e.g. {DEFAULT_GAME} (`cardlab games` lists them)")
    name, texts = parse_spec(DEFAULT_GAME if spec is None else spec)
    module = _module(name)
    options = module.OPTIONS
    values = {}
    for key, text in texts.items():
        if key not in options:
            raise UserError(f"game {name!r}: unknown option {key!r} (options: {', '.join(options) or 'none'})")
        values[key] = options[key].convert(name, key, text)
    return module.make_game(**values)


def describe_games() -> list[dict]:
    """Every available game with its options (for `cardlab games`)."""
    out = []
    for name in available():
        try:
            module = _module(name)
        except UserError as exc:  # an outside game that cannot be imported: the others are still listed
            if BUILTIN_GAMES.get(name) == GAMES.get(name):
                raise
            _warn_broken(str(exc))
            continue
        out.append({
            "name": name,
            "description": module.DESCRIPTION,
            "players": list(module.PLAYERS),
            "kind": module.KIND,
            "options": {k: {"default": o.default, "help": o.help, **({"choices": list(o.choices)} if o.choices else {})}
                        for k, o in module.OPTIONS.items()},
            "example": module.EXAMPLE,
        })
    return out

