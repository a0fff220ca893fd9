"""Round robin: every pair of agents plays a match; the result is a win-rate matrix with ratings."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Callable

from cardlab.arena.match import MatchReport, refuse_human_without_terminal, run_match
from cardlab.arena.ratings import BOOTSTRAP, PairResult, bradley_terry
from cardlab.arena.stats import wilson_interval
from cardlab.engine.core import Game
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError


def round_robin(specs: list[str], game: Game | str | None, games: int, workers: int = 1, seed: int = 0,
                on_match: Callable[[MatchReport], None] | None = None, log_dir: Path | None = None) -> dict:
    """Matrix[row][col] = row agent's win rate against col agent (with interval and counts). Games that raise
    are saved in `log_dir`; a pair whose every game raised stops the tournament (a UserError naming it)."""
    game = make_game(game)
    if game.num_players != 2 or game.kind != "zero_sum":
        raise UserError(f"a tournament needs a two-player zero-sum game, not {game.spec}")
    from cardlab.agents.registry import make_agent

    for spec in specs:  # every spec checked before the first pair plays
        make_agent(spec, game=game)
    refuse_human_without_terminal(specs)
    matrix: dict[str, dict[str, dict]] = {a: {} for a in specs}
    matches = []
    pairs: list[PairResult] = []
    for i, j in combinations(range(len(specs)), 2):
        a, b = specs[i], specs[j]
        report = run_match((a, b), game, games, workers=workers, seed=seed, log_dir=log_dir)
        report.refuse_all_errors("fix the cause and run the tournament again")
        r = report.to_json()
        matches.append(r)
        lo, hi = r["ci95"]
        matrix[a][b] = {"win_rate": r["win_rate"], "ci95": [lo, hi], "wins": r["wins"]["A"], "losses": r["wins"]["B"],
                        "draws": r["draws"], "games": r["games"]}
        blo, bhi = wilson_interval(r["wins"]["B"], r["games"])
        matrix[b][a] = {"win_rate": round(r["wins"]["B"] / r["games"], 4), "ci95": [round(blo, 4), round(bhi, 4)],
                        "wins": r["wins"]["B"], "losses": r["wins"]["A"], "draws": r["draws"], "games": r["games"]}
        pairs.append(PairResult(a, b, r["wins"]["A"], r["wins"]["B"], r["draws"]))  # errored games carry no result
        if on_match is not None:
            on_match(report)
    ratings = bradley_terry(specs, pairs, seed=seed)
    return {"agents": specs, "game": game.spec, "decks": game.describe(), "games_per_pair": games, "seed": seed,
            "first_player": "alternating", "matrix": matrix, "matches": matches,
            "ratings": {"model": "Bradley-Terry, Elo scale (400 log10), mean 0; draws count half; "
                                 f"95% interval from {BOOTSTRAP} bootstrap resamples of every pair's games",
                        "agents": ratings}}
