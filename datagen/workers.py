"""Worker processes for datagen: jobs run in parallel, results come back in job order, one pipe per worker.

Why not `multiprocessing.Pool` (arena's `run_jobs`): its worker-handler thread also waits on the result pipe, so
it spins while a large result (a batch of games' chain columns, tens of kB a game) is still being read; measured,
that thread alone took about 1 s of the writing process's CPU per 600 games, CPU the workers need on 2 cores.
Here the main thread does everything: it hands each idle worker the next job, reads results as they arrive and
yields them in order. No helper threads, one message per job each way.
"""

from __future__ import annotations

import traceback
from collections import deque
from multiprocessing.connection import Connection, wait
from typing import Callable, Iterator

from cardlab.arena.play import children_ignore_sigint, process_context, worker_init
from cardlab.engine.registry import registered_games
from cardlab.runtime import UserError

IN_FLIGHT = 2  # jobs queued per worker: the next one waits in its pipe while the main process is busy writing
AHEAD_PER_WORKER = 4  # jobs handed out past the oldest unfinished one, per worker: bounds the results held back


def _serve(fn: Callable, conn: Connection, inherited: list[Connection], games: dict[str, str] | None = None,
           agents: dict[str, tuple] | None = None) -> None:
    """A worker: run the jobs it is sent until told to stop (None) or the main process goes away. `games`, `agents`:
    the games and agents registered in the main process (a spawned worker starts with the built-in ones only)."""
    for other in inherited:  # the main process's ends, inherited through fork: without them, its death is an EOF here
        other.close()
    worker_init(games, agents)
    try:
        while True:
            job = conn.recv()
            if job is None:
                return
            index, args = job
            try:
                message = (index, True, fn(*args))
            except UserError as exc:  # the user's setup (an agent this worker cannot load): one line, as in-process
                message = (index, None, str(exc))
            except Exception:  # a bug, not a game error (play_game records those): shown by the main process
                message = (index, False, traceback.format_exc())
            conn.send(message)
    except (EOFError, OSError):  # the main process was killed: nothing to report to
        return


class WorkerDied(RuntimeError):
    """A worker process went away mid-map (killed, or by a Ctrl-C that reached it while it was still starting)."""


class Workers:
    """`count` processes running `fn`. Start them before opening the output file, so that they never hold its
    descriptor: HDF5's lock on it lives as long as any process does, and a killed run must leave it resumable."""

    def __init__(self, fn: Callable, count: int) -> None:
        from cardlab.agents.registry import agents_for_workers

        ctx = process_context()
        agents = agents_for_workers(fork=ctx.get_start_method() == "fork")  # spawned workers start with none
        self.procs, self.conns = [], []
        for _ in range(count):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(fn, child, self.conns + [parent], registered_games(), agents),
                               daemon=True)
            with children_ignore_sigint():
                proc.start()
            child.close()
            self.procs.append(proc)
            self.conns.append(parent)
        self.broken = False

    def map(self, jobs: list[tuple]) -> Iterator:
        """fn(*job) for every job, yielded in job order. A map left before its end (an error, Ctrl-C, a consumer that
        stops early) stops the workers: jobs may still be running."""
        if self.broken:
            raise RuntimeError("these workers were stopped by an unfinished map")
        conns = self.conns
        queued: dict[Connection, deque[int]] = {conn: deque() for conn in conns}
        done: dict[int, object] = {}
        sent = out = 0
        try:
            while out < len(jobs):
                while sent < len(jobs) and sent < out + AHEAD_PER_WORKER * len(conns):
                    conn = min(conns, key=lambda c: len(queued[c]))  # round robin over the least busy
                    if len(queued[conn]) >= IN_FLIGHT:
                        break
                    try:
                        conn.send((sent, jobs[sent]))
                    except OSError:  # its end is closed: the worker is gone
                        raise WorkerDied(f"a datagen worker died before job {sent}") from None
                    queued[conn].append(sent)
                    sent += 1
                for conn in wait([c for c in conns if queued[c]]):
                    try:
                        index, ok, result = conn.recv()
                    except (EOFError, OSError):
                        raise WorkerDied(f"a datagen worker died while playing job {queued[conn][0]}") from None
                    if ok is None:
                        raise UserError(result)
                    if not ok:
                        raise RuntimeError(f"a datagen worker failed on job {index}:\n{result}")
                    queued[conn].popleft()
                    done[index] = result
                while out in done:
                    yield done.pop(out)
                    out += 1
        finally:
            if out < len(jobs):
                self.broken = True
                self.close()

    def close(self) -> None:
        """Stop the workers: idle ones exit at once, busy ones (an unfinished map) are terminated."""
        for conn in self.conns:
            if not self.broken:
                try:
                    conn.send(None)
                except OSError:
                    pass
            conn.close()
        for proc in self.procs:
            if self.broken:
                proc.terminate()
            proc.join()
        self.conns, self.procs = [], []

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def ordered_map(fn: Callable, jobs: list[tuple], workers: int) -> Iterator:
    """fn(*job) for every job in `workers` fresh processes, in job order."""
    with Workers(fn, min(workers, len(jobs))) as pool:
        yield from pool.map(jobs)
