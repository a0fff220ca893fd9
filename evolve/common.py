"""Pieces every evolution loop shares: the interrupt exception, atomic state files, CSV logs and the progress display.

(evolve/ may not import the CLI's progress helper, so the generation bar lives here.)
"""

from __future__ import annotations

import csv
import errno
import json
import re
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from cardlab.runtime import write_atomically, write_text_atomically

PLAIN_EVERY_S = 30.0


class Interrupted(Exception):
    """Ctrl-C arrived during a generation: it is dropped, the last saved one stands."""


class GameFailed(Exception):
    """A fitness game raised (an agent or the engine failed): the generation cannot be measured, so the run stops
    with the last saved generation standing. Raised in a worker, it travels back pickled: plain arguments only."""

    def __init__(self, what: str, error: str, log: dict | None = None, log_name: str = "failed-game.json") -> None:
        super().__init__(what, error, log, log_name)
        self.what, self.error, self.log, self.log_name = what, error, log, log_name

    def __str__(self) -> str:
        return f"{self.what}: {self.error}"


def game_failed_message(exc: GameFailed, out: Path) -> str:
    """The one line a failed fitness game gives: which game, its error, where it is saved, how to go on."""
    where = ""
    if exc.log is not None:
        from cardlab.arena import gamelog

        try:
            path = gamelog.save(exc.log, out / "error-games" / exc.log_name)
            where = f"; the game is saved in {path} (cardlab replay {path})"
        except OSError:
            pass  # the message matters more than the log
    saved = completed_generations(out, resume=True)
    then = (f"{saved} completed generation(s) are saved in {out}: fix the cause and continue with --resume" if saved
            else "no generation was completed: fix the cause and run the command again")
    error = (exc.error.strip().splitlines() or ["?"])[0]
    return f"a fitness game ended in an error, so the generation was not finished ({exc.what}: {error}){where}; {then}"


def out_folder(text: str) -> Path:
    """--out as a Path; an empty one is refused: Path("") is ".", so the run would land in the current folder."""
    from cardlab.runtime import UserError

    if not str(text).strip():
        raise UserError(f"--out {str(text)!r}: empty; give the folder for the run's files (an empty name would "
                        "write them into the current folder)")
    return Path(text)


def refuse_out_breaking_specs(out: Path) -> None:
    """The run's agents are agent specs naming files under `out`: a ',' or '=' in its path would split the spec."""
    from cardlab.runtime import UserError

    if any(c in str(out.resolve()) for c in ",="):
        raise UserError(f"--out {out}: the agent spec names files under it, so it may not contain ',' or '='")


