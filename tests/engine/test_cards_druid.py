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
