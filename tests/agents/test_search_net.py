"""The value-network evaluator's fast path (issue 19, item 3) and `cardlab bench search-net`."""

from __future__ import annotations

import json
import numpy as np
import pytest
import torch

from cardlab.agents.evaluators import make_evaluator
from cardlab.benchmarks import search_net_bench
from cardlab.runtime import UserError

from tests.engine.test_fast_encoding import STATES, reference_rich

SMALL_SEARCH = "search:ckpt=liege-full-rich,max_nodes=300"


@pytest.fixture(scope="module")
def evaluator():
    return make_evaluator("ckpt=liege-full-rich")


def test_values_equal_the_network_on_the_plain_rows(evaluator):
    live = [s for s in STATES if not s.is_terminal()][:40]
    values = evaluator.evaluate(live, 0)
    codes = {card_id: i + 1 for i, card_id in enumerate(evaluator.encoder.vocabulary())}  # the checkpoint's
    rows = torch.from_numpy(np.asarray([reference_rich(s, 0, codes) for s in live], dtype=np.float32))
    previous = torch.get_num_threads()
    torch.set_num_threads(1)  # the evaluator's own setting: the same kernels, so the same floats
    try:
        with torch.no_grad():
            expected = evaluator.net.value(rows).numpy().tolist()
    finally:
        torch.set_num_threads(previous)
    assert values == expected


def test_stats_count_forward_passes_and_the_thread_setting_is_restored(evaluator):
    evaluator.stats.reset()
    terminal = [s for s in STATES if s.is_terminal()][:2]
    live = [s for s in STATES if not s.is_terminal()][:9]
    previous = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        values = evaluator.evaluate(live + terminal, 1)
        assert torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(previous)
    assert all(abs(v) == float("inf") or v == 0.0 for v in values[len(live):])
    stats = evaluator.stats.as_dict()
    assert stats["forwards"] == 1 and stats["rows"] == 9 and stats["terminal"] == 2
    assert stats["rows_per_forward"] == 9 and stats["max_rows_per_forward"] == 9
    assert evaluator.evaluate(terminal, 1) and evaluator.stats.forwards == 1  # terminals only: no pass


def test_bench_reports_speed_split_and_decisions():
    report, record = search_net_bench.run(games=1, seed=3, agent=SMALL_SEARCH)
    assert report["games"] == 1 and report["games_per_sec"] > 0 and report["decisions"] > 0
    assert report["forwards"] > 0 and 1 <= report["rows_per_forward"] <= report["max_rows_per_forward"] <= 64
    assert report["nodes"] >= report["leaves"] > 0 and report["evaluator_threads"] == 1
    assert set(report["split_s"]) == {"encoder", "network", "engine_and_tree", "opponent", "loop"}
    assert len(record["games"]["0"]) == report["decisions"]
    # The same seed replays the same decisions; the probes came off the cached agents (no double counting).
    again, record2 = search_net_bench.run(games=1, seed=3, agent=SMALL_SEARCH)
    assert record2 == record and again["forwards"] == report["forwards"]
    check = search_net_bench.compare_decisions(record2, record)
    assert check["games_differing"] == 0 and check["decisions_differing"] == 0
    changed = json.loads(json.dumps(record))
    changed["games"]["0"][2] = [99]
    check = search_net_bench.compare_decisions(changed, record)
    assert check["games_differing"] == 1 and check["first_differences"][0]["decision"] == 2
    assert check["decisions_differing"] == len(record["games"]["0"]) - 2
    with pytest.raises(UserError, match="seed"):
        search_net_bench.compare_decisions({**record, "seed": 4}, record)


