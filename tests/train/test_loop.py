"""`cardlab loop`: tiny loops complete for Hearthstone and Hanabi, a loop stopped mid-datagen and mid-arena resumes
at the step it reached and ends with the files an uninterrupted run writes, bad options are one error line, and
`cardlab plot loop` draws the generations."""

from __future__ import annotations

import json
from pathlib import Path

import h5py
import numpy as np
import pytest
import torch

from cardlab.cli import main
from cardlab.runtime import UserError
from cardlab.train import loop as loop_module
from cardlab.train.loop import LoopSettings, decide, run_loop

PNG = b"\x89PNG\r\n\x1a\n"
TINY = dict(game="hearthstone:deck=liege", generations=2, games_per_gen=6, start_games=8, gate_games=4, anchor_games=2,
            anchors=("random", "trading"), start_agent="trading", max_nodes=30, window=2,
            train={"max_epochs": 2, "hidden": [16]}, seed=3)


def _always_promote(monkeypatch) -> None:
    """Four gate games cannot show a net's strength: promote every candidate, so generation 2's data is played by
    generation 1's search + net (the rule itself is tested on its own below)."""
    real = loop_module.decide

    def promote(game, gate, team=None, gains=None):
        return {**real(game, gate, team, gains), "promoted": True}

    monkeypatch.setattr(loop_module, "decide", promote)


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    _always_promote(mp)
    out = tmp_path_factory.mktemp("loop") / "run"
    try:
        data = run_loop(out, LoopSettings(**TINY))
    finally:
        mp.undo()
    return out, data


def test_a_tiny_hearthstone_loop_completes(uninterrupted):
    out, data = uninterrupted
    assert data["done"] and data["promoted"]["generation"] == 2
    for k in (1, 2):
        g = out / f"gen-{k}"
        for name in ("data.h5", "train/value.pt", "config.json", "gate.json", "decision.json",
                     "anchors/anchor-0.json", "anchors/anchor-1.json"):
            assert (g / name).is_file(), f"gen-{k}/{name}"
        assert data["generations"][str(k)]["steps"] == ["data", "train", "gate", "decision", "anchors"]
    # generation 2 plays its data with generation 1's net (promoted) and trains on both generations' data (window 2)
    with h5py.File(out / "gen-2" / "data.h5") as f:
        agents = json.loads(f.attrs["agents"])
    assert agents == [f"search:ckpt={(out / 'gen-1/train/value.pt').resolve()},max_nodes=30"] * 2
    with h5py.File(out / "gen-2" / "train-data.h5") as f:
        assert int(f.attrs["games_completed"]) == 8 + 6  # the starting agent's generation plays --start-games
    config = json.loads((out / "gen-2" / "config.json").read_text())
    assert config["train"]["data_generations"] == [1, 2] and config["incumbent"]["generation"] == 1
    gate = json.loads((out / "gen-2" / "gate.json").read_text())
    assert gate["games"] == 4 and set(gate["agents"].values()) == {config["candidate"], config["incumbent"]["agent"]}


def _results(out: Path) -> dict:
    """What a run decided and measured, with the run's own folder and the timings taken out."""
    def clean(value):
        text = json.dumps(value).replace(str(out.resolve()), "OUT")
        value = json.loads(text)
        if isinstance(value, dict):
            for key in ("decision_ms", "games_per_sec", "seconds", "summary", "error_logs"):
                value.pop(key, None)
            return {k: clean(v) for k, v in value.items()}
        return value

    results = {"loop": clean(json.loads((out / "loop.json").read_text())["generations"])}
    for path in sorted(out.rglob("*.json")):
        if path.name != "loop.json":
            results[str(path.relative_to(out))] = clean(json.loads(path.read_text()))
    for k in (1, 2):
        with h5py.File(out / f"gen-{k}" / "data.h5") as f:
            results[f"rows-{k}"] = np.asarray(f["chains/full/features"][:]).round(5).tolist()
        weights = torch.load(out / f"gen-{k}" / "train" / "value.pt", weights_only=True)["state_dict"]
        results[f"weights-{k}"] = {name: t.tolist() for name, t in weights.items()}
    return results


