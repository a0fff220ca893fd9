"""Thousands of random games on every built-in deck, checking invariants after every action."""

from __future__ import annotations

import pytest

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import HearthstoneGame
from cardlab.engine.hearthstone.decks import builtin_names, load_deck
from cardlab.engine.hearthstone.invariants import check_invariants, end_violations, legal_violations

GAMES = 2000


def _decks():
    names = builtin_names()
    return [load_deck(n) for n in names]


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_invariants(chunk: int) -> None:
    decks = _decks()
    per_chunk = GAMES // 4
    for g in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        rng = Rng(g)
        game = HearthstoneGame((decks[rng.randrange(len(decks))], decks[rng.randrange(len(decks))]))
        s = game.new_initial_state(g)
        steps = 0
        while not s.is_terminal():
            assert not legal_violations(s)
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if steps % 25 == 0:
                twin = s.clone()
                assert twin.to_dict() == s.to_dict(), "clone differs from original"
                twin.apply(action)
                s.apply(action)
                assert twin.to_dict() == s.to_dict(), "clone continued differently"
            else:
                s.apply(action)
            check_invariants(s)
            steps += 1
        assert not end_violations(s)


def test_same_seed_same_game_log() -> None:
    def log(seed: int) -> list:
        game = HearthstoneGame(("liege", "basic-warrior"))
        s = game.new_initial_state(seed)
        rng = Rng(seed)
        out = []
        while not s.is_terminal():
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
            out.append((a, s.action_to_string(a)))
            s.apply(a)
        return out + [s.to_dict()]

    assert log(7) == log(7)
    assert log(7) != log(8)


def test_choose_one_minion_actions_are_sorted() -> None:
    """Found by `cardlab bench fuzz` (games 76185... of seed 0, ramp-druid): a Choose One minion whose options take
    different targets (Keeper of the Grove) listed option 0's targets, then option 1's, out of order."""
    from tests.engine.hs import make_state

    for board in (["Chillwind Yeti"], ["Dire Wolf Alpha", "Chillwind Yeti"]):  # one position, then every position
        s = make_state(classes=("DRUID", "MAGE"), hands=(["Keeper of the Grove", "Wisp"], []),
                       boards=(board, ["Bloodfen Raptor"]))
        legal = s.legal_actions()
        assert not legal_violations(s), legal
        keeper = [a for a in legal if a[0] == 1 and a[1] == 0]
        assert {a[4] for a in keeper} == {0, 1}  # both options offered
