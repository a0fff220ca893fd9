"""Value-network training end to end on a tiny file; checkpoints reload exactly; bad inputs are clear errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import torch

from cardlab.agents.value_evaluator import ValueNetEvaluator, load_value_checkpoint
from cardlab.cli import main
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError
from cardlab.engine.hearthstone import HearthstoneGame
from cardlab.train.value import ValueConfig, fit_value


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("value") / "tiny.h5"
    generate(path, DatagenSettings(agents=("random-action", "random-action"), games=30, seed=3), commit_every=10)
    return path


@pytest.mark.parametrize("chains,colour_labels", [("full", "game"), ("colour", "game"), ("colour", "sub_chain")])
def test_training_runs_and_checkpoint_reloads_identically(tiny, tmp_path, chains, colour_labels):
    cfg = ValueConfig(chains=chains, colour_labels=colour_labels, max_epochs=2, batch_size=64, hidden=[16, 16])
    summary = fit_value(tiny, cfg, tmp_path / chains, progress=False)
    assert summary["data"]["rows_from"] == ("chains/colour" if colour_labels == "sub_chain" else "chains/full")
    assert (tmp_path / chains / "value.pt").is_file()
    assert list((tmp_path / chains / "tensorboard").rglob("events.out.tfevents*")), "no TensorBoard log"
    assert summary["data"]["rows"]["train"] > 0 and "test_loss" in summary["test"]
    net, meta = load_value_checkpoint(summary["checkpoint"])
    assert meta["encoder"] == "seed96" and meta["kind"] == ("colour_trio" if chains == "colour" else "value_net")
    again, _ = load_value_checkpoint(summary["checkpoint"])
    x = torch.randn(8, meta["in_dim"])
    if chains == "colour":
        colour = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1])
        assert torch.equal(net(x, colour), again(x, colour))
    else:
        assert torch.equal(net(x), again(x))
    evaluator = ValueNetEvaluator(summary["checkpoint"], device="cpu")
    state = HearthstoneGame().new_initial_state(1)
    values = evaluator.evaluate([state, state.clone()], 0)
    assert values[0] == values[1]
    if colour_labels == "sub_chain":
        from cardlab.agents.value_evaluator import COLOUR_OFFSET

        # A fresh game is green for both players; the colour ranks first, the net within ±reward.
        assert evaluator.colour(state, 0) == 0 and abs(values[0] - COLOUR_OFFSET[0]) <= 100
    else:
        assert abs(values[0]) <= 100  # game labels: every colour's net in label units, compared directly


def test_game_label_trio_needs_colour_in_full_chains(tiny, tmp_path):
    """A file from before full chains carried the colour is refused with a message, not a KeyError."""
    import shutil

    import h5py

    old = tmp_path / "old.h5"
    shutil.copy(tiny, old)
    with h5py.File(old, "a") as f:
        del f["chains/full/colour"]
    with pytest.raises(UserError, match="carry no threat colour"):
        fit_value(old, ValueConfig(chains="colour", max_epochs=1, hidden=[8]), tmp_path / "out", progress=False)


def test_training_learns_something(tiny, tmp_path):
    """After a few epochs the validation loss is below predicting zero (the label variance)."""
    from cardlab.datagen.reader import ChainData

    cfg = ValueConfig(max_epochs=8, batch_size=64, hidden=[32, 32], activation="relu", lr=3e-3)
    summary = fit_value(tiny, cfg, tmp_path / "learn", progress=False)
    data = ChainData(tiny, "full")
    _, _, test_idx = data.split_by_game(val=0.1, test=0.1, seed=0)
    labels = data.take("label", test_idx) / 100.0
    assert summary["test"]["test_loss"] < float((labels ** 2).mean())


def test_checkpoint_errors_are_clear(tmp_path, tiny):
    missing = tmp_path / "nope.pt"
    with pytest.raises(UserError, match="does not exist"):
        load_value_checkpoint(missing)
    junk = tmp_path / "junk.pt"
    junk.write_bytes(b"not a checkpoint")
    with pytest.raises(UserError, match="not a readable cardlab value checkpoint"):
        load_value_checkpoint(junk)
    foreign = tmp_path / "foreign.pt"
    torch.save({"weights": torch.zeros(3)}, foreign)
    with pytest.raises(UserError, match="not a cardlab value checkpoint"):
        load_value_checkpoint(foreign)


def test_checkpoint_for_another_encoder_is_refused(tiny, tmp_path):
    cfg = ValueConfig(max_epochs=1, batch_size=64, hidden=[8])
    summary = fit_value(tiny, cfg, tmp_path / "enc", progress=False)
    blob = torch.load(summary["checkpoint"], weights_only=True)
    blob["meta"]["encoder_version"] = 99
    other = tmp_path / "other.pt"
    torch.save(blob, other)
    with pytest.raises(UserError, match="trained with encoder seed96 v99"):
        ValueNetEvaluator(other)
    blob["meta"]["encoder_version"] = 1
    blob["meta"]["game"] = "dominion"
    torch.save(blob, other)
    with pytest.raises(UserError, match="dominion"):
        ValueNetEvaluator(other)


def test_cli_train_value_json_and_bad_config(tiny, tmp_path, capfd):
    capsys = capfd  # file-descriptor capture: Lightning's own log handlers are caught too
    config = tmp_path / "c.yaml"
    config.write_text("hidden: [8]\nmax_epochs: 1\nbatch_size: 64\n")
    # a separate process, as a user runs it: Lightning's log handlers print outside pytest's capture
    run = subprocess.run([sys.executable, "-c", "import sys; from cardlab.cli import main; sys.exit(main())", "train",
                          "value", "--data", str(tiny), "--config", str(config), "--out", str(tmp_path / "o")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    for noise in ("GPU available", "TPU available", "Tip:", "log_every_n_steps", "deprecated"):
        assert noise not in run.stdout + run.stderr  # only cardlab's own progress and summary
    assert f"checkpoint: {tmp_path / 'o' / 'value.pt'}" in run.stdout
    before = (tmp_path / "o" / "value.pt").read_bytes()
    # a second run into the same folder would overwrite the first: refused, the first run's files untouched
    assert main(["train", "value", "--data", str(tiny), "--config", str(config), "--out", str(tmp_path / "o")]) == 2
    assert "already holds a training run" in capsys.readouterr().err
    assert (tmp_path / "o" / "value.pt").read_bytes() == before
    config.write_text("hiden: [8]\n")
    assert main(["train", "value", "--data", str(tiny), "--config", str(config)]) == 2
    assert "unknown setting(s) hiden" in capsys.readouterr().err
    assert main(["train", "value", "--data", str(tmp_path / "missing.h5")]) == 2
    assert "missing.h5" in capsys.readouterr().err


def test_cli_trains_on_several_files_merged_into_the_run_folder(tiny, tmp_path, capfd):
    basic = tmp_path / "basic.h5"
    generate(basic, DatagenSettings(agents=("random-action", "random-action"), games=10, seed=4,
                                    game="hearthstone:pool=basic"))
    config = tmp_path / "c.yaml"
    config.write_text("hidden: [8]\nmax_epochs: 1\nbatch_size: 64\n")
    out = tmp_path / "o"
    assert main(["train", "value", "--data", str(tiny), str(basic), "--config", str(config), "--out", str(out),
                 "--json"]) == 0
    summary = json.loads(capfd.readouterr().out.strip().splitlines()[-1])
    assert summary["data"]["games"] == 40  # 30 Liège games + 10 Basic-pool games
    assert summary["data"]["file"] == str(out / "train-data.h5")
    assert [s["game"] for s in summary["data"]["merged_from"]] == ["hearthstone:deck=liege", "hearthstone:pool=basic"]
    _, meta = load_value_checkpoint(out / "value.pt")
    from cardlab.commands.quickstart import trained_on
    assert trained_on(meta["data"]) == "40 games of 2 datagen runs (hearthstone:deck=liege, hearthstone:pool=basic)"
    # the finished run's merged data is not overwritten by a second run into the folder
    before = (out / "train-data.h5").read_bytes()
    assert main(["train", "value", "--data", str(tiny), str(basic), "--out", str(out)]) == 2
    assert "already holds a training run" in capfd.readouterr().err
    assert (out / "train-data.h5").read_bytes() == before


def test_large_files_are_streamed_in_blocks(tiny, tmp_path):
    """A training split above max_memory_mb is read block by block; the statistics match the in-memory ones."""
    from cardlab.train.value import ChainDataModule

    streamed = ChainDataModule(tiny, ValueConfig(max_memory_mb=0, stream_block_rows=50))
    streamed.setup()
    loaded = ChainDataModule(tiny, ValueConfig())
    loaded.setup()
    assert streamed.streaming and not loaded.streaming
    assert torch.allclose(streamed.mean, loaded.mean, atol=1e-4) and torch.allclose(streamed.std, loaded.std, atol=1e-3)
    batches = list(streamed.train_dataloader())
    assert sum(len(b[0]) for b in batches) == streamed.summary["rows"]["train"]
    summary = fit_value(tiny, ValueConfig(max_epochs=2, batch_size=64, hidden=[8], max_memory_mb=0,
                                          stream_block_rows=100), tmp_path / "s", progress=False)
    assert summary["data"]["streamed"] and "test_loss" in summary["test"]


def test_training_in_a_log_file_prints_plain_progress_lines(tiny, tmp_path, capsys):
    """stderr is not a terminal here (as in a log file or CI): every epoch prints a plain line with its losses."""
    fit_value(tiny, ValueConfig(max_epochs=2, hidden=[8]), tmp_path / "run", progress=True)
    err = capsys.readouterr().err
    assert "train value: epoch 1/2 done" in err and "train value: epoch 2/2 done" in err
    assert "val_loss" in err


def test_training_on_two_devices_exports_one_checkpoint_from_merged_files(tmp_path):
    """`--devices 2` (two CPU processes here, GPUs on a user's machine): Lightning relaunches the command for rank
    1; rank 0 alone merges, exports and reports, and both ranks test the same best epoch."""
    a, b = tmp_path / "a.h5", tmp_path / "b.h5"
    for path, seed in ((a, 1), (b, 2)):
        generate(path, DatagenSettings(agents=("random-action", "random-action"), games=12, seed=seed))
    out = tmp_path / "run"
    done = subprocess.run([sys.executable, "-m", "cardlab", "train", "value", "--data", str(a), str(b), "--out",
                           str(out), "--max-epochs", "2", "--devices", "2"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("checkpoint: ") == 1 and "Traceback" not in done.stderr
    assert "does not exist" not in done.stderr and "error" not in done.stderr.lower()
    _, meta = load_value_checkpoint(out / "value.pt")
    assert meta["data"]["games"] == 24
    assert len(list((out / "checkpoints").glob("best-*.ckpt"))) == 1


def test_the_colour_trio_trains_on_two_devices(tiny, tmp_path):
    """Under distributed data parallel a batch without one colour's rows leaves that colour's net out of the loss;
    the trio runs with unused parameters allowed instead of failing in the reducer."""
    out = tmp_path / "trio"
    done = subprocess.run([sys.executable, "-m", "cardlab", "train", "value", "--data", str(tiny), "--chains", "colour",
                           "--out", str(out), "--max-epochs", "1", "--batch-size", "4", "--devices", "2"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and (out / "value.pt").is_file()


def test_devices_auto_is_one_device_and_a_trio_on_several_allows_unused_parameters():
    from cardlab.train.value import lightning_trainer

    assert lightning_trainer(ValueConfig(), logger=False).num_devices == 1  # Lightning's "auto": every GPU
    trio = lightning_trainer(ValueConfig(chains="colour", devices="2"), logger=False)
    assert trio.num_devices == 2 and trio.strategy._ddp_kwargs.get("find_unused_parameters") is True
    single = lightning_trainer(ValueConfig(devices="2"), logger=False)
    assert not single.strategy._ddp_kwargs.get("find_unused_parameters")


def test_value_pt_holds_float32_weights_whatever_the_training_precision(tiny, tmp_path):
    summary = fit_value(tiny, ValueConfig(max_epochs=1, batch_size=64, hidden=[8], precision="bf16-true"),
                        tmp_path / "bf16", progress=False)
    blob = torch.load(summary["checkpoint"], map_location="cpu", weights_only=True)
    assert {v.dtype for v in blob["state_dict"].values() if v.is_floating_point()} == {torch.float32}
    net, _ = load_value_checkpoint(summary["checkpoint"])
    assert net(torch.randn(3, net.normalizer.mean.shape[0])).dtype == torch.float32


@pytest.mark.parametrize("gpu", ["cuda", "mps"])
def test_a_resumed_run_restores_the_gpus_random_state(monkeypatch, gpu):
    """Dropout on a GPU draws from the device's generator: a resumed run must continue its stream, not restart it
    from the seed (simulated: no GPU here)."""
    from cardlab.train.value import TrainingOrderState

    device_state = {"now": torch.tensor([1, 2, 3], dtype=torch.uint8)}
    available = torch.cuda if gpu == "cuda" else torch.backends.mps
    monkeypatch.setattr(available, "is_available", lambda: True)
    module = torch.cuda if gpu == "cuda" else torch.mps
    monkeypatch.setattr(module, "get_rng_state", lambda *a, **k: device_state["now"].clone())
    monkeypatch.setattr(module, "set_rng_state", lambda state, *a, **k: device_state.update(now=state))

    class Data:
        def shuffle_state(self):
            return {}

        def load_shuffle_state(self, state):
            pass

    callback = TrainingOrderState(Data())
    saved = callback.state_dict()
    device_state["now"] = torch.tensor([9, 9, 9], dtype=torch.uint8)  # what seed_everything leaves on resume
    callback.load_state_dict(saved)
    assert device_state["now"].tolist() == [1, 2, 3]


def test_streamed_training_labels_are_scaled_like_in_memory_ones(tiny):
    """A file too large for memory is streamed: the net must learn the same targets (labels / reward, in [-1, 1])
    as when the file fits in memory, not labels 100 times larger that send its values out of range."""
    from cardlab.train.value import ChainDataModule

    streamed = ChainDataModule(tiny, ValueConfig(max_memory_mb=0, stream_block_rows=50, batch_size=64))
    streamed.setup()
    loaded = ChainDataModule(tiny, ValueConfig(batch_size=64))
    loaded.setup()
    assert streamed.streaming and streamed.label_scale == loaded.label_scale == 100.0
    got = torch.cat([b[1] for b in streamed.train_dataloader()])
    want = torch.cat([b[1] for b in loaded.train_dataloader()])
    assert got.abs().max() <= 1.0 and got.abs().max() > 0
    assert torch.allclose(got.sort().values, want.sort().values)


def test_a_value_checkpoint_whose_weights_changed_since_export_is_refused(tiny, tmp_path):
    """A value.pt whose weights were altered after export (one changed weight, the file still a valid torch file)
    must be refused as damaged, not loaded silently into an agent that then plays with wrong values."""
    summary = fit_value(tiny, ValueConfig(max_epochs=1, batch_size=64, hidden=[8]), tmp_path / "d", progress=False)
    blob = torch.load(summary["checkpoint"], map_location="cpu", weights_only=True)
    name = next(k for k, v in blob["state_dict"].items() if v.is_floating_point() and v.numel())
    blob["state_dict"][name].view(-1)[0] += 1.0
    damaged = tmp_path / "damaged.pt"
    torch.save(blob, damaged)
    load_value_checkpoint(summary["checkpoint"])  # the untouched file loads
    with pytest.raises(UserError, match="SHA-256"):
        load_value_checkpoint(damaged)


@pytest.mark.skipif(torch.cuda.is_available(), reason="needs a machine without a GPU")
def test_an_evaluator_on_a_gpu_this_machine_lacks_is_one_error(tiny, tmp_path):
    summary = fit_value(tiny, ValueConfig(max_epochs=1, batch_size=64, hidden=[8]), tmp_path / "c", progress=False)
    with pytest.raises(UserError, match="cannot put the network on device 'cuda'"):
        ValueNetEvaluator(summary["checkpoint"], device="cuda")


def test_fit_value_given_several_files_says_how_to_merge_them(tiny, tmp_path):
    with pytest.raises(UserError, match="fit_value trains on one file.*merge_chain_files"):
        fit_value([tiny, tiny], ValueConfig(max_epochs=1), tmp_path / "m", progress=False)
    assert not (tmp_path / "m").exists()


def test_python_callers_name_shipped_networks_like_agent_specs():
    net, meta = load_value_checkpoint("dominion-sbm-explore", game="dominion")
    assert meta["game"] == "dominion"
    evaluator = ValueNetEvaluator("dominion-sbm-explore", device="cpu", game="dominion")
    from cardlab.engine.registry import make_game

    state = make_game("dominion").new_initial_state(1)
    assert len(evaluator.evaluate([state], 0)) == 1


def test_the_summary_says_where_and_how_fast_it_trained(tiny, tmp_path):
    cfg = dict(batch_size=64, hidden=[8])
    summary = fit_value(tiny, ValueConfig(max_epochs=2, **cfg), tmp_path / "r", progress=False)
    assert summary["device"] == "cpu" and summary["precision"] == "32-true" and summary["epochs_run"] == 2
    assert summary["fit_seconds"] > 0 and summary["train_rows_per_second"] > 0
    (tmp_path / "r" / "value.pt").unlink()
    more = fit_value(tiny, ValueConfig(max_epochs=3, **cfg), tmp_path / "r", progress=False, resume=True)
    assert more["epochs_run"] == 1  # a resumed run counts only its own epochs


def test_a_run_started_from_a_checkpoint_begins_with_its_weights_and_shape(tiny, tmp_path, capfd):
    """--init fine-tunes: the run takes the checkpoint's architecture and weights (at a vanishing learning rate the
    export is the checkpoint's net), and records where it started."""
    base = fit_value(tiny, ValueConfig(chains="colour", max_epochs=1, batch_size=64, hidden=[16, 16],
                                       activation="relu", norm="layer", dropout=0.2), tmp_path / "base",
                     progress=False)
    start, start_meta = load_value_checkpoint(base["checkpoint"])
    out = tmp_path / "tuned"
    assert main(["train", "value", "--data", str(tiny), "--init", base["checkpoint"], "--lr", "1e-12",
                 "--max-epochs", "1", "--out", str(out), "--json"]) == 0
    tuned, meta = load_value_checkpoint(out / "value.pt")
    assert meta["kind"] == "colour_trio" and meta["config"]["hidden"] == [16, 16]
    assert meta["config"]["activation"] == "relu" and meta["config"]["norm"] == "layer"
    assert meta["config"]["dropout"] == 0.2 and meta["config"]["lr"] == 1e-12  # a default taken; an option kept
    assert meta["init"] == {"checkpoint": base["checkpoint"], "weights_sha256": start_meta["weights_sha256"]}
    for name, weights in start.state_dict().items():
        assert torch.allclose(tuned.state_dict()[name], weights, atol=1e-6), name
    fresh = fit_value(tiny, ValueConfig(chains="colour", max_epochs=1, batch_size=64, hidden=[16, 16],
                                        activation="relu", norm="layer", lr=1e-12, seed=1), tmp_path / "fresh",
                      progress=False)
    other, _ = load_value_checkpoint(fresh["checkpoint"])
    first = next(name for name in start.state_dict() if name.endswith("weight"))
    assert not torch.allclose(other.state_dict()[first], start.state_dict()[first])  # a fresh start differs


def test_a_checkpoint_that_cannot_start_the_run_is_one_error(tiny, tmp_path, capfd):
    base = fit_value(tiny, ValueConfig(chains="colour", max_epochs=1, batch_size=64, hidden=[16, 16]),
                     tmp_path / "base", progress=False)
    capfd.readouterr()
    cases = [(["--init", base["checkpoint"], "--chains", "full"], "it is a colour_trio"),
             (["--init", base["checkpoint"], "--batch-size", "64"], None),
             (["--init", "pool-trio-wide"], "trained on encoder 'rich', but"),
             (["--init", "dominion-sbm-explore"], "trained for the game 'dominion', but"),
             (["--init", "q8-shaped"], "a DQN or Q-learning model cannot start a value network"),
             (["--init", ""], "is not a checkpoint"),
             (["--init", str(tmp_path / "missing.pt")], "missing.pt' does not exist")]
    dropout = tmp_path / "dropout.yaml"
    dropout.write_text("dropout: 0.1\n")  # a dropout layer where the checkpoint has none: the layers would not line up
    cases.append((["--init", base["checkpoint"], "--config", str(dropout)], "not between 0 and more"))
    config = tmp_path / "c.yaml"
    config.write_text("hidden: [32]\n")
    cases.append((["--init", base["checkpoint"], "--config", str(config)], "trained with hidden [16, 16], this run "
                                                                           "asks for [32]"))
    for i, (options, message) in enumerate(cases):
        out = tmp_path / f"o{i}"
        rc = main(["train", "value", "--data", str(tiny), "--max-epochs", "1", "--out", str(out), *options])
        err = capfd.readouterr().err
        if message is None:
            assert rc == 0, err
            continue
        assert rc == 2 and message in err and "Traceback" not in err, err
        assert not out.exists()  # refused before any file was read
    # several files: refused before they are merged into the run folder
    other = tmp_path / "other.h5"
    generate(other, DatagenSettings(agents=("random-action", "random-action"), games=4, seed=4))
    out = tmp_path / "merged"
    assert main(["train", "value", "--data", str(tiny), str(other), "--init", "pool-trio-wide", "--out", str(out)]) == 2
    assert "trained on encoder 'rich'" in capfd.readouterr().err
    assert not out.exists()


def test_a_resumed_fine_tuning_keeps_where_it_started(tiny, tmp_path, capfd):
    """The weights of a resumed run come from its last checkpoint: value.pt names the weights it started from,
    even when the init file has been trained further (or removed) since."""
    base = tmp_path / "base"
    config = tmp_path / "c.yaml"
    config.write_text("hidden: [8]\nbatch_size: 64\n")
    assert main(["train", "value", "--data", str(tiny), "--config", str(config), "--max-epochs", "1",
                 "--out", str(base)]) == 0
    _, first = load_value_checkpoint(base / "value.pt")
    tuned = tmp_path / "tuned"
    command = ["train", "value", "--data", str(tiny), "--init", str(base / "value.pt"), "--batch-size", "64",
               "--out", str(tuned)]
    assert main([*command, "--max-epochs", "1"]) == 0
    (base / "value.pt").rename(tmp_path / "moved.pt")  # the start's file is gone by the time the run resumes
    assert main([*command, "--max-epochs", "2", "--resume"]) == 0
    _, meta = load_value_checkpoint(tuned / "value.pt")
    assert meta["init"] == {"checkpoint": str(base / "value.pt"), "weights_sha256": first["weights_sha256"]}
    assert "started from: " in capfd.readouterr().out


def test_the_loop_refuses_a_train_config_with_init(tmp_path):
    from cardlab.train.loop import LoopSettings

    with pytest.raises(UserError, match="init: pool-trio-wide: each generation's net trains from scratch"):
        LoopSettings(train={"init": "pool-trio-wide"}).resolved()
