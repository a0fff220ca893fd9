"""Every Basic Hunter card."""

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.state import CHOOSE, PLAY
from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play

HUNTER = ("HUNTER", "MAGE")


def test_arcane_shot_deals_two():
    s = make_state(HUNTER, hands=(["Arcane Shot", "Arcane Shot"], []), boards=(["Kobold Geomancer"], ["Chillwind Yeti"]))
    play(s, "Arcane Shot", "enemy hero")
    assert s.players[1].hero.health == 27  # 2 + 1 spell damage
    yeti = minion(s, 1, "Chillwind Yeti")
    play(s, "Arcane Shot", yeti)
    assert yeti.health == 2


def test_hunters_mark_sets_health_to_one():
    s = make_state(HUNTER, hands=(["Hunter's Mark", "Hunter's Mark"], []), boards=(["Chillwind Yeti"], ["Boulderfist Ogre"]))
    ogre = minion(s, 1, "Boulderfist Ogre")
    ogre.damage = 3
    play(s, "Hunter's Mark", ogre)
    assert (ogre.attack, ogre.health) == (6, 1)
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Hunter's Mark", yeti)  # friendly minions are legal targets too
    assert yeti.health == 1
    assert not can_play(make_state(HUNTER, hands=(["Hunter's Mark"], [])), "Hunter's Mark")


def test_kill_command_deals_three_without_beast():
    s = make_state(HUNTER, hands=(["Kill Command"], []), boards=(["Chillwind Yeti"], ["Bloodfen Raptor"]))
    play(s, "Kill Command", "enemy hero")
    assert s.players[1].hero.health == 27


def test_kill_command_deals_five_with_beast():
    s = make_state(HUNTER, hands=(["Kill Command", "Kill Command"], []), boards=(["Bloodfen Raptor"], ["Boulderfist Ogre"]))
    play(s, "Kill Command", "enemy hero")
    assert s.players[1].hero.health == 25
    ogre = minion(s, 1, "Boulderfist Ogre")
    play(s, "Kill Command", ogre)
    assert ogre.health == 2


def test_kill_command_ignores_enemy_beasts_and_adds_spell_damage():
    s = make_state(HUNTER, hands=(["Kill Command"], []), boards=(["Kobold Geomancer"], ["Bloodfen Raptor"]))
    play(s, "Kill Command", "enemy hero")
    assert s.players[1].hero.health == 26


def test_multi_shot_hits_two_different_enemy_minions():
    for seed in range(6):
        s = make_state(HUNTER, hands=(["Multi-Shot"], []), boards=(["Chillwind Yeti"], ["Chillwind Yeti"] * 3), seed=seed)
        play(s, "Multi-Shot")
        assert sorted(m.health for m in s.players[1].board) == [2, 2, 5]
        assert s.players[1].hero.health == 30 and s.players[0].board[0].health == 5


def test_multi_shot_needs_two_enemy_minions():
    s = make_state(HUNTER, hands=(["Multi-Shot"], []), boards=(["Chillwind Yeti"], []))
    assert not can_play(s, "Multi-Shot")
    s = make_state(HUNTER, hands=(["Multi-Shot"], []), boards=(["Chillwind Yeti"], ["Chillwind Yeti"]))
    assert not can_play(s, "Multi-Shot")  # your own minions do not count
    s = make_state(HUNTER, hands=(["Multi-Shot"], []), boards=((), ["Chillwind Yeti", "Bloodfen Raptor"]))
    play(s, "Multi-Shot")
    assert [(m.card.name, m.health) for m in s.players[1].board] == [("Chillwind Yeti", 2)]
    assert s.players[1].hero.health == 30


def _tracking_state(deck_ids):
    db = card_db()
    s = make_state(HUNTER, hands=(["Tracking"], []))
    s.players[0].deck = [db.get(c) for c in deck_ids]  # the top card is the last one
    return s


