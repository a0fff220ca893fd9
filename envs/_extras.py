"""Optional dependencies of the front ends: imported only when a front end is built, with a one-line fix if absent."""

from __future__ import annotations

import importlib
from types import ModuleType

from cardlab.runtime import UserError


def require(module: str, extra: str) -> ModuleType:
    """Import `module`, or raise UserError naming the pip extra that installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise UserError(f"{module} is not installed (needed by cardlab.envs): pip install \"cardlab[{extra}]\" "
                        f"({exc})") from None
