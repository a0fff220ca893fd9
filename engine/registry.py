"""Games by spec string, like agents: `hearthstone:deck=liege`, `dominion:kingdom=first-game,players=3`, `hanabi:players=4`.

Each game package exposes `DESCRIPTION`, `OPTIONS` (name -> GameOption) and `make_game(**options) -> Game`. A value may
hold commas (`decks=liege,basic-warrior`): a part without `=` continues the previous option's value.
"""

from __future__ import annotations

import re

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any, Callable

from cardlab.engine.core import Game
from cardlab.runtime import UserError

DEFAULT_GAME = "hearthstone"

# Game name -> package that defines it; imported only when the game is asked for.
GAMES: dict[str, str] = {
    "hearthstone": "cardlab.engine.hearthstone.game",
    "hanabi": "cardlab.engine.hanabi.game",
    "dominion": "cardlab.engine.dominion.game",
}


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
        raise UserError(f"{owner}: {key}={text!r} should be a {kind.__name__}") from None
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
    if name not in GAMES:
        raise UserError(f"unknown game {name!r} (available: {', '.join(available())})")
    try:
        return importlib.import_module(GAMES[name])
    except ModuleNotFoundError as exc:
        if exc.name and GAMES[name].startswith(exc.name):
            raise UserError(f"game {name!r} is not part of this cardlab install") from None
        raise


def available() -> list[str]:
    """Registered games whose package is present."""
    found = []
    for name, module in GAMES.items():
        try:
            present = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            present = False
        if present:
            found.append(name)
    return found


def make_game(spec: str | Game | None = None) -> Game:
    """A Game from its spec string (None: the default Hearthstone Liège mirror)."""
    if isinstance(spec, Game):
        return spec
    name, texts = parse_spec(spec or DEFAULT_GAME)
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
        module = _module(name)
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

