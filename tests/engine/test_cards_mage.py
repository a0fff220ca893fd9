"""Every Mage card in play (Basic + Liège)."""

from tests.engine.hs import attack, can_play, end_turn, make_state, minion, play


def test_fireball_deals_six():
    s = make_state(hands=(["Fireball"], []))
    play(s, "Fireball", "enemy hero")
    assert s.players[1].hero.health == 24


def test_frostbolt_damages_and_freezes():
    s = make_state(hands=(["Frostbolt"], []), boards=((), ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    play(s, "Frostbolt", yeti)
    assert yeti.health == 2 and yeti.frozen


def test_arcane_explosion_hits_only_enemy_minions():
    s = make_state(hands=(["Arcane Explosion"], []), boards=(["Bloodfen Raptor"], ["Bloodfen Raptor", "Chillwind Yeti"]))
    play(s, "Arcane Explosion")
    assert [m.health for m in s.players[1].board] == [1, 4]
    assert s.players[0].board[0].health == 2 and s.players[1].hero.health == 30


def test_arcane_intellect_draws_two():
    s = make_state(hands=(["Arcane Intellect"], []))
    play(s, "Arcane Intellect")
    assert len(s.players[0].hand) == 2


def test_arcane_missiles_deal_three_total_to_enemies():
    s = make_state(hands=(["Arcane Missiles"], []), boards=(["Chillwind Yeti"], ["Chillwind Yeti"]))
    play(s, "Arcane Missiles")
    enemy = s.players[1]
    assert enemy.hero.damage + sum(m.damage for m in enemy.board) == 3
    assert s.players[0].board[0].damage == 0


def test_flamestrike_four_to_enemy_minions():
    s = make_state(hands=(["Flamestrike"], []), boards=((), ["Chillwind Yeti", "Bloodfen Raptor"]))
    play(s, "Flamestrike")
    assert [m.health for m in s.players[1].board] == [1]


def test_frost_nova_freezes_enemy_minions():
    s = make_state(hands=(["Frost Nova"], []), boards=((), ["Chillwind Yeti", "Bloodfen Raptor"]))
    play(s, "Frost Nova")
    assert all(m.frozen for m in s.players[1].board)


def test_mirror_image_summons_two_taunts():
    s = make_state(hands=(["Mirror Image"], []))
    play(s, "Mirror Image")
    assert [(m.attack, m.health, m.taunt) for m in s.players[0].board] == [(0, 2, True)] * 2


def test_mirror_image_needs_a_free_board_slot_and_fills_what_is_left():
    s = make_state(hands=(["Mirror Image"], []), boards=(["Wisp"] * 7, []))
    assert not can_play(s, "Mirror Image")
    s = make_state(hands=(["Mirror Image"], []), boards=(["Wisp"] * 6, []))
    play(s, "Mirror Image")
    assert [m.card.name for m in s.players[0].board] == ["Wisp"] * 6 + ["Mirror Image"]


def test_polymorph_turns_minion_into_sheep():
    s = make_state(hands=(["Polymorph"], []), boards=((), ["Boulderfist Ogre"]))
    play(s, "Polymorph", minion(s, 1, "Boulderfist Ogre"))
    assert [(m.card.name, m.attack, m.health) for m in s.players[1].board] == [("Sheep", 1, 1)]


def test_water_elemental_freezes_what_it_damages():
    s = make_state(boards=(["Water Elemental"], ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    attack(s, minion(s, 0, "Water Elemental"), yeti)
    assert yeti.frozen and yeti.health == 2
    assert not minion(s, 0, "Water Elemental").frozen


def test_mana_wyrm_grows_with_each_spell():
    s = make_state(hands=(["Arcane Intellect", "Frostbolt"], []), boards=(["Mana Wyrm"], []))
    play(s, "Arcane Intellect")
    play(s, "Frostbolt", "enemy hero")
    assert minion(s, 0, "Mana Wyrm").attack == 3


def test_fireblast_hero_power():
    from tests.engine.hs import hero_power

    s = make_state(boards=((), ["Bloodfen Raptor"]))
    hero_power(s, minion(s, 1, "Bloodfen Raptor"))
    assert minion(s, 1, "Bloodfen Raptor").health == 1
    assert not can_play(s, "Fireball")
    end_turn(s)


# ---------------------------------------------------------------- Classic

def _secret_up(names, hand1=(), board0=(), board1=(), classes=("MAGE", "MAGE")):
    """Player 0 plays the secrets `names`; then it is player 1's turn."""
    s = make_state(classes, hands=(list(names), list(hand1)), boards=(list(board0), list(board1)))
    for name in names:
        play(s, name)
    end_turn(s)
    return s


def test_ice_lance_freezes_then_deals_four_to_a_frozen_character():
    s = make_state(hands=(["Ice Lance", "Ice Lance"], []), boards=((), ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    play(s, "Ice Lance", yeti)
    assert yeti.frozen and yeti.health == 5
    play(s, "Ice Lance", yeti)
    assert yeti.health == 1
    s = make_state(hands=(["Ice Lance", "Frostbolt"], []), boards=(["Kobold Geomancer"], []))
    play(s, "Frostbolt", "enemy hero")
    play(s, "Ice Lance", "enemy hero")
    assert s.players[1].hero.health == 30 - 4 - 5  # spell damage on both


def test_cone_of_cold_freezes_and_damages_a_minion_and_its_neighbours():
    s = make_state(hands=(["Cone of Cold"], []), boards=((), ["Wisp", "Chillwind Yeti", "Bloodfen Raptor", "River Crocolisk"]))
    play(s, "Cone of Cold", minion(s, 1, "Chillwind Yeti"))
    assert [(m.card.name, m.health, m.frozen) for m in s.players[1].board] == [
        ("Chillwind Yeti", 4, True), ("Bloodfen Raptor", 1, True), ("River Crocolisk", 3, False)]


def test_blizzard_damages_and_freezes_enemy_minions():
    s = make_state(hands=(["Blizzard"], []), boards=(["Chillwind Yeti"], ["Chillwind Yeti", "Bloodfen Raptor"]))
    play(s, "Blizzard")
    assert [(m.health, m.frozen) for m in s.players[1].board] == [(3, True)]
    assert s.players[0].board[0].health == 5 and not s.players[0].board[0].frozen
    assert s.players[1].hero.health == 30


def test_pyroblast_deals_ten():
    s = make_state(hands=(["Pyroblast"], []))
    play(s, "Pyroblast", "enemy hero")
    assert s.players[1].hero.health == 20


def test_ethereal_arcanist_grows_at_end_of_turn_only_with_a_secret():
    s = make_state(hands=(["Ethereal Arcanist", "Ice Barrier"], []))
    play(s, "Ethereal Arcanist")
    end_turn(s)
    arcanist = minion(s, 0, "Ethereal Arcanist")
    assert (arcanist.attack, arcanist.health) == (3, 3)
    end_turn(s)
    play(s, "Ice Barrier")
    end_turn(s)
    assert (arcanist.attack, arcanist.health) == (5, 5)
    end_turn(s)  # the opponent's turn end does not count
    assert (arcanist.attack, arcanist.health) == (5, 5)


def test_archmage_antonidas_adds_a_fireball_per_spell():
    s = make_state(hands=(["Archmage Antonidas", "Frostbolt", "Arcane Intellect"], []))
    s.players[0].deck = []
    play(s, "Archmage Antonidas")
    play(s, "Frostbolt", "enemy hero")
    assert [c.name for c in s.players[0].hand] == ["Arcane Intellect", "Fireball"]
    end_turn(s)
    s.players[1].hand = []
    s.players[1].board = []
    assert [c.name for c in s.players[0].hand] == ["Arcane Intellect", "Fireball"]


def test_counterspell_counters_the_next_enemy_spell():
    s = _secret_up(["Counterspell"], hand1=["Fireball", "Frostbolt"])
    play(s, "Fireball", "enemy hero")
    assert s.players[0].hero.health == 30 and s.players[1].mana == 6
    assert s.players[0].secrets == ()
    play(s, "Frostbolt", "enemy hero")
    assert s.players[0].hero.health == 27


def test_counterspell_ignores_minions_and_hero_powers():
    s = _secret_up(["Counterspell"], hand1=["Bloodfen Raptor"])
    play(s, "Bloodfen Raptor")
    from tests.engine.hs import hero_power

    hero_power(s, "enemy hero")
    assert [c.name for c in s.players[0].secrets] == ["Counterspell"]
    assert s.players[0].hero.health == 29


def test_ice_barrier_gives_eight_armor_when_the_hero_is_attacked():
    s = _secret_up(["Ice Barrier"], board0=["Chillwind Yeti"], board1=["Boulderfist Ogre", "Bloodfen Raptor"])
    attack(s, minion(s, 1, "Bloodfen Raptor"), minion(s, 0, "Chillwind Yeti"))
    assert s.players[0].hero.armor == 0 and s.players[0].secrets  # a minion was attacked: waits
    attack(s, minion(s, 1, "Boulderfist Ogre"), "enemy hero")
    assert (s.players[0].hero.armor, s.players[0].hero.health) == (2, 30)


def test_ice_block_prevents_fatal_damage_and_makes_the_hero_immune_this_turn():
    s = _secret_up(["Ice Block"], hand1=["Fireball", "Fireball", "Frostbolt"], board1=["Boulderfist Ogre"])
    s.players[0].hero.damage = 25  # 5 left
    play(s, "Frostbolt", "enemy hero")  # not fatal: taken
    assert s.players[0].hero.health == 2 and s.players[0].secrets
    play(s, "Fireball", "enemy hero")
    assert s.players[0].hero.health == 2 and s.players[0].secrets == ()
    assert s.players[0].hero.immune and not s.is_terminal()
    # Immune: the enemy can no longer target or attack the hero this turn
    assert not can_play(s, "Fireball", "enemy hero")
    ogre = minion(s, 1, "Boulderfist Ogre")
    assert (2, s.players[1].board.index(ogre) + 1, 8) not in s.legal_actions()
    end_turn(s)
    assert not s.players[0].hero.immune


def test_mirror_entity_copies_the_minion_the_opponent_plays():
    s = _secret_up(["Mirror Entity"], hand1=["Chillwind Yeti", "Bloodfen Raptor"])
    play(s, "Chillwind Yeti")
    assert [(m.card.name, m.attack, m.health) for m in s.players[0].board] == [("Chillwind Yeti", 4, 5)]
    assert [m.card.name for m in s.players[1].board] == ["Chillwind Yeti"]
    play(s, "Bloodfen Raptor")
    assert len(s.players[0].board) == 1


def test_mirror_entity_copy_does_not_repeat_the_battlecry():
    s = _secret_up(["Mirror Entity"], hand1=["Houndmaster"], board1=["Bloodfen Raptor"], classes=("MAGE", "HUNTER"))
    play(s, "Houndmaster", minion(s, 1, "Bloodfen Raptor"))
    copy = minion(s, 0, "Houndmaster")
    assert (copy.attack, copy.health, copy.owner) == (4, 3, 0)
    assert (minion(s, 1, "Bloodfen Raptor").attack, minion(s, 1, "Bloodfen Raptor").health) == (5, 4)


def test_spellbender_summons_a_new_target_for_a_spell_on_a_minion():
    s = _secret_up(["Spellbender"], board0=["Chillwind Yeti"], hand1=["Fireball", "Frostbolt"])
    play(s, "Frostbolt", "enemy hero")  # not on a minion: waits
    assert s.players[0].secrets
    play(s, "Fireball", minion(s, 0, "Chillwind Yeti"))
    assert [m.card.name for m in s.players[0].board] == ["Chillwind Yeti"]  # the 1/3 took the Fireball
    assert minion(s, 0, "Chillwind Yeti").health == 5 and s.players[0].secrets == ()


def test_spellbender_redirects_buffs_on_the_casters_own_minions():
    s = _secret_up(["Spellbender"], hand1=["Blessing of Kings"], board1=["Wisp"], classes=("MAGE", "PALADIN"))
    play(s, "Blessing of Kings", minion(s, 1, "Wisp"))
    assert (minion(s, 1, "Wisp").attack, minion(s, 0, "Spellbender").attack) == (1, 5)


def test_spellbender_needs_room_on_the_board():
    s = _secret_up(["Spellbender"], board0=["Wisp"] * 7, hand1=["Fireball"])
    play(s, "Fireball", minion(s, 0, "Wisp"))
    assert len(s.players[0].board) == 6 and s.players[0].secrets


def test_vaporize_destroys_a_minion_attacking_the_hero():
    s = _secret_up(["Vaporize"], board0=["Wisp"], board1=["Boulderfist Ogre", "Chillwind Yeti"], classes=("MAGE", "WARRIOR"))
    attack(s, minion(s, 1, "Chillwind Yeti"), minion(s, 0, "Wisp"))  # a minion attacked: waits
    assert s.players[0].secrets
    attack(s, minion(s, 1, "Boulderfist Ogre"), "enemy hero")
    assert [m.card.name for m in s.players[1].board] == ["Chillwind Yeti"]
    assert s.players[0].hero.health == 30 and s.players[0].secrets == ()


def test_vaporize_ignores_hero_attacks():
    s = _secret_up(["Vaporize"], hand1=["Fiery War Axe"], classes=("MAGE", "WARRIOR"))
    play(s, "Fiery War Axe")
    attack(s, "own hero", "enemy hero")
    assert s.players[0].hero.health == 27 and s.players[0].secrets


def test_sorcerers_apprentice_makes_your_spells_cost_one_less():
    from cardlab.engine.hearthstone import card_db

    db = card_db()
    s = make_state(hands=(["Sorcerer's Apprentice", "Fireball", "Ice Lance", "Chillwind Yeti"], ["Fireball"]))
    play(s, "Sorcerer's Apprentice")
    assert s.cost(0, db.get("Fireball")) == 3 and s.cost(0, db.get("Ice Lance")) == 0
    assert s.cost(0, db.get("Chillwind Yeti")) == 4 and s.cost(1, db.get("Fireball")) == 4
    play(s, "Fireball", "enemy hero")
    assert s.players[0].mana == 10 - 2 - 3


def test_kirin_tor_mage_makes_the_next_secret_this_turn_free():
    s = make_state(hands=(["Kirin Tor Mage", "Counterspell", "Ice Barrier", "Ice Block"], []))
    play(s, "Kirin Tor Mage")
    play(s, "Counterspell")
    assert s.players[0].mana == 7
    play(s, "Ice Barrier")
    assert s.players[0].mana == 4  # only the next one
    s = make_state(hands=(["Kirin Tor Mage", "Ice Block"], []))
    play(s, "Kirin Tor Mage")
    end_turn(s)
    end_turn(s)
    play(s, "Ice Block")
    assert s.players[0].mana == 7  # only this turn
