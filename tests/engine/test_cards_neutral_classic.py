"""Classic neutral cards that exercise Enrage, Silence, Deathrattle, Stealth, Divine Shield,
triggers, adjacency auras and "can't attack" (engine/hearthstone/cards/neutral_classic.py)."""

import pytest

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.entities import Weapon
from cardlab.engine.hearthstone.state import ATTACK
from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play


def attacks_of(s, m):
    slot = s.players[s.current].board.index(m) + 1
    return [a for a in s.legal_actions() if a[0] == ATTACK and a[1] == slot]


def test_module_cards_are_implemented():
    names = [
        "Amani Berserker", "Raging Worgen", "Ironbeak Owl", "Spellbreaker", "Worgen Infiltrator", "Argent Squire",
        "Loot Hoarder", "Harvest Golem", "Leper Gnome", "Young Priestess", "Knife Juggler", "Armorsmith",
        "Cult Master", "Dire Wolf Alpha", "Earthen Ring Farseer", "Ancient Watcher", "Thrallmar Farseer",
        "Jungle Panther", "Scarlet Crusader", "Doomsayer", "Demolisher",
    ]
    db = card_db()
    assert [n for n in names if not db.get(n).implemented] == []


def test_amani_berserker_enrage_gives_three_attack():
    s = make_state(boards=((), ["Amani Berserker"]))
    amani = minion(s, 1, "Amani Berserker")
    assert amani.attack == 2
    hero_power(s, amani)  # Fireblast: 1 damage
    assert amani.attack == 5 and amani.health == 2


def test_amani_berserker_enrage_ends_when_healed():
    s = make_state(hands=(["Earthen Ring Farseer"], []), boards=(["Amani Berserker"], []))
    amani = minion(s, 0, "Amani Berserker")
    amani.damage = 1
    assert amani.attack == 5
    play(s, "Earthen Ring Farseer", amani)
    assert amani.attack == 2 and amani.health == 3


def test_raging_worgen_undamaged_attacks_once():
    s = make_state(boards=(["Raging Worgen"], []))
    worgen = minion(s, 0, "Raging Worgen")
    assert worgen.attack == 3 and not worgen.has_windfury
    attack(s, worgen, "enemy hero")
    assert attacks_of(s, worgen) == []


def test_raging_worgen_enraged_attacks_twice():
    s = make_state(boards=(["Raging Worgen"], ["Murloc Raider", "Murloc Raider"]))
    worgen = minion(s, 0, "Raging Worgen")
    attack(s, worgen, minion(s, 1, "Murloc Raider"))  # Murloc Raider 2/1 hits back for 2
    assert worgen.health == 1 and worgen.attack == 4 and worgen.has_windfury
    attack(s, worgen, "enemy hero")
    assert s.players[1].hero.health == 26
    assert attacks_of(s, worgen) == []


def test_ironbeak_owl_silences_a_minion():
    s = make_state(hands=(["Ironbeak Owl"], []), boards=((), ["Sen'jin Shieldmasta"]))
    senjin = minion(s, 1, "Sen'jin Shieldmasta")
    play(s, "Ironbeak Owl", senjin)
    assert not senjin.taunt and senjin.silenced


def test_ironbeak_owl_playable_without_targets():
    s = make_state(hands=(["Ironbeak Owl"], []))
    play(s, "Ironbeak Owl")
    assert [m.card.name for m in s.players[0].board] == ["Ironbeak Owl"]


def test_spellbreaker_silences_a_minion():
    s = make_state(hands=(["Spellbreaker"], []), boards=((), ["Amani Berserker"]))
    amani = minion(s, 1, "Amani Berserker")
    amani.damage = 1
    play(s, "Spellbreaker", amani)
    assert amani.attack == 2 and amani.health == 2


def test_worgen_infiltrator_has_stealth():
    s = make_state(hands=(["Fireball"], []), boards=((), ["Worgen Infiltrator"]))
    assert minion(s, 1, "Worgen Infiltrator").stealth
    assert not can_play(s, "Fireball", 9)


def test_argent_squire_divine_shield():
    s = make_state(boards=(["Bloodfen Raptor"], ["Argent Squire"]))
    squire = minion(s, 1, "Argent Squire")
    assert squire.divine_shield
    attack(s, minion(s, 0, "Bloodfen Raptor"), squire)
    assert squire.health == 1 and not squire.divine_shield


def test_loot_hoarder_draws_on_death():
    s = make_state(hands=(["Fireball"], []), boards=((), ["Loot Hoarder"]))
    hand_before = len(s.players[1].hand)
    play(s, "Fireball", minion(s, 1, "Loot Hoarder"))
    assert s.players[1].board == [] and len(s.players[1].hand) == hand_before + 1


def test_harvest_golem_leaves_damaged_golem_in_its_slot():
    s = make_state(hands=(["Fireball"], []), boards=((), ["Bloodfen Raptor", "Harvest Golem", "Chillwind Yeti"]))
    play(s, "Fireball", minion(s, 1, "Harvest Golem"))
    board = s.players[1].board
    assert [m.card.name for m in board] == ["Bloodfen Raptor", "Damaged Golem", "Chillwind Yeti"]
    assert (board[1].attack, board[1].health) == (2, 1)


def test_leper_gnome_deathrattle_hits_enemy_hero():
    s = make_state(hands=(["Fireball"], []), boards=((), ["Leper Gnome"]))
    play(s, "Fireball", minion(s, 1, "Leper Gnome"))
    assert s.players[0].hero.health == 28 and s.players[1].hero.health == 30


def test_young_priestess_buffs_another_friendly_minion_at_end_of_turn():
    s = make_state(boards=(["Young Priestess", "Bloodfen Raptor"], ["Chillwind Yeti"]))
    end_turn(s)
    assert minion(s, 0, "Bloodfen Raptor").max_health == 3
    assert minion(s, 0, "Young Priestess").max_health == 1
    assert minion(s, 1, "Chillwind Yeti").max_health == 5
    end_turn(s)  # the opponent's turn end does not trigger it
    assert minion(s, 0, "Bloodfen Raptor").max_health == 3


