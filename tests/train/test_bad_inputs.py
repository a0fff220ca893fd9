"""Bad training and loop inputs: one error naming the key or file, exit 2, and no run folder that looks complete."""

from __future__ import annotations

import json

import h5py
import numpy as np
import pytest

from cardlab.cli import main
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError
from cardlab.train.dqn import DQNConfig
from cardlab.train.hanabi_dqn import MiniDQNConfig


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("bad") / "tiny.h5"
    generate(path, DatagenSettings(agents=("random-action", "random-action"), games=10, seed=4), commit_every=10)
    return path


def _train(tiny, tmp_path, *extra):
    return main(["train", "value", "--data", str(tiny), "--out", str(tmp_path / "out"), "--max-epochs", "1", *extra])


@pytest.mark.parametrize("line, message", [
    ("activation: foo", "activation must be one of sigmoid, relu"), ("norm: foo", "norm must be one of none"),
    ("dropout: 5", "dropout must be in [0, 1)"), ("early_stopping_patience: -3", "early_stopping_patience must be >= 0"),
    ("hidden: [0]", "hidden sizes must be positive"), ("lr: .nan", "lr must be positive"),
    ("lr: .inf", "lr must be positive"), ("lr: 1.0e+38", "lr at most 1e+30"), ("weight_decay: -1", "weight_decay must be a finite number"),
    ("val_fraction: 1.5", "val_fraction must be in [0, 1), got 1.5"),
    ("test_fraction: -0.5", "test_fraction must be in [0, 1), got -0.5"),
    ("seed: -1", "seed must be in 0..4294967295"), ("seed: 4294967296", "seed must be in 0..4294967295"),
    ("num_workers: -1", "num_workers and max_memory_mb must be >= 0"),
    ("max_memory_mb: -5", "num_workers and max_memory_mb must be >= 0"),
    ("stream_block_rows: 0", "stream_block_rows >= 1"),
])
def test_bad_value_config_fails_before_the_run_folder_exists(tiny, tmp_path, capsys, line, message):
    (tmp_path / "c.yaml").write_text(line + "\n")
    assert _train(tiny, tmp_path, "--config", str(tmp_path / "c.yaml")) == 2
    err = capsys.readouterr().err
    assert "c.yaml" in err and message in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_seed_lightning_cannot_take_is_refused_from_the_command_line(tiny, tmp_path, capsys):
    assert _train(tiny, tmp_path, "--seed", "-1") == 2
    err = capsys.readouterr().err
    assert "seed must be in 0..4294967295" in err and "got -1" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(__import__("torch").cuda.is_available(), reason="float16 mixed precision runs on a GPU")
def test_float16_mixed_precision_without_a_gpu_is_refused(tiny, tmp_path, capsys):
    # Lightning would quietly train in bf16 while the checkpoint says 16-mixed
    assert _train(tiny, tmp_path, "--precision", "16-mixed") == 2
    err = capsys.readouterr().err
    assert "16-mixed: float16 mixed precision needs a GPU" in err and "bf16-mixed" in err
    assert not (tmp_path / "out").exists()


def test_float16_weights_are_refused_everywhere(tiny, tmp_path, capsys):
    # 16-true runs on the CPU too, but its float16 normaliser overflows: every loss came out NaN
    assert _train(tiny, tmp_path, "--precision", "16-true") == 2
    err = capsys.readouterr().err
    assert "--precision 16-true" in err and "NaN" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_binary_config_names_the_file(tiny, tmp_path, capsys):
    (tmp_path / "c.yaml").write_bytes(b"\x00\xff\xfe\x81binary")
    assert _train(tiny, tmp_path, "--config", str(tmp_path / "c.yaml")) == 2
    assert "c.yaml: not a text file" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--precision", "--devices", "--strategy"])
def test_lightning_options_lightning_refuses_are_named(tiny, tmp_path, capsys, option):
    assert _train(tiny, tmp_path, option, "foo") == 2
    err = capsys.readouterr().err
    assert f"{option} 'foo'" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_data_file_named_twice_is_refused_before_merging(tiny, tmp_path, capsys):
    assert main(["train", "value", "--data", str(tiny), str(tiny.parent / ".." / tiny.parent.name / tiny.name),
                 "--out", str(tmp_path / "out")]) == 2
    assert "tiny.h5 twice" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_nan_labels_are_refused_when_the_file_is_read(tiny, tmp_path, capsys):
    bad = tmp_path / "nan.h5"
    bad.write_bytes(tiny.read_bytes())
    with h5py.File(bad, "r+") as f:
        f["chains/full/label"][0] = np.nan
    assert main(["train", "value", "--data", str(bad), "--out", str(tmp_path / "out")]) == 2
    assert "nan.h5" in capsys.readouterr().err
    assert not (tmp_path / "out" / "value.pt").exists()


