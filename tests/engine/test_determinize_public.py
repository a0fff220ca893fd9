"""Determinizations never contradict public information (audit of hidden information, findings 1-3).

Each test builds a position in which the public game has shown something about the opponent's hidden cards and
checks, over many determinizations, that no sampled state contradicts it:
1. a secret that let an event pass is not one that would have answered it, with pool and random decks too, and a
   sampled pool decklist still holds a secret it can be;
2. a card an effect put straight into a hand (Thoughtsteal and Mind Vision copies, Dream cards, Worthless Imps)
   stays in that hand, and after Sense Demons found no Demon, no Demon is dealt into the deck;
3. a Thoughtsteal copy is of a card of the victim's deck when it was cast (a Mind Vision copy: of its hand then),
   and a stolen secret is one of the secrets that deck held.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import card_db, load_deck
from cardlab.engine.hearthstone import secrets as secret_rules
from cardlab.engine.hearthstone.state import ANY_DECK, END_TURN_ACTION, GameConfig, HearthstoneState
from tests.engine.hs import make_state, play

SAMPLES = 150
COUNTERSPELL = "VAN_EX1_287"


def _worlds(s: HearthstoneState, viewer: int, times: int = SAMPLES) -> list[HearthstoneState]:
    obs = s.observation(viewer)
    return [obs.determinize(viewer, Rng(k)) for k in range(times)]


def _to_hand(p, name: str) -> None:
    if not any(c.name == name for c in p.hand):
        card = next(c for c in p.deck if c.name == name)
        p.deck.remove(card)
        p.hand.append(card)


# ---------------------------------------------------------------- 1. ruled-out secrets, pool and random decks

def _ice_barrier_let_a_spell_pass(candidates) -> HearthstoneState:
    """Seat 1 (Freeze Mage) plays Ice Barrier; seat 0 casts Arcane Intellect, which no Counterspell answers."""
    s = HearthstoneState.new(GameConfig(), [load_deck("basic-mage").as_tuple(), load_deck("freeze-mage").as_tuple()],
                             5, candidates=candidates)
    s.apply(END_TURN_ACTION)
    _to_hand(s.players[1], "Ice Barrier")
    s.players[1].mana = 10
    s._legal = None
    play(s, "Ice Barrier")
    s.apply(END_TURN_ACTION)
    _to_hand(s.players[0], "Arcane Intellect")
    s.players[0].mana = 10
    s._legal = None
    play(s, "Arcane Intellect")
    assert s.players[1].secret_ruled_out == ((COUNTERSPELL,),)
    return s


@pytest.mark.parametrize("pool", ["classic", "random"])
def test_a_pool_or_random_decks_secret_is_never_one_ruled_out(pool):
    """Freeze Mage or Tempo Mage (whose only secret is Counterspell), or any Mage deck: not Counterspell, and a
    sampled decklist always holds a Mage secret other than Counterspell (Tempo Mage is impossible)."""
    db = card_db()
    candidates = ([[load_deck("basic-mage").cards], [load_deck("freeze-mage").cards, load_deck("tempo-mage").cards]]
                  if pool == "classic" else [ANY_DECK, ANY_DECK])
    s = _ice_barrier_let_a_spell_pass(candidates)
    mage_secrets = {c.id for c in db.collectible() if secret_rules.is_secret(c) and c.card_class == "MAGE"}
    tempo = tuple(sorted(c.id for c in load_deck("tempo-mage").cards))
    for world in _worlds(s, 0):
        p = world.players[1]
        assert p.secrets[0].id != COUNTERSPELL
        assert p.deck_origin != tempo
        assert any(cid in mage_secrets and cid != COUNTERSPELL for cid in p.deck_origin)


def test_each_hidden_secret_gets_one_it_is_not_ruled_out_to_be():
    """A newer secret ruled out to be Ice Barrier, an older one not: with Ice Barrier and Ice Block the only
    secrets left, the older is dealt Ice Barrier every time (an in-order pick would take Ice Block half the time and
    leave the newer one only its ruled-out secret)."""
    db = card_db()
    s = make_state(classes=("WARRIOR", "MAGE"), hands=((), ()))
    p = s.players[1]
    p.deck = [db.get("Chillwind Yeti")] * 10
    secret_rules.put(s, 1, db.get("Ice Barrier"))
    secret_rules.put(s, 1, db.get("Ice Block"))
    p.secret_ruled_out = ((), (db.get("Ice Barrier").id,))  # a hand-built history: not nested
    for world in _worlds(s, 0):
        assert [c.name for c in world.players[1].secrets] == ["Ice Barrier", "Ice Block"]


def test_can_deal_is_a_matching():
    assert secret_rules.can_deal([(), ("a",)], ["a", "b"])
    assert not secret_rules.can_deal([("b",), ("b",)], ["a", "b"])
    assert not secret_rules.can_deal([(), ()], ["a", "a"])
    assert secret_rules.can_deal([], [])


# ---------------------------------------------------------------- 2. cards put straight into a hand

def _thoughtsteal(victim_deck: list[str], victim_hand: list[str], seed: int = 0) -> HearthstoneState:
    s = make_state(classes=("PRIEST", "WARLOCK"), hands=(["Thoughtsteal"], victim_hand),
                   decks=(["Chillwind Yeti"] * 20, victim_deck), seed=seed)
    s.players[1].deck = [card_db().get(c) for c in victim_deck]
    s.rng = Rng(100 + seed)
    play(s, "Thoughtsteal")
    return s


def _no_copy_in_deck(world: HearthstoneState, seat: int) -> None:
    p = world.players[seat]
    assert not any(c.hidden_copy for c in p.deck)
    assert sum(c.hidden_copy for c in p.hand) == 2


def test_thoughtsteal_copies_stay_in_the_casters_hand():
    s = _thoughtsteal(["Wisp"] * 10 + ["Chillwind Yeti"] * 10, ["Fireball"])
    assert sum(c.hidden_copy for c in s.players[0].hand) == 2
    for world in _worlds(s, 1):
        _no_copy_in_deck(world, 0)


def test_thoughtsteal_copies_stay_in_a_random_decks_hand():
    """The same from a random deck's view (ANY_DECK: the hidden cards are a sampled deck plus what was added)."""
    s = _thoughtsteal(["Wisp"] * 10 + ["Chillwind Yeti"] * 10, ["Fireball"])
    p = s.players[0]
    p.deck_candidates = ANY_DECK
    p.deck_origin = tuple(sorted([c.id for c in p.deck] + [card_db().get("Thoughtsteal").id]))
    for world in _worlds(s, 1):
        _no_copy_in_deck(world, 0)


