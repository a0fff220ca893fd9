"""MCTSAgent: UCT over the acting player's current turn, leaves scored by a state evaluator (spec section 9).

`mcts[:iters=N,ms=M,per=action|turn,k=K,eval=...,cp=C,batch=B,rollout=end|random,final=mean|leaf]`, for any game of
the protocol.

The tree. Nodes are states of the acting player's turn, edges its actions. A child is a leaf when the game is over
or the turn passed (`turn_owner` or `turn_number` changed), so an END_TURN-like action is a leaf without naming it.
Decisions another player takes inside the turn (Dominion's Militia) follow their first legal action (the turn-tree
search's `others=first`; the search's default for Dominion answers as BigMoney would). A node's actions are its legal
actions, except where the game's search hook (`search_keys(player, False).symmetric`, the one the turn-tree search
prunes with) collapses the decision to a single action: Dominion's treasure phase offers only "play all treasures",
as in the search, and with per=action such a decision is played without a search, like a single legal action. (Where
the hook only drops some actions, Hearthstone's attacks by or at a twin minion, all legal actions stay.)
Selection is UCT: X_j + 2 Cp sqrt(2 ln n / n_j), Cp = 1/sqrt(2) (`cp`); a node's untried actions come first, one
drawn at random (random ties). The move played is the root child with the best mean X_j (`final=mean`, the
default; ties: more visits, then the child the first tree expanded first, an order drawn at random from the
agent's seed). `final=leaf` plays the root child below which the best single value was found (each node keeps the
best value backed up through it; with k trees, the mean over the trees of that best, each normalised with its
tree's bounds; same ties): one determinization's turn is deterministic, so that value is a line the agent can play,
while a mean also averages the poor replies below a good action (in Dominion, "play all treasures" leads to many
weak buys and lost to "stop playing treasures" on the mean).

Simulation. A new non-leaf node is scored where its turn would end: `rollout=end` (default) ends the turn at once
when the game has `end_turn_action()` (a random rollout otherwise); `rollout=random` plays uniformly random actions
until the turn ends. Leaves reached again reuse their cached value (one determinization is deterministic).

Leaf values for UCT. The evaluator (`eval=rho|greedy|weights:PATH|ckpt=PATH`, made by `make_evaluator`, the search's
protocol) gives a value from the acting player's side in its own units, +inf / -inf for a won / lost game. UCT needs
a bounded range, and rho (~units), the greedy scores (~thousands) and value networks (~-100..100) share none, so
values are normalised per tree by the range seen so far (min-max, as MuZero does): a finite v counts as
0.05 + 0.9 (v - lo) / (hi - lo) (0.5 while hi = lo), a win as 1 and a loss as 0, so a lethal always outranks any
board. Nodes keep raw sums, so the normalisation is exact for the current bounds at every selection.
`eval=auto` (default) is the game's `rho` when it has one, else `score` for cooperative games (returns()[player]:
Hanabi's current points, which is also its terminal value); a zero-sum game with neither (Dominion) needs ckpt=.

Batching (value networks). `batch=B` collects B evaluation requests before one `evaluate` call: each selection adds a
visit along its path at once (a virtual loss: the pending visit counts as value 0 until its value arrives), which
steers the next selections elsewhere. batch=1 (default) is plain sequential UCT; use batch=16..64 with `ckpt=`.

Determinizations. The agent sees an observation; each search samples `k` full states with
`observation.determinize(player, rng)` and grows one tree on each (root parallelisation), the iteration and time
budgets split evenly. The move is chosen from the root children's statistics summed over the trees (visits and
visit-weighted means; with final=leaf, the trees' mean best values), among actions present in every tree.

per=action (MCTS1) searches again before every decision. per=turn (MCTS2) searches at the turn's first decision and
replays the best path (the best child by `final` at each depth, while the trees reach; with final=leaf it stops,
ending the turn, where ending the turn scored at least as well as every child); it searches again when the plan runs
out before the turn ends, when a planned action is not legal, or when the public state differs from what the plan
expected (a draw or a random target; the game's `search_keys().public`, as the turn-tree search re-plans).

Budgets: `iters` (per search, 0 = none) and `ms` (wall time per search, 0 = none); not both 0. With ms=0 a seed
replays the same games on any machine.
"""

from __future__ import annotations

import math
import time
from typing import Any

from cardlab.engine.core import Action, Rng, State
from cardlab.runtime import UserError

