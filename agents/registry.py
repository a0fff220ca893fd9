"""Agents from spec strings: `name[:key=value,...]`, e.g. `random`, `search:prune=tt,max_nodes=5000`."""

from __future__ import annotations

import importlib
import inspect
from typing import Callable

from cardlab.engine.registry import convert_option, import_game_part
from cardlab.runtime import UserError

from cardlab.agents.base import Agent

_FACTORIES: dict[str, Callable[..., Agent]] = {}


DEFAULT_GAME = "hearthstone"


def register(name: str, factory: Callable[..., Agent]) -> None:
    """Add an agent for every game (user code, tests)."""
    _FACTORIES[name] = factory
    _BY_GAME.clear()


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise UserError(f"agent {spec!r}: option {part!r} is not key=value")
            if key.strip() in options:
                raise UserError(f"agent {spec!r}: option {key.strip()!r} is given twice")
            options[key.strip()] = value.strip()
    return name.strip(), options


def _convert(name: str, key: str, value: str, default):
    """Options arrive as text; convert them to the type of the factory's default."""
    return convert_option(f"agent {name!r}", key, value, default)


def _factories(game: str) -> dict[str, Callable[..., Agent]]:
    """Agents playable in `game`: the game's own (agents/<game>/, or the `agents` module or package beside an outside
    game's module, with AGENTS and/or AGENT_MODULES) over the generic ones."""
    key = game or DEFAULT_GAME
    if key in _BY_GAME:
        return _BY_GAME[key]
    found: dict[str, Callable[..., Agent]] = {}
    for name, module in GENERIC.items():
        found[name] = _Lazy(module, name)
    package = import_game_part(key, "agents")  # cardlab.agents.<game>, or an outside game's `agents` module
    if package is not None:
        for name, module in getattr(package, "AGENT_MODULES", {}).items():
            found[name] = _Lazy(module, name)
        found.update(getattr(package, "AGENTS", {}))
    found.update(_FACTORIES)
    _BY_GAME[key] = found
    return found


class _Lazy:
    """A factory whose module is imported on first use."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def resolve(self) -> Callable[..., Agent]:
        return importlib.import_module(self.module).AGENTS[self.name]


def available(game: str = DEFAULT_GAME) -> list[str]:
    return sorted(_factories(game))


# Options that name a checkpoint or a genome file: they also take a model-zoo name (`cardlab models`).
MODEL_OPTIONS = ("ckpt", "params", "genome")


def option_file(value: str):
    """The file an agent option names, as the agent will load it: an existing file, or a model-zoo name's shipped
    file; None for anything else."""
    from pathlib import Path

    from cardlab.checkpoints.zoo import shipped_file

    if not value:
        return None
    return Path(value) if Path(value).is_file() else shipped_file(value)


def agent_files(specs) -> dict:
    """{agent spec: {option: sha256 of the file}} for every agent option naming a file (a checkpoint, a genome, a
    zoo name's shipped file); an ensemble (ckpt=A+B) records one hash per member, joined by "+". Specs that do
    not parse are left out (their agents are refused elsewhere)."""
    from cardlab.engine.registry import parse_spec
    from cardlab.runtime import file_sha256

    out: dict = {}
    for spec in specs:
        try:
            _, options = parse_spec(spec)
        except Exception:  # noqa: BLE001 - a bad spec is reported by make_agent, not here
            continue
        for key, value in options.items():
            text = str(value).removeprefix("ckpt=").removeprefix("weights:")  # eval=ckpt=..., eval=weights:...
            files = [option_file(part) for part in text.split("+")]
            if any(f is not None for f in files):
                hashes = [file_sha256(f) if f is not None else None for f in files]
                out.setdefault(spec, {})[key] = hashes[0] if len(hashes) == 1 else "+".join(h or "?" for h in hashes)
    return out


def changed_agent_files(recorded: dict, now: dict) -> list[str]:
    """The agents (spec (option)) whose file hashes differ between two agent_files results, `recorded` by an
    interrupted run and `now` (a file swapped before the resume); agents without a recorded hash are not judged."""
    return [f"{spec} ({key})" for spec, options in recorded.items() if isinstance(options, dict)
            for key, digest in options.items() if now.get(spec, {}).get(key, digest) != digest]


def make_agent(spec: str, seed: int = 0, game=DEFAULT_GAME, objects: dict | None = None) -> Agent:
    """An agent for `game` (a registry name, or a Game: then the agent's check_game also sees its variant) from its
    spec string. `objects`: keyword arguments given as objects rather than text (a stand-in evaluator)."""
    variant = None if isinstance(game, str) else game
    game = game if isinstance(game, str) else game.name
    agent = _make(spec, seed, game, objects or {})
    if variant is not None and hasattr(agent, "check_game"):
        agent.check_game(variant)
    return agent


def _make(spec: str, seed: int, game: str, objects: dict | None = None) -> Agent:
    name, options = parse_spec(spec)
    factories = _factories(game)
    factory = factories.get(name)
    if factory is None:
        raise UserError(f"unknown agent {name!r} for {game} (available: {', '.join(available(game))})")
    if isinstance(factory, _Lazy):
        factory = factory.resolve()
    params = inspect.signature(factory).parameters
    hidden = ("seed", "self", "game")
    kwargs = {}
    for key, value in options.items():
        if key in MODEL_OPTIONS:
            from cardlab.checkpoints.zoo import resolve

            value = resolve(value)  # a zoo name (search:ckpt=liege-full-rich) becomes its shipped file
        # Only declared keyword parameters are options: a stray **kwargs must not swallow typos.
        if key not in params or key in hidden or params[key].kind == params[key].VAR_KEYWORD:
            known = [k for k in params if k not in hidden and params[k].kind != params[k].VAR_KEYWORD]
            raise UserError(f"agent {name!r}: unknown option {key!r} (options: {', '.join(known) or 'none'})")
        kwargs[key] = _convert(name, key, value, params[key].default)
    if "game" in params:
        kwargs["game"] = game
    kwargs.update(objects or {})
    try:
        return factory(seed=seed, **kwargs)
    except UserError:
        raise
    except (TypeError, ValueError) as exc:
        raise UserError(f"agent {spec!r}: {exc}") from None


# Agents for every game and the module whose AGENTS dict defines them; a module is imported only when one of
# its agents is asked for. A game's own agents (agents/<game>/) take precedence over these names.
GENERIC = {
    "random": "cardlab.agents.random_agents",
    "random-action": "cardlab.agents.random_agents",
    "search": "cardlab.agents.search",
    "mcts": "cardlab.agents.mcts",
    "human": "cardlab.agents.human",
}
_BY_GAME: dict[str, dict] = {}
