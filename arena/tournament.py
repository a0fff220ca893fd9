"""Round robin: every pair of agents plays a match; the result is a win-rate matrix with ratings."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path
from typing import Callable

from cardlab.arena.match import MatchReport, refuse_human_without_terminal, run_match
from cardlab.arena.play import cap_workers
from cardlab.arena.ratings import BOOTSTRAP, PairResult, bradley_terry
from cardlab.arena.stats import wilson_interval
from cardlab.engine.core import Game
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError


def pair_folder(i: int, j: int, a: str, b: str) -> str:
    """The log subfolder of the pair of agents i and j (0-based, in the listing order): every pair plays games
    0..N-1 with the tournament's seed, so their logs (game-SEED-INDEX.json) would otherwise overwrite each other.
    The numbers keep it unique; the specs, cut to file-name characters, say which pair it is."""
    def slug(spec: str) -> str:
        return re.sub(r"[^A-Za-z0-9._=+-]+", "_", spec).strip("._")[:40] or "agent"

    return f"{i + 1}-{j + 1}_{slug(a)}_vs_{slug(b)}"


def refuse_split_deck_pairs(game: Game, specs: list[str]) -> None:
    """A deck pair (--decks, decks=) gives agent A one deck and agent B the other; with three or more agents each is
    A in some pairs and B in others, so it would play different decks in different pairs of one table."""
    choice = getattr(game, "decks", None)
    if len(specs) > 2 and getattr(choice, "mode", None) == "pair" and choice.decks[0] != choice.decks[1]:
        raise UserError(f"--decks {choice.label.replace(' vs ', ' ')}: a deck pair gives agent A the first deck and "
                        f"agent B the second, and in a tournament of {len(specs)} agents each agent is A in some pairs "
                        "and B in others, so it would play different decks in different pairs; give --deck D for one "
                        "deck for all (a mirror) or --deck-pool P, or play the deck pair as a match: "
                        "cardlab arena A B --decks DA DB")


def round_robin(specs: list[str], game: Game | str | None, games: int, workers: int = 1, seed: int = 0,
                on_match: Callable[[MatchReport], None] | None = None, log_dir: Path | None = None,
                warn: Callable[[str], None] | None = None) -> dict:
    """Matrix[row][col] = row agent's win rate against col agent (with interval and counts). Games that raise
    are saved in `log_dir`, one subfolder per pair (`pair_folder`); a pair whose every game raised stops the
    tournament (a UserError naming it). `warn` hears once that --workers was capped at the CPU count."""
    game = make_game(game)
    if game.num_players != 2 or game.kind != "zero_sum":
        raise UserError(f"a tournament needs a two-player zero-sum game, not {game.spec}")
    refuse_split_deck_pairs(game, specs)
    if games <= 0:  # before the first pair (run_match says the same, but only when that pair starts)
        raise UserError(f"--games must be positive, got {games}")
    workers = cap_workers(workers, warn)  # once here: each pair's run_match would cap it again silently
    from cardlab.agents.registry import make_agent

    for spec in specs:  # every spec checked before the first pair plays
        make_agent(spec, game=game)
    refuse_human_without_terminal(specs)
    matrix: dict[str, dict[str, dict]] = {a: {} for a in specs}
    matches = []
    pairs: list[PairResult] = []
    for i, j in combinations(range(len(specs)), 2):
        a, b = specs[i], specs[j]
        pair_logs = None if log_dir is None else Path(log_dir) / pair_folder(i, j, a, b)
        report = run_match((a, b), game, games, workers=workers, seed=seed, log_dir=pair_logs)
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
            "ratings": {"model": "Bradley-Terry, Elo scale (400 log10), mean 0; draws count half; one virtual drawn "
                                 "game per pair; 95% interval from a Bayesian bootstrap: "
                                 f"{BOOTSTRAP} draws of every pair's results from their Dirichlet posterior "
                                 "(the virtual draw as the prior)",
                        "agents": ratings}}
