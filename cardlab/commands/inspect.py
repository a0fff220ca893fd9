"""`cardlab inspect FILE.h5`: what a chain file holds (games, rows, colours, labels, encoder, settings)."""

from __future__ import annotations

import json

HELP = "summarise a chain file from `cardlab datagen` (games, rows, colours, labels, encoder, settings)"
COLOUR_NAMES = ("green", "yellow", "red")


def add_arguments(p) -> None:
    p.add_argument("file", metavar="FILE.h5", help="a chain file")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def summarise(path: str) -> dict:
    import numpy as np

    from cardlab.datagen.reader import ChainData, check_file

    attrs = check_file(path)
    out = {"file": str(path), "games": int(attrs["games_completed"]), "games_requested": int(attrs["games_requested"]),
           "encoder": attrs["encoder"], "encoder_version": attrs["encoder_version"], "dim": attrs["encoder_dim"],
           "gamma": attrs["gamma"], "reward": attrs["reward"], "chains": {},
           "settings": json.loads(attrs.get("settings", "{}")),
           "versions": {"engine": attrs.get("engine_version"), "card_data": attrs.get("card_data_version"),
                        "schema": attrs.get("schema_version")},
           "created_at": attrs.get("created_at")}
    for kind in attrs["chains"].split(","):
        try:
            data = ChainData(path, kind, load=False)
        except Exception:  # a top-up-only or missing kind: report what exists
            continue
        with data:
            entry: dict = {"rows": len(data)}
            if len(data):
                lab = data.field("label")
                entry["label"] = {"mean": float(lab.mean()), "std": float(lab.std()), "min": float(lab.min()),
                                  "max": float(lab.max())}
                entry["outcome"] = {k: int(v) for k, v in zip(("loss", "draw", "win"),
                                                              np.bincount(data.field("outcome") + 1, minlength=3))}
                if kind == "colour":
                    counts = np.bincount(data.field("colour"), minlength=3)
                    entry["colours"] = {n: int(c) for n, c in zip(COLOUR_NAMES, counts)}
                    entry["sub_chains"] = int(np.count_nonzero(data.field("step") == 1))
            out["chains"][kind] = entry
        games = data.games()
    if out["games"]:
        w = games["winner"]
        out["results"] = {"seat0": int((w == 0).sum()), "seat1": int((w == 1).sum()), "draws": int((w == -1).sum()),
                          "errors": int((w == -2).sum()), "red_topup_games": int((games["kind"] == 1).sum())}
    return out


def run(args) -> int:
    info = summarise(args.file)
    if args.json:
        print(json.dumps(info))
        return 0
    from rich.console import Console
    from rich.table import Table

    c = Console()
    c.print(f"[bold]{info['file']}[/bold]: {info['games']} / {info['games_requested']} games, encoder "
            f"{info['encoder']} v{info['encoder_version']} (dim {info['dim']}), gamma {info['gamma']}, "
            f"reward {info['reward']}")
    if "results" in info:
        r = info["results"]
        c.print(f"results: seat 0 won {r['seat0']}, seat 1 won {r['seat1']}, draws {r['draws']}, errors "
                f"{r['errors']}; red top-up games {r['red_topup_games']}")
    t = Table(title="chains")
    for col in ("kind", "rows", "label mean", "label std", "label min..max", "colours (g/y/r)", "sub-chains"):
        t.add_column(col)
    for kind, e in info["chains"].items():
        lab = e.get("label", {})
        cols = e.get("colours")
        t.add_row(kind, str(e["rows"]), f"{lab.get('mean', 0):.2f}", f"{lab.get('std', 0):.2f}",
                  f"{lab.get('min', 0):.1f}..{lab.get('max', 0):.1f}",
                  "/".join(str(v) for v in cols.values()) if cols else "-", str(e.get("sub_chains", "-")))
    c.print(t)
    c.print("settings: " + json.dumps(info["settings"], sort_keys=True))
    c.print(f"versions: {info['versions']}, created {info['created_at']}")
    return 0