def test_an_interrupted_loop_resumes_where_it_stopped(uninterrupted, tmp_path, monkeypatch):
    from cardlab.arena import match
    from cardlab.datagen import runner

    _always_promote(monkeypatch)
    out = tmp_path / "run"
    real_generate, real_match = runner.generate, match.run_match
    calls = {"generate": 0, "match": 0}

    def stop_in_second_datagen(path, settings, progress=None, **kw):  # Ctrl-C after 3 of generation 2's games
        calls["generate"] += 1

        def tick(done, states):
            if calls["generate"] == 2 and done == 3:
                raise KeyboardInterrupt
        return real_generate(path, settings, progress=tick, **kw)

    def stop_in_a_gate(specs, game, games, progress=None, **kw):  # Ctrl-C after 2 games of generation 2's gate
        calls["match"] += 1

        def tick(done):
            journal = Path(kw["journal"])
            if journal.name == "gate.journal" and journal.parent.name == "gen-2" and done == 2:
                raise KeyboardInterrupt
        return real_match(specs, game, games, progress=tick, **kw)

    monkeypatch.setattr(runner, "generate", stop_in_second_datagen)
    with pytest.raises(KeyboardInterrupt):
        run_loop(out, LoopSettings(**TINY))
    state = json.loads((out / "loop.json").read_text())
    assert state["generations"]["2"]["steps"] == []  # stopped in generation 2's datagen
    with h5py.File(out / "gen-2" / "data.h5") as f:
        assert int(f.attrs["games_completed"]) == 3  # the finished games are kept
    monkeypatch.setattr(runner, "generate", real_generate)
    monkeypatch.setattr(match, "run_match", stop_in_a_gate)
    with pytest.raises(KeyboardInterrupt):
        run_loop(out, LoopSettings(**TINY))
    state = json.loads((out / "loop.json").read_text())
    assert state["generations"]["2"]["steps"] == ["data", "train"]
    assert len((out / "gen-2" / "gate.journal").read_text().splitlines()) == 3  # header + 2 games
    monkeypatch.setattr(match, "run_match", real_match)
    data = run_loop(out, LoopSettings(**TINY))
    assert data["done"]
    assert _results(out) == _results(uninterrupted[0])


def test_a_loop_with_other_settings_is_refused(uninterrupted):
    out, _ = uninterrupted
    with pytest.raises(UserError, match=r"other settings: max_nodes=30 \(now 40\)"):
        run_loop(out, LoopSettings(**{**TINY, "max_nodes": 40}))
    with pytest.raises(UserError, match=r"other settings: train.max_epochs=2 \(now 3\)"):
        run_loop(out, LoopSettings(**{**TINY, "train": {**TINY["train"], "max_epochs": 3}}))
    # fewer generations would mark the loop done while later generations' folders stay
    with pytest.raises(UserError, match=r"loop of 2 generations; --generations may only grow \(got 1\)"):
        run_loop(out, LoopSettings(**{**TINY, "generations": 1}))
    assert json.loads((out / "loop.json").read_text())["settings"]["generations"] == 2


def test_a_hanabi_loop_from_the_command_line_gates_on_team_scores(tmp_path, capsys):
    out = tmp_path / "hanabi"
    (tmp_path / "net.yaml").write_text("hidden: [16]\nmax_epochs: 3\n")
    assert main(["loop", "--game", "hanabi", "--out", str(out), "--generations", "1", "--games-per-gen", "4",
                 "--gate-games", "4", "--anchor-games", "2", "--anchors", "hinting", "--max-nodes", "20",
                 "--train-config", str(tmp_path / "net.yaml"), "--max-epochs", "1", "--quiet"]) == 0
    printed = capsys.readouterr()
    assert "gen 1: gate mean" in printed.out and "| with hinting" in printed.out
    assert f"figure: {out / 'loop.png'}" in printed.out and (out / "loop.png").read_bytes().startswith(PNG)
    assert "gen 1/1: gate done" in printed.err  # a progress line per step
    decision = json.loads((out / "gen-1" / "decision.json").read_text())
    team = json.loads((out / "gen-1" / "gate-incumbent.json").read_text())
    assert decision["incumbent"] == "age" and decision["incumbent_mean_score"] == team["mean_score"]
    # paired by deal: the gain is the candidate team's mean score minus the incumbent team's, on the same 4 seeds
    assert decision["paired_deals"] == 4 and "gain per deal" in decision["rule"]
    assert decision["gain"] == pytest.approx(decision["candidate_mean_score"] - team["mean_score"], abs=1e-3)
    assert decision["promoted"] == (decision["gain_ci95"][0] > 0)
    state = json.loads((out / "loop.json").read_text())
    assert state["settings"]["train"]["max_epochs"] == 1 and state["settings"]["train"]["hidden"] == [16]
    assert "mean_score" in state["generations"]["1"]["anchors"]["hinting"]
    # the same command with more generations extends the finished loop
    assert main(["loop", "--game", "hanabi", "--out", str(out), "--generations", "2", "--games-per-gen", "4",
                 "--gate-games", "4", "--anchor-games", "2", "--anchors", "hinting", "--max-nodes", "20",
                 "--train-config", str(tmp_path / "net.yaml"), "--max-epochs", "1", "--quiet"]) == 0
    assert "gen 1/2" not in capsys.readouterr().err  # generation 1 is not run again
    assert json.loads((out / "loop.json").read_text())["generations"]["2"]["steps"][-1] == "anchors"
    # generation 2's incumbent team (age, or generation 1's candidate) played alone on these seeds in generation 1:
    # its result is copied, and the pairing reads the journal of the match it was copied from
    second = json.loads((out / "gen-2" / "decision.json").read_text())
    reused = json.loads((out / "gen-2" / "gate-incumbent.json").read_text()).get("reused_from")
    assert reused is not None and second["paired_deals"] == 4


