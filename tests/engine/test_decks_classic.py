"""Issue 16, item 2: the Classic-era decklists (pool `classic`) and random decks (`pool=random`)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cardlab.cli import main
from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone.carddb import CLASSES
from cardlab.engine.hearthstone.decks import (CLASSIC_DECKS, DECK_DIR, DECK_SIZE, POOLS, DeckError, deck_pool,
                                              load_deck, parse_text, random_deck, random_deck_ids, validate)
from cardlab.engine.hearthstone.game import DeckChoice
from cardlab.engine.hearthstone.state import ANY_DECK, END_TURN_ACTION, GameConfig, HearthstoneState
from cardlab.engine.registry import make_game


def _legal(deck) -> None:
    """Deck-building rules, checked independently of decks.validate."""
    counts = Counter(c.id for c in deck.cards)
    assert len(deck.cards) == DECK_SIZE
    for cid, n in counts.items():
        card = card_db().get(cid)
        assert card.collectible and card.implemented
        assert card.card_class in ("NEUTRAL", deck.hero_class)
        assert n <= (1 if card.rarity == "LEGENDARY" else 2), (card.name, n)


# ---------------------------------------------------------------- the classic pool

def test_classic_pool_has_twelve_decks_over_every_class():
    decks = deck_pool("classic")
    assert len(decks) >= 12 and POOLS["classic"] == CLASSIC_DECKS
    assert {d.hero_class for d in decks} == set(CLASSES)
    assert len({d.name for d in decks}) == len(decks)
    for d in decks:
        _legal(d)


@pytest.mark.parametrize("name", CLASSIC_DECKS)
def test_classic_deck_file_names_its_era_and_round_trips(name):
    path = DECK_DIR / f"{name}.txt"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# ") and "Classic-era" in text.splitlines()[0]  # the list's source era
    deck = load_deck(name)
    _legal(deck)
    # file -> deckstring -> deck: same class and cards; and the deck's own text parses back to it
    again = load_deck(deck.deckstring())
    assert again.hero_class == deck.hero_class
    assert sorted(c.id for c in again.cards) == sorted(c.id for c in deck.cards)
    assert again.deckstring() == deck.deckstring()
    assert parse_text(deck.to_text(), name).cards == deck.cards


def test_decks_command_prints_a_classic_deckstring(capsys):
    assert main(["decks", "freeze-mage", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)[0]
    assert row["class"] == "MAGE" and row["deckstring"] == load_deck("freeze-mage").deckstring()
    assert sum(c["count"] for c in row["cards"]) == 30


def test_classic_pool_games_draw_from_the_pool():
    game = make_game("hearthstone:pool=classic")
    assert game.spec == "hearthstone:pool=classic"
    names = {d.name for d in deck_pool("classic")}
    seen = set()
    for seed in range(40):
        s = game.new_initial_state(seed)
        seen.update(p.deck_name for p in s.players)
        assert [p.deck_name for p in s.players] == [p.deck_name for p in game.new_initial_state(seed).players]
    assert seen <= names and len(seen) >= 10


# ---------------------------------------------------------------- random decks

def test_random_decks_follow_the_deck_building_rules():
    classes = set()
    for seed in range(60):
        deck = random_deck(Rng(seed))
        _legal(deck)
        classes.add(deck.hero_class)
    assert classes == set(CLASSES)
    mage = random_deck(Rng(1), "MAGE")
    assert mage.hero_class == "MAGE" and any(c.card_class == "MAGE" for c in mage.cards)


def test_random_deck_ids_keep_the_required_cards():
    db = card_db()
    required = sorted([db.get("Fireball").id] * 2 + [db.get("Archmage Antonidas").id])
    for seed in range(10):
        ids = random_deck_ids("MAGE", Rng(seed), required)
        held = Counter(ids)
        assert held[db.get("Fireball").id] == 2 and held[db.get("Archmage Antonidas").id] == 1
        validate("x", "MAGE", [db.get(c) for c in ids])
    with pytest.raises(DeckError, match="not a card such a deck can hold"):
        random_deck_ids("WARRIOR", Rng(0), [db.get("Fireball").id])
    with pytest.raises(DeckError):
        random_deck_ids("MAGE", Rng(0), [db.get("Archmage Antonidas").id] * 2)


def test_random_pool_is_seeded_and_varied():
    game = make_game("hearthstone:pool=random")
    assert game.spec == "hearthstone:pool=random" and game.describe() == "pool random"
    assert DeckChoice.from_options(pool="random").mode == "random"

    def decks(g, seed, roles=None):
        return [(d.hero_class, tuple(sorted(c.id for c in d.cards))) for d in g.seat_decks(seed, roles)]

    assert decks(game, 5) == decks(make_game("hearthstone:pool=random"), 5)  # same seed, same decks
    assert decks(game, 5, (1, 0)) == decks(game, 5)[::-1]  # decks follow the agent
    assert len({tuple(decks(game, seed)) for seed in range(20)}) == 20
    s = game.new_initial_state(5)
    assert [p.hero.card_class for p in s.players] == [c for c, _ in decks(game, 5)]
    assert s.to_dict() == game.new_initial_state(5).to_dict()


def test_random_game_logs_replay(tmp_path):
    from cardlab.arena import gamelog
    from cardlab.arena.play import play_game

    for index in range(3):
        result = play_game("hearthstone:pool=random", ["random", "random-action"], 17, index, keep_log=True)
        assert result.ok
        log = json.loads(json.dumps(result.log))
        path = gamelog.save(log, tmp_path / f"g{index}.json")
        states = list(gamelog.replay_states(gamelog.load(path)))
        final = states[-1][0]
        assert final.is_terminal() and len(states) == result.actions + 1
        by_role = final.returns()
        assert [by_role[result.roles.index(r)] for r in range(2)] == list(result.returns)
    assert main(["replay", str(path)]) == 0


# ---------------------------------------------------------------- what the observer knows of a random deck

def _random_state(opponent_deck, seed: int = 3) -> HearthstoneState:
    warrior = load_deck("basic-warrior")
    return HearthstoneState.new(GameConfig(), [warrior.as_tuple(), opponent_deck.as_tuple()], seed,
                                candidates=[ANY_DECK, ANY_DECK])


def _observations(state: HearthstoneState, turns: int = 8) -> list:
    """Seat 0 plays random legal actions, seat 1 only ends its turns: seat 0's observations and determinizations."""
    rng, s, out = Rng(5), state.clone(), []
    while not s.is_terminal() and s.turn <= turns:
        if s.current == 1:
            s.apply(END_TURN_ACTION)
            continue
        obs = s.observation(0)
        out.append((obs.to_dict(), obs.determinize(0, Rng(len(out))).to_dict()))
        legal = obs.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return out


