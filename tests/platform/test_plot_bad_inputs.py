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
