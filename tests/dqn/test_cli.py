import argparse

import pytest
import torch

from cardlab.commands import train_dqn
from engine.core import UserError


def _args(*argv):
    p = argparse.ArgumentParser()
    train_dqn.add_arguments(p)
    return p.parse_args(list(argv))


def test_cli_trains_q8_from_config_and_flags(tmp_path, capsys):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("variant: q8\nclassifier_games: 12\nclassifier_epochs: 1\nwarmup_steps: 16\nbatch_size: 8\neval_episodes: 4\n")
    code = train_dqn.run(_args("--config", str(cfg), "--games", "20", "--reward", "terminal", "--gamma", "0.9",
                               "--out", str(tmp_path / "out")))
    assert code == 0
    ckpt = torch.load(tmp_path / "out" / "q8.pt", weights_only=False)
    assert ckpt["variant"] == "q8" and ckpt["encoder"] == "board86" and ckpt["config"]["reward"] == "terminal"
    assert ckpt["config"]["gamma"] == 0.9 and ckpt["classifier"] is not None
    assert "held-out accuracy" in capsys.readouterr().out


def test_cli_config_errors_name_the_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("gama: 0.3\n")
    with pytest.raises(UserError, match="bad.yaml"):
        train_dqn.run(_args("--config", str(bad)))
    with pytest.raises(UserError, match="does not exist"):
        train_dqn.run(_args("--config", str(tmp_path / "missing.yaml")))
    impossible = tmp_path / "impossible.yaml"
    impossible.write_text("both_empty: coin\n")
    with pytest.raises(UserError, match="impossible.yaml: both_empty must be one of health, draw"):
        train_dqn.run(_args("--config", str(impossible)))