def test_gate_rules():
    from cardlab.engine.registry import make_game

    hs, hanabi, dominion3 = make_game("hearthstone"), make_game("hanabi"), make_game("dominion:players=3")
    assert decide(hs, {"win_rate": 0.7, "ci95": [0.51, 0.85]})["promoted"]
    assert not decide(hs, {"win_rate": 0.6, "ci95": [0.49, 0.7]})["promoted"]
    assert decide(dominion3, {"win_rate": 0.45, "ci95": [0.34, 0.55]})["promoted"]  # above a fair 1/3
    team = {"mean_score": 18.0, "ci95": [17.5, 18.5]}
    # without the journals (unpaired): the candidate's lower end against the incumbent's mean
    assert decide(hanabi, {"mean_score": 18.6, "ci95": [18.1, 19.1]}, team)["promoted"]
    assert not decide(hanabi, {"mean_score": 18.6, "ci95": [17.9, 19.3]}, team)["promoted"]
    # paired by deal: a steady small gain is promoted although the two teams' intervals overlap
    steady = [0.0, 1.0, 0.0, 0.0, 1.0] * 80  # +0.4 a deal over 400 deals
    verdict = decide(hanabi, {"mean_score": 18.4, "ci95": [17.9, 18.9]}, team, steady)
    assert verdict["promoted"] and verdict["gain"] == 0.4 and verdict["paired_deals"] == 400
    assert not decide(hanabi, {"mean_score": 18.0, "ci95": [17.5, 18.5]}, team, [1.0, -1.0] * 200)["promoted"]
    assert not decide(hanabi, {"mean_score": 20.0, "ci95": [20.0, 20.0]}, team, [2.0])["promoted"]  # one deal
    # the exact interval decides, not the rounded one in the report: 116 of 204 has its lower end at 0.500015
    report = {"win_rate": 0.5686, "ci95": [0.5, 0.6347], "wins": {"A": 116, "B": 88}, "draws": 0, "games": 204}
    assert decide(hs, report)["promoted"]
    report = {"win_rate": 0.5637, "ci95": [0.4951, 0.6302], "wins": {"A": 115, "B": 89}, "draws": 0, "games": 204}
    assert not decide(hs, report)["promoted"]


