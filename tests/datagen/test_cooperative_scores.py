"""A cooperative game's datagen labels are its real team scores: fractions and scores above an int8 are stored as they
are (float32), the label scale is the Game's max_score, and Hanabi files from before (integer score columns) still
resume, merge, read and train."""

from __future__ import annotations

import sys
import types

import h5py
import numpy as np
import pytest

from cardlab.arena.play import play_game
from cardlab.datagen import runner, writer
from cardlab.datagen.merge import merge_chain_files
from cardlab.datagen.reader import ChainData
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.engine import registry
from cardlab.engine.features import Encoder
from cardlab.runtime import UserError

AGENTS = ("random", "random", "random")


class ToyEncoder(Encoder):
    """The toy game's whole state: enough for datagen to record rows."""

    name = "counts"
    game = "toy"

    def _names(self):
        return ["count0", "count1", "count2", "turn"]

    def values(self, state, player, rng=None):
        return [float(c) for c in state.counts] + [float(state.turn)]


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """The toy games with an encoder module where datagen looks for one (cardlab.engine.<game>.features, or the
    module beside an outside game's where the registry has `game_part`)."""
    monkeypatch.setitem(registry.GAMES, "toy", "tests.platform.toy_games")
    features = types.ModuleType("toy_features")
    features.DEFAULT_ENCODER, features.ENCODERS = "counts", {"counts": ToyEncoder}
    paths = {"cardlab.engine.toy.features"}
    if hasattr(registry, "game_part"):
        paths.add(registry.game_part("toy", "features"))
    for path in paths:
        monkeypatch.setitem(sys.modules, path, features)


def _true_scores(settings: DatagenSettings) -> np.ndarray:
    """Each game's team score, played again outside datagen."""
    game = registry.make_game(settings.game)
    return np.asarray([play_game(game, settings.agents, settings.seed, i).returns[0] for i in range(settings.games)])


def _check_scores(path, settings: DatagenSettings) -> np.ndarray:
    truth = _true_scores(settings)
    data = ChainData(path)
    games = data.games()
    assert (games["error"] == 0).all()
    np.testing.assert_array_equal(games["score"], truth)
    np.testing.assert_array_equal(data.labels, truth[data.game_id])  # every row of a game: its final score
    np.testing.assert_array_equal(data.outcome, truth[data.game_id])
    np.testing.assert_array_equal(data.recompute_labels(), data.labels)
    assert games["score"].dtype == np.float32 and data.outcome.dtype == np.float32
    return truth


def test_fractional_team_scores_are_stored_as_they_are(tmp_path):
    settings = DatagenSettings(game="toy:kind=share,scale=0.5", agents=AGENTS, games=12, seed=1)
    generate(tmp_path / "half.h5", settings, commit_every=5)
    truth = _check_scores(tmp_path / "half.h5", settings)
    assert (truth % 1 == 0.5).any()  # rounding (half to even) would have changed these

    from cardlab.commands.inspect import summarise

    results = summarise(str(tmp_path / "half.h5"))["results"]
    assert (results["score_min"], results["score_max"]) == (truth.min(), truth.max())


def test_scores_above_an_int8_are_stored(tmp_path):
    settings = DatagenSettings(game="toy:kind=share,scale=50", agents=AGENTS, games=10, seed=2)
    summary = generate(tmp_path / "big.h5", settings)
    assert summary.games_completed == 10 and summary.errors == 0
    truth = _check_scores(tmp_path / "big.h5", settings)
    assert truth.max() > 127


def test_label_scale_is_the_games_max_score(tmp_path):
    """The documented Game attribute (the arena's), not a Hanabi-only config: the toy game has no config."""
    for spec, scale in (("toy:kind=share", 6.0), ("toy:kind=share,scale=50", 300.0)):
        path = tmp_path / f"{scale}.h5"
        generate(path, DatagenSettings(game=spec, agents=AGENTS, games=2, seed=3))
        assert ChainData(path).attrs["label_scale"] == scale


