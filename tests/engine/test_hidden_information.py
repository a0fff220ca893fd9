"""Hidden information (issue 13, item 3): an agent learns nothing beyond its observation.

Each test builds games that differ only in what one player may not see (the opponent's hand and deck order, which
deck of a pool the opponent drew, which card Mind Vision copied, the game's own random state) and checks that
the player's observations, and its determinizations with the same random stream, are the same in all of them.
An adversarial agent also tries the seed leaks that existed once (`cardlab play` seeding the bot with the game
seed + 1; agent seeds and the game seed drawn from one splitmix64 stream) and must not rebuild the game.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardlab.agents.base import Agent
from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import HearthstoneGame, card_db, load_deck
from cardlab.engine.hearthstone.decks import Deck
from cardlab.engine.hearthstone.game import DeckChoice
from cardlab.engine.hearthstone.state import END_TURN_ACTION, HIDDEN_ID, PLAY, GameConfig, HearthstoneState
from tests.engine.hs import make_state, play

TURNS = 10  # the passive opponent's hand stays under 10 cards, so no card is burnt in public


# ---------------------------------------------------------------- helpers

def _view(state: HearthstoneState, player: int, det_seed: int = 99) -> tuple[dict, dict]:
    """What `player` gets: its observation, and a determinization of it with a fixed random stream."""
    obs = state.observation(player)
    return obs.to_dict(), obs.determinize(player, Rng(det_seed)).to_dict()


def _trajectory(state: HearthstoneState, seed: int = 5, turns: int = TURNS) -> list[tuple[dict, dict]]:
    """Seat 0 plays random legal actions chosen from its observation (its own random stream); seat 1 only ends its
    turns. Returns seat 0's (observation, determinization) at each of its decisions."""
    rng = Rng(seed)
    seen = []
    s = state.clone()
    while not s.is_terminal() and s.turn <= turns:
        if s.current == 1:
            s.apply(END_TURN_ACTION)
            continue
        obs, det = _view(s, 0, det_seed=len(seen))
        seen.append((obs, det))
        legal = s.observation(0).legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return seen


def _reshuffle_hidden(state: HearthstoneState, seat: int, seed: int) -> HearthstoneState:
    """The same game with `seat`'s hand and deck dealt differently from the same cards (the cards both players
    know to be in the hand, such as The Coin, stay there)."""
    s = state.clone()
    p = s.players[seat]
    cards = p.hand + p.deck
    for k in p.known_hand:
        cards.remove(k)
    Rng(seed).shuffle(cards)
    n = len(p.hand) - len(p.known_hand)
    p.hand, p.deck = list(p.known_hand) + cards[:n], cards[n:]
    s._legal = None
    return s


def _mage_variant(name: str, swaps: dict[str, str]) -> Deck:
    """Basic Mage with every copy of each key of `swaps` replaced by its value."""
    db = card_db()
    cards = [db.get(swaps[c.name]) if c.name in swaps else c for c in load_deck("basic-mage").cards]
    return Deck(name, "MAGE", tuple(cards))


MAGE_A = _mage_variant("mage-a", {})
MAGE_B = _mage_variant("mage-b", {"Arcane Missiles": "Magma Rager", "Murloc Raider": "Stonetusk Boar"})


def _pool_state(opponent_deck: Deck, seed: int = 3) -> HearthstoneState:
    """Warrior (seat 0) against a Mage deck drawn from the pool {MAGE_A, MAGE_B} (seat 1)."""
    warrior = load_deck("basic-warrior")
    return HearthstoneState.new(GameConfig(), [warrior.as_tuple(), opponent_deck.as_tuple()], seed,
                                candidates=[[warrior.cards], [MAGE_A.cards, MAGE_B.cards]])


# ---------------------------------------------------------------- known decklists

def test_opponent_hand_and_deck_order_never_show():
    base = HearthstoneGame(("basic-warrior", "basic-mage")).new_initial_state(11)
    runs = [_trajectory(_reshuffle_hidden(base, 1, k)) for k in range(4)]
    assert [c.id for c in base.players[1].hand] != [c.id for c in _reshuffle_hidden(base, 1, 1).players[1].hand]
    assert len(runs[0]) > 5
    assert all(run == runs[0] for run in runs[1:])


