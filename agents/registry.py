"""Agents from spec strings: `name[:key=value,...]`, e.g. `random`, `search:prune=tt,max_nodes=5000`.

Agents from outside cardlab: `register("name", factory)` in the process that plays, or a `cardlab.agents` entry
point (name = agent name, value = `module:attribute`), read when an unknown name is asked for and when agents are
listed. Worker processes started by cardlab (arena, datagen, evolution) get the registered ones again: forked ones
inherit them, spawned ones get them pickled (`agents_for_workers` / `restore_agents`), so an agent a spawned worker
plays must be a class or function at a module's top level.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import pickle
import re
import sys
from typing import Any, Callable

from cardlab.engine.registry import convert_option, describe_entry_point, import_game_part
from cardlab.runtime import UserError

from cardlab.agents.base import Agent

_FACTORIES: dict[str, Callable[..., Agent]] = {}  # register()ed agents, for every game


DEFAULT_GAME = "hearthstone"

ENTRY_POINT_GROUP = "cardlab.agents"

# What a spec can spell as an agent name (spec names are not lower-cased; ':' starts the options, ',' and '='
# separate them, and specs are stripped of spaces).
_NAME = re.compile(r"[^\s:,=]+")
NAME_RULE = "a name without spaces, ':', ',' or '=' (e.g. my-agent)"


def _name_problem(name: Any) -> str | None:
    """Why `name` cannot be an agent's name in a spec string, or None."""
    if isinstance(name, str) and _NAME.fullmatch(name):
        return None
    return f"the agent name {name!r} is not {NAME_RULE}"


def _describe(factory: Any) -> str:
    """`module.qualname` of a factory, for messages."""
    qualname = getattr(factory, "__qualname__", None)
    if qualname is None:
        return repr(factory)
    return f"{getattr(factory, '__module__', '?')}.{qualname}"


_BUILTIN: dict[str, str] = {}


def builtin_agents() -> dict[str, str]:
    """Every built-in agent name -> where it is built in ("every game", or the built-in game that has it). Outside
    names (register(), entry points) may not take one of them, for any game: a spec must mean the same agent in a
    script as in cardlab's documentation."""
    if not _BUILTIN:
        from cardlab.engine.registry import BUILTIN_GAMES

        found = {name: "every game" for name in GENERIC}
        for game in BUILTIN_GAMES:
            try:
                package = importlib.import_module(f"cardlab.agents.{game}")
            except ModuleNotFoundError as exc:  # a game not part of this install has no agents to protect
                if exc.name and f"cardlab.agents.{game}".startswith(exc.name):
                    continue
                raise
            for name in (*getattr(package, "AGENT_MODULES", {}), *getattr(package, "AGENTS", {})):
                found.setdefault(name, f"{game}'s")
        _BUILTIN.update(found)
    return _BUILTIN


def _same_factory(a: Any, b: Any) -> bool:
    """The same factory, or the same top-level definition run again (a notebook cell, a reloaded module)."""
    if a is b or a == b:
        return True
    names = [(getattr(f, "__module__", None), getattr(f, "__qualname__", None)) for f in (a, b)]
    return names[0] == names[1] and None not in names[0] and "<" not in names[0][1]


def register(name: str, factory: Callable[..., Agent]) -> None:
    """Add agent `name` for every game: `factory` is an Agent subclass or a callable taking (seed, **options) whose
    keyword defaults give the options' types. Refused (UserError): a name a spec cannot spell (NAME_RULE), a factory
    that is not callable, a built-in agent's name, a name registered to another factory. Registering the same pair
    again does nothing; the same top-level definition run again (a notebook cell) replaces the old one. Worker
    processes started by cardlab register it again (`agents_for_workers`)."""
    problem = _name_problem(name)
    if problem is None and not callable(factory):
        problem = (f"{factory!r} is not callable: give an Agent subclass or a function taking (seed, **options) "
                   "that returns an agent")
    owner = builtin_agents().get(name) if problem is None else None
    if owner is not None:
        problem = f"{name!r} is a built-in agent ({owner}): pick another name"
    taken = _FACTORIES.get(name)
    if problem is None and taken is not None and not _same_factory(taken, factory):
        problem = f"the name {name!r} is already registered to {_describe(taken)}"
    if problem is not None:
        raise UserError(f"register({name!r}, {_describe(factory)}): {problem}")
    _FACTORIES[name] = factory
    _BY_GAME.clear()


# ---------------------------------------------------------------- entry points (group cardlab.agents)

