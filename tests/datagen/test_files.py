import pickle

import h5py
import numpy as np
import pytest

from cardlab.runtime import UserError
from cardlab.engine.hearthstone.state import HearthstoneState

from cardlab.engine.hearthstone.features import get_encoder
from cardlab.datagen.reader import ChainData, check_file
from cardlab.datagen.runner import DatagenSettings, generate

from tests.datagen.conftest import FAST


def test_layout_and_self_describing_attributes(small_file):
    with h5py.File(small_file, "r") as f:
        for key in ("gamma", "reward", "encoder", "encoder_version", "schema_version", "decks", "agents", "seed",
                    "engine_version", "card_data_version", "games_completed", "created_at", "settings"):
            assert key in f.attrs, key
        assert f.attrs["games_completed"] == 23
        for kind in ("full", "colour"):
            g = f["chains"][kind]
            assert g["features"].dtype == np.float32 and g["features"].shape[1] == 96
            assert g.attrs["rows"] == g["label"].shape[0]
        assert "colour" in f["chains/colour"] and "sub_outcome" in f["chains/colour"]


def test_reader_fields_labels_and_games(small_file):
    for kind in ("full", "colour"):
        d = ChainData(small_file, kind, encoder="seed96")
        assert len(d) == len(d.labels) == len(d.features) and d.dim == 96
        assert np.allclose(d.recompute_labels(), d.labels)
        assert set(np.unique(d.game_id)) <= set(range(23))
        assert (d.step >= 1).all() and (d.step <= d.chain_len).all()
        assert set(np.unique(d.outcome)) <= {-1, 0, 1}
        games = d.games()
        assert len(games["seed"]) == 23
        rows_col = games[f"rows_{kind}"]
        assert rows_col.sum() == len(d)
    full = ChainData(small_file, "full")
    assert not np.isin(full.game_id, [20, 21, 22]).any()  # top-up games record colour chains only
    colour = ChainData(small_file, "colour")
    for gid in (20, 21, 22):
        first = np.flatnonzero(colour.game_id == gid)
        assert colour["colour"][first].max() == 2


def test_split_by_game_never_splits_a_game(small_file):
    d = ChainData(small_file, "colour")
    tr, va, te = d.split_by_game(val=0.2, test=0.2, seed=1)
    assert len(tr) + len(va) + len(te) == len(d)
    sets = [set(d.game_id[i]) for i in (tr, va, te)]
    assert not (sets[0] & sets[1]) and not (sets[0] & sets[2]) and not (sets[1] & sets[2])
    assert all(sets)
    again = d.split_by_game(val=0.2, test=0.2, seed=1)
    assert all(np.array_equal(a, b) for a, b in zip((tr, va, te), again))


def test_streamed_access_matches_memory(small_file):
    mem = ChainData(small_file, "colour", load=True)
    lazy = ChainData(small_file, "colour", load=False)
    idx = np.array([5, 1, 40, 3, 3])
    x1, y1 = mem.rows(idx)
    x2, y2 = lazy.rows(idx)
    assert np.array_equal(x1, x2) and np.array_equal(y1, y2) and np.array_equal(x1[1], mem.features[1])
    blocks = list(lazy.iter_chunks(rows=100))
    assert np.array_equal(np.concatenate([b["features"] for b in blocks]), mem.features)
    sub = list(lazy.iter_chunks(rows=7, idx=idx, fields=("label",)))
    assert np.array_equal(np.concatenate([b["label"] for b in sub]), y1)
    clone = pickle.loads(pickle.dumps(lazy))
    assert np.array_equal(clone.take("label", [2]), mem.labels[[2]])


def test_stored_states_reencode_to_the_same_features(small_file):
    d = ChainData(small_file, "full")
    enc = get_encoder("seed96")
    idx = [0, 7, len(d) - 1]
    for i, sd in zip(idx, d.states(idx)):
        state = HearthstoneState.from_dict(sd)
        assert np.array_equal(enc.encode(state, int(d.player[i])), d.features[i])


