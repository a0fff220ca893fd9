"""Classic neutral cards that exercise Enrage, Silence, Deathrattle, Stealth, Divine Shield,
triggers, adjacency auras and "can't attack" (engine/hearthstone/cards/neutral_classic.py)."""

import pytest

from cardlab.engine.hearthstone import card_db
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
