"""Sizes the machine cannot hold and loop training configs the game cannot take: one line naming the setting,
exit 2, refused before a run or loop folder exists (a loop: before any game)."""

from __future__ import annotations

import pytest

from cardlab.cli import main
from cardlab.datagen.runner import DatagenSettings, generate

GIB = 2 ** 30


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("mem") / "tiny.h5"
    generate(path, DatagenSettings(agents=("random-action", "random-action"), games=6, seed=4), commit_every=6)
    return path


@pytest.fixture
def eight_gib(monkeypatch):
    """The same machine everywhere: 8 GiB of memory, whatever the test runs on."""
    import cardlab.train.replay as replay

    monkeypatch.setattr(replay, "physical_memory", lambda: 8 * GIB)


def _config(tmp_path, text: str) -> str:
    (tmp_path / "c.yaml").write_text(text)
    return str(tmp_path / "c.yaml")


def test_a_value_net_too_large_for_the_machine_is_refused_before_the_run_folder(tiny, tmp_path, capsys, eight_gib):
    config = _config(tmp_path, "max_epochs: 1\nhidden: [100000000]\n")
    out = tmp_path / "run"
    assert main(["train", "value", "--data", str(tiny), "--config", config, "--out", str(out), "--json"]) == 2
    err = capsys.readouterr().err
    assert "c.yaml: hidden [100000000]: a network of" in err and "8.0 GiB of memory" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_a_value_net_that_fails_to_allocate_names_hidden(tiny, tmp_path, capsys, monkeypatch):
    import cardlab.train.value as value

    def cannot(*args, **kwargs):
        raise RuntimeError("[enforce fail at alloc_cpu.cpp:127] DefaultCPUAllocator: can't allocate memory")

    monkeypatch.setattr(value, "ValueModule", cannot)
    config = _config(tmp_path, "max_epochs: 1\nhidden: [64]\n")
    out = tmp_path / "run"
    assert main(["train", "value", "--data", str(tiny), "--config", config, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "c.yaml: hidden [64]: the network on" in err and "cannot be allocated" in err
    assert not out.exists()


def _loop(tmp_path, *extra) -> int:
    return main(["loop", "--out", str(tmp_path / "loop"), "--generations", "1", "--games-per-gen", "4",
                 "--gate-games", "4", "--anchor-games", "2", "--anchors", "random", "--max-nodes", "30",
                 "--max-epochs", "1", "--workers", "1", "--quiet", *extra])


def test_a_loop_refuses_a_value_net_too_large_before_any_game(tmp_path, capsys, eight_gib):
    assert _loop(tmp_path, "--train-config", _config(tmp_path, "hidden: [100000000]\n")) == 2
    err = capsys.readouterr().err
    assert "--train-config: hidden [100000000]" in err and "Traceback" not in err
    assert not (tmp_path / "loop").exists()


def test_a_loop_refuses_colour_chains_for_a_game_without_them_before_any_game(tmp_path, capsys):
    assert _loop(tmp_path, "--game", "dominion", "--train-config", _config(tmp_path, "chains: colour\n")) == 2
    err = capsys.readouterr().err
    assert "--train-config: chains: colour: colour chains are Hearthstone's; dominion trains with chains: full" in err
    assert not (tmp_path / "loop").exists()


@pytest.mark.parametrize("error", [MemoryError("Unable to allocate 313. TiB for an array"),
                                   RuntimeError("DefaultCPUAllocator: can't allocate memory: you tried to allocate")])
def test_an_uncaught_allocation_failure_is_one_line(monkeypatch, capsys, error):
    from cardlab.commands import cards

    def fails(args):
        raise error

    monkeypatch.setattr(cards, "run", fails)
    assert main(["cards"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardlab cards: error: out of memory (") and len(err.strip().splitlines()) == 1


def test_other_runtime_errors_are_still_shown_as_bugs(monkeypatch):
    from cardlab.commands import cards

    def fails(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cards, "run", fails)
    with pytest.raises(RuntimeError, match="a bug"):
        main(["cards"])


def test_a_container_memory_limit_counts_as_the_machines_memory(tmp_path, monkeypatch):
    from cardlab.train import replay

    limit = tmp_path / "memory.max"
    limit.write_text("1073741824\n")  # a 1 GiB container on a larger machine
    monkeypatch.setattr(replay, "_CGROUP_LIMITS", (str(limit),))
    assert replay.physical_memory() == 2 ** 30
    limit.write_text("max\n")  # no limit: the machine's RAM
    assert replay.physical_memory() > 2 ** 30
