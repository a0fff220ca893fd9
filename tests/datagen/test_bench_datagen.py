"""`cardlab bench datagen` measures the game it is given."""

from __future__ import annotations

import json

from cardlab.cli import main


def test_bench_datagen_plays_the_given_game_and_agents(capsys):
    assert main(["bench", "datagen", "--game", "hanabi:players=3", "--games", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "hanabi:players=3" and out["agents"] == "random vs random vs random"
    assert out["encoder"] == "vector" and out["errors"] == 0 and out["states"] > 0
    assert main(["bench", "datagen", "--game", "dominion", "--agents", "bigmoney", "--games", "2"]) == 2
    assert "give 2 --agents" in capsys.readouterr().err
