"""Decisions the turn-tree agents play without searching come from the game's `unsearched_action` hook, not from a
Hearthstone attribute read in generic code."""

from __future__ import annotations

from cardlab.agents.mcts import MCTSAgent
from cardlab.agents.search.agent import TurnTreeSearch
from cardlab.engine.hearthstone.state import GameConfig, MULLIGAN
from tests.agents.test_mcts import Toy, ToyEval
from tests.engine.test_rules import distinct_deck, new_game


class MulliganToy(Toy):
    """A toy decision whose state happens to carry `phase = "mulligan"`: another game's word, to be searched."""

    phase = "mulligan"

    def clone(self) -> "MulliganToy":
        s = MulliganToy(self.values, self.arms, self.depth)
        s.picks, s.ended = self.picks, self.ended
        return s


def agents():
    search = TurnTreeSearch(eval=ToyEval(), prune="none", max_nodes=100, game="toy")
    mcts = MCTSAgent(eval=ToyEval(), iters=50, game="toy")
    return search, mcts


def test_another_games_mulligan_phase_is_searched():
    values = {(2,): 9.0, (0,): 1.0}  # the best arm is not the first legal action (-1, ending the turn)
    for agent in agents():
        agent.reset(0, 1)
        assert agent.act(MulliganToy(values)) == 2, type(agent).__name__


def test_hearthstone_mulligan_keeps_the_hand_without_searching():
    deck = distinct_deck()
    state = new_game(decks=(deck, deck), config=GameConfig(mulligan=True), seed=3)
    assert state.phase == "mulligan" and state.unsearched_action() == (MULLIGAN, 0)
    for spec_agent in (TurnTreeSearch(max_nodes=50), MCTSAgent(iters=20)):
        spec_agent.reset(0, 1)
        assert spec_agent.act(state.observation(0)) == (MULLIGAN, 0)
    state.apply((MULLIGAN, 0))
    state.apply((MULLIGAN, 0))
    assert state.phase == "play" and state.unsearched_action() is None
