"""Neutral Classic legendaries (engine/hearthstone/cards/neutral_legendary.py) and their tokens (tokens.py)."""

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.entities import Weapon
from tests.engine.hs import attack, can_play, end_turn, hero_power, make_state, minion, play

LEGENDARIES = [
    "Alexstrasza", "Baron Geddon", "Bloodmage Thalnos", "Cairne Bloodhoof", "Captain Greenskin", "Deathwing",
    "Elite Tauren Chieftain", "Gelbin Mekkatorque", "Gruul", "Harrison Jones", "Hogger", "Illidan Stormrage",
    "King Mukla", "Leeroy Jenkins", "Lorewalker Cho", "Millhouse Manastorm", "Nat Pagle", "Nozdormu",
    "Old Murk-Eye", "Onyxia", "Ragnaros the Firelord", "Sylvanas Windrunner", "The Beast", "The Black Knight",
    "Tinkmaster Overspark", "Ysera",
]


def names(board):
    return [m.card.name for m in board]


def stats(m):
    return (m.attack, m.health)


def hand_names(s, player):
    return [c.name for c in s.players[player].hand]


def opponent_turn(s, hand=(), mana=10):
    """End player 0's turn and give player 1 exactly `hand` and `mana`."""
    end_turn(s)
    s.players[1].hand = [card_db().get(c) for c in hand]
    s.players[1].mana = mana
    s._legal = None


def test_every_neutral_legendary_is_implemented():
    db = card_db()
    assert [n for n in LEGENDARIES if not db.get(n).implemented] == []
    assert {c.name for c in db.collectible() if c.card_class == "NEUTRAL" and c.rarity == "LEGENDARY"} >= set(LEGENDARIES)


def test_alexstrasza_sets_a_heros_health_to_fifteen():
    s = make_state(hands=(["Alexstrasza", "Alexstrasza"], []), mana=20)
    s.players[0].hero.armor = 5
    assert not can_play(s, "Alexstrasza", 9)  # heroes only
    play(s, "Alexstrasza", "enemy hero")
    assert s.players[1].hero.health == 15
    s.players[0].hero.damage = 25
    play(s, "Alexstrasza", "own hero")
    assert s.players[0].hero.health == 15 and s.players[0].hero.armor == 5


def test_alexstrasza_then_molten_giant_costs_five():
    s = make_state(hands=(["Alexstrasza", "Molten Giant"], []))
    play(s, "Alexstrasza", "own hero")
    assert s.cost(0, card_db().get("Molten Giant")) == 5


def test_baron_geddon_hits_every_other_character_at_end_of_turn():
    s = make_state(boards=(["Baron Geddon", "Chillwind Yeti"], ["Chillwind Yeti"]))
    end_turn(s)
    assert minion(s, 0, "Baron Geddon").damage == 0
    assert minion(s, 0, "Chillwind Yeti").health == 3 and minion(s, 1, "Chillwind Yeti").health == 3
    assert s.players[0].hero.health == 28 and s.players[1].hero.health == 28


