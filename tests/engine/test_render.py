"""The terminal board (engine.hearthstone.render): what a player sees of overload, readiness, keywords and heroes."""

from __future__ import annotations

from cardlab.engine.hearthstone.render import board_lines, hero_text, minion_text, observation_lines
from tests.engine.hs import attack, end_turn, make_state, minion, play


def _mine(s, player: int = 0) -> str:
    """The player's own board line, as a person sees it on their move."""
    return observation_lines(s.observation(player), player)[3]


# ---------------------------------------------------------------- Overload

def test_overload_owed_then_locked():
    s = make_state(("SHAMAN", "MAGE"), hands=(["Lightning Bolt", "Feral Spirit"], ()), mana=5)
    play(s, "Lightning Bolt", "enemy hero")
    play(s, "Feral Spirit")
    assert "mana 1/5, 3 Overload next turn, hand 0" in hero_text(s, 0)
    end_turn(s)
    end_turn(s)
    line = hero_text(s, 0)
    assert "mana 3/6 (3 locked by Overload), hand 1" in line
    assert "Overload next turn" not in line
    assert "locked" not in hero_text(s, 1) and "Overload" not in hero_text(s, 1)


def test_no_overload_text_without_overload():
    s = make_state()
    assert "mana 10/10, hand 0, deck 16" in hero_text(s, 0)


# ---------------------------------------------------------------- readiness

def test_sleeping_then_attacked_then_ready_next_turn():
    s = make_state(hands=(["Bloodfen Raptor"], ()), boards=(["Chillwind Yeti"], ()))
    play(s, "Bloodfen Raptor")
    assert _mine(s) == "  Chillwind Yeti 4/5 | Bloodfen Raptor 3/2 (sleeping)"
    attack(s, minion(s, 0, "Chillwind Yeti"), "enemy hero")
    assert _mine(s) == "  Chillwind Yeti 4/5 (attacked) | Bloodfen Raptor 3/2 (sleeping)"
    end_turn(s)
    # the opponent's minions are never marked: readiness is for the player to move
    assert observation_lines(s.observation(1), 1)[1] == "  Chillwind Yeti 4/5 | Bloodfen Raptor 3/2"
    end_turn(s)
    assert _mine(s) == "  Chillwind Yeti 4/5 | Bloodfen Raptor 3/2"


def test_charge_and_windfury_are_ready():
    s = make_state(hands=(["Wolfrider", "Windfury"], ()), boards=(["Chillwind Yeti"], ()))
    play(s, "Wolfrider")
    play(s, "Windfury", minion(s, 0, "Chillwind Yeti"))
    assert _mine(s) == "  Chillwind Yeti 4/5 [windfury] | Wolfrider 3/1 [charge]"
    attack(s, minion(s, 0, "Chillwind Yeti"), "enemy hero")
    assert "Chillwind Yeti 4/5 [windfury] |" in _mine(s)  # a second attack left
    attack(s, minion(s, 0, "Chillwind Yeti"), "enemy hero")
    assert "Chillwind Yeti 4/5 [windfury] (attacked)" in _mine(s)


def test_frozen_and_cant_attack_are_not_also_sleeping():
    s = make_state(hands=(["Ancient Watcher"], ["Frostbolt"]), boards=(["Chillwind Yeti"], ()))
    play(s, "Ancient Watcher")
    end_turn(s)
    play(s, "Frostbolt", minion(s, 0, "Chillwind Yeti"))
    end_turn(s)
    assert _mine(s) == "  Chillwind Yeti 4/2 [frozen] | Ancient Watcher 4/5 [can't attack]"


def test_board_lines_mark_only_the_player_to_move():
    s = make_state(hands=(["Bloodfen Raptor"], ()), boards=((), ["Bloodfen Raptor"]))
    play(s, "Bloodfen Raptor")
    minion(s, 1, "Bloodfen Raptor").exhausted = True
    lines = board_lines(s)
    assert lines[1] == "   board: Bloodfen Raptor 3/2"  # the opponent's, listed first
    assert lines[3] == "   board: Bloodfen Raptor 3/2 (sleeping)"


# ---------------------------------------------------------------- keywords and effects