def test_a_mind_vision_copy_stays_in_the_casters_hand():
    s = make_state(classes=("PRIEST", "MAGE"), hands=(["Mind Vision"], ["Fireball", "Frostbolt"]))
    play(s, "Mind Vision")
    for world in _worlds(s, 1):
        p = world.players[0]
        assert not any(c.hidden_copy for c in p.deck) and sum(c.hidden_copy for c in p.hand) == 1


def test_a_dream_card_stays_in_yseras_owners_hand():
    dream = {card_db().by_id[c].name for c in ("VAN_DREAM_01", "VAN_DREAM_02", "VAN_DREAM_03", "VAN_DREAM_04",
                                               "VAN_DREAM_05")}
    s = make_state(classes=("PRIEST", "MAGE"), hands=(["Ysera"], ["Fireball"]))
    play(s, "Ysera")
    s.apply(END_TURN_ACTION)  # Ysera: a Dream card at the end of its owner's turn
    assert sum(c.name in dream for c in s.players[0].hand) == 1
    for world in _worlds(s, 1):
        p = world.players[0]
        assert not any(c.name in dream for c in p.deck) and sum(c.name in dream for c in p.hand) == 1


def _sense_demons(hand: list[str]) -> HearthstoneState:
    """Seat 0 (Warlock, no Demon in its deck) casts Sense Demons: two Worthless Imps."""
    s = make_state(classes=("WARLOCK", "MAGE"), hands=(hand + ["Sense Demons"], ["Fireball"]),
                   decks=(["Chillwind Yeti"] * 10 + ["Voidwalker"], ["Chillwind Yeti"] * 20))
    s.players[0].deck = [card_db().get("Chillwind Yeti")] * 10
    play(s, "Sense Demons")
    return s


def test_worthless_imps_stay_in_the_hand():
    s = _sense_demons([])
    assert [c.name for c in s.players[0].hand] == ["Worthless Imp"] * 2
    for world in _worlds(s, 1):
        assert [c.name for c in world.players[0].hand] == ["Worthless Imp"] * 2


def test_after_sense_demons_found_none_no_demon_is_dealt_into_the_deck():
    """The Voidwalker the Warlock holds is not in its deck, even once the Imps are played (they no longer show)."""
    s = _sense_demons(["Voidwalker", "Wisp"])
    play(s, "Worthless Imp")
    play(s, "Worthless Imp")
    for world in _worlds(s, 1):
        p = world.players[0]
        assert not any(c.race == "DEMON" for c in p.deck)
        assert len(p.hand) == 2 and "Voidwalker" in [c.name for c in p.hand]


