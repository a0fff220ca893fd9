"""The writer's own chunk encoding: HDF5 reads it back, and a commit never overwrites committed data."""

import h5py
import numpy as np
import pytest

from cardlab.datagen import chunks
from cardlab.datagen.chunks import RAW_MASK, decode_chunk, encode_chunk
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.datagen.writer import CHUNK_ROWS, COMPRESSION, ChainWriter

from tests.datagen.conftest import FAST


def _dataset(f, name, dtype, width=None):
    shape = (0,) if width is None else (0, width)
    return f.create_dataset(name, shape=shape, maxshape=(None,) + shape[1:], chunks=(CHUNK_ROWS,) + shape[1:],
                            dtype=dtype, **COMPRESSION)


@pytest.mark.parametrize("dtype,width", [("f4", 7), ("i8", None), ("i2", None), ("i1", None)])
def test_chunks_written_directly_read_back_through_hdf5_and_the_other_way(tmp_path, dtype, width):
    rng = np.random.default_rng(0)
    shape = (CHUNK_ROWS,) + (() if width is None else (width,))
    full = (rng.normal(size=shape) * 50).astype(dtype)
    part = full[:100]
    with h5py.File(tmp_path / "c.h5", "w") as f:
        direct = _dataset(f, "direct", dtype, width)
        direct.resize(CHUNK_ROWS + 100, axis=0)
        zero = (0,) * (len(shape) - 1)
        direct.id.write_direct_chunk((0,) + zero, encode_chunk(full), filter_mask=0)
        padded = np.zeros_like(full)
        padded[:100] = part
        direct.id.write_direct_chunk((CHUNK_ROWS,) + zero, padded.tobytes(), filter_mask=RAW_MASK)
        through_hdf5 = _dataset(f, "pipeline", dtype, width)
        through_hdf5.resize(CHUNK_ROWS, axis=0)
        through_hdf5[:] = full
    with h5py.File(tmp_path / "c.h5", "r") as f:
        assert np.array_equal(f["direct"][:CHUNK_ROWS], full) and np.array_equal(f["direct"][CHUNK_ROWS:], part)
        mask, stored = f["pipeline"].id.read_direct_chunk((0,) + zero)
        assert np.array_equal(decode_chunk(stored, mask, shape, dtype), full)


def _committed_chunks(path, f) -> dict:
    """(dataset, first row) -> (file offset, size, committed bytes) of every chunk holding committed rows."""
    out = {}
    raw = path.read_bytes()
    groups = [(f["games"], int(f.attrs["games_completed"]))]
    groups += [(g, int(g.attrs["rows"])) for g in f["chains"].values()]
    for group, rows in groups:
        for ds in group.values():
            if not chunks.is_direct(ds):
                continue
            row_bytes = ds.dtype.itemsize * int(np.prod(ds.shape[1:], dtype=np.int64))
            for start in range(0, rows, CHUNK_ROWS):
                info = ds.id.get_chunk_info_by_coord((start,) + (0,) * (ds.ndim - 1))
                # a raw chunk (the only full-size one; HDF5 may report a stale mask in-session) may rewrite its rows
                # past the counters; everything else must stay
                is_raw = info.size == CHUNK_ROWS * row_bytes
                keep = min(rows - start, CHUNK_ROWS) * row_bytes if is_raw else info.size
                out[(ds.name, start)] = (info.byte_offset, info.size, raw[info.byte_offset:info.byte_offset + keep])
    return out


def test_a_commit_never_overwrites_the_bytes_committed_rows_live_in(tmp_path, monkeypatch):
    """What a crash at any moment of a commit relies on: until the new index is on disk, every chunk the old index
    points to keeps its committed bytes (moved chunks are written elsewhere, raw tails rewrite identical bytes)."""
    path = tmp_path / "c.h5"
    seen = {"commits": 0, "moved": 0, "spacers": 0}
    commit, spacer = ChainWriter.commit, chunks.DirectColumn.spacer

    def checked_commit(self):
        before = _committed_chunks(self.path, self.f)
        n = commit(self)
        after_bytes = self.path.read_bytes()
        for key, (offset, size, data) in before.items():
            assert after_bytes[offset:offset + len(data)] == data, f"{key} overwritten by a commit"
        after = _committed_chunks(self.path, self.f)
        seen["moved"] += sum(after[k][:2] != before[k][:2] for k in before)
        seen["commits"] += 1
        return n

    def counted_spacer(self):
        seen["spacers"] += 1
        return spacer(self)

    monkeypatch.setattr(ChainWriter, "commit", checked_commit)
    monkeypatch.setattr(chunks.DirectColumn, "spacer", counted_spacer)
    generate(path, DatagenSettings(agents=FAST, games=9, seed=3), commit_every=2)
    generate(path, DatagenSettings(agents=FAST, games=30, seed=3), commit_every=1, resume=True)
    assert seen["commits"] > 25 and seen["moved"] > 5 and seen["spacers"] >= 1


def test_compaction_gives_the_same_bytes_whatever_the_commit_history(tmp_path):
    a, b = tmp_path / "a.h5", tmp_path / "b.h5"
    generate(a, DatagenSettings(agents=FAST, games=16, seed=4), commit_every=16)
    generate(b, DatagenSettings(agents=FAST, games=5, seed=4), commit_every=1)
    generate(b, DatagenSettings(agents=FAST, games=16, seed=4), commit_every=3, resume=True)
    x, y = a.read_bytes(), b.read_bytes()
    assert len(x) == len(y) and sum(p != q for p, q in zip(x, y)) <= 19  # created_at only


def test_a_chunk_that_ends_the_file_is_moved_only_after_a_spacer(tmp_path):
    """HDF5 hands the space of a freed block at the end of the file straight back (even with the "none" free-space
    strategy): rewriting the last chunk at a new size would put its new bytes over the committed ones."""
    path = tmp_path / "one.h5"
    f = h5py.File(path, "w", libver="earliest", fs_strategy="none")
    column = chunks.DirectColumn(_dataset(f, "x", "f4", 96), 0)
    rows = np.random.default_rng(1).normal(size=(CHUNK_ROWS, 96)).astype("f4")
    writes, tail = column.stage(rows[:300])
    column.accept(300, tail, chunks.store(writes, [column]))
    f.flush()
    info = column.ds.id.get_chunk_info(0)
    assert info.byte_offset + info.size == f.id.get_filesize()  # the raw tail ends the file
    committed = path.read_bytes()[info.byte_offset:info.byte_offset + 300 * 96 * 4]
    writes, tail = column.stage(rows[300:])  # fills the chunk: compressed, a new size, nothing else allocated
    assert [w.moves_committed_rows for w in writes] == [True] and not any(w.allocates for w in writes)
    done = chunks.store(writes, [column])
    assert len(done) == 2 and done[0].allocates  # the spacer went first
    assert path.read_bytes()[info.byte_offset:info.byte_offset + len(committed)] == committed
    f.close()
    with h5py.File(path, "r") as f:  # reopened: HDF5 caches a moved chunk's old filter mask (see chunks.py)
        assert np.array_equal(f["x"][:CHUNK_ROWS], rows)
