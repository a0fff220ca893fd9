"""Every Basic Paladin card, and the Reinforce hero power."""

import pytest

from cardlab.engine.hearthstone import card_db
from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play


def paladin(**kw):
    return make_state(classes=("PALADIN", "MAGE"), **kw)


def test_blessing_of_kings_gives_four_four():
    s = paladin(hands=(["Blessing of Kings"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Blessing of Kings", yeti)
    assert (yeti.attack, yeti.health) == (8, 9)


def test_blessing_of_kings_needs_a_minion():
    s = paladin(hands=(["Blessing of Kings"], []))
    assert not can_play(s, "Blessing of Kings")


def test_blessing_of_might_gives_three_attack_to_any_minion():
    s = paladin(hands=(["Blessing of Might"], []), boards=((), ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    assert not can_play(s, "Blessing of Might", "enemy hero")
    play(s, "Blessing of Might", yeti)
    assert (yeti.attack, yeti.health) == (7, 5)
    end_turn(s)
    assert yeti.attack == 7  # permanent


def test_consecration_hits_all_enemies_only():
    s = paladin(hands=(["Consecration"], []), boards=(["Bloodfen Raptor"], ["Bloodfen Raptor", "Chillwind Yeti"]))
    play(s, "Consecration")
    assert [m.health for m in s.players[1].board] == [3]
    assert s.players[1].hero.health == 28
    assert s.players[0].board[0].health == 2 and s.players[0].hero.health == 30


def test_consecration_gets_spell_damage():
    s = paladin(hands=(["Consecration"], []), boards=(["Kobold Geomancer"], ["Chillwind Yeti"]))
    play(s, "Consecration")
    assert s.players[1].hero.health == 27 and minion(s, 1, "Chillwind Yeti").health == 2


def test_guardian_of_kings_restores_six_to_hero():
    s = paladin(hands=(["Guardian of Kings"], []))
    s.players[0].hero.damage = 10
    play(s, "Guardian of Kings")
    g = minion(s, 0, "Guardian of Kings")
    assert (g.attack, g.health) == (5, 6)
    assert s.players[0].hero.health == 26


def test_guardian_of_kings_does_not_overheal():
    s = paladin(hands=(["Guardian of Kings"], []))
    s.players[0].hero.damage = 2
    play(s, "Guardian of Kings")
    assert s.players[0].hero.health == 30


def test_hammer_of_wrath_deals_three_and_draws():
    s = paladin(hands=(["Hammer of Wrath"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Hammer of Wrath", minion(s, 1, "Chillwind Yeti"))
    assert minion(s, 1, "Chillwind Yeti").health == 2
    assert [c.name for c in s.players[0].hand] == ["Chillwind Yeti"]


def test_hammer_of_wrath_gets_spell_damage():
    s = paladin(hands=(["Hammer of Wrath"], []), boards=(["Kobold Geomancer"], []))
    play(s, "Hammer of Wrath", "enemy hero")
    assert s.players[1].hero.health == 26


def test_hand_of_protection_gives_divine_shield():
    s = paladin(hands=(["Hand of Protection"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Hand of Protection", yeti)
    assert yeti.divine_shield
    s.players[0].hand.append(card_db().get("Fireball"))
    play(s, "Fireball", yeti)
    assert yeti.health == 5 and not yeti.divine_shield


def test_holy_light_restores_six():
    s = paladin(hands=(["Holy Light"], []))
    s.players[0].hero.damage = 10
    play(s, "Holy Light", "own hero")
    assert s.players[0].hero.health == 26


def test_holy_light_heals_minion_up_to_max_and_ignores_spell_damage():
    s = paladin(hands=(["Holy Light"], []), boards=(["Kobold Geomancer", "Boulderfist Ogre"], []))
    s.players[0].hero.damage = 20
    ogre = minion(s, 0, "Boulderfist Ogre")
    ogre.damage = 3
    play(s, "Holy Light", ogre)
    assert ogre.health == 7
    s.players[0].hand.append(card_db().get("Holy Light"))
    play(s, "Holy Light", "own hero")
    assert s.players[0].hero.health == 16


def test_humility_sets_attack_to_one():
    s = paladin(hands=(["Blessing of Might", "Humility"], []), boards=((), ["Boulderfist Ogre"]))
    ogre = minion(s, 1, "Boulderfist Ogre")
    play(s, "Blessing of Might", ogre)
    play(s, "Humility", ogre)
    assert (ogre.attack, ogre.health) == (1, 7)


def test_humility_overrides_this_turn_attack_and_keeps_later_auras():
    s = paladin(hands=(["Abusive Sergeant", "Humility", "Raid Leader"], []), boards=(["Boulderfist Ogre"], []))
    ogre = minion(s, 0, "Boulderfist Ogre")
    play(s, "Abusive Sergeant", ogre)
    assert ogre.attack == 8
    play(s, "Humility", ogre)
    assert ogre.attack == 1
    play(s, "Raid Leader")
    assert ogre.attack == 2


def test_humility_is_removed_by_silence():
    from cardlab.engine.hearthstone import mechanics as mech

    s = paladin(hands=(["Humility"], []), boards=((), ["Boulderfist Ogre"]))
    ogre = minion(s, 1, "Boulderfist Ogre")
    play(s, "Humility", ogre)
    mech.silence(s, ogre)
    assert ogre.attack == 6


def test_dsl_set_attack_overrides_this_turn_attack():
    from cardlab.engine.hearthstone import dsl
    from cardlab.engine.hearthstone import mechanics as mech

    s = paladin(boards=(["Boulderfist Ogre"], []))
    ogre = minion(s, 0, "Boulderfist Ogre")
    ogre.temp_atk = 2
    dsl.set_attack(1)(mech.Ctx(s, 0, None, None, ogre))
    assert ogre.attack == 1


def test_lights_justice_equips_one_attack_weapon():
    s = paladin(hands=(["Light's Justice"], []))
    play(s, "Light's Justice")
    assert s.players[0].weapon.card.name == "Light's Justice"
    assert s.players[0].hero_attack() == 1
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 29


def test_lights_justice_has_four_durability():
    s = paladin(hands=(["Light's Justice"], []))
    play(s, "Light's Justice")
    assert s.players[0].weapon.durability == 4
    for turn in range(4):
        attack(s, "own hero", "enemy hero")
        end_turn(s)
        end_turn(s)
    assert s.players[0].weapon is None and s.players[1].hero.health == 26


def test_truesilver_champion_heals_hero_when_attacking():
    s = paladin(hands=(["Truesilver Champion"], []))
    s.players[0].hero.damage = 10
    play(s, "Truesilver Champion")
    assert s.players[0].hero_attack() == 4
    attack(s, "own hero", "enemy hero")
    assert s.players[0].hero.health == 22
    assert s.players[1].hero.health == 26


def test_truesilver_champion_heal_offsets_defender_damage():
    s = paladin(hands=(["Truesilver Champion"], []), boards=((), ["Chillwind Yeti"]))
    s.players[0].hero.damage = 10
    play(s, "Truesilver Champion")
    attack(s, "own hero", minion(s, 1, "Chillwind Yeti"))
    assert s.players[0].hero.health == 20 + 2 - 4
    assert minion(s, 1, "Chillwind Yeti").health == 1


def test_truesilver_champion_has_two_durability():
    s = paladin(hands=(["Truesilver Champion"], []))
    play(s, "Truesilver Champion")
    assert s.players[0].weapon.durability == 2
    attack(s, "own hero", "enemy hero")
    assert s.players[0].weapon.durability == 1


def test_reinforce_summons_silver_hand_recruit():
    s = paladin()
    hero_power(s)
    assert [(m.card.name, m.attack, m.health) for m in s.players[0].board] == [("Silver Hand Recruit", 1, 1)]
    assert s.players[0].mana == 8
    assert not any(a[0] == 3 for a in s.legal_actions())  # once per turn


def test_reinforce_needs_board_space():
    s = paladin(boards=(["Bloodfen Raptor"] * 7, []))
    assert not any(a[0] == 3 for a in s.legal_actions())