def test_clear_errors(small_file, tmp_path):
    with pytest.raises(UserError, match="no such file"):
        ChainData(tmp_path / "missing.h5")
    junk = tmp_path / "junk.h5"
    junk.write_bytes(b"not hdf5 at all" * 10)
    with pytest.raises(UserError, match="junk.h5"):
        ChainData(junk)
    foreign = tmp_path / "foreign.h5"
    with h5py.File(foreign, "w") as f:
        f["x"] = [1, 2]
    with pytest.raises(UserError, match="not a cardlab chain file"):
        check_file(foreign)
    trunc = tmp_path / "trunc.h5"
    trunc.write_bytes(small_file.read_bytes()[:4000])
    with pytest.raises(UserError, match="trunc.h5"):
        ChainData(trunc)
    with pytest.raises(UserError, match="encoded with seed96"):
        ChainData(small_file, "full", encoder="rich")
    only_full = tmp_path / "full.h5"
    generate(only_full, DatagenSettings(agents=FAST, games=2, chains=("full",)))
    with pytest.raises(UserError, match="no colour chains"):
        ChainData(only_full, "colour")


def test_refuses_overwrite_and_mismatched_resume(tmp_path):
    path = tmp_path / "a.h5"
    generate(path, DatagenSettings(agents=FAST, games=2))
    with pytest.raises(UserError, match="--resume"):
        generate(path, DatagenSettings(agents=FAST, games=2))
    with pytest.raises(UserError, match="gamma"):
        generate(path, DatagenSettings(agents=FAST, games=4, gamma=0.5), resume=True)
    generate(path, DatagenSettings(agents=FAST, games=2), force=True)


def test_force_keeps_the_old_file_when_the_new_one_cannot_be_created(tmp_path, monkeypatch):
    import cardlab.datagen.writer as writer

    path = tmp_path / "a.h5"
    generate(path, DatagenSettings(agents=FAST, games=2))
    old = path.read_bytes()

    def no_space(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writer, "_create_layout", no_space)
    with pytest.raises(UserError, match="cannot create .*No space left"):
        generate(path, DatagenSettings(agents=FAST, games=3, seed=9), force=True)
    assert path.read_bytes() == old


def test_same_seed_same_bytes_for_any_worker_count(tmp_path):
    paths = []
    for workers, commit_every in ((1, 3), (2, 16), (3, 1)):  # several games per worker job, several full chunks
        p = tmp_path / f"w{workers}.h5"
        generate(p, DatagenSettings(agents=FAST, games=40, seed=5), workers=workers, commit_every=commit_every)
        paths.append(p)
    a, *others = (p.read_bytes() for p in paths)
    for b in others:
        assert len(a) == len(b)
        assert sum(x != y for x, y in zip(a, b)) <= 19  # only created_at may differ
    assert ChainData(paths[0], "colour").n_rows > 4 * 512
    c = tmp_path / "seed6.h5"
    generate(c, DatagenSettings(agents=FAST, games=12, seed=6))
    assert not np.array_equal(ChainData(c).features[:50], ChainData(paths[0]).features[:50])


def test_a_file_without_its_encoder_attributes_is_refused_by_inspect_and_train(small_file, tmp_path, capsys):
    from cardlab.cli import main

    stripped = tmp_path / "stripped.h5"
    stripped.write_bytes(small_file.read_bytes())
    with h5py.File(stripped, "a") as f:
        del f.attrs["encoder"]
    with pytest.raises(UserError, match="stripped.h5 is damaged: attribute.s. encoder missing"):
        ChainData(stripped)
    for argv in (["inspect", str(stripped)], ["train", "value", "--data", str(stripped), "--out", str(tmp_path / "r")]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "stripped.h5 is damaged" in err and "Traceback" not in err
    assert not (tmp_path / "r" / "value.pt").exists()


def test_split_by_game_gives_each_side_its_own_fraction_of_games(small_file):
    """--val 0.3 --test 0.1 on 20 games must hold out 6 games for validation and 2 for testing (not 2 and 2)."""
    d = ChainData(small_file, "full")
    assert len(np.unique(d.game_id)) == 20
    tr, va, te = d.split_by_game(val=0.3, test=0.1, seed=0)
    assert len(np.unique(d.game_id[va])) == 6
    assert len(np.unique(d.game_id[te])) == 2
    assert len(np.unique(d.game_id[tr])) == 12
