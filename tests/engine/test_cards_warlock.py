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
