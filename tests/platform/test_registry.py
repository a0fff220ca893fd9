"""Game specs, the registry, the seats of the one play loop and the seeds agents get."""

from __future__ import annotations

import json

import pytest

from cardlab.arena.play import agent_seed, game_seed, play_game, seat_agent, seat_roles
from cardlab.cli import main
from cardlab.engine.core import Rng
from cardlab.engine.registry import make_game, parse_spec
from cardlab.runtime import UserError


def test_spec_values_may_hold_commas():
    assert parse_spec("hearthstone:decks=liege,basic-warrior,max_turns=30") == (
        "hearthstone", {"decks": "liege,basic-warrior", "max_turns": "30"})
    game = make_game("hearthstone:decks=liege,basic-warrior,max_turns=30")
    assert game.config.max_turns == 30 and game.describe() == "liege vs basic-warrior"
    assert make_game(game.spec).spec == game.spec  # the canonical spec rebuilds the same game


def test_a_padded_deckstring_may_be_the_second_of_two_decks():
    from cardlab.engine.hearthstone.decks import load_deck

    code = load_deck("zoo-warlock").deckstring()
    assert code.endswith("=")  # base64 padding: not a `key=` option
    assert parse_spec(f"hearthstone:decks=liege,{code},max_turns=30") == (
        "hearthstone", {"decks": f"liege,{code}", "max_turns": "30"})
    game = make_game(f"hearthstone:decks=liege,{code}")
    assert [d.hero_class for d in game.decks.decks] == ["MAGE", "WARLOCK"]


@pytest.mark.parametrize("spec, needle", [
    ("chess", "unknown game 'chess'"),
    ("hearthstone:deck=liege,pool=basic", "only one of"),
    ("hearthstone:positions=some", "not one of"),
    ("hearthstone:mulligan=maybe", "should be a bool"),
    ("hearthstone:max_turns=1", "at least 2"),
])
def test_bad_game_specs_are_user_errors(spec, needle):
    with pytest.raises(UserError, match=needle):
        make_game(spec)


def test_games_json_lists_hearthstone_with_its_options(capsys):
    assert main(["games", "--json"]) == 0
    games = {g["name"]: g for g in json.loads(capsys.readouterr().out)["games"]}
    hs = games["hearthstone"]
    assert hs["kind"] == "zero_sum" and hs["players"] == [2]
    assert {"deck", "decks", "pool", "max_turns", "mulligan"} <= set(hs["options"])


def test_every_seat_gets_its_own_agent_object():
    game = make_game("hearthstone")
    assert seat_agent("search:max_nodes=50", 0, game) is not seat_agent("search:max_nodes=50", 1, game)


def test_roles_rotate_so_agent_a_moves_first_in_even_games():
    assert [seat_roles(i, 2) for i in range(3)] == [(0, 1), (1, 0), (0, 1)]
    assert seat_roles(1, 3) == (2, 0, 1)  # the first n games: role r sits in seat (r + i) % n


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_three_or_more_agents_play_every_seat_order_once_in_n_factorial_games(seats):
    """With only a rotation A always sat just before B: the order the agents were listed in moved their win rates."""
    import math

    blocks = [[seat_roles(i, seats) for i in range(b, b + seats)] for b in range(0, math.factorial(seats), seats)]
    orders = [roles for block in blocks for roles in block]
    assert len(set(orders)) == math.factorial(seats) and all(sorted(r) == list(range(seats)) for r in orders)
    for block in blocks:  # every block of n games still puts each agent once in each seat
        assert all(sorted(roles[seat] for roles in block) == list(range(seats)) for seat in range(seats))
    assert seat_roles(math.factorial(seats), seats) == seat_roles(0, seats)


def test_an_agent_seed_does_not_lead_to_the_game_seed():
    """The old arena handed agents outputs of the game's own splitmix64 stream: the next output was the state seed."""
    for index in range(50):
        state = game_seed(0, index)
        for seat in range(2):
            stream = Rng(agent_seed(0, index, seat))
            outputs = {stream.next64() & 0x7FFFFFFFFFFF for _ in range(16)} | {stream.next64() for _ in range(16)}
            assert state not in outputs and agent_seed(0, index, seat) != state


