"""`cardlab plot`: each figure is written as a real PNG or SVG from cardlab's own outputs; bad input is one error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlab.cli import main

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


def test_tournament_heatmap_png_and_svg(tmp_path):
    src = ROOT / "docs/results/baselines_liege.json"
    assert main(["plot", "tournament", str(src), "--out", str(tmp_path / "t.png")]) == 0
    assert (tmp_path / "t.png").read_bytes().startswith(PNG)
    assert main(["plot", "tournament", str(src), "--out", str(tmp_path / "t.svg")]) == 0
    svg = (tmp_path / "t.svg").read_text()
    assert "<svg" in svg and "greedy" in svg  # agent names are on the axes


def test_evolution_curves_and_score_distributions(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    (run / "log.csv").write_text("generation,best_fitness,mean_fitness\n0,10,5\n1,12,7\n2,13,9\n")
    assert main(["plot", "evolution", str(run), "--out", str(tmp_path / "e.png")]) == 0
    assert (tmp_path / "e.png").read_bytes().startswith(PNG)
    assert main(["plot", "scores", str(ROOT / "docs/results/hanabi_age_4p.json"), "--out", str(tmp_path / "s.svg")]) == 0
    assert "<svg" in (tmp_path / "s.svg").read_text()


def test_match_win_rates_from_arena_and_quickstart_results(tmp_path):
    results = [ROOT / "docs/results/dqn_q8-shaped_vs_trading_liege.json", ROOT / "docs/results/net_full_vs_trading_liege_tt.json"]
    out = tmp_path / "m.svg"
    assert main(["plot", "matches", *map(str, results), "--labels", "q8", "net", "--out", str(out)]) == 0
    svg = out.read_text()
    assert "<svg" in svg and "q8" in svg and "88.4%" in svg  # labels and each win rate with its interval are drawn


def test_a_label_names_every_match_of_its_file(tmp_path):
    import json

    one = json.loads((ROOT / "docs/results/dqn_q8-shaped_vs_trading_liege.json").read_text())
    two = {"matches": [dict(one, agents={"A": "net", "B": "trading"}), dict(one, agents={"A": "net", "B": "greedy"})]}
    (tmp_path / "qs.json").write_text(json.dumps(two))
    out = tmp_path / "m.svg"
    files = [str(tmp_path / "qs.json"), str(ROOT / "docs/results/dqn_q8-shaped_vs_trading_liege.json")]
    assert main(["plot", "matches", *files, "--labels", "quickstart", "q8", "--out", str(out)]) == 0
    svg = out.read_text()
    assert "quickstart, vs trading" in svg and "quickstart, vs greedy" in svg and "q8" in svg


def test_training_curves_from_tensorboard_logs(tmp_path):
    from torch.utils.tensorboard import SummaryWriter

    with SummaryWriter(str(tmp_path / "run" / "tb" / "version_0")) as w:
        for step in range(5):
            w.add_scalar("val_loss", 1.0 / (step + 1), step)
            w.add_scalar("val_sign_acc", 0.5 + step / 20, step)
    assert main(["plot", "training", str(tmp_path / "run"), "--out", str(tmp_path / "c.png")]) == 0
    assert (tmp_path / "c.png").read_bytes().startswith(PNG)


@pytest.mark.parametrize("argv, message", [
    (["plot", "tournament", "{root}/docs/results/hanabi_age_4p.json", "--out", "{tmp}/x.png"], "not a `cardlab tournament"),
    (["plot", "tournament", "{root}/docs/results/baselines_liege.json", "--out", "{tmp}/x.jpg"], "extension"),
    (["plot", "evolution", "{tmp}", "--out", "{tmp}/x.png"], "log.csv: no such file"),
    (["plot", "scores", "{root}/README.md", "--out", "{tmp}/x.png"], "not a JSON file"),
    (["plot", "matches", "{root}/docs/results/hanabi_age_4p.json", "--out", "{tmp}/x.png"], "not a zero-sum"),
    (["plot", "training", "{tmp}", "--out", "{tmp}/x.png"], "no TensorBoard event files"),
])
def test_bad_input_is_one_clear_error_and_writes_nothing(tmp_path, capsys, argv, message):
    argv = [a.format(root=ROOT, tmp=tmp_path) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not list(tmp_path.glob("x.*"))


def test_table_win_rates_from_csv(tmp_path):
    table = tmp_path / "t.csv"
    table.write_text("label,wins,games\nbaseline,25,200\nour change,120,200\n")
    out = tmp_path / "t.svg"
    assert main(["plot", "table", str(table), "--out", str(out)]) == 0
    svg = out.read_text()
    assert "our change" in svg and "60.0%" in svg and "12.5%" in svg  # each row's rate is drawn with its interval


def test_table_with_impossible_counts_is_one_error(tmp_path, capsys):
    table = tmp_path / "t.csv"
    table.write_text("label,wins,games\nx,30,20\n")
    assert main(["plot", "table", str(table), "--out", str(tmp_path / "t.png")]) == 2
    assert "line 2" in capsys.readouterr().err and not (tmp_path / "t.png").exists()


@pytest.mark.parametrize("kind, name, text, message", [
    ("table", "t.csv", "label,wins,games\n", "has no rows to plot (only its header)"),
    ("table", "t.csv", "a,b\n1,2\n", "is not a win-rate table (needs columns label, wins, games)"),
    ("evolution", "log.csv", "generation,best_fitness,mean_fitness\n", "has no generations yet (only its header)"),
])
def test_a_csv_with_only_its_header_is_called_empty_not_wrong(kind, name, text, message, tmp_path, capsys):
    path = tmp_path / name
    path.write_text(text)
    assert main(["plot", kind, str(path), "--out", str(tmp_path / "p.png")]) == 2
    assert message in capsys.readouterr().err and not (tmp_path / "p.png").exists()


def test_mean_scores_join_files_of_one_label_into_one_line(tmp_path):
    files = [ROOT / f"docs/results/hanabi/{a}_{n}p.json" for a in ("counting", "hat") for n in (2, 3)]
    out = tmp_path / "m.svg"
    assert main(["plot", "means", *map(str, files), "--labels", "counting", "counting", "hat", "hat",
                 "--out", str(out)]) == 0
    svg = out.read_text()
    # one legend entry per label, not one per file
    assert svg.count("<!-- counting -->") == 1 and svg.count("<!-- hat -->") == 1 and "<!-- players -->" in svg


@pytest.fixture
def figures(monkeypatch):
    """The matplotlib figures `cardlab plot` saves, to check what they draw."""
    from cardlab import plots

    saved = []
    real_save = plots._save

    def keep(fig, out):
        saved.append(fig)
        return real_save(fig, out)

    monkeypatch.setattr(plots, "_save", keep)
    return saved


def _lines(ax) -> dict[str, list]:
    return {line.get_label(): list(line.get_xdata()) for line in ax.get_lines()}


def test_a_live_evolution_log_ignores_its_unfinished_last_row(tmp_path, figures):
    # evolve appends a row per generation: a plot taken mid-write sees the last one cut off (no line break yet)
    (tmp_path / "log.csv").write_text("generation,best_fitness,mean_fitness\n0,10,5\n1,12,7\n2,")
    assert main(["plot", "evolution", str(tmp_path / "log.csv"), "--out", str(tmp_path / "e.png")]) == 0
    assert all(xs == [0, 1] for xs in _lines(figures[0].axes[0]).values())


def test_a_one_generation_run_is_drawn_with_markers(tmp_path, figures):
    (tmp_path / "log.csv").write_text("generation,best_fitness,mean_fitness\n0,10,5\n")
    assert main(["plot", "evolution", str(tmp_path / "log.csv"), "--out", str(tmp_path / "e.png")]) == 0
    lines = figures[0].axes[0].get_lines()
    assert len(lines) == 2 and all(line.get_marker() == "o" for line in lines)


@pytest.mark.parametrize("arg", [".", "log.csv"])
def test_evolution_legend_names_the_run_from_inside_its_folder(tmp_path, monkeypatch, figures, arg):
    run = tmp_path / "my-run"
    run.mkdir()
    (run / "log.csv").write_text("generation,best_fitness,mean_fitness\n0,10,5\n1,12,7\n")
    monkeypatch.chdir(run)
    assert main(["plot", "evolution", arg, "--out", str(tmp_path / "e.png")]) == 0
    assert set(_lines(figures[0].axes[0])) == {"my-run: generation's best", "my-run: mean"}


def _events(folder: Path, tag: str, steps: range) -> None:
    """A TensorBoard event file with one scalar, written without torch (fast)."""
    from tensorboard.compat.proto.event_pb2 import Event
    from tensorboard.compat.proto.summary_pb2 import Summary
    from tensorboard.summary.writer.event_file_writer import EventFileWriter

    writer = EventFileWriter(str(folder))
    for step in steps:
        value = Summary.Value(tag=tag, simple_value=1.0 / (step + 1))
        writer.add_event(Event(step=step, wall_time=0.0, summary=Summary(value=[value])))
    writer.close()


def test_training_curves_of_several_runs_are_one_line_per_run(tmp_path, figures):
    parent = tmp_path / "runs"
    _events(parent / "a" / "tb" / "version_0", "loss", range(0, 3))
    _events(parent / "a" / "tb" / "version_0", "loss", range(3, 5))  # a resumed run: its own folder, one line
    _events(parent / "b" / "tb" / "version_0", "loss", range(0, 3))
    assert main(["plot", "training", str(parent), "--out", str(tmp_path / "c.png")]) == 0
    assert _lines(figures[0].axes[0]) == {"a/tb/version_0": [0, 1, 2, 3, 4], "b/tb/version_0": [0, 1, 2]}
    assert [t.get_text() for t in figures[0].legends[0].get_texts()] == ["a/tb/version_0", "b/tb/version_0"]


def test_table_from_a_spreadsheet_csv(tmp_path):
    # Excel's "CSV UTF-8" starts with a byte-order mark, and a spreadsheet may write a count as 10.0
    table = tmp_path / "t.csv"
    table.write_bytes("label,wins,games\r\nbaseline,3,10.0\r\n".encode("utf-8-sig"))
    out = tmp_path / "t.svg"
    assert main(["plot", "table", str(table), "--out", str(out)]) == 0
    assert "baseline" in out.read_text() and "30.0%" in out.read_text()


def test_a_match_of_three_agents_names_them_all_and_is_level_at_a_third(tmp_path, figures):
    from cardlab import plots

    three = tmp_path / "three.json"
    three.write_text(json.dumps({"kind": "zero_sum", "agents": {"A": "bigmoney", "B": "smithy-bm", "C": "greedy"},
                                 "games": 30, "win_rate": 0.3, "ci95": [0.17, 0.48]}))
    two = ROOT / "docs/results/dominion/bigmoney_vs_bigmoney.json"
    plots.match_win_rates([three, two], tmp_path / "m.png")
    ax = figures[0].axes[0]
    assert {t.get_text() for t in ax.get_yticklabels()} == {"bigmoney vs smithy-bm vs greedy", "bigmoney vs bigmoney"}
    levels = sorted({round(x, 3) for line in ax.get_lines() if line.get_linestyle() == "--" for x in line.get_xdata()})
    assert levels == [0.333, 0.5]  # each bar's own par, not 50% for all