def test_own_deck_order_and_the_game_rng_never_show():
    s = HearthstoneGame(("basic-warrior", "basic-mage")).new_initial_state(12)
    own = s.clone()
    Rng(7).shuffle(own.players[0].deck)
    rng = s.clone()
    rng.rng = Rng(123456789)
    assert _view(own, 0) == _view(s, 0) == _view(rng, 0)


# ---------------------------------------------------------------- decks drawn from a pool

def test_pool_observation_does_not_say_which_deck():
    """Before the fix the observation listed the opponent's remaining cards, which named the deck."""
    a, b = _pool_state(MAGE_A), _pool_state(MAGE_B)
    run_a, run_b = _trajectory(a), _trajectory(b)
    assert len(run_a) > 5 and run_a == run_b
    opp = a.observation(0).players[1]
    assert opp.unknown_pool is None and opp.deck_origin is None and opp.deck_name == ""
    assert set(opp.deck_candidates) == {tuple(sorted(c.id for c in d.cards)) for d in (MAGE_A, MAGE_B)}
    # the player's own deck stays known to itself
    assert a.observation(1).players[1].unknown_pool == tuple(sorted(c.id for c in a.players[1].deck))


def test_pool_determinization_samples_every_deck_the_opponent_could_hold():
    s = _pool_state(MAGE_A)
    obs = s.observation(0)
    coin = card_db().coin.id
    decks = set()
    for k in range(40):
        det = obs.determinize(0, Rng(k))
        mage = det.players[1]
        assert len(mage.hand) == len(s.players[1].hand) and len(mage.deck) == len(s.players[1].deck)
        held = Counter(c.id for c in mage.hand + mage.deck)
        held[coin] -= 1  # the Coin is public: every determinization gives it back, in the hand
        assert held[coin] == 0 and coin in [c.id for c in mage.hand]
        decks.add(tuple(sorted(held.elements())))
        assert HIDDEN_ID not in [c.id for c in mage.hand + mage.deck]
        assert [c.id for c in det.players[0].hand] == [c.id for c in s.players[0].hand]
    assert decks == {tuple(sorted(c.id for c in d.cards)) for d in (MAGE_A, MAGE_B)}


def test_pool_determinization_follows_the_cards_seen():
    """Once the opponent plays a card only one candidate holds, every determinization uses that candidate."""
    s = _pool_state(MAGE_B)
    mage = s.players[1]
    rager = next(c for c in mage.hand + mage.deck if c.name == "Magma Rager")  # only mage-b holds it
    rest = mage.hand + mage.deck
    rest.remove(rager)
    mage.hand, mage.deck = [rager] + rest[: len(mage.hand) - 1], rest[len(mage.hand) - 1:]
    s._legal = None
    s.apply(END_TURN_ACTION)
    s.players[1].mana = 10
    s._legal = None
    s.apply(next(a for a in s.legal_actions() if a[0] == PLAY and s.players[1].hand[a[1]] is rager))
    s.apply(END_TURN_ACTION)
    obs = s.observation(0)
    assert obs.players[1].unknown_delta[1] == (rager.id,)
    b_ids = Counter(c.id for c in MAGE_B.cards)
    for k in range(20):
        mage = obs.determinize(0, Rng(k)).players[1]
        held = Counter(c.id for c in mage.hand + mage.deck)
        assert held[rager.id] == b_ids[rager.id] - 1  # mage-b's other Magma Rager
        assert held[card_db().get("Arcane Missiles").id] == 0


def test_pool_games_from_the_game_object():
    """`hearthstone:pool=...` games carry the pool's decks of each seat's class; known decklists carry none."""
    game = HearthstoneGame(DeckChoice("pool", (MAGE_A, MAGE_B, load_deck("basic-warrior")), "pool test"))
    for seed in range(6):
        s = game.new_initial_state(seed)
        for p in s.players:
            expected = {tuple(sorted(c.id for c in d.cards)) for d in game.decks.decks if d.hero_class == p.hero.card_class}
            assert set(p.deck_candidates) == expected
            assert p.deck_origin in expected
        r = HearthstoneState.from_dict(s.observation(0).to_dict())
        assert r.to_dict() == s.observation(0).to_dict()  # observations of pool games round-trip
    known = HearthstoneGame(("basic-warrior", "basic-mage")).new_initial_state(1)
    assert all(p.deck_candidates is None for p in known.players)
    assert "deck_candidates" not in known.to_dict()["players"][0]


