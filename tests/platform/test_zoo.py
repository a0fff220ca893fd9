"""The model zoo: every entry's file is shipped and loads through its agent spec; names work in specs."""

from __future__ import annotations

import json

import pytest

from cardlab.agents.registry import make_agent
from cardlab.checkpoints.zoo import entries, resolve
from cardlab.cli import main
from cardlab.engine.registry import make_game

# Entries made for another setup than their game's default one.
GAME_OF = {"hanabi-hat-4p": "hanabi:players=4", "mini-dqn": "hanabi:variant=mini", "age-3p": "hanabi:players=3",
           "age-4p": "hanabi:players=4", "age-5p": "hanabi:players=5",
           "dominion-srr-size-distortion": "dominion:kingdom=size-distortion"}


@pytest.mark.parametrize("name", sorted(entries()))
def test_every_zoo_entry_is_shipped_and_its_spec_loads(name):
    entry = entries()[name]
    assert entry.file.is_file(), entry.file
    agent = make_agent(entry.use, game=entry.game)  # by name, not by path
    # ... and makes a legal first move in the game it was made for
    state = make_game(GAME_OF.get(name, entry.game)).new_initial_state(0)
    seat = state.current_player
    agent.reset(seat, 0)
    assert agent.act(state.observation(seat)) in state.legal_actions()


def test_names_resolve_paths_stay_and_unknown_names_still_fail(tmp_path):
    assert resolve("liege-full-rich").endswith("liege-full-rich/value.pt")
    own = tmp_path / "liege-full-rich"
    own.write_text("x")
    assert resolve(str(own)) == str(own)  # an existing file wins over a zoo name
    from cardlab.runtime import UserError

    with pytest.raises(UserError, match="no-such-model"):
        make_agent("search:ckpt=no-such-model")


def test_cli_lists_the_zoo(capsys):
    assert main(["models", "--json"]) == 0
    listed = {e["name"]: e for e in json.loads(capsys.readouterr().out)}
    assert set(listed) == set(entries()) and listed["liege-full-rich"]["game"] == "hearthstone"
    assert main(["models", "--game", "nonesuch"]) == 2
    assert "no shipped models" in capsys.readouterr().err


def test_a_folder_named_like_a_zoo_entry_does_not_hide_it_and_a_file_is_noted(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "liege-full-rich").mkdir()  # e.g. `cardlab train value --out liege-full-rich`
    assert resolve("liege-full-rich") == str(entries()["liege-full-rich"].file)
    (tmp_path / "mini-dqn").write_text("x")
    assert resolve("mini-dqn") == "mini-dqn" and "not the shipped model" in capsys.readouterr().err


def test_a_mistyped_zoo_name_is_answered_with_the_nearest_one():
    from cardlab.runtime import UserError

    with pytest.raises(UserError, match="did you mean 'pool-wide-rich'"):
        make_agent("search:ckpt=pool-wide-rch")


def test_datagen_records_the_hash_of_a_model_named_by_zoo_name():
    import hashlib

    from cardlab.datagen.runner import agent_checkpoints

    spec = "search:ckpt=liege-full-rich"
    want = hashlib.sha256(entries()["liege-full-rich"].file.read_bytes()).hexdigest()
    assert agent_checkpoints([spec])[spec]["ckpt"] == want


def test_an_ensemble_may_mix_a_local_file_and_a_zoo_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.pt").write_bytes(entries()["pool-wide-rich"].file.read_bytes())
    make_agent("search:ckpt=mine.pt+pool-wide-rich")  # no "did you mean" for the whole A+B value


def test_datagen_records_the_hash_of_weights_given_by_name():
    import hashlib

    from cardlab.agents.registry import agent_files

    spec = "search:eval=weights:hand-made"
    want = hashlib.sha256(entries()["hand-made"].file.read_bytes()).hexdigest()
    assert agent_files([spec])[spec]["eval"] == want
