"""Decks (text, files, deckstrings), the card/deck listings and the terminal game."""

from __future__ import annotations

import json

import pytest

from cardlab.cli import main
from cardlab.engine.hearthstone.carddb import card_db
from cardlab.engine.hearthstone.decks import DeckError, builtin_names, load_deck

LIEGE = ["Abomination", "Abusive Sergeant", "Acolyte of Pain", "Arcane Explosion", "Arcane Intellect",
         "Arcane Missiles", "Bloodfen Raptor", "Bluegill Warrior", "Boulderfist Ogre", "Chillwind Yeti", "Fireball",
         "Flamestrike", "Frostbolt", "Gurubashi Berserker", "Ironfur Grizzly", "Mana Wyrm", "Sen'jin Shieldmasta",
         "Shattered Sun Cleric"]


def test_cards_json_shows_every_basic_and_liege_card_implemented(capsys):
    assert main(["cards", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 382
    assert {"id", "name", "cost", "implemented"} <= set(rows[0])
    basic = [r for r in rows if r["rarity"] == "FREE"]
    assert len(basic) == 129 and all(r["implemented"] for r in basic)
    by_name = {r["name"]: r for r in rows}
    assert all(by_name[n]["implemented"] for n in LIEGE)
    assert all(r["implemented"] for r in rows)  # issue 16: the whole Classic pool


def test_liege_deck_matches_the_spec():
    deck = load_deck("liege")
    assert deck.hero_class == "MAGE" and len(deck.cards) == 30
    counts = {c.name: n for c, n in deck.counts()}
    assert counts["Bloodfen Raptor"] == 1 and counts["Mana Wyrm"] == 2 and set(counts) == set(LIEGE)


@pytest.mark.parametrize("name", builtin_names())
def test_builtin_decks_round_trip_through_deckstrings(name):
    deck = load_deck(name)
    again = load_deck(deck.deckstring())
    assert sorted(c.id for c in again.cards) == sorted(c.id for c in deck.cards)
    assert again.hero_class == deck.hero_class


def _deck_file(tmp_path, body: str):
    path = tmp_path / "my.deck.txt"
    path.write_text(body)
    return str(path)


@pytest.mark.parametrize("body, needle", [
    ("class: MAGE\n30 Fireball\n", "at most 2 allowed"),
    ("class: MAGE\n2 Fireball\n", "has 2 cards, needs 30"),
    ("class: MAGE\n2 Fireballl\n" + "2 Chillwind Yeti\n" * 14, "unknown card 'Fireballl' (did you mean 'Fireball'?)"),
    ("class: WARRIOR\n2 Fireball\n" + "2 Chillwind Yeti\n" * 14, "Fireball is a MAGE card"),
    ("class: MAGE\n2 Ragnaros the Firelord\n", "Ragnaros"),
    ("class: WIZARD\n", "unknown class"),
    ("2 Fireball\n", "missing 'class"),
    ("class: MAGE\nFireball x2\n", "expected 'COUNT Card Name'"),
])
def test_malformed_decks_are_clear_errors(tmp_path, body, needle):
    with pytest.raises(DeckError, match=None) as info:
        load_deck(_deck_file(tmp_path, body))
    assert needle in str(info.value)
    assert "my.deck.txt" in str(info.value) or "deck" in str(info.value)


def test_unimplemented_card_is_named(tmp_path, monkeypatch):
    from cardlab.engine.hearthstone import card_db

    # Every card is scripted once the pool is complete: take Ragnaros' script away for this test.
    monkeypatch.setattr(card_db().get("Ragnaros the Firelord"), "scripted", False)
    body = "class: MAGE\n1 Ragnaros the Firelord\n1 Fireball\n" + "2 Chillwind Yeti\n" * 14
    with pytest.raises(DeckError, match="Ragnaros the Firelord is not implemented"):
        load_deck(_deck_file(tmp_path, body))


def test_bad_deckstring_and_missing_file():
    with pytest.raises(DeckError, match="invalid deckstring"):
        load_deck("AAECAf0EHk5vdEFEZWNr")
    with pytest.raises(DeckError, match="does not exist"):
        load_deck("decks/missing.txt")


def test_decks_json_lists_deckstrings(capsys):
    assert main(["decks", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["key"] for r in rows} == set(builtin_names())
    assert all(r["deckstring"].startswith("AAE") for r in rows)


def test_terminal_game_reasks_invalid_input():
    from rich.console import Console

    from cardlab.agents.human import HumanAgent
    from cardlab.agents.registry import make_agent
    from cardlab.engine.registry import make_game

    answers = iter(["x", "99", "0"] + ["0"] * 400)
    console = Console(record=True, width=120)
    human = HumanAgent(ask=lambda prompt: next(answers), console=console)
    bot = make_agent("random")
    human.reset(0, 1)
    bot.reset(1, 2)
    state = make_game("hearthstone:deck=liege").new_initial_state(4)
    while not state.is_terminal():
        seat = state.current_player
        state.apply((human, bot)[seat].act(state.observation(seat)))
    text = console.export_text()
    assert "please type a number from 0 to" in text and "Hand:" in text
    assert state.returns()[0] in (-1, 0, 1)


def test_play_command_runs_a_game_through_the_terminal(monkeypatch, capsys):
    from cardlab.cli import main

    answers = iter(["0"] * 2000)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "--vs", "random", "--seed", "3"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # rich wraps long lines
    assert "you are seat 0" in out and ("You win!" in out or "You lose." in out or "Draw." in out)


def test_the_final_line_tells_a_shared_win_from_a_win():
    from cardlab.commands.play import outcome_line

    assert outcome_line([1.0, -1.0], 0) == "You win!" and outcome_line([1.0, -1.0], 1) == "You lose."
    assert outcome_line([0.5, 0.5, -1.0], 1) == "You share the win with 1 other player."
    assert outcome_line([1 / 3, 1 / 3, 1 / 3, -1.0], 0) == "You share the win with 2 other players."
    assert outcome_line([0.0, 0.0, 0.0], 2) == "Draw."


def test_a_huge_copy_count_is_refused_before_building_the_deck(tmp_path, capsys):
    from cardlab.cli import main

    deck = tmp_path / "huge.txt"
    deck.write_text("class: mage\n99999999999999999999 Wisp\n")
    assert main(["decks", str(deck)]) == 2
    assert "huge.txt:2: 99999999999999999999 copies of Wisp: a deck has 30 cards" in capsys.readouterr().err


def test_cards_title_counts_the_whole_pool_when_filtered(capsys):
    from cardlab.cli import main

    assert main(["cards", "--implemented", "no"]) == 0
    assert "382/382 implemented; 0 listed" in capsys.readouterr().out


def test_deck_files_without_a_suffix_with_a_byte_order_mark_and_pasted_deckstrings_load(tmp_path, monkeypatch):
    text = (load_deck("liege").deckstring(), "\n".join(
        ["name: Mine", "class: MAGE"] + [f"{n} {c.name}" for c, n in load_deck("basic-mage").counts()]))
    code, listing = text
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mydeck").write_text(listing, encoding="utf-8")
    assert load_deck("mydeck").hero_class == "MAGE"  # a file in this folder, no suffix, no slash
    (tmp_path / "bom.txt").write_text(listing, encoding="utf-8-sig")
    assert len(load_deck("bom.txt").cards) == 30
    assert load_deck(code + " \n").cards == load_deck(code).cards  # pasted with a trailing space and newline


def test_the_terminal_game_shows_board_tags_and_hides_the_bots_hidden_cards(monkeypatch, capsys):
    from cardlab.cli import main

    answers = iter(["²", "0"] + ["0"] * 3000)  # a superscript digit is re-asked, not a crash
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "--decks", "liege", "face-hunter", "--vs", "trading", "--seed", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "please type a number" in out
    assert "play a Secret (Hunter)" in out and "player 1: play Explosive Trap" not in out
    assert "[taunt]" in out  # board tags are text, not rich markup


def test_the_terminal_game_quits_on_q_and_fails_on_end_of_input(monkeypatch, capsys):
    from cardlab.cli import main

    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    assert main(["play", "--game", "hanabi", "--seed", "3"]) == 0

    def ended(prompt=""):
        raise EOFError

    monkeypatch.setattr("builtins.input", ended)
    assert main(["play", "--game", "hanabi", "--seed", "3"]) == 1
    assert "input ended before the game did" in capsys.readouterr().out


def test_two_alike_targets_get_different_labels():
    from tests.engine.hs import make_state

    s = make_state(hands=(["Frostbolt"], []), boards=((), ["Leper Gnome", "Leper Gnome", "Chillwind Yeti"]))
    labels = [s.action_to_string(a) for a in s.legal_actions() if a[0] == 1]
    assert len(set(labels)) == len(labels)
    assert "play Frostbolt -> enemy Chillwind Yeti (4/5)" in labels  # a lone minion keeps the short label


def test_deckstring_with_an_alternate_hero_portrait_takes_the_portraits_class():
    # Deck trackers export the hero portrait the player uses: Magni Bronzebeard (dbf 2828) is a Warrior.
    from hearthstone.deckstrings import Deck as HsDeck

    mage = load_deck("liege")
    neutral = [c for c in card_db().collectible() if c.card_class == "NEUTRAL" and c.rarity != "LEGENDARY"][:15]
    d = HsDeck()
    d.heroes = [2828]
    d.cards = [(c.dbf_id, 2) for c in neutral]
    deck = load_deck(d.as_deckstring)
    assert deck.hero_class == "WARRIOR" and len(deck.cards) == 30
    # the portrait's class still rules out another class's cards
    d.cards = [(c.dbf_id, n) for c, n in mage.counts()]
    with pytest.raises(DeckError, match="(?i)warrior|class"):
        load_deck(d.as_deckstring)


def test_hanabi_in_the_terminal_names_played_cards_and_shows_the_final_table(monkeypatch, capsys):
    from cardlab.cli import main

    monkeypatch.setattr("builtins.input", lambda prompt="": "0")  # always play slot 0: three fuses burn fast
    assert main(["play", "--game", "hanabi:players=2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "you: it was " in out and "a fuse burns (0 left)" in out  # your own card, seen once played
    tail = out[out.rindex("a fuse burns (0 left)"):]
    assert "fireworks" in tail and "Game over: the team scored 0." in tail  # the board after the last move
