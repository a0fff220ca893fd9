"""MCTS in Dominion (agents/mcts.py): the tree honours the game's search hook as the turn-tree search does (the
treasure phase is "play all treasures"), final=leaf, and refusals that name what mcts takes."""

from __future__ import annotations

import pytest

from cardlab.agents.evaluators import Evaluator
from cardlab.agents.mcts import MCTSAgent, _Node, _Tree
from cardlab.agents.registry import make_agent
from cardlab.arena.match import run_match
from cardlab.engine.dominion.decision import ALL
from cardlab.engine.dominion.keys import TREASURE_PHASE
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError
from tests.agents.test_mcts import Toy, toy_agent
from tests.dominion.positions import position
from tests.engine.hs import make_state

TREASURE_HAND = ["Gold", "Copper", "Copper", "Estate", "Estate"]
SMITHY_HAND = ["Smithy", "Copper", "Silver", "Estate", "Estate"]
SMITHY_DECK = ["Copper"] * 3 + ["Gold"] * 3 + ["Estate"] * 4


class Coins(Evaluator):
    """A stand-in value for Dominion: the coins the player owns (no network needed)."""

    name = "coins"

    def evaluate(self, states: list, player: int) -> list[float]:
        worth = (("Copper", 1), ("Silver", 2), ("Gold", 3))
        return [float(sum(s.owned_counts(player).get(name, 0) * v for name, v in worth)) for s in states]


def coins_agent(**options) -> MCTSAgent:
    agent = MCTSAgent(eval=Coins(), game="dominion", **options)
    agent.reset(0, 1)
    return agent


def in_treasure_phase(s) -> bool:
    return s.prompt is None and s.phase == TREASURE_PHASE and not s.is_terminal() and s.current_player == 0


def nodes_of(tree: _Tree) -> list[_Node]:
    out, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(node.children.values())
    return out


def test_the_treasure_phase_root_offers_what_the_search_offers():
    s = position(TREASURE_HAND, deck=["Copper"] * 10)
    assert in_treasure_phase(s) and len(s.legal_actions()) == 4  # Copper, Gold, stop, all
    searched = s.search_keys(0, False).symmetric(s, s.legal_actions())  # the turn-tree search's actions here
    assert searched == [ALL]
    agent = coins_agent(iters=60)
    trees = agent.search(s.observation(0))
    assert list(trees[0].root.children) == searched


@pytest.mark.parametrize("per", ["action", "turn"])
def test_every_treasure_phase_in_the_tree_is_play_all(per):
    s = position(SMITHY_HAND, deck=SMITHY_DECK)
    agent = coins_agent(iters=200, per=per, k=2)
    trees = agent.search(s.observation(0))
    phases = [node for tree in trees for node in nodes_of(tree) if not node.leaf and in_treasure_phase(node.state)]
    assert phases  # the action phase leads to treasure phases (after Smithy, and after ending the action phase)
    assert all(set(node.children) <= {ALL} and node.untried in ([], [ALL], None) for node in phases)


def test_per_action_plays_all_treasures_without_searching():
    s = position(TREASURE_HAND, deck=["Copper"] * 10)
    agent = coins_agent(iters=60)
    before = agent.searches
    assert agent.act(s.observation(0)) == ALL and agent.searches == before


def test_with_the_shipped_net_it_never_stops_before_playing_its_treasures():
    """The audit's symptom: with the value net, best-mean MCTS played "stop playing treasures" in 28-45% of treasure
    phases and lost to bigmoney. Playing a game against bigmoney, it must now play its treasures every time."""
    game = make_game("dominion:kingdom=first-game")
    s = game.new_initial_state(100)
    mcts = make_agent("mcts:ckpt=dominion-sbm-explore,iters=50", seed=0, game=game)
    mcts.reset(0, 0)
    bigmoney = make_agent("bigmoney", seed=0, game=game)
    bigmoney.reset(1, 0)
    phases = stopped = 0
    while not s.is_terminal() and s.turn_number < 30:
        if s.current_player == 0:
            obs = s.observation(0)
            action = mcts.act(obs)
            if in_treasure_phase(s) and len(s.legal_actions()) > 2:  # a treasure is playable
                phases += 1
                stopped += s.action_to_string(action) == "stop playing treasures"
        else:
            action = bigmoney.act(s.observation(1))
        s.apply(action)
    assert phases >= 5 and stopped == 0


