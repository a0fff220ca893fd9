"""Every Basic Shaman card, Totemic Call and its four totems, and the Classic Overload cards."""

import pytest

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone.state import PLAY
from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play

SHAMAN = ("SHAMAN", "SHAMAN")
TOTEMS = ["Healing Totem", "Searing Totem", "Stoneclaw Totem", "Wrath of Air Totem"]
# Tokens are looked up by id.
TOTEM_ID = {"Healing Totem": "VAN_NEW1_009", "Searing Totem": "VAN_CS2_050", "Stoneclaw Totem": "VAN_CS2_051",
            "Wrath of Air Totem": "VAN_CS2_052"}
SEARING, STONECLAW, WRATH, HEALING = (TOTEM_ID[n] for n in ("Searing Totem", "Stoneclaw Totem", "Wrath of Air Totem", "Healing Totem"))


def shaman_state(**kw):
    return make_state(classes=SHAMAN, **kw)


# ---------------------------------------------------------------- Basic cards

def test_frost_shock_damages_and_freezes_enemy():
    s = shaman_state(hands=(["Frost Shock"], []), boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    assert not can_play(s, "Frost Shock", "own hero")
    assert not can_play(s, "Frost Shock", minion(s, 0, "Bloodfen Raptor"))
    play(s, "Frost Shock", yeti)
    assert yeti.health == 4 and yeti.frozen


def test_frost_shock_on_enemy_hero():
    s = shaman_state(hands=(["Frost Shock"], []))
    play(s, "Frost Shock", "enemy hero")
    assert s.players[1].hero.health == 29 and s.players[1].hero.frozen


def test_windfury_lets_a_minion_attack_twice():
    s = shaman_state(hands=(["Windfury"], []), boards=(["Bloodfen Raptor"], []))
    raptor = minion(s, 0, "Bloodfen Raptor")
    play(s, "Windfury", raptor)
    assert raptor.windfury
    attack(s, raptor, "enemy hero")
    attack(s, raptor, "enemy hero")
    assert s.players[1].hero.health == 24
    assert not raptor.can_attack()


def test_windfury_needs_a_minion():
    s = shaman_state(hands=(["Windfury"], []))
    assert not can_play(s, "Windfury")


def test_ancestral_healing_restores_full_health_and_taunt():
    s = shaman_state(hands=(["Ancestral Healing"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    yeti.damage = 4
    play(s, "Ancestral Healing", yeti)
    assert yeti.health == 5 and yeti.taunt


def test_ancestral_healing_cannot_target_heroes():
    s = shaman_state(hands=(["Ancestral Healing"], []))
    s.players[0].hero.damage = 5
    assert not can_play(s, "Ancestral Healing")


def test_fire_elemental_battlecry_deals_three():
    s = shaman_state(hands=(["Fire Elemental"], []), boards=((), ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    play(s, "Fire Elemental", yeti)
    assert yeti.health == 2
    fe = minion(s, 0, "Fire Elemental")
    assert (fe.attack, fe.health) == (6, 5)


def test_fire_elemental_battlecry_gets_no_spell_damage():
    s = shaman_state(hands=(["Fire Elemental"], []), boards=([WRATH], []))
    play(s, "Fire Elemental", "enemy hero")
    assert s.players[1].hero.health == 27


def test_rockbiter_weapon_on_hero_this_turn_only():
    s = shaman_state(hands=(["Rockbiter Weapon"], []))
    play(s, "Rockbiter Weapon", "own hero")
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 27
    end_turn(s)
    assert s.players[0].hero_attack() == 0


def test_rockbiter_weapon_on_minion_this_turn_only():
    s = shaman_state(hands=(["Rockbiter Weapon"], []), boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    raptor = minion(s, 0, "Bloodfen Raptor")
    assert not can_play(s, "Rockbiter Weapon", minion(s, 1, "Chillwind Yeti"))
    assert not can_play(s, "Rockbiter Weapon", "enemy hero")
    play(s, "Rockbiter Weapon", raptor)
    assert raptor.attack == 6
    end_turn(s)
    assert raptor.attack == 3


def test_bloodlust_gives_your_minions_three_attack_this_turn():
    s = shaman_state(hands=(["Bloodlust"], []), boards=(["Bloodfen Raptor", "Wisp"], ["Chillwind Yeti"]))
    play(s, "Bloodlust")
    assert [m.attack for m in s.players[0].board] == [6, 4]
    assert minion(s, 1, "Chillwind Yeti").attack == 4
    end_turn(s)
    assert [m.attack for m in s.players[0].board] == [3, 1]


def test_totemic_might_buffs_only_totems():
    s = shaman_state(hands=(["Totemic Might"], []), boards=([SEARING, "Bloodfen Raptor", "Flametongue Totem"], []))
    play(s, "Totemic Might")
    assert minion(s, 0, "Searing Totem").health == 3
    assert minion(s, 0, "Flametongue Totem").health == 5
    assert minion(s, 0, "Bloodfen Raptor").health == 2


def test_hex_turns_minion_into_taunt_frog():
    s = shaman_state(hands=(["Hex"], []), boards=((), ["Boulderfist Ogre"]))
    play(s, "Hex", minion(s, 1, "Boulderfist Ogre"))
    frog = s.players[1].board[0]
    assert (frog.card.name, frog.attack, frog.health, frog.taunt) == ("Frog", 0, 1, True)


def test_hex_needs_a_minion():
    s = shaman_state(hands=(["Hex"], []))
    assert not can_play(s, "Hex")


def test_flametongue_totem_buffs_adjacent_minions():
    s = shaman_state(hands=(["Flametongue Totem"], []), boards=(["Wisp", "Bloodfen Raptor", "River Crocolisk"], []))
    positions = {a[2] for a in s.legal_actions() if a[0] == PLAY and a[1] == 0}
    assert positions == {0, 1, 2, 3}
    play(s, "Flametongue Totem", position=1)
    assert [m.card.name for m in s.players[0].board] == ["Wisp", "Flametongue Totem", "Bloodfen Raptor", "River Crocolisk"]
    assert [m.attack for m in s.players[0].board] == [3, 0, 5, 2]


def test_flametongue_aura_follows_the_board():
    s = shaman_state(boards=(["Wisp", "Flametongue Totem", "Bloodfen Raptor"], ["Wisp"]))
    assert [m.attack for m in s.players[0].board] == [3, 0, 5]
    attack(s, minion(s, 0, "Wisp"), minion(s, 1, "Wisp"))  # both wisps die
    assert [m.attack for m in s.players[0].board] == [0, 5]
    assert s.players[1].board == []


def test_windspeaker_gives_friendly_minion_windfury():
    s = shaman_state(hands=(["Windspeaker"], []), boards=(["Bloodfen Raptor"], ["Chillwind Yeti"]))
    raptor = minion(s, 0, "Bloodfen Raptor")
    assert not can_play(s, "Windspeaker", minion(s, 1, "Chillwind Yeti"))
    play(s, "Windspeaker", raptor)
    assert raptor.windfury
    assert not minion(s, 0, "Windspeaker").windfury


def test_windspeaker_playable_without_target():
    s = shaman_state(hands=(["Windspeaker"], []))
    play(s, "Windspeaker")
    assert minion(s, 0, "Windspeaker").health == 3


# ---------------------------------------------------------------- Totemic Call and the totems

@pytest.mark.parametrize("missing", TOTEMS)
def test_totemic_call_summons_the_missing_totem(missing):
    others = [TOTEM_ID[t] for t in TOTEMS if t != missing]
    s = shaman_state(boards=(others, []))
    hero_power(s)
    assert s.players[0].mana == 8
    assert sorted(m.card.name for m in s.players[0].board) == TOTEMS


def test_totemic_call_never_duplicates_a_totem():
    for seed in range(8):
        s = shaman_state(seed=seed)
        names = []
        for _ in range(4):
            hero_power(s)
            names = [m.card.name for m in s.players[0].board]
            s.players[0].hero_power_used = False
            s._legal = None
        assert sorted(names) == TOTEMS
        assert not any(a[0] == 3 for a in s.legal_actions())  # all four out: no hero power


def test_totemic_call_needs_board_space():
    s = shaman_state(boards=(["Wisp"] * 7, []))
    assert not any(a[0] == 3 for a in s.legal_actions())


def test_searing_totem_is_a_1_1():
    s = shaman_state(boards=([STONECLAW, HEALING, WRATH], []))
    hero_power(s)
    t = minion(s, 0, "Searing Totem")
    assert (t.attack, t.health, t.card.race) == (1, 1, "TOTEM")
    assert not t.can_attack()  # summoning sick


def test_stoneclaw_totem_has_taunt():
    s = shaman_state(boards=([SEARING, HEALING, WRATH], ["Bloodfen Raptor"]))
    hero_power(s)
    t = minion(s, 0, "Stoneclaw Totem")
    assert (t.attack, t.health, t.taunt) == (0, 2, True)
    end_turn(s)
    assert {a[2] for a in s.legal_actions() if a[0] == 2} == {8 + s.players[0].board.index(t) + 1}


def test_wrath_of_air_totem_gives_spell_damage():
    s = shaman_state(hands=(["Lightning Bolt"], []), boards=([SEARING, HEALING, STONECLAW], []))
    hero_power(s)
    assert minion(s, 0, "Wrath of Air Totem").spell_damage == 1
    play(s, "Lightning Bolt", "enemy hero")
    assert s.players[1].hero.health == 26


def test_healing_totem_heals_friendly_minions_at_end_of_turn():
    s = shaman_state(boards=([SEARING, "Chillwind Yeti", STONECLAW, WRATH], ["Chillwind Yeti"]))
    own = minion(s, 0, "Chillwind Yeti")
    foe = minion(s, 1, "Chillwind Yeti")
    own.damage = foe.damage = 3
    s.players[0].hero.damage = 5
    hero_power(s)  # the only missing totem: Healing Totem
    assert minion(s, 0, "Healing Totem").health == 2
    end_turn(s)
    assert own.damage == 2 and foe.damage == 3
    assert s.players[0].hero.damage == 5  # minions only
    end_turn(s)  # only at the end of its owner's turn
    assert own.damage == 2
    end_turn(s)
    assert own.damage == 1


# ---------------------------------------------------------------- Classic: Overload

def overload_after_round(s):
    """End our turn and the opponent's; return our mana at the start of our next turn."""
    end_turn(s)
    end_turn(s)
    return s.players[0].mana


def test_lightning_bolt_deals_three_and_overloads_one():
    s = shaman_state(hands=(["Lightning Bolt"], []), boards=((), ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    play(s, "Lightning Bolt", yeti)
    assert yeti.health == 2
    assert s.players[0].mana == 9 and s.players[0].overload_owed == 1
    end_turn(s)
    assert s.players[1].mana == 10  # the opponent is not overloaded
    end_turn(s)
    assert s.players[0].mana == 9 and s.players[0].overload_locked == 1
    assert overload_after_round(s) == 10  # only one turn locked


def test_lava_burst_deals_five_and_overloads_two():
    s = shaman_state(hands=(["Lava Burst"], []))
    play(s, "Lava Burst", "enemy hero")
    assert s.players[1].hero.health == 25
    assert overload_after_round(s) == 8


def test_overload_stacks():
    s = shaman_state(hands=(["Lightning Bolt", "Lava Burst"], []))
    play(s, "Lightning Bolt", "enemy hero")
    play(s, "Lava Burst", "enemy hero")
    assert s.players[1].hero.health == 22
    assert overload_after_round(s) == 7


def test_a_countered_overload_spell_owes_no_overload():
    """Hearthstone Wiki, Overload: it is charged only when the card is played successfully."""
    s = shaman_state(hands=(["Lightning Bolt"], []))
    s.players[1].secrets = (card_db().get("Counterspell"),)
    play(s, "Lightning Bolt", "enemy hero")
    assert s.players[1].hero.health == 30 and s.players[0].overload_owed == 0
    assert overload_after_round(s) == 10


def test_overload_beyond_the_crystals_eats_the_coin():
    """Hearthstone Wiki, Overload: two Dust Devils on turn 2 lock 4 of turn 3's 3 crystals, and The Coin then
    still leaves 0 mana; a second mana gained this turn is usable."""
    s = shaman_state(hands=(["Dust Devil", "Dust Devil"], []), mana=2)
    play(s, "Dust Devil")
    play(s, "Dust Devil")
    end_turn(s)
    end_turn(s)
    me = s.players[0]
    me.hand += [card_db().get("GAME_005"), card_db().get("GAME_005")]
    assert me.max_mana == 3 and me.mana == 0 and me.overload_locked == 4
    play(s, "GAME_005")
    assert me.mana == 0
    play(s, "GAME_005")
    assert me.mana == 1
    assert overload_after_round(s) == 4  # the next turn is free again


def test_overload_with_low_mana_crystals():
    s = shaman_state(hands=(["Lava Burst"], []), mana=3)
    play(s, "Lava Burst", "enemy hero")
    assert overload_after_round(s) == 2  # 4 crystals, 2 locked


def test_feral_spirit_summons_two_taunt_wolves_and_overloads_two():
    s = shaman_state(hands=(["Feral Spirit"], []))
    play(s, "Feral Spirit")
    assert [(m.card.name, m.attack, m.health, m.taunt) for m in s.players[0].board] == [("Spirit Wolf", 2, 3, True)] * 2
    assert overload_after_round(s) == 8


def test_feral_spirit_needs_board_space():
    s = shaman_state(hands=(["Feral Spirit"], []), boards=(["Wisp"] * 7, []))
    assert not can_play(s, "Feral Spirit")


def test_earth_elemental_taunt_and_overload_three():
    s = shaman_state(hands=(["Earth Elemental"], []))
    play(s, "Earth Elemental")
    ee = minion(s, 0, "Earth Elemental")
    assert (ee.attack, ee.health, ee.taunt) == (7, 8, True)
    assert overload_after_round(s) == 7


def test_dust_devil_windfury_and_overload_two():
    s = shaman_state(hands=(["Dust Devil"], []))
    play(s, "Dust Devil")
    dd = minion(s, 0, "Dust Devil")
    assert dd.windfury and not dd.can_attack()
    assert overload_after_round(s) == 8
    attack(s, dd, "enemy hero")
    attack(s, dd, "enemy hero")
    assert s.players[1].hero.health == 24


@pytest.mark.parametrize("name, amount", [("Stormforged Axe", 1), ("Doomhammer", 2)])
def test_overload_weapons(name, amount):
    s = shaman_state(hands=([name], []))
    play(s, name)
    assert s.players[0].weapon.card.name == name
    assert overload_after_round(s) == 10 - amount


def test_overload_state_survives_clone_and_serialisation():
    from cardlab.engine.hearthstone.state import HearthstoneState

    s = shaman_state(hands=(["Lightning Bolt"], []))
    play(s, "Lightning Bolt", "enemy hero")
    s2 = HearthstoneState.from_dict(s.clone().to_dict())
    assert overload_after_round(s2) == 9


# ---------------------------------------------------------------- Classic


def test_earth_shock_silences_then_damages():
    s = make_state(SHAMAN, hands=(["Earth Shock"], []), boards=((), ["Argent Squire", "Chillwind Yeti"]))
    play(s, "Earth Shock", minion(s, 1, "Argent Squire"))  # the shield is silenced first
    assert [m.card.name for m in s.players[1].board] == ["Chillwind Yeti"]


def test_earth_shock_on_a_buffed_minion_and_spell_damage():
    s = make_state(SHAMAN, hands=(["Earth Shock"], []), boards=(["Kobold Geomancer"], ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    yeti.hp_buff = 4
    play(s, "Earth Shock", yeti)
    assert (yeti.health, yeti.silenced) == (3, True)


def test_forked_lightning_hits_two_random_enemy_minions_and_overloads():
    s = make_state(SHAMAN, hands=(["Forked Lightning"], []), boards=((), ["Chillwind Yeti", "Chillwind Yeti", "Wisp"]))
    play(s, "Forked Lightning")
    damaged = [m for m in s.players[1].board if m.damage] + [None] * (3 - len(s.players[1].board))
    assert len(damaged) == 2
    assert s.players[0].overload_owed == 2
    assert not can_play(make_state(SHAMAN, hands=(["Forked Lightning"], []), boards=((), ["Wisp"])), "Forked Lightning")


def test_ancestral_spirit_resummons_a_fresh_copy():
    s = make_state(SHAMAN, hands=(["Ancestral Spirit", "Fireball"], []), boards=(["Wisp", "Chillwind Yeti", "Wisp"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    yeti.atk_buff = 3
    play(s, "Ancestral Spirit", yeti)
    yeti.damage = 5
    from cardlab.engine.hearthstone import mechanics as mech

    mech.resolve_deaths(s)
    names = [(m.card.name, m.attack, m.health) for m in s.players[0].board]
    assert names == [("Wisp", 1, 1), ("Chillwind Yeti", 4, 5), ("Wisp", 1, 1)]
    assert s.players[0].board[1] is not yeti and s.players[0].board[1].enchants == ()


def test_lightning_storm_two_or_three_to_each_enemy_minion():
    amounts = set()
    for seed in range(12):
        s = make_state(SHAMAN, hands=(["Lightning Storm"], []), boards=(["Wisp"], ["Boulderfist Ogre", "Boulderfist Ogre"]), seed=seed)
        play(s, "Lightning Storm")
        amounts.update(m.damage for m in s.players[1].board)
        assert s.players[0].overload_owed == 2 and minion(s, 0, "Wisp").damage == 0
        assert s.players[1].hero.health == 30
    assert amounts == {2, 3}
    s = make_state(SHAMAN, hands=(["Lightning Storm"], []), boards=(["Kobold Geomancer"], ["Boulderfist Ogre"]))
    play(s, "Lightning Storm")
    assert minion(s, 1, "Boulderfist Ogre").damage in (3, 4)


def test_mana_tide_totem_draws_at_end_of_your_turn():
    s = make_state(SHAMAN, hands=(["Mana Tide Totem"], []))
    play(s, "Mana Tide Totem")
    end_turn(s)
    assert len(s.players[0].hand) == 1
    end_turn(s)
    assert len(s.players[0].hand) == 2  # its draw at the start of turn, nothing at the opponent's end of turn


def test_unbound_elemental_grows_on_overload_cards():
    s = make_state(SHAMAN, hands=(["Unbound Elemental", "Lightning Bolt", "Frost Shock", "Feral Spirit"], []))
    play(s, "Unbound Elemental")
    ue = minion(s, 0, "Unbound Elemental")
    play(s, "Lightning Bolt", "enemy hero")
    play(s, "Frost Shock", "enemy hero")
    assert (ue.attack, ue.health) == (3, 5)
    play(s, "Feral Spirit")
    assert (ue.attack, ue.health) == (4, 6)


def test_far_sight_draws_a_card_costing_three_less():
    from cardlab.engine.hearthstone import card_db

    s = make_state(SHAMAN, hands=(["Far Sight"], []))
    s.players[0].deck = [card_db().get("Boulderfist Ogre"), card_db().get("Wisp")]
    play(s, "Far Sight")
    (wisp,) = s.players[0].hand
    assert wisp.name == "Wisp" and s.cost(0, wisp) == 0
    s.players[0].hand = [card_db().get("Far Sight")]
    s.players[0].mana = 10
    s._legal = None
    play(s, "Far Sight")
    (ogre,) = s.players[0].hand
    assert s.cost(0, ogre) == 3 and s.players[0].overload_owed == 0
