"""Every Basic Priest card, and the Lesser Heal hero power."""

from tests.engine.hs import can_play, end_turn, hero_power, make_state, minion, play


def priest(**kw):
    return make_state(classes=("PRIEST", "MAGE"), **kw)


def test_holy_nova_damages_enemies_and_heals_friends():
    s = priest(
        hands=(["Holy Nova"], []),
        boards=(["Chillwind Yeti"], ["Bloodfen Raptor", "Chillwind Yeti"]),
    )
    me, opp = s.players
    me.hero.damage = 5
    minion(s, 0, "Chillwind Yeti").damage = 3
    play(s, "Holy Nova")
    assert me.hero.health == 27 and minion(s, 0, "Chillwind Yeti").health == 4
    assert opp.hero.health == 28
    assert [(m.card.name, m.health) for m in opp.board] == [("Chillwind Yeti", 3)]


def test_holy_nova_spell_damage_boosts_damage_not_healing():
    s = priest(hands=(["Holy Nova"], []), boards=(["Kobold Geomancer"], ["Chillwind Yeti"]))
    s.players[0].hero.damage = 5
    play(s, "Holy Nova")
    assert s.players[1].hero.health == 27 and minion(s, 1, "Chillwind Yeti").health == 2
    assert s.players[0].hero.health == 27


