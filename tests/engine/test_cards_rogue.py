"""Rogue cards: Basic, Dagger Mastery, and the Classic Combo cards."""

import pytest

from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play

ROGUES = ("ROGUE", "ROGUE")
COIN = "GAME_005"


def test_backstab_two_damage_to_undamaged_minion_only():
    s = make_state(ROGUES, hands=(["Backstab"], []), boards=((), ["Chillwind Yeti", "Bloodfen Raptor"]))
    yeti, raptor = minion(s, 1, "Chillwind Yeti"), minion(s, 1, "Bloodfen Raptor")
    yeti.damage = 1
    assert not can_play(s, "Backstab", yeti)
    assert not can_play(s, "Backstab", "enemy hero")
    play(s, "Backstab", raptor)
    assert s.players[1].board == [yeti]


def test_backstab_unplayable_without_undamaged_minion():
    s = make_state(ROGUES, hands=(["Backstab"], []), boards=((), ["Chillwind Yeti"]))
    minion(s, 1, "Chillwind Yeti").damage = 1
    assert not can_play(s, "Backstab")


def test_deadly_poison_needs_a_weapon_and_gives_it_two_attack():
    s = make_state(ROGUES, hands=(["Deadly Poison"], []))
    assert not can_play(s, "Deadly Poison")
    hero_power(s)  # Wicked Knife 1/2
    play(s, "Deadly Poison")
    assert s.players[0].weapon.attack == 3
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 27


def test_sinister_strike_hits_enemy_hero():
    s = make_state(ROGUES, hands=(["Sinister Strike"], []), boards=(["Kobold Geomancer"], []))
    play(s, "Sinister Strike")
    assert s.players[1].hero.health == 26  # 3 + spell damage 1


def test_assassinate_destroys_enemy_minion():
    s = make_state(ROGUES, hands=(["Assassinate"], []), boards=(["Bloodfen Raptor"], ["Boulderfist Ogre"]))
    assert not can_play(s, "Assassinate", minion(s, 0, "Bloodfen Raptor"))
    play(s, "Assassinate", minion(s, 1, "Boulderfist Ogre"))
    assert s.players[1].board == []


def test_sprint_draws_four():
    s = make_state(ROGUES, hands=(["Sprint"], []))
    deck = len(s.players[0].deck)
    play(s, "Sprint")
    assert len(s.players[0].hand) == 4 and len(s.players[0].deck) == deck - 4


def test_fan_of_knives_one_to_enemy_minions_and_draws():
    s = make_state(ROGUES, hands=(["Fan of Knives"], []),
                   boards=(["Bloodfen Raptor"], ["Argent Squire", "Bloodfen Raptor", "Murloc Raider"]))
    play(s, "Fan of Knives")
    assert [(m.card.name, m.health, m.divine_shield) for m in s.players[1].board] == [
        ("Argent Squire", 1, False), ("Bloodfen Raptor", 1, False)]
    assert s.players[0].board[0].damage == 0 and s.players[1].hero.damage == 0
    assert len(s.players[0].hand) == 1


def test_shiv_one_damage_and_draw():
    s = make_state(ROGUES, hands=(["Shiv"], []), boards=((), ["Murloc Raider"]))
    play(s, "Shiv", minion(s, 1, "Murloc Raider"))
    assert s.players[1].board == [] and len(s.players[0].hand) == 1


def test_shiv_can_hit_a_hero():
    s = make_state(ROGUES, hands=(["Shiv"], []))
    play(s, "Shiv", "enemy hero")
    assert s.players[1].hero.health == 29


