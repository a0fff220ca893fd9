"""Rules of the Hearthstone engine, each checked on a small position (tests/engine/hs.py)."""

from collections import Counter

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.state import ATTACK, HIDDEN_ID, MULLIGAN, GameConfig, HearthstoneState
from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play


def attacks_of(s, attacker) -> list:
    """Legal attack actions of one attacker ('own hero' or a friendly minion)."""
    slot = 0 if attacker == "own hero" else s.players[s.current].board.index(attacker) + 1
    return [a for a in s.legal_actions() if a[0] == ATTACK and a[1] == slot]


def names(board) -> list[str]:
    return [m.card.name for m in board]


def attack_targets(s, attacker) -> list[int]:
    return [a[2] for a in attacks_of(s, attacker)]


def new_game(decks=None, seed: int = 0, config: GameConfig | None = None, classes=("MAGE", "MAGE")) -> HearthstoneState:
    db = card_db()
    decks = decks or (["Bloodfen Raptor"] * 30, ["Bloodfen Raptor"] * 30)
    return HearthstoneState.new(config or GameConfig(), [(f"d{i}", classes[i], [db.get(c) for c in decks[i]]) for i in range(2)], seed)


def distinct_deck(n: int = 30) -> list[str]:
    """n different collectible neutral minions (ids), for tests that must tell cards apart."""
    cards = sorted((c for c in card_db().collectible() if c.card_class == "NEUTRAL" and c.type == "MINION"), key=lambda c: c.id)
    return [c.id for c in cards[:n]]


# A 30-card deck of cards with Basic/Classic effects (mage + neutral), for random playouts.
PLAYOUT_DECK = [
    "Fireball", "Fireball", "Frostbolt", "Frostbolt", "Arcane Missiles", "Arcane Missiles", "Arcane Explosion",
    "Arcane Intellect", "Flamestrike", "Mirror Image", "Polymorph", "Water Elemental", "Mana Wyrm", "Knife Juggler",
    "Harvest Golem", "Loot Hoarder", "Leper Gnome", "Ironbeak Owl", "Amani Berserker", "Dire Wolf Alpha",
    "Argent Squire", "Worgen Infiltrator", "Abomination", "Cult Master", "Young Priestess", "Raging Worgen",
    "Kobold Geomancer", "Murloc Tidehunter", "Sen'jin Shieldmasta", "Wolfrider",
]


def random_playout(s: HearthstoneState, rng: Rng, steps: int) -> list:
    actions = []
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        a = rng.choice(legal)
        s.apply(a)
        actions.append(a)
    return actions


# ---------------------------------------------------------------- attacking

def test_summoning_sickness_without_charge():
    s = make_state(hands=(["Bloodfen Raptor", "Wolfrider"], []))
    play(s, "Bloodfen Raptor")
    play(s, "Wolfrider")
    assert attacks_of(s, minion(s, 0, "Bloodfen Raptor")) == []
    assert attack_targets(s, minion(s, 0, "Wolfrider")) == [8]
    end_turn(s)
    end_turn(s)
    assert attack_targets(s, minion(s, 0, "Bloodfen Raptor")) == [8]