def test_holy_smite_deals_two():
    s = priest(hands=(["Holy Smite"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Holy Smite", minion(s, 1, "Chillwind Yeti"))
    assert minion(s, 1, "Chillwind Yeti").health == 3


def test_holy_smite_gets_spell_damage():
    s = priest(hands=(["Holy Smite"], []), boards=(["Kobold Geomancer"], []))
    play(s, "Holy Smite", "enemy hero")
    assert s.players[1].hero.health == 27


def test_mind_control_takes_an_enemy_minion():
    s = priest(hands=(["Mind Control"], []), boards=(["Bloodfen Raptor"], ["Boulderfist Ogre"]))
    ogre = minion(s, 1, "Boulderfist Ogre")
    assert not can_play(s, "Mind Control", minion(s, 0, "Bloodfen Raptor"))
    assert not can_play(s, "Mind Control", "enemy hero")
    play(s, "Mind Control", ogre)
    assert s.players[1].board == [] and s.players[0].board[-1] is ogre
    assert ogre.owner == 0 and not ogre.can_attack()  # summoning sick on its new side
    end_turn(s)
    end_turn(s)
    assert ogre.can_attack()


def test_mind_control_needs_an_enemy_minion():
    s = priest(hands=(["Mind Control"], []), boards=(["Bloodfen Raptor"], []))
    assert not can_play(s, "Mind Control")


def test_mind_control_needs_a_free_board_slot():
    s = priest(hands=(["Mind Control"], []), boards=(["Bloodfen Raptor"] * 7, ["Boulderfist Ogre"]))
    assert not can_play(s, "Mind Control")
    s = priest(hands=(["Mind Control"], []), boards=(["Bloodfen Raptor"] * 6, ["Boulderfist Ogre"]))
    ogre = minion(s, 1, "Boulderfist Ogre")
    play(s, "Mind Control", ogre)
    assert s.players[1].board == [] and len(s.players[0].board) == 7 and s.players[0].board[-1] is ogre


def test_mind_vision_copies_a_card_from_enemy_hand():
    s = priest(hands=(["Mind Vision"], ["Fireball"]))
    play(s, "Mind Vision")
    assert [c.name for c in s.players[0].hand] == ["Fireball"]
    assert [c.name for c in s.players[1].hand] == ["Fireball"]


def test_mind_vision_picks_among_enemy_hand():
    seen = set()
    for seed in range(20):
        s = priest(hands=(["Mind Vision"], ["Fireball", "Frostbolt", "Flamestrike"]), seed=seed)
        play(s, "Mind Vision")
        (copied,) = s.players[0].hand
        seen.add(copied.name)
        assert len(s.players[1].hand) == 3
    assert seen == {"Fireball", "Frostbolt", "Flamestrike"}


def test_mind_vision_with_empty_enemy_hand_does_nothing():
    s = priest(hands=(["Mind Vision"], []))
    play(s, "Mind Vision")
    assert s.players[0].hand == []


def test_mind_vision_with_full_hand_adds_nothing():
    s = priest(hands=(["Mind Vision"] + ["Holy Smite"] * 10, ["Fireball"]))
    play(s, "Mind Vision")
    assert len(s.players[0].hand) == 10 and all(c.name == "Holy Smite" for c in s.players[0].hand)


def test_power_word_shield_gives_two_health_and_draws():
    s = priest(hands=(["Power Word: Shield"], []), boards=(["Bloodfen Raptor"], []))
    raptor = minion(s, 0, "Bloodfen Raptor")
    play(s, "Power Word: Shield", raptor)
    assert (raptor.attack, raptor.health) == (3, 4)
    assert [c.name for c in s.players[0].hand] == ["Chillwind Yeti"]


def test_power_word_shield_needs_a_minion():
    s = priest(hands=(["Power Word: Shield"], []))
    assert not can_play(s, "Power Word: Shield")


def test_shadow_word_pain_destroys_three_attack_or_less():
    s = priest(hands=(["Shadow Word: Pain"], []), boards=((), ["Bloodfen Raptor", "Chillwind Yeti"]))
    raptor, yeti = s.players[1].board
    assert not can_play(s, "Shadow Word: Pain", yeti)
    assert not can_play(s, "Shadow Word: Pain", "enemy hero")
    play(s, "Shadow Word: Pain", raptor)
    assert s.players[1].board == [yeti]


def test_shadow_word_pain_uses_current_attack():
    s = priest(hands=(["Shadow Word: Pain"], []), boards=(["Bloodfen Raptor", "Raid Leader"], ["Chillwind Yeti"]))
    assert not can_play(s, "Shadow Word: Pain", minion(s, 0, "Bloodfen Raptor"))  # 4 attack with Raid Leader
    assert not can_play(s, "Shadow Word: Pain", minion(s, 1, "Chillwind Yeti"))
    assert can_play(s, "Shadow Word: Pain", minion(s, 0, "Raid Leader"))


def test_shadow_word_pain_needs_a_valid_target():
    s = priest(hands=(["Shadow Word: Pain"], []), boards=((), ["Chillwind Yeti"]))
    assert not can_play(s, "Shadow Word: Pain")


def test_shadow_word_death_destroys_five_attack_or_more():
    s = priest(hands=(["Shadow Word: Death"], []), boards=((), ["Chillwind Yeti", "Boulderfist Ogre"]))
    yeti, ogre = s.players[1].board
    assert not can_play(s, "Shadow Word: Death", yeti)
    assert not can_play(s, "Shadow Word: Death", "enemy hero")
    play(s, "Shadow Word: Death", ogre)
    assert s.players[1].board == [yeti]


def test_shadow_word_death_needs_a_valid_target():
    s = priest(hands=(["Shadow Word: Death"], []), boards=(["Boulderfist Ogre"], ["Chillwind Yeti"]))
    assert can_play(s, "Shadow Word: Death", minion(s, 0, "Boulderfist Ogre"))  # any minion, even friendly
    s.players[0].board = []
    s._legal = None
    assert not can_play(s, "Shadow Word: Death")


def test_lesser_heal_restores_two():
    s = priest(boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    yeti.damage = 3
    hero_power(s, yeti)
    assert yeti.health == 4 and s.players[0].mana == 8
    assert not any(a[0] == 3 for a in s.legal_actions())  # once per turn


def test_lesser_heal_targets_any_character_and_does_not_overheal():
    s = priest(boards=((), ["Chillwind Yeti"]))
    s.players[1].hero.damage = 1
    hero_power(s, "enemy hero")
    assert s.players[1].hero.health == 30
    s2 = priest(boards=((), ["Chillwind Yeti"]))
    targets = sorted(a[1] for a in s2.legal_actions() if a[0] == 3)
    assert targets == [0, 8, 9]


def test_lesser_heal_ignores_spell_damage():
    s = priest(boards=(["Kobold Geomancer"], []))
    s.players[0].hero.damage = 10
    hero_power(s, "own hero")
    assert s.players[0].hero.health == 22
