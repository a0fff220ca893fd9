"""`cardlab quickstart`: the shipped value-network checkpoint in the search agent against baseline bots."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

HELP = "evaluate the shipped checkpoint (search + value network) against the trading and greedy bots"

SHIPPED = "pool-wide-rich/value.pt"  # inside the cardlab.checkpoints package data: the any-deck network


def add_arguments(p) -> None:
    p.add_argument("--checkpoint", default=None,
                   help="value checkpoint: a file or a Hearthstone name from `cardlab models` (default: the shipped "
                        "pool-wide-rich, trained on random-deck, classic-pool and Liège games)")
    p.add_argument("--lookahead", default="greedy",
                   help="rule agent that plays the opponent's reply to the search's best plans (default greedy; "
                        "none = the tree's best plan as it is)")
    p.add_argument("--opponents", nargs="+", default=["trading", "greedy"], help="baseline bots to play")
    decks = p.add_mutually_exclusive_group()
    decks.add_argument("--deck", default=None, help="deck for both players (default liege)")
    decks.add_argument("--deck-pool", default=None,
                       help="draw both decks of each game from a pool instead (basic, classic, liege, random)")
    p.add_argument("--games", type=int, default=40, help="games per opponent (default 40; use 1000 for a result)")
    p.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1), help="worker processes")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--log-dir", default="arena-logs",
                   help="where games that raised are saved for `cardlab replay` (default: ./arena-logs)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def trained_on(data: dict) -> str:
    """What a checkpoint's training data was, in a few words (one datagen run, or several merged)."""
    sources = data.get("merged_from")
    if not sources:
        return f"{data.get('games')} games ({data.get('agents')})"
    games = sorted({str(s.get("game")) for s in sources})
    return f"{data.get('games')} games of {len(sources)} datagen runs ({', '.join(games)})"


def run(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from cardlab.commands.tables import stdout_console
    from cardlab.agents.registry import make_agent
    from cardlab.agents.value_evaluator import load_value_checkpoint
    from cardlab.commands.arena import check_log_dir, json_stdout
    from cardlab.commands.progress import progress_bar
    from cardlab.arena.match import plays_human, refuse_human_without_terminal, run_match
    from cardlab.arena.tournament import pair_folder
    from cardlab.checkpoints import path_of
    from cardlab.commands.gameargs import DECK_WHAT, POOL_WHAT, refuse_empty
    from cardlab.engine.registry import make_game

    refuse_empty(args.checkpoint, "--checkpoint", "a value checkpoint file or a name from `cardlab models`")
    refuse_empty(args.deck, "--deck", DECK_WHAT)
    refuse_empty(args.deck_pool, "--deck-pool", POOL_WHAT)
    if args.checkpoint is None:
        args.checkpoint = str(path_of(SHIPPED))
    else:
        from cardlab.checkpoints.zoo import resolve

        args.checkpoint = resolve(args.checkpoint)  # a zoo name (`cardlab models`) or a file
    _, meta = load_value_checkpoint(args.checkpoint)  # fail early, with the file named
    log_dir = check_log_dir(args.log_dir)
    agent = f"search:ckpt={args.checkpoint}"
    if args.lookahead != "none":
        agent += f",lookahead={args.lookahead}"
    game = make_game(f"hearthstone:pool={args.deck_pool}" if args.deck_pool is not None
                     else f"hearthstone:deck={'liege' if args.deck is None else args.deck}")
    for opponent in args.opponents:  # every opponent checked before the first match plays
        make_agent(opponent, game=game)
    refuse_human_without_terminal(args.opponents)
    console = Console(stderr=True) if args.json else stdout_console()
    console.print(f"checkpoint {args.checkpoint}: {meta['kind']} on encoder {meta['encoder']} v{meta['encoder_version']}, "
                  f"trained on {trained_on(meta['data'])}")
    reports = []
    warned: set[str] = set()

    def warn_once(msg: str) -> None:  # every opponent's match caps --workers alike: say it once
        if msg not in warned:
            warned.add(msg)
            print(f"cardlab quickstart: warning: {msg}", file=sys.stderr)

    for n, opponent in enumerate(args.opponents):
        # each match plays games 0..N-1 with the same seed: a folder each, or their error logs overwrite each other
        match_logs = log_dir / pair_folder(0, n + 1, "search", opponent)
        with progress_bar(f"search + net vs {opponent}", args.games, quiet=plays_human([opponent])) as update, \
                json_stdout(args.json):
            report = run_match((agent, opponent), game, args.games, workers=args.workers, seed=args.seed,
                               progress=update, log_dir=match_logs, warn=warn_once)
        report.refuse_all_errors("fix the cause and run the quickstart again")
        reports.append(report.to_json())
    if args.json:
        print(json.dumps({"checkpoint": args.checkpoint, "matches": reports}))
        return 0
    reply = f", {args.lookahead} reply look-ahead" if args.lookahead != "none" else ""
    table = Table(title=f"search + value network ({Path(args.checkpoint).parent.name}{reply}) on the "
                        f"{game.describe()}, first player alternating")
    errors = any(r["errors"] for r in reports)  # the column only when a game failed: it counts as no win
    for col in ("opponent", "games", "wins", "losses", "draws", *(("errors",) if errors else ()), "win rate",
                "95% interval", "ms / decision"):
        table.add_column(col, justify="right")
    from cardlab.arena.stats import rate_interval

    for r in reports:
        rate, lo, hi = rate_interval(r["wins"]["A"], r["games"])
        table.add_row(r["agents"]["B"], str(r["games"]), str(r["wins"]["A"]), str(r["wins"]["B"]), str(r["draws"]),
                      *((str(r["errors"]),) if errors else ()),
                      f"{rate:.1%}", f"{lo:.1%} - {hi:.1%}", f"{r['decision_ms']['A']['mean']:.1f}")
    console.print(table)
    for r in reports:
        if r["errors"]:
            where = f"; saved in {Path(r['error_logs'][0]).parent}/ (cardlab replay FILE)" if r["error_logs"] else ""
            console.print(f"[red]vs {r['agents']['B']}: {r['errors']} of {r['games']} games ended in an error and "
                          f"count as no win{where}[/red]")
    console.print("More games give narrower intervals: the same command with --games 1000 (docs/results.md has "
                  "the published matches).")
    return 0
