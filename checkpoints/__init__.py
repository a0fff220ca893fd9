"""Shipped checkpoints and genomes (package data), found by name through `cardlab.checkpoints.path_of`."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def path_of(relative: str) -> Path:
    """The file path of a shipped checkpoint, e.g. `liege-full-rich/value.pt`."""
    return Path(str(files(__name__).joinpath(relative)))
