"""Every neutral Basic card, the Classic neutrals of the Liège deck, and three hero powers."""

import pytest

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.state import ATTACK, GameConfig
from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play

ALL = GameConfig(positions="all")


def names(board):
    return [m.card.name for m in board]


def stats(m):
    return (m.attack, m.health)


def attack_targets(s, m):
    """The target codes minion `m` (current player's) may attack."""
    slot = s.players[s.current].board.index(m) + 1
    return sorted(a[2] for a in s.legal_actions() if a[0] == ATTACK and a[1] == slot)


def data(name):
    c = card_db().get(name)
    return (c.attack, c.health)


# ---------------------------------------------------------------- vanilla and keyword-only minions

VANILLA = [
    "Murloc Raider", "Bloodfen Raptor", "River Crocolisk", "Magma Rager", "Chillwind Yeti",
    "Oasis Snapjaw", "Boulderfist Ogre", "Core Hound", "War Golem",
]
TAUNT = [
    "Goldshire Footman", "Frostwolf Grunt", "Ironfur Grizzly", "Silverback Patriarch",
    "Sen'jin Shieldmasta", "Booty Bay Bodyguard", "Lord of the Arena",
]
CHARGE = ["Stonetusk Boar", "Bluegill Warrior", "Wolfrider", "Stormwind Knight", "Reckless Rocketeer"]


@pytest.mark.parametrize("name", VANILLA)
def test_vanilla_minion_played_from_hand(name):
    s = make_state(hands=([name], []), boards=((), ["Chillwind Yeti"]))
    play(s, name)
    m = minion(s, 0, name)
    assert stats(m) == data(name) and m.health == m.max_health
    assert not (m.taunt or m.charge or m.divine_shield or m.windfury or m.stealth or m.spell_damage)
    assert attack_targets(s, m) == []  # summoning sickness
    end_turn(s)
    # No taunt: the enemy Yeti may attack the hero or the minion.
    assert attack_targets(s, minion(s, 1, "Chillwind Yeti")) == [8, 9]


