"""`cardlab train value --data FILE` for Dominion and Hanabi files: game and encoder come from the file, the
checkpoint records the game, cooperative labels scale by the best score, colour chains are refused."""

import json

import pytest
import torch

from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError
from cardlab.train.value import ValueConfig, fit_value


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("gv")
    out = {}
    for name, agents in (("dominion", ("bigmoney", "smithy-bm")), ("hanabi", ("hinting", "hinting"))):
        out[name] = root / f"{name}.h5"
        generate(out[name], DatagenSettings(game=name, agents=agents, games=6, seed=2))
    return out


def test_cli_trains_any_games_file(files, tmp_path, capfd):
    from cardlab.cli import main

    for name, path in files.items():
        out = tmp_path / name
        assert main(["train", "value", "--data", str(path), "--max-epochs", "1", "--batch-size", "64",
                     "--out", str(out), "--json"]) == 0
        summary = json.loads(capfd.readouterr().out.strip().splitlines()[-1])
        assert summary["data"]["game"].startswith(name)
        meta = torch.load(out / "value.pt", weights_only=True)["meta"]
        assert meta["game"] == name and meta["encoder"] == summary["data"]["encoder"]
        assert meta["label_scale"] == (25.0 if name == "hanabi" else 100.0)
        assert ("test_sign_acc" in summary["test"]) == (name == "dominion")  # a score has no sign to predict


def test_colour_chains_are_refused_for_games_without_threat_colours(files, tmp_path):
    with pytest.raises(UserError, match="colour chains are Hearthstone's"):
        fit_value(files["dominion"], ValueConfig(chains="colour", max_epochs=1), tmp_path / "c", progress=False)


def test_configs_for_both_games_load():
    from pathlib import Path

    from cardlab.train.config import load_yaml

    root = Path(__file__).resolve().parents[2] / "configs"
    configs = {}
    for name in ("value_dominion.yaml", "value_hanabi.yaml"):
        configs[name] = ValueConfig.from_dict(load_yaml(root / name), name)
        configs[name].validate(name)
    dominion = configs["value_dominion.yaml"]
    assert dominion.chains == "full" and dominion.hidden == [128, 128] and dominion.ignore_constant_features


def test_constant_features_can_be_ignored(files, tmp_path):
    from cardlab.models.checkpoint import load_value

    summary = fit_value(files["dominion"], ValueConfig(max_epochs=1, batch_size=64, hidden=[8],
                                                       ignore_constant_features=True), tmp_path / "i", progress=False)
    net, meta = load_value(summary["checkpoint"])
    ignored = net.normalizer.std > 1e9
    assert ignored.any() and not ignored.all()  # e.g. cards nobody bought (Remodel, Militia) are ignored
    x = torch.zeros(2, meta["in_dim"])
    x[1, ignored] = 5.0
    out = net.value(x)
    assert torch.allclose(out[0], out[1])
