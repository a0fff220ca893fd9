"""`cardlab tournament A B C ...`: round robin, win-rate matrix as a table or JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cardlab.commands.arena import check_log_dir, json_stdout
from cardlab.commands.gameargs import add_game_arguments, make_game_from_args

HELP = "round robin between several agents: a win-rate matrix with 95% intervals and Bradley-Terry ratings"


def add_arguments(p) -> None:
    p.add_argument("agents", nargs="+", help="two or more agent specs")
    add_game_arguments(p, two_player=True)
    p.add_argument("--games", type=int, default=100, help="games per pair (default 100), first player alternating")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--log-dir", default="arena-logs",
                   help="where games that raised are saved for `cardlab replay`, one subfolder per pair "
                        "(DIR/1-2_A_vs_B/game-SEED-INDEX.json; default: ./arena-logs)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from cardlab.arena.tournament import round_robin
    from cardlab.runtime import UserError

    if len(args.agents) < 2:
        raise UserError("a tournament needs at least two agents")
    from cardlab.agents.registry import parse_spec

    args.agents = [a.strip() for a in args.agents]
    # "mcts:iters=5" and "mcts: iters=5", "face" and "face:" are one agent: one row, one rating
    meanings = [(name, tuple(sorted(options.items()))) for name, options in map(parse_spec, args.agents)]
    if len(set(meanings)) != len(meanings):
        raise UserError("each agent spec may appear only once")
    game = make_game_from_args(args)
    log_dir = check_log_dir(args.log_dir)

    def warn(message: str) -> None:
        print(f"cardlab tournament: warning: {message}", file=sys.stderr)

    if args.json:
        with json_stdout(True):  # stdout is the JSON object alone
            result = round_robin(args.agents, game, args.games, args.workers, args.seed, log_dir=log_dir, warn=warn)
        print(json.dumps(result))
        return 0
    from cardlab.commands.tables import stdout_console
    from rich.table import Table
    from cardlab.arena.stats import rate_interval

    import contextlib

    from cardlab.arena.match import plays_human

    console = stdout_console()
    person = plays_human(args.agents)  # no spinner redrawn over a person's board and prompt
    with (contextlib.nullcontext() if person else console.status("playing")) as status:
        result = round_robin(args.agents, game, args.games, args.workers, args.seed,
                             on_match=None if person else
                             lambda r: status.update(f"done: {r.agents[0]} vs {r.agents[1]}"),
                             log_dir=log_dir, warn=warn)
    table = Table(title=f"Row agent's win rate vs column agent ({args.games} games per pair, {game.describe()}, "
                        "first player alternating, 95% Wilson interval)")
    table.add_column("")
    for a in args.agents:
        table.add_column(a, justify="center")
    for a in args.agents:
        cells = []
        for b in args.agents:
            if a == b:
                cells.append("-")
            else:
                m = result["matrix"][a][b]
                win, lo, hi = rate_interval(m["wins"], m["games"])
                cells.append(f"{win:.1%}\n[{lo:.1%}, {hi:.1%}]")
        table.add_row(a, *cells)
    console.print(table)
    ratings = Table(title="Bradley-Terry ratings (Elo scale, mean 0; 95% Bayesian-bootstrap interval)")
    for column in ("agent", "rating", "95% interval"):
        ratings.add_column(column, justify="left" if column == "agent" else "right")
    by_rating = sorted(result["ratings"]["agents"].items(), key=lambda kv: -kv[1]["elo"])
    for agent, r in by_rating:
        ratings.add_row(agent, _elo(r["elo"]), f"[{_elo(r['ci95'][0])}, {_elo(r['ci95'][1])}]")
    console.print(ratings)
    for m in result["matches"]:  # errored games count for neither agent: say so
        if m["errors"]:
            where = f"; saved in {Path(m['error_logs'][0]).parent}/ (cardlab replay FILE)" if m["error_logs"] else ""
            console.print(f"[red]{m['agents']['A']} vs {m['agents']['B']}: {m['errors']} of {m['games']} games "
                          f"ended in an error{where}[/red]")
    return 0


def _elo(value: float) -> str:
    """A rating to the whole point with its sign: -0.3 rounds to +0, not "-0" (format's rounding keeps the sign)."""
    return f"{round(value):+d}"
