"""Random and greedy games on random kingdoms at 2-4 players: invariants hold at every step."""

from __future__ import annotations

import pytest

from cardlab.agents.registry import make_agent
from cardlab.engine.core import Rng
from cardlab.engine.dominion.cards import NUM_CARDS
from cardlab.engine.dominion.decision import KINDS
from cardlab.engine.registry import make_game


def _check(s) -> None:
    n = s.num_players
    for p in range(n):
        zones = s.hand[p] + s.deck[p] + s.disc[p] + s.aside[p] + (s.play if p == s.owner else ())
        counts = [0] * NUM_CARDS
        for c in zones:
            counts[c] += 1
        assert counts == s.owned[p * NUM_CARDS:(p + 1) * NUM_CARDS], p
    total = sum(s.supply) + len(s.trash) + sum(s.owned)
    start = sum(s.setup.start_supply) + 10 * n
    assert total == start  # every card is in the supply, the trash, or owned by someone
    assert s.empty_piles == sum(1 for c in s.setup.piles if s.supply[c] == 0)
    if not s.is_terminal():
        legal = s.legal_actions()
        assert legal and legal == sorted(legal)
        d = s.decision()
        assert d.kind in KINDS and d.player == s.current_player and len(d.options) == len(legal)
        assert 0 <= s.turn_owner < n and 0 <= s.current_player < n


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fuzz_random_kingdoms(players):
    g = make_game(f"dominion:kingdom=random,players={players},max_turns=40")
    rng = Rng(players)
    for seed in range(8):
        s = g.new_initial_state(seed)
        agents = [make_agent("random" if (seed + p) % 2 else "greedy", seed=p, game="dominion")
                  for p in range(players)]
        for p, a in enumerate(agents):
            a.reset(p, seed)
        steps = 0
        while not s.is_terminal():
            _check(s)
            p = s.current_player
            action = agents[p].act(s.observation(p))
            if steps % 17 == 0:  # a clone continues identically and independently
                c = s.clone()
                before = s.to_dict()
                c.apply(c.legal_actions()[rng.randrange(len(c.legal_actions()))])
                assert s.to_dict() == before
                c2 = s.clone()
                c2.apply(action)
                s.apply(action)
                assert c2.to_dict() == s.to_dict()
            else:
                s.apply(action)
            steps += 1
        _check(s)
        assert sum(s.returns()) == pytest.approx(0.0)
        assert s.turns_taken(0) <= 40
