"""Matches: N games of one game between agents (one spec per role), reproducible for any worker count.

Game i is `arena.play.play_game(game, specs, seed, i)`: its seeds depend only on (seed, i) and the roles change
seats (`arena.play.seat_roles`: every order in turn), so with two agents A goes first in even games. Zero-sum games report each role's wins with a
95% Wilson interval; cooperative games report the team's mean score with a 95% t interval, the score distribution
and the rate of perfect games.
"""

from __future__ import annotations

import math
import string
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from cardlab.arena import gamelog
from cardlab.arena.play import SEATING, GameResult, cap_workers, game_seed, play_game, run_jobs  # noqa: F401 (re-exports)
from cardlab.arena.stats import DecisionTimes, mean_interval, wilson_interval
from cardlab.engine.core import COOPERATIVE, Game
from cardlab.engine.registry import make_game
from cardlab.runtime import StopOnInterrupt, UserError, first_line
from cardlab.runtime import stdin_is_terminal as _stdin_is_terminal  # a name tests can replace

LABELS = string.ascii_uppercase


def role_specs(game: Game, specs: Sequence[str]) -> tuple[str, ...]:
    """One spec per seat: as given, or with two specs and more seats, A plus copies of B (a seat rotation)."""
    n = game.num_players
    specs = tuple(specs)
    if len(specs) == n:
        return specs
    if len(specs) == 2 and n > 2:
        return (specs[0],) + (specs[1],) * (n - 1)
    if len(specs) == 1:
        return specs * n
    raise UserError(f"{game.spec} has {n} seats: give {n} agent specs, or two for a seat rotation")


def refuse_non_spec_agents(specs: Sequence) -> None:
    """Agents are named by spec strings, which worker processes, journals and reports can carry; an agent object
    would otherwise fail inside every game (as a game error) instead of once, before any."""
    for spec in specs:
        if not isinstance(spec, str):
            kind = type(spec) if not isinstance(spec, type) else spec
            raise UserError(f"agent {spec!r} is not a spec string: agents are given as spec strings (e.g. 'random', "
                            f"'search:max_nodes=5000'); to play your own class, register it first with "
                            f"cardlab.agents.registry.register('name', {kind.__name__}) and give 'name'")


def plays_human(specs: Sequence[str]) -> bool:
    """Whether one of the specs is the `human` agent (a person at the terminal)."""
    from cardlab.agents.registry import parse_spec

    return any(parse_spec(spec)[0] == "human" for spec in specs)


def refuse_human_in_unattended_runs(specs: Sequence[str], run: str) -> None:
    """Evolution, the loop and Q-learning play their games unattended and by the thousand: a person cannot sit in
    them (a person plays in arena, tournament, quickstart, play and datagen)."""
    if plays_human(specs):
        raise UserError(f"agent 'human' cannot play in {run}: its games are unattended (a person plays in arena, "
                        "tournament, quickstart, play or datagen)")


def refuse_human_without_terminal(specs: Sequence[str]) -> None:
    """The `human` agent reads its moves from standard input: where that is not a terminal (a pipe, /dev/null,
    a batch job) every game it sits in could only end in an error, after printing its board."""
    if plays_human(specs) and not _stdin_is_terminal():
        raise UserError("agent 'human' needs a terminal: it reads its moves from standard input, which is not one "
                        "here (unattended games need bot specs)")


def _count(total: float) -> int | float:
    """A win count: an int when whole (always, with two players), else rounded to 4 decimals (shared wins)."""
    whole = round(total)
    return whole if abs(total - whole) < 1e-9 else round(total, 4)


