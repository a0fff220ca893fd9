import numpy as np
import pytest

from cardlab.datagen.attacks import read_attacks, write_attacks
from cardlab.runtime import UserError
from cardlab.train.target_classifier import split_by_game, train_classifier


def test_attacks_file_resumes_and_classifier_trains(tmp_path):
    path = tmp_path / "attacks.h5"
    n10 = write_attacks(path, 10, seed=1)
    n20 = write_attacks(path, 20, seed=1)  # resume: games 10..19 only
    again = write_attacks(tmp_path / "fresh.h5", 20, seed=1)
    assert 0 < n10 < n20 == again
    data = read_attacks(path)
    assert np.all(data["target_mask"][np.arange(n20), data["target"]])  # the recorded target was legal
    assert set(np.unique(data["game"])) == set(range(20))
    train_rows, val_rows = split_by_game(data["game"], 0.25, seed=0)
    assert not set(data["game"][train_rows]) & set(data["game"][val_rows])
    assert len(train_rows) + len(val_rows) == n20
    net, metrics = train_classifier(path, tmp_path / "clf", epochs=3, seed=0)
    assert metrics["heldout_games"] == 4  # 20% of 20 games
    # Trained, it matches "the first legal target" (most attacks have one sensible target); untrained it gets 0.55.
    assert metrics["heldout_accuracy"] >= metrics["heldout_baseline_first_legal"] - 0.05 and metrics["heldout_accuracy"] > 0.75
    assert (tmp_path / "clf" / "target_classifier.pt").exists()
    with pytest.raises(UserError, match="another run"):
        write_attacks(path, 30, seed=2)


def test_a_recording_stopped_by_ctrl_c_keeps_whole_games_and_resumes_to_the_same_rows(tmp_path, monkeypatch):
    """Ctrl-C during a game ends the recording after that game's rows (not between two columns), and the next run
    continues to exactly the rows of an uninterrupted one."""
    import os
    import signal

    from cardlab.datagen import attacks

    real = attacks._append
    calls = []

    def interrupted_between_columns(f, name, values):
        real(f, name, values)
        calls.append(name)
        if len(calls) == 8:  # game two: its first column written, five to go
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(attacks, "_append", interrupted_between_columns)
    path = tmp_path / "a.h5"
    with pytest.raises(KeyboardInterrupt):
        write_attacks(path, 6, seed=1)
    monkeypatch.setattr(attacks, "_append", real)
    cut = read_attacks(path)  # equal columns: game two is whole
    assert sorted(set(cut["game"].tolist())) <= [0, 1] and len(calls) == 12
    write_attacks(path, 6, seed=1)
    write_attacks(tmp_path / "fresh.h5", 6, seed=1)
    resumed, fresh = read_attacks(path), read_attacks(tmp_path / "fresh.h5")
    assert all(np.array_equal(resumed[k], fresh[k]) for k in fresh)


def test_a_recording_killed_between_columns_is_repaired_by_the_next_run(tmp_path):
    """A kill (no Ctrl-C handling) can leave one column longer than the others, or no games_done: reading says
    what to do, and the next run cuts the unfinished game and records on to the uninterrupted rows."""
    import h5py

    path = tmp_path / "a.h5"
    write_attacks(path, 3, seed=1)
    with h5py.File(path, "a") as f:  # game 3's first column written, then the process died
        ds = f["features"]
        ds.resize(ds.shape[0] + 5, axis=0)
        del f.attrs["games_done"]
    with pytest.raises(UserError, match="different numbers of rows"):
        read_attacks(path)
    write_attacks(path, 6, seed=1)
    write_attacks(tmp_path / "fresh.h5", 6, seed=1)
    repaired, fresh = read_attacks(path), read_attacks(tmp_path / "fresh.h5")
    assert all(np.array_equal(repaired[k], fresh[k]) for k in fresh)
