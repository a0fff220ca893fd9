"""`cardlab cards`: the card pool with an implemented flag."""

from __future__ import annotations

import json

HELP = "list the Classic card pool (collectible cards) and which are implemented"


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print a JSON list of card objects")
    p.add_argument("--class", dest="card_class", help="only this class (e.g. MAGE, NEUTRAL)")
    p.add_argument("--implemented", choices=["yes", "no"], help="only implemented / unimplemented cards")


def run(args) -> int:
    from cardlab.engine.hearthstone import card_db

    db = card_db()
    cards = sorted(db.collectible(), key=lambda c: (c.card_class, c.cost, c.name))
    if args.card_class is not None:
        wanted = args.card_class.strip().upper()
        known = sorted({c.card_class for c in cards})
        if not wanted:
            from cardlab.runtime import UserError

            raise UserError(f"--class is empty: give one of {', '.join(known)}")
        if wanted not in known:
            from cardlab.runtime import UserError

            raise UserError(f"unknown class {args.card_class!r} (one of {', '.join(known)})")
        cards = [c for c in cards if c.card_class == wanted]
    pool_done, pool_size = sum(c.implemented for c in cards), len(cards)  # the title counts before --implemented
    if args.implemented:
        cards = [c for c in cards if c.implemented == (args.implemented == "yes")]
    rows = [
        {"id": c.id, "dbf_id": c.dbf_id, "name": c.name, "class": c.card_class, "type": c.type, "rarity": c.rarity,
         "set": "BASIC" if c.rarity == "FREE" else "CLASSIC", "cost": c.cost, "attack": c.attack,
         "health": c.health or c.durability, "text": c.text, "implemented": c.implemented}
        for c in cards
    ]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    from cardlab.commands.tables import stdout_console
    from rich.table import Table

    shown = f"; {len(rows)} listed" if args.implemented else ""
    table = Table(title=f"Classic card pool: {pool_done}/{pool_size} implemented{shown}")
    for col in ("name", "class", "set", "cost", "stats", "implemented", "text"):
        table.add_column(col)
    for r in rows:
        stats = f"{r['attack']}/{r['health']}" if r["type"] in ("MINION", "WEAPON") else ""
        table.add_row(r["name"], r["class"], r["set"], str(r["cost"]), stats, "yes" if r["implemented"] else "no", r["text"])
    stdout_console().print(table)
    return 0
