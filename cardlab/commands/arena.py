"""`cardlab arena A B`: a match between two agents, with the win rate's 95% Wilson interval."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HELP = "play a match between two agents and report the win rate with its 95% interval"


def add_deck_arguments(p) -> None:
    p.add_argument("--deck", help="one deck for both agents (built-in name, file or deckstring; default liege)")
    p.add_argument("--decks", nargs=2, metavar=("DECK_A", "DECK_B"), help="agent A's deck and agent B's deck")
    p.add_argument("--deck-pool", help="each game draws both decks from this pool (basic, liege)")


def add_arguments(p) -> None:
    p.add_argument("agent_a", metavar="A", help="agent spec, e.g. trading, greedy, random, search:prune=tt")
    p.add_argument("agent_b", metavar="B", help="opponent agent spec")
    add_deck_arguments(p)
    p.add_argument("--games", type=int, default=100, help="games to play (default 100); A goes first in even games")
    p.add_argument("--workers", type=int, default=1, help="worker processes (the result does not depend on it)")
    p.add_argument("--seed", type=int, default=0, help="match seed (default 0)")
    p.add_argument("--max-turns", type=int, default=50, help="a game reaching this turn is a draw (default 50)")
    p.add_argument("--log-dir", default="arena-logs", help="where games that raised are saved for `cardlab replay`")
    p.add_argument("--save-games", action="store_true", help="save every game's log in --log-dir")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--journal", help="record each finished game in this file; rerunning the same command after an "
                                     "interruption plays only the missing games")


def run(args) -> int:
    from arena.match import DeckChoice, run_match
    from engine.core import UserError
    from engine.hearthstone.state import GameConfig

    if args.max_turns < 2:
        raise UserError(f"--max-turns must be at least 2, got {args.max_turns}")
    decks = DeckChoice.from_options(args.deck, args.decks, args.deck_pool)
    config = GameConfig(max_turns=args.max_turns)
    kwargs = dict(workers=args.workers, seed=args.seed, config=config, log_dir=Path(args.log_dir),
                  keep_logs=args.save_games, journal=args.journal)
    try:
        if args.json:
            report = run_match((args.agent_a, args.agent_b), decks, args.games, **kwargs)
            print(json.dumps(report.to_json()))
            return 0
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, transient=True) as progress:
            task = progress.add_task(f"{args.agent_a} vs {args.agent_b}", total=args.games)
            report = run_match((args.agent_a, args.agent_b), decks, args.games,
                               progress=lambda n: progress.update(task, completed=n), **kwargs)
    except KeyboardInterrupt:
        if args.journal:
            print(f"interrupted: the finished games are in {args.journal}; run the same command again to play "
                  "the rest", file=sys.stderr)
        else:
            print("interrupted: no report (give --journal FILE to make a match resumable)", file=sys.stderr)
        return 130
    print_report(report.to_json())
    return 0


def print_report(r: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{r['agents']['A']} (A) vs {r['agents']['B']} (B) on {r['decks']}, {r['games']} games, first player alternating")
    table.add_column("")
    table.add_column("A", justify="right")
    table.add_column("B", justify="right")
    table.add_row("agent", r["agents"]["A"], r["agents"]["B"])
    table.add_row("wins", str(r["wins"]["A"]), str(r["wins"]["B"]))
    table.add_row("decision ms, mean", f"{r['decision_ms']['A']['mean']:.3f}", f"{r['decision_ms']['B']['mean']:.3f}")
    table.add_row("decision ms, p95", f"{r['decision_ms']['A']['p95']:.3f}", f"{r['decision_ms']['B']['p95']:.3f}")
    console = Console()
    console.print(table)
    lo, hi = r["ci95"]
    console.print(f"A win rate {r['win_rate']:.1%} (95% Wilson interval {lo:.1%} - {hi:.1%}); draws {r['draws']}; "
                  f"errors {r['errors']}; mean game length {r['mean_turns']:.1f} turns; {r['games_per_sec']:.1f} games/s")
    for path in r["error_logs"]:
        console.print(f"[red]game with an error saved to {path} (cardlab replay {path})[/red]")