def test_builtin_basic_pool_plays_and_determinizes():
    from cardlab.engine.registry import make_game

    game = make_game("hearthstone:pool=basic")
    for seed in range(4):
        s = game.new_initial_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            p = s.current
            det = s.observation(p).determinize(p, Rng(rng.next64()))
            real = s.players[1 - p]
            assert len(det.players[1 - p].hand) == len(real.hand) and len(det.players[1 - p].deck) == len(real.deck)
            assert det.legal_actions() == s.legal_actions()
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


# ---------------------------------------------------------------- Mind Vision

def test_mind_vision_copy_never_shows_to_the_victim():
    """Games that differ only in which card Mind Vision copied look the same to the victim, turn after turn."""
    views = {}
    for seed in range(16):
        s = make_state(classes=("PRIEST", "MAGE"), hands=(["Mind Vision"], ["Fireball", "Frostbolt", "Flamestrike"]),
                       seed=seed)
        s.rng = Rng(1000 + seed)
        play(s, "Mind Vision")
        copied = s.players[0].hand[0].name
        s.apply(END_TURN_ACTION)
        seen = []
        for _ in range(3):  # the victim's turns, and the priest's in between (the copy stays in hand)
            seen.append(_view(s, 1))
            s.apply(END_TURN_ACTION)
            seen.append(_view(s, 1))
            s.apply(END_TURN_ACTION)
        views.setdefault(copied, seen)
    assert set(views) == {"Fireball", "Frostbolt", "Flamestrike"}
    first, *rest = views.values()
    assert all(v == first for v in rest)


# ---------------------------------------------------------------- seeds

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _unshift(y: int, k: int) -> int:
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x & _MASK


def _unmix(z: int) -> int:
    """The splitmix64 state that produced output `z` (the output function is a bijection)."""
    z = _unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    return _unshift(z, 30)


def candidate_game_seeds(agent_seed: int) -> set[int]:
    """Every game seed an agent could guess from its own seed through the leaks that once existed."""
    out = {agent_seed + d for d in range(-3, 4)}  # cardlab play used to seed the bot with the game seed + 1
    state = _unmix(agent_seed)  # agent seeds used to precede the game seed in one splitmix64 stream
    for back in range(0, 4):
        rng = Rng((state - back * _GAMMA) & _MASK)
        out.update(rng.next64() for _ in range(6))
    from cardlab.arena.play import game_seed

    out.update(game_seed(agent_seed, i) for i in range(4))  # its own seed taken as the run's seed
    return out


class SeedProbe(Agent):
    """Plays random actions; at its first decision tries to rebuild the game from its own seed: a candidate seed
    whose initial state deals this seat exactly the hand it holds counts as rebuilt (it would know the rest)."""

    name = "leak-probe"

    def __init__(self, game: HearthstoneGame) -> None:
        super().__init__(0)
        self.game = game
        self.candidates: set[int] = set()
        self.rebuilt: list[int] = []
        self.decisions = 0

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        self.candidates = candidate_game_seeds(seed)
        self.first = True

    def act(self, observation):
        self.decisions += 1
        if self.first:
            self.first = False
            hand = [c.id for c in observation.players[self.player].hand]
            for seed in sorted(self.candidates):
                for roles in ((0, 1), (1, 0)):
                    guess = self.game.new_initial_state(seed, roles).players[self.player]
                    dealt = [c.id for c in guess.hand]
                    if hand[: len(dealt)] == dealt and Counter(c.id for c in guess.hand + guess.deck) == \
                            Counter(hand) + Counter(observation.players[self.player].unknown_pool):
                        self.rebuilt.append(seed)
        legal = observation.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def test_seed_probe_breaks_the_old_seeding():
    """The probe is sharp: under both old schemes it finds the game seed among its guesses and rebuilds the game."""
    game = HearthstoneGame(("basic-warrior", "basic-mage"))
    for run_seed in range(5):
        stream = Rng(run_seed)
        seeds = [stream.next64(), stream.next64(), stream.next64()]  # agent 0, agent 1, game
        for agent_seed, game_seed in ((seeds[0], seeds[2]), (seeds[1], seeds[2]), (run_seed + 1, run_seed)):
            probe = SeedProbe(game)
            probe.reset(0, agent_seed)
            assert game_seed in probe.candidates
            probe.act(game.new_initial_state(game_seed).observation(0))
            assert game_seed in probe.rebuilt