def test_after_sense_demons_found_none_a_random_decks_demons_fit_in_its_hand():
    """A random deck (ANY_DECK) is sampled again until its hidden Demons fit in the hand with the two Imps."""
    db = card_db()
    s = make_state(classes=("WARLOCK", "MAGE"), hands=(["Wisp", "Sense Demons"], ["Fireball"]))
    p = s.players[0]
    p.deck = [db.get("Chillwind Yeti")] * 28
    p.deck_candidates = ANY_DECK
    p.deck_origin = tuple(sorted(c.id for c in p.deck + p.hand))
    play(s, "Sense Demons")
    for world in _worlds(s, 1):
        q = world.players[0]
        assert not any(c.race == "DEMON" for c in q.deck) and len(q.deck) == 28
        assert [c.name for c in q.hand].count("Worthless Imp") == 2


# ---------------------------------------------------------------- 3. where copies and stolen secrets come from

def test_thoughtsteal_copies_are_of_the_victims_deck_at_cast_time():
    """Not of The Coin or the legendary in the victim's hand, nor of cards drawn since."""
    deck = ["Wisp"] * 5 + ["Voidwalker"] * 5
    s = _thoughtsteal(deck, ["Leeroy Jenkins", card_db().coin.id, "Flame Imp"])
    s.players[1].deck = [card_db().get("Chillwind Yeti")] + s.players[1].deck  # drawn later: the bottom card
    s.apply(END_TURN_ACTION)
    s.apply(END_TURN_ACTION)
    s.apply(END_TURN_ACTION)  # the victim has drawn twice since
    for world in _worlds(s, 1):
        p = world.players[0]
        copies = [c.name for c in p.hand + p.deck if c.hidden_copy]
        assert set(copies) <= {"Wisp", "Voidwalker"} and len(copies) == 2


def test_a_mind_vision_copy_is_of_the_victims_hand_at_cast_time():
    s = make_state(classes=("PRIEST", "MAGE"), hands=(["Mind Vision"], ["Fireball", "Frostbolt", "Flamestrike"]))
    play(s, "Mind Vision")
    s.apply(END_TURN_ACTION)
    victim = s.players[1]
    victim.hand = [card_db().get("Wisp")] * 3  # its hand changed since (the cast-time hand is what counts)
    for world in _worlds(s, 1):
        copies = [c.name for c in world.players[0].hand if c.hidden_copy]
        assert len(copies) == 1 and copies[0] in {"Fireball", "Frostbolt", "Flamestrike"}


def test_a_stolen_secret_is_one_the_victims_deck_held():
    """The victim's deck held Noble Sacrifice and a Wisp, its hand other Paladin secrets: the Priest's stolen
    secret can only be Noble Sacrifice."""
    s = make_state(classes=("PRIEST", "PALADIN"), hands=(["Thoughtsteal"], ["Redemption", "Eye for an Eye"]),
                   decks=(["Chillwind Yeti"] * 20, ["Wisp"] * 20))
    s.players[1].deck = [card_db().get("Noble Sacrifice"), card_db().get("Wisp")]
    play(s, "Thoughtsteal")
    play(s, "Noble Sacrifice")
    assert [c.name for c in s.players[0].secrets] == ["Noble Sacrifice"]
    for world in _worlds(s, 1):
        p = world.players[0]
        assert [c.name for c in p.secrets] == ["Noble Sacrifice"]
        assert [c.name for c in p.hand if c.hidden_copy] == ["Wisp"]


def test_what_thoughtsteal_copied_never_shows_to_the_victim_nor_its_deck_to_the_caster():
    """Games that differ only in which cards Thoughtsteal copied look the same to the victim (its observation, the
    notes determinize reads, and a determinization); the caster's observation holds no note of the victim's deck."""
    deck = ["Wisp", "Voidwalker", "Flame Imp", "Chillwind Yeti", "Boulderfist Ogre", "Fireball"]
    views, copied = [], set()
    for seed in range(8):
        s = _thoughtsteal(deck, ["Frostbolt"], seed=seed)
        copied.add(tuple(sorted(c.name for c in s.players[0].hand if c.hidden_copy)))
        obs = s.observation(1)
        views.append((obs.to_dict(), obs.copy_sources, obs.determinize(1, Rng(3)).to_dict()))
        assert s.observation(0).copy_sources == ((), ())
    assert len(copied) > 1
    assert all(v == views[0] for v in views)