@dataclass
class MatchReport:
    game: str
    game_label: str
    kind: str
    agents: tuple[str, ...]  # one spec per role
    games: int
    returns: list[list[float]]  # per finished game, per role
    errors: int
    turns: list[int]
    decision_ms: dict[str, DecisionTimes]  # per role
    elapsed_s: float
    seed: int
    max_score: float | None = None
    error_logs: list[str] = field(default_factory=list)
    played: int | None = None  # games this run played (fewer than `games` when a journal held the rest)
    first_error: str | None = None  # the first line of the first error (the exception's type and message)

    @property
    def labels(self) -> list[str]:
        return [LABELS[r] for r in range(len(self.agents))]

    @property
    def wins(self) -> dict[str, int | float]:
        """Games won per role; a win that k players share (3-4 player Dominion: most VP, then fewest turns) counts
        1/k for each, so the roles' wins and draws add up to the games played and an agent's win rate is comparable
        with 1/players."""
        totals = [0.0] * len(self.agents)
        for g in self.returns:
            k = sum(1 for v in g if v > 0)
            for r, v in enumerate(g):
                if v > 0:
                    totals[r] += 1.0 / k
        return {LABELS[r]: _count(t) for r, t in enumerate(totals)}

    @property
    def draws(self) -> int:
        return sum(1 for g in self.returns if all(v <= 0 for v in g) and not any(v < 0 for v in g))

    @property
    def win_rate(self) -> float:
        return self.wins["A"] / self.games if self.games else 0.0

    @property
    def title(self) -> str:
        """The match in words: "A vs B" (the distinct specs), or the one spec of a team."""
        return " vs ".join(dict.fromkeys(self.agents))

    def refuse_all_errors(self, then: str = "fix the cause and run the match again") -> None:
        """A UserError when every game of the match ended in an error: its figures would be zeros that read like a
        result (datagen's RunSummary.refuse_all_errors refuses the same case). Some errors are reported, not fatal."""
        if not self.games or self.errors < self.games:
            return
        first = self.first_error or "?"
        where = ""
        if self.error_logs:
            folder = Path(self.error_logs[0]).parent
            where = f"; the games are saved in {folder}/ (cardlab replay {self.error_logs[0]})"
        raise UserError(f"all {self.games} games of {self.title} ended in an error, so the match has no result "
                        f"(first: {first}){where}; {then}")

    def _timing(self) -> dict:
        return {k: {"mean": round(v.mean(), 3), "p95": round(v.percentile(95), 3), "decisions": v.count}
                for k, v in self.decision_ms.items()}

    def to_json(self) -> dict:
        out: dict = {
            "game": self.game,
            "decks": self.game_label,
            "kind": self.kind,
            "agents": {LABELS[r]: spec for r, spec in enumerate(self.agents)},
            "first_player": ("alternating (A first in even games)" if len(self.agents) == 2
                             else "every seat order in turn (A in seat i % n)"),
            "games": self.games,
            "errors": self.errors,
            "mean_turns": round(sum(self.turns) / len(self.turns), 2) if self.turns else 0.0,
            "decision_ms": self._timing(),
            "games_per_sec": round((self.games if self.played is None else self.played) / self.elapsed_s, 2)
            if self.elapsed_s else 0.0,
            "seed": self.seed,
            "error_logs": self.error_logs,
        }
        if len(self.agents) > 2:
            out["seating"] = SEATING
        if self.kind == COOPERATIVE:
            scores = [g[0] for g in self.returns]
            mean, lo, hi = mean_interval(scores)
            if self.max_score is not None:  # a team scores 0 to max_score: so does what the interval claims
                lo, hi = max(lo, 0.0), min(hi, float(self.max_score))
            dist: dict[str, int] = {}
            for s in sorted(scores):
                key = str(int(s)) if float(s).is_integer() else str(s)
                dist[key] = dist.get(key, 0) + 1
            out.update({
                "mean_score": round(mean, 4), "ci95": [round(lo, 4), round(hi, 4)],
                "std": round(_std(scores), 4), "score_distribution": dist,
                "max_score": self.max_score,
                "perfect_rate": round(sum(1 for s in scores if self.max_score is not None and s >= self.max_score)
                                      / len(scores), 4) if scores else 0.0,
            })
            return out
        wins = self.wins
        out["wins"] = wins
        out["draws"] = self.draws
        out["win_rate"] = round(self.win_rate, 4)
        lo, hi = wilson_interval(wins["A"], self.games)
        out["ci95"] = [round(lo, 4), round(hi, 4)]
        if len(self.agents) > 2:
            out["win_rates"] = {}
            for label, n in wins.items():
                lo, hi = wilson_interval(n, self.games)
                out["win_rates"][label] = {"win_rate": round(n / self.games, 4) if self.games else 0.0,
                                           "ci95": [round(lo, 4), round(hi, 4)]}
        return out


