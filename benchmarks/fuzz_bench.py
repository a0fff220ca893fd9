"""Fuzzing benchmark (issue 13, item 14): many games with the fuzz test's invariant checks after every action.

Game `i` (i = start, start + 1, ...) is fixed by (seed, i) alone, so a run splits over `--start` ranges and one
game replays with `cardlab bench fuzz --games 1 --start i --seed S`:
- setting: every 4th game draws both decks from a built-in pool (each pool in turn, `random` included: a random
  legal deck per seat); the others play a random pair of the built-in decks (every deck, mirrors included);
- agents: a random pair (mirrors included) of random, random-action, face, trading and greedy;
- the game is played by the arena's play loop (`play_game`, its own seed derivation), so agents see observations.

Checked after every action: `engine/hearthstone/invariants.py` (the fuzz test's checks: board, hand, mana,
health, weapons, ownership, unique ids, no placeholder card in the real state), legal actions non-empty and
sorted; every CHECK_EVERY actions, a clone continues identically and the acting player's determinized
observation offers the same legal actions as the real state; at the end, returns of a finished game. An engine
or agent exception counts as a violation too. A game stops at its first violation.

Reported: games, actions, violations (games with one), the first few messages (with the replay command),
games/s and actions/s.
"""

from __future__ import annotations

import platform
import time

from cardlab.arena.play import Observer, cap_workers, play_game, run_jobs
from cardlab.engine.core import Rng, derive_seed
from cardlab.engine.hearthstone.decks import POOLS, RANDOM_POOL, builtin_names

AGENTS = ("random", "random-action", "face", "trading", "greedy")
CHECK_EVERY = 25  # clone and determinization checks (the per-action checks run on every action)
CHUNK = 50  # games per job
KEEP_MESSAGES = 10


def setting(seed: int, index: int) -> tuple[str, list[str]]:
    """(game spec, [agent A, agent B]) of game `index`."""
    rng = Rng(derive_seed("fuzz", seed, index))
    if index % 4 == 0:
        pools = [*sorted(POOLS), RANDOM_POOL]
        spec = f"hearthstone:pool={pools[(index // 4) % len(pools)]}"
    else:
        decks = builtin_names()
        spec = f"hearthstone:decks={decks[rng.randrange(len(decks))]},{decks[rng.randrange(len(decks))]}"
    return spec, [AGENTS[rng.randrange(len(AGENTS))], AGENTS[rng.randrange(len(AGENTS))]]


class Violation(Exception):
    """An invariant broke: ends the game (the message says which)."""


class InvariantChecker(Observer):
    def __init__(self) -> None:
        self.actions = 0
        self.twin = None
        self.last = ""
        self.ended = ""  # a finished game's bad returns

    def on_start(self, state, roles) -> None:
        self._check(state, "at the start")

    def before_action(self, state, action) -> None:
        from cardlab.engine.hearthstone.invariants import legal_violations

        found = legal_violations(state)
        if found:
            raise Violation(found[0])
        self.last = f"turn {state.turn}, player {state.current}: {state.action_to_string(action)} {action}"
        self.twin = None
        if self.actions % CHECK_EVERY == 0:
            if state.clone().to_dict() != state.to_dict():
                raise Violation("clone differs from the original")
            p = state.current_player
            det = state.observation(p).determinize(p, Rng(derive_seed("det", self.actions)))
            if det.legal_actions() != state.legal_actions():
                raise Violation("the determinized observation offers other legal actions than the state")
            self.twin = state.clone()
            self.twin.apply(action)

    def after_action(self, state, actor) -> None:
        self.actions += 1
        if self.twin is not None and self.twin.to_dict() != state.to_dict():
            raise Violation("a clone continued differently")
        self._check(state, "after " + self.last)

    def on_end(self, state, error) -> None:
        from cardlab.engine.hearthstone.invariants import end_violations

        if error is None and state is not None:
            found = end_violations(state)
            if found:
                self.ended = found[0]

    def _check(self, state, where: str) -> None:
        from cardlab.engine.hearthstone.invariants import violations

        found = violations(state)
        if found:
            raise Violation(f"{where}: {'; '.join(found)}")


def play_chunk(seed: int, first: int, count: int) -> dict:
    """Games first .. first + count - 1: counts and the first few violation messages."""
    games = actions = bad = 0
    messages: list[str] = []
    for index in range(first, first + count):
        spec, agents = setting(seed, index)
        checker = InvariantChecker()
        result = play_game(spec, agents, seed, index, observers=[checker])
        games += 1
        actions += result.actions
        problem = checker.ended
        if result.error is not None:
            head = result.error.splitlines()[0]
            problem = head.removeprefix("Violation: ")
        if problem:
            bad += 1
            if len(messages) < KEEP_MESSAGES:
                messages.append(f"game {index} ({spec}, {' vs '.join(agents)}; replay: cardlab bench fuzz --games 1 "
                                f"--start {index} --seed {seed}): {problem}")
    return {"games": games, "actions": actions, "violations": bad, "messages": messages}


def run(games: int = 1000, workers: int = 1, start: int = 0, seed: int = 0, progress=None, warn=None) -> dict:
    """Play games start .. start + games - 1 over `workers` processes; `progress(done_games)` after each chunk."""
    from cardlab.runtime import StopOnInterrupt

    workers = cap_workers(workers, warn)
    jobs = [(seed, first, min(CHUNK, start + games - first)) for first in range(start, start + games, CHUNK)]
    t0 = time.perf_counter()
    total = {"games": 0, "actions": 0, "violations": 0, "messages": []}
    interrupted = False
    # In game order, so that after Ctrl-C the games checked are start .. start + games - 1 and the rest can follow
    with StopOnInterrupt() as stop:
        for part in run_jobs(play_chunk, jobs, workers, ordered=True):
            for key in ("games", "actions", "violations"):
                total[key] += part[key]
            total["messages"].extend(part["messages"])
            if progress is not None:
                progress(total["games"])
            if stop.requested:
                interrupted = total["games"] < games
                break
    elapsed = time.perf_counter() - t0
    total["messages"] = sorted(total["messages"], key=lambda m: int(m.split()[1]))[:KEEP_MESSAGES]
    return {
        "games": total["games"],
        "actions": total["actions"],
        "violations": total["violations"],
        "first_violations": total["messages"],
        "start": start,
        "seed": seed,
        "workers": workers,
        "elapsed_s": round(elapsed, 1),
        "games_per_s": round(total["games"] / elapsed, 1) if elapsed else 0.0,
        "actions_per_s": round(total["actions"] / elapsed) if elapsed else 0,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "interrupted": interrupted,  # Ctrl-C: the figures cover games start .. start + games - 1 only
    }
