"""Engine speed: random-vs-random games on the Liège mirror, clone and legal-action timings.

Targets (issue 2): >= 500 games/s and <= 50 us per mid-game clone on one core.
"""

from __future__ import annotations

import platform
import time
import traceback

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import HearthstoneGame


def play_random_games(games: int, seed: int = 0, deck: str = "liege", progress=None) -> dict:
    game = HearthstoneGame((deck, deck))
    errors = 0
    actions = 0
    turns = 0
    mid_states = []
    first_error = None
    start = time.perf_counter()
    for g in range(games):
        rng = Rng(seed * 1_000_003 + g)
        state = game.new_initial_state(seed * 1_000_003 + g)
        try:
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                actions += 1
                if state.turn == 10 and len(mid_states) < 200 and rng.randrange(20) == 0:
                    mid_states.append(state.clone())
            turns += state.turn
        except Exception:  # counted, not fatal: the benchmark reports engine errors
            errors += 1
            if first_error is None:
                first_error = traceback.format_exc()
        if progress is not None:
            progress(g + 1)
    elapsed = time.perf_counter() - start
    return {
        "elapsed": elapsed, "errors": errors, "actions": actions, "turns": turns,
        "mid_states": mid_states, "first_error": first_error,
    }


def busy_states(count: int = 100, seed: int = 0, deck: str = "liege") -> list:
    """Mid-game states with crowded boards (>= 7 minions), from agents that never pass while they can act."""
    game = HearthstoneGame((deck, deck))
    found = []
    g = 0
    while len(found) < count and g < 10 * count:
        rng = Rng(seed + 77_777 + g)
        state = game.new_initial_state(seed + 77_777 + g)
        g += 1
        while not state.is_terminal() and len(found) < count:
            legal = state.legal_actions()
            options = legal[1:] if len(legal) > 1 else legal  # legal[0] is END_TURN
            state.apply(options[rng.randrange(len(options))])
            if sum(len(p.board) for p in state.players) >= 7 and rng.randrange(4) == 0:
                found.append(state.clone())
    return found


def time_per_call(fn, states, repeats: int) -> float:
    """Mean microseconds per call of fn(state) over states x repeats."""
    start = time.perf_counter()
    for _ in range(repeats):
        for s in states:
            fn(s)
    return (time.perf_counter() - start) / (repeats * len(states)) * 1e6


def run(games: int = 1000, seed: int = 0, progress=None) -> dict:
    result = play_random_games(games, seed, progress=progress)
    states = result["mid_states"] or []
    clone_us = time_per_call(lambda s: s.clone(), states, 50) if states else float("nan")

    def fresh_legal(s):
        s._legal = None
        return s.legal_actions()

    legal_us = time_per_call(fresh_legal, states, 50) if states else float("nan")
    busy = busy_states(100, seed)
    busy_clone_us = time_per_call(lambda s: s.clone(), busy, 50) if busy else float("nan")
    busy_legal_us = time_per_call(fresh_legal, busy, 50) if busy else float("nan")
    out = {
        "benchmark": "engine",
        "games": games,
        "errors": result["errors"],
        "games_per_sec": round(games / result["elapsed"], 1),
        "actions_per_sec": round(result["actions"] / result["elapsed"], 1),
        "mean_actions_per_game": round(result["actions"] / max(1, games), 1),
        "mean_turns_per_game": round(result["turns"] / max(1, games - result["errors"]), 1),
        "clone_us": round(clone_us, 2),
        "legal_actions_us": round(legal_us, 2),
        "mid_game_states": len(states),
        "clone_us_busy_board": round(busy_clone_us, 2),
        "legal_actions_us_busy_board": round(busy_legal_us, 2),
        "busy_states": len(busy),
        "busy_mean_minions": round(sum(sum(len(p.board) for p in b.players) for b in busy) / max(1, len(busy)), 1),
        "deck": "liege",
        "agents": "uniform random (END_TURN included) vs same",
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    if result["first_error"]:
        out["first_error"] = result["first_error"].strip().splitlines()[-1]
    return out