def test_random_deck_shows_only_its_class():
    """Two random Mage decks with nothing in common: the Warrior's observations and determinizations agree."""
    a, b = random_deck(Rng(1), "MAGE"), random_deck(Rng(2), "MAGE")
    assert Counter(c.id for c in a.cards) != Counter(c.id for c in b.cards)
    run_a, run_b = _observations(_random_state(a)), _observations(_random_state(b))
    assert len(run_a) > 4 and run_a == run_b
    opp = _random_state(a).observation(0).players[1]
    assert opp.deck_candidates == ANY_DECK and opp.deck_origin is None and opp.unknown_pool is None
    assert opp.deck_name == ""
    own = _random_state(a).observation(1).players[1]
    assert own.unknown_pool == tuple(sorted(c.id for c in _random_state(a).players[1].deck))


def test_random_deck_determinization_is_a_legal_deck_holding_the_cards_seen():
    game = make_game("hearthstone:pool=random")
    for seed in range(6):
        s = game.new_initial_state(seed)
        rng = Rng(seed)
        checked = 0
        while not s.is_terminal():
            p = s.current
            if rng.randrange(4) == 0:
                obs = s.observation(p)
                det = obs.determinize(p, Rng(rng.next64()))
                opp, real = det.players[1 - p], s.players[1 - p]
                assert len(opp.hand) == len(real.hand) and len(opp.deck) == len(real.deck)
                assert det.legal_actions() == s.legal_actions()
                origin = [card_db().get(c) for c in opp.deck_origin]
                validate("sampled", real.hero.card_class, origin)  # a legal deck of the opponent's class
                removed = Counter(obs.players[1 - p].unknown_delta[1])
                assert not removed - Counter(opp.deck_origin)  # holding every card seen leaving it
                checked += 1
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        assert checked > 3


def test_random_deck_determinization_deals_the_hidden_secret_from_the_deck():
    """A random Mage deck with a secret in play: every determinization holds a Mage secret for it, and the hand
    and deck keep their sizes (a sampled deck without secrets used to leave one card too many in the deck)."""
    from cardlab.engine.hearthstone.invariants import violations
    from cardlab.engine.hearthstone.secrets import is_secret
    from tests.engine.hs import play

    s = _random_state(load_deck("freeze-mage"))
    s.apply(END_TURN_ACTION)
    mage = s.players[1]
    barrier = next(c for c in mage.deck if c.name == "Ice Barrier")
    mage.deck.remove(barrier)
    mage.hand.append(barrier)
    mage.mana = 10
    s._legal = None
    play(s, "Ice Barrier")
    s.apply(END_TURN_ACTION)
    obs = s.observation(0)
    assert len(obs.players[1].secrets) == 1
    for k in range(30):
        det = obs.determinize(0, Rng(k))
        d = det.players[1]
        assert not violations(det)
        assert len(d.hand) == len(mage.hand) and len(d.deck) == len(mage.deck)
        assert len(d.secrets) == 1 and is_secret(d.secrets[0]) and d.secrets[0].card_class == "MAGE"
        validate("sampled", "MAGE", [card_db().get(c) for c in d.deck_origin])
