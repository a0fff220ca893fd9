"""Figures from cardlab's own outputs: tournament heatmaps, evolution curves, score distributions, training curves.

Each function reads what a verb wrote (tournament/arena --json, evolve's log.csv, a run's TensorBoard folder) and
saves one figure; the file extension (.png or .svg) picks the format. matplotlib is the optional extra `[plot]`.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
from contextlib import contextmanager
from pathlib import Path
from typing import Sequence

from cardlab.runtime import UserError

FORMATS = (".png", ".svg")
# `plot scores` draws one point per score from 0 up: a file without max_score may not ask for more than this
MAX_SCORE_AXIS = 10_000
# `plot table`: more games than any real table, yet small enough for the Wilson interval's float arithmetic
MAX_TABLE_GAMES = 10**15


def _pyplot():
    try:
        import matplotlib
    except ModuleNotFoundError:
        raise UserError("plots need matplotlib: pip install 'cardlab[plot]'") from None
    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    return plt


def _check_out(out: Path) -> None:
    """Refuse a wrong output name before any work; its folder is made only by `_save`, once the input was read."""
    if out.suffix.lower() not in FORMATS:
        raise UserError(f"{out}: the figure's extension must be one of {', '.join(FORMATS)}")
    if out.is_dir():
        raise UserError(f"{out} is a directory; give a file name ending in .png or .svg")


def _need_file(path: Path, what: str) -> None:
    if not path.is_file():
        raise UserError(f"{path}: no such file" if not path.exists() else f"{path} is a directory, not {what}")


def _read_json(path: Path) -> dict:
    _need_file(path, "a JSON file")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise UserError(f"{path} is not a JSON file written by cardlab (--json)") from None
    if not isinstance(data, dict):  # every result cardlab writes is an object; `"key" in 5` would be a TypeError
        raise UserError(f"{path} is not a JSON file written by cardlab (--json): it holds a {type(data).__name__}, "
                        "not an object")
    return data


def _read_csv(path: Path) -> tuple[list[str], list[dict], bool]:
    """(header, rows, whether the text ends with a line break) of a CSV file. A byte-order mark (Excel's
    "CSV UTF-8") is dropped so that the first column keeps its name."""
    text = path.read_text(encoding="utf-8-sig")
    if not text.strip():
        raise UserError(f"{path} is empty (not even a header line)")
    reader = csv.DictReader(io.StringIO(text, newline=""))
    rows = list(reader)
    return list(reader.fieldnames or ()), rows, text.endswith(("\n", "\r"))


@contextmanager
def _reading(path, what: str):
    """Around the parsing of one input file: wrong contents (text for a number, null, a binary file, a missing
    field) become one UserError naming the file."""
    try:
        yield
    except UserError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, csv.Error) as exc:
        raise UserError(f"{path}: not a valid {what} ({type(exc).__name__}: {exc})") from None


def _clip(value: object, most: int = 40) -> str:
    """A bad value for an error message, cut short (a 400-digit number must not fill the terminal)."""
    text = repr(value)
    return text if len(text) <= most else f"{text[:most - 10]}...({len(text)} characters)"


def _interval(where: object, name: str, value: object, ci95: object, bounds: tuple[float, float]) -> tuple[float, ...]:
    """(value, low, high) of a figure with its two-number ci95, refused unless finite and low <= value <= high
    within `bounds` (matplotlib rejects negative error bars with a traceback, and NaN or infinity draw nothing)."""
    lo, hi = ci95
    value_f, lo_f, hi_f = float(value), float(lo), float(hi)
    if not all(map(math.isfinite, (value_f, lo_f, hi_f))) or not bounds[0] <= lo_f <= value_f <= hi_f <= bounds[1]:
        span = "" if bounds == (-math.inf, math.inf) else f" and within [{bounds[0]:g}, {bounds[1]:g}]"
        raise UserError(f"{where}: {name} {value!r} with ci95 {list(ci95)!r} is impossible (needs finite "
                        f"low <= {name} <= high{span})")
    return value_f, lo_f, hi_f


def _rate(cell: dict, where: object) -> tuple[float, float, float]:
    """(rate, low, high) of a result with win_rate and a two-number ci95, all within [0, 1]."""
    return _interval(where, "win_rate", cell["win_rate"], cell["ci95"], (0.0, 1.0))


def _save(fig, out: Path) -> Path:
    tmp = out.with_name(out.stem + ".partial" + out.suffix)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)  # only now: a bad input leaves no new empty folder behind
        fig.savefig(tmp, dpi=150, bbox_inches="tight")
        tmp.replace(out)  # no half-written figure under the final name
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        if exc.errno is None or exc.filename is None or Path(exc.filename) != tmp:
            raise  # a folder of --out, named as the user gave it
        # the OS named the temporary file, which the user never gave (`x.partial.png: permission denied`): name --out
        raise type(exc)(exc.errno, exc.strerror, str(out)) from None
    finally:
        _pyplot().close(fig)  # pyplot keeps every figure open otherwise: a process drawing many would pile them up
    return out


def tournament_heatmap(result_json: Path, out: Path) -> Path:
    """Row agent's win rate against each column agent, annotated with the 95% interval."""
    _check_out(out)
    data = _read_json(result_json)
    if "matrix" not in data or "agents" not in data:
        raise UserError(f"{result_json} is not a `cardlab tournament --json` result (no matrix)")
    agents = data["agents"]
    if not isinstance(agents, list) or len(agents) < 2 or len(set(map(str, agents))) < len(agents):
        raise UserError(f"{result_json}: a tournament result needs a list of at least 2 distinct agents, "
                        f"got {agents!r}")
    with _reading(result_json, "`cardlab tournament --json` result"):
        cells = {(a, b): _rate(data["matrix"][a][b], f"{result_json}, matrix[{a!r}][{b!r}]")
                 for a in agents for b in agents if a != b}
    plt = _pyplot()
    n = len(agents)
    values = [[float("nan") if a == b else cells[a, b][0] for b in agents] for a in agents]
    fig, ax = plt.subplots(figsize=(1.6 * n + 2, 1.3 * n + 1.5))
    image = ax.imshow(values, cmap="RdBu", vmin=0, vmax=1)
    for i, a in enumerate(agents):
        for j, b in enumerate(agents):
            if a == b:
                continue
            rate, lo, hi = cells[a, b]
            ax.text(j, i, f"{rate:.0%}\n[{lo:.0%}, {hi:.0%}]", ha="center", va="center", fontsize=8,
                    color="white" if abs(rate - 0.5) > 0.3 else "black")
    ax.set_xticks(range(n), agents, rotation=30, ha="right")
    ax.set_yticks(range(n), agents)
    ax.set_xlabel("opponent")
    ax.set_title(f"Row agent's win rate ({data.get('games_per_pair', '?')} games per pair, "
                 f"{data.get('decks', data.get('game', ''))})", fontsize=9)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="win rate")
    return _save(fig, out)