def test_tracking_draws_the_chosen_card_and_discards_the_rest():
    s = _tracking_state(["Wisp", "Chillwind Yeti", "Bloodfen Raptor", "Boulderfist Ogre"])
    play(s, "Tracking")
    assert len(s.players[0].deck) == 1 and s.players[0].hand == []
    assert s.legal_actions() == [(CHOOSE, 0), (CHOOSE, 1), (CHOOSE, 2)]
    assert [c.name for c in s.pending[1]] == ["Boulderfist Ogre", "Bloodfen Raptor", "Chillwind Yeti"]
    s.apply((CHOOSE, 1))
    assert [c.name for c in s.players[0].hand] == ["Bloodfen Raptor"]
    assert [c.name for c in s.players[0].deck] == ["Wisp"]
    assert s.pending is None and s.current == 0
    assert any(a[0] == PLAY for a in s.legal_actions())


def test_tracking_with_a_short_or_empty_deck():
    s = _tracking_state(["Wisp", "Chillwind Yeti"])
    play(s, "Tracking")
    assert s.legal_actions() == [(CHOOSE, 0), (CHOOSE, 1)]
    s.apply((CHOOSE, 0))
    assert [c.name for c in s.players[0].hand] == ["Chillwind Yeti"] and s.players[0].deck == []
    empty = _tracking_state([])
    play(empty, "Tracking")
    assert empty.pending is None and empty.players[0].hero.health == 30  # no fatigue
    assert (0,) in empty.legal_actions()


def test_tracking_pending_choice_survives_clone_and_serialisation():
    from cardlab.engine.hearthstone.state import HearthstoneState

    s = _tracking_state(["Wisp", "Chillwind Yeti", "Bloodfen Raptor"])
    play(s, "Tracking")
    for copy in (s.clone(), HearthstoneState.from_dict(s.to_dict())):
        copy.apply((CHOOSE, 2))
        assert [c.name for c in copy.players[0].hand] == ["Wisp"]
    assert s.pending is not None


def test_animal_companion_summons_each_companion_at_random():
    seen = set()
    for seed in range(30):
        s = make_state(HUNTER, hands=(["Animal Companion"], []), seed=seed)
        play(s, "Animal Companion")
        board = s.players[0].board
        assert len(board) == 1 and board[0].card.race == "BEAST"
        seen.add(board[0].card.name)
    assert seen == {"Misha", "Leokk", "Huffer"}


def test_animal_companion_needs_board_space():
    s = make_state(HUNTER, hands=(["Animal Companion"], []), boards=(["Wisp"] * 7, []))
    assert not can_play(s, "Animal Companion")


def _summon(s, player, card_id):
    return mech.summon(s, player, card_db().get(card_id))


def test_misha_has_taunt():
    s = make_state(HUNTER)
    misha = _summon(s, 0, "VAN_NEW1_032")
    assert (misha.card.name, misha.attack, misha.health, misha.taunt) == ("Misha", 4, 4, True)


def test_huffer_has_charge():
    s = make_state(HUNTER)
    huffer = _summon(s, 0, "VAN_NEW1_034")
    s._legal = None
    assert (huffer.card.name, huffer.attack, huffer.health) == ("Huffer", 4, 2)
    attack(s, huffer, "enemy hero")
    assert s.players[1].hero.health == 26


def test_leokk_gives_other_friendly_minions_one_attack():
    s = make_state(HUNTER, boards=(["Chillwind Yeti"], ["Chillwind Yeti"]))
    leokk = _summon(s, 0, "VAN_NEW1_033")
    assert (leokk.card.name, leokk.attack, leokk.health) == ("Leokk", 2, 4)
    assert minion(s, 0, "Chillwind Yeti").attack == 5
    assert minion(s, 1, "Chillwind Yeti").attack == 4
    leokk.damage = 4
    mech.resolve_deaths(s)
    assert minion(s, 0, "Chillwind Yeti").attack == 4


def test_houndmaster_buffs_a_friendly_beast():
    s = make_state(HUNTER, hands=(["Houndmaster"], []), boards=(["Bloodfen Raptor", "Chillwind Yeti"], ["River Crocolisk"]))
    raptor = minion(s, 0, "Bloodfen Raptor")
    assert not can_play(s, "Houndmaster", minion(s, 0, "Chillwind Yeti"))
    assert not can_play(s, "Houndmaster", minion(s, 1, "River Crocolisk"))
    play(s, "Houndmaster", raptor)
    assert (raptor.attack, raptor.health, raptor.taunt) == (5, 4, True)


