"""The one play loop: `play_game` plays game `index` of a run, for arena, tournament, datagen and training.

Game i depends only on (seed, i): the state seed and each seat's agent seed are derived from them through a
one-way hash (`derive_seed`), so an agent cannot rebuild the game from its own seed, and which worker plays a game
never changes it. Roles (agent A = 0, B = 1, ...) change seats from game to game (`seat_roles`): A sits in seat i % n
and the others follow in every order in turn, so with two agents A goes first in even games.
"""

from __future__ import annotations

import contextlib
import itertools
import logging

import multiprocessing as mp
import re
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

from cardlab.engine.core import Game, State, derive_seed
from cardlab.engine.registry import make_game, registered_games, restore_games
from cardlab.runtime import UserError

DEFAULT_MAX_ACTIONS = 20000  # a game this long means an agent loops; it is counted as an error


class Observer:
    """Watches one game (datagen's chain recorder, attack collection); every method is optional."""

    def on_start(self, state: State, roles: Sequence[int]) -> None: ...

    def before_action(self, state: State, action) -> None: ...

    def after_action(self, state: State, actor: int) -> None: ...

    def on_end(self, state: State, error: str | None) -> None: ...


@dataclass
class GameResult:
    index: int
    seed: int  # the state seed: make_game(spec).new_initial_state(seed, roles) starts this game again
    roles: tuple[int, ...]  # roles[seat] = the agent (role) sitting in that seat
    returns: tuple[float, ...] | None  # per role; None when the game raised
    turns: int
    actions: int
    decision_ms: dict[int, list[float]]  # per role
    error: str | None = None
    log: dict | None = None
    extra: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.error is None


def game_seed(seed: int, index: int) -> int:
    """The state seed of game `index` of a run with `seed`."""
    return derive_seed("game", seed, index)


def agent_seed(seed: int, index: int, seat: int) -> int:
    return derive_seed("agent", seed, index, seat)


SEATING = ("every seat order in turn: game i seats agent 0 in seat i % n and the others after it in their "
           "(i // n)-th order (lexicographic); n! games play each order once (two agents: A in seat i % 2)")


