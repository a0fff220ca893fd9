"""Cost modifiers (engine/hearthstone/costs.py): self-adjusting cards, cost auras, one-shot cost effects."""

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import costs
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.state import HearthstoneState
from tests.engine.hs import attack, can_play, end_turn, make_state, minion, play


def cost(s, player, name):
    return s.cost(player, card_db().get(name))


def give_effect(s, player, **kw):
    """Run a cost_effect as player `player`'s card would."""
    costs.cost_effect(**kw)(mech.Ctx(s, player, None, None))
    s._legal = None


# ---------------------------------------------------------------- self-adjustment


def test_molten_giant_costs_one_less_per_damage_taken_and_never_below_zero():
    s = make_state(hands=(["Molten Giant"], []), mana=5)
    assert cost(s, 0, "Molten Giant") == 20 and not can_play(s, "Molten Giant")
    s.players[0].hero.damage = 15
    s._legal = None
    assert cost(s, 0, "Molten Giant") == 5
    play(s, "Molten Giant")
    assert s.players[0].mana == 0
    s.players[0].hero.damage = 29
    assert cost(s, 0, "Molten Giant") == 0


def test_molten_giant_ignores_armor_and_the_enemy_heros_damage():
    s = make_state(hands=(["Molten Giant"], []))
    s.players[0].hero.armor = 10
    s.players[1].hero.damage = 10
    assert cost(s, 0, "Molten Giant") == 20


def test_mountain_giant_counts_other_cards_in_hand():
    s = make_state(hands=(["Mountain Giant", "Wisp", "Wisp", "Fireball"], []), mana=9)
    assert cost(s, 0, "Mountain Giant") == 9
    play(s, "Mountain Giant")
    assert s.players[0].mana == 0


def test_sea_giant_counts_minions_on_both_sides():
    s = make_state(hands=(["Sea Giant"], []), boards=(["Wisp", "Wisp"], ["Wisp", "Wisp", "Wisp"]), mana=5)
    assert cost(s, 0, "Sea Giant") == 5
    play(s, "Sea Giant")
    assert s.players[0].mana == 0


def test_dread_corsair_costs_less_per_weapon_attack():
    s = make_state(classes=("WARRIOR", "MAGE"), hands=(["Dread Corsair", "Fiery War Axe"], []))
    assert cost(s, 0, "Dread Corsair") == 4
    play(s, "Fiery War Axe")
    assert cost(s, 0, "Dread Corsair") == 1


# ---------------------------------------------------------------- auras


def test_venture_co_mercenary_raises_only_its_owners_minions():
    s = make_state(hands=(["Wisp", "Fireball"], ["Wisp"]), boards=(["Venture Co. Mercenary"], []))
    assert cost(s, 0, "Wisp") == 3 and cost(s, 0, "Fireball") == 4
    assert cost(s, 1, "Wisp") == 0
    play(s, "Wisp")
    assert s.players[0].mana == 7


def test_venture_co_mercenary_aura_ends_when_silenced_or_dead():
    s = make_state(hands=(["Wisp", "Ironbeak Owl"], []), boards=(["Venture Co. Mercenary"], []))
    play(s, "Ironbeak Owl", minion(s, 0, "Venture Co. Mercenary"))  # the Owl itself still cost 2 + 3
    assert s.players[0].mana == 5
    assert cost(s, 0, "Wisp") == 0
    s = make_state(hands=(["Wisp", "Fireball"], []), boards=(["Venture Co. Mercenary"], []))
    s.players[0].mana = 10
    play(s, "Fireball", minion(s, 0, "Venture Co. Mercenary"))
    assert cost(s, 0, "Wisp") == 0


def test_mana_wraith_raises_minions_of_both_players():
    s = make_state(hands=(["Mana Wraith", "Wisp", "Frostbolt"], ["Wisp"]))
    play(s, "Mana Wraith")
    assert cost(s, 0, "Wisp") == 1 and cost(s, 1, "Wisp") == 1 and cost(s, 0, "Frostbolt") == 2


