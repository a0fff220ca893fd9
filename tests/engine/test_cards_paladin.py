"""Every Basic Paladin card, and the Reinforce hero power."""

import pytest

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.entities import Minion
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


def test_the_opponents_truesilver_champion_does_not_heal_your_attacking_hero():
    s = paladin(hands=(["Truesilver Champion"], []))
    play(s, "Truesilver Champion")
    end_turn(s)
    s.players[1].hero.damage = 10
    from cardlab.engine.hearthstone import mechanics as mech

    mech.equip(s, 1, card_db().get("Fiery War Axe"))
    s._legal = None
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 20 and s.players[0].hero.health == 27


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


# ---------------------------------------------------------------- Classic

def _secret_up(names, hand1=(), board0=(), board1=(), classes=("PALADIN", "WARRIOR")):
    """Player 0 plays the secrets `names`; then it is player 1's turn."""
    s = make_state(classes, hands=(list(names), list(hand1)), boards=(list(board0), list(board1)))
    for name in names:
        play(s, name)
    end_turn(s)
    return s


def test_blessing_of_wisdom_draws_for_the_caster_whenever_the_minion_attacks():
    s = paladin(hands=(["Blessing of Wisdom", "Blessing of Wisdom"], []), boards=(["Chillwind Yeti"], ["Bloodfen Raptor"]))
    play(s, "Blessing of Wisdom", minion(s, 0, "Chillwind Yeti"))
    play(s, "Blessing of Wisdom", minion(s, 1, "Bloodfen Raptor"))
    assert len(s.players[0].hand) == 0
    attack(s, minion(s, 0, "Chillwind Yeti"), "enemy hero")
    assert len(s.players[0].hand) == 1
    end_turn(s)
    hand1 = len(s.players[1].hand)
    attack(s, minion(s, 1, "Bloodfen Raptor"), "enemy hero")
    assert len(s.players[0].hand) == 2 and len(s.players[1].hand) == hand1  # the caster draws


def test_argent_protector_gives_a_friendly_minion_divine_shield():
    s = paladin(hands=(["Argent Protector"], []), boards=(["Chillwind Yeti"], ["Bloodfen Raptor"]))
    assert not can_play(s, "Argent Protector", minion(s, 1, "Bloodfen Raptor"))
    play(s, "Argent Protector", minion(s, 0, "Chillwind Yeti"))
    assert minion(s, 0, "Chillwind Yeti").divine_shield and not minion(s, 0, "Argent Protector").divine_shield


def test_equality_sets_every_minions_health_to_one():
    s = paladin(hands=(["Equality"], []), boards=(["Chillwind Yeti"], ["Boulderfist Ogre", "Wisp"]))
    minion(s, 1, "Boulderfist Ogre").damage = 3
    play(s, "Equality")
    assert [m.health for p in s.players for m in p.board] == [1, 1, 1]
    assert minion(s, 1, "Boulderfist Ogre").max_health == 1


def test_aldor_peacekeeper_sets_an_enemy_minions_attack_to_one():
    s = paladin(hands=(["Aldor Peacekeeper"], []), boards=(["Chillwind Yeti"], ["Boulderfist Ogre"]))
    assert not can_play(s, "Aldor Peacekeeper", minion(s, 0, "Chillwind Yeti"))
    play(s, "Aldor Peacekeeper", minion(s, 1, "Boulderfist Ogre"))
    assert minion(s, 1, "Boulderfist Ogre").attack == 1


def test_divine_favor_draws_until_hands_match():
    s = paladin(hands=(["Divine Favor", "Wisp"], ["Wisp"] * 6))
    play(s, "Divine Favor")
    assert len(s.players[0].hand) == 6
    s = paladin(hands=(["Divine Favor", "Wisp", "Wisp"], ["Wisp"]))
    play(s, "Divine Favor")
    assert len(s.players[0].hand) == 2


def test_sword_of_justice_buffs_each_minion_you_summon_and_wears_out():
    s = paladin(hands=(["Sword of Justice", "Wisp", "Wisp", "Wisp", "Wisp", "Wisp", "Wisp"], []))
    play(s, "Sword of Justice")
    for _ in range(5):
        play(s, "Wisp")
    assert all((m.attack, m.health) == (2, 2) for m in s.players[0].board)
    assert s.players[0].weapon is None
    play(s, "Wisp")
    assert (s.players[0].board[-1].attack, s.players[0].board[-1].health) == (1, 1)


def test_sword_of_justice_ignores_enemy_summons():
    s = paladin(hands=(["Sword of Justice"], []))
    play(s, "Sword of Justice")
    end_turn(s)
    s.players[1].hand = [card_db().get("Wisp")]
    s._legal = None
    play(s, "Wisp")
    assert s.players[1].board[0].attack == 1 and s.players[0].weapon.durability == 5