def test_each_minion_attacks_once_per_turn():
    s = make_state(boards=(["Chillwind Yeti", "Bloodfen Raptor"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    attack(s, yeti, "enemy hero")
    assert attacks_of(s, yeti) == []
    assert attacks_of(s, minion(s, 0, "Bloodfen Raptor")) != []
    end_turn(s)
    end_turn(s)
    assert attacks_of(s, yeti) != []


def test_windfury_attacks_twice():
    s = make_state(boards=(["Thrallmar Farseer"], []))
    farseer = minion(s, 0, "Thrallmar Farseer")
    attack(s, farseer, "enemy hero")
    assert attacks_of(s, farseer) != []
    attack(s, farseer, "enemy hero")
    assert attacks_of(s, farseer) == []
    assert s.players[1].hero.health == 26


def test_zero_attack_minion_cannot_attack():
    s = make_state(boards=(["Ancient Watcher", "Chillwind Yeti"], []))
    minion(s, 0, "Chillwind Yeti").base_attack = 0
    assert [a for a in s.legal_actions() if a[0] == ATTACK] == []


def test_must_attack_taunt_minions():
    s = make_state(hands=(["Fiery War Axe", "Fireball"], []), boards=(["Chillwind Yeti"], ["Bloodfen Raptor", "Sen'jin Shieldmasta", "Goldshire Footman"]))
    play(s, "Fiery War Axe")
    yeti = minion(s, 0, "Chillwind Yeti")
    assert attack_targets(s, yeti) == [10, 11]  # the two taunts, not the hero or the Raptor
    assert attack_targets(s, "own hero") == [10, 11]
    assert can_play(s, "Fireball", "enemy hero")  # spells ignore taunt
    attack(s, yeti, minion(s, 1, "Goldshire Footman"))
    play(s, "Fireball", minion(s, 1, "Sen'jin Shieldmasta"))
    assert attack_targets(s, "own hero") == [8, 9]


def test_stealth_cannot_be_targeted_or_attacked_but_is_hit_by_area_damage():
    s = make_state(hands=(["Fireball", "Arcane Explosion"], []), boards=(["Chillwind Yeti"], ["Worgen Infiltrator", "Bloodfen Raptor"]))
    infiltrator = minion(s, 1, "Worgen Infiltrator")
    assert not can_play(s, "Fireball", infiltrator)
    assert can_play(s, "Fireball", minion(s, 1, "Bloodfen Raptor"))
    assert attack_targets(s, minion(s, 0, "Chillwind Yeti")) == [8, 10]
    assert (3, 9) not in s.legal_actions()  # nor by the hero power
    play(s, "Arcane Explosion")
    assert infiltrator not in s.players[1].board


def test_stealthed_taunt_does_not_force_attacks():
    s = make_state(boards=(["Chillwind Yeti"], ["Jungle Panther", "Bloodfen Raptor"]))
    minion(s, 1, "Jungle Panther").taunt = True
    assert attack_targets(s, minion(s, 0, "Chillwind Yeti")) == [8, 10]


def test_own_stealthed_minion_can_be_targeted():
    s = make_state(hands=(["Frostbolt"], []), boards=(["Jungle Panther"], []))
    assert can_play(s, "Frostbolt", minion(s, 0, "Jungle Panther"))


def test_stealth_lost_after_attacking():
    s = make_state(boards=(["Worgen Infiltrator"], ["Chillwind Yeti"]))
    infiltrator = minion(s, 0, "Worgen Infiltrator")
    attack(s, infiltrator, "enemy hero")
    assert not infiltrator.stealth
    end_turn(s)
    assert attack_targets(s, minion(s, 1, "Chillwind Yeti")) == [8, 9]


def test_divine_shield_absorbs_one_instance():
    s = make_state(hands=(["Fireball", "Frostbolt"], []), boards=((), ["Argent Squire", "Armorsmith"]))
    squire = minion(s, 1, "Argent Squire")
    play(s, "Fireball", squire)
    assert squire.health == 1 and not squire.divine_shield
    assert s.players[1].hero.armor == 0  # no damage taken: Armorsmith does not trigger
    play(s, "Frostbolt", squire)
    assert squire not in s.players[1].board


def test_divine_shield_pops_on_attack_with_no_damage_either_way():
    s = make_state(boards=(["Scarlet Crusader"], ["Chillwind Yeti"]))
    crusader = minion(s, 0, "Scarlet Crusader")
    attack(s, crusader, minion(s, 1, "Chillwind Yeti"))
    assert crusader.health == 1 and not crusader.divine_shield
    assert minion(s, 1, "Chillwind Yeti").health == 2


# ---------------------------------------------------------------- freeze

def test_frozen_on_opponents_turn_misses_next_attack_then_thaws():
    s = make_state(hands=(["Frostbolt"], []), boards=((), ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    play(s, "Frostbolt", yeti)
    end_turn(s)
    assert yeti.frozen and attacks_of(s, yeti) == []
    end_turn(s)  # end of the yeti's own turn: thawed
    assert not yeti.frozen
    end_turn(s)
    assert attack_targets(s, yeti) == [8]


def test_a_windfury_minion_frozen_after_one_attack_thaws_at_its_turn_end():
    # it had an attack left (Hearthstone Wiki, Freeze: the rule since patch 22.4); one that used both stays frozen
    for attacks, frozen_after in ((1, False), (2, True)):
        s = make_state(boards=(["Chillwind Yeti"], ["Boulderfist Ogre"]))
        yeti = minion(s, 0, "Chillwind Yeti")
        yeti.windfury = True
        for _ in range(attacks):
            attack(s, yeti, "enemy hero")
        yeti.frozen = True  # a Water Elemental's freeze, say
        end_turn(s)
        assert yeti.frozen == frozen_after


def test_frozen_hero_cannot_attack_with_weapon():
    s = make_state(hands=(["Frostbolt"], ["Fiery War Axe"]))
    play(s, "Frostbolt", "enemy hero")
    end_turn(s)
    play(s, "Fiery War Axe")
    assert s.players[1].hero.frozen and attacks_of(s, "own hero") == []
    end_turn(s)
    assert not s.players[1].hero.frozen
    end_turn(s)
    assert attack_targets(s, "own hero") == [8]


def test_minion_frozen_after_attacking_stays_frozen_through_next_turn():
    s = make_state(boards=(["Chillwind Yeti"], ["Water Elemental"]))
    yeti = minion(s, 0, "Chillwind Yeti")
    attack(s, yeti, minion(s, 1, "Water Elemental"))  # the counterattack freezes it
    assert yeti.frozen
    end_turn(s)
    assert yeti.frozen
    end_turn(s)
    assert yeti.frozen and attacks_of(s, yeti) == []
    end_turn(s)
    assert not yeti.frozen
    end_turn(s)
    assert attacks_of(s, yeti) != []


def test_a_minion_frozen_on_the_turn_it_was_played_misses_its_next_turn():
    s = make_state(hands=(["Bloodfen Raptor", "Ice Lance"], []))
    play(s, "Bloodfen Raptor")
    raptor = minion(s, 0, "Bloodfen Raptor")
    play(s, "Ice Lance", raptor)
    end_turn(s)
    assert raptor.frozen  # it could not attack this turn, so it does not thaw yet
    end_turn(s)
    assert attacks_of(s, raptor) == []
    end_turn(s)
    assert not raptor.frozen


def test_a_charge_minion_frozen_without_attacking_thaws_at_the_end_of_its_turn():
    s = make_state(hands=(["Stonetusk Boar", "Ice Lance"], []))
    play(s, "Stonetusk Boar")
    boar = minion(s, 0, "Stonetusk Boar")
    play(s, "Ice Lance", boar)
    end_turn(s)
    assert not boar.frozen


# ---------------------------------------------------------------- heroes, weapons, armor

def test_weapon_loses_durability_and_breaks():
    s = make_state(hands=(["Fiery War Axe"], []), boards=((), ["Bloodfen Raptor"]))
    play(s, "Fiery War Axe")
    assert s.players[0].weapon.durability == 2
    attack(s, "own hero", minion(s, 1, "Bloodfen Raptor"))
    assert s.players[0].hero.health == 27  # the Raptor hits back
    assert s.players[0].weapon.durability == 1
    assert attacks_of(s, "own hero") == []  # once per turn
    end_turn(s)
    end_turn(s)
    attack(s, "own hero", "enemy hero")
    assert s.players[1].hero.health == 27
    assert s.players[0].weapon is None
    end_turn(s)
    end_turn(s)
    assert attacks_of(s, "own hero") == []


def test_weapon_does_not_strike_back_on_opponents_turn():
    s = make_state(hands=(["Fiery War Axe"], []), boards=((), ["Bloodfen Raptor"]))
    play(s, "Fiery War Axe")
    end_turn(s)
    attack(s, minion(s, 1, "Bloodfen Raptor"), "enemy hero")
    assert s.players[0].hero.health == 27 and minion(s, 1, "Bloodfen Raptor").health == 2
    assert s.players[0].weapon.durability == 2


def test_armor_absorbs_damage_before_health():
    s = make_state(hands=(["Fireball", "Frostbolt"], []))
    mech.gain_armor(s.players[1].hero, 5)
    play(s, "Fireball", "enemy hero")
    assert s.players[1].hero.armor == 0 and s.players[1].hero.health == 29
    mech.gain_armor(s.players[1].hero, 5)
    play(s, "Frostbolt", "enemy hero")
    assert s.players[1].hero.armor == 2 and s.players[1].hero.health == 29


def test_hero_dies_and_opponent_wins():
    s = make_state(hands=(["Fireball"], []))
    s.players[1].hero.damage = 24
    play(s, "Fireball", "enemy hero")
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, -1.0]
    assert s.current_player == -1 and s.legal_actions() == []


# ---------------------------------------------------------------- cards, decks, mana

def test_hand_limit_overdraw_destroys_card():
    s = make_state(hands=(["Wisp"] * 10, []))
    deck_before = len(s.players[0].deck)
    end_turn(s)
    end_turn(s)  # player 0 draws into a full hand
    p = s.players[0]
    assert len(p.hand) == 10 and all(c.name == "Wisp" for c in p.hand)
    assert len(p.deck) == deck_before - 1


def test_hand_limit_applies_to_card_draw_effects():
    s = make_state(hands=(["Arcane Intellect"] + ["Wisp"] * 9, []))
    deck_before = len(s.players[0].deck)
    play(s, "Arcane Intellect")  # 9 cards left: the first draw fits, the second burns
    assert len(s.players[0].hand) == 10 and len(s.players[0].deck) == deck_before - 2


def test_fatigue_increases_one_two_three():
    s = make_state()
    for p in s.players:
        p.deck = []
    healths = []
    for _ in range(6):
        end_turn(s)
        healths.append((s.players[0].hero.health, s.players[1].hero.health))
    assert healths == [(30, 29), (29, 29), (29, 27), (27, 27), (27, 24), (24, 24)]


def test_board_limit_seven_minions():
    s = make_state(hands=(["Bloodfen Raptor", "Fireball", "Mirror Image"], []), boards=(["Wisp"] * 7, []))
    assert not can_play(s, "Bloodfen Raptor")
    assert not can_play(s, "Mirror Image")
    assert can_play(s, "Fireball", "enemy hero")
    play(s, "Fireball", minion(s, 0, "Wisp"))
    assert can_play(s, "Bloodfen Raptor")


def test_summon_effects_stop_at_seven():
    s = make_state(hands=(["Mirror Image"], []), boards=(["Wisp"] * 6, []))
    play(s, "Mirror Image")
    assert len(s.players[0].board) == 7


def test_mana_crystals_grow_to_ten_and_refill():
    s = new_game()
    seen = []
    for _ in range(24):
        p = s.players[s.current]
        seen.append((s.current, p.max_mana, p.mana))
        p.mana = 0  # spend it all
        end_turn(s)
    assert [m for cur, m, _ in seen if cur == 0] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]
    assert [m for cur, m, _ in seen if cur == 1] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]
    assert all(max_mana == mana for _, max_mana, mana in seen)


def test_coin_gives_second_player_one_mana_this_turn():
    s = new_game()
    end_turn(s)
    p = s.players[1]
    assert p.mana == 1 and not can_play(s, "Bloodfen Raptor")
    play(s, "The Coin")
    assert p.mana == 2 and p.max_mana == 1
    play(s, "Bloodfen Raptor")
    assert p.mana == 0
    end_turn(s)
    end_turn(s)
    assert p.max_mana == 2 and p.mana == 2


def test_starting_hands_first_three_plus_draw_second_four_plus_coin():
    s = new_game()
    p0, p1 = s.players
    assert s.current == 0 and s.turn == 1
    assert len(p0.hand) == 4 and len(p0.deck) == 26
    assert len(p1.hand) == 5 and len(p1.deck) == 26
    assert p1.hand[-1].name == "The Coin" and all(c.name != "The Coin" for c in p0.hand)
    assert p0.max_mana == 1 and p1.max_mana == 0


# ---------------------------------------------------------------- game end

def test_simultaneous_hero_deaths_are_a_draw():
    s = make_state(hands=(["Fireball"], []), boards=((), ["Abomination"]))
    s.players[0].hero.damage = 28
    s.players[1].hero.damage = 28
    play(s, "Fireball", minion(s, 1, "Abomination"))  # deathrattle: 2 to all characters
    assert s.is_terminal() and s.winner == -1 and s.returns() == [0.0, 0.0]


def test_simultaneous_deathrattles_killing_both_heroes_are_a_draw():
    s = make_state(boards=(["Leper Gnome"], ["Leper Gnome"]))
    s.players[0].hero.damage = 28
    s.players[1].hero.damage = 28
    attack(s, minion(s, 0, "Leper Gnome"), minion(s, 1, "Leper Gnome"))
    assert s.is_terminal() and s.winner == -1


def test_max_turns_is_a_draw():
    s = new_game(config=GameConfig(max_turns=4))
    for _ in range(3):
        end_turn(s)
    assert not s.is_terminal() and s.turn == 4
    end_turn(s)
    assert s.is_terminal() and s.winner == -1 and s.returns() == [0.0, 0.0]
    assert s.legal_actions() == []


# ---------------------------------------------------------------- deaths

def test_deaths_resolve_in_play_order():
    """Two Harvest Golems die together: the earlier-played one's Deathrattle runs first."""
    s = make_state(hands=(["Harvest Golem", "Fireball"], []), boards=((), ["Harvest Golem", "Abomination"]))
    play(s, "Harvest Golem")  # played after the enemy's
    for side in (0, 1):
        minion(s, side, "Harvest Golem").damage = 1
    play(s, "Fireball", minion(s, 1, "Abomination"))
    t0 = minion(s, 0, "Damaged Golem")
    t1 = minion(s, 1, "Damaged Golem")
    assert t1.uid < t0.uid
    assert s.players[0].hero.health == 28 and s.players[1].hero.health == 28


def test_deaths_resolve_in_play_order_mirror():
    s = make_state(hands=(["Fireball"], ["Harvest Golem"]), boards=(["Harvest Golem", "Abomination"], []))
    end_turn(s)
    s.players[1].mana = 10
    play(s, "Harvest Golem")
    for side in (0, 1):
        minion(s, side, "Harvest Golem").damage = 1
    end_turn(s)
    play(s, "Fireball", minion(s, 0, "Abomination"))
    assert minion(s, 0, "Damaged Golem").uid < minion(s, 1, "Damaged Golem").uid


def test_deathrattle_chain_resolves_until_stable():
    s = make_state(hands=(["Fireball"], []), boards=(["Loot Hoarder"], ["Abomination", "Harvest Golem", "Abomination"]))
    minion(s, 1, "Abomination", 1).damage = 2
    play(s, "Fireball", minion(s, 1, "Abomination", 0))
    # Abomination 1 dies: 2 to all -> Abomination 2 and Loot Hoarder die -> 2 more to all
    # -> Harvest Golem dies -> its Damaged Golem arrives after all the damage.
    assert [m.card.name for m in s.players[1].board] == ["Damaged Golem"]
    assert s.players[0].board == []
    assert len(s.players[0].hand) == 1  # Fireball played, Loot Hoarder drew
    assert s.players[0].hero.health == 26 and s.players[1].hero.health == 26


def test_deathrattle_summon_goes_to_dead_minions_slot_among_survivors():
    s = make_state(hands=(["Flamestrike"], []), boards=((), ["Wisp", "Harvest Golem", "Wisp", "Chillwind Yeti"]))
    play(s, "Flamestrike")
    assert [m.card.name for m in s.players[1].board] == ["Damaged Golem", "Chillwind Yeti"]


def test_simultaneous_deathrattle_summons_take_their_own_minions_places():
    s = make_state(hands=(["Flamestrike"], []), boards=((), ["Harvest Golem", "Boulderfist Ogre", "Harvest Golem"]))
    play(s, "Flamestrike")
    assert names(s.players[1].board) == ["Damaged Golem", "Boulderfist Ogre", "Damaged Golem"]
    s = make_state(hands=(["Flamestrike"], []),
                   boards=((), ["Harvest Golem", "Chillwind Yeti", "Harvest Golem", "Boulderfist Ogre"]))
    play(s, "Flamestrike")
    assert names(s.players[1].board) == ["Damaged Golem", "Chillwind Yeti", "Damaged Golem", "Boulderfist Ogre"]


def test_simultaneous_deathrattle_summons_in_any_play_order():
    """The right-hand Golem was played first, so its Deathrattle runs first: the slots still hold."""
    s = make_state(hands=(["Harvest Golem", "Harvest Golem"], ["Flamestrike"]),
                   boards=(["Boulderfist Ogre", "Chillwind Yeti"], []), config=GameConfig(positions="all"))
    play(s, "Harvest Golem", position=2)  # Ogre, Yeti, Golem
    play(s, "Harvest Golem", position=0)  # Golem, Ogre, Yeti, Golem
    end_turn(s)
    play(s, "Flamestrike")
    assert names(s.players[0].board) == ["Damaged Golem", "Boulderfist Ogre", "Chillwind Yeti", "Damaged Golem"]


def test_deathrattle_summons_land_next_to_the_adjacency_minion():
    """Dire Wolf Alpha between two Harvest Golems: both Damaged Golems come back beside it, at 3 attack."""
    s = make_state(hands=(["Hand of Protection", "Flamestrike"], []),
                   boards=((), ["Harvest Golem", "Dire Wolf Alpha", "Harvest Golem"]))
    play(s, "Hand of Protection", minion(s, 1, "Dire Wolf Alpha"))  # Divine Shield: survives the Flamestrike
    play(s, "Flamestrike")
    board = s.players[1].board
    assert [(m.card.name, m.attack, m.health) for m in board] == [
        ("Damaged Golem", 3, 1), ("Dire Wolf Alpha", 2, 2), ("Damaged Golem", 3, 1)]


def test_deathrattle_summons_land_next_to_flametongue_totem():
    s = make_state(hands=(["Blessing of Kings", "Hellfire"], []),
                   boards=((), ["Harvest Golem", "Boulderfist Ogre", "Harvest Golem", "Flametongue Totem"]))
    play(s, "Blessing of Kings", minion(s, 1, "Flametongue Totem"))  # 4/7: survives the Hellfire
    play(s, "Hellfire")
    assert [(m.card.name, m.attack) for m in s.players[1].board] == [
        ("Damaged Golem", 2), ("Boulderfist Ogre", 6), ("Damaged Golem", 4), ("Flametongue Totem", 4)]


# ---------------------------------------------------------------- silence and auras

def test_silence_keeps_damage():
    s = make_state(hands=(["Ironbeak Owl"], []), boards=((), ["Chillwind Yeti"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    yeti.damage = 2
    play(s, "Ironbeak Owl", yeti)
    assert (yeti.attack, yeti.health, yeti.max_health) == (4, 3, 5)


def test_silence_removes_buffs():
    s = make_state(hands=(["Shattered Sun Cleric", "Ironbeak Owl"], []), boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Shattered Sun Cleric", yeti)
    assert (yeti.attack, yeti.health) == (5, 6)
    yeti.damage = 2
    play(s, "Ironbeak Owl", yeti)
    assert (yeti.attack, yeti.max_health) == (4, 5)
    assert yeti.health == 4  # losing the +1 Health only caps current Health at the new maximum


def test_silence_removes_keywords():
    s = make_state(hands=(["Ironbeak Owl", "Ironbeak Owl", "Ironbeak Owl"], []),
                   boards=(["Thrallmar Farseer", "Worgen Infiltrator"], ["Sen'jin Shieldmasta", "Argent Squire"]))
    for m in (minion(s, 1, "Sen'jin Shieldmasta"), minion(s, 1, "Argent Squire"), minion(s, 0, "Thrallmar Farseer")):
        play(s, "Ironbeak Owl", m)
    assert not minion(s, 1, "Sen'jin Shieldmasta").taunt
    assert not minion(s, 1, "Argent Squire").divine_shield
    farseer = minion(s, 0, "Thrallmar Farseer")
    assert not farseer.has_windfury
    attack(s, farseer, "enemy hero")
    assert attacks_of(s, farseer) == []


def test_silence_removes_auras():
    s = make_state(hands=(["Ironbeak Owl"], []), boards=((), ["Bloodfen Raptor", "Raid Leader", "Stormwind Champion"]))
    raptor = minion(s, 1, "Bloodfen Raptor")
    assert (raptor.attack, raptor.health) == (5, 3)
    play(s, "Ironbeak Owl", minion(s, 1, "Raid Leader"))
    assert (raptor.attack, raptor.health) == (4, 3)
    assert minion(s, 1, "Raid Leader").attack == 3  # still buffed by the Champion


def test_silence_removes_deathrattle():
    s = make_state(hands=(["Ironbeak Owl", "Fireball"], []), boards=((), ["Leper Gnome"]))
    gnome = minion(s, 1, "Leper Gnome")
    play(s, "Ironbeak Owl", gnome)
    play(s, "Fireball", gnome)
    assert s.players[0].hero.health == 30 and s.players[1].board == []


def test_silence_removes_enrage_and_triggers():
    s = make_state(hands=(["Ironbeak Owl", "Ironbeak Owl", "Arcane Explosion"], []),
                   boards=((), ["Amani Berserker", "Armorsmith", "Chillwind Yeti"]))
    amani = minion(s, 1, "Amani Berserker")
    amani.damage = 1
    play(s, "Ironbeak Owl", amani)
    play(s, "Ironbeak Owl", minion(s, 1, "Armorsmith"))
    assert amani.attack == 2
    play(s, "Arcane Explosion")
    assert s.players[1].hero.armor == 0


def test_silence_on_a_charge_minion_played_this_turn_stops_it_attacking():
    s = make_state(hands=(["Wolfrider", "Ironbeak Owl"], []))
    play(s, "Wolfrider")
    play(s, "Ironbeak Owl", minion(s, 0, "Wolfrider"))
    assert attacks_of(s, minion(s, 0, "Wolfrider")) == []


def test_lost_health_aura_never_kills_a_damaged_minion():
    s = make_state(hands=(["Fireball"], []), boards=((), ["Bloodfen Raptor", "Stormwind Champion"]))
    raptor = minion(s, 1, "Bloodfen Raptor")
    assert (raptor.attack, raptor.health) == (4, 3)
    raptor.damage = 2
    minion(s, 1, "Stormwind Champion").damage = 2
    play(s, "Fireball", minion(s, 1, "Stormwind Champion"))
    assert raptor in s.players[1].board and (raptor.attack, raptor.health, raptor.max_health) == (3, 1, 2)


def test_a_lost_health_aura_that_heals_over_damage_ends_enrage_and_resets_lightspawn():
    s = make_state(classes=("WARRIOR", "MAGE"),
                   boards=(["Stormwind Champion", "Spiteful Smith", "Lightspawn"], ["Boulderfist Ogre"]))
    mech.equip(s, 0, card_db().get("Fiery War Axe"))
    mech.deal_damage(s, minion(s, 0, "Spiteful Smith"), 1)
    mech.deal_damage(s, minion(s, 0, "Lightspawn"), 2)
    assert s.players[0].weapon.attack == 5
    attack(s, minion(s, 0, "Stormwind Champion"), minion(s, 1, "Boulderfist Ogre"))  # the Champion dies
    smith, lightspawn = minion(s, 0, "Spiteful Smith"), minion(s, 0, "Lightspawn")
    assert smith.damage == 0 and s.players[0].weapon.attack == 3  # no longer damaged: no Enrage
    assert lightspawn.attack == lightspawn.health == 4


def test_aura_applies_after_hunters_mark():
    """Hunter's Mark sets Health to 1; Stormwind Champion's +1/+1 still counts on top of it."""
    s = make_state(classes=("HUNTER", "MAGE"), hands=(["Hunter's Mark"], []),
                   boards=((), ["Chillwind Yeti", "Stormwind Champion"]))
    yeti = minion(s, 1, "Chillwind Yeti")
    assert (yeti.attack, yeti.health) == (5, 6)
    play(s, "Hunter's Mark", yeti)
    assert (yeti.attack, yeti.health) == (5, 2)
    # Marked first, Champion played afterwards: the same.
    s = make_state(classes=("HUNTER", "MAGE"), hands=(["Hunter's Mark", "Stormwind Champion"], []),
                   boards=(["Chillwind Yeti"], []))
    yeti = minion(s, 0, "Chillwind Yeti")
    play(s, "Hunter's Mark", yeti)
    play(s, "Stormwind Champion")
    assert (yeti.attack, yeti.health) == (5, 2)


def test_aura_applies_after_humility():
    """Humility sets Attack to 1; Dire Wolf Alpha's +1 Attack still counts on top of it."""
    s = make_state(classes=("PALADIN", "MAGE"), hands=(["Humility"], []),
                   boards=((), ["Boulderfist Ogre", "Dire Wolf Alpha"]))
    ogre = minion(s, 1, "Boulderfist Ogre")
    assert ogre.attack == 7
    play(s, "Humility", ogre)
    assert (ogre.attack, ogre.health) == (2, 7)
    s = make_state(classes=("PALADIN", "MAGE"), hands=(["Humility", "Dire Wolf Alpha"], []),
                   boards=(["Boulderfist Ogre"], []))
    ogre = minion(s, 0, "Boulderfist Ogre")
    play(s, "Humility", ogre)
    play(s, "Dire Wolf Alpha", position=1)
    assert ogre.attack == 2


def test_lost_health_aura_keeps_undamaged_minion_at_full_health():
    s = make_state(hands=(["Ironbeak Owl"], []), boards=((), ["Bloodfen Raptor", "Stormwind Champion"]))
    raptor = minion(s, 1, "Bloodfen Raptor")
    play(s, "Ironbeak Owl", minion(s, 1, "Stormwind Champion"))
    assert (raptor.attack, raptor.health) == (3, 2)


# ---------------------------------------------------------------- spell damage

def test_spell_damage_boosts_spells():
    s = make_state(hands=(["Fireball", "Arcane Explosion"], []), boards=(["Kobold Geomancer", "Kobold Geomancer"], ["Chillwind Yeti"]))
    assert mech.spell_power(s, 0) == 2
    play(s, "Fireball", "enemy hero")
    assert s.players[1].hero.health == 22
    play(s, "Arcane Explosion")
    assert minion(s, 1, "Chillwind Yeti").health == 2


def test_spell_damage_adds_missiles():
    s = make_state(hands=(["Arcane Missiles"], []), boards=(["Kobold Geomancer"], []))
    play(s, "Arcane Missiles")
    assert s.players[1].hero.health == 26


def test_spell_damage_does_not_boost_hero_power_or_minions():
    s = make_state(hands=(["Elven Archer"], []), boards=(["Kobold Geomancer"], []))
    hero_power(s, "enemy hero")
    play(s, "Elven Archer", "enemy hero")
    assert s.players[1].hero.health == 28


def test_spell_damage_is_only_your_own():
    s = make_state(hands=(["Fireball"], []), boards=((), ["Kobold Geomancer"]))
    play(s, "Fireball", "enemy hero")
    assert s.players[1].hero.health == 24


# ---------------------------------------------------------------- mulligan

def test_mulligan_replaces_chosen_cards_with_other_cards():
    deck = distinct_deck()
    s = new_game(decks=(deck, deck), config=GameConfig(mulligan=True), seed=3)
    assert s.phase == "mulligan" and s.current_player == 0
    assert s.legal_actions() == [(MULLIGAN, m) for m in range(8)]
    original = [c.id for c in s.players[0].hand]
    s.apply((MULLIGAN, 0b101))  # replace cards 0 and 2, keep card 1
    hand = [c.id for c in s.players[0].hand]
    assert len(hand) == 3 and hand[0] == original[1]
    assert not set(hand[1:]) & set(original)
    assert Counter(c.id for c in s.players[0].deck + s.players[0].hand) == Counter(deck)
    # Player 1 decides next, then the game starts.
    assert s.current_player == 1 and len(s.legal_actions()) == 16
    kept = [c.id for c in s.players[1].hand]
    s.apply((MULLIGAN, 0))
    assert [c.id for c in s.players[1].hand][:4] == kept
    assert s.phase == "play" and s.current_player == 0 and s.turn == 1
    assert len(s.players[0].hand) == 4 and len(s.players[1].hand) == 5
    assert s.players[1].hand[-1].name == "The Coin"


def test_mulligan_replace_all():
    deck = distinct_deck()
    s = new_game(decks=(deck, deck), config=GameConfig(mulligan=True), seed=5)
    s.apply((MULLIGAN, 0))
    original = {c.id for c in s.players[1].hand}
    s.apply((MULLIGAN, 0b1111))
    hand = [c.id for c in s.players[1].hand if c.name != "The Coin"]
    assert len(hand) == 4 and not set(hand) & original


# ---------------------------------------------------------------- determinism, clone, serialisation

def playout_game(seed: int) -> HearthstoneState:
    return new_game(decks=(PLAYOUT_DECK, PLAYOUT_DECK), seed=seed)


def test_same_seed_same_actions_give_identical_states():
    a = playout_game(11)
    b = playout_game(11)
    assert a.to_dict() == b.to_dict()
    actions = random_playout(a, Rng(7), 400)
    for act in actions:
        b.apply(act)
    assert a.to_dict() == b.to_dict()
    assert len(actions) > 50


def test_different_seeds_differ():
    assert playout_game(1).to_dict() != playout_game(2).to_dict()


def test_clone_continues_identically():
    s = playout_game(21)
    random_playout(s, Rng(3), 60)
    c = s.clone()
    assert c.to_dict() == s.to_dict()
    actions = random_playout(s, Rng(4), 300)
    for act in actions:
        c.apply(act)
    assert c.to_dict() == s.to_dict()


def test_clone_is_independent():
    s = playout_game(22)
    before = s.to_dict()
    c = s.clone()
    random_playout(c, Rng(5), 80)
    assert s.to_dict() == before


def test_to_dict_from_dict_round_trip():
    s = playout_game(31)
    rng = Rng(9)
    for _ in range(300):
        if s.is_terminal():
            break
        d = s.to_dict()
        r = HearthstoneState.from_dict(d)
        assert r.to_dict() == d
        assert r.legal_actions() == s.legal_actions()
        a = rng.choice(s.legal_actions())
        s.apply(a)
        r.apply(a)
        assert r.to_dict() == s.to_dict()


def test_round_trip_keeps_silence_and_triggers():
    s = make_state(hands=(["Ironbeak Owl"], []), boards=(["Knife Juggler", "Armorsmith"], []))
    play(s, "Ironbeak Owl", minion(s, 0, "Armorsmith"))
    r = HearthstoneState.from_dict(s.to_dict())
    assert minion(r, 0, "Armorsmith").triggers == {}
    assert minion(r, 0, "Knife Juggler").triggers


# ---------------------------------------------------------------- hidden information

def test_observation_hides_opponent_hand_and_deck():
    s = playout_game(41)
    random_playout(s, Rng(2), 30)
    while s.is_terminal():  # extremely unlikely; keep the test meaningful
        s = playout_game(42)
    me = s.current
    obs = s.observation(me)
    opp = obs.players[1 - me]
    assert len(opp.hand) == len(s.players[1 - me].hand) and all(c.id == HIDDEN_ID for c in opp.hand)
    assert len(opp.deck) == len(s.players[1 - me].deck) and all(c.id == HIDDEN_ID for c in opp.deck)
    assert [c.id for c in obs.players[me].hand] == [c.id for c in s.players[me].hand]
    assert all(c.id == HIDDEN_ID for c in obs.players[me].deck)  # own deck order is unknown too
    assert obs.rng is None
    od, sd = obs.to_dict(), s.to_dict()
    for i in (0, 1):
        for key in ("board", "hero", "weapon", "mana", "max_mana", "fatigue"):
            assert od["players"][i][key] == sd["players"][i][key]


def test_determinize_gives_full_state_with_same_public_parts():
    s = playout_game(51)
    random_playout(s, Rng(6), 40)
    me = s.current
    obs = s.observation(me)
    det = obs.determinize(me, Rng(123))
    dd, sd = det.to_dict(), s.to_dict()
    for i in (0, 1):
        p, real = dd["players"][i], sd["players"][i]
        assert HIDDEN_ID not in p["hand"] and HIDDEN_ID not in p["deck"]
        for key in ("board", "hero", "weapon", "mana", "max_mana", "fatigue", "hero_power"):
            assert p[key] == real[key]
        assert len(p["hand"]) == len(real["hand"]) and len(p["deck"]) == len(real["deck"])
        assert Counter(p["hand"] + p["deck"]) == Counter(real["hand"] + real["deck"])
    assert dd["players"][me]["hand"] == sd["players"][me]["hand"]
    assert dd["players"][me]["unknown_pool"] is None
    assert det.rng is not None and det.current_player == s.current_player
    assert det.legal_actions() == s.legal_actions()
    random_playout(det, Rng(1), 100)  # a determinized state can be played on


def test_determinize_for_the_waiting_player():
    s = playout_game(61)
    random_playout(s, Rng(8), 25)
    other = 1 - s.current
    det = s.observation(other).determinize(other, Rng(4))
    assert [c.id for c in det.players[other].hand] == [c.id for c in s.players[other].hand]
    assert all(c.id != HIDDEN_ID for c in det.players[s.current].hand)


def test_mind_vision_copy_stays_hidden_from_the_opponent():
    """The Priest sees the copied card; the opponent's observation is the same whichever card was
    copied, and their view of the Priest's unknown cards does not name it."""
    views = {}
    for seed in range(12):
        s = make_state(classes=("PRIEST", "MAGE"), hands=(["Mind Vision"], ["Fireball", "Frostbolt", "Flamestrike"]),
                       seed=seed)
        before = s.observation(1).to_dict()["players"][0]
        play(s, "Mind Vision")
        (copy,) = s.players[0].hand
        assert [c.name for c in s.observation(0).players[0].hand] == [copy.name]  # the caster sees it
        after = s.observation(1).to_dict()
        priest = after["players"][0]
        assert len(priest["hand"]) == len(before["hand"])  # Mind Vision out, the copy in
        assert not {card_db().get(n).id for n in ("Fireball", "Frostbolt", "Flamestrike")} & set(priest["unknown_pool"])
        views.setdefault(copy.name, after)
    assert set(views) == {"Fireball", "Frostbolt", "Flamestrike"}
    first, *rest = views.values()
    assert all(v == first for v in rest)


def test_mind_vision_copy_plays_and_determinizes():
    s = make_state(classes=("PRIEST", "MAGE"), hands=(["Mind Vision"], ["Fireball"]))
    play(s, "Mind Vision")
    play(s, "Fireball", "enemy hero")  # the copy plays like the card
    assert s.players[1].hero.health == 24
    s = make_state(classes=("PRIEST", "MAGE"), hands=(["Mind Vision"], ["Frostbolt", "Frostbolt"]))
    play(s, "Mind Vision")
    det = s.observation(1).determinize(1, Rng(3))
    priest = det.players[0]
    assert len(priest.hand) == len(s.players[0].hand) and len(priest.deck) == len(s.players[0].deck)
    assert HIDDEN_ID not in [c.id for c in priest.hand + priest.deck]
    assert "Frostbolt" in [c.name for c in priest.hand + priest.deck]  # a copy of one of the observer's cards
    r = HearthstoneState.from_dict(s.to_dict())
    assert [c.name for c in r.players[0].hand] == [c.name for c in s.players[0].hand]
    random_playout(det, Rng(1), 60)