def test_two_auras_stack():
    s = make_state(hands=(["Chillwind Yeti"], []), boards=(["Venture Co. Mercenary", "Mana Wraith"], []), mana=8)
    assert cost(s, 0, "Chillwind Yeti") == 8
    play(s, "Chillwind Yeti")
    assert s.players[0].mana == 0


def test_pint_sized_summoner_discounts_the_first_minion_each_turn():
    s = make_state(hands=(["Pint-Sized Summoner", "Bloodfen Raptor", "River Crocolisk"], []))
    play(s, "Pint-Sized Summoner")  # itself: the first minion this turn, full price
    assert s.players[0].mana == 8
    assert cost(s, 0, "Bloodfen Raptor") == 2
    end_turn(s)
    end_turn(s)
    assert cost(s, 0, "Bloodfen Raptor") == 1
    play(s, "Bloodfen Raptor")
    assert s.players[0].mana == 9  # 10 mana crystals (refilled), 1 paid
    assert cost(s, 0, "River Crocolisk") == 2


def test_pint_sized_summoner_counts_minions_played_before_it():
    s = make_state(hands=(["Wisp", "Pint-Sized Summoner", "Bloodfen Raptor"], []))
    play(s, "Wisp")
    play(s, "Pint-Sized Summoner")
    assert cost(s, 0, "Bloodfen Raptor") == 2


def test_pint_sized_summoner_does_not_discount_the_enemy_or_spells():
    s = make_state(hands=(["Frostbolt"], ["Wisp", "Bloodfen Raptor"]), boards=(["Pint-Sized Summoner"], []))
    assert cost(s, 0, "Frostbolt") == 2 and cost(s, 1, "Bloodfen Raptor") == 2


def test_aura_order_and_floor_follow_play_order():
    # Summoning Portal-like floor: "(2) less, but not less than (1)"; a 0-cost card stays at 0.
    assert costs._adjusted(3, -2, None, 1) == 1 and costs._adjusted(2, -2, None, 1) == 1
    assert costs._adjusted(0, -2, None, 1) == 0 and costs._adjusted(5, -2, None, 1) == 3


def test_summoning_portal_applies_before_a_cards_own_cost_change():
    # Hearthstone Wiki, Summoning Portal: its reduction comes first, the card's cost enchantments after it.
    from cardlab.engine.hearthstone.dsl_secrets import cost_changed

    db = card_db()
    s = make_state(classes=("WARLOCK", "ROGUE"), boards=(["Summoning Portal"], []))
    shadowstepped = cost_changed(db.get("Chillwind Yeti"), -2)
    trapped_gnome = cost_changed(db.get("Leper Gnome"), 2)
    trapped_raptor = cost_changed(db.get("Bloodfen Raptor"), 2)
    assert [s.cost(0, c) for c in (shadowstepped, trapped_gnome, trapped_raptor)] == [0, 3, 3]
    assert s.cost(0, db.get("Leper Gnome")) == 1 and s.cost(0, db.get("Chillwind Yeti")) == 2


def test_summoning_portal_applies_before_an_aura_played_earlier():
    # "Summoning Portal's effect is applied first" (Hearthstone Wiki): with a Venture Co. Mercenary played before it,
    # a 1-cost minion costs 1 (Portal's floor) + 3, not 1 + 3 - 2.
    for board in (["Venture Co. Mercenary", "Summoning Portal"], ["Summoning Portal", "Venture Co. Mercenary"]):
        s = make_state(classes=("WARLOCK", "MAGE"), boards=(board, []))
        assert cost(s, 0, "Elven Archer") == 4 and cost(s, 0, "Chillwind Yeti") == 5


def test_a_freezing_trapped_minion_keeps_its_two_extra_under_summoning_portal():
    s = make_state(classes=("WARLOCK", "HUNTER"), hands=([], ["Freezing Trap"]),
                   boards=(["Summoning Portal", "Leper Gnome"], []))
    s.current = 1
    s._legal = None
    play(s, "Freezing Trap")
    end_turn(s)
    attack(s, minion(s, 0, "Leper Gnome"), "enemy hero")
    gnome = next(c for c in s.players[0].hand if c.name == "Leper Gnome")
    assert s.cost(0, gnome) == 3  # 1 under the Portal's floor, then +2


