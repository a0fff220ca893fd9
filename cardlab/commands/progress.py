"""Progress for long runs: a rich bar on a terminal, a plain line at least every 30 s otherwise."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator

PLAIN_EVERY_S = 30.0


@contextmanager
def progress_bar(title: str, total: int, quiet: bool = False, stream=None) -> Iterator[Callable[[int], None]]:
    """Yields update(done). `quiet` (JSON output) prints nothing."""
    stream = stream or sys.stderr
    if quiet:
        yield lambda done: None
        return
    if stream.isatty():
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=Console(file=stream), transient=True) as progress:
            task = progress.add_task(title, total=total)
            yield lambda done: progress.update(task, completed=done)
        return
    import threading

    start = time.monotonic()
    state = {"done": 0}
    finished = threading.Event()

    def tick() -> None:  # a line every 30 s even while one long game is in play
        while not finished.wait(PLAIN_EVERY_S):
            print(f"{title}: {state['done']}/{total} ({time.monotonic() - start:.0f} s)", file=stream, flush=True)

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()

    def update(done: int) -> None:
        state["done"] = done

    try:
        yield update
    finally:
        finished.set()
        if state["done"]:
            print(f"{title}: {state['done']}/{total} ({time.monotonic() - start:.0f} s)", file=stream, flush=True)