def test_ctrl_c_before_the_first_epoch_says_nothing_was_saved(tiny, tmp_path, capsys, monkeypatch):
    import cardlab.train.value as value

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(value, "fit_value", interrupted)
    assert _train(tiny, tmp_path) == 130
    err = capsys.readouterr().err
    assert "holds no checkpoint and no value.pt" in err and "--resume" not in err and "last.ckpt holds" not in err


def test_a_start_stopped_before_its_first_epoch_leaves_no_curves_behind(tiny, tmp_path, monkeypatch):
    """Its TensorBoard version held only the start; each retry would add one more."""
    import lightning as L

    from cardlab.train.value import ValueConfig, fit_value

    def stop(self, trainer, pl_module):
        raise KeyboardInterrupt  # Ctrl-C in the first epoch

    monkeypatch.setattr(L.Callback, "on_train_start", stop)
    with pytest.raises(KeyboardInterrupt):
        fit_value(tiny, ValueConfig(max_epochs=1, hidden=[8]), tmp_path / "out", progress=False)
    assert list((tmp_path / "out" / "tensorboard").glob("version_*")) == []
    monkeypatch.undo()
    summary = fit_value(tiny, ValueConfig(max_epochs=1, hidden=[8]), tmp_path / "out", progress=False)
    assert summary["tensorboard"].endswith("version_0")


@pytest.mark.parametrize("cls", [DQNConfig, MiniDQNConfig])
@pytest.mark.parametrize("key, value", [("lr", -1), ("lr", float("inf")), ("buffer_size", 0), ("activation", "foo"), ("eps_start", 5),
                                        ("grad_clip", -1), ("torch_threads", -2), ("hidden", [64, 0]),
                                        ("seed", -1), ("seed", 2 ** 32), ("buffer_size", 5)])
def test_dqn_configs_refuse_impossible_values_by_name(cls, key, value):
    with pytest.raises(UserError, match=rf"dq\.yaml: {key}"):
        cls.from_dict({key: value}, "dq.yaml")


def test_dqn_cli_bad_config_leaves_no_out(tmp_path, capsys):
    (tmp_path / "dq.yaml").write_text("lr: -1\n")
    assert main(["train", "dqn", "--config", str(tmp_path / "dq.yaml"), "--out", str(tmp_path / "out")]) == 2
    assert "dq.yaml: lr must be positive" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def _loop(tmp_path, *extra):
    return main(["loop", "--out", str(tmp_path / "loop"), "--generations", "1", "--games-per-gen", "2", "--quiet",
                 *extra])


def test_loop_refuses_a_bad_train_config_and_a_search_options_ckpt_before_any_game(tmp_path, capsys):
    (tmp_path / "c.yaml").write_text("activation: foo\n")
    assert _loop(tmp_path, "--train-config", str(tmp_path / "c.yaml")) == 2
    assert "activation must be one of" in capsys.readouterr().err
    assert _loop(tmp_path, "--search-options", "ckpt=liege-full-rich") == 2
    assert "--search-options may not set ckpt" in capsys.readouterr().err
    assert not (tmp_path / "loop").exists()


def test_damaged_loop_files_are_named(tmp_path, capsys):
    loop = tmp_path / "loop"
    (loop / "gen-1").mkdir(parents=True)
    (loop / "loop.json").write_text(json.dumps({"format": "cardlab-loop", "version": 1, "settings": {},
                                                "generations": "x", "promoted": None}))
    assert main(["plot", "loop", str(loop), "--out", str(tmp_path / "p.png")]) == 2
    assert "loop.json is not a cardlab loop file" in capsys.readouterr().err
    assert _loop(tmp_path) == 2
    assert "loop.json is not a cardlab loop file" in capsys.readouterr().err
    (loop / "loop.json").write_text(json.dumps({"format": "cardlab-loop", "version": 1, "settings": {},
                                                "generations": {"1": {"steps": [], "seconds": {}}}, "promoted": None}))
    (loop / "gen-1" / "gate.json").write_text("{not json")
    assert main(["plot", "loop", str(loop), "--out", str(tmp_path / "p.png")]) == 2
    assert "gate.json is damaged" in capsys.readouterr().err
    assert not (tmp_path / "p.png").exists()


def test_training_on_an_interrupted_datagen_file_warns(tiny, tmp_path, capsys):
    short = tmp_path / "short.h5"
    short.write_bytes(tiny.read_bytes())
    with h5py.File(short, "a") as f:
        f.attrs.modify("games_requested", np.int64(500))  # as a datagen interrupted after 10 of 500 games leaves it
    assert _train(short, tmp_path, "--json") == 0
    assert "short.h5 holds 10 of the 500 games" in capsys.readouterr().err
    assert _train(tiny, tmp_path / "again", "--json") == 0
    assert "warning" not in capsys.readouterr().err