def test_houndmaster_without_a_beast_is_playable_without_target():
    s = make_state(HUNTER, hands=(["Houndmaster"], []), boards=(["Chillwind Yeti"], []))
    play(s, "Houndmaster")
    assert (minion(s, 0, "Houndmaster").attack, minion(s, 0, "Chillwind Yeti").attack) == (4, 4)


def test_starving_buzzard_draws_when_you_summon_a_beast():
    s = make_state(HUNTER, hands=(["Starving Buzzard", "Bloodfen Raptor", "Wisp", "Animal Companion"], []))
    play(s, "Starving Buzzard")
    assert len(s.players[0].hand) == 3  # not for itself
    play(s, "Wisp")
    assert len(s.players[0].hand) == 2  # not for a non-beast
    play(s, "Bloodfen Raptor")
    assert len(s.players[0].hand) == 2  # one played, one drawn
    play(s, "Animal Companion")
    assert len(s.players[0].hand) == 2
    end_turn(s)
    _summon(s, 1, "River Crocolisk")  # enemy beasts do not count
    assert len(s.players[0].hand) == 2


def test_timber_wolf_gives_other_beasts_one_attack():
    s = make_state(HUNTER, hands=(["Timber Wolf"], []), boards=(["Bloodfen Raptor", "Chillwind Yeti"], ["River Crocolisk"]))
    play(s, "Timber Wolf")
    assert minion(s, 0, "Timber Wolf").attack == 1
    assert minion(s, 0, "Bloodfen Raptor").attack == 4
    assert minion(s, 0, "Chillwind Yeti").attack == 4
    assert minion(s, 1, "River Crocolisk").attack == 2
    croc = _summon(s, 0, "River Crocolisk")
    assert croc.attack == 3


def test_tundra_rhino_gives_your_beasts_charge():
    s = make_state(HUNTER, hands=(["Tundra Rhino", "River Crocolisk", "Wisp"], []), boards=((), ["Bloodfen Raptor"]))
    play(s, "Tundra Rhino")
    play(s, "River Crocolisk")
    play(s, "Wisp")
    rhino, croc, wisp = s.players[0].board
    assert rhino.can_attack() and croc.can_attack() and not wisp.can_attack()
    assert not minion(s, 1, "Bloodfen Raptor").aura_charge
    attack(s, rhino, "enemy hero")
    assert s.players[1].hero.health == 28
    rhino.damage = 5
    mech.resolve_deaths(s)
    assert not croc.can_attack()


def test_steady_shot_hero_power():
    s = make_state(HUNTER)
    hero_power(s)
    assert s.players[1].hero.health == 28


# ---------------------------------------------------------------- Classic

def _secret_up(names, hand1=(), board0=(), board1=(), classes=("HUNTER", "WARRIOR"), hand0=()):
    """Player 0 plays the secrets `names`; then it is player 1's turn."""
    s = make_state(classes, hands=(list(names) + list(hand0), list(hand1)), boards=(list(board0), list(board1)))
    for name in names:
        play(s, name)
    end_turn(s)
    return s


def test_bestial_wrath_gives_a_friendly_beast_two_attack_and_immune_this_turn():
    s = make_state(HUNTER, hands=(["Bestial Wrath"], []), boards=(["Bloodfen Raptor", "Chillwind Yeti"], ["Boulderfist Ogre"]))
    raptor = minion(s, 0, "Bloodfen Raptor")
    assert not can_play(s, "Bestial Wrath", minion(s, 0, "Chillwind Yeti"))
    play(s, "Bestial Wrath", raptor)
    assert raptor.attack == 5
    attack(s, raptor, minion(s, 1, "Boulderfist Ogre"))
    assert raptor.health == 2 and minion(s, 1, "Boulderfist Ogre").health == 2  # no damage back
    end_turn(s)
    assert raptor.attack == 3 and raptor.enchants == ()
    mech.deal_damage(s, raptor, 1)
    assert raptor.health == 1


