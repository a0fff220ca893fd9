"""MCTS within the turn (agents/mcts.py): UCT on a toy game, lethal and plans on Hearthstone, seeds, options, games."""

from __future__ import annotations

import math

import pytest

from cardlab.agents.evaluators import Evaluator
from cardlab.agents.mcts import MCTSAgent, _Node, _Tree
from cardlab.agents.registry import make_agent
from cardlab.arena.match import run_match
from cardlab.arena.play import play_game
from cardlab.engine.core import Rng, State
from cardlab.runtime import UserError
from tests.engine.hs import make_state

# ---------------------------------------------------------------- a toy game


class Toy(State):
    """Player 0 picks up to `depth` arms (0..arms-1) or ends its turn (action -1); then player 1's turn starts and the
    game is over when `terminal_on_end`. A leaf's value is `values[picks]` (missing: 0)."""

    def __init__(self, values: dict, arms: int = 3, depth: int = 1) -> None:
        self.values, self.arms, self.depth = values, arms, depth
        self.picks: tuple = ()
        self.ended = False

    current_player = property(lambda self: 1 if self.ended else 0)
    turn_number = property(lambda self: 2 if self.ended else 1)
    num_players = 2

    def legal_actions(self) -> list:
        return [-1] + list(range(self.arms)) if not self.ended else [-1]

    def apply(self, action) -> None:
        if action not in self.legal_actions():
            raise ValueError(action)
        if action == -1:
            self.ended = True
        else:
            self.picks += (action,)
            self.ended = len(self.picks) >= self.depth

    def clone(self) -> "Toy":
        s = Toy(self.values, self.arms, self.depth)
        s.picks, s.ended = self.picks, self.ended
        return s

    def end_turn_action(self):
        return None if self.ended else -1

    def is_terminal(self) -> bool:
        return False

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def observation(self, player: int) -> "Toy":
        return self.clone()

    def determinize(self, player: int, rng: Rng) -> "Toy":
        return self.clone()

    def action_to_string(self, action) -> str:
        return str(action)

    def to_dict(self) -> dict:
        return {}

    @classmethod
    def from_dict(cls, data: dict) -> "Toy":
        raise NotImplementedError


class ToyEval(Evaluator):
    name = "toy"

    def __init__(self) -> None:
        self.calls: list[int] = []

    def evaluate(self, states: list, player: int) -> list[float]:
        self.calls.append(len(states))
        return [s.values.get(s.picks, 0.0) for s in states]


def toy_agent(**options) -> MCTSAgent:
    agent = MCTSAgent(eval=ToyEval(), game="toy", **options)
    agent.reset(0, 1)
    return agent


def test_unvisited_children_first_then_best_mean():
    agent = toy_agent(iters=4)
    values = {(0,): 0.2, (1,): 0.9, (2,): 0.5}
    trees = agent.search(Toy(values))
    root = trees[0].root
    assert sorted(root.children) == [-1, 0, 1, 2] and all(c.n == 1 for c in root.children.values())
    assert agent.best_action(trees) == 1
    agent = toy_agent(iters=200)
    assert agent.act(Toy(values)) == 1


def test_uct_formula_picks_the_exploration_bonus_and_cp_zero_picks_the_mean():
    def tree_with(cp: float) -> _Tree:
        agent = toy_agent(iters=1, cp=cp)
        tree = _Tree(Toy({}), 0, agent)
        tree.lo, tree.hi = 0.0, 1.0
        root = tree.root
        root.untried, root.n = [], 10
        for action, n, v in ((0, 8, 0.8), (1, 2, 0.4)):  # raw v: means 0.05 + 0.9 v
            child = _Node(Toy({}), True)
            child.n, child.n_raw, child.raw, child.value = n, n, n * v, v
            root.children[action] = child
        return tree

    tree = tree_with(1 / math.sqrt(2))
    scores = {a: tree.mean(c) + 2 / math.sqrt(2) * math.sqrt(2 * math.log(10) / c.n) for a, c in tree.root.children.items()}
    assert scores[1] > scores[0]
    path, node, _ = tree._select()
    assert node is tree.root.children[1] and tree.root.n == 11 and node.n == 3
    path, node, _ = tree_with(0.0)._select()
    assert node.value == 0.8
    assert math.isclose(tree.mean(tree.root.children[0]), 0.05 + 0.9 * 0.8)


def test_best_mean_not_most_visits_is_played():
    agent = toy_agent(iters=1)
    tree = _Tree(Toy({}), 0, agent)
    tree.lo, tree.hi = 0.0, 1.0
    for action, n, v in ((0, 30, 0.5), (1, 3, 0.7)):
        child = _Node(Toy({}), True)
        child.n, child.n_raw, child.raw = n, n, n * v
        tree.root.children[action] = child
    assert agent.best_action([tree]) == 1


def test_a_win_outranks_any_board_and_depth_two_paths():
    values = {(0, 0): 5.0, (2, 1): math.inf, (1, 1): 100.0}
    agent = toy_agent(iters=300, per="turn")
    trees = agent.search(Toy(values, depth=2))
    assert agent.best_path(trees) == [2, 1]


