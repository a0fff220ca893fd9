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


# ---------------------------------------------------------------- Classic


def test_conceal_gives_stealth_until_your_next_turn():
    s = make_state(ROGUES, hands=(["Conceal"], []), boards=(["Chillwind Yeti", "Worgen Infiltrator"], ["Wisp"]))
    play(s, "Conceal")
    yeti, worgen = s.players[0].board
    assert yeti.stealth and worgen.stealth
    end_turn(s)
    assert all(a[2] == 8 for a in s.legal_actions() if a[0] == 2)  # only the hero can be attacked
    end_turn(s)
    assert not yeti.stealth and worgen.stealth  # the Infiltrator keeps its own Stealth
    assert yeti.enchants == ()


def test_conceal_on_a_minion_that_lost_its_own_stealth_lasts_one_turn():
    s = make_state(ROGUES, hands=(["Conceal"], []), boards=(["Patient Assassin"], ["Boulderfist Ogre"]))
    assassin = minion(s, 0, "Patient Assassin")
    attack(s, assassin, "enemy hero")
    assert not assassin.stealth
    play(s, "Conceal")
    assert assassin.stealth
    end_turn(s)
    end_turn(s)
    assert not assassin.stealth


def test_a_stealthed_minion_that_deals_damage_loses_stealth():
    s = make_state(ROGUES, hands=(["Conceal", "Wisp"], []), boards=(["Knife Juggler"], []))
    play(s, "Conceal")
    juggler = minion(s, 0, "Knife Juggler")
    assert juggler.stealth
    play(s, "Wisp")  # the Juggler throws a knife: damage dealt in any way reveals it
    assert s.players[1].hero.health == 29 and not juggler.stealth


def test_betrayal_target_hits_its_neighbours():
    s = make_state(ROGUES, hands=(["Betrayal"], []), boards=((), ["Wisp", "Boulderfist Ogre", "Chillwind Yeti"]))
    play(s, "Betrayal", minion(s, 1, "Boulderfist Ogre"))
    assert [(m.card.name, m.health) for m in s.players[1].board] == [("Boulderfist Ogre", 7)]


def test_betrayal_with_patient_assassin_poison():
    s = make_state(ROGUES, hands=(["Betrayal"], []), boards=((), ["Patient Assassin", "Boulderfist Ogre"]))
    s.players[1].board[0].stealth = False
    s._legal = None
    play(s, "Betrayal", minion(s, 1, "Patient Assassin"))
    assert [m.card.name for m in s.players[1].board] == ["Patient Assassin"]


def test_blade_flurry_destroys_weapon_and_hits_all_enemies():
    s = make_state(ROGUES, hands=(["Blade Flurry"], []), boards=(["Kobold Geomancer"], ["Chillwind Yeti", "Wisp"]))
    assert not can_play(s, "Blade Flurry")
    hero_power(s)
    play(s, "Blade Flurry")
    assert s.players[0].weapon is None
    assert s.players[1].hero.health == 28 and [m.health for m in s.players[1].board] == [3]
    assert s.players[0].hero.health == 30


def test_patient_assassin_destroys_what_it_damages():
    s = make_state(ROGUES, hands=(["Patient Assassin"], []), boards=((), ["Boulderfist Ogre", "Argent Squire"]))
    play(s, "Patient Assassin")
    pa = minion(s, 0, "Patient Assassin")
    assert pa.stealth
    pa.exhausted = False
    pa.hp_buff = 5  # survives the trade
    s._legal = None
    attack(s, pa, minion(s, 1, "Argent Squire"))  # the shield absorbs it: no damage, nothing destroyed
    assert len(s.players[1].board) == 2
    end_turn(s)
    end_turn(s)
    attack(s, minion(s, 0, "Patient Assassin"), minion(s, 1, "Boulderfist Ogre"))
    assert [m.card.name for m in s.players[1].board] == ["Argent Squire"]


def test_edwin_vancleef_grows_per_card_played_before():
    s = make_state(ROGUES, hands=(["Edwin VanCleef", "Backstab", "Wisp", "Edwin VanCleef"], []))
    play(s, "Edwin VanCleef")
    assert (s.players[0].board[0].attack, s.players[0].board[0].health) == (2, 2)
    s.players[0].hand = [c for c in s.players[0].hand if c.name != "Backstab"]
    play(s, "Wisp")
    play(s, "Edwin VanCleef")
    assert (s.players[0].board[-1].attack, s.players[0].board[-1].health) == (2 + 4, 2 + 4)