def test_flare_removes_stealth_destroys_enemy_secrets_and_draws():
    s = make_state(HUNTER, hands=(["Flare", "Explosive Trap"], []), boards=(["Worgen Infiltrator"], ["Worgen Infiltrator"]))
    play(s, "Explosive Trap")
    s.players[1].secrets = (card_db().get("Ice Barrier"), card_db().get("Vaporize"))
    play(s, "Flare")
    assert s.players[1].secrets == () and [c.name for c in s.players[0].secrets] == ["Explosive Trap"]
    assert not any(m.stealth for p in s.players for m in p.board)
    assert len(s.players[0].hand) == 1


def test_scavenging_hyena_grows_when_a_friendly_beast_dies():
    s = make_state(HUNTER, hands=(["Arcane Shot", "Arcane Shot", "Arcane Shot"], []),
                   boards=(["Scavenging Hyena", "Bloodfen Raptor", "Chillwind Yeti"], ["River Crocolisk"]))
    play(s, "Arcane Shot", minion(s, 0, "Bloodfen Raptor"))
    hyena = minion(s, 0, "Scavenging Hyena")
    assert (hyena.attack, hyena.health) == (4, 3)
    play(s, "Arcane Shot", minion(s, 1, "River Crocolisk"))  # an enemy beast: no
    play(s, "Arcane Shot", minion(s, 0, "Chillwind Yeti"))
    assert (hyena.attack, hyena.health) == (4, 3)


def test_deadly_shot_destroys_one_random_enemy_minion():
    seen = set()
    for seed in range(12):
        s = make_state(HUNTER, hands=(["Deadly Shot"], []), boards=(["Wisp"], ["Chillwind Yeti", "Boulderfist Ogre"]), seed=seed)
        play(s, "Deadly Shot")
        assert len(s.players[1].board) == 1 and len(s.players[0].board) == 1
        seen.add(s.players[1].board[0].card.name)
    assert seen == {"Chillwind Yeti", "Boulderfist Ogre"}
    assert not can_play(make_state(HUNTER, hands=(["Deadly Shot"], [])), "Deadly Shot")


def test_eaglehorn_bow_gains_durability_when_a_friendly_secret_is_revealed():
    s = make_state(HUNTER, hands=(["Eaglehorn Bow", "Snipe"], ["Bloodfen Raptor"]))
    play(s, "Eaglehorn Bow")
    play(s, "Snipe")
    end_turn(s)
    play(s, "Bloodfen Raptor")
    assert s.players[1].board == [] and s.players[0].weapon.durability == 3


def test_eaglehorn_bow_ignores_enemy_secrets_and_flare():
    s = make_state(HUNTER, hands=(["Eaglehorn Bow", "Flare", "Arcane Shot"], []))
    play(s, "Eaglehorn Bow")
    s.players[1].secrets = (card_db().get("Counterspell"),)
    play(s, "Flare")
    assert s.players[0].weapon.durability == 2


def test_unleash_the_hounds_summons_a_charging_hound_per_enemy_minion():
    s = make_state(HUNTER, hands=(["Unleash the Hounds"], []), boards=(["Wisp"] * 4, ["Wisp"] * 5))
    play(s, "Unleash the Hounds")
    hounds = [m for m in s.players[0].board if m.card.name == "Hound"]
    assert len(hounds) == 3 and all(h.charge and h.attack == 1 and h.card.race == "BEAST" for h in hounds)
    attack(s, hounds[0], "enemy hero")
    assert s.players[1].hero.health == 29
    assert not can_play(make_state(HUNTER, hands=(["Unleash the Hounds"], [])), "Unleash the Hounds")


