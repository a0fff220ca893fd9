"""Warrior cards: Basic, and Armor Up!"""

from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play

WARRIORS = ("WARRIOR", "WARRIOR")


def test_charge_gives_two_attack_and_charge():
    s = make_state(WARRIORS, hands=(["Bloodfen Raptor", "Charge"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Bloodfen Raptor")
    raptor = minion(s, 0, "Bloodfen Raptor")
    assert not raptor.can_attack()
    assert not can_play(s, "Charge", minion(s, 1, "Chillwind Yeti"))
    play(s, "Charge", raptor)
    assert raptor.attack == 5 and raptor.charge
    attack(s, raptor, minion(s, 1, "Chillwind Yeti"))
    assert s.players[1].board == []


def test_charge_unplayable_without_friendly_minion():
    s = make_state(WARRIORS, hands=(["Charge"], []), boards=((), ["Chillwind Yeti"]))
    assert not can_play(s, "Charge")


def test_heroic_strike_four_attack_this_turn():
    s = make_state(WARRIORS, hands=(["Heroic Strike"], []))
    play(s, "Heroic Strike")
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 26
    end_turn(s)
    assert s.players[0].hero_attack() == 0


def test_heroic_strike_stacks_with_weapon():
    s = make_state(WARRIORS, hands=(["Fiery War Axe", "Heroic Strike"], []))
    play(s, "Fiery War Axe")
    play(s, "Heroic Strike")
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 23


def test_execute_destroys_damaged_enemy_minion_only():
    s = make_state(WARRIORS, hands=(["Execute"], []),
                   boards=(["Bloodfen Raptor"], ["Boulderfist Ogre", "Chillwind Yeti"]))
    ogre, yeti = minion(s, 1, "Boulderfist Ogre"), minion(s, 1, "Chillwind Yeti")
    minion(s, 0, "Bloodfen Raptor").damage = 1
    ogre.damage = 1
    assert not can_play(s, "Execute", yeti)
    assert not can_play(s, "Execute", minion(s, 0, "Bloodfen Raptor"))
    play(s, "Execute", ogre)
    assert s.players[1].board == [yeti]


def test_execute_unplayable_without_damaged_enemy():
    s = make_state(WARRIORS, hands=(["Execute"], []), boards=((), ["Boulderfist Ogre"]))
    assert not can_play(s, "Execute")


def test_cleave_needs_two_enemy_minions():
    s = make_state(WARRIORS, hands=(["Cleave"], []), boards=(["Bloodfen Raptor"], ["Boulderfist Ogre"]))
    assert not can_play(s, "Cleave")
    s = make_state(WARRIORS, hands=(["Cleave"], []), boards=(["Bloodfen Raptor", "Chillwind Yeti"], []))
    assert not can_play(s, "Cleave")  # your own minions do not count
    s = make_state(WARRIORS, hands=(["Cleave"], []), boards=((), ["Boulderfist Ogre", "Chillwind Yeti"]))
    assert can_play(s, "Cleave")


def test_cleave_two_damage_to_two_different_enemy_minions():
    for seed in range(6):
        s = make_state(WARRIORS, hands=(["Cleave"], []), seed=seed,
                       boards=(["Bloodfen Raptor"], ["Boulderfist Ogre", "Chillwind Yeti", "Oasis Snapjaw"]))
        play(s, "Cleave")
        assert sorted(m.damage for m in s.players[1].board) == [0, 2, 2]
        assert s.players[1].hero.damage == 0 and s.players[0].board[0].damage == 0


def test_cleave_with_exactly_two_minions_hits_both():
    s = make_state(WARRIORS, hands=(["Cleave"], []), boards=((), ["Bloodfen Raptor", "Chillwind Yeti"]))
    play(s, "Cleave")
    assert [(m.card.name, m.health) for m in s.players[1].board] == [("Chillwind Yeti", 3)]


def test_whirlwind_one_damage_to_all_minions():
    s = make_state(WARRIORS, hands=(["Whirlwind"], []),
                   boards=(["Murloc Raider", "Chillwind Yeti"], ["Argent Squire", "Bloodfen Raptor"]))
    play(s, "Whirlwind")
    assert [(m.card.name, m.health) for m in s.players[0].board] == [("Chillwind Yeti", 4)]
    assert [(m.card.name, m.health, m.divine_shield) for m in s.players[1].board] == [
        ("Argent Squire", 1, False), ("Bloodfen Raptor", 1, False)]
    assert s.players[0].hero.damage == 0 and s.players[1].hero.damage == 0


def test_whirlwind_gets_spell_damage():
    s = make_state(WARRIORS, hands=(["Whirlwind"], []), boards=(["Kobold Geomancer"], ["Bloodfen Raptor"]))
    play(s, "Whirlwind")
    assert s.players[1].board == [] and s.players[0].board == []  # 2 damage each


def test_shield_block_five_armor_and_draw():
    s = make_state(WARRIORS, hands=(["Shield Block"], []))
    play(s, "Shield Block")
    assert s.players[0].hero.armor == 5 and len(s.players[0].hand) == 1


def test_warsong_commander_gives_charge_to_small_minions():
    s = make_state(WARRIORS, hands=(["Warsong Commander", "Bloodfen Raptor", "Chillwind Yeti", "Murloc Tidehunter"], []))
    play(s, "Warsong Commander")
    assert not minion(s, 0, "Warsong Commander").can_attack()
    play(s, "Bloodfen Raptor")
    play(s, "Chillwind Yeti")
    assert minion(s, 0, "Bloodfen Raptor").can_attack()
    assert not minion(s, 0, "Chillwind Yeti").can_attack()
    end_turn(s)
    end_turn(s)
    play(s, "Murloc Tidehunter")
    assert minion(s, 0, "Murloc Tidehunter").can_attack()
    assert minion(s, 0, "Murloc Scout").can_attack()  # summoned tokens too


def test_warsong_commander_looks_at_a_minion_before_its_battlecry():
    # Bloodsail Raider enters as a 2/3 (Warsong gives it Charge), then its Battlecry adds the weapon's Attack;
    # Knife Juggler, an "after you summon" minion, throws only after that Battlecry.
    s = make_state(WARRIORS, hands=(["Fiery War Axe", "Bloodsail Raider"], []),
                   boards=(["Warsong Commander", "Knife Juggler"], []))
    play(s, "Fiery War Axe")
    play(s, "Bloodsail Raider")
    raider = minion(s, 0, "Bloodsail Raider")
    assert raider.attack == 5 and raider.can_attack()
    assert s.players[1].hero.health == 29


def test_warsong_commander_ignores_enemy_summons():
    s = make_state(WARRIORS, hands=([], ["Bloodfen Raptor"]), boards=(["Warsong Commander"], []))
    end_turn(s)
    play(s, "Bloodfen Raptor")
    assert not minion(s, 1, "Bloodfen Raptor").can_attack()


def test_warsong_commander_charge_stays_when_commander_dies():
    s = make_state(WARRIORS, hands=(["Bloodfen Raptor", "Whirlwind"], []), boards=(["Warsong Commander"], []))
    minion(s, 0, "Warsong Commander").damage = 2
    play(s, "Bloodfen Raptor")
    play(s, "Whirlwind")
    assert [m.card.name for m in s.players[0].board] == ["Bloodfen Raptor"]
    assert minion(s, 0, "Bloodfen Raptor").can_attack()


def test_korkron_elite_has_charge():
    s = make_state(WARRIORS, hands=(["Kor'kron Elite"], []))
    play(s, "Kor'kron Elite")
    attack(s, minion(s, 0, "Kor'kron Elite"), "enemy hero")
    assert s.players[1].hero.health == 26


def test_fiery_war_axe_three_two():
    s = make_state(WARRIORS, hands=(["Fiery War Axe"], []), boards=((), ["Bloodfen Raptor"]))
    play(s, "Fiery War Axe")
    assert (s.players[0].weapon.attack, s.players[0].weapon.durability) == (3, 2)
    attack(s, "own hero", minion(s, 1, "Bloodfen Raptor"))
    assert s.players[1].board == [] and s.players[0].hero.health == 27
    assert s.players[0].weapon.durability == 1
    end_turn(s)
    end_turn(s)
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 27 and s.players[0].weapon is None


def test_arcanite_reaper_five_two():
    s = make_state(WARRIORS, hands=(["Arcanite Reaper"], []))
    play(s, "Arcanite Reaper")
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 25 and s.players[0].weapon.durability == 1


def test_weapon_attack_only_once_per_turn():
    s = make_state(WARRIORS, hands=(["Fiery War Axe"], []))
    play(s, "Fiery War Axe")
    attack(s, "own hero", "enemy hero")
    assert not any(a[0] == 2 and a[1] == 0 for a in s.legal_actions())


# ---------------------------------------------------------------- hero power

def test_armor_up_gains_two_armor_once_per_turn():
    s = make_state(WARRIORS)
    hero_power(s)
    assert s.players[0].hero.armor == 2 and s.players[0].mana == 8
    assert not any(a[0] == 3 for a in s.legal_actions())


def test_armor_absorbs_damage_first():
    s = make_state(WARRIORS, hands=([], ["Fireball"]))
    hero_power(s)
    end_turn(s)
    play(s, "Fireball", "enemy hero")
    assert s.players[0].hero.armor == 0 and s.players[0].hero.health == 26


# ---------------------------------------------------------------- Classic


def test_inner_rage_damages_then_gives_two_attack():
    s = make_state(WARRIORS, hands=(["Inner Rage"], []), boards=(["Amani Berserker"], []))
    amani = minion(s, 0, "Amani Berserker")
    play(s, "Inner Rage", amani)
    assert (amani.attack, amani.health) == (2 + 3 + 2, 2)


def test_shield_slam_deals_armor_plus_spell_damage():
    s = make_state(WARRIORS, hands=(["Shield Slam", "Shield Slam"], []), boards=((), ["Boulderfist Ogre"]))
    ogre = minion(s, 1, "Boulderfist Ogre")
    s.players[0].hero.armor = 3
    play(s, "Shield Slam", ogre)
    assert ogre.health == 4 and s.players[0].hero.armor == 3
    s2 = make_state(WARRIORS, hands=(["Shield Slam"], []), boards=(["Kobold Geomancer"], ["Boulderfist Ogre"]))
    s2.players[0].hero.armor = 2
    play(s2, "Shield Slam", minion(s2, 1, "Boulderfist Ogre"))
    assert minion(s2, 1, "Boulderfist Ogre").health == 4


def test_upgrade_buffs_weapon_or_equips_heavy_axe():
    s = make_state(WARRIORS, hands=(["Upgrade!", "Fiery War Axe", "Upgrade!"], []))
    play(s, "Upgrade!")
    w = s.players[0].weapon
    assert (w.card.name, w.attack, w.durability) == ("Heavy Axe", 1, 3)
    play(s, "Fiery War Axe")
    play(s, "Upgrade!")
    w = s.players[0].weapon
    assert (w.card.name, w.attack, w.durability) == ("Fiery War Axe", 4, 3)


def test_battle_rage_draws_per_damaged_friendly_character():
    s = make_state(WARRIORS, hands=(["Battle Rage"], []), boards=(["Wisp", "Chillwind Yeti", "Bloodfen Raptor"], ["Wisp"]))
    s.players[0].hero.damage = 1
    minion(s, 0, "Chillwind Yeti").damage = 1
    minion(s, 1, "Wisp").damage = 0
    play(s, "Battle Rage")
    assert len(s.players[0].hand) == 2


def test_commanding_shout_keeps_minions_at_one_health_this_turn():
    s = make_state(WARRIORS, hands=(["Commanding Shout", "Bloodfen Raptor"], []),
                   boards=(["Chillwind Yeti"], ["Boulderfist Ogre"]))
    play(s, "Commanding Shout")
    assert len(s.players[0].hand) == 2  # drew a card
    play(s, "Bloodfen Raptor")  # played after the Shout: protected too
    yeti = minion(s, 0, "Chillwind Yeti")
    attack(s, yeti, minion(s, 1, "Boulderfist Ogre"))
    assert yeti.health == 1 and minion(s, 1, "Boulderfist Ogre").health == 3
    end_turn(s)
    assert s.players[0].effects == ()
    s.players[1].hand = []
    s._legal = None
    attack(s, minion(s, 1, "Boulderfist Ogre"), yeti)
    assert yeti not in s.players[0].board


def test_commanding_shout_does_not_stop_destroy():
    s = make_state(("WARRIOR", "PRIEST"), hands=(["Commanding Shout", "Shadow Word: Death"], []),
                   boards=(["Boulderfist Ogre"], []))
    play(s, "Commanding Shout")
    play(s, "Shadow Word: Death", minion(s, 0, "Boulderfist Ogre"))
    assert s.players[0].board == []


def test_cruel_taskmaster_damages_and_buffs():
    s = make_state(WARRIORS, hands=(["Cruel Taskmaster", "Cruel Taskmaster"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Cruel Taskmaster", yeti)
    assert (yeti.attack, yeti.health) == (6, 4)
    s2 = make_state(WARRIORS, hands=(["Cruel Taskmaster"], []))
    play(s2, "Cruel Taskmaster")  # no target: no effect
    assert len(s2.players[0].board) == 1


def test_rampage_needs_a_damaged_minion():
    s = make_state(WARRIORS, hands=(["Rampage"], []), boards=(["Chillwind Yeti"], ["Wisp"]))
    assert not can_play(s, "Rampage")
    yeti = minion(s, 0, "Chillwind Yeti")
    yeti.damage = 2
    s._legal = None
    play(s, "Rampage", yeti)
    assert (yeti.attack, yeti.health) == (7, 6)


def test_slam_draws_only_if_the_minion_survives():
    s = make_state(WARRIORS, hands=(["Slam", "Slam"], []), boards=((), ["Chillwind Yeti", "Bloodfen Raptor"]))
    play(s, "Slam", minion(s, 1, "Chillwind Yeti"))
    assert len(s.players[0].hand) == 2
    play(s, "Slam", minion(s, 1, "Bloodfen Raptor"))
    assert len(s.players[0].hand) == 1 and len(s.players[1].board) == 1


def test_frothing_berserker_gains_per_damaged_minion():
    s = make_state(WARRIORS, hands=(["Whirlwind"], []), boards=(["Frothing Berserker", "Chillwind Yeti"], ["Wisp", "Wisp"]))
    froth = minion(s, 0, "Frothing Berserker")
    play(s, "Whirlwind")
    assert froth.attack == 2 + 4 and froth.health == 3


def test_arathi_weaponsmith_equips_battle_axe():
    s = make_state(WARRIORS, hands=(["Arathi Weaponsmith"], []))
    play(s, "Arathi Weaponsmith")
    w = s.players[0].weapon
    assert (w.card.name, w.attack, w.durability) == ("Battle Axe", 2, 2)


def test_mortal_strike_four_or_six_below_thirteen_health():
    s = make_state(WARRIORS, hands=(["Mortal Strike", "Mortal Strike"], []))
    play(s, "Mortal Strike", "enemy hero")
    assert s.players[1].hero.health == 26
    s.players[0].hero.damage = 18
    play(s, "Mortal Strike", "enemy hero")
    assert s.players[1].hero.health == 20


def test_brawl_leaves_exactly_one_random_minion():
    survivors = set()
    for seed in range(12):
        s = make_state(WARRIORS, hands=(["Brawl"], []), boards=(["Wisp", "Chillwind Yeti"], ["Bloodfen Raptor"]), seed=seed)
        play(s, "Brawl")
        left = s.players[0].board + s.players[1].board
        assert len(left) == 1
        survivors.add(left[0].card.name)
    assert survivors == {"Wisp", "Chillwind Yeti", "Bloodfen Raptor"}
    assert not can_play(make_state(WARRIORS, hands=(["Brawl"], []), boards=(["Wisp"], [])), "Brawl")


def test_gorehowl_loses_attack_on_minions_and_durability_on_heroes():
    s = make_state(WARRIORS, hands=(["Gorehowl"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Gorehowl")
    attack(s, "own hero", minion(s, 1, "Chillwind Yeti"))
    w = s.players[0].weapon
    assert (w.attack, w.durability) == (6, 1) and s.players[1].board == []
    end_turn(s)
    end_turn(s)
    attack(s, "own hero", "enemy hero")
    assert s.players[0].weapon is None and s.players[1].hero.health == 24


def test_grommash_enrage_six_attack():
    s = make_state(WARRIORS, hands=(["Grommash Hellscream", "Inner Rage"], []))
    play(s, "Grommash Hellscream")
    grom = minion(s, 0, "Grommash Hellscream")
    assert grom.can_attack() and grom.attack == 4
    play(s, "Inner Rage", grom)
    assert grom.attack == 4 + 6 + 2


def test_shield_slam_with_no_armor_deals_no_damage_and_pops_no_shield():
    """Shield Slam with 0 Armor deals 0 damage: an enemy Argent Squire keeps its Divine Shield and an enemy
    Acolyte of Pain draws no card (0 damage is no damage)."""
    s = make_state(WARRIORS, hands=(["Shield Slam", "Shield Slam"], []),
                   boards=((), ["Argent Squire", "Acolyte of Pain"]))
    assert s.players[0].hero.armor == 0
    squire = minion(s, 1, "Argent Squire")
    play(s, "Shield Slam", squire)
    assert squire.divine_shield and squire.health == 1
    hand = len(s.players[1].hand)
    acolyte = minion(s, 1, "Acolyte of Pain")
    play(s, "Shield Slam", acolyte)
    assert acolyte.health == 3 and len(s.players[1].hand) == hand
