"""`cardlab models --game SPEC` reads the spec as every verb's --game does (here with the tournament's other audit
fixes, since the zoo's own tests live elsewhere)."""

from __future__ import annotations

import json

import pytest

from cardlab.cli import main


@pytest.mark.parametrize("spec", ["HANABI", "hanabi:players=4", " Hanabi : variant=mini"])
def test_models_takes_any_game_spec_of_the_game(spec, capsys):
    """`--game HANABI` and `--game hanabi:players=4` said "no shipped models" although arena takes them."""
    assert main(["models", "--game", spec, "--json"]) == 0
    zoo = json.loads(capsys.readouterr().out)
    assert zoo and {e["game"] for e in zoo} == {"hanabi"}


def test_models_names_an_unknown_game_as_the_registry_does(capsys):
    assert main(["models", "--game", "hanab"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'hanab' (available:" in err and "hanabi" in err and "Traceback" not in err