def rendered(save: Callable[[Path], Any], folder: Path) -> str:
    """The text `save(path)` writes (a saver that takes a path, as save_weights), through a temporary file of its
    own in `folder` that is always removed: what a run writes under its real name then goes through a rename."""
    import os
    import tempfile

    fd, name = tempfile.mkstemp(prefix=".rendering.", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        save(Path(name))
        return Path(name).read_text(encoding="utf-8")
    finally:
        Path(name).unlink(missing_ok=True)


def save_atomically(path: Path, save: Callable[[Path], Any]) -> Path:
    """`save(path)` through a temporary file and a rename: a full disk or a kill mid-write leaves the old file whole
    (best.yaml of the last saved generation), never a half or empty one."""
    return write_text_atomically(path, rendered(save, Path(path).parent))


def write_json_atomic(path: Path, data: Any) -> None:
    """Write through a temporary file and rename, so a crash never leaves half a state file."""
    write_text_atomically(path, json.dumps(data))


def write_csv(path: Path, fields: Sequence[str], rows: Sequence[dict]) -> None:
    """Through a temporary file and a rename: a kill mid-write leaves the old log whole, never half of it."""
    def write(handle) -> None:
        writer = csv.DictWriter(handle, fieldnames=list(fields))
        writer.writeheader()
        writer.writerows(rows)

    write_atomically(path, write)


def read_csv(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


class GenerationProgress:
    """A rich bar over generations on a terminal (its text: the latest generation's line); otherwise a plain line
    at most every `every_s` seconds, so a log file shows progress without a flood."""

    def __init__(self, title: str, total: int, done_generations: int, stream=None,
                 every_s: float = PLAIN_EVERY_S) -> None:
        self.title = title
        self.stream = stream or sys.stderr
        self.total = total
        self.every_s = every_s
        self.done_generations = done_generations
        self.games = 0
        self.last_line = time.monotonic()
        self.latest = "starting"
        self.bar = self.task = None
        if self.stream.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TimeRemainingColumn(), console=Console(file=self.stream))
            self.task = self.bar.add_task("generations", total=total, completed=done_generations)
            self.bar.start()

    def on_games(self, n: int) -> None:
        self.games += n
        self._maybe_line()

    def report(self, line: str) -> None:
        self.done_generations += 1
        self.latest = line
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done_generations, description=line)
        self._maybe_line()

    def _maybe_line(self) -> None:
        if self.bar is None and time.monotonic() - self.last_line >= self.every_s:
            self.last_line = time.monotonic()
            print(f"{self.title}: {self.latest} ({self.games} games this session)", file=self.stream, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def completed_generations(out: Path, resume: bool) -> int:
    """Generations a resumed run has already completed (0 for a fresh run or an unreadable state file)."""
    state = out / "state.json"
    if not resume or not state.exists():
        return 0
    try:
        record = json.loads(state.read_text(encoding="utf-8"))
    except ValueError:
        return 0
    generation = record.get("generation", -1) if isinstance(record, dict) else -1
    return generation + 1 if isinstance(generation, int) else 0


def worker_exits_on_sigterm(signum: int, frame: Any) -> None:
    """A game worker's SIGTERM handler: exit through an exception, not the default sudden death, which can leave the
    pool's task-queue lock held by a dead worker (one idle worker always holds it, reading) and the parent's
    terminate() waiting for it forever."""
    raise SystemExit(128 + signum)


@contextmanager
def terminate_stops(interrupt: Any) -> Iterator[None]:
    """SIGTERM (`kill`, `timeout`, a batch scheduler) stops the run as a second Ctrl-C does, at once: the generation
    under way is dropped, the last completed one stays saved and a run that saved none removes its folder (the
    default action killed it with its files left). Not after the current job, as a first Ctrl-C: `timeout` and
    schedulers signal the whole process group, so the game workers die too and their jobs' results never come."""
    import os
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    owner = os.getpid()

    def handle(signum, frame) -> None:
        if os.getpid() != owner:  # a forked game worker inherited this (the group's signal, the pool's terminate)
            worker_exits_on_sigterm(signum, frame)
        interrupt.requested = True  # should the exception land where Python drops it (a __del__), still stop
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, handle)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}  # free space: a disk or a quota is full
REFUSED_WRITES = FULL | {errno.EROFS, errno.EFBIG, errno.EACCES, errno.EPERM}


def os_error_message(exc: OSError, out: Path) -> str:
    """The one line the machine's refusal gives (a full disk or quota, a read-only folder...): which folder (and
    file, when the OS named it), what is saved, and how to go on, in the words of a failed game's message."""
    saved = completed_generations(out, resume=True)
    fix = "free space" if exc.errno in FULL else "fix the cause"
    what = f"cannot write in {out}" if exc.errno in REFUSED_WRITES else f"the run in {out} stopped"
    name = f" ({exc.filename})" if exc.filename is not None else ""
    then = (f"{saved} completed generation(s) are saved in {out}: {fix} and continue with --resume" if saved
            else f"no generation was completed: {fix} and run the command again")
    return f"{what}{name}: {(exc.strerror or str(exc)).lower()}; {then}"


