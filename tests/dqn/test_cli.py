import argparse

import pytest
import torch

from cardlab.commands import train_dqn
from cardlab.runtime import UserError


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


def test_too_few_games_for_one_update_write_no_model_and_a_used_out_is_refused(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(UserError, match="no gradient update was made, so no q57.pt was written"):
        train_dqn.run(_args("--variant", "q57", "--games", "2", "--out", str(out)))
    assert not (out / "q57.pt").exists()
    with pytest.raises(UserError, match="already holds a training run"):  # a new run would overwrite this one
        train_dqn.run(_args("--variant", "q57", "--games", "2", "--out", str(out)))


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


def test_ctrl_c_saves_a_checkpoint_and_resume_finishes_the_run(tmp_path):
    from tests.interrupting import ctrl_c_when

    out = tmp_path / "run"
    cfg = tmp_path / "c.yaml"
    cfg.write_text("warmup_steps: 16\nbatch_size: 8\neval_episodes: 2\nbuffer_size: 2000\n")
    rc, _, err = ctrl_c_when(["train", "dqn", "--config", str(cfg), "--games", "1000000", "--out", str(out)],
                             ready=lambda: bool(list((out / "tb").rglob("events.out.tfevents*"))), settle=2.0)
    assert rc == 130, err.decode()
    assert b"--resume" in err and b"Traceback" not in err
    assert not (out / "q57.pt").exists()
    done = torch.load(out / "q57-last.ckpt", weights_only=False)["dqn_experience"]["counters"]["episodes"]
    assert done > 0
    code = train_dqn.run(_args("--config", str(cfg), "--games", str(done + 3), "--out", str(out), "--resume"))
    assert code == 0
    assert torch.load(out / "q57.pt", weights_only=False)["metrics"]["episodes"] == done + 3


def test_ctrl_c_while_the_q8_target_classifier_trains_is_reported(tmp_path, capsys, monkeypatch):
    import lightning as L

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(L.Trainer, "_fit_impl", interrupted)  # Lightning makes this a silent exit(1)
    cfg = tmp_path / "c.yaml"
    cfg.write_text("variant: q8\nclassifier_games: 12\nclassifier_epochs: 1\n")
    assert train_dqn.run(_args("--config", str(cfg), "--games", "20", "--out", str(tmp_path / "out"))) == 130
    assert "interrupted" in capsys.readouterr().err and not (tmp_path / "out" / "q8.pt").exists()
