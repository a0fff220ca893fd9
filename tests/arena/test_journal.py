"""A match with --journal resumes after an interruption to the report of an uninterrupted match."""

from __future__ import annotations

import json
import time

import pytest

from cardlab.arena.match import run_match
from cardlab.runtime import UserError

from tests.interrupting import ctrl_c_when

KEYS = ("wins", "draws", "errors", "mean_turns", "win_rate", "ci95", "games")
SPECS = ("greedy", "random-action")


def _same(a: dict, b: dict) -> bool:
    return {k: a[k] for k in KEYS} == {k: b[k] for k in KEYS} and a["decision_ms"]["A"]["decisions"] == \
        b["decision_ms"]["A"]["decisions"]


@pytest.mark.parametrize("workers", [1, 2])
def test_resumed_match_reports_what_an_uninterrupted_one_does(tmp_path, workers):
    decks = "hearthstone:deck=liege"
    whole = run_match(SPECS, decks, 20, seed=3).to_json()
    journal = tmp_path / "m.jsonl"
    part = run_match(SPECS, decks, 7, seed=3, journal=journal, workers=workers)
    assert part.played == 7
    again = run_match(SPECS, decks, 20, seed=3, journal=journal, workers=workers)
    assert again.played == 13 and _same(again.to_json(), whole)
    assert len(journal.read_text().splitlines()) == 1 + 20
    assert run_match(SPECS, decks, 20, seed=3, journal=journal).played == 0  # all there: nothing replayed


def test_a_line_cut_by_a_kill_is_replayed_and_other_matches_are_refused(tmp_path):
    decks = "hearthstone:deck=liege"
    journal = tmp_path / "m.jsonl"
    run_match(SPECS, decks, 6, seed=3, journal=journal)
    text = journal.read_text()
    journal.write_text(text[: len(text) - 25])  # the last game's line is cut short
    report = run_match(SPECS, decks, 6, seed=3, journal=journal)
    assert report.played == 1 and _same(report.to_json(), run_match(SPECS, decks, 6, seed=3).to_json())
    with pytest.raises(UserError, match="another match.*seed"):
        run_match(SPECS, decks, 6, seed=4, journal=journal)
    journal.write_text(text.replace('"returns"', '"w"', 1))
    with pytest.raises(UserError, match="line 2"):
        run_match(SPECS, decks, 6, seed=3, journal=journal)
    other = tmp_path / "x.jsonl"
    other.write_text("hello\n")
    with pytest.raises(UserError, match="not an arena journal"):
        run_match(SPECS, decks, 6, seed=3, journal=other)
    with pytest.raises(UserError, match="cannot use as an arena journal"):
        run_match(SPECS, decks, 6, seed=3, journal=tmp_path)  # a folder
    with pytest.raises(UserError, match="x.jsonl is a file, not a folder"):
        run_match(SPECS, decks, 6, seed=3, journal=other / "j.jsonl")


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_games_and_says_how_to_go_on(tmp_path, workers):
    journal = tmp_path / "m.jsonl"
    pressed: list[float] = []

    def ready() -> bool:
        if journal.exists() and len(journal.read_text().splitlines()) > 3:
            pressed.append(time.monotonic())
            return True
        return False

    rc, out, err = ctrl_c_when(["arena", *SPECS, "--games", "100000", "--journal", str(journal), "--json",
                                "--workers", str(workers)], ready=ready, timeout=120)
    assert time.monotonic() - pressed[0] < 30  # worker processes stop too: the command ends within seconds
    assert rc == 130 and b"run the same command again" in err and b"Traceback" not in err
    assert out == b""  # no report presented for a match that did not finish
    games = [json.loads(line) for line in journal.read_text().splitlines()[1:]]
    assert len(games) >= 3 and len({g["index"] for g in games}) == len(games)


@pytest.mark.parametrize("old, new", [
    ('"index": 0', '"index": -1'),  # was counted as an extra game
    ('"returns": [', '"returns": [1.0, '),  # three returns in a two-agent match
    ('"returns": [', '"returns": ["a", '),  # a traceback
    ('"returns": [', '"returns": [NaN, '),  # neither a win, a draw nor an error
    ('"ms": {"A": [', '"ms": {"A": ["abc", '),  # a traceback when the timings were summed
    ('"returns": [', '"returns": [' + "9" * 400 + ", "),  # too large for a float: OverflowError
])
def test_a_damaged_game_record_is_one_error_naming_its_line(tmp_path, old, new):
    decks = "hearthstone:deck=liege"
    journal = tmp_path / "m.jsonl"
    run_match(SPECS, decks, 3, seed=3, journal=journal)
    lines = journal.read_text().splitlines(keepends=True)
    assert old in lines[1]
    lines[1] = lines[1].replace(old, new, 1)
    journal.write_text("".join(lines))
    with pytest.raises(UserError, match="line 2 is not a game record"):
        run_match(SPECS, decks, 3, seed=3, journal=journal)


def test_a_journal_is_refused_when_an_agents_file_changed_since(tmp_path):
    from cardlab.checkpoints import path_of

    genome = tmp_path / "g.yaml"
    genome.write_bytes(path_of("dominion/seasonal-ratios-ranks-margin.yaml").read_bytes())
    specs, journal = [f"extremal:genome={genome}", "bigmoney"], tmp_path / "m.jsonl"
    run_match(specs, "dominion", 4, seed=1, journal=journal)
    run_match(specs, "dominion", 6, seed=1, journal=journal)  # the same file: the journal goes on
    genome.write_bytes(path_of("dominion/ranks-random.yaml").read_bytes())  # same spec, another genome
    with pytest.raises(UserError, match="other files behind extremal:genome=.*g.yaml"):
        run_match(specs, "dominion", 8, seed=1, journal=journal)


def test_a_shorter_match_on_a_longer_journal_reports_only_its_own_games(tmp_path):
    """A journal holding 6 games reused for a 3-game match must report 3 games, not count the other 3 too."""
    decks = "hearthstone:deck=liege"
    journal = tmp_path / "m.jsonl"
    run_match(SPECS, decks, 6, seed=3, journal=journal)
    report = run_match(SPECS, decks, 3, seed=3, journal=journal)
    r = report.to_json()
    assert r["games"] == 3 and report.played == 0
    assert r["wins"]["A"] + r["wins"]["B"] + r["draws"] + r["errors"] == 3
    assert _same(r, run_match(SPECS, decks, 3, seed=3).to_json())
