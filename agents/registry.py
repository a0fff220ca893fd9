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
    return sorted(set(BUILTIN) | set(_FACTORIES))


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
    name, options = parse_spec(spec)
    _load_builtin(name)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise UserError(f"unknown agent {name!r} (available: {', '.join(available())})")
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


# Built-in agent names and the module whose AGENTS dict defines them; a module is imported only when one of
# its agents is asked for, so `trading` does not pay for importing torch.
BUILTIN = {
    "random": "agents.random_agents", "random-action": "agents.random_agents",
    "face": "agents.baselines", "trading": "agents.baselines", "greedy": "agents.baselines",
    "search": "agents.search",
    "q57": "agents.q_agents", "q8": "agents.q_agents",
}


def _load_builtin(name: str | None = None) -> None:
    """Register the built-in agent `name` (all of them when None)."""
    import importlib

    wanted = [name] if name is not None else list(BUILTIN)
    for agent_name in wanted:
        if agent_name in _FACTORIES or agent_name not in BUILTIN:
            continue
        module = importlib.import_module(BUILTIN[agent_name])
        for key, factory in module.AGENTS.items():
            _FACTORIES.setdefault(key, factory)
