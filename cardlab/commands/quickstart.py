"""`cardlab quickstart`: the shipped value-network checkpoint in the search agent against baseline bots."""

from __future__ import annotations

import json
import os
from pathlib import Path

HELP = "evaluate the shipped checkpoint (search + value network) against the trading and greedy bots"

SHIPPED = Path(__file__).resolve().parents[2] / "checkpoints" / "liege-full-rich" / "value.pt"


def add_arguments(p) -> None:
    p.add_argument("--checkpoint", default=str(SHIPPED), help="value checkpoint (default: the shipped one)")
    p.add_argument("--opponents", nargs="+", default=["trading", "greedy"], help="baseline bots to play")
    p.add_argument("--deck", default="liege", help="deck for both players (default liege)")
    p.add_argument("--games", type=int, default=40, help="games per opponent (default 40; use 1000 for a result)")
    p.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1), help="worker processes")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from agents.value_evaluator import load_value_checkpoint
    from arena.match import DeckChoice, run_match

    _, meta = load_value_checkpoint(args.checkpoint)  # fail early, with the file named
    agent = f"search:ckpt={args.checkpoint}"
    decks = DeckChoice.from_options(deck=args.deck)
    console = Console(stderr=args.json)
    console.print(f"checkpoint {args.checkpoint}: {meta['kind']} on encoder {meta['encoder']} v{meta['encoder_version']}, "
                  f"trained on {meta['data'].get('games')} games ({meta['data'].get('agents')})")
    reports = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    for opponent in args.opponents:
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task(f"search + net vs {opponent}", total=args.games)
            report = run_match((agent, opponent), decks, args.games, workers=args.workers, seed=args.seed,
                               progress=lambda n: progress.update(task, completed=n))
        reports.append(report.to_json())
    if args.json:
        print(json.dumps({"checkpoint": args.checkpoint, "matches": reports}))
        return 0
    table = Table(title=f"search + value network ({Path(args.checkpoint).parent.name}) on the {decks.label}, "
                        "first player alternating")
    for col in ("opponent", "games", "wins", "losses", "draws", "win rate", "95% interval", "ms / decision"):
        table.add_column(col, justify="right")
    for r in reports:
        lo, hi = r["ci95"]
        table.add_row(r["agents"]["B"], str(r["games"]), str(r["wins"]["A"]), str(r["wins"]["B"]), str(r["draws"]),
                      f"{r['win_rate']:.1%}", f"{lo:.1%} - {hi:.1%}", f"{r['decision_ms']['A']['mean']:.1f}")
    console.print(table)
    console.print("More games give narrower intervals: cardlab quickstart --games 1000 (see docs/results.md).")
    return 0
