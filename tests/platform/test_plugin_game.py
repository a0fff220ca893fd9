"""A game from outside cardlab's packages (tests/platform/plugin_game: `tinynim`) registered with `register_game` or
a `cardlab.games` entry point: its parts are found beside its game module, and spawned workers know it."""

from __future__ import annotations

import importlib.metadata
import json
import re

import pytest

from cardlab.cli import main
from cardlab.engine import registry
from cardlab.engine.registry import game_part, make_game, register_game
from cardlab.runtime import UserError

MODULE = "tests.platform.plugin_game.game"


@pytest.fixture(autouse=True)
def clean_registry(monkeypatch):
    """Each test starts with the built-in games and no entry points (none of this environment's), and leaves both
    as it found them."""
    saved = (dict(registry.GAMES), dict(registry._ORIGINS), set(registry._FROM_ENTRY_POINTS))
    monkeypatch.setattr(registry, "_WARNED", set())
    entry_points: list = []
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None, **kw: [ep for ep in entry_points if group in (None, ep.group)])
    yield entry_points
    for table, old in zip((registry.GAMES, registry._ORIGINS, registry._FROM_ENTRY_POINTS), saved):
        table.clear()
        table.update(old)


def entry_point(name: str, value: str):
    return importlib.metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP)


def test_a_registered_game_plays_with_its_own_agent_encoder_and_evaluator():
    from cardlab.agents.evaluators import make_evaluator
    from cardlab.agents.registry import available, make_agent
    from cardlab.arena.play import play_game
    from cardlab.engine.features import features_module, get_encoder

    register_game("tinynim", MODULE)
    game = make_game("tinynim:stones=5")
    assert (game.name, game.spec, game.num_players) == ("tinynim", "tinynim:stones=5", 2)
    assert "optimal" in available("tinynim") and "random" in available("tinynim")
    assert type(make_agent("optimal", game="tinynim")).__name__ == "OptimalNim"
    assert make_evaluator("pile", "tinynim").name == "pile"
    # datagen's default encoder: the game's features module's DEFAULT_ENCODER
    assert features_module("tinynim").DEFAULT_ENCODER == "pile"
    from cardlab.datagen.runner import default_encoder

    assert default_encoder("tinynim") == "pile"
    assert get_encoder("pile", "tinynim").dim == 2
    result = play_game("tinynim:stones=5", ("optimal", "search:eval=pile"), seed=0, index=0)
    assert result.ok and result.returns == (1.0, -1.0)  # 5 stones: the first player wins with optimal play
    assert result.turns == result.actions  # every move is a turn; the last one keeps its number


def test_parts_of_built_in_games_stay_where_they_were():
    for name in ("hearthstone", "dominion", "hanabi", "no_such_game"):
        assert [game_part(name, part) for part in registry.PARTS] == [
            f"cardlab.engine.{name}.features", f"cardlab.engine.{name}.action_ids", f"cardlab.engine.{name}.render",
            f"cardlab.agents.{name}", f"cardlab.agents.{name}.evaluators"]
    register_game("tinynim", MODULE)
    assert game_part("tinynim", "agents") == "tests.platform.plugin_game.agents"


def test_a_missing_part_is_a_game_without_it(monkeypatch):
    from cardlab.engine.features import features_module, get_encoder
    from cardlab.envs.codec import GameCodec

    monkeypatch.setitem(registry.GAMES, "toy", "tests.platform.toy_games")  # a game module with no siblings
    assert features_module("toy") is None
    with pytest.raises(UserError, match="unknown encoder 'pile' for toy"):
        get_encoder("pile", "toy")
    with pytest.raises(UserError, match=r"game 'toy' has no RL hook \(tests.platform.action_ids\)"):
        GameCodec("toy")


def test_games_json_lists_registered_and_entry_point_games(clean_registry, capsys):
    register_game("tinynim", MODULE)
    clean_registry.append(entry_point("tinynim_ep", "tests.platform.plugin_game.game"))
    assert main(["games", "--json"]) == 0
    games = {g["name"]: g for g in json.loads(capsys.readouterr().out)["games"]}
    assert {"hearthstone", "tinynim", "tinynim_ep"} <= set(games)
    assert games["tinynim"]["options"]["stones"]["default"] == 7 and games["tinynim"]["players"] == [2]