def test_a_played_copy_leaves_the_cards_the_others_came_from():
    """Thoughtsteal copied both cards of a two-card deck: once one is played, the other is the other card."""
    s = _thoughtsteal(["Wisp", "Flame Imp"], ["Frostbolt"])
    play(s, "Wisp")
    for world in _worlds(s, 1, times=40):
        assert [c.name for c in world.players[0].hand if c.hidden_copy] == ["Flame Imp"]


def test_the_cards_put_in_a_hand_keep_every_determinization_consistent():
    """The observation of a determinization is the observation (hand and deck sizes, the unknown pool)."""
    s = _thoughtsteal(["Wisp"] * 10 + ["Chillwind Yeti"] * 10, ["Fireball"])
    obs = s.observation(1)
    for world in _worlds(s, 1, times=30):
        assert world.observation(1).to_dict() == obs.to_dict()
        assert Counter(c.id for c in world.players[0].hand + world.players[0].deck).total() == \
            len(s.players[0].hand) + len(s.players[0].deck)


# ---------------------------------------------------------------- 4. what Mind Vision showed its caster

def _mind_vision_copying(name: str, victim_hand: list[str], victim_class: str = "MAGE") -> HearthstoneState:
    """Seat 0 (Priest) casts Mind Vision on seat 1's hand: the first game seed that copies `name`."""
    for seed in range(64):
        s = make_state(classes=("PRIEST", victim_class), hands=(["Mind Vision"], victim_hand), seed=seed)
        s.rng = Rng(500 + seed)
        play(s, "Mind Vision")
        if [c.name for c in s.players[0].hand if c.hidden_copy] == [name]:
            return s
    raise AssertionError(f"no seed copies {name}")


def test_the_card_mind_vision_showed_stays_in_the_victims_hand_for_the_caster():
    s = _mind_vision_copying("Leeroy Jenkins", ["Leeroy Jenkins", "Wisp", "Fireball"])
    for world in _worlds(s, 0):
        assert "Leeroy Jenkins" in [c.name for c in world.players[1].hand]
    s.apply(END_TURN_ACTION)  # the victim draws: the card it showed is still in its hand
    for world in _worlds(s, 0):
        assert "Leeroy Jenkins" in [c.name for c in world.players[1].hand]


def test_what_mind_vision_showed_is_hidden_from_the_victim_and_dropped_once_played():
    s = _mind_vision_copying("Wisp", ["Wisp", "Wisp", "Fireball"])
    assert s.observation(0).seen_by_opponent == ((), (card_db().get("Wisp").id,))
    assert s.observation(1).seen_by_opponent == ((), ())  # the victim does not see which card was copied
    s.apply(END_TURN_ACTION)
    play(s, "Wisp")  # one Wisp left the hand in plain sight: the caster no longer knows a Wisp is there
    assert s.seen_by_opponent == ((), ())


def test_a_secret_played_after_mind_vision_may_be_the_one_it_showed():
    """The caster saw Ice Barrier; the victim then plays a Mage secret: it may be that Ice Barrier, so the caster
    no longer keeps one in the hand, and its determinizations may deal it as the secret."""
    s = _mind_vision_copying("Ice Barrier", ["Ice Barrier", "Fireball", "Frostbolt"])
    s.apply(END_TURN_ACTION)
    play(s, "Ice Barrier")
    assert s.seen_by_opponent == ((), ())
    assert any(world.players[1].secrets[0].name == "Ice Barrier" for world in _worlds(s, 0, times=40))


def test_which_card_mind_vision_copied_never_shows_to_the_victim_notes_included():
    views, copied = [], set()
    for seed in range(12):
        s = make_state(classes=("PRIEST", "MAGE"), hands=(["Mind Vision"], ["Fireball", "Frostbolt", "Wisp"]),
                       seed=seed)
        s.rng = Rng(900 + seed)
        play(s, "Mind Vision")
        copied.update(c.name for c in s.players[0].hand if c.hidden_copy)
        obs = s.observation(1)
        views.append((obs.to_dict(), obs.copy_sources, obs.seen_by_opponent, obs.determinize(1, Rng(3)).to_dict()))
    assert len(copied) > 1
    assert all(v == views[0] for v in views)


# ---------------------------------------------------------------- 5. Far Sight's public discount