from cardlab.agents.base import Agent
from cardlab.agents.evaluators import Evaluator, game_evaluators, make_evaluator
from cardlab.agents.search.agent import end_or_first, public_key

PER = ("action", "turn")
ROLLOUTS = ("end", "random")
FINALS = ("mean", "leaf")
LOW, SPAN = 0.05, 0.9  # finite values map into [LOW, LOW + SPAN]; a loss is 0 and a win 1
MAX_ROLLOUT = 1000  # random-rollout steps before a turn that will not end is scored as it stands

_MULTI_ACTION_TURNS: dict[str, bool] = {}  # game name -> whether its turns have an end-turn action


def tree_keys(root: State, player: int):
    """The game's search hooks for a search of `player`'s turn from `root` (`search_keys(player, False)`, as the
    turn-tree search builds them once per search; None for a game without them)."""
    hooks = getattr(root, "search_keys", None)
    return hooks(player, False) if hooks is not None else None


def tree_actions(state: State, keys) -> list:
    """The actions a tree offers at `state`: the legal ones, or the single action the game's `symmetric` hook keeps
    when it collapses the decision to one (Dominion's treasure phase: "play all treasures" only, the turn-tree
    search's set there). Where the hook only drops some actions (Hearthstone's attacks by or at a twin minion, which
    reach the same positions) every legal action stays, as before."""
    legal = state.legal_actions()
    if keys is not None and len(legal) > 1:
        kept = keys.symmetric(state, legal)
        if len(kept) == 1:
            return list(kept)
    return list(legal)


def multi_action_turns(game) -> bool:
    """Whether a Game's turns can hold several actions (its states have `end_turn_action`; Hanabi's do not); probed
    once per game name and process (check_game runs before every arena game)."""
    found = _MULTI_ACTION_TURNS.get(game.name)
    if found is None:
        found = _MULTI_ACTION_TURNS[game.name] = hasattr(game.new_initial_state(0), "end_turn_action")
    return found


class ScoreEvaluator(Evaluator):
    """returns()[player] of any state: for games without an evaluator (Hanabi: the points scored so far)."""

    name = "score"

    def evaluate(self, states: list, player: int) -> list[float]:
        return [float(s.returns()[player]) for s in states]


def resolve_evaluator(text: str, game: str) -> Evaluator:
    """`auto` = the game's rho, else `score`; `score` for any game; anything else through make_evaluator, whose
    refusal of an unknown name is replaced by one that also offers mcts's own `auto` and `score` where they serve."""
    text = text.strip()
    if text == "auto":
        text = "rho" if "rho" in game_evaluators(game) else "score"
    if text == "score":
        return ScoreEvaluator()
    try:
        return make_evaluator(text, game)
    except UserError:
        name = text.partition(":")[0].strip()
        if text.startswith("ckpt=") or name in game_evaluators(game):
            raise  # a known name with a bad argument or file: make_evaluator's message says which
        raise UserError(unknown_evaluator(text, game)) from None


def unknown_evaluator(text: str, game: str) -> str:
    """The refusal of an evaluator name `game` does not have, listing what mcts takes there: `auto` (the default),
    the game's named evaluators, `score` in a cooperative game (a zero-sum game's score is 0 until the end, refused by
    `check_game`) and ckpt=PATH."""
    from cardlab.engine.core import COOPERATIVE

    named = list(game_evaluators(game))
    try:
        from cardlab.engine.registry import make_game

        cooperative = make_game(game).kind == COOPERATIVE
    except UserError:  # a game that cannot be built here: say when score serves
        cooperative = None
    rho = text == "rho"
    ckpt = f"ckpt=PATH, a value net trained on {game}"
    if not named:
        head = ("evaluator 'rho' is Hearthstone's" if rho
                else f"unknown evaluator {text!r}: {game} has no named evaluators")
        if cooperative:
            return f"mcts: {head}; give eval=score ({game}'s current score, what the default eval=auto uses) or {ckpt}"
        if cooperative is False:
            return f"mcts: {head}; give {ckpt}"
        return f"mcts: {head}; give eval=score (the game's score, for cooperative games only) or {ckpt}"
    head = "evaluator 'rho' is Hearthstone's" if rho else f"unknown evaluator {text!r} for {game}"
    score = {True: ["score"], False: [], None: ["score (cooperative games only)"]}[cooperative]
    auto = [] if "rho" not in named and cooperative is False else [  # auto = score: refused in a zero-sum game
        f"auto (the default: {'rho' if 'rho' in named else 'score'})"]
    return f"mcts: {head} (one of {', '.join(auto + named + score)}, ckpt=PATH)"