def _std(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = sum(values) / len(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def match_identity(game: Game, specs: Sequence[str], seed: int) -> dict:
    """What fixes every game of a match (the journal refuses to mix matches), the bytes of the agents' files
    (checkpoints, genomes) included."""
    from cardlab.agents.registry import agent_files

    identity = {"game": game.spec, "agents": list(specs), "seed": seed}
    if len(set(specs[1:])) > 1:  # three or more agents: seated in every order (journals before that only rotated)
        identity["seating"] = "every order"
    files = agent_files(dict.fromkeys(specs))
    if files:
        identity["agent_files"] = files
    return identity


MAX_GAMES = 2**63 - 1  # game indices are int64 in journals and chain files, and a job count must fit len()


class _Jobs:
    """The jobs of the games still to play, made as the workers take them: a list built up front held a tuple per
    game before the first one started (a mistyped --games of 10**20 filled memory until the process was killed)."""

    def __init__(self, head: tuple, keep_logs: bool, games: int, finished: frozenset[int], count: int) -> None:
        self.head, self.keep_logs, self.games, self.finished, self.count = head, keep_logs, games, finished, count

    def __len__(self) -> int:  # run_jobs sizes its chunks by it
        return self.count

    def __iter__(self):
        spec, specs, seed = self.head
        return ((spec, specs, seed, i, (), self.keep_logs) for i in range(self.games) if i not in self.finished)


def run_match(specs: Sequence[str], game: Game | str | None = None, games: int = 100, workers: int = 1,
              seed: int = 0, log_dir: Path | None = None, progress: Callable[[int], None] | None = None,
              keep_logs: bool = False, journal: str | Path | None = None,
              warn: Callable[[str], None] | None = None) -> MatchReport:
    """Play `games` games; with a `journal` file every finished game is recorded there and a rerun of the same
    match plays only the games it lacks."""
    refuse_non_spec_agents(specs)
    game = make_game(game)
    specs = role_specs(game, specs)
    if games <= 0:
        raise UserError(f"--games must be positive, got {games}")
    if games > MAX_GAMES:  # the games' indices are int64 (journals, chain files): a larger count cannot be played
        raise UserError(f"--games {games} is more than a match can play (at most {MAX_GAMES:,})")
    workers = cap_workers(workers, warn)
    from cardlab.agents.registry import make_agent

    for spec in dict.fromkeys(specs):  # fail fast on a bad spec, before starting workers
        make_agent(spec, game=game)
    refuse_human_without_terminal(specs)
    if workers > 1 and plays_human(specs):  # worker processes have no terminal: the person plays in this one
        if warn is not None:
            warn("agent 'human' plays at this terminal: using 1 worker")
        workers = 1
    from cardlab.arena.play import process_context

    if workers > 1 and process_context().get_start_method() != "fork":  # forked workers inherit every agent
        from cardlab.agents.registry import refuse_unsendable

        refuse_unsendable(specs)  # an agent the workers could not get: refused now, before the journal is opened
    labels = [LABELS[r] for r in range(len(specs))]
    returns: list[list[float]] = []
    turns: list[int] = []
    times = {label: DecisionTimes() for label in labels}
    errors = 0
    error_logs: list[str] = []
    first_error: str | None = None

    def tally(record: dict) -> None:
        nonlocal errors, first_error
        if record["returns"] is None:
            errors += 1
            first_error = first_error or record.get("error")
        else:
            returns.append(record["returns"])
            turns.append(record["turns"])
        for k in times:
            times[k].add(record["ms"].get(k, ()))
        if record.get("error_log"):
            error_logs.append(record["error_log"])

    book = None
    if journal is not None:
        from cardlab.arena.journal import MatchJournal

        def earlier(record: dict) -> None:  # a journal of a longer run holds games this one does not play
            if record["index"] < games:
                tally(record)

        book = MatchJournal.open(journal, match_identity(game, specs, seed), earlier)
    finished = book.done if book is not None else set()
    start = time.perf_counter()
    done = sum(1 for i in finished if 0 <= i < games)
    played = games - done
    if progress is not None and done:
        progress(done)
    jobs = _Jobs((game.spec, specs, seed), keep_logs, games, frozenset(finished), played)  # book.add grows it
    try:
        with StopOnInterrupt(defer=not plays_human(specs)) as stop:
            for r in run_jobs(play_game, jobs, workers):
                done += 1
                log_path = None
                if r.log is not None and (r.error is not None or keep_logs) and log_dir is not None:
                    log_path = str(gamelog.save(r.log, Path(log_dir) / f"game-{seed}-{r.index:06d}.json"))
                record = {"index": r.index, "returns": list(r.returns) if r.returns is not None else None,
                          "turns": r.turns, "ms": {LABELS[k]: [round(x, 4) for x in v]  # 0.1 us: a shorter journal
                                                   for k, v in r.decision_ms.items()},
                          "error_log": log_path if r.error is not None else None}
                if r.error is not None:
                    record["error"] = first_line(r.error)
                tally(record)
                if book is not None:
                    book.add(record)
                if progress is not None:
                    progress(done)
                if stop.requested:
                    raise KeyboardInterrupt
    finally:
        if book is not None:
            book.close()
    elapsed = time.perf_counter() - start
    return MatchReport(game.spec, game.describe(), game.kind, specs, games, returns, errors, turns, times, elapsed,
                       seed, getattr(game, "max_score", None), sorted(error_logs), played=played,
                       first_error=first_error)