def test_young_priestess_alone_does_nothing():
    s = make_state(boards=(["Young Priestess"], []))
    end_turn(s)
    assert minion(s, 0, "Young Priestess").max_health == 1


def test_knife_juggler_hits_random_enemy_after_summon():
    s = make_state(hands=(["Bloodfen Raptor"], []), boards=(["Knife Juggler"], ["Chillwind Yeti"]))
    play(s, "Bloodfen Raptor")
    enemy = s.players[1]
    assert enemy.hero.damage + sum(m.damage for m in enemy.board) == 1
    assert s.players[0].hero.damage == 0


def test_knife_juggler_not_triggered_by_itself_or_enemy_summons():
    s = make_state(hands=(["Knife Juggler"], ["Bloodfen Raptor"]))
    play(s, "Knife Juggler")
    assert s.players[1].hero.damage == 0
    end_turn(s)
    s.players[1].mana = 10
    play(s, "Bloodfen Raptor")
    assert s.players[1].hero.damage == 0 and s.players[0].hero.damage == 0


def test_knife_juggler_triggers_on_token_summons():
    s = make_state(hands=(["Murloc Tidehunter"], []), boards=(["Knife Juggler"], []))
    play(s, "Murloc Tidehunter")  # Tidehunter + Murloc Scout: two summons
    assert s.players[1].hero.health == 28


def test_armorsmith_gains_armor_when_friendly_minion_damaged():
    s = make_state(hands=(["Arcane Explosion"], []), boards=(["Bloodfen Raptor"], ["Armorsmith", "Chillwind Yeti"]))
    play(s, "Arcane Explosion")  # two friendly minions of the Armorsmith take damage
    assert s.players[1].hero.armor == 2
    assert s.players[0].hero.armor == 0


def test_armorsmith_ignores_enemy_minions_and_heroes():
    s = make_state(hands=(["Fireball", "Frostbolt"], []), boards=(["Armorsmith"], ["Chillwind Yeti"]))
    play(s, "Fireball", minion(s, 1, "Chillwind Yeti"))
    play(s, "Frostbolt", "own hero")
    assert s.players[0].hero.armor == 0


def test_armorsmith_still_triggers_when_killed_by_the_same_area_damage():
    # Mortally wounded minions stay in play until deaths resolve, so their triggers still fire.
    s = make_state(hands=(["Arcane Explosion"], []), boards=((), ["Armorsmith", "Chillwind Yeti"]))
    minion(s, 1, "Armorsmith").damage = 3
    play(s, "Arcane Explosion")
    assert s.players[1].hero.armor == 2


def test_cult_master_draws_when_another_friendly_minion_dies():
    s = make_state(hands=(["Fireball", "Frostbolt"], []), boards=(["Cult Master", "Bloodfen Raptor"], ["Bloodfen Raptor"]))
    play(s, "Fireball", minion(s, 0, "Bloodfen Raptor"))
    assert len(s.players[0].hand) == 2  # Frostbolt + the drawn card
    play(s, "Frostbolt", minion(s, 1, "Bloodfen Raptor"))  # enemy death: no draw
    assert len(s.players[0].hand) == 1


def test_cult_master_does_not_draw_for_itself():
    s = make_state(hands=(["Fireball"], []), boards=(["Cult Master"], []))
    play(s, "Fireball", minion(s, 0, "Cult Master"))
    assert s.players[0].hand == []


def test_dire_wolf_alpha_buffs_adjacent_minions_only():
    s = make_state(boards=(["Bloodfen Raptor", "Dire Wolf Alpha", "Chillwind Yeti", "Murloc Raider"], ["Bloodfen Raptor"]))
    assert [m.attack for m in s.players[0].board] == [4, 2, 5, 2]
    assert minion(s, 1, "Bloodfen Raptor").attack == 3


def test_dire_wolf_alpha_offers_positions_and_buffs_new_neighbour():
    s = make_state(hands=(["Murloc Raider"], []), boards=(["Dire Wolf Alpha", "Chillwind Yeti"], []))
    play(s, "Murloc Raider", position=0)
    assert [m.attack for m in s.players[0].board] == [3, 2, 5]  # Raider, Wolf, Yeti
    play_state = make_state(hands=(["Dire Wolf Alpha"], []), boards=(["Bloodfen Raptor", "Chillwind Yeti"], []))
    play(play_state, "Dire Wolf Alpha", position=1)
    assert [m.attack for m in play_state.players[0].board] == [4, 2, 5]


def test_dire_wolf_alpha_buff_leaves_when_it_dies():
    s = make_state(hands=(["Fireball"], []), boards=(["Dire Wolf Alpha", "Chillwind Yeti"], []))
    play(s, "Fireball", minion(s, 0, "Dire Wolf Alpha"))
    assert minion(s, 0, "Chillwind Yeti").attack == 4


def test_earthen_ring_farseer_restores_three():
    s = make_state(hands=(["Earthen Ring Farseer"], []))
    s.players[0].hero.damage = 5
    play(s, "Earthen Ring Farseer", "own hero")
    assert s.players[0].hero.health == 28


def test_earthen_ring_farseer_playable_on_undamaged():
    s = make_state(hands=(["Earthen Ring Farseer"], []))
    play(s, "Earthen Ring Farseer", "enemy hero")
    assert s.players[1].hero.health == 30


def test_ancient_watcher_cant_attack_until_silenced():
    s = make_state(hands=(["Ironbeak Owl"], []), boards=(["Ancient Watcher"], []))
    watcher = minion(s, 0, "Ancient Watcher")
    assert attacks_of(s, watcher) == []
    play(s, "Ironbeak Owl", watcher)
    assert attacks_of(s, watcher) != []