_ENTRY_POINTS: dict[str, Callable[..., Agent]] = {}  # entry-point agents loaded so far
_ENTRY_POINT_VALUES: dict[str, tuple[str, str]] = {}  # their (value, origin), for workers and messages
_WARNED: set[str] = set()


def entry_point_agents() -> dict[str, tuple[str, str, str | None]]:
    """This environment's `cardlab.agents` entry points: agent name -> (value, where it was declared, why it cannot
    be an agent or None). A broken one is kept with its problem: asking for it raises it, listings skip it."""
    from importlib import metadata  # looked up per call: tests replace metadata.entry_points

    found: dict[str, tuple[str, str, str | None]] = {}
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        origin = describe_entry_point(ep, ENTRY_POINT_GROUP)
        value = ep.value.strip()
        module, sep, attr = value.partition(":")
        problem = _name_problem(ep.name)
        if problem is None and not (sep and all(p.isidentifier() for p in module.strip().split("."))
                                    and all(p.isidentifier() for p in attr.strip().split("."))):
            problem = f"its value must be module:attribute (e.g. mypkg.agents:FirstLegal), not {value!r}"
        if ep.name in found and found[ep.name][0] != value:
            problem = f"{found[ep.name][1]} names the same agent"
        if ep.name not in found or problem is not None:
            found[ep.name] = (value, origin, problem)
    return found


def _clash(name: str) -> str | None:
    """Why an entry point may not take `name`: built-in and register()ed names win."""
    owner = builtin_agents().get(name)
    if owner is not None:
        return f"names the built-in agent {name!r} ({owner})"
    if name in _FACTORIES:
        return f"names the agent {name!r} registered by register() ({_describe(_FACTORIES[name])})"
    return None


def _load_entry_point(value: str, origin: str) -> Callable[..., Agent]:
    """The factory an entry point's `module:attribute` names (UserError naming the entry point when it cannot)."""
    module_path, _, attr = value.partition(":")
    try:
        target: Any = importlib.import_module(module_path.strip())
    except Exception as exc:  # noqa: BLE001  (not installed, a module it needs, or its own code failing)
        raise UserError(f"{origin} is broken: cannot import {module_path.strip()}: {type(exc).__name__}: {exc}") \
            from None
    for part in attr.strip().split("."):
        if not hasattr(target, part):
            raise UserError(f"{origin} is broken: {module_path.strip()} has no attribute {attr.strip()!r}")
        target = getattr(target, part)
    if not callable(target):
        raise UserError(f"{origin} is broken: {value} is not callable (give an Agent subclass or a function "
                        "taking (seed, **options))")
    return target


def _add_entry_point(name: str, value: str, origin: str) -> Callable[..., Agent]:
    factory = _ENTRY_POINTS[name] = _load_entry_point(value, origin)
    _ENTRY_POINT_VALUES[name] = (value, origin)
    _BY_GAME.clear()
    return factory


def _entry_point_factory(name: str) -> Callable[..., Agent] | None:
    """The factory of entry point `name` (loaded and remembered), None when there is none; UserError naming the
    entry point when it is broken or its name is taken."""
    found = entry_point_agents().get(name)
    if found is None:
        return None
    value, origin, problem = found
    if problem is not None:
        raise UserError(f"{origin} is broken: {problem}")
    clash = _clash(name)
    if clash is not None:
        raise UserError(f"{origin} {clash}, so it is left out")
    return _add_entry_point(name, value, origin)


def _warn(message: str) -> None:
    """Once per process: a listing left a broken or clashing entry point out."""
    if message not in _WARNED:
        _WARNED.add(message)
        logging.getLogger("cardlab.agents.registry").warning("cardlab: warning: %s; its agent is left out", message)


def _scan_entry_points() -> None:
    """Load every usable entry point; warn once about each one left out."""
    for name, (value, origin, problem) in sorted(entry_point_agents().items()):
        if problem is not None:
            _warn(f"{origin} is broken: {problem}")
            continue
        clash = _clash(name)
        if clash is not None:
            _warn(f"{origin} {clash}")
            continue
        if _ENTRY_POINT_VALUES.get(name, (None,))[0] == value:
            continue
        try:
            _add_entry_point(name, value, origin)
        except UserError as exc:
            _warn(str(exc))


# ---------------------------------------------------------------- worker processes

