"""rho_after_quiet_end_turn (what the search scores instead of building a quiet END_TURN child) equals rho of the
state END_TURN really leads to, on played states of every pool and on this turn's attack buffs."""

from __future__ import annotations

import pytest

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.heuristics import STYLES, greedy_score, rho, rho_after_quiet_end_turn
from cardlab.engine.hearthstone.state import END_TURN_ACTION
from cardlab.engine.registry import make_game
from tests.engine.hs import make_state, minion, play


def _check(state) -> bool:
    """Compare before and after END_TURN for both seats; False when END_TURN is not quiet here."""
    if state.is_terminal() or END_TURN_ACTION not in state.legal_actions() or not state.end_turn_is_quiet():
        return False
    after = state.child(END_TURN_ACTION)
    assert not after.is_terminal()
    for seat in (0, 1):
        assert rho_after_quiet_end_turn(state, seat) == rho(after, seat)
        for style in STYLES:
            assert greedy_score(state, seat, style, lasting=True) == greedy_score(after, seat, style)
    return True


@pytest.mark.parametrize("spec", ["hearthstone", "hearthstone:pool=classic", "hearthstone:pool=random"])
def test_quiet_end_turn_value_matches_the_built_child(spec: str) -> None:
    game = make_game(spec)
    checked = 0
    for seed in range(40):
        s = game.new_initial_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            checked += _check(s)
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert checked > 500


def test_this_turns_attack_is_gone_after_a_quiet_end_turn() -> None:
    s = make_state(hands=(["Abusive Sergeant", "Rockbiter Weapon"], []), boards=(["Chillwind Yeti", "Wisp"], ["Stonetusk Boar"]),
                   classes=("SHAMAN", "MAGE"))
    play(s, "Abusive Sergeant", minion(s, 1, "Stonetusk Boar"))  # this turn's attack on an enemy minion
    play(s, "Rockbiter Weapon", minion(s, 0, "Chillwind Yeti"))  # and on one of ours
    assert minion(s, 0, "Chillwind Yeti").attack == 7 and minion(s, 1, "Stonetusk Boar").attack == 3
    assert rho_after_quiet_end_turn(s, 0) != rho(s, 0)
    assert _check(s)