def test_thrallmar_farseer_windfury_attacks_twice():
    s = make_state(boards=(["Thrallmar Farseer"], []))
    farseer = minion(s, 0, "Thrallmar Farseer")
    attack(s, farseer, "enemy hero")
    attack(s, farseer, "enemy hero")
    assert s.players[1].hero.health == 26 and attacks_of(s, farseer) == []


def test_jungle_panther_stealth_cannot_be_attacked():
    s = make_state(boards=(["Chillwind Yeti"], ["Jungle Panther"]))
    assert minion(s, 1, "Jungle Panther").stealth
    assert attacks_of(s, minion(s, 0, "Chillwind Yeti")) == [(ATTACK, 1, 8)]


def test_scarlet_crusader_divine_shield():
    s = make_state(hands=(["Arcane Explosion", "Arcane Explosion"], []), boards=((), ["Scarlet Crusader"]))
    play(s, "Arcane Explosion")
    crusader = minion(s, 1, "Scarlet Crusader")
    assert crusader.health == 1 and not crusader.divine_shield
    play(s, "Arcane Explosion")
    assert s.players[1].board == []


def test_doomsayer_destroys_all_minions_at_the_start_of_its_owners_turn():
    s = make_state(hands=(["Doomsayer"], []), boards=(["Chillwind Yeti"], ["Boulderfist Ogre"]))
    play(s, "Doomsayer")
    assert len(s.players[0].board) == 2 and len(s.players[1].board) == 1
    end_turn(s)  # the opponent's turn starts: not Doomsayer's
    assert len(s.players[0].board) == 2 and len(s.players[1].board) == 1
    end_turn(s)
    assert s.players[0].board == [] and s.players[1].board == []


def test_demolisher_deals_two_to_a_random_enemy_at_the_start_of_its_owners_turn():
    for seed in range(8):
        s = make_state(boards=(["Demolisher"], ["Chillwind Yeti"]), seed=seed)
        end_turn(s)
        assert s.players[0].hero.health == 30 and s.players[1].hero.health == 30  # not on the enemy's turn
        end_turn(s)
        hit = [s.players[1].hero.damage] + [m.damage for m in s.players[1].board]
        assert sorted(hit) == [0, 2]
        assert s.players[0].hero.damage == 0 and minion(s, 0, "Demolisher").damage == 0


# ---------------------------------------------------------------- the rest of the neutral Classic cards


def names(board):
    return [m.card.name for m in board]


def stats(m):
    return (m.attack, m.health)


def test_all_neutral_cards_are_implemented():
    db = card_db()
    assert [c.name for c in db.collectible() if c.card_class == "NEUTRAL" and not c.implemented] == []


# Battlecries

