"""Secrets (engine/hearthstone/secrets.py): face down, one copy each, only on the opponent's turn, revealed when
they trigger, in the order they were played; hidden in observations and dealt back by determinize."""

import pickle

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone.secrets import HIDDEN_SECRET_PREFIX
from cardlab.engine.hearthstone.state import HearthstoneState
from tests.engine.hs import attack, can_play, end_turn, make_state, minion, play

MAGE = ("MAGE", "WARRIOR")


def _names(cards) -> list:
    return [c.name for c in cards]


def _with_secrets(names, classes=MAGE, hand1=(), board0=(), board1=(), **kw):
    """Player 0 plays `names`, then it is player 1's turn."""
    s = make_state(classes, hands=(list(names), list(hand1)), boards=(list(board0), list(board1)), **kw)
    for name in names:
        play(s, name)
    end_turn(s)
    return s


def test_playing_a_secret_puts_it_in_play_face_down():
    s = make_state(MAGE, hands=(["Counterspell"], []))
    play(s, "Counterspell")
    assert _names(s.players[0].secrets) == ["Counterspell"] and s.players[0].hand == []
    assert s.players[0].mana == 7


def test_one_copy_of_a_secret_at_a_time():
    s = make_state(MAGE, hands=(["Counterspell", "Counterspell", "Ice Barrier"], []))
    play(s, "Counterspell")
    assert not can_play(s, "Counterspell")
    assert can_play(s, "Ice Barrier")
    play(s, "Ice Barrier")
    assert _names(s.players[0].secrets) == ["Counterspell", "Ice Barrier"]


def test_five_secrets_at_most():
    six = ["Counterspell", "Ice Barrier", "Ice Block", "Mirror Entity", "Spellbender", "Vaporize"]
    s = make_state(MAGE, hands=(six, []), mana=30)
    for name in six[:5]:
        play(s, name)
    assert len(s.players[0].secrets) == 5 and not can_play(s, "Vaporize")  # Hearthstone Wiki, Secret


def test_a_revealed_secret_can_be_played_again():
    s = _with_secrets(["Counterspell"], hand1=["Arcane Shot"], classes=("MAGE", "HUNTER"))
    play(s, "Arcane Shot", "enemy hero")
    assert s.players[0].secrets == ()
    end_turn(s)
    s.players[0].hand = [card_db().get("Counterspell")]
    s._legal = None
    assert can_play(s, "Counterspell")


def test_secrets_do_not_trigger_on_their_owners_turn():
    s = make_state(MAGE, hands=(["Counterspell", "Frostbolt"], []))
    play(s, "Counterspell")
    play(s, "Frostbolt", "enemy hero")
    assert s.players[1].hero.health == 27
    assert _names(s.players[0].secrets) == ["Counterspell"]


def test_secrets_trigger_in_the_order_they_were_played():
    """Explosive Trap then Noble Sacrifice: both trigger. Noble Sacrifice first: the Defender is the new target, the
    hero is no longer attacked and Explosive Trap waits."""
    s = _with_secrets(["Explosive Trap", "Noble Sacrifice"], classes=("HUNTER", "MAGE"), board1=["Chillwind Yeti"])
    attack(s, minion(s, 1, "Chillwind Yeti"), "enemy hero")
    assert s.players[0].secrets == ()
    assert s.players[1].hero.health == 28 and minion(s, 1, "Chillwind Yeti").health == 1  # 2 + the Defender's 2
    assert s.players[0].board == [] and s.players[0].hero.health == 30  # the Defender took the hit and died

    s = _with_secrets(["Noble Sacrifice", "Explosive Trap"], classes=("HUNTER", "MAGE"), board1=["Chillwind Yeti"])
    attack(s, minion(s, 1, "Chillwind Yeti"), "enemy hero")
    assert _names(s.players[0].secrets) == ["Explosive Trap"]
    assert s.players[1].hero.health == 30 and minion(s, 1, "Chillwind Yeti").health == 3
    assert s.players[0].board == [] and s.players[0].hero.health == 30


