"""Matches between two agents: N games, first player alternating, reproducible for any worker count.

Game i gets its own seed derived from (seed, i) and agent A sits in seat i % 2, so the result of
every game depends only on (seed, i), never on which worker played it.
"""

from __future__ import annotations

import multiprocessing as mp
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from engine.core import Rng, StopOnInterrupt, UserError
from engine.hearthstone.decks import Deck, deck_pool, load_deck
from engine.hearthstone.state import GameConfig, HearthstoneState

from arena import gamelog
from arena.stats import percentile, wilson_interval

MAX_ACTIONS_PER_GAME = 5000  # a game that long means an agent loops; it is counted as an error


@dataclass(frozen=True)
class DeckChoice:
    """Which decks a game uses: one deck for both, a deck per agent, or a random pair from a pool."""

    mode: str  # "same" | "pair" | "pool"
    decks: tuple[Deck, ...]
    label: str

    @classmethod
    def from_options(cls, deck: str | None = None, decks: list[str] | None = None, pool: str | None = None) -> "DeckChoice":
        given = sum(x is not None for x in (deck, decks, pool))
        if given > 1:
            raise UserError("give only one of --deck, --decks and --deck-pool")
        if decks is not None:
            if len(decks) != 2:
                raise UserError(f"--decks takes two decks (agent A's, agent B's), got {len(decks)}")
            return cls("pair", (load_deck(decks[0]), load_deck(decks[1])), f"{decks[0]} vs {decks[1]}")
        if pool is not None:
            return cls("pool", tuple(deck_pool(pool)), f"pool {pool}")
        name = deck or "liege"
        return cls("same", (load_deck(name),), f"{name} mirror")

    def for_game(self, rng: Rng) -> tuple[Deck, Deck]:
        """(agent A's deck, agent B's deck)."""
        if self.mode == "same":
            return self.decks[0], self.decks[0]
        if self.mode == "pair":
            return self.decks[0], self.decks[1]
        return self.decks[rng.randrange(len(self.decks))], self.decks[rng.randrange(len(self.decks))]


@dataclass
class GameResult:
    index: int
    seed: int
    a_seat: int
    winner: str  # "A", "B", "draw" or "error"
    turns: int
    decision_ms: dict[str, list[float]]
    error: str | None = None
    log: dict | None = None


def game_seed(seed: int, index: int) -> int:
    return Rng(seed * 1_000_003 + index).next64() & 0x7FFFFFFFFFFF


_AGENT_CACHE: dict = {}


def _agent(spec: str):
    """One agent object per spec and process; reset() before every game makes it stateless across games."""
    from agents.registry import make_agent

    if spec not in _AGENT_CACHE:
        _AGENT_CACHE[spec] = make_agent(spec)
    return _AGENT_CACHE[spec]


def play_game(specs: tuple[str, str], decks: DeckChoice, config: GameConfig, seed: int, index: int,
              keep_log: bool = False) -> GameResult:
    gseed = game_seed(seed, index)
    rng = Rng(gseed)
    deck_a, deck_b = decks.for_game(rng)
    a_seat = index % 2
    seat_decks = (deck_a, deck_b) if a_seat == 0 else (deck_b, deck_a)
    seat_specs = (specs[0], specs[1]) if a_seat == 0 else (specs[1], specs[0])
    labels = ("A", "B") if a_seat == 0 else ("B", "A")
    times: dict[str, list[float]] = {"A": [], "B": []}
    actions: list = []
    error = None
    state = None
    state_seed = -1
    try:
        agents = [_agent(seat_specs[0]), _agent(seat_specs[1])]
        for seat, agent in enumerate(agents):
            agent.reset(seat, rng.next64())
        state_seed = rng.next64() & 0x7FFFFFFFFFFF
        state = HearthstoneState.new(config, [d.as_tuple() for d in seat_decks], state_seed)
        while not state.is_terminal():
            if len(actions) >= MAX_ACTIONS_PER_GAME:
                raise RuntimeError(f"game exceeded {MAX_ACTIONS_PER_GAME} actions")
            seat = state.current
            obs = state.observation(seat)
            t0 = time.perf_counter()
            action = agents[seat].act(obs)
            times[labels[seat]].append((time.perf_counter() - t0) * 1000)
            if action not in state.legal_actions():
                raise RuntimeError(f"agent {seat_specs[seat]} chose illegal action {action!r}")
            actions.append(action)
            state.apply(action)
    except Exception as exc:  # an agent or engine failure ends this game only
        error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
    if error is not None or state is None:
        winner = "error"
    elif state.winner == -1:
        winner = "draw"
    else:
        winner = labels[state.winner]
    log = None
    if keep_log or error is not None:
        result = {"winner": winner, "a_seat": a_seat, "turns": state.turn if state else 0}
        log = gamelog.game_log(config, seat_decks, state_seed, list(seat_specs), actions, result, error)
    return GameResult(index, gseed, a_seat, winner, state.turn if state else 0, times, error, log)


