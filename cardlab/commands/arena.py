"""`cardlab arena A B [C ...]`: a match; win rates with 95% Wilson intervals, or a cooperative team's mean score."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cardlab.commands.gameargs import add_game_arguments, make_game_from_args
from cardlab.commands.progress import progress_bar

HELP = "play a match between agents and report win rates (or the team's mean score) with 95% intervals"


def add_arguments(p) -> None:
    p.add_argument("agents", metavar="AGENT", nargs="+",
                   help="agent specs, one per role (A B ...): two for a two-player game, one per seat or two for a "
                        "seat rotation with more seats, one or one per seat for a cooperative game")
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=100, help="games to play (default 100); seats change from game to game (every seat order in turn)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (the result does not depend on it)")
    p.add_argument("--seed", type=int, default=0, help="match seed (default 0)")
    p.add_argument("--log-dir", default="arena-logs",
                   help="where games that raised (and with --save-games every game) are saved for `cardlab replay` "
                        "(default: ./arena-logs)")
    p.add_argument("--save-games", action="store_true", help="save every game's log in --log-dir")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--journal", help="record each finished game in this file; rerunning the same command after an "
                                     "interruption plays only the missing games")


def check_log_dir(path: str, save_games: bool = False) -> Path:
    """The log folder; with --save-games made now, so an unwritable one fails before any game is played."""
    from cardlab.runtime import UserError

    if not path.strip():
        raise UserError("--log-dir is empty: name a folder (the default is ./arena-logs)")
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise UserError(f"--log-dir {path}: is a file, not a directory")
    if save_games:
        p.mkdir(parents=True, exist_ok=True)
        probe = p / ".cardlab-write-test"
        probe.touch()
        probe.unlink()
    return p


def json_stdout(on: bool):
    """With --json, whatever the games print (an agent's own output) goes to stderr: stdout is the JSON object."""
    import contextlib

    return contextlib.redirect_stdout(sys.stderr) if on else contextlib.nullcontext()


def run(args) -> int:
    from cardlab.arena.match import plays_human, role_specs, run_match

    game = make_game_from_args(args)
    specs = role_specs(game, args.agents)
    kwargs = dict(workers=args.workers, seed=args.seed, log_dir=check_log_dir(args.log_dir, args.save_games),
                  keep_logs=args.save_games, journal=args.journal,
                  warn=lambda msg: print(f"cardlab arena: warning: {msg}", file=sys.stderr))
    title = " vs ".join(args.agents) if len(args.agents) > 1 else args.agents[0]
    try:
        # no bar redrawn over a person's board and prompt; with --json stdout stays one JSON object
        with progress_bar(title, args.games, quiet=plays_human(specs)) as update, json_stdout(args.json):
            report = run_match(specs, game, args.games, progress=update, **kwargs)
    except KeyboardInterrupt:
        if args.journal:
            print(f"interrupted: the finished games are in {args.journal}; run the same command again to play "
                  "the rest", file=sys.stderr)
        else:
            print("interrupted: no report (give --journal FILE to make a match resumable)", file=sys.stderr)
        return 130
    report.refuse_all_errors("fix the cause and run the match again" if not args.journal else
                             f"fix the cause, delete the journal {args.journal} (it keeps the failed games) and run "
                             "the match again")
    r = report.to_json()
    if args.json:
        print(json.dumps(r))
    else:
        print_report(r)
    if args.save_games and args.games:
        saved = report.games if report.played is None else report.played  # --save-games logs every game played
        where = (f"{saved} game(s) saved in {args.log_dir}/ (cardlab replay FILE)" if saved else
                 f"no game saved in {args.log_dir}/: every game came from the journal {args.journal}")
        print(f"cardlab arena: {where}", file=sys.stderr)
    return 0


def print_report(r: dict) -> None:
    from cardlab.commands.tables import stdout_console
    from rich.table import Table

    console = stdout_console()
    labels = list(r["agents"])
    table = Table(title=f"{r['decks']} ({r['game']}), {r['games']} games, first player {r['first_player']}")
    table.add_column("")
    for label in labels:
        table.add_column(label, justify="right")
    table.add_row("agent", *[r["agents"][k] for k in labels])
    if r["kind"] != "cooperative":
        table.add_row("wins", *[str(r["wins"][k]) for k in labels])
    table.add_row("decision ms, mean", *[f"{r['decision_ms'][k]['mean']:.3f}" for k in labels])
    table.add_row("decision ms, p95", *[f"{r['decision_ms'][k]['p95']:.3f}" for k in labels])
    console.print(table)
    if r["kind"] == "cooperative":
        lo, hi = r["ci95"]
        interval = (f"95% interval {lo:.3f} - {hi:.3f}" if r["games"] > 1 else "one game: no interval")
        console.print(f"mean score {r['mean_score']:.3f} ({interval}; sd {r['std']:.2f}); "
                      f"perfect games {r['perfect_rate']:.1%} (max {r['max_score']}); errors {r['errors']}; "
                      f"mean game length {r['mean_turns']:.1f} turns; {r['games_per_sec']:.1f} games/s")
        console.print("scores: " + ", ".join(f"{k}: {v}" for k, v in r["score_distribution"].items()))
    else:
        from cardlab.arena.stats import rate_interval

        def rate(label: str) -> tuple[float, float, float]:
            return rate_interval(r["wins"][label], r["games"])

        win, lo, hi = rate("A")
        console.print(f"A win rate {win:.1%} (95% Wilson interval {lo:.1%} - {hi:.1%}); draws {r['draws']}; "
                      f"errors {r['errors']}; mean game length {r['mean_turns']:.1f} turns; "
                      f"{r['games_per_sec']:.1f} games/s")
        for label in r.get("win_rates", {}):
            if label != "A":
                win, lo, hi = rate(label)
                console.print(f"{label} win rate {win:.1%} ({lo:.1%} - {hi:.1%})")
    for path in r["error_logs"]:
        console.print(f"[red]game with an error saved to {path} (cardlab replay {path})[/red]")
