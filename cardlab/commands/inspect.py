"""`cardlab inspect FILE.h5`: what a chain file holds (games, rows, colours, labels, encoder, settings)."""

from __future__ import annotations

import json
import sys

HELP = "summarise a chain file from `cardlab datagen` (games, rows, colours, labels, encoder, settings)"
COLOUR_NAMES = ("green", "yellow", "red")


def add_arguments(p) -> None:
    p.add_argument("file", metavar="FILE.h5", help="a chain file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--verify", action="store_true",
                   help="also read back every committed row of every dataset (decompressing the whole file): a "
                        "damaged chunk anywhere is an error")


def summarise(path: str) -> dict:
    import numpy as np

    from cardlab.datagen.reader import ChainData, check_file, file_sha256

    attrs = check_file(path)
    out = {"file": str(path), "games": int(attrs["games_completed"]), "games_requested": int(attrs["games_requested"]),
           "encoder": attrs["encoder"], "encoder_version": attrs["encoder_version"], "dim": attrs["encoder_dim"],
           "gamma": attrs["gamma"], "reward": attrs["reward"], "chains": {},
           "settings": json.loads(attrs.get("settings", "{}")),
           "versions": {"engine": attrs.get("engine_version"), "card_data": attrs.get("card_data_version"),
                        "schema": attrs.get("schema_version")},
           "created_at": attrs.get("created_at"), "game": attrs.get("game"),
           "game_kind": attrs.get("game_kind", "zero_sum"),
           "sha256": file_sha256(path)}  # what `train value` records of the file it trained on
    cooperative = out["game_kind"] == "cooperative"
    if "agent_checkpoints" in attrs:
        out["agent_checkpoints"] = json.loads(attrs["agent_checkpoints"])
    import h5py

    with h5py.File(path, "r", locking=False) as f:
        present = [kind for kind in attrs["chains"].split(",") if f"chains/{kind}" in f]
    for kind in present:  # a kind named in the settings but never written (top-up only) is left out
        data = ChainData(path, kind, load=False)
        with data:
            entry: dict = {"rows": len(data)}
            if len(data):
                lab = data.field("label")
                entry["label"] = {"mean": float(lab.mean()), "std": float(lab.std()), "min": float(lab.min()),
                                  "max": float(lab.max())}
                outcome = data.field("outcome")
                if cooperative:  # the outcome is the team's final score
                    entry["score"] = {"mean": float(outcome.mean()), "min": float(outcome.min()),
                                      "max": float(outcome.max())}  # scores need not be whole (0.5)
                else:
                    entry["outcome"] = {k: int(v) for k, v in zip(("loss", "draw", "win"),
                                                                  np.bincount(outcome + 1, minlength=3))}
                if kind == "colour":
                    counts = np.bincount(data.field("colour"), minlength=3)
                    entry["colours"] = {n: int(c) for n, c in zip(COLOUR_NAMES, counts)}
                    entry["sub_chains"] = int(np.count_nonzero(data.field("step") == 1))
            out["chains"][kind] = entry
        games = data.games()
    if out["games"] and cooperative:
        score = games["score"][games["error"] == 0] if "score" in games else np.zeros(0)
        out["results"] = {"score_mean": float(score.mean()) if len(score) else None,
                          "score_min": float(score.min()) if len(score) else None,
                          "score_max": float(score.max()) if len(score) else None,
                          "errors": int((games["error"] != 0).sum())}
    elif out["games"]:
        w = games["winner"]
        seats = max(2, int(w.max()) + 1, len(json.loads(attrs.get("agents", "[]"))))  # one agent spec per seat
        out["results"] = {**{f"seat{q}": int((w == q).sum()) for q in range(seats)},
                          "draws": int((w == -1).sum()), "errors": int((w == -2).sum()),
                          "red_topup_games": int((games["kind"] == 1).sum())}
        if (w == -3).any():  # several players won together (3-4 player Dominion)
            out["results"]["shared_wins"] = int((w == -3).sum())
        by_agent = wins_by_agent(attrs, games, seats)
        if by_agent is not None:
            out["results"]["agents"] = by_agent
    return out


