"""A resumed checkpoint whose bytes were damaged is refused by name, and no training ever exports NaN weights or
test figures (nor picks a NaN epoch as its best)."""

from __future__ import annotations

import shutil
import struct
import zipfile
from pathlib import Path

import pytest
import torch

from cardlab.cli import main
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError
from cardlab.train.dqn import DQNConfig, train_dqn
from cardlab.train.hanabi_dqn import MiniDQNConfig, train_mini_dqn
from cardlab.train.resume import checkpoint_damage
from cardlab.train.value import ValueConfig, fit_value


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("damaged") / "tiny.h5"
    generate(path, DatagenSettings(agents=("random-action", "random-action"), games=10, seed=4), commit_every=10)
    return path


def _damage(path: Path) -> str:
    """64 bytes of 0xff (NaN as float32) in the middle of the checkpoint's largest tensor, as a bad disk or a broken
    copy would leave them; the zip directory stays readable, so torch.load still opens the file. Returns the part."""
    with zipfile.ZipFile(path) as archive:
        part = max((i for i in archive.infolist() if "/data/" in i.filename), key=lambda i: i.file_size)
    data = bytearray(path.read_bytes())
    name_len, extra_len = struct.unpack("<HH", data[part.header_offset + 26:part.header_offset + 30])
    start = part.header_offset + 30 + name_len + extra_len + part.file_size // 2 - 32
    data[start:start + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    return part.filename


def _poison(path: Path) -> None:
    """NaN in every weight of an intact checkpoint (a run that had already diverged when it was saved)."""
    checkpoint = torch.load(path, map_location="cpu", weights_only=False)
    checkpoint["state_dict"] = {k: torch.full_like(v, float("nan")) if v.is_floating_point() else v
                                for k, v in checkpoint["state_dict"].items()}
    torch.save(checkpoint, path)


def test_zipfile_detects_damage_that_torch_load_does_not(tiny, tmp_path):
    fit_value(tiny, ValueConfig(max_epochs=1, hidden=[64]), tmp_path / "run", progress=False)
    last = tmp_path / "run" / "checkpoints" / "last.ckpt"
    assert checkpoint_damage(last) is None  # freshly saved: every part passes its CRC-32
    part = _damage(last)
    torch.load(last, map_location="cpu", weights_only=False)  # the reason for the check: this loads the damage
    assert part in checkpoint_damage(last) and "CRC-32" in checkpoint_damage(last)


def test_a_damaged_value_checkpoint_is_not_resumed_and_nothing_is_overwritten(tiny, tmp_path, capsys):
    out = tmp_path / "run"
    args = ["train", "value", "--data", str(tiny), "--out", str(out), "--batch-size", "64", "--config"]
    (tmp_path / "c.yaml").write_text("hidden: [64]\n")
    assert main([*args, str(tmp_path / "c.yaml"), "--max-epochs", "2"]) == 0
    last = out / "checkpoints" / "last.ckpt"
    _damage(last)
    before = {p.name: p.read_bytes() for p in [*out.glob("*.pt"), *(out / "checkpoints").iterdir()]}
    capsys.readouterr()
    assert main([*args, str(tmp_path / "c.yaml"), "--max-epochs", "4", "--resume"]) == 2
    err = capsys.readouterr().err
    assert f"{last} is damaged" in err and "CRC-32" in err and "Traceback" not in err and len(err.splitlines()) == 1
    assert {p.name: p.read_bytes() for p in [*out.glob("*.pt"), *(out / "checkpoints").iterdir()]} == before


def test_a_checkpoint_saved_with_nan_weights_is_not_resumed(tiny, tmp_path):
    fit_value(tiny, ValueConfig(max_epochs=1, hidden=[8]), tmp_path / "run", progress=False)
    _poison(tmp_path / "run" / "checkpoints" / "last.ckpt")
    with pytest.raises(UserError, match=r"last\.ckpt holds non-finite weights .*cannot be resumed"):
        fit_value(tiny, ValueConfig(max_epochs=2, hidden=[8]), tmp_path / "run", progress=False, resume=True)


def test_training_that_turns_nan_exports_nothing_and_keeps_no_nan_best(tiny, tmp_path, capsys):
    out = tmp_path / "run"
    # lr 1e30 (the most the config allows): the first updates overflow, every loss from then on is NaN
    assert main(["train", "value", "--data", str(tiny), "--out", str(out), "--max-epochs", "2", "--batch-size", "16",
                 "--lr", "1e30"]) == 2
    err = capsys.readouterr().err
    assert "training produced non-finite weights (NaN in " in err and f"in {out}" in err
    assert "value.pt not written" in err and "Traceback" not in err
    assert not (out / "value.pt").exists()
    assert not list((out / "checkpoints").glob("best-*"))  # Lightning kept best-epoch=0-val_loss=nan.ckpt


def test_a_run_folder_moved_before_resuming_keeps_its_one_best_checkpoint(tiny, tmp_path):
    cfg = dict(batch_size=16, hidden=[64, 64], lr=0.05)  # overfits: later epochs do not improve val_loss
    fit_value(tiny, ValueConfig(max_epochs=3, **cfg), tmp_path / "a", progress=False)
    shutil.move(tmp_path / "a", tmp_path / "b")
    (tmp_path / "b" / "value.pt").unlink()
    best_before = [p.name for p in (tmp_path / "b" / "checkpoints").glob("best-*")]
    summary = fit_value(tiny, ValueConfig(max_epochs=5, **cfg), tmp_path / "b", progress=False, resume=True)
    bests = sorted((tmp_path / "b" / "checkpoints").glob("best-*"))
    assert len(bests) == 1 and summary["lightning_checkpoint"] == str(bests[0])
    scores = {p.name: float(p.stem.split("val_loss=")[1]) for p in bests}
    assert all(scores[bests[0].name] <= float(n[:-5].split("val_loss=")[1]) for n in best_before)


def _mini(**extra) -> MiniDQNConfig:
    return MiniDQNConfig(**{**dict(games=15, warmup_steps=32, batch_size=16, buffer_size=500, eval_every=0,
                                   final_eval_games=0, hidden=[16]), **extra})


def test_a_damaged_mini_dqn_checkpoint_is_not_resumed(tmp_path):
    train_mini_dqn(_mini(), tmp_path / "run")
    last = tmp_path / "run" / "mini-dqn-last.ckpt"
    _damage(last)
    before = {p.name: p.read_bytes() for p in (tmp_path / "run").glob("mini-dqn*")}
    with pytest.raises(UserError, match=r"mini-dqn-last\.ckpt is damaged: its part .* fails its CRC-32 check"):
        train_mini_dqn(_mini(games=20), tmp_path / "run", resume=True)
    assert {p.name: p.read_bytes() for p in (tmp_path / "run").glob("mini-dqn*")} == before


def test_dqn_trainings_that_turn_nan_export_nothing(tmp_path):
    with pytest.raises(UserError, match=r"training produced non-finite weights .*; mini-dqn\.pt not written"):
        train_mini_dqn(_mini(lr=1e30, grad_clip=0.0, loss="mse"), tmp_path / "mini", logger=False)
    assert not (tmp_path / "mini" / "mini-dqn.pt").exists()
    cfg = DQNConfig(games=10, warmup_steps=16, batch_size=8, eval_episodes=0, lr=1e30, grad_clip=0.0, hidden=[16],
                    loss="mse")
    with pytest.raises(UserError, match=r"training produced non-finite weights .*; q57\.pt not written"):
        train_dqn(cfg, tmp_path / "q57", logger=False)
    assert not (tmp_path / "q57" / "q57.pt").exists()


def test_the_best_checkpoint_keeps_lightnings_state_key():
    """Runs saved before BestFiniteCheckpoint filed the best checkpoint's state as ModelCheckpoint's: the same key
    keeps their best checkpoint on --resume."""
    from lightning.pytorch.callbacks import ModelCheckpoint

    from cardlab.train.value import BestFiniteCheckpoint

    kw = dict(dirpath="ck", filename="best-{epoch}", monitor="val_loss", mode="min", save_top_k=1)
    assert BestFiniteCheckpoint(**kw).state_key == ModelCheckpoint(**kw).state_key