def test_rewards_that_are_not_finite_are_refused(tmp_path, capsys):
    from cardlab.train.dqn import DQNConfig
    from cardlab.train.hanabi_dqn import MiniDQNConfig

    out = tmp_path / "out"
    assert main(["train", "dqn", "--game", "hanabi:variant=mini", "--rewards", "1,2,nan,4", "--games", "2",
                 "--out", str(out)]) == 2
    assert "give 4 finite numbers" in capsys.readouterr().err and not out.exists()
    with pytest.raises(UserError, match="rewards must be 4 numbers"):
        MiniDQNConfig.from_dict({"rewards": [1, 2, float("nan"), 4]}, "dq.yaml")
    for bad in (float("nan"), float("inf"), 0):
        with pytest.raises(UserError, match="terminal_reward must be a finite number above 0"):
            DQNConfig.from_dict({"terminal_reward": bad}, "dq.yaml")


def test_value_checkpoints_with_broken_metadata_are_one_line_errors(tmp_path):
    import torch

    from cardlab.models.checkpoint import load_value
    from cardlab.checkpoints.zoo import resolve

    blob = torch.load(resolve("pool-full-rich"), weights_only=True)
    no_config = {k: v for k, v in blob["meta"].items() if k != "config"}
    torch.save({"meta": no_config, "state_dict": blob["state_dict"]}, tmp_path / "a.pt")
    with pytest.raises(UserError, match="a.pt: its metadata does not describe a network"):
        load_value(tmp_path / "a.pt")
    other = dict(blob["meta"], config=dict(blob["meta"]["config"], hidden=[17, 17]))
    torch.save({"meta": other, "state_dict": blob["state_dict"]}, tmp_path / "b.pt")
    with pytest.raises(UserError, match=r"b.pt: weights do not match.*\(size mismatch for") as caught:
        load_value(tmp_path / "b.pt")
    assert "\n" not in str(caught.value)


def test_refused_runs_leave_no_empty_run_folder(tmp_path, capsys):
    hs, hanabi = tmp_path / "hs.h5", tmp_path / "hanabi.h5"
    generate(hs, DatagenSettings(agents=("random-action", "random-action"), games=2, seed=1))
    generate(hanabi, DatagenSettings(game="hanabi", agents=("random", "random"), games=2, seed=1))
    out = tmp_path / "merged-run"
    assert main(["train", "value", "--data", str(hs), str(hanabi), "--out", str(out)]) == 2
    assert "cannot merge" in capsys.readouterr().err and not out.exists()
    out = tmp_path / "q-run"
    assert main(["train", "qlearn", "--learner", "table", "--alpha", "0.1", "--gamma", "0.9", "--games", "2",
                 "--opponent", "nope", "--out", str(out)]) == 2
    assert "unknown agent 'nope'" in capsys.readouterr().err and not out.exists()


def test_training_without_a_test_split_says_so(tiny, tmp_path, capsys):
    (tmp_path / "c.yaml").write_text("test_fraction: 0\n")
    assert _train(tiny, tmp_path, "--config", str(tmp_path / "c.yaml")) == 0
    assert "warning: no test games (test_fraction 0 of 10 games): no test figures" in capsys.readouterr().err


@pytest.mark.parametrize("game", [[], ["--game", "hanabi:variant=mini"]])
def test_a_dqn_resume_with_nothing_to_resume_leaves_no_folder(tmp_path, capsys, game):
    assert main(["train", "dqn", *game, "--games", "5", "--out", str(tmp_path / "out"), "--resume"]) == 2
    assert "nothing to resume" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_ctrl_c_while_the_test_split_is_scored_is_reported_and_resumable(tiny, tmp_path, capsys, monkeypatch):
    import lightning as L

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(L.Trainer, "_test_impl", interrupted)  # Lightning makes this a silent exit(1)
    assert _train(tiny, tmp_path) == 130
    err = capsys.readouterr().err
    assert "--resume" in err and not (tmp_path / "out" / "value.pt").exists()


def test_a_shipped_config_is_found_from_any_folder(tmp_path, monkeypatch):
    from cardlab.train.config import load_yaml

    monkeypatch.chdir(tmp_path)  # not the clone root: the README's configs/... paths still work
    assert load_yaml("configs/value_full_rich.yaml") == load_yaml("value_full_rich")
    with pytest.raises(UserError, match="config 'mine/value_full_rich.yaml' does not exist"):
        load_yaml("mine/value_full_rich.yaml")  # a path of the user's own is never swapped for a shipped file


def test_an_install_without_the_configs_package_says_to_reinstall(tmp_path, monkeypatch):
    """An editable install made before configs/ became a package: one line, not ModuleNotFoundError."""
    import importlib.resources

    from cardlab.train.config import load_yaml

    def missing(name):
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(importlib.resources, "files", missing)
    with pytest.raises(UserError, match="value_dominion: .*run `pip install -e .` again"):
        load_yaml("value_dominion")