def test_counterspell_first_stops_spellbender():
    """Counterspell played before Spellbender: the spell is countered; Spellbender stays (the spell is gone)."""
    s = _with_secrets(["Counterspell", "Spellbender"], board0=["Chillwind Yeti"], hand1=["Fireball"],
                      classes=("MAGE", "MAGE"))
    play(s, "Fireball", minion(s, 0, "Chillwind Yeti"))
    assert _names(s.players[0].secrets) == ["Spellbender"]
    assert [m.card.name for m in s.players[0].board] == ["Chillwind Yeti"]
    assert minion(s, 0, "Chillwind Yeti").health == 5
    assert s.players[1].mana == 6  # paid for


def test_counterspell_counters_before_spellbender_whichever_came_first():
    """Spellbender played before Counterspell: Counterspell still counters first (it acts while the spell is cast,
    Spellbender after that phase: Hearthstone Wiki, Spellbender), so no 1/3 and Spellbender stays."""
    s = _with_secrets(["Spellbender", "Counterspell"], board0=["Chillwind Yeti"], hand1=["Fireball"],
                      classes=("MAGE", "MAGE"))
    play(s, "Fireball", minion(s, 0, "Chillwind Yeti"))
    assert _names(s.players[0].secrets) == ["Spellbender"]
    assert [(m.card.name, m.health) for m in s.players[0].board] == [("Chillwind Yeti", 5)]


def test_countered_spell_is_played_but_not_cast():
    """Mana is spent, the card is gone and Combo counts it, but "whenever you cast a spell" (Mana Wyrm, Archmage
    Antonidas) does not trigger (Hearthstone Wiki, Counterspell: since patch 11.2.0)."""
    s = _with_secrets(["Counterspell"], hand1=["Arcane Intellect"], board1=["Mana Wyrm", "Archmage Antonidas"],
                      classes=("MAGE", "MAGE"))
    hand_before = len(s.players[1].hand)
    play(s, "Arcane Intellect")
    assert len(s.players[1].hand) == hand_before - 1  # no cards drawn, no Fireball
    assert minion(s, 1, "Mana Wyrm").attack == 1
    assert s.players[1].cards_played == 1 and s.players[1].mana == 7


def test_countered_spell_triggers_no_after_you_cast_a_spell():
    """Wild Pyromancer stays quiet after a Counterspelled spell: the spell never completed its casting."""
    s = _with_secrets(["Counterspell"], hand1=["Arcane Intellect"], board1=["Wild Pyromancer", "Chillwind Yeti"],
                      classes=("MAGE", "MAGE"))
    play(s, "Arcane Intellect")
    assert minion(s, 1, "Chillwind Yeti").health == 5 and minion(s, 1, "Wild Pyromancer").health == 2


def test_countered_spell_still_counts_as_a_card_played():
    """Illidan's "whenever you play a card" answers a countered spell: the card was played."""
    s = _with_secrets(["Counterspell"], hand1=["Arcane Intellect"], board1=["Illidan Stormrage"],
                      classes=("MAGE", "MAGE"))
    play(s, "Arcane Intellect")
    assert _names([m.card for m in s.players[1].board]) == ["Illidan Stormrage", "Flame of Azzinoth"]


def test_counterspell_counters_a_secret():
    s = _with_secrets(["Counterspell"], hand1=["Ice Barrier"], classes=("MAGE", "MAGE"))
    play(s, "Ice Barrier")
    assert s.players[1].secrets == () and s.players[0].secrets == ()


def test_observation_hides_which_secrets_but_shows_count_and_class():
    s = make_state(("MAGE", "PALADIN"), hands=(["Counterspell", "Vaporize", "Fireball"], []))
    play(s, "Counterspell")
    play(s, "Vaporize")
    obs = s.observation(1)
    secrets = obs.players[0].secrets
    assert len(secrets) == 2 and all(c.id == HIDDEN_SECRET_PREFIX + "MAGE" for c in secrets)
    assert all(c.card_class == "MAGE" for c in secrets)
    assert "Counterspell" not in repr(obs.to_dict()["players"][0]["secrets"])
    # the secrets count among the hidden cards, so a determinization can deal them back
    pool = obs.players[0].unknown_pool
    assert "VAN_EX1_287" in pool and "VAN_EX1_594" in pool
    # the owner still sees its own secrets
    assert _names(s.observation(0).players[0].secrets) == ["Counterspell", "Vaporize"]


