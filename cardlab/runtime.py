"""Run infrastructure every layer may import: the user-error type, the Ctrl-C flag, a file's SHA-256.

It imports nothing of cardlab, so `cardlab.engine` can use it without pulling in the CLI.
"""

from __future__ import annotations


class UserError(ValueError):
    """A problem with what the user gave (a card name, a deck, a file, an option): shown without a traceback."""


def file_sha256(path) -> str:
    """SHA-256 of a file's bytes (which exact data file or checkpoint a run used)."""
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            h.update(block)
    return h.hexdigest()


def not_a_file(path, what: str) -> str:
    """Why `path` (not a file) cannot be read: "WHAT 'PATH' is a directory, not a file" or "... does not exist"."""
    import os

    return f"{what} {str(path)!r} " + ("is a directory, not a file" if os.path.isdir(path) else "does not exist")


def first_line(exc: BaseException) -> str:
    """An exception's first line (HDF5 and others raise multi-line reports), or its type name when empty."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def yaml_problem(exc: Exception) -> str:
    """A YAML parse error in a few words: "not valid YAML at line N (problem)", not PyYAML's multi-line dump."""
    mark = getattr(exc, "problem_mark", None)
    where = f" at line {mark.line + 1}" if mark is not None else ""
    problem = getattr(exc, "problem", None)
    return f"not valid YAML{where}" + (f" ({problem})" if problem else "")


class StopOnInterrupt:
    """For loops over games: the first Ctrl-C sets `requested`, which the loop checks between games; a second
    one interrupts at once. Use as a context manager (main thread only; elsewhere it does nothing).

    A KeyboardInterrupt raised at an arbitrary point can land in a weakref or __del__ callback, where Python
    prints it and drops it, and the run would go on; a flag checked between games cannot be lost.
    """

    def __init__(self, defer: bool = True) -> None:
        """defer=False: Ctrl-C interrupts at once (a person typing at a prompt must not wait for the game's end)."""
        self.requested = False
        self._previous = None
        self.defer = defer

    def _handle(self, signum, frame) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    def __enter__(self) -> "StopOnInterrupt":
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            # not deferred: Python's own handler, even inside a run that defers (the loop around an arena)
            self._previous = signal.signal(signal.SIGINT, self._handle if self.defer else signal.default_int_handler)
        return self

    def __exit__(self, *exc) -> None:
        import signal

        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None
