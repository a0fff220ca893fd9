"""Pieces every evolution loop shares: the interrupt exception, atomic state files, CSV logs and the progress display.

(evolve/ may not import the CLI's progress helper, so the generation bar lives here.)
"""

from __future__ import annotations

import csv
import json
import sys
import time
from pathlib import Path
from typing import Any, Sequence

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


def refuse_out_breaking_specs(out: Path) -> None:
    """The run's agents are agent specs naming files under `out`: a ',' or '=' in its path would split the spec."""
    from cardlab.runtime import UserError

    if any(c in str(out.resolve()) for c in ",="):
        raise UserError(f"--out {out}: the agent spec names files under it, so it may not contain ',' or '='")


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


def run_interruptible(name: str, progress: Any, out: Path, call: Any, interrupt_flag: Any) -> Any:
    """`call(stop, report, on_games)` under the Ctrl-C flag (`interrupt_flag()`, the caller's StopOnInterrupt) and
    `progress`: its result, or None after Ctrl-C (the message saying how to continue is printed; the last completed
    generation is saved by the run)."""
    try:
        with interrupt_flag() as interrupt:
            result = call(lambda: interrupt.requested, progress.report, progress.on_games)
    except GameFailed as exc:  # one line, not a worker's traceback; the last completed generation stands
        progress.close()
        from cardlab.runtime import UserError

        raise UserError(game_failed_message(exc, out)) from None
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
