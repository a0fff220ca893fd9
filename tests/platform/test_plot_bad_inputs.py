"""`cardlab plot` on files with the right keys but wrong contents: one error naming the file, no figure."""

from __future__ import annotations

import json

import pytest

from cardlab.cli import main

CELL = {"win_rate": 0.5, "ci95": [0.4, 0.6]}


@pytest.mark.parametrize("what, name, content", [
    ("tournament", "t.json", {"agents": ["a", "b"], "matrix": {"a": {"b": None}, "b": {"a": CELL}}}),
    ("tournament", "t.json", {"agents": [], "matrix": {}}),
    ("matches", "m.json", {"win_rate": "x", "ci95": [0.1, 0.2], "agents": {"A": "a", "B": "b"}}),
    ("matches", "m.json", {"win_rate": 0.5, "ci95": None, "agents": {"A": "a", "B": "b"}}),
    ("means", "h.json", {"mean_score": None, "ci95": [1, 2], "agents": {"A": "age"}}),
    ("scores", "h.json", {"score_distribution": {"3": 2}, "mean_score": None, "agents": {"A": "age"}, "game": "g"}),
    ("table", "t.csv", b"\xff\xfe\x00binary"),
    ("evolution", "log.csv", "generation,best_fitness\n0,abc\n"),
])
def test_wrong_contents_name_the_file(tmp_path, capsys, what, name, content):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    assert main(["plot", what, str(path), "--out", str(tmp_path / "p.png")]) == 2
    err = capsys.readouterr().err
    assert name in err and "Traceback" not in err
    assert not (tmp_path / "p.png").exists()


@pytest.mark.parametrize("what", ["matches", "means"])
def test_labels_must_match_the_files_one_to_one(tmp_path, capsys, what):
    files = []
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text("{}")
        files.append(str(tmp_path / name))
    assert main(["plot", what, *files, "--labels", "only-one", "--out", str(tmp_path / "p.png")]) == 2
    assert "one label per file (2 files, 1 labels)" in capsys.readouterr().err
    assert not (tmp_path / "p.png").exists()


ARENA = {"game": "hearthstone:deck=liege", "kind": "zero_sum", "agents": {"A": "trading", "B": "random"}, "games": 4}
COOP = {"game": "hanabi:players=2", "kind": "cooperative", "agents": {"A": "age", "B": "age"}, "games": 5,
        "mean_score": 20.0, "ci95": [19.0, 21.0], "score_distribution": {"19": 1, "20": 3, "21": 1}}