def test_observation_is_the_same_whichever_secret_was_played():
    views = []
    for name in ("Counterspell", "Vaporize"):
        s = make_state(MAGE, hands=(["Counterspell", "Vaporize"], []))
        play(s, name)
        obs = s.observation(1)
        views.append((obs.to_dict(), obs.determinize(1, Rng(3)).to_dict()))
    assert views[0] == views[1]


def test_determinize_deals_secrets_from_the_cards_the_caster_could_have():
    deck = ["Counterspell", "Counterspell", "Ice Barrier", "Mirror Entity"] + ["Chillwind Yeti"] * 16
    s = make_state(MAGE, hands=(["Vaporize", "Ice Block"], []))
    s.players[0].deck = [card_db().get(c) for c in deck]
    play(s, "Vaporize")
    play(s, "Ice Block")
    obs = s.observation(1)
    seen = set()
    for k in range(60):
        det = obs.determinize(1, Rng(k))
        secrets = det.players[0].secrets
        ids = [c.id for c in secrets]
        assert len(secrets) == 2 and len(set(ids)) == 2
        assert all("SECRET" in c.mechanics and c.card_class == "MAGE" for c in secrets)
        # the dealt secrets left the hidden cards: hand + deck + secrets is the pool again
        p = det.players[0]
        assert sorted(c.id for c in p.hand + p.deck + list(secrets)) == sorted(obs.players[0].unknown_pool)
        seen.update(c.name for c in secrets)
    assert seen == {"Counterspell", "Ice Barrier", "Mirror Entity", "Vaporize", "Ice Block"}


def test_determinized_secrets_trigger():
    s = make_state(MAGE, hands=(["Counterspell"], ["Fireball"]), decks=(["Counterspell"] * 2 + ["Wisp"] * 18,
                                                                         ["Wisp"] * 20))
    play(s, "Counterspell")
    end_turn(s)
    det = s.observation(1).determinize(1, Rng(0))
    assert _names(det.players[0].secrets) == ["Counterspell"]
    play(det, "Fireball", "enemy hero")
    assert det.players[0].hero.health == 30


def test_clone_serialisation_and_pickle_keep_secrets():
    s = make_state(MAGE, hands=(["Counterspell", "Ice Barrier"], []))
    play(s, "Counterspell")
    play(s, "Ice Barrier")
    for copy in (s.clone(), HearthstoneState.from_dict(s.to_dict()), pickle.loads(pickle.dumps(s))):
        assert _names(copy.players[0].secrets) == ["Counterspell", "Ice Barrier"]
    obs = s.observation(1)
    back = HearthstoneState.from_dict(obs.to_dict())
    assert [c.id for c in back.players[0].secrets] == [HIDDEN_SECRET_PREFIX + "MAGE"] * 2
    assert pickle.loads(pickle.dumps(obs)).players[0].secrets == obs.players[0].secrets
    c = s.clone()
    end_turn(c)
    c.players[1].hand = [card_db().get("Fireball")]
    c._legal = None
    play(c, "Fireball", "enemy hero")
    assert _names(c.players[0].secrets) == ["Ice Barrier"] and _names(s.players[0].secrets) == ["Counterspell", "Ice Barrier"]