@pytest.mark.parametrize("extra, message", [
    (["--games-per-gen", "0"], "--games-per-gen must be"),
    (["--window", "0"], "--window must be positive"),
    (["--max-nodes", "-5"], "--max-nodes must be positive"),
    (["--anchors", "nobody"], "unknown agent 'nobody'"),
    (["--anchors", "greedy", "greedy"], "names an agent twice"),
    (["--start-agent", "search:depth=3"], "unknown option 'depth'"),
    (["--game", "hanabi", "--max-epochs", "0"], "max_epochs, batch_size and lr must be positive"),
    (["--game", "nogame"], "nogame"),
    (["--game", "hanabi", "--search-options", "kk=2"], "unknown option 'kk'"),
    (["--game", "dominion", "--search-options", "k=0"], "k must be >= 1"),
    (["--game", "hanabi", "--search-options", "others=nonsense"], "hanabi has none"),
    (["--game", "hanabi", "--search-options", "blueprint=nonsense"], "nonsense"),
    (["--game", "hanabi", "--search-options", "lookahead=greedy"], "lookahead= needs a two-player zero-sum game"),
    (["--game", "hanabi", "--gate-games", "1"], "--gate-games must be at least 2 for hanabi"),
    (["--game", "hanabi", "--anchor-games", "1"], "--anchor-games must be at least 2 for hanabi"),
    (["--game", "dominion", "--gate-games", "3"], "--gate-games 3 can never promote in 2-player dominion"),
    (["--start-agent", "search:ckpt=liege-full-rich,max_nodes=50"], "differs from --max-nodes 1000"),
])
def test_bad_options_are_one_error_line(tmp_path, capsys, extra, message):
    assert main(["loop", "--out", str(tmp_path / "x"), *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err, err
    assert not (tmp_path / "x").exists()  # nothing is written before the options are known to be good


def test_a_folder_that_is_not_a_loop_is_refused(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["loop", "--out", str(tmp_path)]) == 2
    assert "not empty and holds no loop.json" in capsys.readouterr().err


def test_plot_loop_writes_a_png_and_an_svg(uninterrupted, tmp_path):
    out, _ = uninterrupted
    assert main(["plot", "loop", str(out), "--out", str(tmp_path / "loop.png")]) == 0
    assert (tmp_path / "loop.png").read_bytes().startswith(PNG)
    assert main(["plot", "loop", str(out), "--out", str(tmp_path / "loop.svg")]) == 0
    svg = (tmp_path / "loop.svg").read_text()
    assert "vs trading" in svg and "promoted" in svg  # anchors in the legend, gate verdicts marked
    assert main(["plot", "loop", str(tmp_path), "--out", str(tmp_path / "x.png")]) == 2


@pytest.mark.parametrize("game", ["hanabi", "dominion"])
def test_search_options_are_accepted_for_games_scored_only_by_nets(game):
    # these games have no heuristic evaluator: each generation's net comes with ckpt=, so k=2 alone must pass
    assert LoopSettings(game=game, search_options="k=2").resolved().search_options == "k=2"


def test_a_search_start_agent_plays_at_the_loops_budget():
    settings = LoopSettings(start_agent="search:ckpt=liege-full-rich", max_nodes=300, search_options="k=2").resolved()
    assert settings.start_agent == "search:ckpt=liege-full-rich,max_nodes=300,k=2"  # as every candidate
    assert LoopSettings(game="dominion:players=3", gate_games=2).resolved().gate_games == 2  # 1/3 is clearable


def test_a_loop_begun_before_start_agents_took_the_budget_still_resumes(tmp_path):
    from cardlab.runtime import UserError
    from cardlab.train.loop import LOOP_FORMAT, LOOP_VERSION, LoopState

    settings = LoopSettings(start_agent="search:ckpt=liege-full-rich", max_nodes=30).resolved()
    old = settings.to_json()
    old["start_agent"] = "search:ckpt=liege-full-rich"  # as loop.json stored it before
    (tmp_path / "loop.json").write_text(json.dumps({"format": LOOP_FORMAT, "version": LOOP_VERSION, "settings": old,
                                                    "generations": {}, "promoted": None}))
    LoopState.open(tmp_path, settings)  # the same command: not "other settings"
    other = LoopSettings(start_agent="search:ckpt=pool-wide-rich", max_nodes=30).resolved()
    with pytest.raises(UserError, match="other settings: start_agent"):
        LoopState.open(tmp_path, other)
    assert LoopSettings(start_agent="search:ckpt=liege-full-rich,max_nodes=030", max_nodes=30).resolved()


def test_a_cooperative_gate_pairs_deals_by_index_and_scores_a_failed_game_0(tmp_path):
    """The journals' games pair by index (any order, the first record of an index); a game that ended in an error
    counts 0 for its team rather than leaving the deal out (which would favour a candidate that crashes on hard
    deals); a line cut short by a kill is not a game."""
    from types import SimpleNamespace

    def journal(name, records, tail=""):
        (tmp_path / f"{name}.json").write_text("{}")
        lines = [json.dumps({"format": "cardlab-arena-journal"})] + [json.dumps({"turns": 9, "ms": {}, **r})
                                                                       for r in records]
        (tmp_path / f"{name}.journal").write_text("\n".join(lines) + "\n" + tail)

    journal("gate", [{"index": 1, "returns": [20.0, 20.0]}, {"index": 0, "returns": [18.0, 18.0]},
                     {"index": 2, "returns": None, "error_log": "x.json"}, {"index": 1, "returns": [3.0, 3.0]}],
            tail='{"index": 3, "returns": [25.0')
    journal("team", [{"index": 0, "returns": [17.0, 17.0]}, {"index": 1, "returns": [19.0, 19.0]},
                     {"index": 2, "returns": [16.0, 16.0]}, {"index": 3, "returns": [1.0, 1.0]}])
    ctx = SimpleNamespace(out=tmp_path)
    assert loop_module._paired_gains(ctx, tmp_path / "gate.json", tmp_path / "team.json") == [1.0, 1.0, -16.0]


def test_a_train_config_for_several_devices_is_refused_before_any_game(tmp_path, capsys):
    """Several devices start copies of the whole command (Lightning's launcher): each would run the loop."""
    config = tmp_path / "train.yaml"
    config.write_text("devices: 2\n", encoding="utf-8")
    assert main(["loop", "--out", str(tmp_path / "x"), "--train-config", str(config)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "devices: 2" in err and "cardlab train value --devices N" in err, err
    assert not (tmp_path / "x").exists()
