"""Every Basic Druid card."""

from tests.engine.hs import attack, can_play, end_turn, make_state, minion, play

DRUID = ("DRUID", "MAGE")


def test_claw_gives_attack_this_turn_and_armor():
    s = make_state(DRUID, hands=(["Claw"], []))
    play(s, "Claw")
    hero = s.players[0].hero
    assert hero.armor == 2 and s.players[0].hero_attack() == 2
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 28
    end_turn(s)
    assert s.players[0].hero_attack() == 0 and hero.armor == 2


def test_healing_touch_restores_eight():
    s = make_state(DRUID, hands=(["Healing Touch", "Healing Touch"], []), boards=((), ["Boulderfist Ogre"]))
    s.players[0].hero.damage = 10
    play(s, "Healing Touch", "own hero")
    assert s.players[0].hero.health == 28
    ogre = minion(s, 1, "Boulderfist Ogre")
    ogre.damage = 5
    play(s, "Healing Touch", ogre)
    assert ogre.health == 7  # never above maximum
    assert not can_play(make_state(DRUID, hands=(["Healing Touch"], []), mana=2), "Healing Touch")


def test_innervate_gives_two_mana_this_turn_only():
    s = make_state(DRUID, hands=(["Innervate", "Chillwind Yeti"], []), mana=2)
    assert not can_play(s, "Chillwind Yeti")
    play(s, "Innervate")
    assert s.players[0].mana == 4 and s.players[0].max_mana == 2
    play(s, "Chillwind Yeti")
    assert s.players[0].mana == 0
    capped = make_state(DRUID, hands=(["Innervate"], []), mana=10)
    play(capped, "Innervate")
    assert capped.players[0].mana == 10