def seat_roles(index: int, seats: int) -> tuple[int, ...]:
    """roles[seat] for game `index` (SEATING): role 0 sits in seat index % seats and the other roles follow it round
    the table in their (index // seats)-th order, so every order of three or more different agents is played (a
    rotation alone keeps A just before B: with three agents the listing order moved win rates by 1-2 points).
    The first `seats` games are the rotation role r -> seat (r + index) % seats; two seats alternate."""
    after = _ORDERS.get(seats)
    if after is None:
        after = _ORDERS[seats] = list(itertools.permutations(range(1, seats)))
    order = (0,) + after[(index // seats) % len(after)]
    roles = [0] * seats
    for k, role in enumerate(order):
        roles[(k + index) % seats] = role
    return tuple(roles)


_ORDERS: dict[int, list[tuple[int, ...]]] = {}


_AGENTS: dict = {}
_GAMES: dict = {}


def seat_agent(spec: str, seat: int, game: Game):
    """One agent object per (spec, seat, game) and process: two seats never share an agent, and reset() before
    every game makes it stateless across games."""
    from cardlab.agents.registry import make_agent

    key = (spec, seat, game.name)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = make_agent(spec, game=game.name)
    if hasattr(agent, "check_game"):
        agent.check_game(game)  # each call: the cache key is the game's name, not its variant
    return agent


def cached_game(spec: str) -> Game:
    game = _GAMES.get(spec)
    if game is None:
        game = _GAMES[spec] = make_game(spec)
    return game


def play_game(game: Game | str, specs: Sequence[str], seed: int, index: int,
              observers: Sequence[Observer] = (), keep_log: bool = False,
              start: Callable[[State], State] | None = None) -> GameResult:
    """Play game `index` of a run: `specs[r]` is role r's agent spec, one role per seat.

    `start` may replace the initial state (datagen's red top-up plays to a position first); an agent or engine
    failure ends this game only and is returned in `error`.
    """
    if isinstance(game, str):
        game = cached_game(game)
    seats = game.num_players
    if len(specs) != seats:
        raise ValueError(f"{game.name} needs {seats} agent specs, got {len(specs)}")
    roles = seat_roles(index, seats)
    state_seed = game_seed(seed, index)
    times: dict[int, list[float]] = {r: [] for r in range(seats)}
    actions: list = []
    error = None
    state = None
    max_actions = getattr(game, "max_actions", DEFAULT_MAX_ACTIONS)
    try:
        agents = [seat_agent(specs[roles[seat]], seat, game) for seat in range(seats)]
        for seat, agent in enumerate(agents):
            agent.reset(seat, agent_seed(seed, index, seat))
        state = game.new_initial_state(state_seed, roles)
        if start is not None:
            state = start(state)
        for obs in observers:
            obs.on_start(state, roles)
        while not state.is_terminal():
            if len(actions) >= max_actions:
                raise RuntimeError(f"game exceeded {max_actions} actions")
            seat = state.current_player
            view = state.observation(seat)
            t0 = time.perf_counter()
            action = agents[seat].act(view)
            times[roles[seat]].append((time.perf_counter() - t0) * 1000)
            if action not in state.legal_actions():
                raise RuntimeError(f"agent {specs[roles[seat]]} chose illegal action {action!r}")
            for obs in observers:
                obs.before_action(state, action)
            actions.append(action)
            state.apply(action)
            for obs in observers:
                obs.after_action(state, seat)
    except UserError:  # the user's own setup (a genome naming a card outside the kingdom...): stop the run
        raise
    except Exception as exc:  # an agent or engine failure ends this game only
        error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
    for obs in observers:
        obs.on_end(state, error)
    returns = None
    if error is None and state is not None:
        by_seat = state.returns()
        returns = tuple(by_seat[roles.index(r)] for r in range(seats))
    turns = state.turn_number if state is not None else 0
    log = None
    if keep_log or error is not None:
        from cardlab.arena import gamelog

        log = gamelog.game_log(game, state_seed, roles, [specs[r] for r in roles], actions,
                               {"returns_by_role": list(returns) if returns else None, "turns": turns}, error)
    return GameResult(index, state_seed, roles, returns, turns, len(actions), times, error, log)


# ---------------------------------------------------------------- worker pool

def worker_init(games: dict[str, str] | None = None, agents: dict[str, tuple] | None = None) -> None:
    """Per worker: the games and agents the parent registered (`registered_games()`, `agents_for_workers()`: a
    spawned process starts with the built-in ones only), fresh agent caches, one torch thread (one game per core),
    Ctrl-C left to the parent."""
    import signal

    from cardlab.agents.registry import restore_agents

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A group SIGTERM (`timeout`, a scheduler): exit through an exception, not sudden death, which can leave the
    # pool's task-queue lock held by a dead worker and the parent's terminate() waiting for it forever.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    restore_games(games)
    restore_agents(agents)
    # The parent built every agent once before the pool started and showed its warnings: one copy is enough.
    logging.getLogger("cardlab.agents").setLevel(logging.ERROR)
    _AGENTS.clear()
    _GAMES.clear()
    if "torch" in sys.modules:
        import torch

        torch.set_num_threads(1)  # torch's own thread pool would oversubscribe the cores


@contextlib.contextmanager
def children_ignore_sigint():
    """Start worker processes with Ctrl-C ignored from their first instruction: a spawned one would otherwise die of
    a Ctrl-C that lands while its interpreter starts (before `worker_init`), printing a traceback. Ignored is the
    one disposition a new process inherits; the parent ignores Ctrl-C only while the processes are being started."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def process_context():
    """fork is cheap, but a process that already ran torch must not fork (its thread pool deadlocks the child), and
    on macOS fork is unsafe (system libraries start threads; Python's own default there is spawn)."""
    if sys.platform.startswith("linux") and "torch" not in sys.modules:
        return mp.get_context("fork")
    ctx = mp.get_context("spawn")
    refuse_unguarded_main()
    return ctx


_MAIN_GUARD = re.compile(r"""__name__\s*==\s*['"]__main__['"]|['"]__main__['"]\s*==\s*__name__""")


def refuse_unguarded_main() -> None:
    """Spawned workers import the main script again: one whose top-level code starts workers without
    `if __name__ == "__main__":` makes every worker die while starting, and a process pool replaces them forever."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    spec = getattr(main, "__spec__", None)
    if path is None or mp.parent_process() is not None or getattr(spec, "name", "").endswith("__main__"):
        return  # an interactive session, a worker, or a package's __main__ (`python -m cardlab`: never re-run)
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return
    if path.endswith(".py") and not _MAIN_GUARD.search(text):
        raise UserError(f"{path} starts worker processes, which import it again: put the code that runs under "
                        "`if __name__ == \"__main__\":` (Python's rule for workers started with spawn), or use "
                        "one worker")


WINDOWS_MAX_WORKERS = 61


def cap_workers(workers: int, warn: Callable[[str], None] | None = None) -> int:
    """At most one worker per CPU: more only slows the run down."""
    import os

    if workers <= 0:
        raise UserError(f"--workers must be positive, got {workers}")
    cpus = os.cpu_count() or 1
    here = f"the {cpus} CPUs here"
    if sys.platform == "win32" and sys.version_info < (3, 13) and cpus > WINDOWS_MAX_WORKERS:
        cpus = WINDOWS_MAX_WORKERS  # a larger process pool hangs there (CPython gh-89240, fixed in 3.13)
        here = f"the {cpus} worker processes Python before 3.13 runs on Windows"
    if workers > cpus:
        if warn is not None:
            warn(f"--workers {workers} is more than {here}; using {cpus}")
        return cpus
    return workers


def run_jobs(fn: Callable, jobs: list, workers: int, ordered: bool = False) -> Iterator:
    """fn(*job) for every job, in a pool of `workers` processes (in job order when `ordered`).

    The pool is terminated on the way out (Ctrl-C, an error, or a consumer that stops early), so no worker is left
    running and none prints a traceback; after the last job the workers are let finish instead (a terminate then
    would land in their exit handlers: torch's, in a worker that loaded a network).
    """
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield fn(*job)
        return
    from cardlab.agents.registry import agents_for_workers

    ctx = process_context()
    initargs = (registered_games(), agents_for_workers(fork=ctx.get_start_method() == "fork"))
    with children_ignore_sigint():
        pool = ctx.Pool(workers, initializer=worker_init, initargs=initargs)
    try:
        chunk = 1 if ordered else max(1, min(16, len(jobs) // (workers * 8) or 1))
        mapper = pool.imap if ordered else pool.imap_unordered
        yield from mapper(_Star(fn), jobs, chunksize=chunk)
        pool.close()
        pool.join()
    finally:
        pool.terminate()  # a no-op once the workers have finished
        pool.join()


class _Star:
    """Picklable `lambda job: fn(*job)`."""

    def __init__(self, fn: Callable) -> None:
        self.fn = fn

    def __call__(self, job):
        return self.fn(*job)