def test_blessed_champion_doubles_attack():
    s = paladin(hands=(["Blessing of Might", "Blessed Champion"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Blessing of Might", yeti)
    play(s, "Blessed Champion", yeti)
    assert yeti.attack == 14


def test_holy_wrath_draws_and_deals_the_drawn_cards_cost_plus_spell_damage():
    s = paladin(hands=(["Holy Wrath", "Holy Wrath"], []), boards=(["Kobold Geomancer"], []))
    s.players[0].deck = [card_db().get("Wisp"), card_db().get("Boulderfist Ogre")]
    play(s, "Holy Wrath", "enemy hero")
    assert s.players[1].hero.health == 23 and [c.name for c in s.players[0].hand] == ["Holy Wrath", "Boulderfist Ogre"]
    play(s, "Holy Wrath", "enemy hero")
    assert s.players[1].hero.health == 22  # a 0-cost Wisp: only the Spell Damage
    s = paladin(hands=(["Holy Wrath"], []))
    s.players[0].deck = []
    play(s, "Holy Wrath", "enemy hero")
    assert s.players[1].hero.health == 30 and s.players[0].hero.health == 29  # fatigue


def test_avenging_wrath_splits_eight_damage_among_enemies():
    s = paladin(hands=(["Avenging Wrath"], []), boards=(["Chillwind Yeti"], ["Boulderfist Ogre", "Boulderfist Ogre"]))
    play(s, "Avenging Wrath")
    enemy = s.players[1]
    assert enemy.hero.damage + sum(m.damage for m in enemy.board) == 8
    assert s.players[0].board[0].damage == 0


def test_lay_on_hands_restores_eight_and_draws_three():
    s = paladin(hands=(["Lay on Hands"], []))
    s.players[0].hero.damage = 10
    play(s, "Lay on Hands", "own hero")
    assert s.players[0].hero.health == 28 and len(s.players[0].hand) == 3


def test_tirion_fordring_equips_ashbringer_when_it_dies():
    from cardlab.engine.hearthstone import mechanics as mech

    s = paladin(hands=(["Tirion Fordring"], []))
    play(s, "Tirion Fordring")
    tirion = minion(s, 0, "Tirion Fordring")
    assert tirion.taunt and tirion.divine_shield and (tirion.attack, tirion.health) == (6, 6)
    mech.destroy(tirion)
    mech.resolve_deaths(s)
    w = s.players[0].weapon
    assert (w.card.name, w.attack, w.durability) == ("Ashbringer", 5, 3)


def test_eye_for_an_eye_reflects_damage_to_the_enemy_hero():
    s = _secret_up(["Eye for an Eye"], board1=["Boulderfist Ogre"])
    s.players[0].hero.armor = 2
    attack(s, minion(s, 1, "Boulderfist Ogre"), "enemy hero")
    assert s.players[0].hero.health == 26 and s.players[1].hero.health == 24  # armor-absorbed damage counts
    assert s.players[0].secrets == ()


def test_eye_for_an_eye_waits_for_the_opponents_turn():
    s = paladin(hands=(["Eye for an Eye"], []))
    play(s, "Eye for an Eye")
    from tests.engine.hs import hero_power as power

    s.players[0].hero_power = card_db().get("VAN_HERO_07bp")  # Life Tap: damage to yourself on your turn
    s._legal = None
    power(s)
    assert s.players[1].hero.health == 30 and s.players[0].secrets


def test_noble_sacrifice_summons_a_defender_as_the_new_target():
    s = _secret_up(["Noble Sacrifice"], board0=["Chillwind Yeti"], board1=["Bloodfen Raptor"])
    attack(s, minion(s, 1, "Bloodfen Raptor"), minion(s, 0, "Chillwind Yeti"))
    assert minion(s, 0, "Chillwind Yeti").health == 5
    assert [m.card.name for m in s.players[0].board] == ["Chillwind Yeti"]  # the Defender died
    assert s.players[1].board == [] and s.players[0].secrets == ()  # the Defender (2/1) killed the 3/2 Raptor


def test_noble_sacrifice_needs_room():
    s = _secret_up(["Noble Sacrifice"], board0=["Wisp"] * 7, board1=["Bloodfen Raptor"])
    attack(s, minion(s, 1, "Bloodfen Raptor"), "enemy hero")
    assert s.players[0].hero.health == 27 and s.players[0].secrets


def test_redemption_returns_a_dead_friendly_minion_with_one_health():
    s = _secret_up(["Redemption"], board0=["Wisp", "Amani Berserker", "Wisp"], board1=["Boulderfist Ogre"])
    attack(s, minion(s, 1, "Boulderfist Ogre"), minion(s, 0, "Amani Berserker"))
    back = s.players[0].board[-1]  # a spell's summon: at the right end, not where it died
    assert [m.card.name for m in s.players[0].board] == ["Wisp", "Wisp", "Amani Berserker"]
    assert back.card.name == "Amani Berserker" and back.health == 1 and back.max_health == 3
    assert back.attack == 5  # damaged: Enrage is on
    assert s.players[0].secrets == ()


def test_redemption_sets_health_before_after_summon_triggers():
    """Redemption sets the returned minion's Health to 1 as part of its summon; Sword of Justice's "after you
    summon" +1/+1 comes after, so a Yeti returns 5/2 (Hearthstone Wiki, Redemption)."""
    s = make_state(("PALADIN", "MAGE"), hands=(["Redemption", "Sword of Justice"], ["Fireball"]),
                   boards=(["Chillwind Yeti"], []))
    play(s, "Redemption")
    play(s, "Sword of Justice")
    end_turn(s)
    play(s, "Fireball", minion(s, 0, "Chillwind Yeti"))
    back = minion(s, 0, "Chillwind Yeti")
    assert (back.attack, back.health) == (5, 2)
    assert s.players[0].weapon.durability == 4


def test_redemption_brings_back_a_deathrattle_minion_after_its_deathrattle():
    s = _secret_up(["Redemption"], board0=["Harvest Golem"], hand1=["Fireball"], classes=("PALADIN", "MAGE"))
    play(s, "Fireball", minion(s, 0, "Harvest Golem"))
    assert sorted((m.card.name, m.health) for m in s.players[0].board) == [("Damaged Golem", 1), ("Harvest Golem", 1)]


def test_redemption_waits_for_every_deathrattle_of_the_same_deaths():
    # Raptor and Abomination die to one Flamestrike: Abomination's 2 damage to all comes first, then Redemption
    # brings the Raptor back at 1 health (it used to be redeemed first and killed by the blast)
    s = _secret_up(["Redemption"], board0=["Bloodfen Raptor", "Abomination"], hand1=["Flamestrike"],
                   classes=("PALADIN", "MAGE"))
    play(s, "Flamestrike")
    assert [(m.card.name, m.health) for m in s.players[0].board] == [("Bloodfen Raptor", 1)]
    assert s.players[0].secrets == ()


def test_repentance_reduces_the_played_minions_health_to_one():
    s = _secret_up(["Repentance"], hand1=["Boulderfist Ogre"])
    play(s, "Boulderfist Ogre")
    ogre = minion(s, 1, "Boulderfist Ogre")
    assert (ogre.attack, ogre.health, ogre.max_health) == (6, 1, 1) and s.players[0].secrets == ()


def test_blessed_champion_does_not_double_auras_or_enrage():
    s = paladin(hands=(["Blessed Champion", "Blessed Champion"], []), boards=(["Chillwind Yeti", "Raid Leader"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Blessed Champion", yeti)
    assert yeti.attack == 9  # (4 x 2) + 1 from Raid Leader
    mech.silence(s, minion(s, 0, "Raid Leader"))
    mech.refresh_auras(s)
    assert yeti.attack == 8
    s = paladin(hands=(["Blessed Champion"], []), boards=(["Amani Berserker"], []))
    amani = minion(s, 0, "Amani Berserker")
    amani.damage = 1
    play(s, "Blessed Champion", amani)
    assert amani.attack == 7  # (2 x 2) + 3 while enraged
    amani.damage = 0
    assert amani.attack == 4


def test_blessed_champion_doubles_this_turns_buff_only_this_turn():
    s = paladin(hands=(["Abusive Sergeant", "Blessed Champion"], []), boards=(["Chillwind Yeti"], []))
    s.players[0].mana = s.players[0].max_mana = 10
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Abusive Sergeant", yeti)
    play(s, "Blessed Champion", yeti)
    assert yeti.attack == 12
    end_turn(s)
    assert yeti.attack == 8


def test_ashbringer_equipped_in_combat_counts_for_auras_at_once():
    s = paladin(boards=(["Tirion Fordring", "Spiteful Smith", "Southsea Deckhand"], ["Boulderfist Ogre"]))
    tirion, smith, deckhand = (minion(s, 0, n) for n in ("Tirion Fordring", "Spiteful Smith", "Southsea Deckhand"))
    tirion.divine_shield = False
    smith.damage = 1  # enraged: your weapon has +2 Attack
    deckhand.exhausted = True  # played this turn: only Charge lets it attack
    mech.refresh_auras(s)
    s._legal = None
    attack(s, tirion, minion(s, 1, "Boulderfist Ogre"))
    assert s.players[0].weapon.attack == 7 and deckhand.can_attack()


def test_redemption_after_combat_brings_lightspawn_back_as_one_one():
    s = paladin(boards=(["Lightspawn"], []))
    from cardlab.engine.hearthstone import secrets
    secrets.put(s, 0, card_db().get("Redemption"))
    end_turn(s)
    s.players[1].board = [Minion(card_db().get("Boulderfist Ogre"), s.new_uid(), 1)]
    s.players[1].board[0].exhausted = False
    s._legal = None
    attack(s, minion(s, 1, "Boulderfist Ogre"), minion(s, 0, "Lightspawn"))
    back = minion(s, 0, "Lightspawn")
    assert (back.attack, back.health) == (1, 1)
