"""Round robin: every pair of agents plays a match; the result is a win-rate matrix."""

from __future__ import annotations

from itertools import combinations
from typing import Callable

from engine.hearthstone.state import GameConfig

from arena.match import DeckChoice, MatchReport, run_match
from arena.stats import wilson_interval


def round_robin(specs: list[str], decks: DeckChoice, games: int, workers: int = 1, seed: int = 0,
                config: GameConfig | None = None, on_match: Callable[[MatchReport], None] | None = None) -> dict:
    """Matrix[row][col] = row agent's win rate against col agent (with interval and counts)."""
    matrix: dict[str, dict[str, dict]] = {a: {} for a in specs}
    matches = []
    for i, j in combinations(range(len(specs)), 2):
        a, b = specs[i], specs[j]
        report = run_match((a, b), decks, games, workers=workers, seed=seed, config=config)
        r = report.to_json()
        matches.append(r)
        lo, hi = r["ci95"]
        matrix[a][b] = {"win_rate": r["win_rate"], "ci95": [lo, hi], "wins": r["wins"]["A"], "losses": r["wins"]["B"],
                        "draws": r["draws"], "games": r["games"]}
        blo, bhi = wilson_interval(r["wins"]["B"], r["games"])
        matrix[b][a] = {"win_rate": round(r["wins"]["B"] / r["games"], 4), "ci95": [round(blo, 4), round(bhi, 4)],
                        "wins": r["wins"]["B"], "losses": r["wins"]["A"], "draws": r["draws"], "games": r["games"]}
        if on_match is not None:
            on_match(report)
    return {"agents": specs, "decks": decks.label, "games_per_pair": games, "seed": seed,
            "first_player": "alternating", "matrix": matrix, "matches": matches}