def test_printed_keywords():
    s = make_state(boards=(["Emperor Cobra", "Kobold Geomancer", "Ancient Watcher", "Wolfrider"], ()))
    assert [minion_text(m) for m in s.players[0].board] == [
        "Emperor Cobra 2/3 [poisonous]", "Kobold Geomancer 2/2 [spell dmg +1]",
        "Ancient Watcher 4/5 [can't attack]", "Wolfrider 3/1 [charge]"]


def test_gained_keywords_show_and_silence_clears_them():
    s = make_state(("WARRIOR", "PRIEST"), hands=(["Charge", "Faceless Manipulator"], ["Silence"]),
                   boards=(["Bloodfen Raptor", "Emperor Cobra"], ()))
    play(s, "Charge", minion(s, 0, "Bloodfen Raptor"))
    play(s, "Faceless Manipulator", minion(s, 0, "Emperor Cobra"))
    assert minion_text(minion(s, 0, "Bloodfen Raptor")) == "Bloodfen Raptor 5/2 [charge]"
    assert [minion_text(m) for m in s.players[0].board if m.card.name == "Emperor Cobra"] == [
        "Emperor Cobra 2/3 [poisonous]"] * 2
    end_turn(s)
    play(s, "Silence", minion(s, 0, "Emperor Cobra"))
    assert minion_text(minion(s, 0, "Emperor Cobra")) == "Emperor Cobra 2/3 [silenced]"


def test_gained_spell_damage():
    s = make_state(hands=(["Ancient Mage"], ()), boards=(["Kobold Geomancer"], ()))
    play(s, "Ancient Mage", position=1)
    assert minion_text(minion(s, 0, "Kobold Geomancer")) == "Kobold Geomancer 2/2 [spell dmg +2]"


def test_immune_and_temporary_attack_this_turn():
    s = make_state(("HUNTER", "MAGE"), hands=(["Bestial Wrath"], ()), boards=(["River Crocolisk"], ()))
    play(s, "Bestial Wrath", minion(s, 0, "River Crocolisk"))
    assert minion_text(minion(s, 0, "River Crocolisk")) == "River Crocolisk 4/3 [immune, +2 atk this turn]"
    end_turn(s)
    assert minion_text(minion(s, 0, "River Crocolisk")) == "River Crocolisk 2/3"


def test_enraged():
    s = make_state(boards=(["Amani Berserker", "Raging Worgen"], ()))
    assert minion_text(minion(s, 0, "Amani Berserker")) == "Amani Berserker 2/3"
    minion(s, 0, "Amani Berserker").damage = 1
    minion(s, 0, "Raging Worgen").damage = 1
    assert minion_text(minion(s, 0, "Amani Berserker")) == "Amani Berserker 5/2 [enraged]"
    assert minion_text(minion(s, 0, "Raging Worgen")) == "Raging Worgen 4/2 [windfury, enraged]"


# ---------------------------------------------------------------- heroes

def test_hero_attack_weapon_and_temporary():
    s = make_state(("WARRIOR", "MAGE"), hands=(["Fiery War Axe", "Heroic Strike"], ()))
    play(s, "Fiery War Axe")
    assert "P0 Warrior: 30 hp, atk 3, mana 8/10, hand 1, deck 16, weapon Fiery War Axe 3/2" in hero_text(s, 0)
    play(s, "Heroic Strike")
    assert ", atk 7, " in hero_text(s, 0)
    end_turn(s)
    # the opponent's turn: the weapon stays listed but is sheathed
    assert hero_text(s, 0).startswith("P0 Warrior: 30 hp, mana")
    assert "weapon Fiery War Axe 3/2" in hero_text(s, 0)
    assert ", atk" not in hero_text(s, 1)


def test_frozen_and_immune_hero():
    s = make_state(hands=(["Ice Block"], ["Frostbolt", "Fireball"]))
    play(s, "Ice Block")
    end_turn(s)
    play(s, "Frostbolt", "enemy hero")
    assert hero_text(s, 0).startswith("P0 Mage: 27 hp, mana 7/10, hand 0, deck 16 [frozen], secrets: Ice Block")
    s.players[0].hero.damage = 25
    play(s, "Fireball", "enemy hero")  # fatal: Ice Block makes the hero Immune this turn
    opponent = observation_lines(s.observation(1), 1)[0]
    assert opponent.startswith("Opponent P0 Mage: 5 hp, mana 7/10, hand 0, deck 16 [frozen, immune]")
    assert "Ice Block" not in opponent