def test_a_game_replays_from_its_seed_and_roles():
    first = play_game("hearthstone", ("greedy", "random-action"), 7, 3, keep_log=True)
    again = play_game("hearthstone", ("greedy", "random-action"), 7, 3, keep_log=True)
    assert first.ok and first.log["actions"] == again.log["actions"] and first.returns == again.returns
    assert first.roles == (1, 0)  # odd game: agent B moves first


def _verbs():
    from cardlab.cli import COMMANDS

    return [[]] + [[v] for v in COMMANDS] + [["train", "value"], ["train", "dqn"]]


@pytest.mark.parametrize("verb", _verbs(), ids=lambda v: " ".join(v) or "cardlab")
def test_every_verb_answers_help(verb, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([*verb, "--help"])
    out = capsys.readouterr().out
    assert exit_.value.code == 0 and "usage:" in out
    assert "%%" not in out  # a description is printed as written, so an escaped percent sign shows doubled


@pytest.mark.parametrize("argv, needle", [
    (["arena", "search:max_nodes=-5", "random"], "max_nodes and max_ms must be finite and >= 0"),
    (["arena", "search:batch=0", "random"], "batch must be >= 1"),
    (["cards", "--class", "FOO"], "unknown class 'FOO'"),
])
def test_nonsense_options_are_refused(argv, needle, capsys):
    assert main(argv) == 2
    assert needle in capsys.readouterr().err


def test_too_many_workers_are_capped_with_a_warning(capsys):
    assert main(["arena", "random", "random", "--games", "2", "--workers", "1000", "--json"]) == 0
    assert "more than the" in capsys.readouterr().err


def test_paths_and_config_values_of_the_wrong_kind_are_one_line_errors(tmp_path, capsys):
    folder = tmp_path / "adir"
    folder.mkdir()
    assert main(["datagen", str(folder), "--force", "--games", "1"]) == 2
    assert main(["decks", "/bin/ls"]) == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("games: five\n")
    assert main(["train", "dqn", "--config", str(bad), "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert "is a directory" in err and "not a text deck" in err and "games: 'five' should be int" in err
    assert "Traceback" not in err and err.count("\n") == 3


def test_broken_pipe_ends_quietly():
    import subprocess
    import sys

    proc = subprocess.run(f"{sys.executable} -m cardlab.cli cards --json | head -c 5", shell=True,
                          capture_output=True, text=True, timeout=120)
    assert proc.stdout == "[\n {\n"[:5] and "Traceback" not in proc.stderr


@pytest.mark.parametrize("command", ["games", "decks"])
def test_a_table_whose_reader_left_exits_0(command):
    import subprocess
    import sys

    # `| true` never reads: the table's first write meets a closed pipe (rich alone exits 1 there)
    proc = subprocess.run(f"set -o pipefail; {sys.executable} -m cardlab.cli {command} | true", shell=True,
                          executable="/bin/bash", capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stderr == ""


def test_tables_written_to_a_pipe_or_file_keep_every_name_whole(capsys, monkeypatch):
    from cardlab.cli import main

    monkeypatch.delenv("COLUMNS", raising=False)
    assert main(["cards", "--class", "NEUTRAL"]) == 0
    out = capsys.readouterr().out
    assert "Stranglethorn Tiger" in out and "…" not in out  # rich's 80 columns cut names off


def test_only_stdouts_reader_leaving_counts_as_a_quiet_end():
    import subprocess
    import sys

    script = ("from cardlab.cli import _reader_leaving_is_not_an_error as hook\n"
              "from rich.console import Console\n"
              "for _ in range(3000):  # main() run many times in one process (tests, notebooks)\n"
              "    hook()\n"
              "try:\n"
              "    Console().on_broken_pipe()\n"
              "except BrokenPipeError:\n"
              "    print('stdout: quiet end', flush=True)\n"
              "Console(stderr=True).on_broken_pipe()  # stderr's reader left: rich's exit 1 stands\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.stdout == "stdout: quiet end\n" and proc.returncode == 1 and "Traceback" not in proc.stderr