def test_far_sights_discount_shows_in_every_determinization_until_the_card_is_played():
    s = make_state(classes=("SHAMAN", "MAGE"), hands=(["Far Sight", "Wisp"], ["Fireball"]),
                   decks=(["Boulderfist Ogre"] * 20, ["Chillwind Yeti"] * 20))
    play(s, "Far Sight")
    assert [s.cost(0, c) for c in s.players[0].hand] == [0, 3]
    for world in _worlds(s, 1):
        p = world.players[0]
        assert sorted(c.cost - getattr(c, "base", c).cost for c in p.hand) == [-3, 0]
    play(s, "Boulderfist Ogre")  # the discounted card, played for 3: no card of the hand is cheaper any more
    for world in _worlds(s, 1, times=40):
        assert all(getattr(c, "base", None) is None for c in world.players[0].hand)


def test_a_saved_state_keeps_what_its_determinizations_need():
    """A state read back from its dict (datagen's stored states, a pickled OpenSpiel state) keeps the notes: its
    determinizations keep the caster's copies in the hand and what Mind Vision showed."""
    stolen = _thoughtsteal(["Wisp"] * 10 + ["Chillwind Yeti"] * 10, ["Fireball"])
    seen = _mind_vision_copying("Leeroy Jenkins", ["Leeroy Jenkins", "Wisp", "Fireball"])
    for s in (stolen, seen):
        back = HearthstoneState.from_dict(s.to_dict())
        assert back == s and back.copy_sources == s.copy_sources and back.seen_by_opponent == s.seen_by_opponent
        for viewer in (0, 1):  # a copy read back stays a copy: the victim's view does not name it
            assert back.observation(viewer) == s.observation(viewer)
    for world in _worlds(HearthstoneState.from_dict(stolen.to_dict()), 1):
        _no_copy_in_deck(world, 0)
    for world in _worlds(HearthstoneState.from_dict(seen.to_dict()), 0):
        assert "Leeroy Jenkins" in [c.name for c in world.players[1].hand]
    plain = make_state(classes=("MAGE", "MAGE"))
    assert "notes" not in plain.to_dict()  # other games' dicts keep their shape


# ---------------------------------------------------------------- 6. a discarded card is shown to both players

def _discarding(build, discard: str, name: str, times: int = 64):
    """The first game seed (Rng(s) set just before `discard` is played) in which it discards a card called `name`
    (a hidden copy: of that card); `build(seed)` plays up to it."""
    for seed in range(times):
        s = build(seed)
        p = s.players[s.current]
        s.rng = Rng(700 + seed)
        before = Counter(c.name for c in p.hand)
        before[discard] -= 1
        play(s, discard, "enemy hero" if discard == "Soulfire" else None)
        if [n for n, k in (before - Counter(c.name for c in p.hand)).items() if k] == [name]:
            return s
    raise AssertionError(f"no seed discards {name}")


def _mind_vision_then_soulfire(seed: int) -> HearthstoneState:
    """Seat 0 (Priest) Mind Visions a Wisp from seat 1's hand (Wisp, Soulfire); seat 1's deck holds more Wisps."""
    for k in range(64):
        s = make_state(classes=("PRIEST", "WARLOCK"), hands=(["Mind Vision"], ["Wisp", "Soulfire"]),
                       decks=(["Chillwind Yeti"] * 20, ["Wisp"] * 10 + ["Chillwind Yeti"] * 10), seed=seed)
        s.rng = Rng(500 + 64 * seed + k)
        play(s, "Mind Vision")
        if [c.name for c in s.players[0].hand if c.hidden_copy] == ["Wisp"]:
            s.apply(END_TURN_ACTION)  # seat 1 draws, then casts Soulfire
            return s
    raise AssertionError("no seed copies Wisp")


@pytest.mark.parametrize("discarded", ["Wisp", "Chillwind Yeti"])
def test_a_card_mind_vision_showed_leaves_the_note_once_discarded(discarded):
    """Soulfire discards the Wisp Mind Vision showed (its deck holds more): the caster no longer keeps a Wisp in
    the victim's hand. Discarding another card leaves the note (the Wisp is still there)."""
    s = _discarding(_mind_vision_then_soulfire, "Soulfire", discarded)
    wisp = card_db().get("Wisp").id
    assert s.seen_by_opponent == ((), () if discarded == "Wisp" else (wisp,))
    held = [any(c.name == "Wisp" for c in world.players[1].hand) for world in _worlds(s, 0)]
    assert all(held) == (discarded != "Wisp") and any(held)