def match_win_rates(results: Sequence[Path], out: Path, labels: Sequence[str] | None = None) -> Path:
    """Zero-sum arena results (`cardlab arena --json`, or quickstart's): agent A's win rate with its 95% interval,
    one bar per match, with a line at par (50%; 1/N for a match of N agents, 3-4 player Dominion)."""
    _check_out(out)
    rows = []
    for i, path in enumerate(results):
        data = _read_json(Path(path))
        if "matrix" in data:  # its `matches` list has no fixed agent A: the rows would be labelled wrongly
            raise UserError(f"{path} is a `cardlab tournament --json` result: draw it with `cardlab plot tournament`")
        label = labels[i] if labels and i < len(labels) else None
        # `cardlab quickstart --json` holds one arena result per opponent: the file's label names each of them
        with _reading(path, "`cardlab arena --json` result"):
            several = isinstance(data.get("matches"), list)
            for m, match in enumerate(data["matches"] if several else [data]):
                if not all(k in match for k in ("win_rate", "ci95", "agents")):
                    raise UserError(f"{path} is not a zero-sum `cardlab arena --json` result (no win_rate)")
                rate, lo, hi = _rate(match, f"{path}, matches[{m}]" if several else path)
                roles = [match["agents"][r] for r in sorted(match["agents"])]  # A, B, C...: every seat's agent
                name = " vs ".join(roles)
                if label is not None:
                    name = f"{label}, vs {' vs '.join(roles[1:])}" if several else label
                rows.append((name, rate, (lo, hi), match.get("games", "?"), 1 / max(2, len(roles))))
    return _rate_bars(rows, out, "win rate of the first-named agent (95% Wilson interval)")