@pytest.mark.parametrize("name", TAUNT)
def test_taunt_minion_forces_attacks(name):
    s = make_state(hands=([name], []), boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    play(s, name)
    m = minion(s, 0, name)
    assert stats(m) == data(name) and m.taunt and not m.charge
    assert attack_targets(s, m) == []
    end_turn(s)
    yeti = minion(s, 1, "Chillwind Yeti")
    assert attack_targets(s, yeti) == [8 + 2]  # only the taunt minion, not the hero or the Raptor
    attack(s, yeti, m)
    assert m.damage == 4 or m not in s.players[0].board


@pytest.mark.parametrize("name", CHARGE)
def test_charge_minion_attacks_at_once(name):
    s = make_state(hands=([name], []), boards=((), ["Bloodfen Raptor"]))
    play(s, name)
    m = minion(s, 0, name)
    assert stats(m) == data(name) and m.charge and not m.taunt
    assert attack_targets(s, m) == [8, 9]
    attack(s, m, "enemy hero")
    assert s.players[1].hero.health == 30 - m.attack
    assert attack_targets(s, m) == []  # once per turn


# Minions whose whole text is keywords (cards.json's mechanics): each played, its keywords shown in play.
KEYWORD_ONLY = {
    "Shieldbearer": {"taunt"}, "Young Dragonhawk": {"windfury"}, "Mogu'shan Warden": {"taunt"},
    "Fen Creeper": {"taunt"}, "Argent Commander": {"charge", "divine_shield"}, "Sunwalker": {"taunt", "divine_shield"},
    "Windfury Harpy": {"windfury"}, "Ravenholdt Assassin": {"stealth"}, "King Krush": {"charge"},
    "Al'Akir the Windlord": {"charge", "divine_shield", "taunt", "windfury"},
}
CLASS_OF = {"King Krush": "HUNTER", "Al'Akir the Windlord": "SHAMAN"}


@pytest.mark.parametrize("name", sorted(KEYWORD_ONLY))
def test_keyword_only_minion_plays_its_keywords(name):
    keywords = KEYWORD_ONLY[name]
    s = make_state(classes=(CLASS_OF.get(name, "MAGE"), "MAGE"), hands=([name], []),
                   boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    play(s, name)
    m = minion(s, 0, name)
    assert stats(m) == data(name)
    assert {k for k in ("taunt", "charge", "divine_shield", "windfury", "stealth") if getattr(m, k)} == keywords
    if "charge" in keywords:  # attacks at once; with Windfury a second time
        attack(s, m, "enemy hero")
        assert attack_targets(s, m) != [] if "windfury" in keywords else attack_targets(s, m) == []
    else:
        assert attack_targets(s, m) == []  # summoning sickness
    end_turn(s)
    yeti = minion(s, 1, "Chillwind Yeti")
    own = s.code_of(1, m)
    targets = attack_targets(s, yeti)
    if "taunt" in keywords:
        assert targets == [own]  # only the taunt minion
    elif "stealth" in keywords:
        assert own not in targets and targets  # the Raptor or the hero, never the stealthed minion
    else:
        assert own in targets and len(targets) == 3
    if own in targets:
        attack(s, yeti, m)
        if "divine_shield" in keywords:
            assert not m.divine_shield and m.damage == 0  # the shield took the hit
    end_turn(s)
    if m in s.players[0].board and "windfury" in keywords:  # two attacks in a turn
        health = s.players[1].hero.health
        attack(s, m, "enemy hero")
        attack(s, m, "enemy hero")
        assert s.players[1].hero.health == health - 2 * m.attack and attack_targets(s, m) == []


# ---------------------------------------------------------------- spell damage minions

SPELL_DAMAGE = ["Kobold Geomancer", "Dalaran Mage", "Ogre Magi", "Archmage"]


@pytest.mark.parametrize("name", SPELL_DAMAGE)
def test_spell_damage_minion_boosts_spells(name):
    s = make_state(hands=([name, "Fireball", "Arcane Explosion"], []), boards=((), ["Boulderfist Ogre"]), mana=12)
    play(s, name)
    m = minion(s, 0, name)
    assert stats(m) == data(name) and m.spell_damage == 1
    play(s, "Fireball", "enemy hero")
    assert s.players[1].hero.health == 23
    play(s, "Arcane Explosion")
    assert minion(s, 1, "Boulderfist Ogre").damage == 2


def test_spell_damage_stacks_and_ignores_hero_power_and_battlecries():
    s = make_state(hands=(["Kobold Geomancer", "Elven Archer", "Frostbolt"], []),
                   boards=(["Archmage"], ["Boulderfist Ogre"]))
    play(s, "Kobold Geomancer")
    play(s, "Frostbolt", "enemy hero")
    assert s.players[1].hero.health == 25  # 3 + 2
    play(s, "Elven Archer", "enemy hero")
    assert s.players[1].hero.health == 24  # a battlecry is not a spell
    hero_power(s, "enemy hero")
    assert s.players[1].hero.health == 23  # neither is a hero power


def test_malygos_has_spell_damage_five():
    s = make_state(hands=(["Moonfire", "Malygos"], []), boards=((), ["Boulderfist Ogre"]))
    play(s, "Malygos")
    assert stats(minion(s, 0, "Malygos")) == (4, 12)
    play(s, "Moonfire", "enemy hero")
    assert s.players[1].hero.health == 24  # 30 - (1 + 5)


def test_malygos_spell_damage_stacks_with_other_spell_damage():
    s = make_state(hands=(["Arcane Explosion"], []), boards=(["Malygos", "Kobold Geomancer"], ["Malygos"]))
    play(s, "Arcane Explosion")
    assert minion(s, 1, "Malygos").health == 12 - 7  # 1 + 5 + 1; the enemy's Malygos adds nothing


def test_spell_damage_gone_when_minion_dies():
    s = make_state(hands=(["Fireball", "Frostbolt"], []), boards=(["Kobold Geomancer"], []))
    play(s, "Fireball", minion(s, 0, "Kobold Geomancer"))
    assert s.players[0].board == []
    play(s, "Frostbolt", "enemy hero")
    assert s.players[1].hero.health == 27


# ---------------------------------------------------------------- battlecries

@pytest.mark.parametrize("name, amount", [("Elven Archer", 1), ("Ironforge Rifleman", 1), ("Stormpike Commando", 2)])
def test_battlecry_damage_to_any_character(name, amount):
    s = make_state(hands=([name, name], []), boards=((), ["War Golem"]))
    play(s, name, minion(s, 1, "War Golem"))
    assert minion(s, 1, "War Golem").damage == amount
    assert stats(minion(s, 0, name)) == data(name)
    play(s, name, "enemy hero")
    assert s.players[1].hero.health == 30 - amount


def test_battlecry_damage_can_kill_and_target_friendly():
    s = make_state(hands=(["Stormpike Commando"], []), boards=(["Bloodfen Raptor"], []))
    play(s, "Stormpike Commando", minion(s, 0, "Bloodfen Raptor"))
    assert names(s.players[0].board) == ["Stormpike Commando"]


def test_voodoo_doctor_restores_two():
    s = make_state(hands=(["Voodoo Doctor", "Voodoo Doctor"], []), boards=(["War Golem"], []))
    s.players[0].hero.damage = 5
    golem = minion(s, 0, "War Golem")
    golem.damage = 1
    play(s, "Voodoo Doctor", "own hero")
    assert s.players[0].hero.health == 27
    play(s, "Voodoo Doctor", golem)
    assert golem.health == 7  # never above maximum
    assert stats(minion(s, 0, "Voodoo Doctor")) == data("Voodoo Doctor")


def test_darkscale_healer_heals_all_friendly_characters():
    s = make_state(hands=(["Darkscale Healer"], []), boards=(["War Golem", "Chillwind Yeti"], ["War Golem"]))
    s.players[0].hero.damage = 5
    s.players[1].hero.damage = 5
    minion(s, 0, "War Golem").damage = 3
    minion(s, 0, "Chillwind Yeti").damage = 1
    minion(s, 1, "War Golem").damage = 3
    play(s, "Darkscale Healer")
    assert s.players[0].hero.health == 27
    assert minion(s, 0, "War Golem").damage == 1 and minion(s, 0, "Chillwind Yeti").damage == 0
    assert s.players[1].hero.health == 25 and minion(s, 1, "War Golem").damage == 3
    assert stats(minion(s, 0, "Darkscale Healer")) == data("Darkscale Healer")


def test_nightblade_hits_enemy_hero():
    s = make_state(hands=(["Nightblade"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Nightblade")
    assert s.players[1].hero.health == 27
    assert minion(s, 1, "Chillwind Yeti").damage == 0 and s.players[0].hero.health == 30
    assert stats(minion(s, 0, "Nightblade")) == data("Nightblade")


def test_acidic_swamp_ooze_destroys_enemy_weapon_only():
    db = card_db()
    s = make_state(hands=(["Acidic Swamp Ooze", "Acidic Swamp Ooze"], []))
    mech.equip(s, 0, db.get("VAN_CS2_082"))
    mech.equip(s, 1, db.get("VAN_CS2_082"))
    s._legal = None
    play(s, "Acidic Swamp Ooze")
    assert s.players[1].weapon is None and s.players[0].weapon is not None
    play(s, "Acidic Swamp Ooze")  # playable with no enemy weapon
    assert [stats(m) for m in s.players[0].board] == [data("Acidic Swamp Ooze")] * 2


@pytest.mark.parametrize("name", ["Novice Engineer", "Gnomish Inventor"])
def test_battlecry_draws_a_card(name):
    s = make_state(hands=([name], []))
    deck = len(s.players[0].deck)
    play(s, name)
    assert [c.name for c in s.players[0].hand] == ["Chillwind Yeti"]
    assert len(s.players[0].deck) == deck - 1
    assert stats(minion(s, 0, name)) == data(name)


def test_shattered_sun_cleric_buffs_friendly_minion():
    s = make_state(hands=(["Shattered Sun Cleric", "Shattered Sun Cleric"], []),
                   boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    assert not can_play(s, "Shattered Sun Cleric", minion(s, 1, "Chillwind Yeti"))
    assert not can_play(s, "Shattered Sun Cleric", "own hero")
    play(s, "Shattered Sun Cleric", minion(s, 0, "Bloodfen Raptor"))
    assert stats(minion(s, 0, "Bloodfen Raptor")) == (4, 3)
    assert stats(minion(s, 0, "Shattered Sun Cleric")) == data("Shattered Sun Cleric")


def test_shattered_sun_cleric_without_target():
    s = make_state(hands=(["Shattered Sun Cleric"], []))
    play(s, "Shattered Sun Cleric")
    assert stats(minion(s, 0, "Shattered Sun Cleric")) == (3, 2)


def test_frostwolf_warlord_counts_other_friendly_minions():
    s = make_state(hands=(["Frostwolf Warlord"], []),
                   boards=(["Bloodfen Raptor", "River Crocolisk"], ["Chillwind Yeti", "War Golem", "Core Hound"]))
    play(s, "Frostwolf Warlord")
    assert stats(minion(s, 0, "Frostwolf Warlord")) == (6, 6)


def test_frostwolf_warlord_alone_is_base_stats():
    s = make_state(hands=(["Frostwolf Warlord"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Frostwolf Warlord")
    assert stats(minion(s, 0, "Frostwolf Warlord")) == data("Frostwolf Warlord") == (4, 4)


@pytest.mark.parametrize("name, token, token_stats", [
    ("Murloc Tidehunter", "Murloc Scout", (1, 1)),
    ("Razorfen Hunter", "Boar", (1, 1)),
    ("Dragonling Mechanic", "Mechanical Dragonling", (2, 1)),
])
def test_battlecry_summons_token_to_the_right(name, token, token_stats):
    s = make_state(hands=([name], []), boards=(["Bloodfen Raptor", "River Crocolisk"], []), config=ALL)
    play(s, name, position=1)
    assert names(s.players[0].board) == ["Bloodfen Raptor", name, token, "River Crocolisk"]
    assert stats(s.players[0].board[1]) == data(name)
    assert stats(s.players[0].board[2]) == token_stats
    assert s.players[0].board[2].exhausted


def test_dragonling_mechanic_summons_ex1_025t():
    s = make_state(hands=(["Dragonling Mechanic"], []))
    play(s, "Dragonling Mechanic")
    assert [m.card.id for m in s.players[0].board] == ["VAN_EX1_025", "EX1_025t"]


def test_murloc_tidehunter_on_nearly_full_board_summons_no_scout():
    s = make_state(hands=(["Murloc Tidehunter"], []), boards=(["Bloodfen Raptor"] * 6, []))
    play(s, "Murloc Tidehunter")
    assert len(s.players[0].board) == 7 and names(s.players[0].board)[-1] == "Murloc Tidehunter"


# ---------------------------------------------------------------- auras

def test_raid_leader_gives_other_friendly_minions_attack():
    s = make_state(hands=(["Raid Leader", "Fireball"], []), boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    play(s, "Raid Leader")
    leader = minion(s, 0, "Raid Leader")
    assert stats(leader) == data("Raid Leader")
    assert stats(minion(s, 0, "Bloodfen Raptor")) == (4, 2)
    assert stats(minion(s, 1, "Chillwind Yeti")) == (4, 5)
    play(s, "Fireball", leader)
    assert stats(minion(s, 0, "Bloodfen Raptor")) == (3, 2)


def test_raid_leader_buffs_minions_summoned_later():
    s = make_state(hands=(["Raid Leader", "Murloc Tidehunter"], []))
    play(s, "Raid Leader")
    play(s, "Murloc Tidehunter")
    assert [m.attack for m in s.players[0].board] == [2, 3, 2]


def test_stormwind_champion_aura_and_its_loss():
    s = make_state(hands=(["Stormwind Champion", "Fireball"], []),
                   boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]), mana=11)
    play(s, "Stormwind Champion")
    champ = minion(s, 0, "Stormwind Champion")
    raptor = minion(s, 0, "Bloodfen Raptor")
    assert stats(champ) == data("Stormwind Champion")
    assert stats(raptor) == (4, 3) and stats(minion(s, 1, "Chillwind Yeti")) == (4, 5)
    raptor.damage = 2  # 4/1 while buffed
    play(s, "Fireball", champ)
    assert champ not in s.players[0].board
    # Losing the aura lowers the maximum, not the current health below 1: the Raptor lives.
    assert stats(raptor) == (3, 1) and raptor in s.players[0].board


def test_stormwind_champion_aura_health_kept_when_undamaged():
    s = make_state(hands=(["Stormwind Champion"], []), boards=(["Bloodfen Raptor"], []))
    play(s, "Stormwind Champion")
    raptor = minion(s, 0, "Bloodfen Raptor")
    s.players[0].board.remove(minion(s, 0, "Stormwind Champion"))
    mech.refresh_auras(s)
    assert stats(raptor) == (3, 2)


def test_grimscale_oracle_buffs_all_other_murlocs():
    s = make_state(hands=(["Grimscale Oracle"], []),
                   boards=(["Murloc Raider", "Bloodfen Raptor"], ["Bluegill Warrior", "Chillwind Yeti"]))
    play(s, "Grimscale Oracle")
    assert stats(minion(s, 0, "Grimscale Oracle")) == data("Grimscale Oracle") == (1, 1)
    assert stats(minion(s, 0, "Murloc Raider")) == (3, 1)
    assert stats(minion(s, 1, "Bluegill Warrior")) == (3, 1)
    assert stats(minion(s, 0, "Bloodfen Raptor")) == (3, 2)
    assert stats(minion(s, 1, "Chillwind Yeti")) == (4, 5)


def test_two_grimscale_oracles_buff_each_other():
    s = make_state(hands=(["Grimscale Oracle"], []), boards=(["Murloc Raider"], ["Grimscale Oracle"]))
    play(s, "Grimscale Oracle")
    assert minion(s, 0, "Grimscale Oracle").attack == 2 and minion(s, 1, "Grimscale Oracle").attack == 2
    assert minion(s, 0, "Murloc Raider").attack == 4


# ---------------------------------------------------------------- triggers and deathrattles

def test_gurubashi_berserker_gains_attack_when_damaged():
    s = make_state(hands=(["Gurubashi Berserker"], []), boards=((), ["Oasis Snapjaw"]))
    play(s, "Gurubashi Berserker")
    g = minion(s, 0, "Gurubashi Berserker")
    assert stats(g) == data("Gurubashi Berserker")
    hero_power(s, g)
    assert stats(g) == (5, 6)
    end_turn(s)
    attack(s, minion(s, 1, "Oasis Snapjaw"), g)
    assert stats(g) == (8, 4)
    assert minion(s, 1, "Oasis Snapjaw").damage == 5  # hit back with 5 (the next +3 comes after combat)


def test_abomination_deathrattle_hits_all_characters():
    s = make_state(hands=(["Abomination", "Fireball"], []),
                   boards=(["River Crocolisk", "War Golem"], ["River Crocolisk", "Murloc Raider"]))
    play(s, "Abomination")
    abom = minion(s, 0, "Abomination")
    assert stats(abom) == data("Abomination") and abom.taunt
    play(s, "Fireball", abom)
    assert names(s.players[0].board) == ["River Crocolisk", "War Golem"]
    assert [m.damage for m in s.players[0].board] == [2, 2]
    assert names(s.players[1].board) == ["River Crocolisk"]
    assert minion(s, 1, "River Crocolisk").health == 1
    assert s.players[0].hero.health == 28 and s.players[1].hero.health == 28


def test_abomination_chain_reaction():
    s = make_state(hands=(["Fireball"], []), boards=(["Abomination"], ["Abomination", "War Golem"]))
    enemy_abom = minion(s, 1, "Abomination")
    enemy_abom.damage = 2
    play(s, "Fireball", minion(s, 0, "Abomination"))
    # The first explosion kills the damaged enemy Abomination, whose explosion follows.
    assert s.players[0].board == [] and names(s.players[1].board) == ["War Golem"]
    assert minion(s, 1, "War Golem").damage == 4
    assert s.players[0].hero.health == 26 and s.players[1].hero.health == 26


def test_abomination_dies_in_combat_and_explodes():
    s = make_state(boards=(["Abomination"], ["Boulderfist Ogre", "Murloc Raider"]))
    attack(s, minion(s, 0, "Abomination"), minion(s, 1, "Boulderfist Ogre"))
    assert s.players[0].board == []
    assert names(s.players[1].board) == ["Boulderfist Ogre"]
    assert minion(s, 1, "Boulderfist Ogre").damage == 6


def test_abomination_explosion_can_end_the_game():
    s = make_state(hands=(["Fireball"], []), boards=(["Abomination"], []))
    s.players[1].hero.damage = 28
    play(s, "Fireball", minion(s, 0, "Abomination"))
    assert s.terminal and s.winner == 0


def test_abusive_sergeant_gives_attack_this_turn():
    s = make_state(hands=(["Abusive Sergeant", "Abusive Sergeant"], []),
                   boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    raptor = minion(s, 0, "Bloodfen Raptor")
    yeti = minion(s, 1, "Chillwind Yeti")
    play(s, "Abusive Sergeant", raptor)
    play(s, "Abusive Sergeant", yeti)  # any minion, enemies too
    assert stats(raptor) == (5, 2) and stats(yeti) == (6, 5)
    assert [stats(m) for m in s.players[0].board[1:]] == [data("Abusive Sergeant")] * 2
    attack(s, raptor, "enemy hero")
    assert s.players[1].hero.health == 25
    end_turn(s)
    assert stats(raptor) == (3, 2) and stats(yeti) == (4, 5)


def test_abusive_sergeant_without_target():
    s = make_state(hands=(["Abusive Sergeant"], []))
    play(s, "Abusive Sergeant")
    assert stats(minion(s, 0, "Abusive Sergeant")) == (2, 1)


def test_acolyte_of_pain_draws_each_time_damaged():
    s = make_state(hands=(["Acolyte of Pain", "Arcane Explosion"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Acolyte of Pain")
    acolyte = minion(s, 0, "Acolyte of Pain")
    assert stats(acolyte) == data("Acolyte of Pain")
    hero_power(s, acolyte)
    assert len(s.players[0].hand) == 2  # Arcane Explosion + one draw
    play(s, "Arcane Explosion")  # enemy minions only: no draw
    assert len(s.players[0].hand) == 1
    end_turn(s)
    attack(s, minion(s, 1, "Chillwind Yeti"), acolyte)  # dies, still draws
    assert s.players[0].board == [] and len(s.players[0].hand) == 2


def test_acolyte_of_pain_draws_for_its_owner_when_enemy_damages_it():
    s = make_state(boards=((), ["Acolyte of Pain"]))
    hero_power(s, minion(s, 1, "Acolyte of Pain"))
    assert len(s.players[1].hand) == 1 and s.players[0].hand == []


# ---------------------------------------------------------------- hero powers

def test_fireblast_deals_one_to_any_character_once_per_turn():
    s = make_state(boards=((), ["Murloc Raider"]), mana=4)
    hero_power(s, minion(s, 1, "Murloc Raider"))
    assert s.players[1].board == [] and s.players[0].mana == 2
    assert not any(a[0] == 3 for a in s.legal_actions())
    s2 = make_state()
    hero_power(s2, "own hero")
    assert s2.players[0].hero.health == 29


def test_steady_shot_hits_enemy_hero():
    s = make_state(classes=("HUNTER", "MAGE"), boards=((), ["Chillwind Yeti"]))
    assert [a for a in s.legal_actions() if a[0] == 3] == [(3, -1)]  # no target to choose
    hero_power(s)
    assert s.players[1].hero.health == 28 and s.players[0].mana == 8
    assert minion(s, 1, "Chillwind Yeti").damage == 0


def test_steady_shot_needs_two_mana():
    s = make_state(classes=("HUNTER", "MAGE"), mana=1)
    assert not any(a[0] == 3 for a in s.legal_actions())


def test_shapeshift_attack_this_turn_and_armor():
    s = make_state(classes=("DRUID", "MAGE"), boards=((), ["Murloc Raider"]))
    hero_power(s)
    assert s.players[0].hero.armor == 1
    attack(s, "own hero", minion(s, 1, "Murloc Raider"))
    assert s.players[1].board == []
    # Raider hit back for 2: armor absorbs 1.
    assert s.players[0].hero.armor == 0 and s.players[0].hero.health == 29
    end_turn(s)
    assert s.players[0].hero.temp_atk == 0 and s.players[0].hero_attack() == 0
