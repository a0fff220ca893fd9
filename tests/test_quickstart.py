"""The README's main job: the shipped checkpoint loads and plays in the search agent."""

from __future__ import annotations

import json

from cardlab.cli import main
from cardlab.checkpoints import path_of
from cardlab.commands.quickstart import SHIPPED as SHIPPED_NAME

SHIPPED = path_of(SHIPPED_NAME)


def test_shipped_checkpoint_is_small_and_self_describing():
    from cardlab.agents.value_evaluator import load_value_checkpoint

    assert SHIPPED.is_file() and SHIPPED.stat().st_size < 5 * 1024 * 1024
    _, meta = load_value_checkpoint(SHIPPED)
    assert meta["encoder"] == "rich" and meta["data"]["games"] >= 1000
    assert (SHIPPED.parent / "MODEL_CARD.md").is_file()


def test_quickstart_plays_the_shipped_checkpoint(capsys):
    assert main(["quickstart", "--games", "2", "--workers", "1", "--opponents", "random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    match = out["matches"][0]
    assert match["games"] == 2 and match["errors"] == 0
    assert match["agents"]["A"].startswith("search:ckpt=") and match["agents"]["A"].endswith(",lookahead=greedy")


def test_quickstart_lookahead_can_be_turned_off_and_a_bad_one_is_refused(capsys):
    assert main(["quickstart", "--games", "1", "--workers", "1", "--opponents", "random", "--lookahead", "none",
                 "--json"]) == 0
    assert "lookahead" not in json.loads(capsys.readouterr().out)["matches"][0]["agents"]["A"]
    assert main(["quickstart", "--games", "1", "--lookahead", "nosuch"]) == 2
    assert "nosuch" in capsys.readouterr().err


def test_quickstart_takes_a_zoo_name_and_refuses_another_games_net(capsys):
    assert main(["quickstart", "--checkpoint", "liege-full-rich", "--games", "1", "--workers", "1",
                 "--opponents", "random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["checkpoint"].endswith("liege-full-rich/value.pt") and out["matches"][0]["errors"] == 0
    assert main(["quickstart", "--checkpoint", "hanabi-hat-2p", "--games", "1"]) == 2
    assert "trained for the game 'hanabi'" in capsys.readouterr().err


def test_quickstart_with_a_missing_checkpoint_is_a_clear_error(tmp_path, capsys):
    assert main(["quickstart", "--checkpoint", str(tmp_path / "none.pt")]) == 2
    assert "none.pt" in capsys.readouterr().err


def test_damaged_checkpoint_is_refused_with_a_clear_error(tmp_path):
    """200 flipped bytes in the middle used to load silently and play with wrong weights."""
    import pytest

    from cardlab.agents.value_evaluator import load_value_checkpoint
    from cardlab.runtime import UserError

    raw = bytearray(SHIPPED.read_bytes())
    mid = len(raw) // 2
    for i in range(mid, mid + 200):
        raw[i] ^= 0xFF
    damaged = tmp_path / "value.pt"
    damaged.write_bytes(bytes(raw))
    with pytest.raises(UserError, match="damaged|not a readable"):
        load_value_checkpoint(damaged)
    with pytest.raises(UserError, match="is a directory"):
        load_value_checkpoint(tmp_path)


def test_quickstart_plays_a_deck_pool_and_refuses_an_unknown_one(capsys):
    assert main(["quickstart", "--games", "2", "--workers", "1", "--opponents", "random", "--deck-pool", "random",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches"][0]["game"] == "hearthstone:pool=random" and out["matches"][0]["errors"] == 0
    assert main(["quickstart", "--games", "2", "--deck-pool", "nonesuch"]) == 2
    assert "nonesuch" in capsys.readouterr().err
    import pytest

    with pytest.raises(SystemExit) as stop:  # argparse refuses the pair before anything runs
        main(["quickstart", "--deck", "liege", "--deck-pool", "random"])
    assert stop.value.code == 2 and "not allowed with argument" in capsys.readouterr().err


def test_the_quickstart_table_rounds_rates_from_the_counts(capsys):
    # one win of one: the Wilson lower bound 0.20655 is 0.2065 in the JSON, which printed as 20.6%
    assert main(["quickstart", "--games", "1", "--workers", "1", "--opponents", "random", "--lookahead", "none"]) == 0
    out = capsys.readouterr().out
    assert "100.0%" in out and "20.7% -" in out and "20.6%" not in out


def test_each_opponent_saves_its_failed_games_in_its_own_folder(monkeypatch, tmp_path, capsys):
    """Every match plays games 0..N-1 with the same seed: one folder for all let the second opponent's error logs
    overwrite the first's."""
    from pathlib import Path

    from cardlab.agents.random_agents import RandomActionAgent, RandomAgent

    for cls in (RandomAgent, RandomActionAgent):  # the first game of each match raises, the second plays
        games = {"n": 0}

        def reset(self, player, seed, _reset=cls.reset, _games=games):
            _games["n"] += 1
            self.fails = _games["n"] == 1
            _reset(self, player, seed)

        def act(self, observation, _act=cls.act):
            if self.fails:
                raise RuntimeError("boom")
            return _act(self, observation)

        monkeypatch.setattr(cls, "reset", reset)
        monkeypatch.setattr(cls, "act", act)
    logs = tmp_path / "logs"
    assert main(["quickstart", "--games", "2", "--workers", "1", "--opponents", "random", "random-action",
                 "--lookahead", "none", "--log-dir", str(logs), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    saved = sorted(p.relative_to(logs).as_posix() for p in logs.rglob("*.json"))
    assert saved == ["1-2_search_vs_random/game-0-000000.json", "1-3_search_vs_random-action/game-0-000000.json"]
    for match in out["matches"]:
        assert match["errors"] == 1
        assert json.loads(Path(match["error_logs"][0]).read_text())["agents"][1] == match["agents"]["B"]


def test_too_many_workers_are_capped_with_one_warning(capsys):
    import os

    many = (os.cpu_count() or 1) + 8
    assert main(["quickstart", "--games", "1", "--workers", str(many), "--opponents", "random", "greedy",
                 "--lookahead", "none", "--json"]) == 0
    assert capsys.readouterr().err.count(f"--workers {many} is more than") == 1