class _Node:
    """A state of the turn; statistics in raw evaluator units so the normalisation can move."""

    __slots__ = ("state", "leaf", "view", "value", "untried", "children", "n", "raw", "n_raw", "wins", "top", "own")

    def __init__(self, state: State, leaf: bool, view: State | None = None) -> None:
        self.state = state
        self.leaf = leaf
        self.view = view  # what the evaluator scores for a leaf
        self.value: float | None = None  # a leaf's cached value
        self.untried: list | None = None  # filled on the first visit
        self.children: dict = {}
        self.n = 0  # visits, pending (virtual) ones included
        self.raw = 0.0  # sum of finite values
        self.n_raw = 0
        self.wins = 0  # +inf values (each counts 1 after normalisation; -inf counts 0)
        self.top = -math.inf  # the best value backed up through the node (final=leaf)
        self.own: float | None = None  # a non-leaf node's own simulation value: its turn ended there (final=leaf)


class _Tree:
    """One UCT tree over one determinization of the acting player's turn."""

    def __init__(self, root: State, player: int, agent: "MCTSAgent") -> None:
        self.player = player
        self.agent = agent
        self.rng: Rng = agent.rng
        self.turn = (root.turn_owner, root.turn_number)
        self.lo, self.hi = math.inf, -math.inf
        self.root = _Node(root, False)
        self.keys = tree_keys(root, player)
        self.iterations = 0
        self.nodes = 0  # states generated (tree children and simulation steps), comparable to the search's nodes

    # ------------------------------------------------------------ values

    def mean(self, node: _Node) -> float:
        """X_j in [0, 1] under the current bounds; pending visits count 0 (virtual loss)."""
        if node.n == 0:
            return 0.0
        if self.hi > self.lo:
            finite = LOW * node.n_raw + SPAN * (node.raw - node.n_raw * self.lo) / (self.hi - self.lo)
        else:
            finite = 0.5 * node.n_raw
        return (node.wins + finite) / node.n

    def norm(self, value: float) -> float:
        """One raw value under the current bounds, as `mean` counts it: a win 1, a loss (or NaN) 0."""
        if value == math.inf:
            return 1.0
        if value == -math.inf or value != value:
            return 0.0
        if self.hi > self.lo:
            return LOW + SPAN * (value - self.lo) / (self.hi - self.lo)
        return 0.5

    def _backup(self, path: list, value: float) -> None:
        if value == math.inf:
            for node in path:
                node.wins += 1
                node.top = value
        elif value == -math.inf:
            pass  # a loss adds 0; the visit was counted at selection
        elif value == value:  # NaN: ignored (counts as a loss)
            if value < self.lo:
                self.lo = value
            if value > self.hi:
                self.hi = value
            for node in path:
                node.raw += value
                node.n_raw += 1
                if value > node.top:
                    node.top = value

    # ------------------------------------------------------------ tree moves

    def _turn_over(self, state: State) -> bool:
        return state.is_terminal() or (state.turn_owner, state.turn_number) != self.turn

    def _advance(self, state: State) -> State:
        """Past decisions other players take inside the turn (their first legal action), in place."""
        while not self._turn_over(state) and state.current_player != self.player:
            state.apply(state.legal_actions()[0])
        return state

    def _child(self, state: State, action: Action) -> _Node:
        self.nodes += 1
        child = self._advance(state.child(action))
        if self._turn_over(child):
            return _Node(child, True, self._view(state, child))
        return _Node(child, False)

    def _view(self, before: State, after: State) -> State:
        """Evaluators trained on end-of-turn states just before END_TURN (value networks) score `before`."""
        if self.agent.before_end_turn and not after.is_terminal():
            return before
        return after

    def _simulate(self, state: State) -> State:
        """The state scored for a new non-leaf node: where its turn ends (see `rollout`)."""
        if self.agent.rollout == "end":
            end = getattr(state, "end_turn_action", None)
            action = end() if end is not None else None
            if action is not None:
                self.nodes += 1
                return self._view(state, self._advance(state.child(action)))
        s = state.clone()
        for _ in range(MAX_ROLLOUT):
            legal = s.legal_actions()
            action = legal[self.rng.randrange(len(legal))]
            before = s.clone() if self.agent.before_end_turn else s
            self.nodes += 1
            s.apply(action)
            self._advance(s)
            if self._turn_over(s):
                return self._view(before, s)
        return s  # a turn this long: scored where the rollout stopped

    def _select(self) -> tuple[list, _Node, State | None]:
        """One descent: (path, the node reached, the state to evaluate or None when the node's value is known
        or already requested). The visit is counted on the path at the end (virtual loss until the value arrives)."""
        node = self.root
        path = [node]
        cp2 = 2.0 * self.agent.cp
        while not node.leaf:
            if node.untried is None:
                node.untried = tree_actions(node.state, self.keys)
            if node.untried:
                action = node.untried.pop(self.rng.randrange(len(node.untried)))
                child = self._child(node.state, action)
                node.children[action] = child
                path.append(child)
                self._visit(path)
                return path, child, (child.view if child.leaf else self._simulate(child.state))
            if not node.children:  # no legal action in a live state: score it as it is
                node.leaf = True
                node.view = node.state
                break
            log_n = math.log(node.n)
            best: list = []
            best_score = -math.inf
            for child in node.children.values():
                score = self.mean(child) + cp2 * math.sqrt(2.0 * log_n / child.n)
                if score > best_score:
                    best, best_score = [child], score
                elif score == best_score:
                    best.append(child)
            node = best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]
            path.append(node)
        self._visit(path)
        return path, node, None

    @staticmethod
    def _visit(path: list) -> None:
        """Count the visit along the path now (n in UCT is the visits before this descent); its value comes later,
        so until then it weighs as a loss (virtual loss for batched evaluation)."""
        for node in path:
            node.n += 1

    def run(self, iters: int, deadline: float) -> None:
        """Grow the tree for `iters` iterations (0 = no limit) or until `deadline` (perf_counter seconds)."""
        agent = self.agent
        batch = agent.batch
        evaluator = agent.evaluator
        player = self.player
        pending: dict[int, tuple] = {}  # id(leaf) -> its request: a leaf asked for twice in one batch is scored once
        requests: list = []  # (leaf node to cache the value in, or None for a simulation; state to score; paths)
        while (not iters or self.iterations < iters) and time.perf_counter() < deadline:
            self.iterations += 1
            path, node, state = self._select()
            if node.leaf:
                if node.value is not None:
                    self._backup(path, node.value)
                    continue
                entry = pending.get(id(node))
                if entry is not None:
                    entry[2].append(path)  # already requested in this batch: same value, another path
                    continue
                entry = pending[id(node)] = (node, state if state is not None else node.view, [path])
                requests.append(entry)
            else:
                requests.append((None, state, [path]))
            if len(requests) >= batch:
                self._flush(requests, evaluator, player)
                pending.clear()
                requests = []
        if requests:
            self._flush(requests, evaluator, player)

    def _flush(self, requests: list, evaluator: Evaluator, player: int) -> None:
        values = evaluator.evaluate([state for _, state, _ in requests], player)
        for (node, _, paths), value in zip(requests, values):
            value = float(value)
            if node is not None:
                node.value = value
            else:
                paths[0][-1].own = value  # a simulation: the value of ending the new node's turn (rollout=end)
            for path in paths:
                self._backup(path, value)


