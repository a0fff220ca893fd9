"""Merging chain files (the loop's data window): every game's rows survive with renumbered game ids, the merged
file reads and splits like one datagen run, and files whose rows mean different things are refused."""

import json

import h5py
import numpy as np
import pytest

from cardlab.datagen.merge import merge_chain_files
from cardlab.datagen.reader import ChainData
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError

FAST = ("random-action", "random-action")


def _file(path, seed, games, **kw):
    generate(path, DatagenSettings(agents=FAST, games=games, seed=seed, chains=("full",), **kw))
    return path


def test_merged_rows_are_the_sources_rows_in_order(tmp_path):
    a, b = _file(tmp_path / "a.h5", 1, 3), _file(tmp_path / "b.h5", 2, 4)
    merged = merge_chain_files([a, b], tmp_path / "m.h5")
    with ChainData(a) as da, ChainData(b) as db, ChainData(merged) as dm:
        assert dm.n_games == 7 and len(dm) == len(da) + len(db)
        assert np.array_equal(dm.features, np.concatenate([da.features, db.features]))
        assert np.array_equal(dm.labels, np.concatenate([da.labels, db.labels]))
        assert np.array_equal(dm.game_id, np.concatenate([da.game_id, db.game_id + 3]))
        assert np.array_equal(dm.games()["seed"], np.concatenate([da.games()["seed"], db.games()["seed"]]))
        train, val, test = dm.split_by_game(val=0.2, test=0.2)
        assert len(train) + len(val) + len(test) == len(dm)
    with h5py.File(merged) as f:
        assert int(f.attrs["games_requested"]) == 7 and "b.h5" in f.attrs["merged_from"]


def test_files_with_other_encoders_or_labels_are_refused(tmp_path):
    a = _file(tmp_path / "a.h5", 1, 2)
    with pytest.raises(UserError, match="encoder differs"):
        merge_chain_files([a, _file(tmp_path / "r.h5", 1, 2, encoder="rich")], tmp_path / "m.h5")
    with pytest.raises(UserError, match="gamma differs"):
        merge_chain_files([a, _file(tmp_path / "g.h5", 1, 2, gamma=0.5)], tmp_path / "m.h5")
    assert not (tmp_path / "m.h5").exists()


def test_other_deck_pools_of_one_game_merge_and_each_source_is_named(tmp_path):
    a = _file(tmp_path / "liege.h5", 1, 2)
    b = _file(tmp_path / "basic.h5", 2, 3, game="hearthstone:pool=basic")
    merged = merge_chain_files([a, b], tmp_path / "m.h5")
    with ChainData(merged) as dm:
        assert dm.n_games == 5
    with h5py.File(merged) as f:
        sources = json.loads(f.attrs["merged_from"])
    assert [s["game"] for s in sources] == ["hearthstone:deck=liege", "hearthstone:pool=basic"]


def test_files_of_another_game_are_refused(tmp_path):
    a = _file(tmp_path / "a.h5", 1, 2)
    dominion = tmp_path / "d.h5"
    generate(dominion, DatagenSettings(agents=("bigmoney", "bigmoney"), games=2, seed=1, chains=("full",),
                                       game="dominion", encoder="table"))
    with pytest.raises(UserError, match="game_name differs|encoder differs"):
        merge_chain_files([a, dominion], tmp_path / "m.h5")
    assert not (tmp_path / "m.h5").exists()


def test_files_holding_the_same_games_are_refused(tmp_path):
    # A copy, or datagen run twice with one --seed: merged, a game would land in both the training and the test split.
    import shutil

    a = _file(tmp_path / "a.h5", 1, 3)
    copy = tmp_path / "copy.h5"
    shutil.copyfile(a, copy)
    again = _file(tmp_path / "again.h5", 1, 5)  # the same seed, more games: its first three are a's
    for other in (copy, again):
        with pytest.raises(UserError, match=f"cannot merge {other} with {a}: they hold the same games"):
            merge_chain_files([a, other], tmp_path / "m.h5")
    assert not (tmp_path / "m.h5").exists()
    other_agents = tmp_path / "trading.h5"
    generate(other_agents, DatagenSettings(agents=("trading", "random-action"), games=2, seed=1, chains=("full",)))
    merged = merge_chain_files([a, other_agents], tmp_path / "m.h5")  # same seed, other agents: other games
    # A merged file carries its first source's attributes: its games are still told apart by their own records.
    with pytest.raises(UserError, match="they hold the same games"):
        merge_chain_files([merged, other_agents], tmp_path / "m2.h5")
    fresh = _file(tmp_path / "fresh.h5", 2, 2)
    assert merge_chain_files([merged, fresh], tmp_path / "m3.h5").exists()


def test_sources_are_merged_in_bounded_blocks_of_whole_games(tmp_path, monkeypatch):
    # A source is read and committed a block of whole games at a time, never whole: memory stays bounded however
    # large the file, and the merged file is byte for byte the one merged in a single block.
    from cardlab.datagen import merge
    from cardlab.datagen.writer import ChainWriter

    a, b = _file(tmp_path / "a.h5", 1, 2), _file(tmp_path / "b.h5", 2, 7)
    whole = merge_chain_files([a, b], tmp_path / "whole.h5").read_bytes()
    with h5py.File(b) as f:
        game_rows = f["games"]["rows_full"][:].tolist()
        row_bytes = sum(ds.dtype.itemsize * int(np.prod(ds.shape[1:])) for name, ds in f["chains/full"].items()
                        if name != "game_id")
    commits, reads = [], []
    commit, getitem = ChainWriter.commit, h5py.Dataset.__getitem__

    def spy_commit(self):
        commits.append(len(self._buffer))
        return commit(self)

    def spy_getitem(ds, key):
        values = getitem(ds, key)
        if ds.file.filename == str(b) and ds.name.startswith("/chains/"):
            reads.append((ds.name.rsplit("/", 1)[1], len(values)))
        return values

    monkeypatch.setattr(ChainWriter, "commit", spy_commit)
    monkeypatch.setattr(h5py.Dataset, "__getitem__", spy_getitem)
    for games, rows, blocks in [(3, 1 << 30, [3, 3, 1]), (100, 1, [1] * 7),
                                (100, 2 * max(game_rows), None)]:
        monkeypatch.setattr(merge, "BLOCK_GAMES", games)
        monkeypatch.setattr(merge, "BLOCK_BYTES", rows * row_bytes)
        commits.clear(), reads.clear()
        out = merge_chain_files([a, b], tmp_path / f"m{games}-{rows}.h5")
        assert out.read_bytes() == whole
        added = [n for n in commits if n]
        assert sum(added) == 7 and max(added) <= games and (blocks is None or added == blocks)
        # no read of b's rows spans more than one block (a block holds more rows only for a game alone); game ids
        # (where each game's rows are) are read in parts of at most BLOCK_BYTES too
        assert max(n for name, n in reads if name != "game_id") <= max(rows, max(game_rows))
        assert max(n * 8 for name, n in reads if name == "game_id") <= max(rows * row_bytes, 8)
        if blocks is None:
            assert len(added) > 1
