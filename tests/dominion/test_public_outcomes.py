"""What the table sees of an action's effects (`DominionState.public_outcome_of`): cards an attack revealed,
trashed or put on a deck, also where the engine answered a one-option prompt for a player; and the words that
name a Thief's trashed Treasure. `cardlab play` and `cardlab replay` print them."""

from __future__ import annotations

import builtins

from cardlab.cli import main
from cardlab.engine.dominion.cards import CARD_ID

from tests.dominion.positions import choose, position

C = CARD_ID


def action(state, label):
    return state.legal_actions()[state.decision().options.index(label)]


def test_thief_gain_names_the_trashed_card_and_whose_it_was():
    s = position(["Thief"], kingdom="interaction", players=3,
                 others={1: {"deck": ["Gold", "Estate"]}, 2: {"deck": ["Silver", "Silver"]}})
    choose(s, "Thief")
    assert [s.action_to_string(a) for a in s.legal_actions()] == [
        "gain player 1's trashed Gold", "do not gain player 1's trashed Gold"]


def test_thief_names_whose_treasure_it_trashes():
    s = position(["Thief"], kingdom="interaction", players=3,
                 others={1: {"deck": ["Estate", "Village"]}, 2: {"deck": ["Silver", "Copper"]}})
    choose(s, "Thief")
    assert [s.action_to_string(a) for a in s.legal_actions()] == [
        "trash player 2's Copper (Thief)", "trash player 2's Silver (Thief)"]


def test_thief_reveals_and_the_trash_the_engine_chose_are_public():
    s = position(["Thief"], kingdom="interaction", players=3,
                 others={1: {"deck": ["Gold", "Estate"]}, 2: {"deck": ["Silver", "Silver"]}})
    before = s.to_dict()
    thief = action(s, "Thief")
    assert s.public_outcome_of(thief, 2) == ("player 1 revealed Gold, Estate; player 1's Gold was trashed; "
                                             "you revealed Silver, Silver; your Silver was trashed")
    assert s.public_outcome_of(thief, -1).startswith("player 1 revealed Gold, Estate")
    assert s.to_dict() == before  # told without touching the state
    s.apply(thief)
    assert sorted(s.trash) == [C["Silver"], C["Gold"]]


def test_a_thief_choice_reports_no_more_than_it_says():
    s = position(["Thief"], kingdom="interaction", others={1: {"deck": ["Silver", "Gold"]}})
    assert s.public_outcome_of(action(s, "Thief"), 1) == "you revealed Silver, Gold"  # the attacker chooses
    choose(s, "Thief")
    assert s.public_outcome_of(action(s, "Gold"), 1) == ""  # "trash player 1's Gold (Thief)" says it all


def test_bureaucrat_top_deck_and_revealed_hand_are_public():
    s = position(["Bureaucrat"], kingdom="big-money", others={1: {"hand": ["Estate", "Estate", "Copper"]}})
    assert s.public_outcome_of(action(s, "Bureaucrat"), 1) == (
        "player 0 gained Silver onto their deck; you revealed Estate and put it onto your deck")
    s = position(["Bureaucrat"], kingdom="big-money", others={1: {"hand": ["Silver", "Copper", "Copper"]}})
    assert s.public_outcome_of(action(s, "Bureaucrat"), 0) == (
        "you gained Silver onto your deck; player 1 revealed their hand, without a Victory card: "
        "Copper, Copper, Silver")


def test_spy_names_each_revealed_card_in_the_choice():
    s = position(["Spy", "Copper"], deck=["Estate", "Silver"], kingdom="interaction",
                 others={1: {"deck": ["Gold"]}})
    choose(s, "Spy")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["discard player 0's Silver",
                                                                   "keep player 0's Silver"]
    choose(s, "keep")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["discard player 1's Gold", "keep player 1's Gold"]


def test_witch_curses_militia_discards_the_engine_made_and_an_observation():
    s = position(["Witch"], kingdom="size-distortion")
    assert s.public_outcome_of(action(s, "Witch"), 1) == "you gained Curse"
    s = position(["Militia"], kingdom="first-game")  # player 1 holds five Coppers: no choice to make
    assert s.public_outcome_of(action(s, "Militia"), 0) == "player 1 discarded Copper, Copper"
    assert s.observation(0).public_outcome_of(action(s, "Militia"), 0) == ""  # cannot resolve: hidden cards


def test_play_names_what_a_bots_thief_revealed_and_trashed(monkeypatch, capsys):
    monkeypatch.setattr(builtins, "input", lambda prompt="": "0")
    monkeypatch.setenv("COLUMNS", "400")  # one printed line per move
    assert main(["play", "--game", "dominion:kingdom=size-distortion", "--vs", "greedy", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.endswith("player 1: play Witch, you gained Curse") for line in lines)
    assert any(line.endswith("player 1: play Thief, you revealed Copper, Copper; your Copper was trashed")
               for line in lines)
    assert "player 1: do not gain player 0's trashed Copper" in lines


def test_replay_prints_what_an_attack_revealed_and_trashed(tmp_path, capsys):
    logs = tmp_path / "logs"
    assert main(["arena", "greedy", "greedy", "--game", "dominion:kingdom=size-distortion", "--games", "2",
                 "--seed", "1", "--save-games", "--log-dir", str(logs)]) == 0
    capsys.readouterr()
    assert main(["replay", str(logs / "game-1-000001.json")]) == 0
    out = capsys.readouterr().out
    assert "  - play Thief: player 1 revealed Copper, Copper; player 1's Copper was trashed\n" in out
    assert "  - do not gain player 1's trashed Copper\n" in out