def _combine(nodes: list[_Node], trees: list[_Tree], final: str = "mean") -> list[tuple[Action, float, int]]:
    """(action, score, summed visits) for the visited children common to every node (all of them if none is common),
    in the first node's child order, which is the order the first tree expanded them in (drawn at random). The score
    is the visit-weighted mean of the trees' means (final=mean) or the mean over the trees of the best value found
    below the child (final=leaf); each tree normalises with its own bounds."""
    counts: dict = {}
    for node in nodes:
        for action, child in node.children.items():
            if child.n > 0:
                counts[action] = counts.get(action, 0) + 1
    common = [a for a, c in counts.items() if c == len(nodes)] or list(counts)
    out = []
    leaf = final == "leaf"
    for action in common:
        visits, total, trees_in = 0, 0.0, 0
        for node, tree in zip(nodes, trees):
            child = node.children.get(action)
            if child is not None and child.n > 0:
                visits += child.n
                trees_in += 1
                total += tree.norm(child.top) if leaf else child.n * tree.mean(child)
        out.append((action, total / (trees_in if leaf else visits), visits))
    return out


def _best(stats: list[tuple[Action, float, int]]) -> tuple[Action, float, int] | None:
    """Best score, then more visits, then the earlier action in `_combine`'s order (the first tree's expansion
    order)."""
    best = None
    for item in stats:
        if best is None or (item[1], item[2]) > (best[1], best[2]):
            best = item
    return best


