"""Every Basic Priest card, and the Lesser Heal hero power."""

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import mechanics as mech
from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play


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


# ---------------------------------------------------------------- Classic

def test_circle_of_healing_heals_all_minions():
    s = priest(hands=(["Circle of Healing"], []), boards=(["Chillwind Yeti"], ["Boulderfist Ogre"]))
    minion(s, 0, "Chillwind Yeti").damage = 4
    minion(s, 1, "Boulderfist Ogre").damage = 5
    s.players[0].hero.damage = 5
    play(s, "Circle of Healing")
    assert minion(s, 0, "Chillwind Yeti").health == 5 and minion(s, 1, "Boulderfist Ogre").health == 6
    assert s.players[0].hero.health == 25


def test_silence_removes_buffs_and_text():
    s = priest(hands=(["Silence"], []), boards=((), ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    yeti.atk_buff = 3
    yeti.taunt = True
    play(s, "Silence", yeti)
    assert yeti.silenced and (yeti.attack, yeti.taunt) == (4, False)


def test_inner_fire_sets_attack_to_health():
    s = priest(hands=(["Inner Fire", "Inner Fire", "Silence"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    yeti.damage = 1
    play(s, "Inner Fire", yeti)
    assert (yeti.attack, yeti.health) == (4, 4)
    yeti.damage = 0
    yeti.hp_buff = 5
    s._legal = None
    play(s, "Inner Fire", yeti)
    assert yeti.attack == 10
    play(s, "Silence", yeti)
    assert yeti.attack == 4


def test_northshire_cleric_draws_when_a_minion_is_healed():
    s = priest(hands=(["Circle of Healing"], []), boards=(["Northshire Cleric", "Chillwind Yeti"], ["Chillwind Yeti"]))
    minion(s, 0, "Chillwind Yeti").damage = 1
    minion(s, 1, "Chillwind Yeti").damage = 1
    play(s, "Circle of Healing")
    assert len(s.players[0].hand) == 2  # two minions healed; the undamaged Cleric not


def test_divine_spirit_doubles_current_health():
    s = priest(hands=(["Divine Spirit"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    yeti.damage = 2
    play(s, "Divine Spirit", yeti)
    assert (yeti.health, yeti.max_health) == (6, 8)


def test_lightwell_heals_a_damaged_friendly_character_at_turn_start():
    s = priest(hands=(["Lightwell"], []), boards=(["Chillwind Yeti"], []))
    play(s, "Lightwell")
    end_turn(s)
    s.players[0].hero.damage = 2
    end_turn(s)
    assert s.players[0].hero.health == 30
    s.players[0].hero.damage = 0
    yeti = minion(s, 0, "Chillwind Yeti")
    yeti.damage = 4
    end_turn(s)
    end_turn(s)
    assert yeti.health == 4


def test_lightwell_with_auchenai_damages_instead():
    s = priest(boards=(["Lightwell", "Auchenai Soulpriest"], []))
    s.players[0].hero.damage = 2
    end_turn(s)
    end_turn(s)
    assert s.players[0].hero.health == 25


def test_mind_blast_hits_enemy_hero_with_spell_damage():
    s = priest(hands=(["Mind Blast"], []), boards=(["Kobold Geomancer"], []))
    play(s, "Mind Blast")
    assert s.players[1].hero.health == 24


def test_shadowform_mind_spike_then_mind_shatter():
    s = priest(hands=(["Shadowform", "Shadowform"], []), boards=((), ["Boulderfist Ogre"]), mana=12)
    hero_power(s, "own hero")  # Lesser Heal used this turn
    play(s, "Shadowform")
    assert s.players[0].hero_power.name == "Mind Spike"
    hero_power(s, "enemy hero")  # a fresh hero power
    assert s.players[1].hero.health == 28
    play(s, "Shadowform")
    assert s.players[0].hero_power.name == "Mind Shatter"
    hero_power(s, minion(s, 1, "Boulderfist Ogre"))
    assert minion(s, 1, "Boulderfist Ogre").health == 4
    assert not any(a[0] == 3 for a in s.legal_actions())


def test_mind_spike_ignores_spell_damage():
    s = priest(hands=(["Shadowform"], []), boards=(["Kobold Geomancer"], []))
    play(s, "Shadowform")
    hero_power(s, "enemy hero")
    assert s.players[1].hero.health == 28


def test_thoughtsteal_copies_two_cards_of_the_enemy_deck_hidden():
    s = priest(hands=(["Thoughtsteal"], []), decks=(["Wisp"] * 10, ["Fireball"] * 10))
    enemy_deck = len(s.players[1].deck)
    play(s, "Thoughtsteal")
    hand = s.players[0].hand
    assert [c.name for c in hand] == ["Fireball", "Fireball"] and all(c.hidden_copy for c in hand)
    assert len(s.players[1].deck) == enemy_deck


def test_copies_are_of_the_printed_card_in_every_later_game():
    """A Mind Vision copy of a Shadowstepped Yeti costs 4, and the next game's Thoughtsteal copies do too (copies
    were cached per card id with the first copy's cost)."""
    from cardlab.engine.hearthstone import card_db
    from cardlab.engine.hearthstone.carddb import hidden_copy_of
    from cardlab.engine.hearthstone.dsl_secrets import cost_changed

    yeti = card_db().get("Chillwind Yeti")
    s = priest(hands=(["Mind Vision"], []))
    s.players[1].hand = [cost_changed(yeti, -2)]
    play(s, "Mind Vision")
    assert [(c.name, c.cost) for c in s.players[0].hand] == [("Chillwind Yeti", 4)]
    s = priest(hands=(["Thoughtsteal"], []), decks=(["Wisp"] * 10, ["Chillwind Yeti"] * 10))
    play(s, "Thoughtsteal")
    assert [(c.name, c.cost, c.hand_key) for c in s.players[0].hand] == [("Chillwind Yeti", 4, yeti.hand_key)] * 2
    # a stolen Yeti Freezing-Trapped back to the hand (cost 6), then copied by Mind Vision: a 4-cost copy again
    s = priest(hands=(["Mind Vision"], []))
    s.players[1].hand = [cost_changed(hidden_copy_of(yeti), 2)]
    play(s, "Mind Vision")
    assert [(c.name, c.cost) for c in s.players[0].hand] == [("Chillwind Yeti", 4)]


def test_auchenai_turns_heals_into_damage():
    s = priest(hands=(["Circle of Healing"], []), boards=(["Auchenai Soulpriest", "Chillwind Yeti"], ["Bloodfen Raptor"]))
    play(s, "Circle of Healing")
    assert [(m.card.name, m.health) for m in s.players[0].board] == [("Auchenai Soulpriest", 1), ("Chillwind Yeti", 1)]
    assert s.players[1].board == []


def test_auchenai_lesser_heal_and_holy_nova():
    s = priest(hands=(["Holy Nova"], []), boards=(["Auchenai Soulpriest"], []))
    hero_power(s, "enemy hero")
    assert s.players[1].hero.health == 28
    play(s, "Holy Nova")
    assert s.players[1].hero.health == 26 and s.players[0].hero.health == 28
    assert minion(s, 0, "Auchenai Soulpriest").health == 3


def test_auchenai_healing_spells_gain_spell_damage():
    """Hearthstone Wiki, Spell Damage: it boosts the damage of healing spells that Auchenai turns into damage
    (not the hero power's); Velen doubles the boosted amount."""
    s = priest(hands=(["Holy Nova"], []), boards=(["Auchenai Soulpriest", "Kobold Geomancer"], []))
    hero_power(s, "enemy hero")
    assert s.players[1].hero.health == 28
    play(s, "Holy Nova")  # 2 + 1 to enemies, (2 + 1) as damage to our own characters
    assert s.players[1].hero.health == 25 and s.players[0].hero.health == 27
    assert minion(s, 0, "Auchenai Soulpriest").health == 2
    s = priest(hands=(["Circle of Healing"], []),
               boards=(["Auchenai Soulpriest", "Kobold Geomancer", "Prophet Velen"], ["Boulderfist Ogre"]))
    play(s, "Circle of Healing")
    assert s.players[1].board == []  # (4 + 1) x 2 = 10 damage to the 6/7 Ogre
    s = priest(hands=(["Holy Nova"], []), boards=(["Kobold Geomancer"], []))
    s.players[0].hero.damage = 10
    play(s, "Holy Nova")  # healing itself is not boosted
    assert s.players[0].hero.damage == 8


def test_auchenai_silenced_heals_again():
    s = priest(hands=(["Silence"], []), boards=(["Auchenai Soulpriest"], []))
    play(s, "Silence", minion(s, 0, "Auchenai Soulpriest"))
    s.players[0].hero.damage = 5
    hero_power(s, "own hero")
    assert s.players[0].hero.health == 27


def test_auchenai_only_affects_its_controller():
    s = priest(boards=((), ["Auchenai Soulpriest"]))
    s.players[0].hero.damage = 5
    hero_power(s, "own hero")
    assert s.players[0].hero.health == 27


def test_lightspawn_attack_equals_health():
    s = priest(hands=(["Lightspawn", "Power Word: Shield", "Holy Smite"], []), boards=(["Raid Leader"], ["Chillwind Yeti"]))
    play(s, "Lightspawn")
    ls = minion(s, 0, "Lightspawn")
    assert ls.attack == 5  # Raid Leader's aura does not change it
    play(s, "Power Word: Shield", ls)
    assert ls.attack == 7
    play(s, "Holy Smite", ls)
    assert (ls.attack, ls.health) == (5, 5)
    end_turn(s)
    attack(s, minion(s, 1, "Chillwind Yeti"), ls)
    assert (ls.attack, ls.health) == (1, 1)
    hero_power_heal = priest(boards=(["Lightspawn"], []))
    lsp = minion(hero_power_heal, 0, "Lightspawn")
    lsp.damage = 3
    from cardlab.engine.hearthstone import mechanics as mech

    mech.refresh_auras(hero_power_heal)
    assert lsp.attack == 2
    hero_power(hero_power_heal, lsp)
    assert lsp.attack == 4


def test_lightspawn_silenced_has_printed_attack():
    s = priest(hands=(["Silence"], []), boards=(["Lightspawn"], []))
    play(s, "Silence", minion(s, 0, "Lightspawn"))
    assert minion(s, 0, "Lightspawn").attack == 0


def test_mass_dispel_silences_enemy_minions_and_draws():
    s = priest(hands=(["Mass Dispel"], []), boards=(["Raid Leader"], ["Raid Leader", "Sen'jin Shieldmasta"]))
    play(s, "Mass Dispel")
    assert all(m.silenced for m in s.players[1].board) and not minion(s, 0, "Raid Leader").silenced
    assert len(s.players[0].hand) == 1 and minion(s, 1, "Sen'jin Shieldmasta").taunt is False


def test_mindgames_summons_a_copy_from_enemy_deck_or_shadow_of_nothing():
    from cardlab.engine.hearthstone import card_db

    s = priest(hands=(["Mindgames"], []))
    s.players[1].deck = [card_db().get(c) for c in ("Fireball", "Boulderfist Ogre", "Fireball")]
    play(s, "Mindgames")
    assert [m.card.name for m in s.players[0].board] == ["Boulderfist Ogre"]
    assert len(s.players[1].deck) == 3
    s = priest(hands=(["Mindgames"], []))
    s.players[1].deck = [card_db().get("Fireball")] * 3
    play(s, "Mindgames")
    assert [(m.card.name, m.attack, m.health) for m in s.players[0].board] == [("Shadow of Nothing", 0, 1)]


def test_shadow_madness_steals_until_end_of_turn():
    s = priest(hands=(["Shadow Madness"], []), boards=((), ["Bloodfen Raptor", "Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    assert not can_play(s, "Shadow Madness", yeti)
    raptor = minion(s, 1, "Bloodfen Raptor")
    play(s, "Shadow Madness", raptor)
    assert raptor.owner == 0 and raptor.can_attack()
    attack(s, raptor, "enemy hero")
    assert s.players[1].hero.health == 27
    end_turn(s)
    assert raptor.owner == 1 and s.players[1].board[-1] is raptor and raptor.enchants == ()


def test_shadow_madness_returns_after_the_thiefs_end_of_turn_effects():
    # Hearthstone Wiki, Shadow Madness: the minion goes back after "at the end of your turn" effects, so the
    # thief's Young Priestess buffs it and Ragnaros never shoots it, even when it was played before them.
    for thief_card in ("Young Priestess", "Ragnaros the Firelord"):
        for seed in range(6):
            s = priest(hands=(["Shadow Madness"], []), seed=seed)
            raptor = mech.summon(s, 1, card_db().get("Bloodfen Raptor"))  # older than the thief's minion
            mech.summon(s, 0, card_db().get(thief_card))
            play(s, "Shadow Madness", raptor)
            end_turn(s)
            assert raptor.owner == 1 and raptor in s.players[1].board
            if thief_card == "Young Priestess":
                assert raptor.health == 3
            else:
                assert raptor.damage == 0 and s.players[1].hero.health == 22


def test_shadow_madness_silenced_goes_back_at_once():
    # the steal is an enchantment: Silence removes it and the minion returns (Hearthstone Wiki, Shadow Madness)
    s = priest(hands=(["Shadow Madness", "Silence"], []), boards=((), ["Bloodfen Raptor"]))
    raptor = minion(s, 1, "Bloodfen Raptor")
    play(s, "Shadow Madness", raptor)
    play(s, "Silence", raptor)
    assert raptor.owner == 1 and raptor in s.players[1].board and raptor not in s.players[0].board
    end_turn(s)
    assert raptor.owner == 1 and raptor in s.players[1].board


def test_shadow_madness_minion_dies_if_its_board_is_full_at_return():
    s = priest(hands=(["Shadow Madness"], []), boards=((), ["Bloodfen Raptor"] + ["Wisp"] * 6))
    raptor = minion(s, 1, "Bloodfen Raptor")
    play(s, "Shadow Madness", raptor)
    s.players[1].board.append(__import__("cardlab.engine.hearthstone.entities", fromlist=["Minion"]).Minion(
        raptor.card, s.new_uid(), 1))
    end_turn(s)
    assert raptor not in s.players[1].board and raptor not in s.players[0].board


def test_cabal_shadow_priest_takes_two_attack_or_less():
    s = priest(hands=(["Cabal Shadow Priest"], []), boards=((), ["Bloodfen Raptor", "Murloc Raider"]))
    assert not can_play(s, "Cabal Shadow Priest", minion(s, 1, "Bloodfen Raptor"))
    play(s, "Cabal Shadow Priest", minion(s, 1, "Murloc Raider"))
    assert [m.card.name for m in s.players[0].board] == ["Cabal Shadow Priest", "Murloc Raider"]


def test_holy_fire_damages_and_heals_your_hero():
    s = priest(hands=(["Holy Fire"], []), boards=(["Kobold Geomancer"], []))
    s.players[0].hero.damage = 10
    play(s, "Holy Fire", "enemy hero")
    assert s.players[1].hero.health == 24 and s.players[0].hero.health == 25


def test_temple_enforcer_gives_three_health():
    s = priest(hands=(["Temple Enforcer"], []), boards=(["Wisp"], []))
    play(s, "Temple Enforcer", minion(s, 0, "Wisp"))
    assert minion(s, 0, "Wisp").health == 4


def test_prophet_velen_doubles_spells_and_hero_power():
    s = priest(hands=(["Holy Smite", "Holy Nova"], []), boards=(["Prophet Velen", "Kobold Geomancer"], []))
    play(s, "Holy Smite", "enemy hero")
    assert s.players[1].hero.health == 30 - (2 + 1) * 2
    s.players[0].hero.damage = 10
    hero_power(s, "own hero")
    assert s.players[0].hero.health == 24
    play(s, "Holy Nova")
    assert s.players[1].hero.health == 24 - 6 and s.players[0].hero.health == 28


def test_prophet_velen_with_auchenai_and_a_battlecry():
    s = priest(hands=(["Earthen Ring Farseer"], []), boards=(["Prophet Velen", "Auchenai Soulpriest"], []))
    hero_power(s, "enemy hero")
    assert s.players[1].hero.health == 26
    play(s, "Earthen Ring Farseer", "enemy hero")  # a minion's heal: not doubled, still damage
    assert s.players[1].hero.health == 23


def test_two_velens_quadruple_missiles():
    s = make_state(classes=("MAGE", "MAGE"), hands=(["Arcane Missiles"], []), boards=(["Prophet Velen", "Prophet Velen"], []))
    play(s, "Arcane Missiles")
    assert s.players[1].hero.health == 30 - 3 * 4


def test_lightspawn_ignores_this_turn_attack_bonuses_after_the_turn():
    s = priest(hands=(["Abusive Sergeant"], []), boards=(["Lightspawn"], ["Chillwind Yeti"]))
    ls = minion(s, 0, "Lightspawn")
    play(s, "Abusive Sergeant", ls)
    assert ls.attack == 5
    end_turn(s)
    assert ls.attack == 5
