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
