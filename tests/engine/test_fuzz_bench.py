"""`cardlab bench fuzz` (issue 13, item 14): a few games, the counts, the replay of one game, a caught violation."""

from __future__ import annotations

import json

from cardlab.benchmarks import fuzz_bench
from cardlab.engine.hearthstone.decks import POOLS, builtin_names


def test_fuzz_command_plays_and_reports(capsys):
    from cardlab.cli import main

    assert main(["bench", "fuzz", "--games", "6", "--start", "100", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 6 and result["violations"] == 0 and result["first_violations"] == []
    assert result["actions"] > 6 * 10 and result["start"] == 100 and result["games_per_s"] > 0


def test_settings_cover_every_deck_pool_and_agent():
    specs, agents = set(), set()
    for index in range(400):
        spec, pair = fuzz_bench.setting(0, index)
        specs.add(spec)
        agents.update(pair)
    assert {f"hearthstone:pool={p}" for p in [*POOLS, fuzz_bench.RANDOM_POOL]} <= specs
    used = {d for s in specs if "decks=" in s for d in s.split("decks=")[1].split(",")}
    assert used == set(builtin_names())
    assert agents == set(fuzz_bench.AGENTS)
    assert fuzz_bench.setting(3, 17) == fuzz_bench.setting(3, 17)  # a game index names one game


def test_start_splits_a_run_into_the_same_games():
    whole = fuzz_bench.play_chunk(0, 0, 4)
    parts = [fuzz_bench.play_chunk(0, i, 1) for i in range(4)]
    assert whole["actions"] == sum(p["actions"] for p in parts)
    assert fuzz_bench.run(2, start=2)["actions"] == parts[2]["actions"] + parts[3]["actions"]


def test_a_violation_is_counted_with_a_replayable_message(monkeypatch):
    from cardlab.engine.hearthstone import invariants

    def broken(state):
        return ["planted violation"] if state.turn >= 3 else []

    monkeypatch.setattr(invariants, "violations", broken)
    result = fuzz_bench.run(3, start=7, seed=2)
    assert result["violations"] == 3
    first = result["first_violations"][0]
    assert first.startswith("game 7 (") and "planted violation" in first
    assert "cardlab bench fuzz --games 1 --start 7 --seed 2" in first


def test_fuzz_command_exits_1_on_a_violation(monkeypatch, capsys):
    from cardlab.cli import main
    from cardlab.engine.hearthstone import invariants

    monkeypatch.setattr(invariants, "violations", lambda state: ["planted"] if state.turn >= 2 else [])
    assert main(["bench", "fuzz", "--games", "2"]) == 1
    captured = capsys.readouterr()
    assert "violations: 2" in captured.out and "planted" in captured.out
    assert "fuzz games: 2/2" in captured.err  # not a terminal: plain progress lines (every 30 s, and at the end)


def test_ctrl_c_reports_the_games_checked_and_where_to_go_on(capsys, monkeypatch):
    """After the first chunk the Ctrl-C flag is up: the figures cover the games played, in order, and the command
    says which --start continues the run (exit 130)."""
    from cardlab.cli import main
    from cardlab import runtime

    from tests.interrupting import CtrlCRequested

    monkeypatch.setattr(runtime, "StopOnInterrupt", CtrlCRequested)
    monkeypatch.setattr(fuzz_bench, "CHUNK", 2)
    assert main(["bench", "fuzz", "--games", "6", "--start", "10"]) == 130
    captured = capsys.readouterr()
    assert "interrupted: True" in captured.out
    assert "interrupted after 2 of 6 games" in captured.err and "--start 12 --games 4" in captured.err
