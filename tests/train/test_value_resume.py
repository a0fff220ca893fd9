"""Value training resumes from its last epoch to the same weights as an uninterrupted run; Ctrl-C says how."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError
from cardlab.train.value import ValueConfig, fit_value

from tests.interrupting import ctrl_c_when


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("resume") / "tiny.h5"
    generate(path, DatagenSettings(agents=("random-action", "random-action"), games=20, seed=5), commit_every=10)
    return path


def _weights(run: Path) -> dict:
    return torch.load(run / "value.pt", map_location="cpu", weights_only=False)["state_dict"]


@pytest.mark.parametrize("streamed", [False, True])
def test_resume_ends_with_the_uninterrupted_weights(tiny, tmp_path, streamed):
    extra = dict(max_memory_mb=0, stream_block_rows=100) if streamed else {}
    cfg = dict(batch_size=32, hidden=[16], dropout=0.1, **extra)  # dropout: torch's RNG must resume too
    fit_value(tiny, ValueConfig(max_epochs=3, **cfg), tmp_path / "whole", progress=False)
    fit_value(tiny, ValueConfig(max_epochs=1, **cfg), tmp_path / "parts", progress=False)
    first = _weights(tmp_path / "parts")
    fit_value(tiny, ValueConfig(max_epochs=3, **cfg), tmp_path / "parts", progress=False, resume=True)
    whole, parts = _weights(tmp_path / "whole"), _weights(tmp_path / "parts")
    assert any(not torch.equal(first[k], whole[k]) for k in whole)  # the resumed run did train further
    for key in whole:
        assert torch.equal(whole[key], parts[key]), key


def test_resume_refuses_missing_runs_and_changed_settings(tiny, tmp_path):
    with pytest.raises(UserError, match="nothing to resume"):
        fit_value(tiny, ValueConfig(max_epochs=1), tmp_path / "none", progress=False, resume=True)
    fit_value(tiny, ValueConfig(max_epochs=1, hidden=[8]), tmp_path / "run", progress=False)
    with pytest.raises(UserError, match="hidden"):
        fit_value(tiny, ValueConfig(max_epochs=2, hidden=[16]), tmp_path / "run", progress=False, resume=True)


def test_resume_with_fewer_epochs_than_done_is_refused(tiny, tmp_path):
    fit_value(tiny, ValueConfig(max_epochs=2, hidden=[8]), tmp_path / "run", progress=False)
    with pytest.raises(UserError, match="has already trained 2 epochs; --resume continues it with --max-epochs 2 or more, not 1"):
        fit_value(tiny, ValueConfig(max_epochs=1, hidden=[8]), tmp_path / "run", progress=False, resume=True)


def test_resume_refuses_a_data_file_written_again_under_the_same_name(tmp_path):
    data = tmp_path / "d.h5"
    generate(data, DatagenSettings(agents=("random-action", "random-action"), games=6, seed=5))
    fit_value(data, ValueConfig(max_epochs=1, hidden=[8]), tmp_path / "run", progress=False)
    generate(data, DatagenSettings(agents=("random-action", "random-action"), games=6, seed=7), force=True)
    with pytest.raises(UserError, match="not the file .* was trained on.*seed"):
        fit_value(data, ValueConfig(max_epochs=2, hidden=[8]), tmp_path / "run", progress=False, resume=True)


def test_the_network_names_its_data_by_hash_and_resume_checks_it(tmp_path):
    import hashlib

    import h5py

    data = tmp_path / "d.h5"
    generate(data, DatagenSettings(agents=("random-action", "random-action"), games=6, seed=5))
    fit_value(data, ValueConfig(max_epochs=1, hidden=[8]), tmp_path / "run", progress=False)
    meta = torch.load(tmp_path / "run" / "value.pt", map_location="cpu", weights_only=False)["meta"]
    assert meta["data"]["sha256"] == hashlib.sha256(data.read_bytes()).hexdigest()
    with h5py.File(data, "r+") as f:  # edited in place: same games, seed and creation time
        f["chains/full/features"][0, 0] += 1
    with pytest.raises(UserError, match="not the file .* was trained on.*sha256"):
        fit_value(data, ValueConfig(max_epochs=2, hidden=[8]), tmp_path / "run", progress=False, resume=True)


def test_ctrl_c_exits_130_without_value_pt_and_says_how_to_resume(tiny, tmp_path):
    out = tmp_path / "run"
    rc, _, err = ctrl_c_when(["train", "value", "--data", str(tiny), "--out", str(out), "--max-epochs", "100000",
                              "--batch-size", "32", "--json"],
                             ready=lambda: (out / "checkpoints" / "last.ckpt").exists(), settle=0.5)
    assert rc == 130, err.decode()
    assert b"--resume" in err and b"Traceback" not in err
    assert not (out / "value.pt").exists()


def test_last_ckpt_holds_the_last_epoch_even_when_validation_did_not_improve(tiny, tmp_path):
    cfg = ValueConfig(max_epochs=12, batch_size=16, hidden=[64, 64], lr=0.05)  # overfits: val_loss stops improving
    fit_value(tiny, cfg, tmp_path / "run", progress=False)
    ckpts = tmp_path / "run" / "checkpoints"
    best = next(ckpts.glob("best-*.ckpt"))
    assert torch.load(ckpts / "last.ckpt", map_location="cpu", weights_only=False)["epoch"] == 11
    assert torch.load(best, map_location="cpu", weights_only=False)["epoch"] < 11  # (the case this test is about)


def test_resume_on_several_files_refuses_other_files_than_the_run_was_merged_from(tmp_path, capsys):
    from cardlab.cli import main

    files = {}
    for name, seed in (("a", 1), ("b", 2), ("c", 3)):
        files[name] = str(tmp_path / f"{name}.h5")
        generate(files[name], DatagenSettings(agents=("random-action", "random-action"), games=4, seed=seed))
    out = tmp_path / "run"

    def train(*names, epochs, resume=True):
        return main(["train", "value", "--data", *[files[n] for n in names], "--out", str(out), "--max-epochs",
                     str(epochs), "--batch-size", "64", "--seed", "1", *(["--resume"] if resume else [])])

    assert train("a", "b", epochs=1, resume=False) == 0
    merged = (out / "train-data.h5").read_bytes()
    was = f"was trained on {files['a']} {files['b']} (merged into {out / 'train-data.h5'}), not"
    for names in (("a", "c"), ("b", "a"), ("a",)):  # another file, another order (other rows and split), fewer
        capsys.readouterr()
        assert train(*names, epochs=2) == 2
        err = capsys.readouterr().err
        assert f"{was} {' '.join(files[n] for n in names)}" in err and "Traceback" not in err, err
    assert (out / "train-data.h5").read_bytes() == merged
    original_b = Path(files["b"]).read_bytes()
    generate(files["b"], DatagenSettings(agents=("random-action", "random-action"), games=4, seed=9), force=True)
    assert train("a", "b", epochs=2) == 2
    assert f"{files['b']} is not the file {out} was trained on: it was written again since (seed differ)" in \
        capsys.readouterr().err
    Path(files["b"]).write_bytes(original_b)
    import h5py

    with h5py.File(files["b"], "a") as f:  # the same games, seed and agents; other bytes
        f.attrs["created_at"] = "2000-01-01T00:00:00Z"
    assert train("a", "b", epochs=2) == 2
    assert "written again since (contents (SHA-256) differ)" in capsys.readouterr().err
    Path(files["b"]).write_bytes(original_b)
    assert train("a", "b", epochs=2) == 0  # the same files again: the run goes on
    assert torch.load(out / "checkpoints" / "last.ckpt", map_location="cpu", weights_only=False)["epoch"] == 1


def test_resume_on_several_files_typed_from_another_folder(tmp_path, monkeypatch):
    """The files a run was merged from, named by other paths (relative ones from another working folder), are the
    same files when their contents are."""
    from cardlab.cli import main

    for name, seed in (("a", 1), ("b", 2)):
        generate(str(tmp_path / f"{name}.h5"), DatagenSettings(agents=("random-action", "random-action"), games=4,
                                                                seed=seed))
    monkeypatch.chdir(tmp_path)
    common = ["--out", str(tmp_path / "run"), "--batch-size", "64", "--seed", "1"]
    assert main(["train", "value", "--data", "a.h5", "b.h5", "--max-epochs", "1", *common]) == 0
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert main(["train", "value", "--data", "../a.h5", "../b.h5", "--max-epochs", "2", "--resume", *common]) == 0
    assert main(["train", "value", "--data", "../b.h5", "../a.h5", "--max-epochs", "3", "--resume", *common]) == 2


def test_resume_on_one_file_typed_from_another_folder(tmp_path, monkeypatch):
    """One file named relatively when the run began and by another path on --resume is the same file when its
    contents are; another file with the same name is still refused."""
    from cardlab.cli import main

    generate(str(tmp_path / "a.h5"), DatagenSettings(agents=("random-action", "random-action"), games=4, seed=1))
    monkeypatch.chdir(tmp_path)
    common = ["--out", str(tmp_path / "run"), "--batch-size", "64", "--seed", "1"]
    assert main(["train", "value", "--data", "a.h5", "--max-epochs", "1", *common]) == 0
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert main(["train", "value", "--data", str(tmp_path / "a.h5"), "--max-epochs", "2", "--resume", *common]) == 0
    generate(str(tmp_path / "elsewhere" / "a.h5"), DatagenSettings(agents=("random-action", "random-action"),
                                                                   games=4, seed=2))
    assert main(["train", "value", "--data", "a.h5", "--max-epochs", "3", "--resume", *common]) == 2


def test_a_resumed_run_keeps_the_loading_mode_it_began_with(tiny, tmp_path, monkeypatch):
    """A run begun in memory, resumed by a cardlab whose in-memory limit would now stream the same file, goes on in
    memory to the uninterrupted weights (it died with KeyError 'stream_epoch')."""
    import cardlab.datagen.reader as reader

    cfg = dict(batch_size=32, hidden=[16])
    fit_value(tiny, ValueConfig(max_epochs=2, **cfg), tmp_path / "whole", progress=False)
    fit_value(tiny, ValueConfig(max_epochs=1, **cfg), tmp_path / "parts", progress=False)
    monkeypatch.setattr(reader, "IN_MEMORY_FACTOR", 1e12)  # "auto" would stream it now
    summary = fit_value(tiny, ValueConfig(max_epochs=2, **cfg), tmp_path / "parts", progress=False, resume=True)
    whole, parts = _weights(tmp_path / "whole"), _weights(tmp_path / "parts")
    assert all(torch.equal(whole[k], parts[k]) for k in whole)
    assert summary["data"]["streamed"] is False


def test_a_fixed_thread_count_gives_the_same_weights_and_is_recorded(tiny, tmp_path):
    """torch's thread count changes how sums are split (weights differed by ~4e-8 after 3 epochs between 1 and 2
    threads): `threads:` fixes it for the run, restores the process's setting after, and value.pt records it."""
    before = torch.get_num_threads()
    cfg = dict(max_epochs=2, batch_size=32, hidden=[16], threads=1)
    fit_value(tiny, ValueConfig(**cfg), tmp_path / "a", progress=False)
    torch.set_num_threads(2)
    try:
        summary = fit_value(tiny, ValueConfig(**cfg), tmp_path / "b", progress=False)
        assert torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(before)
    a, b = _weights(tmp_path / "a"), _weights(tmp_path / "b")
    assert all(torch.equal(a[k], b[k]) for k in a) and summary["data"]["torch_threads"] == 1
    saved = torch.load(tmp_path / "b" / "value.pt", map_location="cpu", weights_only=False)
    assert saved["meta"]["data"]["torch_threads"] == 1
    with pytest.raises(UserError, match="threads"):
        ValueConfig(threads=-1).validate()


def test_a_run_saved_before_a_setting_existed_resumes_with_its_default(tiny, tmp_path):
    """Checkpoints of runs begun before `threads:` existed lack it: they ran with the default, so they resume."""
    cfg = dict(batch_size=32, hidden=[16])
    fit_value(tiny, ValueConfig(max_epochs=1, **cfg), tmp_path / "run", progress=False)
    last = tmp_path / "run" / "checkpoints" / "last.ckpt"
    checkpoint = torch.load(last, map_location="cpu", weights_only=False)
    del checkpoint["hyper_parameters"]["cfg"]["threads"]
    torch.save(checkpoint, last)
    fit_value(tiny, ValueConfig(max_epochs=2, **cfg), tmp_path / "run", progress=False, resume=True)