def test_headcrack_combo_returns_next_turn():
    s = make_state(ROGUES, hands=(["Headcrack", "Wisp", "Headcrack"], []))
    play(s, "Headcrack")
    assert s.players[1].hero.health == 28
    play(s, "Wisp")
    play(s, "Headcrack")
    assert s.players[1].hero.health == 26 and s.players[0].hand == []
    end_turn(s)
    assert s.players[0].hand == []
    end_turn(s)
    assert sorted(c.name for c in s.players[0].hand) == ["Chillwind Yeti", "Headcrack"]
    assert s.players[0].effects == ()
    assert [c.name for c in s.players[0].known_hand] == ["Headcrack"]  # the opponent saw it come back


def test_headcrack_player_effect_survives_serialisation_and_clone():
    from cardlab.engine.hearthstone.state import HearthstoneState

    s = make_state(ROGUES, hands=(["Wisp", "Headcrack"], []))
    play(s, "Wisp")
    play(s, "Headcrack")
    s2 = HearthstoneState.from_dict(s.to_dict())
    c = s.clone()
    for t in (s2, c):
        end_turn(t)
        end_turn(t)
        assert "Headcrack" in [card.name for card in t.players[0].hand]


def test_perditions_blade_one_damage_or_two_with_combo():
    s = make_state(ROGUES, hands=(["Perdition's Blade", "Perdition's Blade"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Perdition's Blade", "enemy hero")
    assert s.players[1].hero.health == 29 and s.players[0].weapon.card.name == "Perdition's Blade"
    play(s, "Perdition's Blade", "enemy hero")
    assert s.players[1].hero.health == 27


def test_master_of_disguise_gives_stealth():
    s = make_state(ROGUES, hands=(["Master of Disguise"], []), boards=(["Chillwind Yeti"], []))
    play(s, "Master of Disguise", minion(s, 0, "Chillwind Yeti"))
    assert minion(s, 0, "Chillwind Yeti").stealth and not minion(s, 0, "Master of Disguise").stealth


def test_kidnapper_combo_returns_a_minion():
    s = make_state(ROGUES, hands=(["Kidnapper", "Wisp", "Kidnapper"], []), boards=((), ["Chillwind Yeti"]))
    assert all(a[3] == -1 for a in s.legal_actions() if a[0] == 1 and a[1] == 0)
    play(s, "Wisp")
    play(s, "Kidnapper", minion(s, 1, "Chillwind Yeti"))
    assert s.players[1].board == [] and [c.name for c in s.players[1].hand] == ["Chillwind Yeti"]


def test_vanish_returns_all_minions():
    s = make_state(ROGUES, hands=(["Vanish"], []), boards=(["Wisp"], ["Chillwind Yeti", "Bloodfen Raptor"]))
    play(s, "Vanish")
    assert s.players[0].board == [] and s.players[1].board == []
    assert [c.name for c in s.players[0].hand] == ["Wisp"]
    assert sorted(c.name for c in s.players[1].hand) == ["Bloodfen Raptor", "Chillwind Yeti"]


def test_shadowstep_returns_a_friendly_minion_costing_two_less():
    s = make_state(ROGUES, hands=(["Shadowstep"], []), boards=(["Chillwind Yeti"], ["Wisp"]), mana=2)
    yeti = minion(s, 0, "Chillwind Yeti")
    yeti.damage = 3
    assert not can_play(s, "Shadowstep", minion(s, 1, "Wisp"))
    play(s, "Shadowstep", yeti)
    (card,) = s.players[0].hand
    assert card.name == "Chillwind Yeti" and s.cost(0, card) == 2
    play(s, "Chillwind Yeti")
    assert minion(s, 0, "Chillwind Yeti").health == 5 and s.players[0].mana == 0
    from cardlab.engine.hearthstone.state import HearthstoneState

    s2 = make_state(ROGUES, hands=(["Shadowstep"], []), boards=(["Wisp"], []))
    play(s2, "Shadowstep", minion(s2, 0, "Wisp"))
    back = HearthstoneState.from_dict(s2.to_dict())
    assert back.cost(0, back.players[0].hand[0]) == 0


def test_preparation_makes_the_next_spell_this_turn_cost_three_less():
    s = make_state(ROGUES, hands=(["Preparation", "Sprint", "Assassinate"], []), mana=7)
    play(s, "Preparation")
    sprint = next(c for c in s.players[0].hand if c.name == "Sprint")
    assert s.cost(0, sprint) == 4
    play(s, "Sprint")
    assert s.players[0].mana == 3
    assassinate = next(c for c in s.players[0].hand if c.name == "Assassinate")
    assert s.cost(0, assassinate) == 5  # only the next spell


def test_preparation_ends_with_the_turn():
    s = make_state(ROGUES, hands=(["Preparation", "Sprint"], []))
    play(s, "Preparation")
    end_turn(s)
    end_turn(s)
    sprint = next(c for c in s.players[0].hand if c.name == "Sprint")
    assert s.cost(0, sprint) == 7


# ---------------------------------------------------------------- returns to a full hand, replayed cost-changed cards


def test_sap_into_a_full_hand_destroys_the_minion_and_its_deathrattle_happens():
    s = make_state(ROGUES, hands=(["Sap"], ["Wisp"] * 10), boards=((), ["Harvest Golem"]))
    play(s, "Sap", minion(s, 1, "Harvest Golem"))
    assert [m.card.name for m in s.players[1].board] == ["Damaged Golem"] and len(s.players[1].hand) == 10


def test_vanish_destroys_the_minions_a_full_hand_cannot_take():
    s = make_state(ROGUES, hands=(["Vanish"], ["Wisp"] * 10), boards=(["Chillwind Yeti"], ["Leper Gnome"]))
    play(s, "Vanish")
    assert s.players[0].board == [] and s.players[1].board == []
    assert [c.name for c in s.players[0].hand] == ["Chillwind Yeti"]
    assert len(s.players[1].hand) == 10 and s.players[0].hero.health == 28  # the Gnome died: its Deathrattle hit


def test_a_shadowstepped_questing_adventurer_does_not_count_its_own_play():
    s = make_state(ROGUES, hands=(["Shadowstep"], []), boards=(["Questing Adventurer"], []))
    play(s, "Shadowstep", minion(s, 0, "Questing Adventurer"))
    play(s, "Questing Adventurer")
    qa = minion(s, 0, "Questing Adventurer")
    assert (qa.attack, qa.health) == (2, 2)


def test_a_shadowstepped_illidan_summons_no_flame_for_itself():
    s = make_state(ROGUES, hands=(["Shadowstep"], []), boards=(["Illidan Stormrage"], []))
    play(s, "Shadowstep", minion(s, 0, "Illidan Stormrage"))  # Shadowstep is a card played: one Flame
    play(s, "Illidan Stormrage")
    assert [m.card.name for m in s.players[0].board].count("Flame of Azzinoth") == 1


def test_alarm_o_bot_puts_a_shadowstepped_minion_into_play_at_its_printed_cost():
    from cardlab.engine.hearthstone import card_db

    s = make_state(ROGUES, hands=(["Shadowstep"], []), boards=(["Boulderfist Ogre", "Alarm-o-Bot"], []))
    play(s, "Shadowstep", minion(s, 0, "Boulderfist Ogre"))
    end_turn(s)
    end_turn(s)  # Alarm-o-Bot swaps itself with the Ogre
    ogre = minion(s, 0, "Boulderfist Ogre")
    s.players[0].hand.append(card_db().get("Youthful Brewmaster"))
    s._legal = None
    play(s, "Youthful Brewmaster", ogre)
    (back,) = [c for c in s.players[0].hand if c.name == "Boulderfist Ogre"]
    assert s.cost(0, back) == 6


def test_perditions_blade_battlecry_may_target_an_elusive_faerie_dragon():
    s = make_state(ROGUES, hands=(["Perdition's Blade", "Moonfire"], []), boards=((), ["Faerie Dragon"]))
    dragon = minion(s, 1, "Faerie Dragon")
    assert can_play(s, "Perdition's Blade", dragon)  # a weapon's Battlecry is not a spell
    assert not can_play(s, "Moonfire", dragon)
    play(s, "Perdition's Blade", dragon)
    assert dragon.damage == 1
