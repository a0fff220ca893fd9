"""Registry of named, versioned state encoders: `get_encoder("seed96")`, `get_encoder("seed96:random_slots=true")`.

A file records the encoder's spec and version; a trained network must be used with the same pair.
"""

from __future__ import annotations

from typing import Callable

from engine.core import UserError

from datagen.encoders.base import Encoder
from datagen.encoders.rich import RichEncoder
from datagen.encoders.seed96 import Seed96

_ENCODERS: dict[str, Callable[..., Encoder]] = {"seed96": Seed96, "rich": RichEncoder}


def register(name: str, factory: Callable[..., Encoder]) -> None:
    _ENCODERS[name] = factory


def available() -> list[str]:
    return sorted(_ENCODERS)


def get_encoder(spec: str) -> Encoder:
    """An encoder from `name[:key=value,...]`; unknown names or options raise UserError."""
    name, _, rest = spec.strip().partition(":")
    factory = _ENCODERS.get(name)
    if factory is None:
        raise UserError(f"unknown encoder {name!r} (available: {', '.join(available())})")
    options = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            raise UserError(f"encoder {spec!r}: option {part!r} is not key=value")
        options[key.strip()] = value.strip()
    try:
        return factory(**options)
    except TypeError:
        raise UserError(f"encoder {name!r}: unknown option in {spec!r}") from None


__all__ = ["Encoder", "get_encoder", "register", "available", "Seed96", "RichEncoder"]
