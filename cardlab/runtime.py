"""Run infrastructure every layer may import: the user-error type, the Ctrl-C flag, a file's SHA-256, atomic
writes.

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


def write_atomically(path, write, binary: bool = False):
    """Write `path` with `write(handle)` through a temporary file of its own beside it and a rename: readers and a
    resumed run see the old file or the whole new one, never half of it, and an interrupted or failed write
    (Ctrl-C, a full disk) leaves no temporary behind. Returns `path` as a Path."""
    import os
    import tempfile
    from pathlib import Path

    path = Path(path)
    # a name of its own: two writers of the same file never write into, or move away, each other's half
    fd, name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    tmp = Path(name)
    try:
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="")) as handle:
            write(handle)
        mask = os.umask(0)
        os.umask(mask)
        tmp.chmod(0o666 & ~mask)  # mkstemp's 0600 would keep others on a shared machine from the file
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def write_text_atomically(path, text: str):
    """`write_atomically` for a text file (UTF-8, newlines as given)."""
    return write_atomically(path, lambda handle: handle.write(text))


def stdin_is_terminal() -> bool:
    """Whether standard input is a terminal (a person can answer prompts there)."""
    import sys

    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):  # replaced by an object without isatty, or closed
        return False


def not_a_file(path, what: str) -> str:
    """Why `path` (not a regular file) cannot be read: "WHAT 'PATH' is a directory, not a file", "... is not a regular
    file" (a device, a FIFO) or "... does not exist"."""
    import os

    if os.path.isdir(path):
        return f"{what} {str(path)!r} is a directory, not a file"
    return f"{what} {str(path)!r} " + ("is not a regular file" if os.path.exists(path) else "does not exist")


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


def lock_exclusively(handle, name, what: str) -> None:
    """Take an exclusive lock on the open file `handle` for as long as it stays open (the OS drops it when the
    process dies): a second cardlab process writing the same output is refused (UserError naming `name` and `what`)
    instead of interleaving its writes. Where the OS has no flock (Windows) nothing is locked."""
    try:
        import fcntl
    except ImportError:
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise UserError(f"{name}: another process is {what} (wait for it to finish or stop it)") from None
    except OSError:  # a file system without locks (some network mounts): carry on unlocked, as before
        return


class FolderLock:
    """An exclusive lock on a run folder (`DIR/.cardlab.lock`, created if missing and left in place: a lock file
    that is not held means nothing), held from `acquire` until `release` or the process's end."""

    NAME = ".cardlab.lock"

    def __init__(self, folder, what: str) -> None:
        from pathlib import Path

        self.path = Path(folder) / self.NAME
        self.what = what
        self._handle = None

    def acquire(self) -> "FolderLock":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+", encoding="utf-8")
        try:
            lock_exclusively(handle, self.path.parent, self.what)
        except BaseException:
            handle.close()
            raise
        self._handle = handle
        return self

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def __enter__(self) -> "FolderLock":
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


_HELD: dict[str, FolderLock] = {}


def hold_folder(folder, what: str) -> None:
    """Lock the run folder `folder` (`what` says what the holder does there, for the refusal another process gets)
    until the run function that asked returns (`releases_folders`), or the process ends; asking again while held is
    a no-op (the CLI's merge step, then training, into one folder)."""
    import os

    key = os.path.realpath(folder)
    if key not in _HELD:
        _HELD[key] = FolderLock(folder, what).acquire()


def release_folder(folder) -> None:
    """Free a folder `hold_folder` locked (a refused step that removes the folder it created)."""
    import os

    lock = _HELD.pop(os.path.realpath(folder), None)
    if lock is not None:
        lock.release()


def remove_if_only_lock(folder) -> None:
    """Remove a folder a run created that holds nothing but its lock (a refused or interrupted run that says it
    wrote nothing leaves no folder behind); a folder with anything else in it stays."""
    from pathlib import Path

    folder = Path(folder)
    if {p.name for p in folder.iterdir()} <= {FolderLock.NAME}:
        release_folder(folder)
        (folder / FolderLock.NAME).unlink(missing_ok=True)
        folder.rmdir()


def releases_folders(run):
    """Decorator for a run function (train, evolve, loop): the folders it locked with `hold_folder` are free again
    when it returns or raises (a notebook that trained once must not keep a terminal's resume out)."""
    import functools

    @functools.wraps(run)
    def wrapper(*args, **kwargs):
        before = set(_HELD)
        try:
            return run(*args, **kwargs)
        finally:
            for key in set(_HELD) - before:
                _HELD.pop(key).release()

    return wrapper