class MCTSAgent(Agent):
    """`mcts[:iters=N,ms=M,per=action|turn,k=K,eval=auto|rho|greedy|weights:PATH|ckpt=PATH|score,cp=C,batch=B,
    rollout=end|random,final=mean|leaf]`: UCT within the current turn (module docstring). Defaults: iters=500, ms=0,
    per=action, k=1, eval=auto (rho where the game has it, else its score), cp=1/sqrt(2), batch=1, rollout=end,
    final=mean."""

    name = "mcts"

    def __init__(self, seed: int = 0, iters: int = 500, ms: float = 0.0, per: str = "action", k: int = 1,
                 eval: str | None = None, cp: float = 1 / math.sqrt(2), batch: int = 1, rollout: str = "end",
                 ckpt: str | None = None, final: str = "mean", game: str = "hearthstone") -> None:
        problems = []
        if iters < 0 or not 0 <= ms < math.inf:
            problems.append(f"iters and ms must be finite and >= 0 (0 = no limit), got iters={iters}, ms={ms}")
        elif iters == 0 and ms == 0:
            problems.append("give a budget: iters=N or ms=M (both are 0)")
        if k < 1:
            problems.append(f"k must be >= 1, got {k}")
        elif iters > 0 and k > iters:
            problems.append(f"k={k} trees need at least one iteration each: iters={iters} is fewer")
        if batch < 1:
            problems.append(f"batch must be >= 1, got {batch}")
        if per not in PER:
            problems.append(f"unknown per={per!r} (one of {', '.join(PER)})")
        if rollout not in ROLLOUTS:
            problems.append(f"unknown rollout={rollout!r} (one of {', '.join(ROLLOUTS)})")
        if final not in FINALS:
            problems.append(f"unknown final={final!r} (one of {', '.join(FINALS)})")
        if not cp >= 0 or math.isinf(cp):
            problems.append(f"cp must be a finite number >= 0, got {cp}")
        if ckpt is not None and not ckpt.strip():
            problems.append("ckpt= needs a checkpoint file or model name (cardlab models lists them)")
        if ckpt and eval is not None:
            problems.append("give either eval=... or ckpt=PATH, not both")
        if problems:
            raise UserError("mcts: " + "; ".join(problems))
        if ckpt:
            eval = f"ckpt={ckpt}"
        elif eval is None:
            eval = "auto"
        self.evaluator: Evaluator = resolve_evaluator(eval, game) if isinstance(eval, str) else eval
        given = {"iters": iters, "ms": ms, "per": per, "k": k, "eval": eval if isinstance(eval, str)
                 else self.evaluator.name, "cp": cp, "batch": batch, "rollout": rollout, "final": final}
        defaults = {"iters": 500, "ms": 0.0, "per": "action", "k": 1, "eval": "auto", "cp": 1 / math.sqrt(2),
                    "batch": 1, "rollout": "end", "final": "mean"}
        options: dict[str, Any] = {key: v for key, v in given.items() if v != defaults[key]}
        super().__init__(seed, **options)
        self.iters, self.ms, self.per, self.k = int(iters), float(ms), per, int(k)
        self.cp, self.batch, self.rollout, self.final = float(cp), int(batch), rollout, final
        self.before_end_turn = bool(getattr(self.evaluator, "before_end_turn", False))
        self._plan: list = []
        self._expect: list = []
        self._plan_turn: tuple = ()
        self.searches = 0  # searches made, for tests and statistics
        self.last_iterations = 0
        self.last_nodes = 0
        self.last_trees: list[_Tree] = []

    def check_game(self, game) -> None:
        """A zero-sum game's score is 0 until it ends: as the only evaluator it would leave every move tied. per=turn
        and rollout=random shape turns of several actions: where every action is a turn (Hanabi) they play exactly
        as the defaults, so asking for them there is refused rather than silently ignored."""
        from cardlab.engine.core import ZERO_SUM

        same = [text for text, asked in (("per=turn", self.per == "turn"),
                                         ("rollout=random", self.rollout == "random")) if asked]
        if same and not multi_action_turns(game):
            one = len(same) == 1
            raise UserError(f"mcts: {' and '.join(same)} {'changes' if one else 'change'} nothing in {game.name}, "
                            "where every action is a whole turn (the one-move tree and its scoring are those of the "
                            f"default per=action,rollout=end): leave {'it' if one else 'them'} out")
        if isinstance(self.evaluator, ScoreEvaluator) and game.kind == ZERO_SUM:
            named = list(game_evaluators(game.name))
            offer = (f"give eval=NAME (one of {', '.join(named)}) or ckpt=PATH" if named
                     else "give ckpt=PATH, a value network trained on this game")
            raise UserError(f"mcts: the score of a {game.name} game is 0 until the end, so every move would tie: "
                            + offer)

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        self._plan, self._expect, self._plan_turn = [], [], ()
        getattr(self.evaluator, "reseed", lambda seed: None)(seed)  # a game does not depend on earlier games

    # ------------------------------------------------------------ searching

    def search(self, observation: State) -> list[_Tree]:
        """k trees on k determinizations of `observation`, budgets split evenly."""
        self.searches += 1
        player = self.player
        dets = [observation.determinize(player, self.rng) for _ in range(self.k)]
        trees = []
        for i, det in enumerate(dets):
            tree = _Tree(det, player, self)
            iters = self.iters // self.k + (1 if i < self.iters % self.k else 0) if self.iters else 0
            deadline = time.perf_counter() + self.ms / self.k / 1000.0 if self.ms else math.inf
            tree.run(max(iters, 1) if self.iters else 0, deadline)
            trees.append(tree)
        self.last_trees = trees
        self.last_iterations = sum(t.iterations for t in trees)
        self.last_nodes = sum(t.nodes for t in trees)
        return trees

    def best_action(self, trees: list[_Tree]) -> Action | None:
        best = _best(_combine([t.root for t in trees], trees, self.final))
        return best[0] if best is not None else None

    def best_path(self, trees: list[_Tree]) -> list[Action]:
        """The best child (by `final`) repeatedly from the roots, over the trees that reach each step. With
        final=leaf the path stops where ending the turn scored at least as well as every child (with rollout=end it
        then ends with the end-turn action; after a random rollout the plan runs out and the agent searches again)."""
        nodes = [(t.root, t) for t in trees]
        path: list = []
        while nodes:
            best = _best(_combine([n for n, _ in nodes], [t for _, t in nodes], self.final))
            if best is None:
                break
            if self.final == "leaf":
                owns = [t.norm(n.own) for n, t in nodes if n.own is not None]
                if owns and sum(owns) / len(owns) >= best[1]:
                    end = getattr(nodes[0][0].state, "end_turn_action", None)
                    end = end() if end is not None and self.rollout == "end" else None
                    if end is not None:
                        path.append(end)
                    break
            action = best[0]
            path.append(action)
            nodes = [(n.children[action], t) for n, t in nodes
                     if action in n.children and not n.children[action].leaf and n.children[action].children]
        return path

    # ------------------------------------------------------------ acting

    def act(self, observation: State) -> Action:
        self.check_seat(observation)
        legal = observation.legal_actions()
        fixed = getattr(observation, "unsearched_action", None)
        fixed = fixed() if fixed is not None else None
        if fixed is not None:
            return fixed  # a decision the game says not to search (Hearthstone's mulligan: keep)
        if len(legal) == 1:
            self._plan, self._expect = [], []
            return legal[0]
        if self.per == "action":
            only = tree_actions(observation, tree_keys(observation, self.player))
            if len(only) == 1:
                return only[0]  # the game collapses this decision to one action (Dominion: play all treasures)
            action = self.best_action(self.search(observation))
            return action if action in legal else end_or_first(observation)
        turn = (observation.turn_owner, observation.turn_number)
        if (turn != self._plan_turn or not self._plan or self._plan[0] not in legal
                or public_key(observation, self.player) != self._expect[0]):
            trees = self.search(observation)
            self._plan = self.best_path(trees)
            self._expect = self._expected_keys(trees[0].root.state, self._plan)
            self._plan_turn = turn
        if self._plan and self._plan[0] in legal:
            self._expect.pop(0)
            return self._plan.pop(0)
        self._plan, self._expect = [], []
        return end_or_first(observation)

    def _expected_keys(self, det: State, actions: list) -> list:
        """The public key expected before each planned action, on the first determinization."""
        s = det.clone()
        keys = []
        for a in actions:
            keys.append(public_key(s, self.player))
            if s.is_terminal() or a not in s.legal_actions():
                break
            s.apply(a)
        keys += [object()] * (len(actions) - len(keys))  # never equal: search again there
        return keys


AGENTS = {"mcts": MCTSAgent}