def wins_by_agent(attrs: dict, games: dict, seats: int) -> dict | None:
    """{role letter: {"agent": spec, "wins": n}}: the games each agent of --agents won. The first player changes
    from game to game, so the wins by seat say nothing of the agents; `a_seat` is the first agent's seat, and with
    more than two seats the others follow it in the run's seating order (arena.play.seat_roles). None where the
    file cannot tell: no a_seat column, or a merged file whose sources had other agents (its attributes are its
    first source's). With three or more seats a merged file (its games renumbered) reports the first agent only."""
    import json

    import numpy as np

    from cardlab.arena.match import LABELS
    from cardlab.arena.play import SEATING, seat_roles

    agents = json.loads(attrs.get("agents", "[]"))
    if "a_seat" not in games or len(agents) != seats or not agents:
        return None
    sources = json.loads(attrs.get("merged_from", "[]"))
    for source in sources:
        theirs = source.get("agents") if isinstance(source, dict) else None
        if isinstance(theirs, str):
            try:
                theirs = json.loads(theirs)
            except ValueError:
                return None
        if theirs != agents:
            return None
    w = np.asarray(games["winner"], dtype=np.int64)
    a_seat = np.asarray(games["a_seat"], dtype=np.int64)
    role = np.full(len(w), -1)  # the role that won each game; -1: a draw, an error, a shared win, or not known
    decided = w >= 0
    role[decided & (w == a_seat)] = 0
    others = decided & (w != a_seat)
    if seats == 2:
        role[others] = 1
    elif not sources:
        rotation = attrs.get("agent_seats", SEATING) != SEATING  # older files seated the agents by rotation only
        for i in np.flatnonzero(others):
            order = (tuple((seat - i) % seats for seat in range(seats)) if rotation
                     else seat_roles(int(i), seats))  # order[seat] = the role in that seat
            role[i] = order[int(w[i])]
    elif len(set(agents[1:])) == 1:  # every other seat plays one spec: its wins are theirs together
        role[others] = 1
        agents = agents[:2]
    else:
        agents = agents[:1]
    return {LABELS[r]: {"agent": spec, "wins": int((role == r).sum())} for r, spec in enumerate(agents)}


def verify(path: str, block_rows: int = 1 << 16) -> int:
    """Read every committed row of every dataset; the rows read. A read that fails is a UserError naming the file
    and dataset (damage inside a chunk shows only when the chunk is decompressed)."""
    import h5py

    from cardlab.datagen.reader import check_file
    from cardlab.runtime import UserError, first_line

    attrs = check_file(path)
    read = 0
    with h5py.File(path, "r", locking=False) as f:
        groups = [(f["games"], int(attrs["games_completed"]))]
        groups += [(f["chains"][k], int(f["chains"][k].attrs["rows"])) for k in f["chains"]]
        for group, rows in groups:
            try:
                datasets = list(group.items())
            except (OSError, RuntimeError, KeyError) as exc:  # the group's own index is damaged
                raise UserError(f"{path} is damaged: listing {group.name} failed ({first_line(exc)})") from None
            for name, ds in datasets:
                start = 0
                try:
                    for start in range(0, rows, block_rows):
                        ds[start:min(rows, start + block_rows)]
                except (OSError, RuntimeError, ValueError) as exc:
                    end = min(rows, start + block_rows) - 1
                    raise UserError(f"{path} is damaged: reading {ds.name} rows {start}-{end} failed "
                                    f"({first_line(exc)})") from None
                read += rows
    return read