def test_ancient_brewmaster_returns_a_friendly_minion_to_hand():
    s = make_state(hands=(["Ancient Brewmaster"], []), boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    minion(s, 0, "Bloodfen Raptor").damage = 1
    assert can_play(s, "Ancient Brewmaster", 9) is False  # friendly minions only
    play(s, "Ancient Brewmaster", minion(s, 0, "Bloodfen Raptor"))
    assert names(s.players[0].board) == ["Ancient Brewmaster"]
    assert [c.name for c in s.players[0].hand] == ["Bloodfen Raptor"]


def test_youthful_brewmaster_alone_plays_without_target():
    s = make_state(hands=(["Youthful Brewmaster"], []))
    play(s, "Youthful Brewmaster")
    assert names(s.players[0].board) == ["Youthful Brewmaster"] and s.players[0].hand == []


def test_ancient_mage_gives_adjacent_minions_spell_damage():
    s = make_state(hands=(["Ancient Mage", "Fireball"], []), boards=(["Wisp", "Wisp", "Wisp"], []))
    play(s, "Ancient Mage", position=1)
    assert [m.spell_damage for m in s.players[0].board] == [1, 0, 1, 0]
    play(s, "Fireball", "enemy hero")
    assert s.players[1].hero.health == 22


def test_arcane_golem_gives_the_opponent_a_mana_crystal():
    s = make_state(hands=(["Arcane Golem"], []), mana=5)
    s.players[1].max_mana = 4
    play(s, "Arcane Golem")
    assert s.players[1].max_mana == 5
    golem = minion(s, 0, "Arcane Golem")
    attack(s, golem, "enemy hero")  # Charge
    assert s.players[1].hero.health == 26


def test_azure_drake_draws_and_has_spell_damage():
    s = make_state(hands=(["Azure Drake", "Frostbolt"], []))
    play(s, "Azure Drake")
    assert len(s.players[0].hand) == 2
    play(s, "Frostbolt", "enemy hero")
    assert s.players[1].hero.health == 26


def test_big_game_hunter_targets_only_seven_attack_or_more():
    s = make_state(hands=(["Big Game Hunter"], []), boards=(["Chillwind Yeti"], ["War Golem", "Boulderfist Ogre"]))
    golem, ogre = minion(s, 1, "War Golem"), minion(s, 1, "Boulderfist Ogre")
    assert can_play(s, "Big Game Hunter", golem) and not can_play(s, "Big Game Hunter", ogre)
    play(s, "Big Game Hunter", golem)
    assert names(s.players[1].board) == ["Boulderfist Ogre"]


def test_big_game_hunter_without_a_target_is_a_plain_minion():
    s = make_state(hands=(["Big Game Hunter"], []), boards=((), ["Boulderfist Ogre"]))
    play(s, "Big Game Hunter")
    assert len(s.players[1].board) == 1


def test_blood_knight_takes_every_divine_shield():
    s = make_state(hands=(["Blood Knight"], []), boards=(["Argent Squire"], ["Scarlet Crusader", "Wisp"]))
    play(s, "Blood Knight")
    assert stats(minion(s, 0, "Blood Knight")) == (9, 9)
    assert not minion(s, 0, "Argent Squire").divine_shield and not minion(s, 1, "Scarlet Crusader").divine_shield


def test_bloodsail_corsair_removes_one_durability():
    s = make_state(classes=("MAGE", "WARRIOR"), hands=(["Bloodsail Corsair", "Bloodsail Corsair"], []))
    s.players[1].weapon = Weapon(card_db().get("Fiery War Axe"), s.new_uid())
    play(s, "Bloodsail Corsair")
    assert s.players[1].weapon.durability == 1
    play(s, "Bloodsail Corsair")
    assert s.players[1].weapon is None


def test_bloodsail_raider_gains_weapon_attack():
    s = make_state(hands=(["Bloodsail Raider", "Bloodsail Raider"], []))
    play(s, "Bloodsail Raider")
    assert minion(s, 0, "Bloodsail Raider").attack == 2
    s.players[0].weapon = Weapon(card_db().get("Fiery War Axe"), s.new_uid())
    s._legal = None
    play(s, "Bloodsail Raider")
    assert minion(s, 0, "Bloodsail Raider", 1).attack == 5


def test_captains_parrot_draws_a_pirate():
    deck = ["Chillwind Yeti"] * 10 + ["Bloodsail Raider"] + ["Chillwind Yeti"] * 5
    for seed in range(4):
        s = make_state(hands=(["Captain's Parrot"], []), decks=(deck, deck), seed=seed)
        s.players[0].deck = [card_db().get(n) for n in deck]
        play(s, "Captain's Parrot")
        assert [c.name for c in s.players[0].hand] == ["Bloodsail Raider"]
        assert len(s.players[0].deck) == len(deck) - 1


def test_captains_parrot_without_pirates_draws_nothing():
    s = make_state(hands=(["Captain's Parrot"], []))
    n = len(s.players[0].deck)
    play(s, "Captain's Parrot")
    assert s.players[0].hand == [] and len(s.players[0].deck) == n


def test_coldlight_oracle_each_player_draws_two():
    s = make_state(hands=(["Coldlight Oracle"], []))
    play(s, "Coldlight Oracle")
    assert len(s.players[0].hand) == 2 and len(s.players[1].hand) == 2


def test_coldlight_seer_gives_all_other_murlocs_two_health():
    s = make_state(hands=(["Coldlight Seer"], []), boards=(["Murloc Raider", "Wisp"], ["Murloc Raider"]))
    play(s, "Coldlight Seer")
    assert minion(s, 0, "Murloc Raider").health == 3 and minion(s, 1, "Murloc Raider").health == 3
    assert minion(s, 0, "Wisp").health == 1 and minion(s, 0, "Coldlight Seer").health == 3


def test_crazed_alchemist_swaps_attack_and_health():
    s = make_state(hands=(["Crazed Alchemist", "Crazed Alchemist"], []), boards=((), ["Chillwind Yeti", "Wisp"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    yeti.damage = 2
    play(s, "Crazed Alchemist", yeti)
    assert stats(yeti) == (3, 4)
    play(s, "Crazed Alchemist", minion(s, 1, "Wisp"))  # 1/1 -> 1/1
    assert stats(minion(s, 1, "Wisp")) == (1, 1)


def test_crazed_alchemist_swaps_current_stats_with_auras_and_enrage_counted():
    s = make_state(hands=(["Crazed Alchemist"], []), boards=((), ["Wisp", "Stormwind Champion"]))
    play(s, "Crazed Alchemist", minion(s, 1, "Wisp"))  # 2/2 under the aura -> its own 2/2, the aura on top again
    assert stats(minion(s, 1, "Wisp")) == (3, 3)
    s = make_state(hands=(["Crazed Alchemist"], []), boards=((), ["Amani Berserker"]))
    amani = minion(s, 1, "Amani Berserker")
    amani.damage = 1  # 5/2 enraged
    play(s, "Crazed Alchemist", amani)
    assert stats(amani) == (2, 5) and amani.damage == 0  # undamaged now, so no longer enraged


def test_crazed_alchemist_on_a_zero_attack_minion_kills_it():
    s = make_state(hands=(["Crazed Alchemist"], []), boards=((), ["Nat Pagle"]))
    play(s, "Crazed Alchemist", minion(s, 1, "Nat Pagle"))
    assert s.players[1].board == []


def test_dark_iron_dwarf_gives_two_attack_this_turn():
    s = make_state(hands=(["Dark Iron Dwarf"], []), boards=(["Wisp"], []))
    play(s, "Dark Iron Dwarf", minion(s, 0, "Wisp"))
    assert minion(s, 0, "Wisp").attack == 3
    end_turn(s)
    assert minion(s, 0, "Wisp").attack == 1


def test_defender_of_argus_buffs_and_taunts_neighbours():
    s = make_state(hands=(["Defender of Argus"], []), boards=(["Wisp", "Wisp", "Wisp"], []))
    play(s, "Defender of Argus", position=1)
    board = s.players[0].board
    assert [(m.attack, m.health, m.taunt) for m in board] == [(2, 2, True), (2, 3, False), (2, 2, True), (1, 1, False)]


def test_sunfury_protector_taunts_neighbours():
    s = make_state(hands=(["Sunfury Protector"], []), boards=(["Wisp", "Bloodfen Raptor"], []))
    play(s, "Sunfury Protector", position=1)
    assert [m.taunt for m in s.players[0].board] == [True, False, True]
    assert minion(s, 0, "Wisp").attack == 1


def test_frost_elemental_freezes_a_character():
    s = make_state(hands=(["Frost Elemental"], []))
    play(s, "Frost Elemental", "enemy hero")
    assert s.players[1].hero.frozen


def test_hungry_crab_eats_a_murloc():
    s = make_state(hands=(["Hungry Crab"], []), boards=(["Wisp"], ["Murloc Raider"]))
    assert not can_play(s, "Hungry Crab", minion(s, 0, "Wisp"))
    play(s, "Hungry Crab", minion(s, 1, "Murloc Raider"))
    assert s.players[1].board == [] and stats(minion(s, 0, "Hungry Crab")) == (3, 4)


def test_hungry_crab_without_murlocs_stays_small():
    s = make_state(hands=(["Hungry Crab"], []), boards=(["Wisp"], []))
    play(s, "Hungry Crab")
    assert stats(minion(s, 0, "Hungry Crab")) == (1, 2)


def test_injured_blademaster_damages_himself():
    s = make_state(hands=(["Injured Blademaster"], []))
    play(s, "Injured Blademaster")
    assert stats(minion(s, 0, "Injured Blademaster")) == (4, 3)


def test_mad_bomber_splits_three_damage_among_other_characters():
    for seed in range(6):
        s = make_state(hands=(["Mad Bomber"], []), boards=(["Chillwind Yeti"], ["Chillwind Yeti"]), seed=seed)
        play(s, "Mad Bomber")
        chars = [p.hero for p in s.players] + s.players[0].board + s.players[1].board
        assert sum(c.damage for c in chars) == 3 and minion(s, 0, "Mad Bomber").damage == 0


def test_mind_control_tech_needs_four_enemy_minions():
    s = make_state(hands=(["Mind Control Tech"], []), boards=((), ["Wisp"] * 3))
    play(s, "Mind Control Tech")
    assert len(s.players[1].board) == 3 and len(s.players[0].board) == 1
    s = make_state(hands=(["Mind Control Tech"], []), boards=((), ["Wisp", "Wisp", "Chillwind Yeti", "Wisp"]))
    play(s, "Mind Control Tech")
    assert len(s.players[1].board) == 3 and len(s.players[0].board) == 2
    stolen = s.players[0].board[1]
    assert stolen.owner == 0 and stolen.exhausted


def test_priestess_of_elune_heals_own_hero():
    s = make_state(hands=(["Priestess of Elune"], []))
    s.players[0].hero.damage = 10
    play(s, "Priestess of Elune")
    assert s.players[0].hero.health == 24


def test_silver_hand_knight_summons_a_squire():
    s = make_state(hands=(["Silver Hand Knight"], []))
    play(s, "Silver Hand Knight")
    assert names(s.players[0].board) == ["Silver Hand Knight", "Squire"]


def test_stampeding_kodo_destroys_a_small_enemy():
    for seed in range(5):
        s = make_state(hands=(["Stampeding Kodo"], []), boards=(["Wisp"], ["Chillwind Yeti", "Murloc Raider", "Wisp"]),
                       seed=seed)
        play(s, "Stampeding Kodo")
        assert len(s.players[1].board) == 2 and "Chillwind Yeti" in names(s.players[1].board)
        assert "Wisp" in names(s.players[0].board)


def test_twilight_drake_gains_health_per_card_in_hand():
    s = make_state(hands=(["Twilight Drake", "Wisp", "Wisp", "Wisp"], []))
    play(s, "Twilight Drake")
    assert stats(minion(s, 0, "Twilight Drake")) == (4, 4)


def test_faceless_manipulator_copies_a_minion_with_its_buffs_and_its_damage():
    s = make_state(hands=(["Faceless Manipulator"], []), boards=((), ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    yeti.atk_buff, yeti.hp_buff, yeti.damage = 2, 2, 3
    play(s, "Faceless Manipulator", yeti)
    copy = s.players[0].board[0]
    assert copy.card.name == "Chillwind Yeti" and stats(copy) == (6, 4) and copy.owner == 0  # 6/7 with 3 damage
    assert copy.exhausted


def test_faceless_manipulator_copies_triggers_and_auras():
    s = make_state(hands=(["Faceless Manipulator", "Wisp"], []), boards=(["Bloodfen Raptor"], ["Raid Leader", "Knife Juggler"]))
    play(s, "Faceless Manipulator", minion(s, 1, "Raid Leader"))
    assert minion(s, 0, "Bloodfen Raptor").attack == 4 and minion(s, 0, "Raid Leader").attack == 2
    s2 = make_state(hands=(["Faceless Manipulator", "Wisp"], []), boards=((), ["Knife Juggler"]))
    play(s2, "Faceless Manipulator", minion(s2, 1, "Knife Juggler"))
    assert s2.players[1].hero.health == 30  # the copy does not throw for its own arrival
    play(s2, "Wisp")
    assert s2.players[1].hero.health + sum(m.health for m in s2.players[1].board) == 30 + 2 - 1


# Enrage, auras, keywords

def test_angry_chicken_enrage():
    s = make_state(boards=((), ["Angry Chicken", "Stormwind Champion"]))
    chicken = minion(s, 1, "Angry Chicken")
    hero_power(s, chicken)
    assert stats(chicken) == (7, 1)


def test_tauren_warrior_enrage_and_taunt():
    s = make_state(boards=((), ["Tauren Warrior"]))
    tauren = minion(s, 1, "Tauren Warrior")
    assert tauren.taunt
    hero_power(s, tauren)
    assert stats(tauren) == (5, 2)


def test_faerie_dragon_cannot_be_targeted_by_spells_or_hero_powers():
    s = make_state(hands=(["Fireball", "Elven Archer"], []), boards=(["Faerie Dragon"], ["Faerie Dragon"]))
    assert not can_play(s, "Fireball", 9) and not can_play(s, "Fireball", 1) and can_play(s, "Fireball", 8)
    assert (3, 9) not in [a[:2] for a in s.legal_actions()] and not any(a[0] == 3 and a[1] == 9 for a in s.legal_actions())
    assert can_play(s, "Elven Archer", 9)  # battlecries may
    play(s, "Elven Archer", minion(s, 1, "Faerie Dragon"))
    assert minion(s, 1, "Faerie Dragon").health == 1


def test_faerie_dragon_silenced_can_be_targeted():
    s = make_state(hands=(["Ironbeak Owl", "Fireball"], []), boards=((), ["Faerie Dragon"]))
    play(s, "Ironbeak Owl", minion(s, 1, "Faerie Dragon"))
    assert can_play(s, "Fireball", 9)


def test_murloc_warleader_buffs_all_other_murlocs():
    s = make_state(boards=(["Murloc Warleader", "Murloc Raider", "Wisp"], ["Murloc Raider"]))
    assert stats(minion(s, 0, "Murloc Raider")) == (4, 2) and stats(minion(s, 1, "Murloc Raider")) == (4, 2)
    assert stats(minion(s, 0, "Murloc Warleader")) == (3, 3) and stats(minion(s, 0, "Wisp")) == (1, 1)


def test_southsea_captain_buffs_other_friendly_pirates():
    s = make_state(boards=(["Southsea Captain", "Bloodsail Raider", "Wisp"], ["Bloodsail Raider"]))
    assert stats(minion(s, 0, "Bloodsail Raider")) == (3, 4) and stats(minion(s, 1, "Bloodsail Raider")) == (2, 3)
    assert stats(minion(s, 0, "Southsea Captain")) == (3, 3)


def test_southsea_deckhand_has_charge_only_with_a_weapon():
    s = make_state(classes=("WARRIOR", "MAGE"), hands=(["Southsea Deckhand", "Fiery War Axe"], []))
    play(s, "Southsea Deckhand")
    deck = minion(s, 0, "Southsea Deckhand")
    assert not deck.can_attack()
    play(s, "Fiery War Axe")
    assert deck.can_attack()
    attack(s, "own hero", "enemy hero")
    attack(s, deck, "enemy hero")
    assert s.players[1].hero.health == 30 - 3 - 2


def test_southsea_deckhand_loses_charge_when_the_weapon_breaks():
    s = make_state(classes=("WARRIOR", "MAGE"), hands=(["Southsea Deckhand"], []))
    s.players[0].weapon = Weapon(card_db().get("Fiery War Axe"), s.new_uid())
    s.players[0].weapon.durability = 1
    s._legal = None
    play(s, "Southsea Deckhand")
    deck = minion(s, 0, "Southsea Deckhand")
    assert deck.can_attack()
    attack(s, "own hero", "enemy hero")
    assert s.players[0].weapon is None and not deck.can_attack()


# Triggers

def test_emperor_cobra_destroys_minions_it_damages():
    s = make_state(boards=(["Emperor Cobra"], ["Boulderfist Ogre"]))
    attack(s, minion(s, 0, "Emperor Cobra"), minion(s, 1, "Boulderfist Ogre"))
    assert s.players[1].board == [] and s.players[0].board == []


def test_emperor_cobra_poisons_when_attacked_but_not_through_divine_shield():
    s = make_state(boards=(["Boulderfist Ogre", "Argent Squire"], ["Emperor Cobra"]))
    attack(s, minion(s, 0, "Argent Squire"), minion(s, 1, "Emperor Cobra"))
    assert len(s.players[0].board) == 2
    attack(s, minion(s, 0, "Boulderfist Ogre"), minion(s, 1, "Emperor Cobra"))
    assert names(s.players[0].board) == ["Argent Squire"] and s.players[1].board == []


def test_flesheating_ghoul_grows_whenever_any_minion_dies():
    s = make_state(hands=(["Arcane Explosion", "Frostbolt"], []), boards=(["Flesheating Ghoul", "Wisp"], ["Wisp", "Wisp"]))
    play(s, "Arcane Explosion")
    assert minion(s, 0, "Flesheating Ghoul").attack == 4
    play(s, "Frostbolt", minion(s, 0, "Wisp"))  # friendly deaths count too
    assert minion(s, 0, "Flesheating Ghoul").attack == 5


def test_gadgetzan_auctioneer_draws_per_spell():
    s = make_state(hands=(["Frostbolt", "Frostbolt"], ["Frostbolt"]), boards=(["Gadgetzan Auctioneer"], []))
    play(s, "Frostbolt", "enemy hero")
    play(s, "Frostbolt", "enemy hero")
    assert len(s.players[0].hand) == 2


def test_imp_master_hurts_itself_and_summons_an_imp():
    s = make_state(boards=(["Imp Master", "Wisp"], []))
    end_turn(s)
    assert names(s.players[0].board) == ["Imp Master", "Imp", "Wisp"]
    assert minion(s, 0, "Imp Master").health == 4


def test_imp_master_at_one_health_still_summons():
    s = make_state(boards=(["Imp Master"], []))
    minion(s, 0, "Imp Master").damage = 4
    end_turn(s)
    assert names(s.players[0].board) == ["Imp"]


def test_lightwarden_grows_whenever_any_character_is_healed():
    s = make_state(hands=(["Earthen Ring Farseer", "Voodoo Doctor"], []), boards=(["Lightwarden", "Wisp"], ["Chillwind Yeti"]))
    play(s, "Earthen Ring Farseer", "own hero")  # undamaged: nothing healed
    assert minion(s, 0, "Lightwarden").attack == 1
    minion(s, 1, "Chillwind Yeti").damage = 1
    s.players[0].hero.damage = 3
    play(s, "Voodoo Doctor", minion(s, 1, "Chillwind Yeti"))
    assert minion(s, 0, "Lightwarden").attack == 3
    end_turn(s)
    s.players[1].hand = [card_db().get("Voodoo Doctor")]
    s.players[1].mana = 10
    s._legal = None
    play(s, "Voodoo Doctor", 8)  # the enemy heals my hero: still a heal
    assert minion(s, 0, "Lightwarden").attack == 5


def test_mana_addict_gains_two_attack_this_turn_per_spell():
    s = make_state(hands=(["Frostbolt", "Frostbolt"], []), boards=(["Mana Addict"], []))
    play(s, "Frostbolt", "enemy hero")
    play(s, "Frostbolt", "enemy hero")
    assert minion(s, 0, "Mana Addict").attack == 5
    end_turn(s)
    assert minion(s, 0, "Mana Addict").attack == 1


def test_master_swordsmith_gives_another_friendly_minion_attack():
    s = make_state(boards=(["Master Swordsmith", "Wisp"], ["Wisp"]))
    end_turn(s)
    assert minion(s, 0, "Wisp").attack == 2 and minion(s, 0, "Master Swordsmith").attack == 1
    assert minion(s, 1, "Wisp").attack == 1


def test_murloc_tidecaller_grows_for_murlocs_on_both_sides_and_tokens():
    s = make_state(hands=(["Murloc Tidehunter", "Wisp"], ["Murloc Raider"]), boards=(["Murloc Tidecaller"], []))
    play(s, "Murloc Tidehunter")  # Tidehunter + Murloc Scout
    play(s, "Wisp")
    assert minion(s, 0, "Murloc Tidecaller").attack == 3
    end_turn(s)
    s.players[1].mana = 10
    play(s, "Murloc Raider")
    assert minion(s, 0, "Murloc Tidecaller").attack == 4


def test_questing_adventurer_grows_for_each_other_card_played():
    s = make_state(hands=(["Questing Adventurer", "Wisp", "Frostbolt"], ["Wisp"]))
    play(s, "Questing Adventurer")
    qa = minion(s, 0, "Questing Adventurer")
    assert stats(qa) == (2, 2)  # not for itself
    play(s, "Wisp")
    play(s, "Frostbolt", "enemy hero")
    assert stats(qa) == (4, 4)
    end_turn(s)
    s.players[1].mana = 10
    play(s, "Wisp")  # the opponent's cards do not count
    assert stats(qa) == (4, 4)


def test_questing_adventurer_does_not_count_the_coin_of_the_opponent_or_hero_power():
    s = make_state(hands=(["GAME_005"], []), boards=(["Questing Adventurer"], []))
    hero_power(s, "enemy hero")
    assert stats(minion(s, 0, "Questing Adventurer")) == (2, 2)
    play(s, "GAME_005")
    assert stats(minion(s, 0, "Questing Adventurer")) == (3, 3)


def test_secretkeeper_grows_for_secrets_of_both_players():
    # The "card_played" event as HearthstoneState._play fires it, so the test does not depend on the secrets.
    secret = next(c for c in card_db().collectible() if "SECRET" in c.mechanics)
    s = make_state(hands=(["Frostbolt"], []), boards=(["Secretkeeper"], []))
    mech.fire(s, "card_played", 0, secret)
    mech.fire(s, "card_played", 1, secret)
    play(s, "Frostbolt", "enemy hero")
    assert stats(minion(s, 0, "Secretkeeper")) == (3, 4)


def test_violet_teacher_summons_apprentices_before_the_spell_resolves():
    s = make_state(hands=(["Arcane Explosion"], []), boards=(["Violet Teacher"], ["Wisp"]))
    play(s, "Arcane Explosion")
    assert names(s.players[0].board) == ["Violet Teacher", "Violet Apprentice"]
    s = make_state(hands=(["Flamestrike"], []), boards=(["Violet Teacher"], []))
    play(s, "Flamestrike")
    assert len(s.players[0].board) == 2  # Flamestrike hits enemies only


def test_wild_pyromancer_damages_all_minions_after_a_spell():
    s = make_state(hands=(["Frostbolt"], []), boards=(["Wild Pyromancer", "Wisp"], ["Chillwind Yeti"]))
    play(s, "Frostbolt", "enemy hero")
    assert names(s.players[0].board) == ["Wild Pyromancer"]
    assert minion(s, 0, "Wild Pyromancer").health == 1 and minion(s, 1, "Chillwind Yeti").health == 4


def test_wild_pyromancer_killed_by_the_spell_does_not_trigger():
    # Its owner's spell kills it: deaths resolve before "after you cast a spell".
    s = make_state(hands=(["Frostbolt"], []), boards=(["Wild Pyromancer", "Chillwind Yeti"], []))
    play(s, "Frostbolt", minion(s, 0, "Wild Pyromancer"))
    assert names(s.players[0].board) == ["Chillwind Yeti"] and minion(s, 0, "Chillwind Yeti").health == 5


def test_wild_pyromancer_and_flamestrike():
    s = make_state(hands=(["Flamestrike"], []), boards=(["Wild Pyromancer", "Chillwind Yeti"], ["Wild Pyromancer"]))
    play(s, "Flamestrike")
    assert s.players[1].board == []  # the enemy Pyromancer: killed, and not its owner's spell anyway
    assert minion(s, 0, "Wild Pyromancer").health == 1 and minion(s, 0, "Chillwind Yeti").health == 4


def test_wild_pyromancer_not_triggered_by_the_opponents_spells():
    s = make_state(hands=(["Frostbolt"], []), boards=((), ["Wild Pyromancer", "Chillwind Yeti"]))
    play(s, "Frostbolt", "enemy hero")
    assert minion(s, 1, "Chillwind Yeti").health == 5


def test_faceless_manipulator_copying_a_murloc_grows_murloc_tidecaller():
    """The copy gets one more "whenever summoned" phase as the Murloc it became, after the After Summon phase
    (Hearthstone Wiki, Transformation)."""
    s = make_state(hands=(["Faceless Manipulator"], []), boards=(["Murloc Tidecaller"], ["Murloc Raider"]))
    play(s, "Faceless Manipulator", minion(s, 1, "Murloc Raider"))
    assert minion(s, 0, "Murloc Tidecaller").attack == 2
    s = make_state(hands=(["Faceless Manipulator"], []), boards=(["Murloc Tidecaller"], ["Chillwind Yeti"]))
    play(s, "Faceless Manipulator", minion(s, 1, "Chillwind Yeti"))
    assert minion(s, 0, "Murloc Tidecaller").attack == 1


def test_alarm_o_bot_swaps_with_a_minion_from_hand():
    s = make_state(hands=((), []), boards=((), ["Wisp", "Alarm-o-Bot", "Wisp"]))
    s.players[1].hand = [card_db().get("Boulderfist Ogre"), card_db().get("Fireball")]
    s.players[1].deck = [card_db().get("Fireball")] * 5
    end_turn(s)
    assert names(s.players[1].board) == ["Wisp", "Boulderfist Ogre", "Wisp"]
    assert sorted(c.name for c in s.players[1].hand) == ["Alarm-o-Bot", "Fireball", "Fireball"]


def test_alarm_o_bot_stays_without_minions_in_hand():
    s = make_state(boards=((), ["Alarm-o-Bot"]))
    s.players[1].hand = [card_db().get("Fireball")]
    s.players[1].deck = [card_db().get("Fireball")] * 5
    end_turn(s)
    assert names(s.players[1].board) == ["Alarm-o-Bot"]


def test_alarm_o_bot_ignores_a_minion_nat_pagle_draws_first():
    """Alarm-o-Bot queues only if its controller holds a minion as the turn starts (Hearthstone Wiki): a minion
    that an earlier Nat Pagle draws at that start is not swapped in."""
    drawn = 0
    for seed in range(20):
        s = make_state(boards=((), ["Nat Pagle", "Alarm-o-Bot"]), seed=seed)
        s.players[1].hand = []
        s.players[1].deck = [card_db().get("Chillwind Yeti")] * 5
        end_turn(s)
        assert names(s.players[1].board) == ["Nat Pagle", "Alarm-o-Bot"]
        drawn += len(s.players[1].hand) == 2  # Nat Pagle's extra card came
    assert drawn > 0


def test_alarm_o_bot_keeps_its_queuing_condition_under_conceal():
    """Conceal adds a start-of-turn trigger to the minion; the merged trigger still queues Alarm-o-Bot's part only
    when a minion was in hand as the turn started."""
    drawn = 0
    for seed in range(20):
        s = make_state(("ROGUE", "MAGE"), hands=(["Conceal"], []), boards=(["Nat Pagle", "Alarm-o-Bot"], []),
                       seed=seed)
        s.players[0].deck = [card_db().get("Chillwind Yeti")] * 5
        play(s, "Conceal")
        end_turn(s)
        end_turn(s)
        assert names(s.players[0].board) == ["Nat Pagle", "Alarm-o-Bot"]
        assert not any(m.stealth for m in s.players[0].board)  # Conceal's own part still ran
        drawn += len(s.players[0].hand) == 2
    assert drawn > 0


def test_faceless_manipulator_copying_a_faceless_manipulator_gets_the_extra_summon_phase():
    """A self-transform into the same card is still a transform: Warsong Commander's Charge, wiped by the copy,
    comes back in the extra "whenever summoned" phase."""
    s = make_state(("WARRIOR", "MAGE"), hands=(["Faceless Manipulator"], []),
                   boards=(["Warsong Commander"], ["Faceless Manipulator"]))
    play(s, "Faceless Manipulator", minion(s, 1, "Faceless Manipulator"))
    copy = minion(s, 0, "Faceless Manipulator")
    assert copy.charge and copy.can_attack()


def test_cult_master_dying_with_other_minions_draws_nothing():
    # Deaths are simultaneous: the Cult Master is gone when the others' deaths are announced.
    s = make_state(hands=(["Flamestrike"], []), boards=((), ["Cult Master", "Bloodfen Raptor", "Wisp"]))
    hand = len(s.players[1].hand)
    play(s, "Flamestrike")
    assert s.players[1].board == [] and len(s.players[1].hand) == hand


def test_cult_master_surviving_draws_for_each_friendly_death():
    s = make_state(hands=(["Arcane Explosion"], []), boards=((), ["Cult Master", "Wisp", "Wisp"]))
    hand = len(s.players[1].hand)
    play(s, "Arcane Explosion")
    assert names(s.players[1].board) == ["Cult Master"] and len(s.players[1].hand) == hand + 2


def test_knife_juggler_with_imp_master_and_violet_teacher():
    s = make_state(hands=(["Frostbolt"], []), boards=(["Knife Juggler", "Imp Master", "Violet Teacher"], []))
    play(s, "Frostbolt", "enemy hero")  # Violet Apprentice: a knife
    assert s.players[1].hero.health == 30 - 3 - 1
    end_turn(s)  # Imp: a knife
    assert s.players[1].hero.health == 30 - 3 - 2


def test_spiteful_smith_enraged_gives_the_weapon_two_attack():
    s = make_state(classes=("WARRIOR", "MAGE"), hands=(["Fiery War Axe", "Earthen Ring Farseer"], []),
                   boards=(["Spiteful Smith"], []))
    smith = minion(s, 0, "Spiteful Smith")
    play(s, "Fiery War Axe")
    assert s.players[0].weapon.attack == 3
    mech.deal_damage(s, smith, 1)
    assert s.players[0].weapon.attack == 5
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 25
    play(s, "Earthen Ring Farseer", smith)  # healed: no longer enraged
    assert s.players[0].weapon.attack == 3


def test_spiteful_smith_bonus_goes_to_a_new_weapon_and_ends_with_silence_or_death():
    s = make_state(classes=("WARRIOR", "MAGE"), hands=(["Fiery War Axe", "Ironbeak Owl"], []),
                   boards=(["Spiteful Smith"], []))
    smith = minion(s, 0, "Spiteful Smith")
    smith.damage = 1
    play(s, "Fiery War Axe")  # equipped while the Smith is enraged
    assert s.players[0].weapon.attack == 5
    copy = s.clone()
    play(s, "Ironbeak Owl", smith)
    assert s.players[0].weapon.attack == 3
    from cardlab.engine.hearthstone.state import HearthstoneState

    back = HearthstoneState.from_dict(copy.to_dict())
    assert back.players[0].weapon.attack == 5 and back.to_dict() == copy.to_dict()
    mech.deal_damage(copy, minion(copy, 0, "Spiteful Smith"), 10)
    mech.resolve_deaths(copy)
    assert copy.players[0].weapon.attack == 3