def test_random_games_with_secret_decks_run_and_keep_secrets_hidden():
    """Random play with every secret in both decks: no errors, and observations never name a secret."""
    from cardlab.engine.hearthstone.invariants import check_invariants
    from cardlab.engine.hearthstone.state import GameConfig

    db = card_db()
    mage = ["Counterspell", "Ice Barrier", "Ice Block", "Mirror Entity", "Spellbender", "Vaporize", "Fireball",
            "Frostbolt", "Chillwind Yeti", "Bloodfen Raptor", "Ethereal Arcanist", "Cone of Cold", "Ice Lance",
            "Blizzard", "Archmage Antonidas"] * 2
    hunter = ["Explosive Trap", "Freezing Trap", "Misdirection", "Snake Trap", "Snipe", "Eaglehorn Bow",
              "Flare", "Unleash the Hounds", "Savannah Highmane", "Scavenging Hyena", "Bestial Wrath", "River Crocolisk",
              "Eye for an Eye", "Noble Sacrifice", "Redemption"] * 2
    for seed in range(12):
        s = HearthstoneState.new(GameConfig(), [("m", "MAGE", [db.get(c) for c in mage]),
                                                ("h", "HUNTER", [db.get(c) for c in hunter])], seed)
        rng = Rng(seed)
        while not s.is_terminal():
            check_invariants(s)
            for viewer in (0, 1):
                other = s.observation(viewer).players[1 - viewer]
                assert all(c.id.startswith(HIDDEN_SECRET_PREFIX) for c in other.secrets)
            if s.turn % 5 == 0:
                assert HearthstoneState.from_dict(s.to_dict()).to_dict() == s.to_dict()
                det = s.observation(s.current).determinize(s.current, Rng(seed))
                det.apply(det.legal_actions()[-1])
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


def test_determinize_deals_secrets_for_a_deck_drawn_from_a_pool():
    """The opponent's decklist unknown (one of two candidates): the secret still comes back from the cards the
    sampled candidate leaves hidden."""
    from cardlab.engine.hearthstone.state import GameConfig

    db = card_db()
    a = [db.get(c) for c in ["Counterspell"] * 2 + ["Wisp"] * 28]
    b = [db.get(c) for c in ["Vaporize"] * 2 + ["Counterspell"] * 2 + ["Wisp"] * 26]
    warrior = [db.get("Chillwind Yeti")] * 30
    s = HearthstoneState.new(GameConfig(), [("a", "MAGE", b), ("w", "WARRIOR", warrior)], 1,
                             candidates=[[a, b], [warrior]])
    s.players[0].hand = [db.get("Vaporize")]
    s.players[0].mana = 3
    s._legal = None
    play(s, "Vaporize")
    obs = s.observation(1)
    assert obs.players[0].secrets[0].id == HIDDEN_SECRET_PREFIX + "MAGE"
    for k in range(10):
        det = obs.determinize(1, Rng(k))
        secrets = det.players[0].secrets
        assert len(secrets) == 1 and secrets[0].name in ("Vaporize", "Counterspell")


def test_secrets_after_one_that_ended_the_attack_answer_unless_they_act_on_the_attacker():
    """Hearthstone Wiki: Noble Sacrifice still triggers after Explosive Trap killed the attacker; a secret whose
    specific target another effect removed stays in place (Secret)."""
    s = _with_secrets(["Explosive Trap", "Freezing Trap"], classes=("HUNTER", "MAGE"), board1=["Bloodfen Raptor"])
    attack(s, minion(s, 1, "Bloodfen Raptor"), "enemy hero")  # the Trap's 2 damage kills the Raptor
    assert s.players[1].board == [] and "Bloodfen Raptor" not in _names(s.players[1].hand)
    assert _names(s.players[0].secrets) == ["Freezing Trap"]  # nothing left to return
    s = _with_secrets(["Freezing Trap", "Explosive Trap"], classes=("HUNTER", "MAGE"), board1=["Chillwind Yeti"])
    attack(s, minion(s, 1, "Chillwind Yeti"), "enemy hero")  # returned, and the hero was still attacked
    assert "Chillwind Yeti" in _names(s.players[1].hand) and s.players[1].hero.health == 28
    assert s.players[0].secrets == () and s.players[0].hero.health == 30
    s = _with_secrets(["Vaporize", "Ice Barrier"], board1=["Chillwind Yeti"])
    attack(s, minion(s, 1, "Chillwind Yeti"), "enemy hero")
    assert s.players[1].board == [] and s.players[0].hero.armor == 8 and s.players[0].secrets == ()
    s = _with_secrets(["Explosive Trap", "Noble Sacrifice"], classes=("HUNTER", "MAGE"), board1=["Bloodfen Raptor"])
    attack(s, minion(s, 1, "Bloodfen Raptor"), "enemy hero")
    assert s.players[1].board == [] and [m.card.name for m in s.players[0].board] == ["Defender"]
    assert s.players[0].secrets == () and s.players[0].hero.health == 30