def run(args) -> int:
    from pathlib import Path

    from cardlab.datagen.writer import in_use

    writing = in_use(Path(args.file))  # before reading: a datagen run still adding games
    info = summarise(args.file)
    if writing:
        info["being_written"] = True
        print(f"cardlab inspect: note: {args.file} is still being written by another process (a datagen run): "
              "these figures are a snapshot", file=sys.stderr)
    elif Path(args.file).with_name(Path(args.file).name + ".compact.tmp").exists():
        info["compaction_interrupted"] = True  # its games are all there; the file is larger than it will be
        print(f"cardlab inspect: note: the run that wrote {args.file} was stopped while compacting it: its games are "
              "all readable; `cardlab datagen FILE --resume` with the run's options finishes the compaction",
              file=sys.stderr)
    if args.verify:
        info["verified_rows"] = verify(args.file)
    if args.json:
        print(json.dumps(info))
        return 0
    from cardlab.commands.tables import stdout_console
    from rich.table import Table

    c = stdout_console()
    cooperative = info["game_kind"] == "cooperative"
    labels = "labels: final score" if cooperative else f"gamma {info['gamma']}, reward {info['reward']}"
    c.print(f"[bold]{info['file']}[/bold]: {info['games']} / {info['games_requested']} games"
            + (f" of {info['game']}" if info.get("game") else "") + f", encoder "
            f"{info['encoder']} v{info['encoder_version']} (dim {info['dim']}), {labels}")
    if "results" in info:
        r = info["results"]
        if cooperative:
            c.print(f"results: mean score {_num(r['score_mean'])}, min {_num(r['score_min'])}, "
                    f"max {_num(r['score_max'])}; errors {r['errors']}")
        else:
            seats = ", ".join(f"seat {k[4:]} won {v}" for k, v in r.items() if k.startswith("seat"))
            shared = f", shared wins {r['shared_wins']}" if "shared_wins" in r else ""
            asked = info["settings"].get("red_topup") or r["red_topup_games"]  # a merged file: any source's
            topup = f"; red top-up games {r['red_topup_games']}" if asked else ""
            if "agents" in r:  # the seats alternate between the agents: their wins are what tells them apart
                agents = ", ".join(f"{label} ({a['agent']}) won {a['wins']}" for label, a in r["agents"].items())
                c.print(f"results: {agents}{shared}, draws {r['draws']}, errors {r['errors']}{topup}")
                c.print(f"by seat: {seats}")
            else:
                c.print(f"results: {seats}{shared}, draws {r['draws']}, errors {r['errors']}{topup}")
    t = Table(title="chains")
    threat = any("colours" in e for e in info["chains"].values()) or "colour" in info["chains"]
    extra = ("colours (g/y/r)", "sub-chains") if threat else ("outcomes (l/d/w)" if not cooperative else "score",)
    for col in ("kind", "rows", "label mean", "label std", "label min..max") + extra:
        t.add_column(col)
    for kind, e in info["chains"].items():
        lab = e.get("label", {})
        cols = e.get("colours")
        row = [kind, str(e["rows"]), f"{lab.get('mean', 0):.2f}", f"{lab.get('std', 0):.2f}",
               f"{lab.get('min', 0):.1f}..{lab.get('max', 0):.1f}"]
        if threat:
            row += ["/".join(str(v) for v in cols.values()) if cols else "-", str(e.get("sub_chains", "-"))]
        elif cooperative:
            sc = e.get("score", {})
            row.append(f"{sc.get('mean', 0):.2f} ({sc.get('min', 0):g}..{sc.get('max', 0):g})")
        else:
            row.append("/".join(str(v) for v in e.get("outcome", {}).values()) or "-")
        t.add_row(*row)
    c.print(t)
    c.print("settings: " + json.dumps(info["settings"], sort_keys=True))
    if info.get("agent_checkpoints"):
        c.print("agent files (sha256): " + json.dumps(info["agent_checkpoints"], sort_keys=True))
    c.print(f"versions: {info['versions']}, created {info['created_at']}")
    c.print(f"file sha256: {info['sha256']}")
    if args.verify:
        c.print(f"verified: every committed row of every dataset reads back ({info['verified_rows']:,} rows over all datasets)")
    return 0


def _num(value) -> str:
    """A score as the game gives it: 25, 0.5 (None when the file holds no finished game)."""
    return str(value) if value is None else f"{value:g}"