def run_interruptible(name: str, progress: Any, out: Path, call: Any, interrupt_flag: Any) -> Any:
    """`call(stop, report, on_games)` under the Ctrl-C flag (`interrupt_flag()`, the caller's StopOnInterrupt) and
    `progress`: its result, or None after Ctrl-C or SIGTERM (the message saying how to continue is printed; the last
    completed generation is saved by the run). The machine refusing a write (a full disk) is one UserError."""
    from cardlab.runtime import UserError

    try:
        with interrupt_flag() as interrupt, terminate_stops(interrupt):
            result = call(lambda: interrupt.requested, progress.report, progress.on_games)
    except GameFailed as exc:  # one line, not a worker's traceback; the last completed generation stands
        progress.close()
        raise UserError(game_failed_message(exc, out)) from None
    except (FileExistsError, NotADirectoryError, IsADirectoryError):
        progress.close()  # --out is no folder: the CLI's line naming the path says it better
        raise
    except OSError as exc:
        progress.close()
        if exc.errno is None:  # not from the OS: a bug, show it
            raise
        raise UserError(os_error_message(exc, out)) from None
    except (Interrupted, KeyboardInterrupt):  # KeyboardInterrupt: a second Ctrl-C, or one while workers start
        progress.close()
        saved = completed_generations(out, resume=True)
        print(f"{name}: interrupted; " + (f"{saved} completed generation(s) are saved in {out} (continue with --resume)"
                                          if saved else "no generation was completed: run the command again"),
              file=sys.stderr)
        return None
    except BaseException:
        progress.close()
        raise
    progress.close()
    return result


def open_run_state(out: Path, settings: Any, resume: bool, state_cls: Any, extendable: bool = True) -> Any:
    """The run's state: read from out/state.json with `resume` (the settings must match; with `extendable` a larger
    --generations may extend the run, since nothing depends on the total), else a fresh `state_cls(settings)`.
    Every problem is one UserError naming the folder or file."""
    from dataclasses import asdict

    from cardlab.runtime import UserError, hold_folder

    if not str(out).strip():  # Path("  "): no folder anyone meant ("" is "." by then: out_folder refuses it)
        out_folder(str(out))
    path = out / "state.json"
    if resume and not path.exists():  # checked before creating the folder: a refused resume leaves nothing
        raise UserError(f"{out}: nothing to resume (no state.json)")
    out.mkdir(parents=True, exist_ok=True)
    hold_folder(out, "running an evolution in it")  # two runs would write the same generations twice
    if not resume:
        if path.exists():
            raise UserError(f"{out} already holds a run (state.json): use --resume or another --out")
        return state_cls(settings)
    record = None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(record, dict):
            raise ValueError("not a JSON object")
        state = state_cls.from_json(record, path)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        mine = set(asdict(settings))
        theirs = record.get("settings") if isinstance(record, dict) else None
        if isinstance(theirs, dict) and set(theirs) != mine:  # e.g. `evolve hearthstone --resume` on a Dominion run
            raise UserError(f"{out} holds another game's evolution run (its state.json's settings are not this "
                            "game's); resume it with the `cardlab evolve` game that started it") from None
        raise UserError(f"{path}: unreadable state file ({exc})") from None
    before = asdict(state.settings)
    if extendable:
        before["generations"] = settings.generations
    elif {**before, "generations": settings.generations} == asdict(settings) != before:
        raise UserError(f"{path}: this run was started with --generations {before['generations']}, and its mutation "
                        f"step shrinks with generation / generations, so --resume must keep it (a longer run "
                        f"starts afresh in another --out)")
    if before != asdict(settings):
        now = asdict(settings)
        differ = ", ".join(f"{key}={before.get(key)!r} (now {now.get(key)!r})" for key in now
                           if before.get(key) != now.get(key))
        raise UserError(f"{path}: the run was started with other settings: {differ}; resume with the same ones")
    done = completed_generations(out, resume=True)
    if extendable and settings.generations < done:
        raise UserError(f"{out} already holds {done} generations: --generations {settings.generations} would add none "
                        f"(give more than {done} to extend the run)")
    state.settings = settings
    return state


def module_main(name: str, help_text: str, add_arguments: Any, run: Any, argv: list[str] | None = None) -> int:
    """`python -m cardlab.evolve.GAME`: parse, run, and print a user error as one line (exit 2)."""
    import argparse

    from cardlab.runtime import UserError

    parser = argparse.ArgumentParser(prog=f"python -m cardlab.evolve.{name}", description=help_text)
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run(args)
    except UserError as exc:
        print(f"evolve {name}: error: {exc}", file=sys.stderr)
        return 2