@pytest.mark.parametrize("spec", ["hearthstone:decks=basic-warrior,basic-mage", "hearthstone:pool=basic"])
def test_arena_agent_seed_does_not_rebuild_the_game(monkeypatch, spec):
    from cardlab.arena import play as arena_play
    from cardlab.engine.registry import make_game

    game = make_game(spec)
    probes = [SeedProbe(game), SeedProbe(game)]
    for seat, probe in enumerate(probes):
        monkeypatch.setitem(arena_play._AGENTS, ("leak-probe", seat, game.name), probe)
    for index in range(12):
        before = [p.decisions for p in probes]
        result = arena_play.play_game(game, ["leak-probe", "random"], 17, index)
        assert result.ok, result.error
        seat = result.roles.index(0)
        probe = probes[seat]
        assert probe.decisions > before[seat]
        assert result.seed not in probe.candidates
        assert probe.rebuilt == []


def test_play_command_bot_seed_does_not_rebuild_the_game(monkeypatch):
    """`cardlab play`: the bot (here the probe, in seat 0) is seeded apart from the game."""
    from cardlab.arena.play import game_seed
    from cardlab.cli import main
    from cardlab.engine.registry import make_game

    probes: list[SeedProbe] = []

    def fake_make_agent(spec, seed=0, game="hearthstone"):
        probes.append(SeedProbe(make_game("hearthstone:deck=liege")))
        return probes[-1]

    def no_input(prompt=""):
        raise EOFError

    monkeypatch.setattr("cardlab.agents.registry.make_agent", fake_make_agent)
    monkeypatch.setattr("builtins.input", no_input)
    for seed in (3, 4, 5):
        assert main(["play", "--vs", "random", "--seed", str(seed), "--seat", "1"]) == 1  # input ended mid-game
        probe = probes[-1]
        assert probe.decisions >= 1 and probe.player == 0
        assert game_seed(seed, 0) not in probe.candidates and seed not in probe.candidates
        assert probe.rebuilt == []


def _determinized_hands(s, times: int = 50) -> list:
    obs = s.observation(0)
    return [[c.name for c in obs.determinize(0, Rng(k)).players[1].hand] for k in range(times)]


def test_cards_known_to_be_in_the_opponents_hand_stay_there_in_every_determinization():
    from tests.engine.hs import make_state, minion, play

    s = make_state(classes=("ROGUE", "MAGE"), hands=(["Sap", "King Mukla"], ["Wisp", "Wisp"]),
                   boards=((), ["Boulderfist Ogre"]))
    play(s, "Sap", minion(s, 1, "Boulderfist Ogre"))  # a Sapped minion goes back to a hand both players see
    play(s, "King Mukla")  # two Bananas for the opponent
    for hand in _determinized_hands(s):
        assert len(hand) == 5 and hand.count("Bananas") == 2 and hand.count("Boulderfist Ogre") >= 1
    s.current = 1
    s._legal = None
    play(s, "Bananas", minion(s, 0, "King Mukla"))  # once played, only one Banana is known
    for hand in _determinized_hands(s):
        assert hand.count("Bananas") >= 1 and len(hand) == 4


def test_the_coin_is_in_the_second_players_hand_in_every_determinization():
    deck = [card_db().get("Chillwind Yeti")] * 30
    from cardlab.engine.hearthstone.state import GameConfig, HearthstoneState

    s = HearthstoneState.new(GameConfig(mulligan=False), [("a", "MAGE", deck[:]), ("b", "MAGE", deck[:])], 1)
    assert all("The Coin" in hand for hand in _determinized_hands(s))
    back = HearthstoneState.from_dict(s.to_dict())
    assert [c.name for c in back.players[1].known_hand] == ["The Coin"]