@dataclass
class MatchReport:
    agents: tuple[str, str]
    decks: str
    games: int
    wins: dict[str, int]
    draws: int
    errors: int
    mean_turns: float
    decision_ms: dict[str, dict[str, float]]
    elapsed_s: float
    seed: int
    error_logs: list[str] = field(default_factory=list)
    played: int | None = None  # games this run played (fewer than `games` when a journal held the rest)

    @property
    def win_rate(self) -> float:
        return self.wins["A"] / self.games if self.games else 0.0

    def to_json(self) -> dict:
        lo, hi = wilson_interval(self.wins["A"], self.games)
        return {
            "agents": {"A": self.agents[0], "B": self.agents[1]},
            "decks": self.decks,
            "first_player": "alternating (A first in even games)",
            "games": self.games,
            "wins": dict(self.wins),
            "draws": self.draws,
            "errors": self.errors,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_turns": round(self.mean_turns, 2),
            "decision_ms": self.decision_ms,
            "games_per_sec": round((self.games if self.played is None else self.played) / self.elapsed_s, 2)
            if self.elapsed_s else 0.0,
            "seed": self.seed,
            "error_logs": self.error_logs,
        }


def _worker_init() -> None:
    _AGENT_CACHE.clear()
    if "torch" in sys.modules:
        import torch

        torch.set_num_threads(1)  # one game per core; torch's own thread pool would oversubscribe


def process_context():
    """fork is cheap, but a process that already ran torch must not fork (its thread pool deadlocks the child)."""
    if "fork" in mp.get_all_start_methods() and "torch" not in sys.modules:
        return mp.get_context("fork")
    return mp.get_context("spawn")


def _play_star(args) -> GameResult:
    return play_game(*args)


def iter_games(specs, decks, config, seed, indices: list[int], workers, keep_logs=False) -> Iterator[GameResult]:
    """Results of the games `indices`, in any order when workers > 1."""
    jobs = [(specs, decks, config, seed, i, keep_logs) for i in indices]
    if workers <= 1:
        for job in jobs:
            yield _play_star(job)
        return
    if not jobs:
        return
    with process_context().Pool(workers, initializer=_worker_init) as pool:
        yield from pool.imap_unordered(_play_star, jobs, chunksize=max(1, min(16, len(jobs) // (workers * 8) or 1)))


def match_identity(specs: tuple[str, str], decks: DeckChoice, seed: int, config: GameConfig) -> dict:
    """What fixes every game of a match (the journal refuses to mix matches)."""
    from dataclasses import asdict

    return {"agents": list(specs), "decks": decks.label, "deck_mode": decks.mode,
            "deckstrings": [d.deckstring() for d in decks.decks], "seed": seed, "config": asdict(config)}


def run_match(specs: tuple[str, str], decks: DeckChoice, games: int, workers: int = 1, seed: int = 0,
              config: GameConfig | None = None, log_dir: Path | None = None,
              progress: Callable[[int], None] | None = None, keep_logs: bool = False,
              journal: str | Path | None = None) -> MatchReport:
    """Play `games` games; with a `journal` file every finished game is recorded there and a rerun of the same
    match plays only the games it lacks."""
    if games <= 0:
        raise UserError(f"--games must be positive, got {games}")
    if workers <= 0:
        raise UserError(f"--workers must be positive, got {workers}")
    from agents.registry import make_agent

    for spec in specs:  # fail fast on a bad spec, before starting workers
        make_agent(spec)
    config = config or GameConfig()
    wins = {"A": 0, "B": 0}
    draws = errors = 0
    turns: list[int] = []
    times: dict[str, list[float]] = {"A": [], "B": []}
    error_logs: list[str] = []

    def tally(game: dict) -> None:
        nonlocal draws, errors
        if game["winner"] in wins:
            wins[game["winner"]] += 1
        elif game["winner"] == "draw":
            draws += 1
        else:
            errors += 1
        if game["winner"] != "error":
            turns.append(game["turns"])
        for k in times:
            times[k].extend(game["ms"][k])
        if game.get("error_log"):
            error_logs.append(game["error_log"])

    book = None
    if journal is not None:
        from arena.journal import MatchJournal

        book = MatchJournal.open(journal, match_identity(specs, decks, seed, config))
    earlier = {i: g for i, g in (book.done.items() if book else ()) if i < games}
    for game in earlier.values():
        tally(game)
    start = time.perf_counter()
    done = len(earlier)
    if progress is not None and done:
        progress(done)
    todo = [i for i in range(games) if i not in earlier]
    try:
        with StopOnInterrupt() as stop:
            for r in iter_games(specs, decks, config, seed, todo, workers, keep_logs):
                done += 1
                log_path = None
                if r.log is not None and (r.error is not None or keep_logs) and log_dir is not None:
                    log_path = str(gamelog.save(r.log, Path(log_dir) / f"game-{seed}-{r.index:06d}.json"))
                game = {"index": r.index, "winner": r.winner, "turns": r.turns, "ms": r.decision_ms,
                        "error_log": log_path if r.error is not None else None}
                tally(game)
                if book is not None:
                    book.add(game)
                if progress is not None:
                    progress(done)
                if stop.requested:
                    raise KeyboardInterrupt
    finally:
        if book is not None:
            book.close()
    elapsed = time.perf_counter() - start
    decision = {
        k: {"mean": round(sum(v) / len(v), 3) if v else 0.0, "p95": round(percentile(v, 95), 3), "decisions": len(v)}
        for k, v in times.items()
    }
    return MatchReport(specs, decks.label, games, wins, draws, errors, sum(turns) / len(turns) if turns else 0.0,
                       decision, elapsed, seed, sorted(error_logs), played=len(todo))