def _old_layout(monkeypatch):
    """Make datagen write files as cardlab did before scores were float: games/score int16, outcome int8."""
    real = writer.layout_for

    def old(threat=True, cooperative=False, score=False):
        layout = real(threat, cooperative or score)
        if "score" in layout["games"]:
            layout["games"]["score"] = "i2"
        for fields in layout["chains"].values():
            fields["outcome"] = "i1"
        return layout

    monkeypatch.setattr(runner, "layout_for", old)


def test_an_old_hanabi_file_with_integer_scores_resumes_merges_and_trains(tmp_path, monkeypatch):
    hanabi = dict(game="hanabi", agents=("hinting", "hinting"))
    with monkeypatch.context() as m:
        _old_layout(m)
        generate(tmp_path / "old.h5", DatagenSettings(**hanabi, games=3, seed=4))
    with h5py.File(tmp_path / "old.h5", "r") as f:
        assert (f["games/score"].dtype, f["chains/full/outcome"].dtype) == (np.int16, np.int8)

    # --resume keeps the file's integer columns; Hanabi's whole scores fit them exactly
    generate(tmp_path / "old.h5", DatagenSettings(**hanabi, games=5, seed=4), resume=True)
    generate(tmp_path / "fresh.h5", DatagenSettings(**hanabi, games=5, seed=4))
    old, fresh = ChainData(tmp_path / "old.h5"), ChainData(tmp_path / "fresh.h5")
    assert old.outcome.dtype == np.int8 and fresh.outcome.dtype == np.float32
    assert old.n_games == 5
    np.testing.assert_array_equal(old.games()["score"], fresh.games()["score"])
    np.testing.assert_array_equal(old.labels, fresh.labels)
    np.testing.assert_array_equal(old.recompute_labels(), old.labels)

    # merged with a new file, in either order (the loop's window, `train value --data A B`)
    generate(tmp_path / "new.h5", DatagenSettings(**hanabi, games=4, seed=5))
    for name, sources in (("old_new", ["old.h5", "new.h5"]), ("new_old", ["new.h5", "old.h5"])):
        merged = ChainData(merge_chain_files([tmp_path / s for s in sources], tmp_path / f"{name}.h5"))
        parts = [ChainData(tmp_path / s) for s in sources]
        score = merged.games()["score"]
        assert merged.n_games == 9
        np.testing.assert_array_equal(score, np.concatenate([p.games()["score"] for p in parts]))
        np.testing.assert_array_equal(merged.labels, score[merged.game_id])
        np.testing.assert_array_equal(merged.recompute_labels(), merged.labels)

    from cardlab.commands.inspect import summarise, verify
    from cardlab.train.value import ValueConfig, fit_value

    assert verify(str(tmp_path / "old_new.h5")) > 0
    assert summarise(str(tmp_path / "old_new.h5"))["results"]["score_max"] == float(score.max())
    summary = fit_value(tmp_path / "old_new.h5", ValueConfig(max_epochs=1, batch_size=64), tmp_path / "tv",
                        progress=False)
    assert summary["test"]["test_loss"] >= 0


def test_an_old_integer_file_refuses_a_score_it_cannot_hold(tmp_path, monkeypatch):
    """Rather than rounding 0.5 into an older file's integer column, datagen says to write a new file."""
    _old_layout(monkeypatch)
    with pytest.raises(UserError, match=r"written by an older cardlab.*cannot hold the score \d+\.5: write a new"):
        generate(tmp_path / "old.h5", DatagenSettings(game="toy:kind=share,scale=0.5", agents=AGENTS, games=12,
                                                      seed=1))


def test_an_old_integer_file_refuses_a_whole_score_too_large_for_it(tmp_path, monkeypatch):
    """A whole score beyond the int8 outcome column (150, 300) is refused too, not wrapped around."""
    _old_layout(monkeypatch)
    with pytest.raises(UserError, match=r"written by an older cardlab.*cannot hold the score (1[5-9]\d|[23]\d\d)\b"):
        generate(tmp_path / "old.h5", DatagenSettings(game="toy:kind=share,scale=50", agents=AGENTS, games=10,
                                                      seed=2))
