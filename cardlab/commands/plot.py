"""`cardlab plot WHAT INPUT... --out FILE.png|svg`: figures from tournament, arena, evolve and training outputs."""

from __future__ import annotations

from pathlib import Path

from cardlab.runtime import UserError

HELP = "figures (PNG or SVG) from tournament/arena --json, evolve logs, training TensorBoard logs and loop folders"


def add_arguments(p) -> None:
    sub = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    t = sub.add_parser("tournament", help="win-rate heatmap with 95%% intervals from `cardlab tournament --json`")
    t.add_argument("input", help="the tournament's JSON file")
    e = sub.add_parser("evolution", help="best and mean fitness per generation of evolve runs")
    e.add_argument("input", nargs="+", help="evolve --out folders (or their log.csv)")
    e.add_argument("--ylabel", default="fitness", help="y axis label (e.g. mean score, wins of 100)")
    s = sub.add_parser("scores", help="score distributions of cooperative `cardlab arena --json` results (Hanabi)")
    s.add_argument("input", nargs="+", help="arena JSON files")
    m = sub.add_parser("matches", help="win rates with 95%% intervals from zero-sum `cardlab arena --json` results")
    m.add_argument("input", nargs="+", help="arena (or quickstart) JSON files; a tournament's: `plot tournament`")
    m.add_argument("--labels", nargs="+", help="one label per file (default: 'A vs B')")
    b = sub.add_parser("table", help="win rates with 95%% intervals from a CSV of label,wins,games rows")
    b.add_argument("input", help="the CSV file")
    a = sub.add_parser("means", help="mean score with 95%% intervals per player count from cooperative arena --json results")
    a.add_argument("input", nargs="+", help="arena JSON files (one per agent and player count)")
    a.add_argument("--labels", nargs="+", help="one label per file; files with the same label form one line "
                                                "(default: the agent spec)")
    r = sub.add_parser("training", help="scalars of a training run's TensorBoard logs (loss, accuracy, returns)")
    r.add_argument("input", help="the run's --out folder (or its TensorBoard folder); a folder holding several runs "
                                 "gives one line per run")
    r.add_argument("--tags", nargs="+", help="only these scalars (default: all)")
    lp = sub.add_parser("loop", help="`cardlab loop` generations: the promoted agent against each anchor and the "
                                     "gates' results with their verdicts")
    lp.add_argument("input", help="the loop's --out folder")
    for q in (t, e, s, m, b, a, r, lp):
        q.add_argument("--out", required=True, help="figure file, .png or .svg")


def run(args) -> int:
    from cardlab import plots

    out = Path(args.out)
    labels = getattr(args, "labels", None)
    if labels is not None and len(labels) != len(args.input):
        raise UserError(f"--labels: give one label per file ({len(args.input)} files, {len(labels)} labels)")
    if args.what == "tournament":
        plots.tournament_heatmap(Path(args.input), out)
    elif args.what == "evolution":
        plots.evolution_curves([Path(x) for x in args.input], out, ylabel=args.ylabel)
    elif args.what == "matches":
        plots.match_win_rates([Path(x) for x in args.input], out, labels=args.labels)
    elif args.what == "table":
        plots.table_win_rates(Path(args.input), out)
    elif args.what == "means":
        plots.mean_scores([Path(x) for x in args.input], out, labels=args.labels)
    elif args.what == "loop":
        plots.loop_generations(Path(args.input), out)
    elif args.what == "scores":
        plots.score_distributions([Path(x) for x in args.input], out)
    else:
        plots.training_curves(Path(args.input), out, tags=args.tags)
    print(f"wrote {out}")
    return 0
