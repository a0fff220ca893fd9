"""Agents from spec strings: `name[:key=value,...]`, e.g. `random`, `search:prune=tt,max_nodes=5000`."""

from __future__ import annotations

import inspect
from typing import Callable

from engine.core import UserError

from agents.base import Agent

_FACTORIES: dict[str, Callable[..., Agent]] = {}


def register(name: str, factory: Callable[..., Agent]) -> None:
    _FACTORIES[name] = factory


def available() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise UserError(f"agent {spec!r}: option {part!r} is not key=value")
            options[key.strip()] = value.strip()
    return name.strip(), options


def _convert(name: str, key: str, value: str, default):
    """Options arrive as text; convert them to the type of the factory's default."""
    try:
        if isinstance(default, bool):
            if value.lower() in ("1", "true", "yes", "on"):
                return True
            if value.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(value)
        if isinstance(default, int):
            return int(value)
        if isinstance(default, float):
            return float(value)
    except ValueError:
        raise UserError(f"agent {name!r}: option {key}={value!r} should be a {type(default).__name__}") from None
    return value


def make_agent(spec: str, seed: int = 0) -> Agent:
    _load_builtin()
    name, options = parse_spec(spec)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise UserError(f"unknown agent {name!r} (available: {', '.join(sorted(_FACTORIES))})")
    params = inspect.signature(factory).parameters
    kwargs = {}
    for key, value in options.items():
        # Only declared keyword parameters are options: a stray **kwargs must not swallow typos.
        if key not in params or key == "seed" or params[key].kind == params[key].VAR_KEYWORD:
            known = [k for k in params if k not in ("seed", "self") and params[k].kind != params[k].VAR_KEYWORD]
            raise UserError(f"agent {name!r}: unknown option {key!r} (options: {', '.join(known) or 'none'})")
        kwargs[key] = _convert(name, key, value, params[key].default)
    try:
        return factory(seed=seed, **kwargs)
    except UserError:
        raise
    except (TypeError, ValueError) as exc:
        raise UserError(f"agent {spec!r}: {exc}") from None


_LOADED = False


def _load_builtin() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import importlib

    from agents.random_agents import RandomActionAgent, RandomAgent

    register("random", RandomAgent)
    register("random-action", RandomActionAgent)
    for module_name in ("agents.baselines", "agents.search", "agents.q_agents"):
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        for name, factory in getattr(module, "AGENTS", {}).items():
            register(name, factory)
