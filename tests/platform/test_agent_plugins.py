"""Agents from outside cardlab (tests/platform/agent_plugin.py): `register()` refuses names and factories that
would fail later, spawned workers know registered agents, a `cardlab.agents` entry point makes an agent usable from
the CLI, and an agent object given to run_match is one clear error."""

from __future__ import annotations

import importlib.metadata
import json
import multiprocessing as mp
import re

import pytest

from cardlab.agents import registry
from cardlab.agents.registry import available, make_agent, register
from cardlab.arena.match import run_match
from cardlab.cli import main
from cardlab.runtime import UserError
from tests.platform.agent_plugin import FirstLegal, NthLegal, make_first

PLUGIN = "tests.platform.agent_plugin"


@pytest.fixture(autouse=True)
def clean_agents(monkeypatch):
    """Each test starts with the built-in agents, no entry points (none of this environment's) and fresh caches;
    what it registers is gone afterwards."""
    from cardlab.arena import play

    for table in ("_FACTORIES", "_BY_GAME", "_ENTRY_POINTS", "_ENTRY_POINT_VALUES", "_WARNED"):
        monkeypatch.setattr(registry, table, type(getattr(registry, table))())
    monkeypatch.setattr(play, "_AGENTS", {})
    entry_points: list = []
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None, **kw: [ep for ep in entry_points if group in (None, ep.group)])
    return entry_points


def entry_point(name: str, value: str):
    return importlib.metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP)


@pytest.mark.parametrize("name, factory, needle", [
    ("greedy", FirstLegal, r"'greedy' is a built-in agent \(hearthstone's\)"),
    ("bigmoney", FirstLegal, r"'bigmoney' is a built-in agent \(dominion's\)"),
    ("age", FirstLegal, r"'age' is a built-in agent \(hanabi's\)"),
    ("random", FirstLegal, r"'random' is a built-in agent \(every game\)"),
    ("my:agent", FirstLegal, "the agent name 'my:agent' is not a name without spaces, ':', ',' or '='"),
    ("", FirstLegal, "the agent name '' is not a name without spaces"),
    ("my agent", FirstLegal, "the agent name 'my agent' is not"),
    ("a=b", FirstLegal, "the agent name 'a=b' is not"),
    ("x", 42, "42 is not callable"),
])
def test_register_refuses_what_would_fail_later(name, factory, needle):
    with pytest.raises(UserError, match=needle):
        register(name, factory)
    assert name not in registry._FACTORIES
    if name == "greedy":
        assert type(make_agent("greedy")).__name__ != "FirstLegal"  # the built-in one stays


def test_registering_again_is_a_no_op_but_another_factory_is_refused():
    register("first", FirstLegal)
    register("first", FirstLegal)
    with pytest.raises(UserError, match=r"'first' is already registered to tests\.platform\.agent_plugin\.FirstLegal"):
        register("first", make_first)
    assert registry._FACTORIES == {"first": FirstLegal}
    register("smithy_like-2", NthLegal)  # '-' and '_' as in built-in names
    assert make_agent("smithy_like-2:n=1", game="dominion").n == 1  # options converted from __init__'s defaults
    register("MyBot", FirstLegal)  # what a spec can spell, capitals included (specs are not lower-cased)
    assert type(make_agent("MyBot", game="dominion")).__name__ == "FirstLegal"


def test_arena_spawn_workers_know_a_registered_agent(spawn_only):
    register("first", FirstLegal)
    report = run_match(["first", "bigmoney"], game="dominion", games=6, workers=2)
    assert spawn_only == ["pool"] and report.games == 6 and report.errors == 0
    assert report.wins["B"] == 6  # bigmoney beats always-the-first-action


def test_datagen_spawn_workers_know_a_registered_agent(spawn_only, tmp_path):
    import h5py

    from cardlab.datagen.runner import DatagenSettings, generate

    register("first", FirstLegal)
    out = tmp_path / "first.h5"
    generate(out, DatagenSettings(agents=("first", "bigmoney"), game="dominion", games=6), workers=2)
    assert spawn_only == ["worker", "worker"]
    with h5py.File(out, "r") as f:
        assert f.attrs["games_completed"] == 6


def _local_class():
    class Local(FirstLegal):
        pass

    return Local


@pytest.mark.parametrize("factory", [lambda seed=0: FirstLegal(seed), _local_class()], ids=["lambda", "local-class"])
@pytest.mark.parametrize("run", ["arena", "datagen"])
def test_an_unpicklable_factory_is_refused_before_any_worker_starts(spawn_only, tmp_path, factory, run):
    register("mine", factory)
    message = r"agent 'mine' \(.*\) cannot be sent to worker processes: .*define it at a module's top level .*one worker"
    with pytest.raises(UserError, match=message):
        if run == "arena":
            run_match(["mine", "bigmoney"], game="dominion", games=4, workers=2)
        else:
            from cardlab.datagen.runner import DatagenSettings, generate

            generate(tmp_path / "x.h5", DatagenSettings(agents=("mine", "bigmoney"), game="dominion", games=4),
                     workers=2)
    assert spawn_only == []  # no pool, no process
    assert run_match(["mine", "bigmoney"], game="dominion", games=2, workers=1).errors == 0  # one worker: fine


