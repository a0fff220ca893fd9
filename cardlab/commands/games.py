"""`cardlab games`: the registered games and their spec options."""

from __future__ import annotations

import json

HELP = "list the games cardlab plays, with their options (spec strings for --game)"


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from cardlab.engine.registry import describe_games

    games = describe_games()
    if args.json:
        print(json.dumps({"games": games}))
        return 0
    from cardlab.commands.tables import stdout_console
    from rich.table import Table

    console = stdout_console()
    for g in games:
        table = Table(title=f"{g['name']}: {g['description']} ({g['kind']}, players {', '.join(map(str, g['players']))}); "
                            f"e.g. --game {g['example']}")
        for col in ("option", "default", "meaning"):
            table.add_column(col)
        for name, opt in g["options"].items():
            meaning = opt["help"] + (f" ({' | '.join(opt['choices'])})" if opt.get("choices") else "")
            table.add_row(name, str(opt["default"]), meaning)
        console.print(table)
    return 0