def test_explosive_shot_hits_a_minion_and_its_neighbours():
    s = make_state(HUNTER, hands=(["Explosive Shot"], []),
                   boards=((), ["Wisp", "Chillwind Yeti", "Boulderfist Ogre", "Bloodfen Raptor"]))
    play(s, "Explosive Shot", minion(s, 1, "Boulderfist Ogre"))
    assert [(m.card.name, m.health) for m in s.players[1].board] == [("Wisp", 1), ("Chillwind Yeti", 3), ("Boulderfist Ogre", 2)]


def test_savannah_highmane_leaves_two_hyenas():
    s = make_state(HUNTER, hands=(["Fireball"], []), boards=(["Wisp", "Savannah Highmane", "Wisp"], []))
    mech.deal_damage(s, minion(s, 0, "Savannah Highmane"), 5)
    mech.resolve_deaths(s)
    assert [(m.card.name, m.attack, m.health) for m in s.players[0].board] == [
        ("Wisp", 1, 1), ("Hyena", 2, 2), ("Hyena", 2, 2), ("Wisp", 1, 1)]


def test_gladiators_longbow_makes_the_hero_immune_while_attacking():
    s = make_state(HUNTER, hands=(["Gladiator's Longbow"], ["Fireball"]), boards=((), ["Boulderfist Ogre"]))
    play(s, "Gladiator's Longbow")
    attack(s, "own hero", minion(s, 1, "Boulderfist Ogre"))
    assert s.players[0].hero.health == 30 and not s.players[0].hero.immune
    assert minion(s, 1, "Boulderfist Ogre").health == 2
    end_turn(s)
    play(s, "Fireball", "enemy hero")
    assert s.players[0].hero.health == 24


def test_the_opponents_longbow_does_not_make_your_hero_immune():
    s = make_state(("DRUID", "HUNTER"), hands=(["Claw"], ["Gladiator's Longbow"]), boards=((), ["Chillwind Yeti"]))
    mech.equip(s, 1, card_db().get("Gladiator's Longbow"))
    play(s, "Claw")
    attack(s, "own hero", minion(s, 1, "Chillwind Yeti"))
    assert (s.players[0].hero.health, s.players[0].hero.armor) == (28, 0)
    assert minion(s, 1, "Chillwind Yeti").health == 3


def test_longbow_hero_is_immune_to_explosive_trap():
    s = _secret_up(["Explosive Trap"], classes=("MAGE", "HUNTER"), hand1=["Gladiator's Longbow"], board1=["Wisp"])
    play(s, "Gladiator's Longbow")
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 30 and s.players[1].board == []
    assert s.players[0].hero.health == 25


def test_explosive_trap_damages_all_enemies_when_the_hero_is_attacked():
    s = _secret_up(["Explosive Trap"], board1=["Chillwind Yeti", "Bloodfen Raptor"], board0=["Kobold Geomancer"])
    attack(s, minion(s, 1, "Bloodfen Raptor"), "enemy hero")  # 3 damage with spell damage: the raptor dies first
    assert s.players[0].hero.health == 30
    assert [(m.card.name, m.health) for m in s.players[1].board] == [("Chillwind Yeti", 2)]
    assert s.players[1].hero.health == 27 and s.players[0].secrets == ()


def test_freezing_trap_returns_the_attacker_costing_two_more():
    from cardlab.engine.hearthstone.state import HearthstoneState

    s = _secret_up(["Freezing Trap"], board0=["Wisp"], board1=["Chillwind Yeti"])
    attack(s, minion(s, 1, "Chillwind Yeti"), minion(s, 0, "Wisp"))
    assert s.players[1].board == [] and minion(s, 0, "Wisp").health == 1
    yeti = s.players[1].hand[-1]
    assert yeti.name == "Chillwind Yeti" and s.cost(1, yeti) == 6
    for copy in (s.clone(), HearthstoneState.from_dict(s.to_dict())):
        assert copy.cost(1, copy.players[1].hand[-1]) == 6
    import pickle

    assert pickle.loads(pickle.dumps(yeti)).cost == 6
    s.players[1].hand = [yeti]  # (the card drawn this turn is a Yeti too)
    s.players[1].mana = 6
    s._legal = None
    play(s, "Chillwind Yeti")
    assert minion(s, 1, "Chillwind Yeti").attack == 4 and s.players[1].mana == 0