def test_batched_evaluation_groups_requests():
    agent = toy_agent(iters=64, batch=8)
    agent.search(Toy({(1, 1): 1.0}, depth=2))
    assert max(agent.evaluator.calls) == 8 and sum(agent.evaluator.calls) <= 64
    assert agent.best_path(agent.last_trees)[0] == 1


# ---------------------------------------------------------------- Hearthstone


def play_turn(agent, s):
    """Let `agent` (player 0) act until its turn ends; the actions it played."""
    played = []
    while not s.terminal and s.current == 0:
        action = agent.act(s.observation(0))
        played.append(action)
        s.apply(action)
    return played


@pytest.mark.parametrize("per", ["action", "turn"])
def test_finds_lethal_through_a_taunt(per):
    s = make_state(boards=(("Boulderfist Ogre", "Chillwind Yeti", "Bloodfen Raptor"), ("Sen'jin Shieldmasta",)), mana=0)
    s.players[1].hero.damage = 24  # 6 health left: the taunt must die first, then 6 damage must get through
    agent = make_agent(f"mcts:iters=400,per={per}")
    agent.reset(0, 3)
    play_turn(agent, s)
    assert s.terminal and s.winner == 0


def test_per_turn_searches_once_and_replays_its_plan():
    s = make_state(boards=(("Boulderfist Ogre", "Bloodfen Raptor"), ("Sen'jin Shieldmasta",)), mana=0)
    agent = make_agent("mcts:iters=300,per=turn")
    agent.reset(0, 5)
    obs = s.observation(0)
    plan = agent.best_path(agent.search(obs))
    agent.reset(0, 5)
    before = agent.searches
    played = play_turn(agent, s)
    assert agent.searches == before + 1 and played == plan and s.current == 1


def test_same_seed_same_game():
    runs = [play_game("hearthstone:deck=liege", ["mcts:iters=60", "mcts:iters=60,per=turn"], 4, 1, keep_log=True)
            for _ in range(2)]
    assert runs[0].error is None and runs[0].log["actions"] == runs[1].log["actions"]


@pytest.mark.parametrize("spec, words", [
    ("mcts:iters=0", "give a budget"),
    ("mcts:iters=-1", "must be finite and >= 0"),
    ("mcts:ms=-5", "must be finite and >= 0"),
    ("mcts:ms=nan", "must be finite and >= 0"),  # NaN passed `< 0` and searched nothing
    ("mcts:iters=0,ms=inf", "must be finite and >= 0"),  # no limit at all: it never returned
    ("mcts:k=0", "k must be >= 1"),
    ("mcts:batch=0", "batch must be >= 1"),
    ("mcts:per=game", "unknown per='game'"),
    ("mcts:rollout=deep", "unknown rollout"),
    ("mcts:eval=nope", "unknown evaluator 'nope'"),
    ("mcts:iters=ten", "should be an integer"),
    ("mcts:depth=3", "unknown option 'depth'"),
])
def test_bad_options_are_clear_errors(spec, words):
    with pytest.raises(UserError, match=words.replace("(", r"\(")):
        make_agent(spec)


def test_spec_round_trip_and_time_budget():
    agent = make_agent("mcts:iters=0,ms=20,per=turn,k=2,eval=greedy")
    assert agent.spec() == "mcts:eval=greedy,iters=0,k=2,ms=20.0,per=turn"
    s = make_state(boards=(("Boulderfist Ogre",), ("Bloodfen Raptor",)), mana=0)
    agent.reset(0, 1)
    agent.act(s.observation(0))
    assert agent.last_iterations > 0 and len(agent.last_trees) == 2


def test_beats_random_on_the_liege_mirror():
    report = run_match(["mcts:iters=100", "random"], "hearthstone:deck=liege", games=10, seed=1)
    assert report.errors == 0 and report.wins["A"] >= 8


def test_plays_hanabi_with_its_score():
    report = run_match(["mcts:iters=50,k=2"], "hanabi:players=2", games=3, seed=0)
    assert report.errors == 0 and len(report.returns) == 3
    # Scored by the fireworks, the search plays a card every deal proves playable (a hinted 1 on empty fireworks).
    from cardlab.agents.registry import make_agent
    from tests.hanabi.positions import position, tell

    s = position([["Y3", "G4", "W2", "R1", "B2"], ["W3", "W4", "G3", "Y4", "B4"]], hints=4)
    tell(s, 0, 3, rank=1)
    for seed in range(3):
        agent = make_agent("mcts:iters=50,k=2", seed=seed, game="hanabi")
        agent.reset(0, seed)
        assert agent.act(s.observation(0)) == s.cfg.play(3)


def test_mcts_refuses_a_zero_sum_game_it_could_only_score_at_the_end():
    from cardlab.engine.registry import make_game

    with pytest.raises(UserError, match="score of a dominion game is 0 until the end.*: give ckpt=PATH"):
        make_agent("mcts", game=make_game("dominion:kingdom=first-game"))
    with pytest.raises(UserError, match=r"hearthstone game .*give eval=NAME \(one of rho, greedy"):
        make_agent("mcts:eval=score", game=make_game("hearthstone"))
    assert make_agent("mcts", game=make_game("hanabi")).evaluator.name == "score"  # a cooperative score counts up
