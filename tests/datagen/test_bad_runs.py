"""Datagen runs that cannot give data: the right option named, and a run whose every game failed exits non-zero."""

from __future__ import annotations

from cardlab.cli import main


def test_a_negative_red_topup_is_named(tmp_path, capsys):
    assert main(["datagen", str(tmp_path / "x.h5"), "--games", "2", "--red-topup", "-1", "--quiet"]) == 2
    assert "--red-topup must be >= 0, got -1" in capsys.readouterr().err
    assert not (tmp_path / "x.h5").exists()


def test_a_checkpoint_for_another_variant_is_refused_before_the_file_is_made(tmp_path, capsys):
    out = tmp_path / "x.h5"
    assert main(["datagen", str(out), "--game", "hanabi", "--agents", "dqn:ckpt=mini-dqn", "dqn:ckpt=mini-dqn",
                 "--games", "2", "--quiet"]) == 2
    assert "encodes 2-player mini Hanabi" in capsys.readouterr().err
    assert not out.exists()


def test_a_run_whose_every_game_failed_exits_2(tmp_path, capsys, monkeypatch):
    from cardlab.agents import registry
    from cardlab.agents.random_agents import RandomAgent

    class Crashing(RandomAgent):
        def act(self, observation):
            raise RuntimeError("boom")

    monkeypatch.setattr(registry, "_BY_GAME", {})
    monkeypatch.setitem(registry._FACTORIES, "crashing", lambda seed=0: Crashing(seed))
    assert main(["datagen", str(tmp_path / "x.h5"), "--game", "hanabi", "--agents", "crashing", "crashing",
                 "--games", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "all 2 games this run played ended in an error" in err and "boom" in err and "complete" not in err
