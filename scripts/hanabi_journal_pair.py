"""Pair two Hanabi arena journals of the same game and seed game by game:
`python scripts/hanabi_journal_pair.py SEARCH_JOURNAL HAT_JOURNAL [--json OUT]`.

`cardlab arena A --game hanabi:players=N --games G --seed S --journal J` deals game i the same way for every agent,
so two journals of one seed hold the same deals: the mean per-game difference has a far narrower interval than the
difference of the two means. Prints each team's mean with its 95% interval, perfect games, and the paired gain.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys


def read(path: str) -> tuple[dict, dict[int, float]]:
    with open(path, encoding="utf-8") as f:
        header = json.loads(f.readline())["match"]
        scores = {}
        for line in f:
            row = json.loads(line)
            if row.get("returns") is not None:
                scores[row["index"]] = row["returns"][0]
    return header, scores


def interval(xs: list[float]) -> tuple[float, float, float]:
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5
    return m, m - h, m + h


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--json", help="write the summary and both teams' per-game scores here")
    args = parser.parse_args()
    (ha, a), (hb, b) = read(args.a), read(args.b)
    if (ha["game"], ha["seed"]) != (hb["game"], hb["seed"]):
        print(f"the journals hold different matches: {ha['game']} seed {ha['seed']} and {hb['game']} seed "
              f"{hb['seed']}", file=sys.stderr)
        return 2
    games = sorted(set(a) & set(b))
    sa, sb = [a[i] for i in games], [b[i] for i in games]
    diff = [x - y for x, y in zip(sa, sb)]
    summary = {"game": ha["game"], "seed": ha["seed"], "games": len(games), "a": ha["agents"][0], "b": hb["agents"][0]}
    print(f"{ha['game']}, seed {ha['seed']}, {len(games)} games in both journals")
    for key, spec, scores in (("a", ha["agents"][0], sa), ("b", hb["agents"][0], sb)):
        m, lo, hi = interval(scores)
        perfect = sum(1 for x in scores if x == 25) / len(scores)
        summary[f"mean_{key}"], summary[f"ci95_{key}"], summary[f"perfect_{key}"] = m, [lo, hi], perfect
        print(f"  {spec}: {m:.3f} [{lo:.3f}, {hi:.3f}], {perfect:.1%} perfect")
    m, lo, hi = interval(diff)
    summary["mean_diff"], summary["diff_ci95"] = m, [lo, hi]
    print(f"  A - B per game: {m:+.3f} [{lo:+.3f}, {hi:+.3f}]")
    if args.json:
        summary["scores_a"], summary["scores_b"] = sa, sb
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(summary, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