def test_an_entry_point_game_needs_no_code(clean_registry, capsys):
    clean_registry.append(entry_point("tinynim", MODULE))
    assert "tinynim" not in registry.GAMES
    assert make_game("tinynim").spec == "tinynim:stones=7"  # an unknown name reads the entry points
    assert registry.registered_games() == {"tinynim": MODULE}  # so workers get it too
    assert main(["arena", "optimal", "random", "--game", "tinynim", "--games", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0


@pytest.mark.parametrize("value, needle", [
    ("tests.platform.no_such_plugin.game", "its module tests.platform.no_such_plugin.game is not installed"),
    ("tests.platform.plugin_game.game:make_game", "without ':attribute'"),
    ("tests.platform.plugin_game.features", "does not define DESCRIPTION"),
])
def test_a_broken_entry_point_is_named_and_leaves_the_other_games_alone(clean_registry, capsys, caplog, value,
                                                                        needle):
    clean_registry.append(entry_point("broken", value))
    clean_registry.append(entry_point("tinynim", MODULE))
    assert main(["games", "--json"]) == 0
    listed = {g["name"] for g in json.loads(capsys.readouterr().out)["games"]}
    assert {"hearthstone", "dominion", "hanabi", "tinynim"} <= listed and "broken" not in listed
    warned = [r.getMessage() for r in caplog.records if "broken" in r.getMessage()]
    assert len(warned) == 1 and "entry point 'broken = " in warned[0] and needle in warned[0]
    with pytest.raises(UserError, match=f"entry point 'broken = |game 'broken' .*{needle}"):
        make_game("broken")  # asking for it is the error
    assert main(["arena", "random", "random", "--game", "hanabi", "--games", "2", "--json"]) == 0


def test_an_entry_point_whose_name_cannot_be_a_game_is_left_out_with_a_warning(clean_registry, caplog):
    clean_registry.append(entry_point("Tiny-Nim", MODULE))
    assert "Tiny-Nim" not in registry.available() and "hearthstone" in registry.available()
    assert any(re.search("entry point 'Tiny-Nim = .*' .*is broken: .*not a plain lowercase identifier", r.getMessage())
               for r in caplog.records)


def test_an_entry_point_named_like_a_built_in_game_is_left_out_with_a_warning(clean_registry, caplog):
    clean_registry.append(entry_point("dominion", MODULE))
    assert "dominion" in registry.available()
    assert registry.GAMES["dominion"] == "cardlab.engine.dominion.game"  # the built-in game stays
    assert any(re.search(r"entry point 'dominion = tests\.platform\.plugin_game\.game' .*names the game 'dominion', "
                         r"which is already cardlab\.engine\.dominion\.game; its game is left out", r.getMessage())
               for r in caplog.records)


def test_openspiel_registers_the_built_in_games_beside_a_broken_entry_point(clean_registry):
    pytest.importorskip("pyspiel")
    from cardlab.envs import openspiel_game

    clean_registry.append(entry_point("broken", "tests.platform.no_such_plugin.game"))
    assert openspiel_game("hanabi").num_players() == 2


@pytest.mark.parametrize("name, module, needle", [
    ("hearthstone", MODULE, "'hearthstone' is taken by cardlab.engine.hearthstone.game"),
    ("Tiny-Nim", MODULE, "not a plain lowercase identifier"),
    ("TinyNim", MODULE, "not a plain lowercase identifier"),
    ("tinynim", "tinynim_game", "not the path of a module inside a package"),
    ("tinynim", "tests.platform.plugin_game.game:make_game", "not the path of a module inside a package"),
])
def test_register_game_refuses_a_taken_or_odd_name(name, module, needle):
    with pytest.raises(UserError, match=needle):
        register_game(name, module)


def test_registering_again_is_a_no_op_but_another_module_is_refused():
    register_game("tinynim", MODULE)
    register_game("tinynim", MODULE)
    with pytest.raises(UserError, match="'tinynim' is taken by tests.platform.plugin_game.game"):
        register_game("tinynim", "tests.platform.plugin_game.features")


def test_a_game_module_without_the_games_names_is_one_error():
    register_game("half", "tests.platform.plugin_game.features")
    with pytest.raises(UserError, match=r"game 'half' \(registered by register_game.*\): "
                                        r"tests.platform.plugin_game.features does not define DESCRIPTION"):
        make_game("half")


def test_arena_spawn_workers_know_a_game_registered_at_runtime(spawn_only, tmp_path, capsys):
    register_game("tinynim", MODULE)
    assert main(["arena", "optimal", "random", "--game", "tinynim", "--games", "6", "--workers", "2", "--json",
                 "--log-dir", str(tmp_path)]) == 0, capsys.readouterr().err
    report = json.loads(capsys.readouterr().out)
    assert spawn_only == ["pool"] and report["games"] == 6 and report["errors"] == 0
    assert report["wins"]["A"] >= 3  # optimal wins every game it starts (7 stones)


def test_datagen_spawn_workers_know_a_game_registered_at_runtime(spawn_only, tmp_path, capsys):
    import h5py

    register_game("tinynim", MODULE)
    out = tmp_path / "nim.h5"
    assert main(["datagen", str(out), "--game", "tinynim", "--agents", "optimal", "random",
                 "--games", "6", "--workers", "2", "--quiet"]) == 0, capsys.readouterr().err
    assert spawn_only == ["worker", "worker"]
    with h5py.File(out, "r") as f:
        assert f.attrs["game"] == "tinynim:stones=7" and f.attrs["encoder"] == "pile"
        assert f.attrs["games_completed"] == 6


def test_replay_and_the_human_agent_use_the_games_renderer(tmp_path, capsys):
    from cardlab.agents.human import observation_printer

    register_game("tinynim", MODULE)
    assert main(["arena", "optimal", "random", "--game", "tinynim", "--games", "1", "--save-games", "--log-dir",
                 str(tmp_path), "--json"]) == 0
    capsys.readouterr()
    (log,) = tmp_path.glob("game-*.json")
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert "pile: ooooooo (7)" in out and "result: returns 1, -1" in out
    assert observation_printer("tinynim")(make_game("tinynim").new_initial_state(0), 1) == [
        "pile: ooooooo (7)", "you are player 1"]


def test_gymnasium_plays_a_registered_game():
    gymnasium = pytest.importorskip("gymnasium")
    from cardlab.envs import gym_id, gymnasium_env, register_gymnasium

    register_game("tinynim", MODULE)
    env = gymnasium_env("tinynim", opponent="optimal")
    obs, info = env.reset(seed=0)
    assert obs.tolist() == [7.0, 1.0] and info["action_mask"].tolist() == [1, 1]
    assert gym_id("tinynim") == "cardlab/Tinynim-v0" and gym_id("hanabi") == "cardlab/Hanabi-v0"
    try:
        assert register_gymnasium(["tinynim"])
        env = gymnasium.make("cardlab/Tinynim-v0", opponent="optimal")
        env.reset(seed=1)
        terminated = truncated = False
        while not (terminated or truncated):
            _, reward, terminated, truncated, _ = env.step(0)  # always 1 stone: optimal leaves a multiple of 3
        assert reward == -1.0
    finally:
        gymnasium.registry.pop("cardlab/Tinynim-v0", None)


def test_a_part_whose_own_import_fails_says_so_instead_of_meaning_no_part(tmp_path, monkeypatch):
    """An outside game's features module that needs a missing library is that error, not 'has no encoders'."""
    import sys

    package = tmp_path / "brokenparts"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text("from tests.platform.plugin_game.game import *  # noqa\n")
    (package / "features.py").write_text("import no_such_library_for_cardlab  # noqa\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "brokenparts", raising=False)
    register_game("tinynim", "brokenparts.game")
    from cardlab.engine.features import features_module

    with pytest.raises(ModuleNotFoundError, match="no_such_library_for_cardlab"):
        features_module("tinynim")
    assert registry.import_game_part("tinynim", "render") is None  # a part that is simply absent


def test_a_plugin_whose_package_fails_at_import_is_left_out_of_listings(clean_registry, tmp_path, monkeypatch,
                                                                       caplog):
    """Not only a missing module: any error while importing an outside game's package names it and spares the rest."""
    import sys

    package = tmp_path / "boompkg"
    package.mkdir()
    (package / "__init__.py").write_text("raise RuntimeError('plugin boom')\n")
    (package / "game.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "boompkg", raising=False)
    clean_registry.append(entry_point("boom", "boompkg.game"))
    names = registry.available()
    assert "boom" not in names and "hanabi" in names
    assert any("entry point 'boom = boompkg.game'" in r.getMessage() for r in caplog.records)
    with pytest.raises(UserError, match="unknown game 'nosuch'"):
        make_game("nosuch")
    register_game("boom2", "boompkg.game")
    with pytest.raises(UserError, match="game 'boom2' .*cannot import boompkg.game: RuntimeError: plugin boom"):
        make_game("boom2")


def test_search_and_mcts_without_an_evaluator_name_the_games_own():
    """A game with named evaluators but no rho: the default search and mcts say which names it has."""
    from cardlab.agents.registry import make_agent

    register_game("tinynim", MODULE)
    game = make_game("tinynim")
    with pytest.raises(UserError, match=r"'rho' \(the search's default\) is Hearthstone's; give eval=NAME \(one of pile\)"):
        make_agent("search", game=game)
    with pytest.raises(UserError, match=r"give eval=NAME \(one of pile\)"):
        make_agent("mcts", game=game)
    assert make_agent("mcts:eval=pile", game=game).evaluator.name == "pile"
