"""CI fuzz for issue 16: games on the `classic` pool and on random decks, invariants checked after every action.

Random play (uniform over legal actions) checks clones and determinizations too; the scripted bots (face, trading,
greedy, random-action) play through the arena's play loop, which is what tournaments and datagen run. A failure
names the pool, the game seed and the decks; `cardlab replay` or the loop below reproduces it from the seed.
"""

from __future__ import annotations

import pytest

from cardlab.arena.play import Observer, play_game
from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.invariants import check_invariants, end_violations, legal_violations, violations
from cardlab.engine.hearthstone.state import END_TURN_ACTION
from cardlab.engine.registry import make_game

POOLS = ("classic", "random")
RANDOM_GAMES = 120  # per chunk
CHUNKS = 2


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("pool", POOLS)
def test_random_play_keeps_invariants(pool: str, chunk: int) -> None:
    game = make_game(f"hearthstone:pool={pool}")
    for g in range(chunk * RANDOM_GAMES, (chunk + 1) * RANDOM_GAMES):
        seed = 10_000 + g
        s = game.new_initial_state(seed)
        where = f"pool={pool} seed={seed} decks={[p.deck_name for p in s.players]}"
        rng = Rng(seed)
        steps = 0
        while not s.is_terminal():
            assert not legal_violations(s), where
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if steps % 25 == 0:
                twin = s.clone()
                twin.apply(action)
                s.apply(action)
                assert twin.to_dict() == s.to_dict(), f"{where}: clone continued differently"
            else:
                s.apply(action)
            found = violations(s)
            assert not found, f"{where} step {steps} ({action}): {found}"
            if steps % 9 == 0 and not s.is_terminal():  # what an agent's search would play on
                p = s.current_player
                det = s.observation(p).determinize(p, Rng(rng.next64()))
                found = violations(det)
                assert not found, f"{where} step {steps}: determinization for seat {p}: {found}"
                assert det.legal_actions() == s.legal_actions(), f"{where} step {steps}: determinization's actions"
                sizes = [(len(q.hand), len(q.deck), len(q.secrets)) for q in s.players]
                assert [(len(q.hand), len(q.deck), len(q.secrets)) for q in det.players] == sizes, \
                    f"{where} step {steps}: determinization's hand, deck and secret counts"
            steps += 1
        assert not end_violations(s), where


class _Invariants(Observer):
    def after_action(self, state, actor: int) -> None:
        check_invariants(state)
        assert not legal_violations(state)

    def on_end(self, state, error) -> None:
        if error is None:
            assert not end_violations(state)


PAIRS = [("random-action", "face"), ("face", "trading"), ("trading", "greedy"), ("greedy", "random"),
         ("trading", "trading"), ("greedy", "face")]
SCRIPTED_GAMES = 16


@pytest.mark.parametrize("agents", PAIRS, ids=["-".join(p) for p in PAIRS])
@pytest.mark.parametrize("pool", POOLS)
def test_scripted_bots_keep_invariants(pool: str, agents: tuple[str, str]) -> None:
    spec = f"hearthstone:pool={pool}"
    for index in range(SCRIPTED_GAMES):  # roles alternate seats with the index
        result = play_game(spec, list(agents), 2024, index, observers=[_Invariants()])
        assert result.ok, f"{spec} {agents} game {index} (seed {result.seed}, roles {result.roles}):\n{result.error}"


# ---------------------------------------------------------------- regressions the fuzz found

def test_hidden_copy_with_an_empty_hand_is_rebuilt_from_the_deck():
    """Regression (fuzz, pool=random seed 109): Thoughtsteal's copies came back as placeholder cards in the
    victim's determinization once the victim's hand was empty; they are now copies of its deck's cards, or of
    cards its class may hold once the deck is empty too."""
    from tests.engine.hs import make_state, play

    s = make_state(classes=("PRIEST", "MAGE"), hands=(["Thoughtsteal"], []), decks=(["Wisp"] * 10, ["Fireball"] * 10))
    play(s, "Thoughtsteal")
    s.apply(END_TURN_ACTION)
    s.players[1].hand = []  # the Mage looks with an empty hand
    s._legal = None
    det = s.observation(1).determinize(1, Rng(0))
    assert not violations(det)
    priest = det.players[0]
    assert sorted(c.name for c in priest.hand + priest.deck if c.name != "Wisp") == ["Fireball", "Fireball"]
    # pool=classic seed 10237: hand and deck both empty (fatigue): a card a Mage deck may hold
    s.players[1].deck = []
    det = s.observation(1).determinize(1, Rng(0))
    assert not violations(det)
    copies = [c for c in det.players[0].hand + det.players[0].deck if c.hidden_copy]
    assert len(copies) == 2 and all(c.card_class in ("MAGE", "NEUTRAL") and c.collectible for c in copies)


def test_copied_secret_in_play_keeps_the_determinized_deck_size():
    """Regression (fuzz, pool=classic seed 10071): a Priest played the Hunter's Explosive Trap it had copied with
    Thoughtsteal; determinizing drew a Hunter secret for it but left the hidden copy in the Priest's cards, so
    the Priest's deck gained a card."""
    from tests.engine.hs import make_state, play

    s = make_state(classes=("PRIEST", "HUNTER"), hands=(["Thoughtsteal"], []),
                   decks=(["Wisp"] * 10, ["Explosive Trap"] * 10))
    play(s, "Thoughtsteal")
    play(s, "Explosive Trap")
    s.apply(END_TURN_ACTION)
    priest = s.players[0]
    for k in range(10):
        det = s.observation(1).determinize(1, Rng(k))
        d = det.players[0]
        assert not violations(det)
        assert (len(d.hand), len(d.deck)) == (len(priest.hand), len(priest.deck))
        assert len(d.secrets) == 1 and d.secrets[0].card_class == "HUNTER"


def test_pool_deck_with_a_secret_in_play_is_one_holding_a_secret():
    """Regression (fuzz, pool=classic seed 91472): Aggro Paladin played Noble Sacrifice; determinizing could pick
    Control Paladin (no secrets) as the deck, and the Paladin's deck gained a card. A candidate must still hold
    a secret of the class for each hidden one in play."""
    from cardlab.engine.hearthstone import load_deck
    from cardlab.engine.hearthstone.state import GameConfig, HearthstoneState
    from tests.engine.hs import play

    warrior, aggro, control = load_deck("control-warrior"), load_deck("aggro-paladin"), load_deck("control-paladin")
    s = HearthstoneState.new(GameConfig(), [warrior.as_tuple(), aggro.as_tuple()], 5,
                             candidates=[[warrior.cards], [aggro.cards, control.cards]])
    s.apply(END_TURN_ACTION)
    paladin = s.players[1]
    secret = next(c for c in paladin.deck if c.name == "Noble Sacrifice")
    paladin.deck.remove(secret)
    paladin.hand.append(secret)
    s._legal = None
    play(s, "Noble Sacrifice")
    s.apply(END_TURN_ACTION)
    aggro_ids = tuple(sorted(c.id for c in aggro.cards))
    for k in range(20):
        det = s.observation(0).determinize(0, Rng(k))
        d = det.players[1]
        assert (len(d.hand), len(d.deck), len(d.secrets)) == (len(paladin.hand), len(paladin.deck), 1)
        assert d.deck_origin == aggro_ids and d.secrets[0].name in ("Noble Sacrifice", "Redemption")