# ---------------------------------------------------------------- a run stopped before its first generation

# what a fresh run writes into its folder before state.json: the lock, generation 0's files (a write of them cut
# short), and the per-individual files under `folder`, named by a hash of their text
RUN_FILES = ("best.yaml", "log.csv", "log.json", "gen_000.yaml", "gen_000_best.yaml")
HASHED_FILE = re.compile(r"[0-9a-f]{12}\.yaml")


def folder_is_new(out: Path) -> bool:
    """Whether --out does not exist yet (asked before the run creates it: only such a folder is ever removed)."""
    return not out.exists() and not out.is_symlink()


@contextmanager
def removed_unless_saved(out: Path, made: bool, folder: str | None = None) -> Iterator[None]:
    """Around a run holding `out`'s lock: when it is left by an exception (Ctrl-C, SIGTERM, a full disk) before any
    generation was saved and the run created `out` (`made`), what it wrote there goes again, so the message "no
    generation was completed: run the command again" leaves no folder that --resume would call empty. A failed
    fitness game keeps everything: its saved game names the files under `folder`."""
    try:
        yield
    except GameFailed:
        raise
    except BaseException:
        if made:
            remove_unsaved_run(out, folder)
        raise


def remove_unsaved_run(out: Path, folder: str | None = None) -> None:
    """Remove the run folder `out` if it holds no state.json and nothing but what a fresh run writes (RUN_FILES, the
    lock, `folder` with hash-named files only); anything else there (a file of the user's) keeps it all."""
    from cardlab.runtime import FolderLock, remove_if_only_lock

    try:
        if (out / "state.json").exists() or out.is_symlink() or not out.is_dir():
            return
        ours = {FolderLock.NAME, *RUN_FILES, *([folder] if folder else [])}
        entries = list(out.iterdir())
        if any(p.name not in ours for p in entries):
            return
        sub = out / folder if folder else None
        inside = []
        if sub is not None and (sub.exists() or sub.is_symlink()):
            if sub.is_symlink() or not sub.is_dir():
                return
            inside = list(sub.iterdir())
            if any(not HASHED_FILE.fullmatch(p.name) or p.is_symlink() or not p.is_file() for p in inside):
                return
        files = [p for p in entries if p.name in RUN_FILES]
        if any(p.is_symlink() or not p.is_file() for p in files):
            return
        for p in inside + files:
            p.unlink()
        if sub is not None and sub.is_dir():
            sub.rmdir()
        remove_if_only_lock(out)
    except OSError:
        pass  # best effort on the way out: the run's own message matters more


def check_types(cls: type, data: dict, where: str = "") -> None:
    """TypeError naming the first field of a state file's record whose JSON type is not the dataclass field's
    (a file edited by hand, or by another program): open_run_state reports it as an unreadable state file instead
    of a traceback from deep in the run."""
    import dataclasses
    import typing

    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        if f.name in data and not _has_type(data[f.name], hints[f.name]):
            raise TypeError(f"{where}{f.name} is {json.dumps(data[f.name])[:40]}, not {_type_words(hints[f.name])}")


def require(ok: bool, what: str) -> None:
    """TypeError(`what`) unless `ok`: a state file's field holds something of the wrong shape."""
    if not ok:
        raise TypeError(what)


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _has_type(value: Any, hint: Any) -> bool:
    import dataclasses
    import types
    import typing

    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return is_number(value)
    if hint in (str, list, dict):
        return isinstance(value, hint)
    if hint is type(None):
        return value is None
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return any(_has_type(value, arg) for arg in typing.get_args(hint))
    if dataclasses.is_dataclass(hint):
        return isinstance(value, hint)
    origin = typing.get_origin(hint)
    return isinstance(value, origin) if isinstance(origin, type) else True


def _type_words(hint: Any) -> str:
    return {int: "an integer", float: "a number", str: "a string", list: "a list", dict: "an object",
            bool: "true or false"}.get(hint, str(hint).replace("NoneType", "null"))