def _unpicklable(factory: Any) -> str | None:
    """Why a spawned worker could not get `factory` (pickled by reference: its module is imported again), or None."""
    if getattr(factory, "__module__", None) == "__main__" and not getattr(sys.modules.get("__main__"), "__file__",
                                                                          None):
        return "it is defined in an interactive session, which a worker process cannot import"
    try:
        pickle.dumps(factory)
    except Exception as exc:  # noqa: BLE001  (PicklingError, AttributeError, TypeError: all mean the same here)
        return f"it cannot be pickled ({type(exc).__name__}: {exc})"
    return None


def _unsendable_message(name: str, factory: Any, problem: str) -> str:
    return (f"agent {name!r} ({_describe(factory)}) cannot be sent to worker processes: {problem}; define it at a "
            "module's top level (not a lambda, not inside a function) or use one worker")


def refuse_unsendable(specs) -> None:
    """Before workers start with spawn: an agent of `specs` (spec strings) that a worker could not get (a lambda, a
    class defined inside a function or an interactive session) is one UserError naming it, not an error per game."""
    for spec in specs:
        if not isinstance(spec, str):
            continue
        # the agent itself, or one named inside its options (search:lookahead=mine, blueprint=, others=)
        for name in dict.fromkeys(re.split(r"[\s:,=+]+", spec)):
            factory = _FACTORIES.get(name)
            problem = _unpicklable(factory) if factory is not None else None
            if problem is not None:
                raise UserError(_unsendable_message(name, factory, problem))


def agents_for_workers(fork: bool = False) -> dict[str, tuple]:
    """What a worker process needs to know this process's outside agents (`restore_agents`): register()ed factories
    pickled, entry points by value; nothing for forked workers, which inherit them. A factory a spawned worker could
    not get goes as a marker: asking for it there is the error (`refuse_unsendable` refuses it before the pool
    starts when the caller knows its agents), other agents play on."""
    if fork:
        return {}
    out: dict[str, tuple] = {}
    for name, factory in _FACTORIES.items():
        problem = _unpicklable(factory)
        if problem is not None:
            out[name] = ("unloadable", _unsendable_message(name, factory, problem))
            continue
        out[name] = ("factory", pickle.dumps(factory))
    for name, (value, origin) in _ENTRY_POINT_VALUES.items():
        out.setdefault(name, ("entry point", value, origin))
    return out


class _Unloadable:
    """A registered agent a worker could not load: asking for it is the error (a worker that failed while starting
    would be restarted by the pool without end)."""

    def __init__(self, message: str) -> None:
        self.message = message

    def resolve(self) -> Callable[..., Agent]:
        raise UserError(self.message)


def restore_agents(agents: dict[str, tuple] | None) -> None:
    """In a worker process: the outside agents `agents_for_workers()` returned in its parent."""
    for name, entry in (agents or {}).items():
        try:
            if entry[0] == "factory":
                _FACTORIES[name] = pickle.loads(entry[1])
            elif entry[0] == "unloadable":
                _FACTORIES[name] = _Unloadable(entry[1])  # type: ignore[assignment]
            else:
                _, value, origin = entry
                _ENTRY_POINTS[name] = _load_entry_point(value, origin)
                _ENTRY_POINT_VALUES[name] = (value, origin)
        except Exception as exc:  # noqa: BLE001  (a module the worker cannot import, a broken entry point)
            why = str(exc) if isinstance(exc, UserError) else f"{type(exc).__name__}: {exc}"
            _FACTORIES[name] = _Unloadable(  # type: ignore[assignment]
                f"agent {name!r} from the parent process cannot be loaded in a worker process ({why}); define it "
                "at a module's top level or use one worker")
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
    """Agents playable in `game`: register()ed ones over the game's own (agents/<game>/, or the `agents` module or
    package beside an outside game's module, with AGENTS and/or AGENT_MODULES) over the generic ones over the entry
    points loaded so far."""
    key = game or DEFAULT_GAME
    if key in _BY_GAME:
        return _BY_GAME[key]
    found: dict[str, Callable[..., Agent]] = dict(_ENTRY_POINTS)  # the lowest: a game's own agent wins
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
    """Agent names for `game`, the `cardlab.agents` entry points' included (a broken or clashing one is left out
    with a warning naming it)."""
    _scan_entry_points()
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
        factory = _entry_point_factory(name)  # read only for a name cardlab does not know
    if factory is None:
        raise UserError(f"unknown agent {name!r} for {game} (available: {', '.join(available(game))})")
    if isinstance(factory, (_Lazy, _Unloadable)):
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