def test_a_person_sees_the_cards_known_to_be_in_the_opponents_hand():
    from cardlab.engine.hearthstone.render import observation_lines
    from cardlab.engine.hearthstone.state import GameConfig, HearthstoneState

    deck = [card_db().get("Chillwind Yeti")] * 30
    s = HearthstoneState.new(GameConfig(mulligan=False), [("a", "MAGE", deck[:]), ("b", "MAGE", deck[:])], 1)
    assert "hand 5, deck 26; known in hand: The Coin" in observation_lines(s.observation(0), 0)[0]


def _flare_game(secret: str, in_deck: str):
    from cardlab.engine.hearthstone import secrets as secret_rules

    db = card_db()
    s = make_state(classes=("HUNTER", "MAGE"), hands=(["Flare"], ["Fireball"]))
    s.players[1].deck = [db.get("Chillwind Yeti")] * 14 + [db.get(in_deck)]
    secret_rules.put(s, 1, db.get(secret))
    return s


def test_secrets_flare_destroys_stay_unknown_to_the_caster():
    # Ice Barrier destroyed and Mirror Entity in the deck, or the other way round: the caster cannot tell
    a, b = _flare_game("Ice Barrier", "Mirror Entity"), _flare_game("Mirror Entity", "Ice Barrier")
    for s in (a, b):
        play(s, "Flare")
    assert _view(a, 0) == _view(b, 0)
    world = a.observation(0).determinize(0, Rng(4))
    assert len(world.players[1].deck) == 15 and not world.players[1].secrets


def _tracking_game(top: list[str]):
    db = card_db()
    deck = ["Chillwind Yeti"] * 10 + ["Boulderfist Ogre", "Wisp", "Stonetusk Boar", "Bloodfen Raptor"]
    s = make_state(classes=("HUNTER", "MAGE"), hands=(["Tracking"], ["Fireball"]),
                   decks=(deck, ["Chillwind Yeti"] * 20))
    rest = [db.get(c) for c in deck]
    for name in top:
        rest.remove(db.get(name))
    s.players[0].deck = rest + [db.get(n) for n in reversed(top)]  # the top card is last
    return s


def test_the_cards_tracking_discards_stay_unknown_to_the_opponent():
    from cardlab.engine.hearthstone.state import CHOOSE

    a = _tracking_game(["Boulderfist Ogre", "Wisp", "Stonetusk Boar"])
    b = _tracking_game(["Boulderfist Ogre", "Bloodfen Raptor", "Chillwind Yeti"])
    for s in (a, b):
        play(s, "Tracking")
    assert _view(a, 1) == _view(b, 1)  # while the hunter chooses
    world = a.observation(1).determinize(1, Rng(2))
    assert len(world.pending[1]) == 3 and HIDDEN_ID not in {c.id for c in world.pending[1]}
    assert len(world.players[0].deck) == len(a.players[0].deck)
    for s in (a, b):
        s.apply((CHOOSE, 0))  # both draw the Ogre; the other two are discarded face down
        s.apply(END_TURN_ACTION)
    assert _view(a, 1) == _view(b, 1)
    world = a.observation(1).determinize(1, Rng(2))
    assert len(world.players[0].deck) == len(a.players[0].deck) and len(world.players[0].hand) == 1


def test_a_returned_minion_stays_in_a_random_decks_hand_in_every_determinization():
    from tests.engine.hs import minion

    db = card_db()
    s = make_state(classes=("ROGUE", "MAGE"), hands=(["Sap"], ["Wisp"]))
    s.players[1].deck = [db.get("Chillwind Yeti")] * 20
    s.players[1].deck_candidates = ()  # ANY_DECK: a random deck of the class, its list unknown to the rogue
    s.players[1].deck_origin = tuple(sorted(["VAN_CS2_182"] * 20 + [db.get("Wisp").id]))
    s.current = 1
    s._legal = None
    play(s, "Wisp")  # played from the hand: it left the hidden cards ...
    s.current = 0
    s._legal = None
    play(s, "Sap", minion(s, 1, "Wisp"))  # ... and came back: the deck it came from held a Wisp
    for hand in _determinized_hands(s):
        assert hand == ["Wisp"]