def test_a_discarded_copy_leaves_the_cards_the_others_came_from():
    """Thoughtsteal copied both cards of a two-card deck; Soulfire discards the Wisp copy, in plain sight: the
    other copy is the Flame Imp (as when the Wisp copy is played)."""
    def build(seed: int) -> HearthstoneState:
        s = make_state(classes=("PRIEST", "WARLOCK"), hands=(["Thoughtsteal", "Soulfire"], ["Frostbolt"]),
                       decks=(["Chillwind Yeti"] * 20, ["Wisp", "Flame Imp"]), seed=seed)
        s.players[1].deck = [card_db().get("Wisp"), card_db().get("Flame Imp")]
        play(s, "Thoughtsteal")
        return s

    s = _discarding(build, "Soulfire", "Wisp")
    assert [c.name for c in s.players[0].hand if c.hidden_copy] == ["Flame Imp"]
    assert s.copy_sources == ((card_db().get("Flame Imp").id,), ())
    for world in _worlds(s, 1, times=40):
        assert [c.name for c in world.players[0].hand if c.hidden_copy] == ["Flame Imp"]


@pytest.mark.parametrize("discarded", ["Boulderfist Ogre", "Wisp"])
def test_far_sights_card_discarded_takes_its_discount_along(discarded):
    """Far Sight drew an Ogre costing 3 less; Soulfire discards it, in plain sight: no card of the hand left is
    cheaper in any determinization. Discarding the Wisp leaves the discount on the hidden card."""
    def build(seed: int) -> HearthstoneState:
        s = make_state(classes=("SHAMAN", "MAGE"), hands=(["Far Sight", "Soulfire", "Wisp"], ["Fireball"]),
                       decks=(["Boulderfist Ogre"] * 20, ["Chillwind Yeti"] * 20), seed=seed)
        play(s, "Far Sight")
        return s

    s = _discarding(build, "Soulfire", discarded)
    assert s.hand_discounts == (() if discarded == "Boulderfist Ogre" else (-3,), ())
    for world in _worlds(s, 1, times=40):
        cheaper = [c for c in world.players[0].hand if getattr(c, "base", None) is not None]
        assert len(cheaper) == (0 if discarded == "Boulderfist Ogre" else 1)


def test_deathwing_discards_what_the_notes_said_of_the_hand():
    """Mind Vision showed a Wisp of seat 1's hand and Far Sight discounted a hidden card of it; seat 1's Deathwing
    discards the whole hand: the two cards it draws next are neither kept a Wisp nor dealt the discount."""
    for k in range(64):
        s = make_state(classes=("PRIEST", "SHAMAN"), hands=(["Mind Vision"], ["Wisp", "Far Sight", "Deathwing"]),
                       decks=(["Chillwind Yeti"] * 20, ["Wisp"] * 10 + ["Chillwind Yeti"] * 10))
        s.rng = Rng(300 + k)
        play(s, "Mind Vision")
        if [c.name for c in s.players[0].hand if c.hidden_copy] == ["Wisp"]:
            break
    s.apply(END_TURN_ACTION)
    s.players[1].mana = 13
    s._legal = None
    play(s, "Far Sight")
    assert s.seen_by_opponent == ((), (card_db().get("Wisp").id,)) and s.hand_discounts == ((), (-3,))
    play(s, "Deathwing")
    assert s.players[1].hand == [] and s.seen_by_opponent == ((), ()) and s.hand_discounts == ((), ())
    for _ in range(4):
        s.apply(END_TURN_ACTION)  # seat 1 draws twice
    assert len(s.players[1].hand) == 2
    worlds = _worlds(s, 0)
    assert not all(any(c.name == "Wisp" for c in w.players[1].hand) for w in worlds)
    assert not any(getattr(c, "base", None) is not None for w in worlds for c in w.players[1].hand)


def test_a_discard_in_a_game_without_notes_makes_none():
    """Discards cost nothing where no card made a note: the state keeps no notes (nor its dict their key)."""
    s = make_state(classes=("WARLOCK", "MAGE"), hands=(["Soulfire", "Wisp", "Wisp"], ["Fireball"]))
    s.players[0].mana = 20
    s._legal = None
    play(s, "Soulfire", "enemy hero")
    assert [c.name for c in s.players[0].hand] == ["Wisp"]
    s.players[0].hand.append(card_db().get("Deathwing"))
    s._legal = None
    play(s, "Deathwing")
    assert s.players[0].hand == [] and s.__dict__ == {} and "notes" not in s.to_dict()
