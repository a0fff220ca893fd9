"""CLI errors: what the machine raises (read-only file system, disk full) and wrong agent counts are one line."""

from __future__ import annotations

import errno
import json

import pytest

from cardlab.cli import main
from cardlab.commands import models


@pytest.mark.parametrize("code, text", [(errno.EROFS, "read-only file system"), (errno.ENOSPC, "no space left")])
def test_os_refusals_are_one_line_naming_the_path(monkeypatch, capsys, code, text):
    def refuse(args):
        raise OSError(code, text.capitalize(), "runs/out")

    monkeypatch.setattr(models, "run", refuse)
    assert main(["models"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"cardlab models: error: runs/out: {text}"


def test_bare_os_errors_are_not_hidden(monkeypatch):
    def broken(args):
        raise OSError("Can't synchronously read data")

    monkeypatch.setattr(models, "run", broken)
    with pytest.raises(OSError):
        main(["models"])


def test_unwritable_log_dir_fails_before_any_game(tmp_path, capsys, monkeypatch):
    played = []
    import cardlab.arena.match as match

    monkeypatch.setattr(match, "run_match", lambda *a, **k: played.append(1))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["arena", "random", "random", "--games", "2", "--save-games", "--log-dir", str(blocker / "logs")]) == 2
    assert "is not a directory" in capsys.readouterr().err
    assert not played


@pytest.mark.parametrize("argv, option", [
    (["bench", "fuzz", "--games", "2", "--game", "dominion"], "--game"),
    (["bench", "search", "--positions", "2", "--game", "dominion"], "--game"),
    (["bench", "search-net", "--eval", "rho"], "--eval"),
    (["bench", "engine", "--cap", "5"], "--cap"),
])
def test_bench_refuses_an_option_the_benchmark_would_ignore(capsys, argv, option):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{option} does not apply to `cardlab bench {argv[1]}`" in err and "Traceback" not in err


@pytest.mark.parametrize("verb", [["arena", "trading", "random", "--save-games"], ["tournament", "trading", "random"]])
def test_an_empty_log_dir_is_refused(capsys, verb):
    assert main([*verb, "--games", "2", "--log-dir", ""]) == 2
    assert "--log-dir is empty" in capsys.readouterr().err


def test_bench_engine_refuses_a_wrong_agent_count(capsys):
    assert main(["bench", "engine", "--game", "hanabi:players=4", "--agents", "hat", "hat", "--games", "2"]) == 2
    assert "has 4 seats: give 4 agent specs" in capsys.readouterr().err
    assert main(["bench", "engine", "--game", "dominion", "--agents", "bigmoney", "--games", "2", "--json"]) == 0


def test_a_malformed_yaml_config_is_one_line_with_its_line_number(tmp_path, capsys):
    config = tmp_path / "bad.yaml"
    config.write_text("lr: 0.001\nhidden: [128,\n")
    assert main(["train", "value", "--data", str(tmp_path / "x.h5"), "--config", str(config),
                 "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.yaml: not valid YAML at line 3" in err


@pytest.mark.parametrize("argv, message", [
    (["--game", "hanabi:players=2,players=3"], "option 'players' is given twice"),
    (["--game", "dominion:players=2,players=4"], "option 'players' is given twice"),
    (["--game", "hearthstone:deck=liege", "--deck", "basic-mage"], "--deck and deck= in --game"),
    (["--game", "hearthstone:max_turns=10", "--max-turns", "30"], "--max-turns and max_turns= in --game"),
])
def test_a_game_option_given_twice_is_refused_not_overwritten(capsys, argv, message):
    from cardlab.cli import main

    assert main(["arena", "random", "random", "--games", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_bench_json_is_strict_json_when_a_figure_could_not_be_measured(capsys):
    # one game that ends before any mid-game state: clone and legal-action timings cannot be measured
    assert main(["bench", "engine", "--games", "1", "--seed", "1", "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} is not JSON"))
    assert data["clone_us"] is None


def test_bench_search_net_checks_its_decisions_folder_and_compare_file_before_playing(tmp_path, capsys):
    assert main(["bench", "search-net", "--games", "1", "--decisions", str(tmp_path / "nodir" / "d.json")]) == 2
    assert "its folder does not exist" in capsys.readouterr().err
    empty = tmp_path / "empty.json"
    empty.write_text('{"games": {}}')
    assert main(["bench", "search-net", "--games", "1", "--compare", str(empty)]) == 2
    assert "holds no games' decisions" in capsys.readouterr().err


def test_tournament_help_suggests_only_games_it_plays(capsys):
    """It refuses games of more than two players and cooperative ones: its --game help must not suggest Hanabi."""
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "two-player zero-sum games only" in text and "hanabi" not in text
    assert main(["tournament", "random", "hat", "--game", "hanabi"]) == 2
    assert "a tournament needs a two-player zero-sum game" in capsys.readouterr().err