def test_freezing_trap_destroys_the_attacker_when_its_owners_hand_is_full():
    s = _secret_up(["Freezing Trap"], board0=["Wisp"], board1=["Leper Gnome"])
    s.players[1].hand = [card_db().get("Wisp")] * 10
    attack(s, minion(s, 1, "Leper Gnome"), minion(s, 0, "Wisp"))
    assert s.players[1].board == [] and len(s.players[1].hand) == 10
    assert minion(s, 0, "Wisp").health == 1 and s.players[0].hero.health == 28  # no attack; the Deathrattle hit


def test_freezing_trap_ignores_hero_attacks():
    s = _secret_up(["Freezing Trap"], hand1=["Fiery War Axe"])
    play(s, "Fiery War Axe")
    attack(s, "own hero", "enemy hero")
    assert s.players[0].hero.health == 27 and s.players[0].secrets


def test_misdirection_makes_the_attacker_hit_another_random_character():
    seen = set()
    for seed in range(20):
        s = _secret_up(["Misdirection"], board0=["Wisp"], board1=["Boulderfist Ogre", "Bloodfen Raptor"])
        s.rng = type(s.rng)(seed)
        attack(s, minion(s, 1, "Boulderfist Ogre"), "enemy hero")
        assert s.players[0].hero.health == 30 and s.players[0].secrets == ()
        if s.players[1].hero.health == 24:
            seen.add("own hero")
        elif not any(m.card.name == "Wisp" for m in s.players[0].board):
            seen.add("wisp")
        else:
            assert not any(m.card.name == "Bloodfen Raptor" for m in s.players[1].board)
            seen.add("raptor")
    assert seen == {"own hero", "wisp", "raptor"}


def test_misdirection_waits_without_another_target():
    s = _secret_up(["Misdirection"], board1=["Boulderfist Ogre"])
    s.players[1].hero.immune = True  # not a valid new defender
    attack(s, minion(s, 1, "Boulderfist Ogre"), "enemy hero")
    assert s.players[0].hero.health == 24 and s.players[0].secrets


def test_misdirection_never_picks_an_immune_minion():
    # the only other character is the attacker's own Beast, Immune from Bestial Wrath: the secret waits
    s = _secret_up(["Misdirection"], board1=["River Crocolisk", "Boulderfist Ogre"])
    s.players[1].mana = 10
    s.players[1].hand = [card_db().get("Bestial Wrath")]
    play(s, "Bestial Wrath", minion(s, 1, "River Crocolisk"))
    s.players[1].hero.immune = True
    attack(s, minion(s, 1, "Boulderfist Ogre"), "enemy hero")
    assert s.players[0].hero.health == 24 and s.players[0].secrets
    assert minion(s, 1, "River Crocolisk").damage == 0


def test_snake_trap_summons_three_snakes_when_a_friendly_minion_is_attacked():
    s = _secret_up(["Snake Trap"], board0=["Chillwind Yeti"], board1=["Boulderfist Ogre", "Wisp"])
    attack(s, minion(s, 1, "Wisp"), "enemy hero")  # the hero attacked: waits
    assert s.players[0].secrets
    attack(s, minion(s, 1, "Boulderfist Ogre"), minion(s, 0, "Chillwind Yeti"))
    assert [m.card.name for m in s.players[0].board] == ["Snake"] * 3
    assert all(m.attack == 1 and m.health == 1 for m in s.players[0].board)


def test_snipe_deals_four_to_the_minion_the_opponent_plays():
    s = _secret_up(["Snipe"], hand1=["Chillwind Yeti", "Boulderfist Ogre"])
    play(s, "Chillwind Yeti")
    assert minion(s, 1, "Chillwind Yeti").health == 1 and s.players[0].secrets == ()


def test_snipe_kills_and_spell_damage_counts():
    s = _secret_up(["Snipe"], board0=["Kobold Geomancer"], hand1=["Boulderfist Ogre"])
    play(s, "Boulderfist Ogre")
    assert minion(s, 1, "Boulderfist Ogre").health == 2