def test_bloodmage_thalnos_spell_damage_and_deathrattle():
    s = make_state(hands=(["Bloodmage Thalnos", "Arcane Explosion"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Bloodmage Thalnos")
    play(s, "Arcane Explosion")
    assert minion(s, 1, "Chillwind Yeti").health == 3
    hero_power(s, minion(s, 0, "Bloodmage Thalnos"))
    assert s.players[0].board == [] and len(s.players[0].hand) == 1


def test_cairne_bloodhoof_leaves_baine_in_his_place():
    s = make_state(hands=(["Fireball"], []), boards=((), ["Wisp", "Cairne Bloodhoof", "Wisp"]))
    play(s, "Fireball", minion(s, 1, "Cairne Bloodhoof"))
    assert names(s.players[1].board) == ["Wisp", "Baine Bloodhoof", "Wisp"]
    assert stats(s.players[1].board[1]) == (4, 5)


def test_captain_greenskin_buffs_the_weapon():
    s = make_state(hands=(["Captain Greenskin", "Captain Greenskin"], []), mana=20)
    play(s, "Captain Greenskin")  # no weapon: nothing
    s.players[0].weapon = Weapon(card_db().get("Fiery War Axe"), s.new_uid())
    s._legal = None
    play(s, "Captain Greenskin")
    assert (s.players[0].weapon.attack, s.players[0].weapon.durability) == (4, 3)


def test_deathwing_destroys_all_other_minions_and_discards_the_hand():
    s = make_state(hands=(["Deathwing", "Fireball", "Wisp"], []), boards=(["Cairne Bloodhoof"], ["Chillwind Yeti"]))
    play(s, "Deathwing")
    assert names(s.players[0].board) == ["Baine Bloodhoof", "Deathwing"]  # deathrattles still happen
    assert s.players[1].board == [] and s.players[0].hand == []


def test_elite_tauren_chieftain_gives_each_player_a_power_chord():
    chords = {"I Am Murloc", "Rogues Do It...", "Power of the Horde"}
    for seed in range(4):
        s = make_state(hands=(["Elite Tauren Chieftain"], []), seed=seed)
        play(s, "Elite Tauren Chieftain")
        assert len(s.players[0].hand) == 1 and len(s.players[1].hand) == 1
        assert {hand_names(s, 0)[0], hand_names(s, 1)[0]} <= chords


def test_power_chords():
    for seed in range(4):
        s = make_state(hands=(["PRO_001a"], []), seed=seed)
        play(s, "PRO_001a")
        assert 3 <= len(s.players[0].board) <= 5 and set(names(s.players[0].board)) == {"Murloc"}
    s = make_state(hands=(["PRO_001b"], []))
    play(s, "PRO_001b", "enemy hero")
    assert s.players[1].hero.health == 26 and len(s.players[0].hand) == 1
    horde = {"Frostwolf Grunt", "Tauren Warrior", "Thrallmar Farseer", "Silvermoon Guardian", "Sen'jin Shieldmasta",
             "Cairne Bloodhoof"}
    for seed in range(4):
        s = make_state(hands=(["VAN_PRO_001c"], []), seed=seed)
        play(s, "VAN_PRO_001c")
        assert len(s.players[0].board) == 1 and s.players[0].board[0].card.name in horde


def test_gelbin_mekkatorque_summons_an_invention():
    seen = set()
    for seed in range(12):
        s = make_state(hands=(["Gelbin Mekkatorque"], []), seed=seed)
        play(s, "Gelbin Mekkatorque")
        assert len(s.players[0].board) == 2
        seen.add(s.players[0].board[1].card.name)
    assert seen <= {"Homing Chicken", "Repair Bot", "Emboldener 3000", "Poultryizer"} and len(seen) >= 3


def test_homing_chicken_destroys_itself_and_draws_three_at_start_of_turn():
    s = make_state(boards=(["Mekka1"], []))
    end_turn(s)
    end_turn(s)
    assert s.players[0].board == [] and len(s.players[0].hand) == 4  # 3 + the turn's draw


def test_repair_bot_heals_a_damaged_character():
    s = make_state(boards=(["Mekka2"], ["Chillwind Yeti"]))
    minion(s, 1, "Chillwind Yeti").damage = 4
    end_turn(s)
    assert minion(s, 1, "Chillwind Yeti").health == 5


def test_emboldener_and_poultryizer():
    s = make_state(boards=(["Mekka3"], []))
    end_turn(s)
    assert stats(minion(s, 0, "Emboldener 3000")) == (1, 5)  # the only minion: itself
    s = make_state(boards=(["Mekka4"], []))
    end_turn(s)
    end_turn(s)
    assert names(s.players[0].board) == ["Chicken"]


def test_gruul_grows_at_the_end_of_each_turn():
    s = make_state(boards=(["Gruul"], []))
    end_turn(s)
    end_turn(s)
    assert stats(minion(s, 0, "Gruul")) == (9, 9)


def test_harrison_jones_destroys_the_weapon_and_draws_its_durability():
    s = make_state(hands=(["Harrison Jones"], []))
    s.players[1].weapon = Weapon(card_db().get("Fiery War Axe"), s.new_uid())
    play(s, "Harrison Jones")
    assert s.players[1].weapon is None and len(s.players[0].hand) == 2
    s = make_state(hands=(["Harrison Jones"], []))
    play(s, "Harrison Jones")
    assert s.players[0].hand == []


def test_hogger_summons_a_gnoll_at_end_of_turn():
    s = make_state(boards=(["Hogger"], []))
    end_turn(s)
    assert names(s.players[0].board) == ["Hogger", "Gnoll"] and minion(s, 0, "Gnoll").taunt


def test_illidan_summons_a_flame_for_each_other_card_played():
    s = make_state(hands=(["Illidan Stormrage", "Wisp", "Frostbolt"], ["Wisp"]))
    play(s, "Illidan Stormrage")
    assert names(s.players[0].board) == ["Illidan Stormrage"]
    play(s, "Frostbolt", "enemy hero")
    play(s, "Wisp")
    assert names(s.players[0].board).count("Flame of Azzinoth") == 2
    opponent_turn(s, ["Wisp"])
    play(s, "Wisp")
    assert names(s.players[0].board).count("Flame of Azzinoth") == 2


def test_illidan_and_violet_teacher_answer_a_spell_in_play_order():
    """"Whenever you play a card" and "whenever you cast a spell" resolve in one phase, in play order: with one
    board slot left, the older Illidan's Flame takes it, not the Violet Teacher's Apprentice."""
    s = make_state(hands=(["Arcane Intellect"], []),
                   boards=(["Illidan Stormrage", "Violet Teacher", "Wisp", "Wisp", "Wisp", "Wisp"], []))
    play(s, "Arcane Intellect")
    assert "Flame of Azzinoth" in names(s.players[0].board)
    assert "Violet Apprentice" not in names(s.players[0].board)
    s = make_state(hands=(["Arcane Intellect"], []),
                   boards=(["Violet Teacher", "Illidan Stormrage", "Wisp", "Wisp", "Wisp", "Wisp"], []))
    play(s, "Arcane Intellect")
    assert "Violet Apprentice" in names(s.players[0].board)
    assert "Flame of Azzinoth" not in names(s.players[0].board)


def test_questing_adventurer_played_next_to_illidan_does_not_count_itself():
    s = make_state(hands=(["Questing Adventurer", "Questing Adventurer"], []), boards=(["Illidan Stormrage"], []))
    play(s, "Questing Adventurer")  # Illidan (older) answers first and summons a Flame
    assert names(s.players[0].board) == ["Illidan Stormrage", "Flame of Azzinoth", "Questing Adventurer"]
    assert stats(minion(s, 0, "Questing Adventurer")) == (2, 2)
    play(s, "Questing Adventurer")  # the first one counts the second, not the other way round
    assert stats(minion(s, 0, "Questing Adventurer")) == (3, 3)
    assert stats(minion(s, 0, "Questing Adventurer", 1)) == (2, 2)


def test_king_mukla_gives_the_opponent_two_bananas():
    s = make_state(hands=(["King Mukla"], []))
    play(s, "King Mukla")
    assert hand_names(s, 1) == ["Bananas", "Bananas"]
    opponent_turn(s, ["EX1_014t"], mana=1)
    play(s, "Bananas", minion(s, 0, "King Mukla"))
    assert stats(minion(s, 0, "King Mukla")) == (6, 6)


def test_leeroy_jenkins_summons_two_whelps_for_the_opponent():
    s = make_state(hands=(["Leeroy Jenkins"], []), boards=((), ["Chillwind Yeti"]))
    play(s, "Leeroy Jenkins")
    assert names(s.players[1].board) == ["Chillwind Yeti", "Whelp", "Whelp"]
    attack(s, minion(s, 0, "Leeroy Jenkins"), "enemy hero")  # Charge
    assert s.players[1].hero.health == 24


def test_lorewalker_cho_copies_spells_to_the_other_player():
    s = make_state(hands=(["Frostbolt"], []), boards=(["Lorewalker Cho"], []))
    play(s, "Frostbolt", "enemy hero")
    assert hand_names(s, 1) == ["Frostbolt"]
    opponent_turn(s, ["Fireball"])
    play(s, "Fireball", "enemy hero")
    assert hand_names(s, 0)[-1] == "Fireball"


def test_millhouse_manastorm_enemy_spells_free_next_turn():
    s = make_state(hands=(["Millhouse Manastorm"], []))
    play(s, "Millhouse Manastorm")
    opponent_turn(s, ["Fireball", "Flamestrike"], mana=0)
    play(s, "Fireball", "enemy hero")
    play(s, "Flamestrike")
    assert s.players[0].hero.health == 24 and s.players[0].board == []


def test_nat_pagle_sometimes_draws_an_extra_card():
    extra = set()
    for seed in range(16):
        s = make_state(boards=(["Nat Pagle"], []), seed=seed)
        end_turn(s)
        end_turn(s)
        extra.add(len(s.players[0].hand) - 1)
    assert extra == {0, 1}


def test_nozdormu_is_an_eight_eight():
    s = make_state(hands=(["Nozdormu"], []))
    play(s, "Nozdormu")
    assert stats(minion(s, 0, "Nozdormu")) == (8, 8)


def test_old_murk_eye_counts_other_murlocs_on_both_sides():
    s = make_state(hands=(["Old Murk-Eye"], []), boards=(["Murloc Raider"], ["Murloc Raider", "Wisp"]))
    play(s, "Old Murk-Eye")
    eye = minion(s, 0, "Old Murk-Eye")
    assert eye.attack == 4 and eye.can_attack()
    hero_power(s, minion(s, 1, "Murloc Raider"))
    assert eye.attack == 3


def test_onyxia_fills_the_board_with_whelps_around_her():
    s = make_state(hands=(["Onyxia"], []), boards=(["Chillwind Yeti", "Bloodfen Raptor"], []))
    play(s, "Onyxia")
    board = names(s.players[0].board)
    assert len(board) == 7 and board.count("Whelp") == 4
    assert board.index("Onyxia") > board.index("Bloodfen Raptor")


def test_onyxias_whelps_alternate_starting_on_her_right():
    # five whelps: three on the right, two on the left (the odd one goes right)
    s = make_state(hands=(["Onyxia"], []), boards=(["Wisp"], []))
    play(s, "Onyxia")
    assert names(s.players[0].board) == ["Wisp", "Whelp", "Whelp", "Onyxia", "Whelp", "Whelp", "Whelp"]


def test_ragnaros_cant_attack_and_hits_a_random_enemy_for_eight():
    for seed in range(5):
        s = make_state(boards=(["Ragnaros the Firelord"], ["Chillwind Yeti"]), seed=seed)
        rag = minion(s, 0, "Ragnaros the Firelord")
        assert not rag.can_attack()
        end_turn(s)
        assert s.players[1].board == [] or s.players[1].hero.health == 22
        assert s.players[0].hero.health == 30


def test_sylvanas_steals_a_random_enemy_minion_when_she_dies():
    s = make_state(hands=(["Fireball"], []), boards=(["Sylvanas Windrunner"], ["Chillwind Yeti"]))
    play(s, "Fireball", minion(s, 0, "Sylvanas Windrunner"))
    assert names(s.players[0].board) == ["Chillwind Yeti"] and s.players[1].board == []
    assert minion(s, 0, "Chillwind Yeti").owner == 0


def test_sylvanas_under_mind_control_steals_from_her_first_owner():
    s = make_state(classes=("MAGE", "PRIEST"), boards=(["Sylvanas Windrunner", "Chillwind Yeti"], []))
    opponent_turn(s, ["Mind Control", "Fireball"], mana=20)
    play(s, "Mind Control", minion(s, 0, "Sylvanas Windrunner"))
    play(s, "Fireball", minion(s, 1, "Sylvanas Windrunner"))
    assert s.players[0].board == [] and names(s.players[1].board) == ["Chillwind Yeti"]


def test_sylvanas_with_nothing_to_steal():
    s = make_state(hands=(["Fireball"], []), boards=(["Sylvanas Windrunner"], []))
    play(s, "Fireball", minion(s, 0, "Sylvanas Windrunner"))
    assert s.players[0].board == [] and s.players[1].board == []


def die_together(first, second):
    """(player, name) twice: summoned in that order, then destroyed at once."""
    s = make_state()
    for player, name in (first, second):
        mech.summon(s, player, card_db().get(name)).pending_destroy = True
    mech.resolve_deaths(s)
    return s


def test_deathrattles_resolve_in_play_order_sylvanas_and_harvest_golem():
    # Sylvanas played first resolves first and finds no enemy minion (the Golem is dead, its Damaged Golem not
    # yet summoned); the Golem played first leaves a Damaged Golem for Sylvanas to take.
    s = die_together((0, "Sylvanas Windrunner"), (1, "Harvest Golem"))
    assert s.players[0].board == [] and names(s.players[1].board) == ["Damaged Golem"]
    s = die_together((1, "Harvest Golem"), (0, "Sylvanas Windrunner"))
    assert names(s.players[0].board) == ["Damaged Golem"] and s.players[1].board == []


def test_knife_juggler_triggers_on_leeroys_whelps_for_their_new_owner():
    s = make_state(hands=(["Leeroy Jenkins"], []), boards=((), ["Knife Juggler"]))
    play(s, "Leeroy Jenkins")
    leeroy = [m for m in s.players[0].board if m.card.name == "Leeroy Jenkins"]
    assert s.players[0].hero.damage + (leeroy[0].damage if leeroy else 2) == 2
    assert s.players[1].hero.damage == 0


def test_knife_juggler_with_onyxia_throws_a_knife_per_whelp():
    s = make_state(hands=(["Onyxia"], []), boards=(["Knife Juggler"], []))
    play(s, "Onyxia")
    assert s.players[1].hero.health == 24  # five whelps, then Onyxia herself: 6 knives at the only enemy


def test_the_beast_gives_the_opponent_pip_quickwit():
    s = make_state(hands=(["Fireball", "Fireball"], []), boards=((), ["The Beast"]))
    play(s, "Fireball", minion(s, 1, "The Beast"))
    play(s, "Fireball", minion(s, 1, "The Beast"))
    assert names(s.players[0].board) == ["Pip Quickwit"] and s.players[1].board == []


def test_the_black_knight_destroys_an_enemy_taunt_minion():
    s = make_state(hands=(["The Black Knight"], []), boards=(["Sen'jin Shieldmasta"], ["Chillwind Yeti", "Sen'jin Shieldmasta"]))
    assert not can_play(s, "The Black Knight", 1) and not can_play(s, "The Black Knight", 9)
    play(s, "The Black Knight", minion(s, 1, "Sen'jin Shieldmasta"))
    assert names(s.players[1].board) == ["Chillwind Yeti"]


def test_tinkmaster_overspark_transforms_another_random_minion():
    outcomes = set()
    for seed in range(10):
        s = make_state(hands=(["Tinkmaster Overspark"], []), boards=((), ["Chillwind Yeti"]), seed=seed)
        play(s, "Tinkmaster Overspark")
        assert names(s.players[0].board) == ["Tinkmaster Overspark"]
        outcomes.add(names(s.players[1].board)[0])
    assert outcomes == {"Devilsaur", "Squirrel"}


def test_tinkmasters_beast_triggers_starving_buzzard_after_the_transform():
    """A Battlecry transform gets one more "whenever summoned" phase as the new minion (Hearthstone Wiki,
    Transformation): our Wisp turned into a Devilsaur or Squirrel (Beasts) draws a card from our Buzzard."""
    seen = 0
    for seed in range(12):
        s = make_state(hands=(["Tinkmaster Overspark"], []), boards=(["Starving Buzzard", "Wisp"], []), seed=seed)
        hand = len(s.players[0].hand)
        play(s, "Tinkmaster Overspark")
        if "Wisp" not in names(s.players[0].board) and "Starving Buzzard" in names(s.players[0].board):
            seen += 1
            assert len(s.players[0].hand) == hand  # the Tinkmaster left the hand, the Buzzard drew one
    assert seen > 0


def test_a_transformed_minion_keeps_its_readiness():
    """Tinkmaster turning our ready Yeti into a Squirrel or Devilsaur leaves it ready to attack; one that already
    attacked stays spent."""
    for seed in range(4):
        s = make_state(hands=(["Tinkmaster Overspark"], []), boards=(["Chillwind Yeti"], []), seed=seed)
        play(s, "Tinkmaster Overspark")
        new = s.players[0].board[0]
        assert new.card.name in ("Squirrel", "Devilsaur") and new.can_attack()
    s = make_state(hands=(["Tinkmaster Overspark"], []), boards=(["Chillwind Yeti"], ["Wisp"]), seed=0)
    attack(s, minion(s, 0, "Chillwind Yeti"), minion(s, 1, "Wisp"))
    play(s, "Tinkmaster Overspark")
    assert not s.players[0].board[0].can_attack()


def test_tinkmaster_overspark_alone_does_nothing():
    s = make_state(hands=(["Tinkmaster Overspark"], []))
    play(s, "Tinkmaster Overspark")
    assert names(s.players[0].board) == ["Tinkmaster Overspark"]


def test_ysera_adds_a_dream_card_at_end_of_turn():
    dreams = {"Laughing Sister", "Ysera Awakens", "Emerald Drake", "Dream", "Nightmare"}
    for seed in range(5):
        s = make_state(boards=(["Ysera"], []), seed=seed)
        end_turn(s)
        assert len(s.players[0].hand) == 1 and hand_names(s, 0)[0] in dreams


def test_dream_cards():
    s = make_state(hands=(["VAN_DREAM_02"], []), boards=(["Ysera", "Chillwind Yeti"], ["Boulderfist Ogre"]))
    play(s, "VAN_DREAM_02")  # Ysera Awakens
    assert names(s.players[0].board) == ["Ysera"] and minion(s, 0, "Ysera").damage == 0
    assert minion(s, 1, "Boulderfist Ogre").health == 2 and s.players[0].hero.health == 25
    s = make_state(hands=(["VAN_DREAM_04"], []), boards=((), ["Boulderfist Ogre"]))
    play(s, "VAN_DREAM_04", minion(s, 1, "Boulderfist Ogre"))  # Dream
    assert s.players[1].board == [] and hand_names(s, 1) == ["Boulderfist Ogre"]
    s = make_state(hands=(["VAN_DREAM_05"], ["Fireball"]), boards=((), ["Wisp"]))
    play(s, "VAN_DREAM_05", minion(s, 1, "Wisp"))  # Nightmare
    assert stats(minion(s, 1, "Wisp")) == (6, 6)
    end_turn(s)
    assert stats(minion(s, 1, "Wisp")) == (6, 6)  # the opponent's turn: still there
    end_turn(s)
    assert s.players[1].board == []  # the start of the caster's next turn
    s = make_state(hands=(["Fireball", "Elven Archer"], []), boards=((), ["VAN_DREAM_01"]))
    assert not can_play(s, "Fireball", 9) and can_play(s, "Elven Archer", 9)  # Laughing Sister is Elusive


def test_random_games_with_neutral_decks_keep_invariants():
    """Random play with decks drawn from every neutral card: invariants, clones and serialisation hold."""
    from cardlab.engine.core import Rng
    from cardlab.engine.hearthstone.invariants import check_invariants, end_violations, legal_violations
    from cardlab.engine.hearthstone.state import GameConfig, HearthstoneState

    db = card_db()
    pool = sorted((c for c in db.collectible() if c.card_class == "NEUTRAL"), key=lambda c: c.id)
    for g in range(40):
        rng = Rng(1000 + g)
        decks = [(f"n{i}", cls, [pool[rng.randrange(len(pool))] for _ in range(30)])
                 for i, cls in enumerate(("WARRIOR", "ROGUE") if g % 2 else ("MAGE", "PRIEST"))]
        s = HearthstoneState.new(GameConfig(), decks, g)
        steps = 0
        while not s.is_terminal():
            assert not legal_violations(s)
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if steps % 10 == 0:
                twin = s.clone()
                back = HearthstoneState.from_dict(s.to_dict())
                assert back.to_dict() == s.to_dict() and back.legal_actions() == legal
                twin.apply(action)
                back.apply(action)
                s.apply(action)
                assert twin.to_dict() == s.to_dict() == back.to_dict()
                s.observation(s.current_player if not s.is_terminal() else 0)
            else:
                s.apply(action)
            check_invariants(s)
            steps += 1
        assert not end_violations(s)


def test_ysera_and_power_chord_cards_stay_hidden_from_the_opponent():
    from cardlab.engine.core import Rng

    dreams = {"VAN_DREAM_01", "VAN_DREAM_02", "VAN_DREAM_03", "VAN_DREAM_04", "VAN_DREAM_05"}
    s = make_state(hands=(["Elite Tauren Chieftain"], []), boards=(["Ysera"], []))
    play(s, "Elite Tauren Chieftain")
    end_turn(s)  # Ysera: a Dream card
    got = {c.id for c in s.players[0].hand}
    obs = s.observation(1)
    pool = obs.players[0].unknown_pool
    assert not (set(pool) & (dreams | {"PRO_001a", "PRO_001b", "VAN_PRO_001c"}))
    assert pool.count("HIDDEN_DREAM") == 1 and pool.count("HIDDEN_POWER_CHORD") == 1
    assert got & dreams  # the owner sees its own card
    own = s.observation(0).players[0].hand
    assert {c.id for c in own} == got
    for seed in range(5):
        d = obs.determinize(1, Rng(seed))
        ids = [c.id for c in d.players[0].hand + d.players[0].deck]
        assert sum(i in dreams for i in ids) == 1 and sum(i.startswith("PRO_001") or i == "VAN_PRO_001c" for i in ids) == 1


def hand_sizes(s):
    return [len(p.hand) for p in s.players]


def test_a_cult_master_sylvanas_steals_does_not_count_a_minion_that_died_with_her():
    # Deaths queue their "whenever a minion dies" triggers before any Deathrattle runs (Hearthstone Wiki,
    # Deathrattle): the Wisp was not the Cult Master's owner's minion when it died.
    for order in (("Sylvanas Windrunner", "Wisp"), ("Wisp", "Sylvanas Windrunner")):
        s = make_state(boards=(list(order), ["Cult Master"]))
        before = hand_sizes(s)
        for m in s.players[0].board:
            m.pending_destroy = True
        mech.resolve_deaths(s)
        assert names(s.players[0].board) == ["Cult Master"] and hand_sizes(s) == before


def test_a_stolen_scavenging_hyena_ignores_a_beast_that_died_with_sylvanas_in_either_play_order():
    for order in (("Sylvanas Windrunner", "Bloodfen Raptor"), ("Bloodfen Raptor", "Sylvanas Windrunner")):
        s = make_state(boards=(list(order), ["Scavenging Hyena"]))
        for m in s.players[0].board:
            m.pending_destroy = True
        mech.resolve_deaths(s)
        hyena = minion(s, 0, "Scavenging Hyena")
        assert (hyena.attack, hyena.health) == (2, 2)


def test_a_cult_master_still_draws_for_each_friendly_minion_that_dies_with_others():
    s = make_state(boards=(["Cult Master", "Wisp", "Wisp"], ["Wisp"]))
    before = hand_sizes(s)
    for m in s.players[0].board[1:] + s.players[1].board:
        m.pending_destroy = True
    mech.resolve_deaths(s)
    assert hand_sizes(s) == [before[0] + 2, before[1]]
