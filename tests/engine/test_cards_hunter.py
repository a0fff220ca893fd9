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
