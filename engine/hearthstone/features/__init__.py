"""Hearthstone's observation encoders (seed96, rich) and the DQN board features; `ENCODERS` is what
`cardlab.engine.features.get_encoder(spec, game="hearthstone")` looks names up in."""

from __future__ import annotations

from typing import Callable

from cardlab.engine.features import Encoder, available_encoders, get_encoder as _get_encoder
from cardlab.engine.hearthstone.features.rich import RichEncoder
from cardlab.engine.hearthstone.features.seed96 import Seed96

ENCODERS: dict[str, Callable[..., Encoder]] = {"seed96": Seed96, "rich": RichEncoder}


def get_encoder(spec: str) -> Encoder:
    """A Hearthstone encoder from `name[:key=value,...]`."""
    return _get_encoder(spec, "hearthstone")


def available() -> list[str]:
    return available_encoders("hearthstone")


__all__ = ["ENCODERS", "Encoder", "get_encoder", "available", "Seed96", "RichEncoder"]