def test_mark_of_the_wild_gives_taunt_and_plus_two():
    s = make_state(DRUID, hands=(["Mark of the Wild"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Mark of the Wild", yeti)
    assert (yeti.attack, yeti.health, yeti.taunt) == (6, 7, True)
    assert not can_play(s, "Mark of the Wild")


def test_moonfire_deals_one_plus_spell_damage():
    s = make_state(DRUID, hands=(["Moonfire", "Moonfire"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Moonfire", "enemy hero")
    assert s.players[1].hero.health == 29
    s2 = make_state(DRUID, hands=(["Moonfire"], []), boards=(["Kobold Geomancer"], ["Chillwind Yeti"]))
    yeti = minion(s2, 1, "Chillwind Yeti")
    play(s2, "Moonfire", yeti)
    assert yeti.health == 3


def test_savage_roar_gives_all_friendly_characters_two_attack_this_turn():
    s = make_state(DRUID, hands=(["Savage Roar"], []), boards=(["Chillwind Yeti", "Wisp"], ["Bloodfen Raptor"]))
    play(s, "Savage Roar")
    assert [m.attack for m in s.players[0].board] == [6, 3]
    assert s.players[0].hero_attack() == 2
    assert minion(s, 1, "Bloodfen Raptor").attack == 3
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 28
    end_turn(s)
    assert [m.attack for m in s.players[0].board] == [4, 1]
    assert s.players[0].hero_attack() == 0


def test_starfire_deals_five_and_draws():
    s = make_state(DRUID, hands=(["Starfire"], []), boards=((), ["Chillwind Yeti"]))
    deck = len(s.players[0].deck)
    play(s, "Starfire", minion(s, 1, "Chillwind Yeti"))
    assert s.players[1].board == []
    assert len(s.players[0].hand) == 1 and len(s.players[0].deck) == deck - 1


def test_swipe_four_to_target_one_to_other_enemies():
    s = make_state(
        DRUID, hands=(["Swipe"], []),
        boards=(["Chillwind Yeti"], ["Chillwind Yeti", "Boulderfist Ogre", "Wisp"]),
    )
    ogre = minion(s, 1, "Boulderfist Ogre")
    assert not can_play(s, "Swipe", minion(s, 0, "Chillwind Yeti"))
    assert not can_play(s, "Swipe", "own hero")
    play(s, "Swipe", ogre)
    assert [(m.card.name, m.health) for m in s.players[1].board] == [("Chillwind Yeti", 4), ("Boulderfist Ogre", 3)]
    assert s.players[1].hero.health == 29
    assert s.players[0].hero.health == 30 and minion(s, 0, "Chillwind Yeti").health == 5


def test_swipe_on_enemy_hero_with_spell_damage():
    s = make_state(DRUID, hands=(["Swipe"], []), boards=(["Kobold Geomancer"], ["Chillwind Yeti"]))
    play(s, "Swipe", "enemy hero")
    assert s.players[1].hero.health == 25 and minion(s, 1, "Chillwind Yeti").health == 3


def test_wild_growth_gains_an_empty_crystal():
    s = make_state(DRUID, hands=(["Wild Growth"], []), mana=5)
    play(s, "Wild Growth")
    assert s.players[0].max_mana == 6 and s.players[0].mana == 3
    end_turn(s)
    end_turn(s)
    assert s.players[0].max_mana == 7


def test_wild_growth_at_ten_crystals_gives_excess_mana():
    s = make_state(DRUID, hands=(["Wild Growth"], []), mana=10)
    play(s, "Wild Growth")
    me = s.players[0]
    assert me.max_mana == 10 and me.mana == 8
    (excess,) = me.hand
    assert (excess.name, excess.cost, excess.type) == ("Excess Mana", 0, "SPELL")
    assert excess.text.startswith("Draw a card.")
    deck = len(me.deck)
    play(s, "Excess Mana")
    assert me.mana == 8 and len(me.deck) == deck - 1 and len(me.hand) == 1


def test_wild_growth_at_nine_crystals_gains_the_tenth():
    s = make_state(DRUID, hands=(["Wild Growth"], []), mana=9)
    play(s, "Wild Growth")
    assert s.players[0].max_mana == 10 and s.players[0].hand == []


def test_ironbark_protector_is_an_eight_eight_taunt():
    s = make_state(DRUID, hands=(["Ironbark Protector"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Ironbark Protector")
    ironbark = minion(s, 0, "Ironbark Protector")
    assert (ironbark.attack, ironbark.health, ironbark.taunt) == (8, 8, True)
    end_turn(s)
    from tests.engine.hs import target_code

    attacks = [a for a in s.legal_actions() if a[0] == 2]
    assert attacks and all(a[2] == target_code(s, ironbark) for a in attacks)


def test_shapeshift_hero_power():
    from tests.engine.hs import hero_power

    s = make_state(DRUID)
    hero_power(s)
    assert s.players[0].hero_attack() == 1 and s.players[0].hero.armor == 1


# ---------------------------------------------------------------- Classic


def test_naturalize_destroys_and_opponent_draws_two():
    s = make_state(DRUID, hands=(["Naturalize"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Naturalize", minion(s, 1, "Chillwind Yeti"))
    assert s.players[1].board == [] and len(s.players[1].hand) == 2 and s.players[0].hand == []


def test_savagery_deals_hero_attack_plus_spell_damage():
    s = make_state(DRUID, hands=(["Claw", "Savagery"], []), boards=(["Kobold Geomancer"], ["Boulderfist Ogre"]))
    play(s, "Claw")
    play(s, "Savagery", minion(s, 1, "Boulderfist Ogre"))
    assert minion(s, 1, "Boulderfist Ogre").health == 7 - 3
    s2 = make_state(DRUID, hands=(["Savagery"], []), boards=((), ["Boulderfist Ogre"]))
    play(s2, "Savagery", minion(s2, 1, "Boulderfist Ogre"))
    assert minion(s2, 1, "Boulderfist Ogre").health == 7


def test_power_of_the_wild_both_choices():
    s = make_state(DRUID, hands=(["Power of the Wild"], []), boards=(["Wisp", "Chillwind Yeti"], []))
    play(s, "Power of the Wild", choice=0)
    assert [(m.attack, m.health) for m in s.players[0].board] == [(2, 2), (5, 6)]
    s = make_state(DRUID, hands=(["Power of the Wild"], []), boards=(["Wisp"], []))
    play(s, "Power of the Wild", choice=1)
    assert [(m.card.name, m.attack, m.health) for m in s.players[0].board] == [("Wisp", 1, 1), ("Panther", 3, 2)]
    full = make_state(DRUID, hands=(["Power of the Wild"], []), boards=(["Wisp"] * 7, []))
    assert {a[4] for a in full.legal_actions() if a[0] == 1} == {0}  # no room for the Panther


def test_wrath_choices_with_spell_damage():
    s = make_state(DRUID, hands=(["Wrath", "Wrath"], []), boards=(["Kobold Geomancer"], ["Boulderfist Ogre"]))
    ogre = minion(s, 1, "Boulderfist Ogre")
    assert not can_play(s, "Wrath", "enemy hero")
    play(s, "Wrath", ogre, choice=0)
    assert ogre.health == 3
    deck = len(s.players[0].deck)
    play(s, "Wrath", ogre, choice=1)
    assert ogre.health == 1 and len(s.players[0].deck) == deck - 1


def test_mark_of_nature_choices():
    s = make_state(DRUID, hands=(["Mark of Nature", "Mark of Nature"], []), boards=(["Wisp", "Bloodfen Raptor"], []))
    wisp, raptor = s.players[0].board
    play(s, "Mark of Nature", wisp, choice=0)
    play(s, "Mark of Nature", raptor, choice=1)
    assert (wisp.attack, wisp.health, wisp.taunt) == (5, 1, False)
    assert (raptor.attack, raptor.health, raptor.taunt) == (3, 6, True)


def test_bite_gives_attack_this_turn_and_armor():
    s = make_state(DRUID, hands=(["Bite"], []))
    play(s, "Bite")
    assert s.players[0].hero_attack() == 4 and s.players[0].hero.armor == 4
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 26
    end_turn(s)
    assert s.players[0].hero_attack() == 0


def test_keeper_of_the_grove_damage_or_silence():
    s = make_state(DRUID, hands=(["Keeper of the Grove", "Keeper of the Grove"], []),
                   boards=(["Kobold Geomancer"], ["Boulderfist Ogre", "Dire Wolf Alpha"]))
    play(s, "Keeper of the Grove", "enemy hero", choice=0)
    assert s.players[1].hero.health == 28  # a battlecry: Spell Damage does not apply
    wolf = minion(s, 1, "Dire Wolf Alpha")
    play(s, "Keeper of the Grove", wolf, choice=1)
    assert wolf.silenced and minion(s, 1, "Boulderfist Ogre").attack == 6
    assert [m.card.name for m in s.players[0].board].count("Keeper of the Grove") == 2


def test_soul_of_the_forest_deathrattle_summons_treant_in_place():
    s = make_state(DRUID, hands=(["Soul of the Forest", "Flamestrike"], []), boards=(["Wisp", "Chillwind Yeti"], []))
    play(s, "Soul of the Forest")
    wisp = minion(s, 0, "Wisp")
    end_turn(s)
    s.players[1].hand = [s.players[0].hand.pop()]  # Flamestrike to the opponent
    s.players[1].mana = 10
    s._legal = None
    play(s, "Flamestrike")
    assert [(m.card.name, m.attack, m.health) for m in s.players[0].board] == [("Treant", 2, 2), ("Chillwind Yeti", 4, 1)]
    assert wisp not in s.players[0].board


def test_soul_of_the_forest_is_removed_by_silence():
    s = make_state(DRUID, hands=(["Soul of the Forest", "Ironbeak Owl", "Moonfire"], []), boards=(["Wisp"], []))
    play(s, "Soul of the Forest")
    wisp = minion(s, 0, "Wisp")
    play(s, "Ironbeak Owl", wisp)
    play(s, "Moonfire", wisp)
    assert [m.card.name for m in s.players[0].board] == ["Ironbeak Owl"]


def test_druid_of_the_claw_cat_and_bear_forms():
    s = make_state(DRUID, hands=(["Druid of the Claw", "Druid of the Claw"], []), boards=((), ["Wisp"]))
    play(s, "Druid of the Claw", choice=0)
    cat = s.players[0].board[0]
    assert (cat.attack, cat.health, cat.charge, cat.taunt) == (4, 4, True, False) and cat.can_attack()
    play(s, "Druid of the Claw", choice=1)
    bear = s.players[0].board[1]
    assert (bear.attack, bear.health, bear.taunt, bear.can_attack()) == (4, 6, True, False)
    from cardlab.engine.hearthstone import mechanics as mech

    mech.silence(s, bear)
    assert (bear.attack, bear.health, bear.taunt) == (4, 6, False)  # a transformation, not a buff


def test_nourish_crystals_or_cards():
    s = make_state(DRUID, hands=(["Nourish"], []), mana=5)
    play(s, "Nourish", choice=0)
    assert (s.players[0].max_mana, s.players[0].mana) == (7, 2)
    s = make_state(DRUID, hands=(["Nourish"], []), mana=9)
    play(s, "Nourish", choice=0)
    assert (s.players[0].max_mana, s.players[0].mana) == (10, 5)
    s = make_state(DRUID, hands=(["Nourish"], []))
    play(s, "Nourish", choice=1)
    assert len(s.players[0].hand) == 3


def test_starfall_single_or_all_enemy_minions():
    s = make_state(DRUID, hands=(["Starfall"], []), boards=(["Wisp"], ["Boulderfist Ogre", "Chillwind Yeti"]))
    play(s, "Starfall", minion(s, 1, "Boulderfist Ogre"), choice=0)
    assert minion(s, 1, "Boulderfist Ogre").health == 2
    s = make_state(DRUID, hands=(["Starfall"], []), boards=(["Wisp"], ["Boulderfist Ogre", "Chillwind Yeti"]))
    play(s, "Starfall", choice=1)
    assert [m.health for m in s.players[1].board] == [5, 3] and minion(s, 0, "Wisp").health == 1
    assert s.players[1].hero.health == 30


def test_force_of_nature_treants_charge_and_die_at_end_of_turn():
    s = make_state(DRUID, hands=(["Force of Nature"], []), boards=((), []))
    play(s, "Force of Nature")
    treants = s.players[0].board
    assert [(m.card.name, m.attack, m.health) for m in treants] == [("Treant", 2, 2)] * 3
    for t in list(treants):
        attack(s, t, "enemy hero")
    assert s.players[1].hero.health == 24
    end_turn(s)
    assert s.players[0].board == []


def test_ancient_of_lore_draw_or_heal():
    s = make_state(DRUID, hands=(["Ancient of Lore", "Ancient of Lore"], []))
    play(s, "Ancient of Lore", choice=0)
    assert len(s.players[0].hand) == 3
    s.players[0].hero.damage = 10
    s.players[0].mana = 10
    play(s, "Ancient of Lore", "own hero", choice=1)
    assert s.players[0].hero.health == 25


def test_ancient_of_war_attack_or_health_and_taunt():
    s = make_state(DRUID, hands=(["Ancient of War", "Ancient of War"], []), mana=20)
    play(s, "Ancient of War", choice=0)
    play(s, "Ancient of War", choice=1)
    a, b = s.players[0].board
    assert (a.attack, a.health, a.taunt) == (10, 5, False)
    assert (b.attack, b.health, b.taunt) == (5, 10, True)


def test_cenarius_buff_others_or_two_taunt_treants():
    s = make_state(DRUID, hands=(["Cenarius"], []), boards=(["Wisp"], ["Wisp"]))
    play(s, "Cenarius", choice=0)
    assert [(m.attack, m.health) for m in s.players[0].board] == [(3, 3), (5, 8)]
    assert minion(s, 1, "Wisp").attack == 1
    s = make_state(DRUID, hands=(["Cenarius"], []), boards=(["Wisp"], []))
    play(s, "Cenarius", choice=1)
    assert [(m.card.name, m.taunt) for m in s.players[0].board] == [  # one Treant on each side
        ("Wisp", False), ("Treant", True), ("Cenarius", False), ("Treant", True)]