def test_a_determinization_never_deals_a_secret_that_would_have_fired_already():
    s = _with_secrets(["Vaporize"], classes=("MAGE", "HUNTER"), hand1=["Arcane Shot"])
    s.players[0].deck = [card_db().get(c) for c in ["Counterspell", "Mirror Entity"] + ["Wisp"] * 10]
    before = s.observation(1)
    dealt_before = {before.determinize(1, Rng(k)).players[0].secrets[0].name for k in range(40)}
    assert dealt_before == {"Vaporize", "Counterspell", "Mirror Entity"}
    play(s, "Arcane Shot", "enemy hero")  # nothing answers the spell: the secret is no Counterspell
    after = s.observation(1)
    dealt_after = {after.determinize(1, Rng(k)).players[0].secrets[0].name for k in range(40)}
    assert dealt_after == {"Vaporize", "Mirror Entity"}
    back = HearthstoneState.from_dict(after.to_dict())
    assert back.players[0].secret_ruled_out == after.players[0].secret_ruled_out == (("VAN_EX1_287",),)


def _with_sword_of_justice(s):
    from cardlab.engine.hearthstone.entities import Weapon

    s.players[1].weapon = Weapon(card_db().get("Sword of Justice"), s.new_uid())
    s._legal = None
    return s


def test_secrets_answer_a_played_minion_before_after_summon_triggers():
    # After Play (Repentance, Mirror Entity) comes before After Summon (Sword of Justice): Hearthstone Wiki
    s = _with_sword_of_justice(_with_secrets(["Repentance"], ("PALADIN", "PALADIN"), hand1=["Chillwind Yeti"]))
    play(s, "Chillwind Yeti")
    assert (minion(s, 1, "Chillwind Yeti").attack, minion(s, 1, "Chillwind Yeti").health) == (5, 2)
    s = _with_sword_of_justice(_with_secrets(["Mirror Entity"], ("MAGE", "PALADIN"), hand1=["Chillwind Yeti"]))
    play(s, "Chillwind Yeti")
    copy = minion(s, 0, "Chillwind Yeti")
    assert (copy.attack, copy.health) == (4, 5)  # copied before the Sword's +1/+1


def test_a_minion_its_battlecry_destroyed_does_not_trigger_after_it():
    # Deathwing destroys the own Knife Juggler: deaths resolve when the Battlecry ends, so no knife is thrown
    s = make_state(hands=(["Deathwing"], []), boards=(["Knife Juggler"], ["Chillwind Yeti"]))
    play(s, "Deathwing")
    assert s.players[1].hero.health == 30 and [m.card.name for m in s.players[0].board] == ["Deathwing"]


def test_a_triggered_secret_is_named_to_both_players():
    # a secret that triggers is revealed to both players; the terminal game says which (it only lost a "Secret (Mage)")
    s = make_state(classes=("MAGE", "MAGE"), hands=(["Counterspell"], ["Fireball"]))
    play(s, "Counterspell")
    end_turn(s)
    assert s.public_outcome_string(0) == "" and s.public_outcome_string(1) == ""
    play(s, "Fireball", "enemy hero")
    assert s.public_outcome_string(1) == "their Counterspell was revealed"
    assert s.public_outcome_string(0) == "your Counterspell was revealed"
    assert s.observation(1).public_outcome_string(1) == "their Counterspell was revealed"
    end_turn(s)
    assert s.public_outcome_string(1) == ""  # only the action that revealed it