def _rate_bars(rows: Sequence[tuple], out: Path, xlabel: str) -> Path:
    """Horizontal bars (label, rate, (low, high), games[, par]) with the figures printed beside them and a line at
    par (50% unless a row says otherwise: a match of N agents is level at 1/N)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 0.45 * len(rows) + 1.2))
    ys = list(range(len(rows)))[::-1]
    rates = [r[1] for r in rows]
    errors = [[r[1] - r[2][0] for r in rows], [r[2][1] - r[1] for r in rows]]
    ax.barh(ys, rates, xerr=errors, color="#4c72b0", alpha=0.8, capsize=3)
    for y, (name, rate, (lo, hi), games, *_) in zip(ys, rows):
        ax.text(1.02, y, f"{rate:.1%} [{lo:.1%}, {hi:.1%}], {games} games", va="center", fontsize=7)
    ax.set_yticks(ys, [r[0] for r in rows], fontsize=8)
    pars = [r[4] if len(r) > 4 else 0.5 for r in rows]
    if len(set(pars)) == 1:
        ax.axvline(pars[0], color="grey", linewidth=0.8, linestyle="--")
    else:  # each bar's own level
        for y, par in zip(ys, pars):
            ax.plot([par, par], [y - 0.45, y + 0.45], color="grey", linewidth=0.8, linestyle="--")
    ax.set_xlim(0, 1.5)  # the right third holds the figures
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0])
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, out)


def table_win_rates(table_csv: Path, out: Path) -> Path:
    """Win rates from a CSV of `label,wins,games` rows (a results table whose runs kept no arena JSON, such as
    an ablation of models that are not shipped): one bar per row with its 95% Wilson interval."""
    from cardlab.arena.stats import wilson_interval

    _check_out(out)
    table_csv = Path(table_csv)
    _need_file(table_csv, "a CSV file")
    with _reading(table_csv, "CSV file"):
        header, lines, _ = _read_csv(table_csv)
    if not {"label", "wins", "games"} <= set(header):
        raise UserError(f"{table_csv} is not a win-rate table (needs columns label, wins, games)")
    if not lines:
        raise UserError(f"{table_csv} has no rows to plot (only its header)")
    rows = []
    for n, line in enumerate(lines, start=2):
        wins, games = _table_counts(line, f"{table_csv}, line {n}")
        rows.append((line["label"], wins / games, wilson_interval(wins, games), games))
    return _rate_bars(rows, out, "win rate (95% Wilson interval)")


def _table_counts(line: dict, where: str) -> tuple[float, int]:
    """(wins, games) of one table row: wins a number (a draw may count half), games a whole number, which a
    spreadsheet may have written as 10.0."""
    wins_text, games_text = line.get("wins"), line.get("games")
    if wins_text in (None, "") or games_text in (None, ""):
        raise UserError(f"{where}: wins and games must be numbers (a cell is missing)")
    try:
        wins = float(wins_text)
    except ValueError:
        raise UserError(f"{where}: wins must be a number, got {_clip(wins_text)}") from None
    try:
        games = int(games_text)
    except ValueError:
        try:
            as_float = float(games_text)
        except ValueError:
            as_float = math.nan
        if not as_float.is_integer():
            raise UserError(f"{where}: games must be a whole number, got {_clip(games_text)}") from None
        games = int(as_float)
    if not 0 < games <= MAX_TABLE_GAMES:
        raise UserError(f"{where}: games must be a whole number from 1 to {MAX_TABLE_GAMES:.0e}, "
                        f"got {_clip(games_text)}")
    if not math.isfinite(wins) or not 0 <= wins <= games:
        raise UserError(f"{where}: needs 0 <= wins <= games and games > 0 (wins {_clip(wins_text)}, "
                        f"games {_clip(games_text)})")
    return wins, games


def _read_log(path: Path) -> tuple[str, dict[str, list[float]]]:
    """An evolution log: a run folder (its log.csv) or the CSV itself; columns generation, best and mean fitness.

    evolve appends one row per generation to the log of a live run, so the last line may be cut off mid-write:
    a last row that lacks values and has no line break yet is ignored (it is being written). Any other row
    missing a value is refused with its line number: the file is damaged, and dropping the empty cells column
    by column would pair each fitness with the wrong generation."""
    csv_path = path / "log.csv" if path.is_dir() else path
    if not csv_path.is_file():
        raise UserError(f"{csv_path} is a directory, not an evolution log" if csv_path.exists()
                        else f"{csv_path}: no such file (give an evolve --out folder or its log.csv)")
    with _reading(csv_path, "evolution log"):
        header, rows, ends_with_break = _read_csv(csv_path)
        needed = {"generation", "best_fitness"}
        if not needed <= set(header):
            raise UserError(f"{csv_path} is not an evolution log (needs columns {', '.join(sorted(needed))})")
        keys = [k for k in ("generation", "best_fitness", "mean_fitness") if k in header]

        def missing(row: dict) -> list[str]:
            return [k for k in keys if row.get(k) in (None, "")]

        if rows and not ends_with_break and (None in rows[-1].values() or missing(rows[-1])):
            rows = rows[:-1]  # a row cut off while a live run writes it
        if not rows:
            raise UserError(f"{csv_path} has no generations yet (only its header)")
        for n, row in enumerate(rows, start=2):
            empty = missing(row)
            if empty:
                raise UserError(f"{csv_path}, line {n}: no value for {', '.join(empty)}")
        columns = {k: [float(r[k]) for r in rows] for k in keys}
    # resolved: `plot evolution .` or `plot evolution log.csv` inside the run folder still names the run
    where = path.resolve()
    return (where.name if path.is_dir() else where.parent.name), columns


def evolution_curves(runs: Sequence[Path], out: Path, ylabel: str = "fitness") -> Path:
    """Best and mean fitness per generation of one or more evolution runs."""
    _check_out(out)
    logs = [_read_log(Path(r)) for r in runs]
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for (name, cols), colour in zip(logs, plt.rcParams["axes.prop_cycle"].by_key()["color"] * 10):
        gen = cols["generation"]
        marker = "o" if len(gen) == 1 else None  # a one-generation run is one point: a bare line would not show
        ax.plot(gen, cols["best_fitness"], color=colour, marker=marker, label=f"{name}: generation's best")
        if "mean_fitness" in cols:
            ax.plot(gen, cols["mean_fitness"], color=colour, alpha=0.5, linestyle="--", marker=marker,
                    label=f"{name}: mean")
    ax.set_xlabel("generation")
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    if len(logs) > 3:  # many runs: the legend goes beside the axes so it hides no curve
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    else:
        ax.legend(fontsize=8)
    return _save(fig, out)


def score_distributions(results: Sequence[Path], out: Path) -> Path:
    """Cooperative arena results (`cardlab arena --json`): share of games per final score, one line per file."""
    _check_out(out)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for path in results:
        data = _read_json(Path(path))
        if "score_distribution" not in data:
            raise UserError(f"{path} is not a cooperative `cardlab arena --json` result (no score_distribution)")
        with _reading(path, "cooperative `cardlab arena --json` result"):
            dist = _score_counts(data, path)
            games = sum(dist.values())
            if games <= 0:
                raise UserError(f"{path}: the score distribution needs scores >= 0 and at least one game")
            scores = list(range(0, max(dist) + 1))
            label = (f"{'/'.join(sorted(set(map(str, data['agents'].values()))))} {data['game']}: "
                     f"mean {float(data['mean_score']):.2f}")
        ax.plot(scores, [dist.get(s, 0) / games for s in scores], marker="o", markersize=3, label=label)
    ax.set_xlabel("final score")
    ax.set_ylabel("share of games")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return _save(fig, out)


def _score_counts(data: dict, path: Path) -> dict[int, float]:
    """{score: games} of a score_distribution. The axis has one point per score from 0 to the highest, so each
    score must be a whole number from 0 to the game's maximum (the file's max_score, else MAX_SCORE_AXIS):
    a score of 10^8 would build a line of 10^8 points and never finish."""
    top = data.get("max_score")
    limit = MAX_SCORE_AXIS
    if isinstance(top, (int, float)) and not isinstance(top, bool) and math.isfinite(top) and top >= 0:
        limit = min(limit, int(top))
    dist: dict[int, float] = {}
    for key, count in data["score_distribution"].items():
        if not (key.isascii() and key.isdigit()) or int(key) > limit:
            raise UserError(f"{path}: score {_clip(key)} is not a whole number from 0 to {limit} "
                            f"({'the max_score' if limit != MAX_SCORE_AXIS else 'the most this plot draws'})")
        games = float(count)
        if not math.isfinite(games) or games < 0:
            raise UserError(f"{path}: score {key} has {_clip(count)} games (needs a count >= 0)")
        dist[int(key)] = games
    return dist


def mean_scores(results: Sequence[Path], out: Path, labels: Sequence[str] | None = None) -> Path:
    """Cooperative arena results: mean score with its 95% interval against the player count, one line per agent.
    Files with the same label (default: the agent spec) join one line."""
    _check_out(out)
    lines: dict[str, list[tuple[int, float, float, float]]] = {}
    for i, path in enumerate(results):
        data = _read_json(Path(path))
        if "mean_score" not in data or "ci95" not in data:
            raise UserError(f"{path} is not a cooperative `cardlab arena --json` result (no mean_score)")
        with _reading(path, "cooperative `cardlab arena --json` result"):
            players = len(data["agents"])
            label = labels[i] if labels and i < len(labels) else "/".join(sorted(set(map(str, data["agents"].values()))))
            mean, lo, hi = _interval(path, "mean_score", data["mean_score"], data["ci95"], (-math.inf, math.inf))
            lines.setdefault(label, []).append((players, mean, lo, hi))
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for label, points in lines.items():
        points.sort()
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        errors = [[p[1] - p[2] for p in points], [p[3] - p[1] for p in points]]
        ax.errorbar(xs, ys, yerr=errors, marker="o", markersize=4, capsize=3, label=label)
    ax.set_xticks(sorted({p[0] for pts in lines.values() for p in pts}))
    ax.set_xlabel("players")
    ax.set_ylabel("mean score (95% interval)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return _save(fig, out)


def training_curves(log_dir: Path, out: Path, tags: Sequence[str] | None = None) -> Path:
    """Scalars of a run's TensorBoard logs (loss, sign accuracy, DQN returns...), one panel per tag.

    Each folder holding event files is one run (a resumed run appends a new event file to the same folder); a
    folder above several runs gives one line per run, labelled by its folder relative to `log_dir`, rather than
    joining their steps into one line."""
    _check_out(out)
    log_dir = Path(log_dir)
    if not log_dir.exists():
        raise UserError(f"{log_dir} does not exist (give a training --out folder)")
    if not log_dir.is_dir():
        raise UserError(f"{log_dir} is a file, not a folder (give a training --out folder)")
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    files = sorted(log_dir.rglob("events.out.tfevents.*"))
    if not files:
        raise UserError(f"{log_dir}: no TensorBoard event files under it (give a training --out folder)")
    runs: dict[Path, dict[str, list[tuple[int, float]]]] = {}
    for f in files:
        acc = EventAccumulator(str(f), size_guidance={"scalars": 0})
        acc.Reload()
        series = runs.setdefault(f.parent, {})
        for tag in acc.Tags()["scalars"]:
            series.setdefault(tag, []).extend((e.step, e.value) for e in acc.Scalars(tag))
    logged = {t for series in runs.values() for t in series}
    wanted = list(tags) if tags else sorted(t for t in logged if t not in ("epoch", "hp_metric"))
    missing = [t for t in wanted if t not in logged]
    if missing:
        raise UserError(f"{log_dir}: no scalar(s) {', '.join(missing)} (logged: {', '.join(sorted(logged))})")
    if not wanted:
        raise UserError(f"{log_dir}: the logs hold no scalars")
    names = {run: (run.relative_to(log_dir).as_posix() if run != log_dir else log_dir.resolve().name)
             for run in runs}
    plt = _pyplot()
    cols = min(3, len(wanted))
    rows = -(-len(wanted) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.5 * cols, 3.2 * rows), squeeze=False)
    colours = dict(zip(runs, plt.rcParams["axes.prop_cycle"].by_key()["color"] * (len(runs) // 10 + 1)))
    legend: dict[str, object] = {}
    for ax, tag in zip(axes.flat, wanted):
        drawn = [(run, sorted(series[tag])) for run, series in runs.items() if tag in series]
        for run, points in drawn:
            # A scalar logged once (test_loss) is a single point: a marker keeps it visible.
            (line,) = ax.plot([s for s, _ in points], [v for _, v in points], linewidth=1, color=colours[run],
                              marker="o" if len(points) == 1 else None, label=names[run])
            legend.setdefault(names[run], line)
        single = len(drawn) == 1 and len(drawn[0][1]) == 1
        ax.set_title(f"{tag} = {drawn[0][1][0][1]:.4g}" if single else tag, fontsize=9)
        ax.set_xlabel("step", fontsize=8)
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(wanted):]:
        ax.axis("off")
    fig.tight_layout()
    if len(runs) > 1:  # one legend for all panels, beside them (the saved figure's bounding box takes it in)
        fig.legend(list(legend.values()), list(legend), fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _save(fig, out)


def loop_generations(loop_dir: Path, out: Path) -> Path:
    """A `cardlab loop` run: the promoted agent against each anchor per generation (95% intervals), and each gate's
    candidate result with its verdict (filled green: promoted; red cross: kept the incumbent)."""
    _check_out(out)
    from cardlab.train.loop import read_loop

    data = read_loop(Path(loop_dir))
    with _reading(Path(loop_dir) / "loop.json", "`cardlab loop` file"):
        fig = _loop_figure(data, loop_dir)
    return _save(fig, out)


def _loop_figure(data: dict, loop_dir: Path):
    from cardlab.engine.core import COOPERATIVE
    from cardlab.engine.registry import make_game

    gens = data["generation_list"]
    game = make_game(data["settings"]["game"])
    cooperative, seats = game.kind == COOPERATIVE, game.num_players
    key = "mean_score" if cooperative else "win_rate"
    anchors = list(data["settings"].get("anchors") or [])
    gated = [g for g in gens if g.get("gate") is not None and "decision" in g["steps"]]
    if not any(g.get("anchors") for g in gens) and not gated:
        raise UserError(f"{loop_dir}: no generation has finished its gate or anchors yet")
    plt = _pyplot()
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7.5, 7), sharex=True)
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"] * 4
    for i, anchor in enumerate(anchors):
        points = [(g["generation"], g["anchors"][anchor]) for g in gens if anchor in (g.get("anchors") or {})]
        if not points:
            continue
        xs = [x + (i - (len(anchors) - 1) / 2) * 0.06 for x, _ in points]  # side by side, intervals readable
        ys = [f[key] for _, f in points]
        err = [[f[key] - f["ci95"][0] for _, f in points], [f["ci95"][1] - f[key] for _, f in points]]
        top.errorbar(xs, ys, yerr=err, marker="o", markersize=4, capsize=3, color=colours[i],
                     label=("with " if cooperative else "vs ") + anchor)
    if not cooperative:
        top.axhline(1 / seats, color="grey", linewidth=0.8, linestyle="--")
        top.set_ylim(-0.02, 1.02)
    top.set_ylabel("mean team score" if cooperative else "win rate")
    top.set_title(f"{data['settings'].get('game', '')}: the promoted agent "
                  + ("in a team with each anchor (95% t interval)" if cooperative
                     else "against each anchor (95% Wilson interval)")
                  + f", {data['settings'].get('anchor_games', '?')} games each", fontsize=9)
    top.grid(alpha=0.3)
    if anchors:
        top.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    paired = cooperative and all("gain" in g for g in gated)  # the loop's paired rule: plot what it decided on
    for g in gated:
        gate, promoted = g["gate"], bool(g.get("promoted"))
        value, (lo, hi) = (g["gain"], g["gain_ci95"]) if paired else (gate[key], gate["ci95"])
        bottom.errorbar([g["generation"]], [value], yerr=[[value - lo], [hi - value]], capsize=3,
                        color="#2a9d4b" if promoted else "#c0392b", marker="o" if promoted else "x", markersize=7,
                        linestyle="none")
        if cooperative and not paired:
            bottom.plot([g["generation"] - 0.2, g["generation"] + 0.2], [gate["incumbent_mean_score"]] * 2,
                        color="grey", linewidth=2)
        bottom.annotate("promoted" if promoted else "kept", (g["generation"], hi), textcoords="offset points",
                        xytext=(0, 4), ha="center", fontsize=7)
    if not cooperative or paired:
        bottom.axhline(0 if paired else 1 / seats, color="grey", linewidth=0.8, linestyle="--")
    if not cooperative:
        bottom.set_ylim(-0.02, 1.1)
    bottom.set_ylabel("gain per deal" if paired else "mean team score" if cooperative else "win rate")
    what = ("the candidate team's score minus the incumbent team's, deal by deal (95% t interval)" if paired
            else "the candidate's team (grey: the incumbent's mean)" if cooperative
            else "the candidate against the promoted agent")
    bottom.set_title(f"gate, {data['settings'].get('gate_games', '?')} games: {what}", fontsize=9)
    bottom.set_xlabel("generation")
    # each tick names the agent the anchors met: the generation promoted at that point
    bottom.set_xticks([g["generation"] for g in gens],
                      [f"{g['generation']}\n(agent: gen {g.get('promoted_generation', '?')})" for g in gens], fontsize=8)
    bottom.grid(alpha=0.3)
    fig.tight_layout()
    return fig
