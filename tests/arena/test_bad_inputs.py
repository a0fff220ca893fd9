"""Bad arena and replay inputs: one error naming the file or agent, exit 2, no traceback."""

from __future__ import annotations

import json

from cardlab.cli import main


def test_replay_names_the_missing_key_and_a_directory(tmp_path, capsys):
    log = {"format": "cardlab-game", "version": 2, "game": "hanabi:players=2", "roles": [0, 1],
           "agents": ["random", "random"], "actions": [], "result": {}, "error": None}
    (tmp_path / "g.json").write_text(json.dumps(log))
    assert main(["replay", str(tmp_path / "g.json")]) == 2
    err = capsys.readouterr().err
    assert "g.json" in err and "'seed'" in err and "Traceback" not in err
    assert main(["replay", str(tmp_path)]) == 2
    assert "is a directory, not a file" in capsys.readouterr().err


def test_replay_names_roles_that_do_not_order_the_seats(tmp_path, capsys):
    log = {"format": "cardlab-game", "version": 2, "game": "hearthstone", "seed": 5, "roles": [5],
           "agents": ["trading", "random"], "actions": [], "result": {}, "error": None}
    (tmp_path / "g.json").write_text(json.dumps(log))
    assert main(["replay", str(tmp_path / "g.json")]) == 2
    err = capsys.readouterr().err
    assert "g.json" in err and "'roles' [5]" in err and "Traceback" not in err


def test_a_mini_hanabi_dqn_in_full_hanabi_is_refused_before_any_game(tmp_path, capsys):
    assert main(["arena", "dqn:ckpt=mini-dqn", "--game", "hanabi", "--games", "2",
                 "--log-dir", str(tmp_path / "logs")]) == 2
    err = capsys.readouterr().err
    assert "encodes 2-player mini Hanabi" in err and "Traceback" not in err
    assert not (tmp_path / "logs").exists()


def test_replay_refuses_an_infinite_seed_and_actions_that_are_not_integers(tmp_path, capsys):
    from cardlab.engine.registry import make_game

    state = make_game("dominion").new_initial_state(3)
    first = state.legal_actions()[-1]
    log = {"format": "cardlab-game", "version": 2, "game": "dominion", "seed": 3, "roles": [0, 1],
           "agents": ["random", "random"], "actions": [float(first)], "result": {}, "error": None}
    (tmp_path / "floats.json").write_text(json.dumps(log))
    (tmp_path / "inf.json").write_text(json.dumps({**log, "actions": [], "seed": float("inf")}))
    for name, words in (("floats.json", "is not made of integers"), ("inf.json", "OverflowError")):
        assert main(["replay", str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert name in err and words in err and "Traceback" not in err
