"""Saved games and `cardlab replay`: the result by seat with each seat's agent, checked against the log; a deck file
stored so the log replays anywhere; logs that cannot be the game they claim are refused (exit 2, one line naming
the file). Also the `play` header's user text and the Ctrl-C line at a prompt."""

from __future__ import annotations

import io
import json
import shutil
import sys

import pytest

from cardlab.cli import main
from cardlab.commands import play
from cardlab.engine.hearthstone.decks import DECK_DIR

LIEGE = DECK_DIR / "liege.txt"


def save_games(tmp_path, capsys, *options: str, games: int = 1) -> list:
    logs = tmp_path / "logs"
    assert main(["arena", "trading", "greedy", *options, "--games", str(games), "--seed", "1", "--save-games",
                 "--log-dir", str(logs)]) == 0
    capsys.readouterr()
    return sorted(logs.glob("game-*.json"))


def refused(capsys, *needles: str) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and len(captured.err.strip().splitlines()) == 1
    for needle in needles:
        assert needle in captured.err
    return captured.err


def test_replay_names_each_seats_agent_and_compares_in_seat_order(tmp_path, capsys):
    path = save_games(tmp_path, capsys, games=2)[1]  # game 1: agent B (greedy) sits in seat 0
    log = json.loads(path.read_text())
    assert log["roles"] == [1, 0]
    winner = log["roles"].index(max(range(2), key=lambda role: log["result"]["returns_by_role"][role]))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("seat 0: greedy, seat 1: trading")
    by_seat = [f"{log['result']['returns_by_role'][role]:g}" for role in log["roles"]]
    assert out.splitlines()[-1] == (f"result: returns {', '.join(by_seat)} by seat: seat {winner} "
                                    f"({log['agents'][winner]}) wins after {log['result']['turns']} turns (as logged)")


def test_a_game_with_a_deck_file_replays_elsewhere_and_after_the_file_changes(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(LIEGE, "my.txt")
    (path,) = save_games(tmp_path, capsys, "--deck", "my.txt")
    log = json.loads(path.read_text())
    assert "my.txt" not in log["game"] and log["game"].startswith("hearthstone:deck=AAE")
    assert log["game_record"]["decks"][0]["name"] == "Liège" and log["version"] == 3
    lines = LIEGE.read_text().splitlines()  # the same cards in another order: another shuffle, if it were read
    cards = [line for line in lines if line[:1].isdigit()]
    (tmp_path / "my.txt").write_text("\n".join([line for line in lines if not line[:1].isdigit()] + cards[::-1]))
    monkeypatch.chdir(path.parent)
    assert main(["replay", path.name]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("(as logged)")


def test_an_old_log_whose_deck_file_changed_or_whose_actions_are_cut_short_is_refused(tmp_path, capsys,
                                                                                      monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(LIEGE, "my.txt")
    (path,) = save_games(tmp_path, capsys, "--deck", "my.txt")
    log = json.loads(path.read_text())
    old = {**{k: v for k, v in log.items() if k != "game_record"}, "version": 2, "game": "hearthstone:deck=my.txt"}
    (tmp_path / "old.json").write_text(json.dumps(old))
    assert main(["replay", "old.json"]) == 0  # written before decks were stored: its path still resolves
    assert capsys.readouterr().out.splitlines()[-1].endswith("(as logged)")
    (tmp_path / "cut.json").write_text(json.dumps({**log, "actions": log["actions"][:-3]}))
    assert main(["replay", "cut.json"]) == 2
    refused(capsys, "cut.json: the replay does not match the log", "unfinished",
            "its actions end before the game does")
    swapped = {**log, "result": {**log["result"], "returns_by_role": log["result"]["returns_by_role"][::-1]}}
    (tmp_path / "swapped.json").write_text(json.dumps(swapped))
    assert main(["replay", "swapped.json"]) == 2
    refused(capsys, "swapped.json: the replay does not match the log")


def test_a_log_nested_too_deeply_is_not_a_game_log_and_a_byte_order_mark_is_read(tmp_path, capsys):
    (tmp_path / "deep.json").write_text("[" * 3000 + "]" * 3000)
    assert main(["replay", str(tmp_path / "deep.json")]) == 2
    refused(capsys, "deep.json: not a cardlab game log")
    (path,) = save_games(tmp_path, capsys)
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert main(["replay", str(bom)]) == 0


@pytest.mark.parametrize("name", ["mage [v2].txt", "d[/]x.txt", "a:fire:.txt"])
def test_play_prints_deck_file_names_as_typed(tmp_path, capsys, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "400")
    (tmp_path / name).parent.mkdir(exist_ok=True)
    shutil.copy(LIEGE, tmp_path / name)
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    assert main(["play", "--deck", name, "--seed", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith(f"{name} mirror (hearthstone:deck={name}), seed 1")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_ctrl_c_at_a_terminal_prompt_starts_its_own_line(monkeypatch, capsys):
    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(play, "run", interrupted)
    monkeypatch.setattr(sys, "stdin", Terminal())
    assert main(["play"]) == 130
    assert capsys.readouterr().err == "\ncardlab play: interrupted\n"  # not after the echoed ^C
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play"]) == 130
    assert capsys.readouterr().err == "cardlab play: interrupted\n"


def test_a_built_in_deck_name_shadowed_by_a_file_here_is_logged_as_the_name(tmp_path, monkeypatch):
    """load_deck takes the built-in deck over a file of the same name: the log names it as typed (version 2)."""
    from cardlab.arena.play import play_game

    monkeypatch.chdir(tmp_path)
    (tmp_path / "liege").write_text("this file is not read\n", encoding="utf-8")
    log = play_game("hearthstone:deck=liege", ["random", "random"], 5, 0, keep_log=True).log
    assert log["version"] == 2 and log["game"] == "hearthstone:deck=liege" and "game_record" not in log