def test_sap_returns_enemy_minion_to_its_owners_hand():
    s = make_state(ROGUES, hands=(["Sap"], []), boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    yeti.damage = 3
    assert not can_play(s, "Sap", minion(s, 0, "Bloodfen Raptor"))
    play(s, "Sap", yeti)
    assert s.players[1].board == []
    assert [c.name for c in s.players[1].hand] == ["Chillwind Yeti"]
    assert [c.name for c in s.players[0].hand] == []


def test_assassins_blade_three_four_loses_durability_on_attack():
    s = make_state(ROGUES, hands=(["Assassin's Blade"], []))
    play(s, "Assassin's Blade")
    assert s.players[0].weapon.durability == 4
    attack(s, "own hero", "enemy hero")
    assert s.players[0].weapon.durability == 3 and s.players[1].hero.health == 27


# ---------------------------------------------------------------- hero power

def test_dagger_mastery_equips_wicked_knife():
    s = make_state(ROGUES, boards=((), ["Murloc Raider"]))
    hero_power(s)
    w = s.players[0].weapon
    assert w.card.name == "Wicked Knife" and w.attack == 1
    assert s.players[0].mana == 8
    attack(s, "own hero", minion(s, 1, "Murloc Raider"))
    assert s.players[1].board == [] and s.players[0].hero.health == 28
    hero_power_again = [a for a in s.legal_actions() if a[0] == 3]
    assert hero_power_again == []


def test_dagger_mastery_knife_has_two_durability():
    s = make_state(ROGUES)
    hero_power(s)
    assert s.players[0].weapon.durability == 2
    attack(s, "own hero", "enemy hero")
    assert s.players[0].weapon.durability == 1
    end_turn(s)
    end_turn(s)
    attack(s, "own hero", "enemy hero")
    assert s.players[0].weapon is None and s.players[1].hero.health == 28


# ---------------------------------------------------------------- combo

def test_eviscerate_two_damage_without_combo():
    s = make_state(ROGUES, hands=(["Eviscerate"], []))
    play(s, "Eviscerate", "enemy hero")
    assert s.players[1].hero.health == 28


def test_eviscerate_four_damage_with_combo():
    s = make_state(ROGUES, hands=([COIN, "Eviscerate"], []))
    play(s, COIN)
    play(s, "Eviscerate", "enemy hero")
    assert s.players[1].hero.health == 26


def test_eviscerate_combo_gets_spell_damage():
    s = make_state(ROGUES, hands=([COIN, "Eviscerate"], []), boards=(["Kobold Geomancer"], ["Boulderfist Ogre"]))
    play(s, COIN)
    play(s, "Eviscerate", minion(s, 1, "Boulderfist Ogre"))
    assert minion(s, 1, "Boulderfist Ogre").health == 2


def test_hero_power_does_not_enable_combo():
    s = make_state(ROGUES, hands=(["Eviscerate"], []))
    hero_power(s)
    play(s, "Eviscerate", "enemy hero")
    assert s.players[1].hero.health == 28


def test_combo_resets_next_turn():
    s = make_state(ROGUES, hands=([COIN, "Eviscerate"], []))
    play(s, COIN)
    end_turn(s)
    end_turn(s)
    play(s, "Eviscerate", "enemy hero")
    assert s.players[1].hero.health == 28


def test_cold_blood_plus_two_or_plus_four_with_combo():
    s = make_state(ROGUES, hands=(["Cold Blood", "Cold Blood"], []), boards=(["Bloodfen Raptor"], []))
    raptor = minion(s, 0, "Bloodfen Raptor")
    play(s, "Cold Blood", raptor)
    assert raptor.attack == 5
    play(s, "Cold Blood", raptor)
    assert raptor.attack == 9
    end_turn(s)
    assert raptor.attack == 9  # permanent


def test_si7_agent_no_damage_without_combo():
    s = make_state(ROGUES, hands=(["SI:7 Agent"], []))
    play(s, "SI:7 Agent")  # no combo: no target to choose
    assert s.players[1].hero.health == 30
    assert minion(s, 0, "SI:7 Agent").health == 3


def test_si7_agent_combo_deals_two():
    s = make_state(ROGUES, hands=([COIN, "SI:7 Agent"], []), boards=((), ["Bloodfen Raptor"]))
    play(s, COIN)
    play(s, "SI:7 Agent", minion(s, 1, "Bloodfen Raptor"))
    assert s.players[1].board == []
    assert minion(s, 0, "SI:7 Agent").exhausted


def test_si7_agent_combo_ignores_spell_damage():
    s = make_state(ROGUES, hands=([COIN, "SI:7 Agent"], []), boards=(["Kobold Geomancer"], []))
    play(s, COIN)
    play(s, "SI:7 Agent", "enemy hero")
    assert s.players[1].hero.health == 28


def test_si7_agent_without_combo_is_played_without_target():
    from cardlab.engine.hearthstone.state import PLAY

    s = make_state(ROGUES, hands=(["SI:7 Agent"], []))
    plays = [a for a in s.legal_actions() if a[0] == PLAY]
    assert plays == [(PLAY, 0, 0, -1, -1)]


def test_defias_ringleader_combo_summons_a_bandit():
    s = make_state(classes=("ROGUE", "MAGE"), hands=(["Defias Ringleader", "Defias Ringleader"], []))
    play(s, "Defias Ringleader")
    assert [m.card.name for m in s.players[0].board] == ["Defias Ringleader"]
    play(s, "Defias Ringleader")
    names = [m.card.name for m in s.players[0].board]
    assert names == ["Defias Ringleader", "Defias Ringleader", "Defias Bandit"]
    assert (s.players[0].board[2].attack, s.players[0].board[2].health) == (2, 1)