def _plot_error(tmp_path, capsys, what: str, name: str, text: str) -> str:
    """Exit code 2 and no figure for `plot WHAT FILE` with FILE holding `text`; returns stderr."""
    path = tmp_path / name
    path.write_text(text)
    assert main(["plot", what, str(path), "--out", str(tmp_path / "p.png")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardlab plot: error: ") and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "p.png").exists()
    return err


@pytest.mark.parametrize("what, text, shown", [
    pytest.param("matches", json.dumps(dict(ARENA, win_rate=1.0, ci95=[0.9, 0.2])), "[0.9, 0.2]", id="reversed"),
    pytest.param("matches", json.dumps(dict(ARENA, win_rate=1.5, ci95=[0.5, 1.0])), "1.5", id="above-1"),
    pytest.param("matches", json.dumps(dict(ARENA, ci95=[0.5, 1.0])).replace("{", '{"win_rate": 1e309, ', 1), "inf",
                 id="infinite"),  # 1e309 parses as infinity
    pytest.param("means", json.dumps(dict(COOP, ci95=[25, 10])), "[25, 10]", id="means-reversed"),
])
def test_an_impossible_interval_is_one_error_naming_the_file_and_value(tmp_path, capsys, what, text, shown):
    err = _plot_error(tmp_path, capsys, what, "r.json", text)
    assert "r.json" in err and shown in err


def test_an_evolution_row_missing_a_value_is_refused_with_its_line(tmp_path, capsys):
    err = _plot_error(tmp_path, capsys, "evolution", "log.csv", "generation,best_fitness,mean_fitness\n0,5,3\n1,,4\n")
    assert "log.csv, line 3: no value for best_fitness" in err


@pytest.mark.parametrize("games, message", [
    pytest.param(str(10**400), "games must be a whole number from 1 to", id="huge"),  # float(games) overflowed
    pytest.param("10.5", "games must be a whole number, got '10.5'", id="fraction"),
    pytest.param("inf", "games must be a whole number, got 'inf'", id="inf"),
])
def test_table_games_out_of_range_is_one_error(tmp_path, capsys, games, message):
    err = _plot_error(tmp_path, capsys, "table", "t.csv", f"label,wins,games\nA,1,{games}\n")
    assert "t.csv, line 2: " + message in err and len(err) < 300  # the huge value is cut short


@pytest.mark.parametrize("extra, score, message", [
    ({"max_score": 25}, "100000000", "from 0 to 25 (the max_score)"),  # drew a line of 10^8 points: hung
    ({"max_score": 25}, "26", "from 0 to 25"),
    ({}, "100000000", "from 0 to 10000"),  # no max_score in the file: the plot's own bound
    ({}, "20.5", "'20.5' is not a whole number"),
    ({}, "-1", "'-1' is not a whole number"),
])
def test_a_score_outside_the_game_is_refused_at_once(tmp_path, capsys, extra, score, message):
    text = json.dumps(dict(COOP, score_distribution={"3": 1, score: 1}, **extra))
    err = _plot_error(tmp_path, capsys, "scores", "h.json", text)
    assert "h.json: score" in err and message in err


def test_a_tournament_file_given_to_matches_points_to_plot_tournament(tmp_path, capsys):
    match = dict(ARENA, win_rate=0.5, ci95=[0.2, 0.8])
    tour = {"agents": ["trading", "random"], "matrix": {"trading": {"random": CELL}, "random": {"trading": CELL}},
            "matches": [match]}
    err = _plot_error(tmp_path, capsys, "matches", "tour.json", json.dumps(tour))
    assert "tour.json is a `cardlab tournament --json` result" in err and "cardlab plot tournament" in err


@pytest.mark.parametrize("what, text, message", [
    pytest.param("tournament", json.dumps({"agents": ["a", "a"], "matrix": {"a": {"a": CELL}}}),
                 "at least 2 distinct agents", id="same-agent-twice"),  # drew an empty heatmap
    pytest.param("tournament", "5", "not a JSON file written by cardlab", id="number"),  # `"matrix" in 5`: TypeError
    pytest.param("evolution", "", "e.csv is empty (not even a header line)", id="empty-log"),  # "closed file"
    pytest.param("table", "", "e.csv is empty (not even a header line)", id="empty-table"),
])
def test_messages_say_what_is_wrong(tmp_path, capsys, what, text, message):
    name = "e.csv" if what in ("evolution", "table") else "t.json"
    assert message in _plot_error(tmp_path, capsys, what, name, text)


@pytest.mark.parametrize("what, name, message", [
    ("table", "adir", "adir is a directory, not a CSV file"),  # said "no such file"
    ("training", "missing", "missing does not exist"),  # said "no TensorBoard event files under it"
])
def test_a_missing_or_wrong_kind_of_path_is_named_as_such(tmp_path, capsys, what, name, message):
    (tmp_path / "adir").mkdir()
    assert main(["plot", what, str(tmp_path / name), "--out", str(tmp_path / "p.png")]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_bad_input_leaves_no_new_output_folder(tmp_path, capsys):
    (tmp_path / "t.csv").write_text("label,wins,games\nx,30,20\n")
    out = tmp_path / "new" / "figs" / "p.png"
    assert main(["plot", "table", str(tmp_path / "t.csv"), "--out", str(out)]) == 2
    assert "line 2" in capsys.readouterr().err
    assert not (tmp_path / "new").exists()


@pytest.mark.parametrize("error", [PermissionError(13, "Permission denied"), OSError(28, "No space left on device")])
def test_an_unwritable_out_is_named_as_given_not_as_the_temporary_file(tmp_path, capsys, monkeypatch, error):
    """The figure is written under a temporary name first: a refusal named `p.partial.png`, a file the user never
    gave (`--out /sys/x.png` said `/sys/x.partial.png: permission denied`)."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    def refuse(self, fname, *args, **kwargs):
        error.filename = str(fname)  # the OS names the file it was asked to open
        raise error

    monkeypatch.setattr(Figure, "savefig", refuse)
    (tmp_path / "t.csv").write_text("label,wins,games\nx,3,5\n")
    out = tmp_path / "p.png"
    assert main(["plot", "table", str(tmp_path / "t.csv"), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"cardlab plot: error: {out}: {error.strerror.lower()}\n"
    assert not list(tmp_path.glob("*.png"))
