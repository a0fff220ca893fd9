"""The console that prints tables to stdout."""

from __future__ import annotations

import os
import sys


def stdout_console():
    """A terminal's width on a terminal; 200 columns when stdout is a pipe or a file (unless COLUMNS says), where
    rich would assume 80 and cut numbers and names short ("791/340/1…")."""
    from rich.console import Console

    wide = not sys.stdout.isatty() and "COLUMNS" not in os.environ
    return Console(width=200) if wide else Console()
