"""`cardlab decks`: built-in decks with their deckstrings."""

from __future__ import annotations

import json

HELP = "list the built-in decks (or check a deck file / deckstring) with deckstrings"


def add_arguments(p) -> None:
    p.add_argument("deck", nargs="?", help="show one deck: built-in name, text file or deckstring")
    p.add_argument("--json", action="store_true", help="print JSON")


def run(args) -> int:
    from cardlab.commands.gameargs import DECK_WHAT, refuse_empty
    from cardlab.engine.hearthstone.decks import builtin_names, load_deck

    refuse_empty(args.deck, "DECK", DECK_WHAT + ", or leave it out to list the built-in decks")
    given = args.deck is not None
    decks = [load_deck(args.deck)] if given else [load_deck(n) for n in builtin_names()]
    names = [args.deck] if given else builtin_names()
    rows = [
        {"key": key, "name": d.name, "class": d.hero_class, "deckstring": d.deckstring(),
         "cards": [{"name": c.name, "count": n} for c, n in d.counts()]}
        for key, d in zip(names, decks)
    ]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    from cardlab.commands.tables import stdout_console
    from rich.table import Table

    table = Table(title="Decks")
    for col in ("key", "name", "class", "deckstring"):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(r["key"], r["name"], r["class"], r["deckstring"])
    stdout_console().print(table)
    if given:
        for c in rows[0]["cards"]:
            print(f"{c['count']} {c['name']}")
    return 0
