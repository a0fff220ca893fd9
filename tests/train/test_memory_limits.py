"""Sizes the machine cannot hold and loop training configs the game cannot take: one line naming the setting,
exit 2, refused before a run or loop folder exists (a loop: before any game)."""

from __future__ import annotations

import pytest

from cardlab.cli import main
from cardlab.datagen.runner import DatagenSettings, generate

GIB = 2 ** 30


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("mem") / "tiny.h5"
    generate(path, DatagenSettings(agents=("random-action", "random-action"), games=6, seed=4), commit_every=6)
    return path


@pytest.fixture
def eight_gib(monkeypatch):
    """The same machine everywhere: 8 GiB of memory, whatever the test runs on."""
    import cardlab.train.replay as replay

    monkeypatch.setattr(replay, "physical_memory", lambda: 8 * GIB)


def _config(tmp_path, text: str) -> str:
    (tmp_path / "c.yaml").write_text(text)
    return str(tmp_path / "c.yaml")


def test_a_value_net_too_large_for_the_machine_is_refused_before_the_run_folder(tiny, tmp_path, capsys, eight_gib):
    config = _config(tmp_path, "max_epochs: 1\nhidden: [100000000]\n")
    out = tmp_path / "run"
    assert main(["train", "value", "--data", str(tiny), "--config", config, "--out", str(out), "--json"]) == 2
    err = capsys.readouterr().err
    assert "c.yaml: hidden [100000000]: a network of" in err and "8.0 GiB of memory" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_a_value_net_that_fails_to_allocate_names_hidden(tiny, tmp_path, capsys, monkeypatch):
    import cardlab.train.value as value

    def cannot(*args, **kwargs):
        raise RuntimeError("[enforce fail at alloc_cpu.cpp:127] DefaultCPUAllocator: can't allocate memory")

    monkeypatch.setattr(value, "ValueModule", cannot)
    config = _config(tmp_path, "max_epochs: 1\nhidden: [64]\n")
    out = tmp_path / "run"
    assert main(["train", "value", "--data", str(tiny), "--config", config, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "c.yaml: hidden [64]: the network on" in err and "cannot be allocated" in err
    assert not out.exists()


def _loop(tmp_path, *extra) -> int:
    return main(["loop", "--out", str(tmp_path / "loop"), "--generations", "1", "--games-per-gen", "4",
                 "--gate-games", "4", "--anchor-games", "2", "--anchors", "random", "--max-nodes", "30",
                 "--max-epochs", "1", "--workers", "1", "--quiet", *extra])


def test_a_loop_refuses_a_value_net_too_large_before_any_game(tmp_path, capsys, eight_gib):
    assert _loop(tmp_path, "--train-config", _config(tmp_path, "hidden: [100000000]\n")) == 2
    err = capsys.readouterr().err
    assert "--train-config: hidden [100000000]" in err and "Traceback" not in err
    assert not (tmp_path / "loop").exists()


def test_a_loop_refuses_colour_chains_for_a_game_without_them_before_any_game(tmp_path, capsys):
    assert _loop(tmp_path, "--game", "dominion", "--train-config", _config(tmp_path, "chains: colour\n")) == 2
    err = capsys.readouterr().err
    assert "--train-config: chains: colour: colour chains are Hearthstone's; dominion trains with chains: full" in err
    assert not (tmp_path / "loop").exists()


@pytest.mark.parametrize("error", [MemoryError("Unable to allocate 313. TiB for an array"),
                                   RuntimeError("DefaultCPUAllocator: can't allocate memory: you tried to allocate")])
def test_an_uncaught_allocation_failure_is_one_line(monkeypatch, capsys, error):
    from cardlab.commands import cards

    def fails(args):
        raise error

    monkeypatch.setattr(cards, "run", fails)
    assert main(["cards"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardlab cards: error: out of memory (") and len(err.strip().splitlines()) == 1


def test_other_runtime_errors_are_still_shown_as_bugs(monkeypatch):
    from cardlab.commands import cards

    def fails(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cards, "run", fails)
    with pytest.raises(RuntimeError, match="a bug"):
        main(["cards"])


def test_a_container_memory_limit_counts_as_the_machines_memory(tmp_path, monkeypatch):
    from cardlab.train import replay

    limit = tmp_path / "memory.max"
    limit.write_text("1073741824\n")  # a 1 GiB container on a larger machine
    monkeypatch.setattr(replay, "_CGROUP_LIMITS", (str(limit),))
    assert replay.physical_memory() == 2 ** 30
    limit.write_text("max\n")  # no limit: the machine's RAM
    assert replay.physical_memory() > 2 ** 30


# ------------------------------------------------------------------ reading large chain files


@pytest.fixture(scope="module")
def small_chunks(tiny, tmp_path_factory):
    """`tiny` rewritten in chunks of 8 rows, so that its 118 rows span many chunks (datagen writes 512)."""
    import shutil

    import h5py

    path = tmp_path_factory.mktemp("mem") / "chunks8.h5"
    shutil.copy(tiny, path)
    with h5py.File(path, "r+") as f:
        g = f["chains/full"]
        for name in list(g):
            data = g[name][:]
            del g[name]
            g.create_dataset(name, data=data, chunks=(8, *data.shape[1:]), compression="gzip")
    return path


@pytest.fixture
def h5_reads(monkeypatch):
    """Every (dataset name, selection) h5py is asked to read."""
    import h5py

    reads = []
    original = h5py.Dataset.__getitem__

    def spy(self, args, *more, **kwargs):
        reads.append((self.name.rsplit("/", 1)[-1], args))
        return original(self, args, *more, **kwargs)

    monkeypatch.setattr(h5py.Dataset, "__getitem__", spy)
    return reads


def test_streamed_rows_are_the_in_memory_rows_read_as_ranges(small_chunks, monkeypatch, h5_reads):
    """Reading rows from the file (a streamed file) gives exactly what indexing the loaded columns gives, for any
    indices (unordered, repeated, sparse), and reads contiguous ranges of bounded size: h5py's point selection
    read about 22,000 rows/s, against millions for a range."""
    import numpy as np

    from cardlab.datagen import reader
    from cardlab.datagen.reader import ChainData

    loaded, streamed = ChainData(small_chunks, "full", load=True), ChainData(small_chunks, "full", load=False)
    n = len(loaded)
    train, val, test = loaded.split_by_game(val=0.2, test=0.2, seed=1)
    rng = np.random.default_rng(0)
    cases = [train, val, test, rng.integers(0, n, 300), rng.permutation(n), np.array([n - 1, 0, 5, 5, n - 1]),
             np.array([3]), np.array([], dtype=np.int64), np.arange(n)[::7]]
    monkeypatch.setattr(reader, "READ_BYTES", 20 * streamed.dim * 4, raising=False)  # 16 rows of features a read
    monkeypatch.setattr(reader, "GAP_BYTES", 1, raising=False)  # a gap of over one chunk (8 rows): another read
    want = {name: [loaded.take(name, idx) for idx in cases] for name in ("features", "label", "game_id")}
    h5_reads.clear()
    for name, values in want.items():
        for idx, expected in zip(cases, values):
            got = streamed.take(name, idx)
            assert got.dtype == expected.dtype and got.shape == expected.shape and np.array_equal(got, expected)
    assert h5_reads and all(isinstance(sel, slice) for _, sel in h5_reads), [r for r in h5_reads
                                                                             if not isinstance(r[1], slice)]
    spans = [sel.stop - sel.start for name, sel in h5_reads if name == "features"]
    assert max(spans) <= 16 and len(spans) > 3 * len(cases)  # bounded ranges, several per index array
    for name, values in want.items():  # several index arrays in one pass (training's in-memory setup)
        for got, expected in zip(streamed.gather(name, train, val, test), values):
            assert np.array_equal(got, expected)
    assert "features" not in streamed._cache


def test_a_streamed_split_is_read_in_blocks_and_batched_like_in_memory_rows(tiny, h5_reads):
    """A streamed file keeps no split in memory: validation and test rows are read block by block, in the batches
    an in-memory loader makes, so the validation loss (and the best epoch) is the same."""
    import torch

    from cardlab.train.value import ChainDataModule, ValueConfig

    loaded = ChainDataModule(tiny, ValueConfig(batch_size=16, val_fraction=0.3, test_fraction=0.2))
    loaded.setup()
    streamed = ChainDataModule(tiny, ValueConfig(batch_size=16, val_fraction=0.3, test_fraction=0.2, max_memory_mb=0,
                                                 stream_block_rows=20))
    h5_reads.clear()
    streamed.setup()
    assert streamed.streaming and not loaded.streaming and not streamed.tensors
    assert "features" not in streamed.train_stream.data._cache  # the file's features were not loaded whole
    assert all(isinstance(sel, slice) for _, sel in h5_reads)
    assert streamed.summary["rows"] == loaded.summary["rows"]
    for split in ("val", "test"):
        got = list(getattr(streamed, f"{split}_dataloader")())
        want = list(getattr(loaded, f"{split}_dataloader")())
        assert [len(b[0]) for b in got] == [len(b[0]) for b in want]
        for a, b in zip(got, want):
            assert all(torch.equal(x, y) for x, y in zip(a, b))
    assert torch.allclose(streamed.mean, loaded.mean, atol=1e-5) and torch.allclose(streamed.std, loaded.std, atol=1e-5)


def test_loading_a_file_whole_follows_max_memory_mb(tiny):
    """load="auto" loads a chain kind into memory when holding it costs at most max_memory_mb (the features times
    the measured factor, plus the other columns), and streams it otherwise, whatever the file's size on disk."""
    from cardlab.datagen.reader import IN_MEMORY_FACTOR, ChainData
    from cardlab.train.value import ChainDataModule, ValueConfig

    data = ChainData(tiny, "full")
    assert data.memory_bytes >= len(data) * data.dim * 4 * IN_MEMORY_FACTOR
    limit_mb = data.memory_bytes / 2 ** 20
    assert ChainData(tiny, "full", max_memory_mb=limit_mb).in_memory
    assert not ChainData(tiny, "full", max_memory_mb=limit_mb * 0.99).in_memory
    assert not ChainData(tiny, "full", max_memory_mb=0).in_memory
    assert ChainData(tiny, "full").in_memory  # no limit given: small files are loaded, as before
    streamed = ChainDataModule(tiny, ValueConfig(max_memory_mb=0))
    streamed.setup()
    assert streamed.streaming and not streamed.train_stream.data.in_memory  # nothing loaded whole behind its back


def test_training_setup_prints_a_plain_line_when_not_on_a_terminal(tiny, tmp_path, capsys, monkeypatch):
    """Setup reads the whole file (statistics, labels, the file's hash) before the first epoch, minutes for a large
    file: in a log file it says so when it starts, and then every 30 s (here every few ms)."""
    import time

    from cardlab.datagen import reader
    from cardlab.train.value import ChainDataModule, ValueConfig

    ChainDataModule(tiny, ValueConfig(), progress=True).setup()
    err = capsys.readouterr().err
    assert err.startswith(f"train value: reading 118 rows of {tiny} (chains/full), into memory (about ")
    assert len(err.splitlines()) == 1
    ChainDataModule(tiny, ValueConfig(), progress=False).setup()
    assert capsys.readouterr().err == ""

    hash_file = reader.file_sha256

    def slow_hash(path):
        time.sleep(0.3)
        return hash_file(path)

    monkeypatch.setattr(reader, "file_sha256", slow_hash)
    monkeypatch.setattr(ChainDataModule, "setup_every_s", 0.05)
    assert main(["train", "value", "--data", str(tiny), "--out", str(tmp_path / "run"), "--max-epochs", "1",
                 "--config", _config(tmp_path, "hidden: [8]\nmax_memory_mb: 0\nstream_block_rows: 50\n")]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("train value: reading 118 rows of") and "streamed in blocks of 50 rows" in lines[0]
    assert "above max_memory_mb 0" in lines[0]
    assert any(line.startswith(f"train value: setup: hashing {tiny} (") for line in lines[1:])


def test_stored_states_are_read_chunk_by_chunk_and_a_single_index_works(tmp_path, h5_reads):
    """A variable-length column (stored states) is 8 bytes a row to its dtype but ~1 KB on disk: reading 3 rows far
    apart must not read every state between them; and a scalar index gives a scalar row, as numpy's does."""
    import numpy as np

    from cardlab.datagen.reader import ChainData
    from cardlab.datagen.runner import DatagenSettings, generate

    path = tmp_path / "s.h5"
    generate(path, DatagenSettings(agents=("random-action", "random-action"), games=40, seed=3, store_states=True))
    loaded, streamed = ChainData(path, "full", load=True), ChainData(path, "full", load=False)
    n = len(loaded)
    idx = np.array([n - 1, 0, n // 2])
    want = loaded.take("state", idx)
    h5_reads.clear()
    got = streamed.take("state", idx)
    assert len(got) == 3 and all(np.array_equal(a, b) for a, b in zip(got, want))
    chunk = streamed._group()["state"].chunks[0]
    assert all(sel.stop - sel.start <= chunk for name, sel in h5_reads if name == "state")
    assert streamed.take("label", 5) == loaded.take("label", 5) and streamed.take("features", 5).shape == (loaded.dim,)
