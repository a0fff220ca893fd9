"""`end_turn_is_quiet()`: the search skips building END_TURN children when it says the turn's end cannot end the
game. It must never say so when it could (a missed lethal end-of-turn trigger or fatigue would change decisions)."""

from __future__ import annotations

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import HearthstoneGame
from cardlab.engine.hearthstone.decks import deck_pool
from cardlab.engine.hearthstone.state import END_TURN_ACTION, GameConfig

from tests.engine.hs import make_state


def test_quiet_end_of_turn_never_ends_the_game_over_random_classic_play():
    pool = deck_pool("classic")
    rng = Rng(11)
    quiet = loud = 0
    for _ in range(40):
        game = HearthstoneGame((pool[rng.randrange(len(pool))], pool[rng.randrange(len(pool))]))
        state = game.new_initial_state(rng.next64() & 0xFFFFFF)
        while not state.is_terminal():
            legal = state.legal_actions()
            if END_TURN_ACTION in legal:
                ended = state.child(END_TURN_ACTION)
                if state.end_turn_is_quiet():
                    quiet += 1
                    assert not ended.is_terminal()
                else:
                    loud += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert quiet > 100 and loud > 10  # both answers occur in random Classic games


def test_end_of_turn_triggers_fatigue_and_the_turn_limit_are_not_quiet():
    assert make_state(boards=(("Chillwind Yeti",), ("River Crocolisk",))).end_turn_is_quiet()
    # Ragnaros shoots at the end of its owner's turn; Imp Master hurts itself; either side's trigger counts.
    assert not make_state(boards=(("Ragnaros the Firelord",), ())).end_turn_is_quiet()
    assert not make_state(boards=((), ("Imp Master",))).end_turn_is_quiet()
    # The next player draws from an empty deck: fatigue may kill them.
    s = make_state()
    s.players[1].deck = []
    assert not s.end_turn_is_quiet()
    s = make_state()
    s.turn = GameConfig().max_turns
    assert not s.end_turn_is_quiet() and s.child(END_TURN_ACTION).is_terminal()
    # A fatigued opponent at 1 health loses when the turn passes to them.
    s = make_state()
    s.players[1].deck = []
    s.players[1].fatigue = 3
    s.players[1].hero.damage = 29
    assert s.child(END_TURN_ACTION).is_terminal()
