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