def test_the_hook_does_not_prune_hearthstone_twins():
    """Where the hook only drops actions (a second identical minion's attack), MCTS keeps every legal action, so its
    Hearthstone trees are those it grew before the hook was honoured."""
    from cardlab.agents.mcts import tree_actions, tree_keys  # new in the fix: imported here, so that the other
    # tests of this file still run (and fail) against the agent without it

    s = make_state(boards=(("Chillwind Yeti", "Chillwind Yeti"), ("Bloodfen Raptor",)), mana=0)
    legal = s.legal_actions()
    keys = tree_keys(s, 0)
    assert len(keys.symmetric(s, legal)) < len(legal)  # the search skips the twin's attacks
    assert tree_actions(s, keys) == list(legal)


# ---------------------------------------------------------------- final=leaf


def test_final_leaf_plays_the_best_value_found_and_mean_the_best_mean():
    def tree_for(agent) -> _Tree:
        tree = _Tree(Toy({}), 0, agent)
        tree.lo, tree.hi = 0.0, 1.0
        for action, n, v, top in ((0, 10, 0.3, 1.0), (1, 10, 0.6, 0.6)):  # arm 0: poor on average, one great line
            child = _Node(Toy({}), False)
            child.n, child.n_raw, child.raw, child.top = n, n, n * v, top
            tree.root.children[action] = child
        return tree

    assert toy_agent(iters=1).best_action([tree_for(toy_agent(iters=1))]) == 1
    leaf = toy_agent(iters=1, final="leaf")
    assert leaf.best_action([tree_for(leaf)]) == 0


def test_final_leaf_search_keeps_the_best_value_below_each_node():
    values = {(0,): -1.0, (0, 0): 2.0, (1,): 0.5, (1, 0): 0.5, (1, 1): 0.5, (1, 2): 0.5, (2,): -1.0}
    agent = toy_agent(iters=300, final="leaf", per="turn")
    trees = agent.search(Toy(values, depth=2))
    root = trees[0].root
    assert root.children[0].top == 2.0 and root.children[1].top == 0.5 and root.top == 2.0
    assert agent.best_action(trees) == 0 and agent.best_path(trees) == [0, 0]


def test_final_leaf_path_ends_the_turn_where_ending_it_was_best():
    values = {(0,): 3.0, (0, 0): 1.0, (0, 1): 1.0, (0, 2): 1.0, (1,): 0.0, (2,): 0.0}
    agent = toy_agent(iters=12, final="leaf", per="turn")
    trees = agent.search(Toy(values, depth=2))
    assert trees[0].root.children[0].own == 3.0
    assert agent.best_path(trees) == [0, -1]


def test_final_option_round_trip_and_refusal():
    assert make_agent("mcts:final=leaf,iters=20").spec() == "mcts:final=leaf,iters=20"
    assert make_agent("mcts:final=mean,iters=20").spec() == "mcts:iters=20"
    with pytest.raises(UserError, match="unknown final='max'"):
        make_agent("mcts:final=max")


def test_final_leaf_plays_dominion_against_bigmoney():
    report = run_match(["mcts:ckpt=dominion-sbm-explore,iters=50,final=leaf,per=turn", "bigmoney"],
                       "dominion:kingdom=first-game", games=2, seed=1)
    assert report.errors == 0


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize("game, spec, words", [
    ("hanabi", "mcts:eval=rho", "evaluator 'rho' is Hearthstone's; give eval=score"),
    ("hanabi", "mcts:eval=greedy", "unknown evaluator 'greedy': hanabi has no named evaluators; give eval=score"),
    ("dominion", "mcts:eval=rho", "evaluator 'rho' is Hearthstone's; give ckpt=PATH"),
    ("hearthstone", "mcts:eval=nope", (r"unknown evaluator 'nope' for hearthstone \(one of auto \(the default: rho\), "
                                       r"rho, greedy")),
])
def test_unknown_evaluators_name_what_mcts_takes(game, spec, words):
    with pytest.raises(UserError, match=words):
        make_agent(spec, game=game)
    if game != "hanabi":
        with pytest.raises(UserError) as info:
            make_agent(spec, game=game)
        assert "score" not in str(info.value)  # a zero-sum game's score is refused: not offered


def test_a_bad_file_for_a_known_evaluator_keeps_its_own_message():
    with pytest.raises(UserError, match="evaluator 'weights' needs a file"):
        make_agent("mcts:eval=weights")