def test_an_unpicklable_agent_named_inside_a_search_spec_is_refused_before_any_worker_starts(spawn_only, tmp_path):
    from cardlab.datagen.runner import DatagenSettings, generate

    register("mine", lambda seed=0: FirstLegal(seed))
    with pytest.raises(UserError, match="agent 'mine' .* cannot be sent to worker processes"):
        generate(tmp_path / "x.h5", DatagenSettings(agents=("search:lookahead=mine,max_nodes=30", "random"),
                                                    game="hearthstone", games=4), workers=2)
    assert spawn_only == [] and list(tmp_path.iterdir()) == []  # no pool, and no empty file left behind


def test_an_unpicklable_agent_blocks_only_the_runs_that_play_it(spawn_only, tmp_path, monkeypatch):
    register("mine", lambda seed=0: FirstLegal(seed))
    register("first", FirstLegal)
    report = run_match(["first", "bigmoney"], game="dominion", games=4, workers=2)  # spawned: 'mine' stays home
    assert spawn_only == ["pool"] and report.errors == 0
    monkeypatch.setattr("cardlab.arena.play.process_context", lambda: mp.get_context("fork"))
    report = run_match(["mine", "bigmoney"], game="dominion", games=4, workers=2)  # forked workers inherit it
    assert report.errors == 0 and report.wins["B"] == 4


def test_an_entry_point_agent_works_from_the_cli_and_is_listed(clean_agents, capsys):
    clean_agents.append(entry_point("myname", f"{PLUGIN}:FirstLegal"))
    clean_agents.append(entry_point("nth", f"{PLUGIN}:NthLegal"))
    clean_agents.append(entry_point("first-fn", f"{PLUGIN}:make_first"))
    assert main(["arena", "myname", "random", "--game", "dominion", "--games", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 0 and report["agents"]["A"] == "myname"
    assert {"myname", "nth", "first-fn", "bigmoney", "random"} <= set(available("dominion"))
    assert {"myname", "nth"} <= set(available("hanabi"))
    assert make_agent("nth:n=2", game="hanabi").n == 2


def test_spawn_workers_know_an_entry_point_agent(clean_agents, spawn_only, capsys):
    """The workers get the parent's entry points by value (here the parent's are stand-ins the workers lack)."""
    clean_agents.append(entry_point("myname", f"{PLUGIN}:FirstLegal"))
    assert main(["arena", "myname", "bigmoney", "--game", "dominion", "--games", "4", "--workers", "2",
                 "--json"]) == 0, capsys.readouterr().err
    report = json.loads(capsys.readouterr().out)
    assert spawn_only == ["pool"] and report["errors"] == 0 and report["wins"]["B"] == 4


@pytest.mark.parametrize("name, value, needle", [
    ("broken", "tests.platform.no_such_agents:Agent", "cannot import tests.platform.no_such_agents"),
    ("broken", f"{PLUGIN}:NoSuchAgent", "has no attribute 'NoSuchAgent'"),
    ("broken", f"{PLUGIN}:NOT_CALLABLE", "is not callable"),
    ("broken", f"{PLUGIN}.FirstLegal", "its value must be module:attribute"),
    ("bad,name", f"{PLUGIN}:FirstLegal", "the agent name 'bad,name' is not"),
])
def test_a_broken_entry_point_is_warned_and_left_out(clean_agents, caplog, name, value, needle):
    clean_agents.append(entry_point(name, value))
    clean_agents.append(entry_point("myname", f"{PLUGIN}:FirstLegal"))
    listed = available("dominion")
    assert name not in listed and {"myname", "bigmoney"} <= set(listed)
    available("hanabi")  # one warning per process, however often agents are listed
    warned = [r.getMessage() for r in caplog.records if "left out" in r.getMessage()]
    assert len(warned) == 1 and f"entry point '{name} = {value}' (group cardlab.agents)" in warned[0]
    assert needle in warned[0]
    with pytest.raises(UserError, match=f"entry point '{name} = .* is broken: .*{needle}"):
        make_agent(name, game="dominion")  # asking for it is the error


@pytest.mark.parametrize("name, needle", [
    ("greedy", r"names the built-in agent 'greedy' \(hearthstone's\)"),
    ("random", r"names the built-in agent 'random' \(every game\)"),
    ("mine", r"names the agent 'mine' registered by register\(\)"),
])
def test_an_entry_point_named_like_a_built_in_or_registered_agent_is_left_out(clean_agents, caplog, name, needle):
    register("mine", NthLegal)
    clean_agents.append(entry_point(name, f"{PLUGIN}:FirstLegal"))
    assert name in available("hearthstone")
    assert type(make_agent(name, game="hearthstone")).__name__ != "FirstLegal"  # built-in and registered names win
    assert any(re.search(f"entry point '{name} = {PLUGIN}:FirstLegal' .*{needle}.*; its agent is left out",
                         r.getMessage()) for r in caplog.records)
    if name == "greedy":
        with pytest.raises(UserError, match=r"entry point 'greedy = .* names the built-in agent 'greedy'"):
            make_agent("greedy", game="hanabi")  # not hanabi's agent, and not the entry point's either


@pytest.mark.parametrize("agent", [FirstLegal(), FirstLegal, 3])
def test_an_agent_object_given_to_run_match_is_one_error(agent, monkeypatch):
    played = []
    monkeypatch.setattr("cardlab.arena.match.play_game", lambda *a, **k: played.append(a))
    with pytest.raises(UserError, match=r"is not a spec string: agents are given as spec strings .*"
                                        r"cardlab\.agents\.registry\.register\('name', (FirstLegal|int)\)"):
        run_match([agent, "bigmoney"], game="dominion", games=2)
    assert played == []