# ---------------------------------------------------------------- one-shot and temporary effects


def test_millhouse_makes_enemy_spells_free_on_their_next_turn_only():
    s = make_state(hands=(["Millhouse Manastorm", "Frostbolt"], ["Fireball", "Chillwind Yeti"]))
    play(s, "Millhouse Manastorm")
    assert cost(s, 0, "Frostbolt") == 2  # its owner's spells are unaffected
    end_turn(s)
    s.players[1].mana = 0
    s._legal = None
    assert cost(s, 1, "Fireball") == 0 and cost(s, 1, "Chillwind Yeti") == 4
    play(s, "Fireball", "enemy hero")
    assert s.players[0].hero.health == 24
    end_turn(s)
    end_turn(s)
    s.players[1].hand.append(card_db().get("Fireball"))
    assert cost(s, 1, "Fireball") == 4


def test_once_effect_is_used_by_the_next_matching_card_and_stacks():
    s = make_state(hands=(["Wisp", "Fireball", "Frostbolt"], []))
    give_effect(s, 0, cards=costs.SPELLS, add=-3, once=True)
    give_effect(s, 0, cards=costs.SPELLS, add=-3, once=True)
    assert cost(s, 0, "Fireball") == 0 and cost(s, 0, "Frostbolt") == 0
    play(s, "Wisp")  # not a spell: nothing used up
    assert cost(s, 0, "Fireball") == 0
    play(s, "Frostbolt", "enemy hero")  # both go on the next spell
    assert s.players[0].mana == 10
    assert cost(s, 0, "Fireball") == 4 and s.players[0].cost_effects == ()


def test_cost_effect_ends_with_its_holders_turn():
    s = make_state(hands=(["Fireball"], []))
    give_effect(s, 0, cards=costs.SPELLS, set_to=0, once=True)
    assert cost(s, 0, "Fireball") == 0
    end_turn(s)
    assert s.players[0].cost_effects == () and cost(s, 0, "Fireball") == 4


def test_secret_filter():
    s = make_state(hands=(["Fireball"], []))
    give_effect(s, 0, cards=costs.SECRETS, set_to=0, once=True)
    assert cost(s, 0, "Fireball") == 4
    secret = next(c for c in card_db() if c.collectible and "SECRET" in c.mechanics)
    assert s.cost(0, secret) == 0


def test_hero_power_cost_is_never_modified():
    s = make_state(boards=(["Venture Co. Mercenary", "Mana Wraith"], []))
    give_effect(s, 0, cards=costs.ALL_CARDS, add=5)
    assert s.cost(0, s.players[0].hero_power) == 2


def test_cost_state_survives_clone_and_serialisation():
    s = make_state(hands=(["Wisp", "Fireball"], []), boards=(["Venture Co. Mercenary"], []))
    give_effect(s, 0, cards=costs.SPELLS, add=-3, once=True)
    play(s, "Wisp")
    for copy in (s.clone(), HearthstoneState.from_dict(s.to_dict())):
        assert copy.players[0].minions_played == 1
        assert cost(copy, 0, "Fireball") == 1 and cost(copy, 0, "Wisp") == 3
        assert copy.to_dict() == s.to_dict()
    c = s.clone()
    give_effect(c, 0, cards=costs.SPELLS, add=-1)
    assert cost(s, 0, "Fireball") == 1  # the original is untouched


def test_no_modifiers_means_printed_cost():
    s = make_state(hands=(["Chillwind Yeti", "Fireball"], []), boards=(["Wisp"], ["Wisp"]))
    assert s.players[0].cost_auras == () and s.players[0].cost_effects == ()
    assert cost(s, 0, "Chillwind Yeti") == 4 and cost(s, 0, "Fireball") == 4
