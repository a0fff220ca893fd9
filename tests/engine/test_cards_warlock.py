"""Every Basic Warlock card and Life Tap."""

from cardlab.engine.hearthstone.state import ATTACK, HearthstoneState
from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play

WARLOCK = ("WARLOCK", "WARLOCK")


def warlock_state(**kw):
    return make_state(classes=WARLOCK, **kw)


def test_life_tap_draws_and_deals_two_to_own_hero():
    s = warlock_state()
    hand = len(s.players[0].hand)
    hero_power(s)
    assert len(s.players[0].hand) == hand + 1
    assert s.players[0].hero.health == 28 and s.players[0].mana == 8
    assert not any(a[0] == 3 for a in s.legal_actions())  # once per turn


def test_shadow_bolt_deals_four_to_a_minion():
    s = warlock_state(hands=(["Shadow Bolt"], []), boards=((), ["Chillwind Yeti"]))
    assert not can_play(s, "Shadow Bolt", "enemy hero")
    yeti = minion(s, 1, "Chillwind Yeti")
    play(s, "Shadow Bolt", yeti)
    assert yeti.health == 1


def test_shadow_bolt_needs_a_minion():
    s = warlock_state(hands=(["Shadow Bolt"], []))
    assert not can_play(s, "Shadow Bolt")


def test_drain_life_damages_and_heals_your_hero():
    s = warlock_state(hands=(["Drain Life"], []))
    s.players[0].hero.damage = 5
    play(s, "Drain Life", "enemy hero")
    assert s.players[1].hero.health == 28
    assert s.players[0].hero.health == 27


def test_drain_life_heal_not_boosted_by_spell_damage():
    s = warlock_state(hands=(["Drain Life"], []), boards=(["Kobold Geomancer"], ["Chillwind Yeti"]))
    s.players[0].hero.damage = 10
    play(s, "Drain Life", minion(s, 1, "Chillwind Yeti"))
    assert minion(s, 1, "Chillwind Yeti").health == 2
    assert s.players[0].hero.health == 22


def test_hellfire_hits_all_characters():
    s = warlock_state(hands=(["Hellfire"], []), boards=(["Chillwind Yeti"], ["Bloodfen Raptor", "Boulderfist Ogre"]))
    play(s, "Hellfire")
    assert s.players[0].hero.health == 27 and s.players[1].hero.health == 27
    assert [m.health for m in s.players[0].board] == [2]
    assert [m.health for m in s.players[1].board] == [4]


def test_corruption_destroys_at_start_of_your_next_turn():
    s = warlock_state(hands=(["Corruption"], []), boards=(["Bloodfen Raptor"], ["Boulderfist Ogre"]))
    assert not can_play(s, "Corruption", minion(s, 0, "Bloodfen Raptor"))
    assert not can_play(s, "Corruption", "enemy hero")
    play(s, "Corruption", minion(s, 1, "Boulderfist Ogre"))
    assert minion(s, 1, "Boulderfist Ogre").health == 7
    end_turn(s)  # the opponent's turn starts: the ogre still lives and can act
    ogre = minion(s, 1, "Boulderfist Ogre")
    attack(s, ogre, "enemy hero")
    assert s.players[0].hero.health == 24
    end_turn(s)  # our turn starts: destroyed
    assert s.players[1].board == []
    assert minion(s, 0, "Bloodfen Raptor").health == 2


def test_corruption_survives_clone_and_serialisation():
    s = warlock_state(hands=(["Corruption"], []), boards=((), ["Boulderfist Ogre"]))
    play(s, "Corruption", minion(s, 1, "Boulderfist Ogre"))
    s2 = HearthstoneState.from_dict(s.clone().to_dict())
    end_turn(s2)
    assert len(s2.players[1].board) == 1
    end_turn(s2)
    assert s2.players[1].board == []