def test_cli_saves_and_compares_decisions(tmp_path, capsys):
    from cardlab.cli import main

    out = tmp_path / "decisions.json"
    base = ["bench", "search-net", "--games", "1", "--agents", SMALL_SEARCH, "trading", "--json"]
    assert main(base + ["--decisions", str(out)]) == 0
    capsys.readouterr()
    assert main(base + ["--compare", str(out)]) == 0
    assert json.loads(capsys.readouterr().out)["decision_check"]["decisions_differing"] == 0
    assert main(base + ["--compare", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert "missing.json" in err and err.count("\n") == 1
    assert main(["bench", "search-net", "--agents", "trading", "trading"]) == 2
    assert "not a search agent" in capsys.readouterr().err
    assert main(base + ["--decisions", str(out)]) == 0  # an earlier record is replaced
    keep = tmp_path / "data.h5"
    keep.write_bytes(b"\x89HDF\r\n")
    assert main(base + ["--decisions", str(keep)]) == 2  # anything else is refused before playing
    assert "is not a decisions file" in capsys.readouterr().err and keep.read_bytes() == b"\x89HDF\r\n"


def test_an_ensemble_scores_the_mean_of_its_networks_with_one_encoding(evaluator):
    other = make_evaluator("ckpt=pool-full-rich")
    both = make_evaluator("ckpt=liege-full-rich+pool-full-rich")
    live = [s for s in STATES if not s.is_terminal()][:20]
    terminal = [s for s in STATES if s.is_terminal()][:1]
    values = both.evaluate(live + terminal, 0)
    expected = [(a + b) / 2 for a, b in zip(evaluator.evaluate(live, 0), other.evaluate(live, 0))]
    assert values[:len(live)] == pytest.approx(expected, rel=1e-6, abs=1e-6)
    assert values[len(live):] == evaluator.evaluate(terminal, 0)
    assert both.before_end_turn and both.stats.forwards == 1 and both.stats.rows == len(live)
    # liege-full-rich was trained on older card data: its card codes differ, so the leaves are encoded per net
    assert len(both.groups) == 2
    same_data = make_evaluator("ckpt=pool-full-rich+pool-wide-rich")
    assert len(same_data.groups) == 1  # same encoder and card codes: the leaves are encoded once for both


def test_an_ensemble_with_a_missing_member_names_it():
    with pytest.raises(UserError, match="'nope.pt' does not exist"):
        make_evaluator("ckpt=liege-full-rich+nope.pt")


def test_datagen_records_every_ensemble_member_hash():
    from cardlab.datagen.runner import agent_checkpoints
    from cardlab.checkpoints.zoo import resolve
    import hashlib
    from pathlib import Path

    a, b = resolve("liege-full-rich"), resolve("pool-full-rich")
    spec = f"search:ckpt={a}+{b}"
    recorded = agent_checkpoints([spec])[spec]["ckpt"]
    assert recorded == "+".join(hashlib.sha256(Path(p).read_bytes()).hexdigest() for p in (a, b))


def test_skipping_quiet_end_turn_children_keeps_every_decision(monkeypatch):
    """The tree builds no END_TURN child where the game says the turn's end is quiet: same actions, nodes, leaves."""
    from cardlab.engine.hearthstone.state import HearthstoneState

    calls = []
    quiet = HearthstoneState.end_turn_is_quiet
    monkeypatch.setattr(HearthstoneState, "end_turn_is_quiet", lambda s: calls.append(1) or quiet(s))
    fast, fast_record = search_net_bench.run(games=2, seed=7, agent=SMALL_SEARCH)
    assert calls  # the shortcut was taken
    monkeypatch.setattr(HearthstoneState, "end_turn_is_quiet", lambda s: False)
    slow, slow_record = search_net_bench.run(games=2, seed=7, agent=SMALL_SEARCH)
    assert fast_record == slow_record
    assert (fast["nodes"], fast["leaves"]) == (slow["nodes"], slow["leaves"])


def test_random_slot_encoders_restart_per_game_so_a_game_does_not_depend_on_earlier_ones(evaluator, monkeypatch):
    from cardlab.agents.registry import make_agent
    from cardlab.engine.hearthstone.features import get_encoder

    encoder = get_encoder("seed96:random_slots=true")
    state = [s for s in STATES if not s.is_terminal() and len(s.players[0].board) > 2][0]
    encoder.reseed(7)
    first = encoder.encode(state, 0)
    encoder.encode(state, 0)  # an earlier game's rows move the encoder's own stream on
    encoder.reseed(7)
    assert np.array_equal(first, encoder.encode(state, 0))

    monkeypatch.setattr(evaluator, "encoder", encoder)
    evaluator.reseed(7)  # the network's encoder restarts with the evaluator
    assert np.array_equal(first, encoder.encode(state, 0))
    seen = []
    monkeypatch.setattr(evaluator, "reseed", seen.append)
    for spec in ("search", "mcts"):
        agent = make_agent(spec, seed=1)
        monkeypatch.setattr(agent, "evaluator", evaluator)
        agent.reset(0, 1234)
    assert seen == [1234, 1234]  # every game starts the evaluator's randomness from the game's seed


def test_bench_interrupted_exits_130_and_says_its_figures_are_partial(monkeypatch, capsys, tmp_path):
    import os
    import signal

    from cardlab.cli import main

    real_run = search_net_bench.run

    def run_with_ctrl_c(**kwargs):
        shown = kwargs["progress"]

        def progress(n):
            shown(n)
            if n == 1:
                os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C during the second game

        return real_run(**{**kwargs, "progress": progress})

    monkeypatch.setattr(search_net_bench, "run", run_with_ctrl_c)
    keep = tmp_path / "baseline.json"
    assert main(["bench", "search-net", "--games", "5", "--agents", SMALL_SEARCH, "trading", "--json",
                 "--decisions", str(keep)]) == 130
    assert not keep.exists()  # a partial record is not written where a full baseline may be kept
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["interrupted"] and report["games"] < 5 and report["games_requested"] == 5
    assert "interrupted after" in captured.err


def test_bench_datagen_stops_at_ctrl_c_without_figures(monkeypatch, tmp_path):
    from cardlab.benchmarks import datagen_bench
    from cardlab.datagen.runner import DatagenSettings, RunSummary

    monkeypatch.setattr(datagen_bench, "generate", lambda path, *a, **k: RunSummary(str(path), 3, 3, 30, 0, 0.1, True, None))
    with pytest.raises(KeyboardInterrupt):  # the CLI turns it into "interrupted", exit 130; no 2-worker phase
        datagen_bench.measure(tmp_path / "x.h5", DatagenSettings(games=10), workers=1)