def test_corruption_cast_by_second_player():
    s = warlock_state(hands=((), ["Corruption"]), boards=(["Boulderfist Ogre"], []))
    end_turn(s)
    play(s, "Corruption", minion(s, 0, "Boulderfist Ogre"))
    end_turn(s)
    assert len(s.players[0].board) == 1
    end_turn(s)
    assert s.players[0].board == []


def test_corruption_removed_by_silence():
    from cardlab.engine.hearthstone import mechanics as mech

    s = warlock_state(hands=(["Corruption"], []), boards=((), ["Boulderfist Ogre"]))
    play(s, "Corruption", minion(s, 1, "Boulderfist Ogre"))
    end_turn(s)
    mech.silence(s, minion(s, 1, "Boulderfist Ogre"))
    end_turn(s)
    assert [m.card.name for m in s.players[1].board] == ["Boulderfist Ogre"]


def test_mortal_coil_draws_when_it_kills():
    s = warlock_state(hands=(["Mortal Coil"], []), boards=((), ["Wisp"]))
    play(s, "Mortal Coil", minion(s, 1, "Wisp"))
    assert s.players[1].board == []
    assert len(s.players[0].hand) == 1


def test_mortal_coil_no_draw_when_minion_survives():
    s = warlock_state(hands=(["Mortal Coil"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Mortal Coil", minion(s, 1, "Chillwind Yeti"))
    assert minion(s, 1, "Chillwind Yeti").health == 4
    assert s.players[0].hand == []


def test_mortal_coil_no_draw_when_divine_shield_pops():
    s = warlock_state(hands=(["Mortal Coil"], []), boards=((), ["Argent Squire"]))
    play(s, "Mortal Coil", minion(s, 1, "Argent Squire"))
    assert not minion(s, 1, "Argent Squire").divine_shield
    assert s.players[0].hand == []


def test_mortal_coil_needs_a_minion():
    s = warlock_state(hands=(["Mortal Coil"], []))
    assert not can_play(s, "Mortal Coil")


def test_soulfire_deals_four_and_discards():
    s = warlock_state(hands=(["Soulfire", "Fireball", "Frostbolt"], []))
    play(s, "Soulfire", "enemy hero")
    assert s.players[1].hero.health == 26
    assert len(s.players[0].hand) == 1 and s.players[0].hand[0].name in ("Fireball", "Frostbolt")


def test_soulfire_with_empty_hand():
    s = warlock_state(hands=(["Soulfire"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Soulfire", minion(s, 1, "Chillwind Yeti"))
    assert minion(s, 1, "Chillwind Yeti").health == 1 and s.players[0].hand == []


def test_felstalker_discards_a_random_card():
    s = warlock_state(hands=(["Felstalker", "Fireball", "Frostbolt"], []))
    play(s, "Felstalker")
    assert len(s.players[0].hand) == 1
    fel = minion(s, 0, "Felstalker")
    assert (fel.attack, fel.health) == (4, 3)


def test_felstalker_with_empty_hand():
    s = warlock_state(hands=(["Felstalker"], []))
    play(s, "Felstalker")
    assert s.players[0].hand == [] and len(s.players[0].board) == 1


def test_dread_infernal_damages_all_other_characters():
    s = warlock_state(hands=(["Dread Infernal"], []), boards=(["Wisp", "Chillwind Yeti"], ["Bloodfen Raptor"]))
    play(s, "Dread Infernal")
    assert [(m.card.name, m.health) for m in s.players[0].board] == [("Chillwind Yeti", 4), ("Dread Infernal", 6)]
    assert minion(s, 1, "Bloodfen Raptor").health == 1
    assert s.players[0].hero.health == 29 and s.players[1].hero.health == 29


def test_dread_infernal_battlecry_ignores_spell_damage():
    s = warlock_state(hands=(["Dread Infernal"], []), boards=(["Kobold Geomancer"], []))
    play(s, "Dread Infernal")
    assert s.players[1].hero.health == 29


def test_sacrificial_pact_destroys_enemy_demon_and_heals():
    s = warlock_state(hands=(["Sacrificial Pact"], []), boards=(["Chillwind Yeti"], ["Voidwalker", "Bloodfen Raptor"]))
    s.players[0].hero.damage = 8
    assert not can_play(s, "Sacrificial Pact", minion(s, 1, "Bloodfen Raptor"))
    assert not can_play(s, "Sacrificial Pact", minion(s, 0, "Chillwind Yeti"))
    assert not can_play(s, "Sacrificial Pact", "enemy hero")
    play(s, "Sacrificial Pact", minion(s, 1, "Voidwalker"))
    assert [m.card.name for m in s.players[1].board] == ["Bloodfen Raptor"]
    assert s.players[0].hero.health == 27


def test_sacrificial_pact_on_friendly_demon():
    s = warlock_state(hands=(["Sacrificial Pact"], []), boards=(["Felstalker"], []))
    s.players[0].hero.damage = 3
    play(s, "Sacrificial Pact", minion(s, 0, "Felstalker"))
    assert s.players[0].board == [] and s.players[0].hero.health == 30


def test_sacrificial_pact_needs_a_demon():
    s = warlock_state(hands=(["Sacrificial Pact"], []), boards=(["Chillwind Yeti"], ["Bloodfen Raptor"]))
    assert not can_play(s, "Sacrificial Pact")


def test_voidwalker_taunt():
    s = warlock_state(hands=(["Voidwalker"], []), boards=((), ["Bloodfen Raptor"]))
    play(s, "Voidwalker")
    vw = minion(s, 0, "Voidwalker")
    assert (vw.attack, vw.health, vw.taunt) == (1, 3, True)
    end_turn(s)
    assert [a for a in s.legal_actions() if a[0] == ATTACK] == [(ATTACK, 1, 9)]


def test_corrupted_demolisher_keeps_its_own_start_of_turn_trigger():
    """Corruption and Demolisher both trigger at the start of a turn: the enchantment's trigger
    does not replace the card's own."""
    s = warlock_state(hands=(["Corruption"], []), boards=((), ["Demolisher"]))
    play(s, "Corruption", minion(s, 1, "Demolisher"))
    end_turn(s)  # the Demolisher's turn: it hits the only enemy, the warlock's hero
    assert s.players[0].hero.health == 28
    assert minion(s, 1, "Demolisher").health == 4
    end_turn(s)  # the warlock's turn: Corruption destroys it
    assert s.players[1].board == []


def test_corrupted_doomsayer_still_destroys_all_minions_on_its_owners_turn():
    s = warlock_state(hands=(["Corruption"], []), boards=(["Chillwind Yeti"], ["Doomsayer", "Boulderfist Ogre"]))
    play(s, "Corruption", minion(s, 1, "Doomsayer"))
    end_turn(s)
    assert s.players[0].board == [] and s.players[1].board == []


# ---------------------------------------------------------------- Classic


def test_blood_imp_buffs_another_random_friendly_minion_at_end_of_turn():
    s = warlock_state(hands=(["Blood Imp"], []), boards=(["Wisp"], []))
    play(s, "Blood Imp")
    imp = minion(s, 0, "Blood Imp")
    assert imp.stealth
    end_turn(s)
    assert minion(s, 0, "Wisp").health == 2 and imp.health == 1


def test_flame_imp_and_pit_lord_hurt_your_hero():
    s = warlock_state(hands=(["Flame Imp", "Pit Lord"], []))
    play(s, "Flame Imp")
    play(s, "Pit Lord")
    assert s.players[0].hero.health == 22


def test_power_overwhelming_buffs_then_kills_at_end_of_turn():
    s = warlock_state(hands=(["Power Overwhelming"], []), boards=(["Wisp"], ["Chillwind Yeti"]))
    assert not can_play(s, "Power Overwhelming", minion(s, 1, "Chillwind Yeti"))
    wisp = minion(s, 0, "Wisp")
    play(s, "Power Overwhelming", wisp)
    assert (wisp.attack, wisp.health) == (5, 5)
    attack(s, wisp, minion(s, 1, "Chillwind Yeti"))
    assert s.players[1].board == [] and wisp.health == 1
    end_turn(s)
    assert s.players[0].board == []


def test_power_overwhelming_silenced_survives():
    s = warlock_state(hands=(["Power Overwhelming", "Ironbeak Owl"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Power Overwhelming", yeti)
    play(s, "Ironbeak Owl", yeti)
    end_turn(s)
    assert yeti in s.players[0].board and (yeti.attack, yeti.health) == (4, 5)


def test_demonfire_damages_or_buffs_a_friendly_demon():
    s = warlock_state(hands=(["Demonfire", "Demonfire", "Demonfire"], []),
                      boards=(["Voidwalker", "Kobold Geomancer"], ["Voidwalker", "Boulderfist Ogre"]))
    ours = minion(s, 0, "Voidwalker")
    play(s, "Demonfire", ours)
    assert (ours.attack, ours.health) == (3, 5)
    play(s, "Demonfire", minion(s, 1, "Boulderfist Ogre"))
    assert minion(s, 1, "Boulderfist Ogre").health == 4
    play(s, "Demonfire", minion(s, 1, "Voidwalker"))  # an enemy Demon is damaged (2 + 1 Spell Damage)
    assert [m.card.name for m in s.players[1].board] == ["Boulderfist Ogre"]


def test_felguard_destroys_a_mana_crystal_empty_first():
    s = warlock_state(hands=(["Felguard"], []), mana=5)
    play(s, "Felguard")
    me = s.players[0]
    assert (me.max_mana, me.mana) == (4, 2) and minion(s, 0, "Felguard").taunt
    s = warlock_state(hands=(["Felguard"], []), mana=3)
    play(s, "Felguard")
    assert (s.players[0].max_mana, s.players[0].mana) == (2, 0)
    end_turn(s)
    end_turn(s)
    assert s.players[0].max_mana == 3


def test_sense_demons_draws_demons_or_worthless_imps():
    from cardlab.engine.hearthstone import card_db

    db = card_db()
    s = warlock_state(hands=(["Sense Demons"], []))
    s.players[0].deck = [db.get(c) for c in ("Wisp", "Voidwalker", "Wisp", "Wisp")]
    play(s, "Sense Demons")
    assert sorted(c.name for c in s.players[0].hand) == ["Voidwalker", "Worthless Imp"]
    assert [c.name for c in s.players[0].deck] == ["Wisp"] * 3
    imp = next(c for c in s.players[0].hand if c.name == "Worthless Imp")
    assert (imp.cost, imp.attack, imp.health) == (1, 1, 1)


def test_void_terror_eats_its_neighbours():
    s = warlock_state(hands=(["Void Terror"], []), boards=(["Wisp", "Chillwind Yeti", "Bloodfen Raptor"], []))
    minion(s, 0, "Chillwind Yeti").damage = 2
    play(s, "Void Terror", position=2)
    assert [(m.card.name, m.attack, m.health) for m in s.players[0].board] == [("Wisp", 1, 1), ("Void Terror", 10, 8)]


def test_void_terror_positions_are_offered():
    s = warlock_state(hands=(["Void Terror"], []), boards=(["Wisp", "Wisp"], []))
    assert sorted({a[2] for a in s.legal_actions() if a[0] == 1}) == [0, 1, 2]


def test_shadowflame_sacrifices_for_its_attack_to_enemy_minions():
    s = warlock_state(hands=(["Shadowflame"], []), boards=(["Chillwind Yeti", "Kobold Geomancer"], ["Boulderfist Ogre", "Chillwind Yeti"]))
    play(s, "Shadowflame", minion(s, 0, "Chillwind Yeti"))
    assert [m.card.name for m in s.players[0].board] == ["Kobold Geomancer"]
    assert [(m.card.name, m.health) for m in s.players[1].board] == [("Boulderfist Ogre", 2)]
    assert s.players[1].hero.health == 30


def test_bane_of_doom_summons_a_random_demon_on_kill():
    names = set()
    for seed in range(10):
        s = warlock_state(hands=(["Bane of Doom"], []), boards=((), ["Bloodfen Raptor", "Chillwind Yeti"]), seed=seed)
        play(s, "Bane of Doom", minion(s, 1, "Bloodfen Raptor"))
        (demon,) = s.players[0].board
        assert demon.card.race == "DEMON" and demon.card.collectible and demon.card.name != "Lord Jaraxxus"
        names.add(demon.card.name)
    assert len(names) > 1
    s = warlock_state(hands=(["Bane of Doom"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Bane of Doom", minion(s, 1, "Chillwind Yeti"))
    assert s.players[0].board == []


def test_doomguard_charges_and_discards_two():
    s = warlock_state(hands=(["Doomguard", "Wisp", "Wisp", "Fireball"], []))
    play(s, "Doomguard")
    assert len(s.players[0].hand) == 1 and minion(s, 0, "Doomguard").can_attack()


def test_siphon_soul_destroys_and_heals():
    s = warlock_state(hands=(["Siphon Soul"], []), boards=((), ["Chillwind Yeti"]))
    s.players[0].hero.damage = 5
    play(s, "Siphon Soul", minion(s, 1, "Chillwind Yeti"))
    assert s.players[1].board == [] and s.players[0].hero.health == 28


def test_twisting_nether_destroys_all_minions():
    s = warlock_state(hands=(["Twisting Nether"], []), boards=(["Wisp", "Harvest Golem"], ["Chillwind Yeti"]))
    play(s, "Twisting Nether")
    assert [m.card.name for m in s.players[0].board] == ["Damaged Golem"] and s.players[1].board == []


# ---------------------------------------------------------------- Lord Jaraxxus


def test_lord_jaraxxus_replaces_the_hero():
    s = warlock_state(hands=(["Lord Jaraxxus"], []), boards=((), ["Chillwind Yeti"]), mana=11)
    me = s.players[0]
    me.hero.damage = 20
    me.hero.armor = 5
    me.hero.frozen = True
    hero_power(s)  # Life Tap used this turn
    play(s, "Lord Jaraxxus")
    assert me.board == []
    assert (me.hero.health, me.hero.max_health, me.hero.armor, me.hero.frozen) == (15, 15, 0, False)
    assert (me.weapon.card.name, me.weapon.attack, me.weapon.durability) == ("Blood Fury", 3, 8)
    assert me.hero_power.name == "INFERNO!" and not me.hero_power_used


def test_jaraxxus_inferno_and_blood_fury():
    s = warlock_state(hands=(["Lord Jaraxxus"], []), boards=((), ["Chillwind Yeti"]), mana=13)
    hero_power(s)  # Life Tap
    play(s, "Lord Jaraxxus")
    hero_power(s)  # a fresh hero power: INFERNO! this turn
    assert [(m.card.name, m.attack, m.health) for m in s.players[0].board] == [("Infernal", 6, 6)]
    attack(s, "own hero", minion(s, 1, "Chillwind Yeti"))
    assert s.players[0].hero.health == 11 and s.players[0].weapon.durability == 7
    s.players[0].hero.armor = 0
    from cardlab.engine.hearthstone import mechanics as mech

    mech.heal(s, s.players[0].hero, 10)
    assert s.players[0].hero.health == 15  # never above his 15


def test_jaraxxus_keeps_the_attack_already_made():
    s = warlock_state(hands=(["Lord Jaraxxus"], []), mana=20)
    s.players[0].weapon = None
    from cardlab.engine.hearthstone import card_db, mechanics as mech

    mech.equip(s, 0, card_db().get("Fiery War Axe"))
    s._legal = None
    attack(s, "own hero", "enemy hero")
    play(s, "Lord Jaraxxus")
    assert not any(a[0] == 2 and a[1] == 0 for a in s.legal_actions())


def test_jaraxxus_dies_at_fifteen_damage_and_armor_absorbs_first():
    s = warlock_state(hands=(["Lord Jaraxxus"], ["Fireball", "Fireball", "Fireball", "Moonfire"]), mana=20)
    play(s, "Lord Jaraxxus")
    s.players[0].hero.armor = 4
    end_turn(s)
    s.players[1].mana = 20
    play(s, "Fireball", "enemy hero")
    assert (s.players[0].hero.armor, s.players[0].hero.health) == (0, 13)
    play(s, "Fireball", "enemy hero")
    play(s, "Fireball", "enemy hero")
    assert not s.is_terminal() and s.players[0].hero.health == 1
    s.players[1].mana = 10
    s._legal = None
    play(s, "Moonfire", "enemy hero")
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_jaraxxus_does_not_trigger_summon_effects():
    s = warlock_state(hands=(["Lord Jaraxxus"], []), boards=(["Knife Juggler"], []))
    play(s, "Lord Jaraxxus")
    assert s.players[1].hero.health == 30


def test_enemy_mirror_entity_copies_jaraxxus_as_a_minion():
    """Mirror Entity answers Lord Jaraxxus with a 3/15 Jaraxxus minion (Hearthstone Wiki, Lord Jaraxxus); a Snipe
    has no minion in play to hit and stays."""
    from cardlab.engine.hearthstone import card_db

    s = warlock_state(hands=(["Lord Jaraxxus"], []))
    s.players[1].secrets = (card_db().get("Mirror Entity"), card_db().get("Snipe"))
    play(s, "Lord Jaraxxus")
    assert [(m.card.name, m.attack, m.health) for m in s.players[1].board] == [("Lord Jaraxxus", 3, 15)]
    assert [c.name for c in s.players[1].secrets] == ["Snipe"]
    assert s.players[0].hero.health == 15 and s.players[0].board == []


def test_sacrificial_pact_can_destroy_jaraxxus():
    s = warlock_state(hands=(["Lord Jaraxxus"], ["Sacrificial Pact"]))
    play(s, "Lord Jaraxxus")
    end_turn(s)
    s.players[1].mana = 10
    play(s, "Sacrificial Pact", "enemy hero")
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_sacrificial_pact_on_your_own_jaraxxus_loses_the_game():
    s = warlock_state(hands=(["Lord Jaraxxus", "Sacrificial Pact"], []))
    play(s, "Lord Jaraxxus")
    play(s, "Sacrificial Pact", "own hero")  # its heal comes after the destroy and cannot save him
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_jaraxxus_round_trips_through_serialisation():
    s = warlock_state(hands=(["Lord Jaraxxus"], []))
    play(s, "Lord Jaraxxus")
    s2 = HearthstoneState.from_dict(s.to_dict())
    assert s2.players[0].hero.max_health == 15 and s2.players[0].hero_power.name == "INFERNO!"
    assert s2.players[0].weapon.card.name == "Blood Fury"


def test_summoning_portal_minions_cost_two_less_but_not_below_one():
    s = warlock_state(hands=(["Summoning Portal", "Chillwind Yeti", "Flame Imp", "Wisp", "Hellfire"], []))
    play(s, "Summoning Portal")
    cost = {c.name: s.cost(0, c) for c in s.players[0].hand}
    assert cost == {"Chillwind Yeti": 2, "Flame Imp": 1, "Wisp": 0, "Hellfire": 4}
    assert s.cost(1, s.players[0].hand[0]) == 4  # only its controller's minions
