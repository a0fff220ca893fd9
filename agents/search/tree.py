"""The turn tree (spec section 5): nodes are states of one turn, edges the acting player's actions,
leaves the first states of the next turn (`turn_owner` or `turn_number` changed) or terminal states.

Game-agnostic through the protocol plus optional state hooks: `search_keys(player, dominance)` (transposition,
dominance, symmetry keys; without it no pruning is possible) and `end_turn_action()` (the action that ends the turn
now: its leaf is scored first and best-first search needs it). Decisions another player takes inside the turn
(Dominion's Militia) are not the planner's: the tree follows `reply(state)` when given (the search agent asks a
baseline policy, Dominion's bigmoney by default), else their first legal action.

Two traversals over the same tree:
- "dfs": depth first, children in legal-action order; leaves are buffered and evaluated in batches.
- "best": best first (A*-style, as the "robot overlords" agent): a node's priority is the value of its
  own END_TURN leaf; the most promising node is expanded next, its children's leaves in one batch.

Pruning levels:
- "none": exhaustive.
- "tt": actions the game's keys call symmetric are skipped, and a child whose canonical key was already generated
  this search is not expanded.
- "dominance": tt, plus a child whose monotone vector is dominated by (<= everywhere) the vector of an already
  generated state with the same exact part is not expanded (Hearthstone: engine/hearthstone/keys.py).

A terminal state inside the turn (a hero died) is a leaf worth +inf / -inf; a win ends the search.
Budgets (max_nodes generated states, max_ms wall time; 0 = unlimited) make the search anytime: it returns
the best leaf found so far. The root's END_TURN leaf is always evaluated first, so there is always a plan.
"""

from __future__ import annotations

import heapq
import math
import time
from dataclasses import dataclass, field

from cardlab.runtime import UserError

from operator import ge as _ge

from cardlab.agents.evaluators import Evaluator, terminal_value

PRUNE_LEVELS = ("none", "tt", "dominance")
ALGOS = ("dfs", "best")


def dominates(a: tuple, b: tuple) -> bool:
    """a >= b everywhere (equal vectors count: the state is then a transposition)."""
    return all(map(_ge, a, b))


@dataclass
class SearchResult:
    actions: list  # the best leaf's action sequence (ends with END_TURN unless the game ended first)
    value: float  # its value for the searching player
    nodes: int = 0  # states generated (every child and leaf, pruned ones included)
    leaves: int = 0  # leaves scored (evaluator calls + terminals)
    expanded: int = 0  # nodes whose children were generated
    pruned_tt: int = 0
    pruned_dominance: int = 0
    pruned_symmetric: int = 0  # actions skipped because they only swap identical minions
    complete: bool = True  # False when a budget stopped the search
    stopped_by: str = ""  # "", "nodes", "time" or "win" (a lethal line ends the search early)
    elapsed_ms: float = 0.0
    top: list = field(default_factory=list)  # [(value, actions)] best leaves, best first


class _Stop(Exception):
    """A budget ran out."""


class TurnTree:
    """One search configuration; `search(root, player)` may be called many times."""

    def __init__(self, evaluator: Evaluator, prune: str = "dominance", max_nodes: int = 20000,
                 max_ms: float = 1000.0, algo: str = "dfs", batch_size: int = 64, keep_top: int = 1,
                 reply=None) -> None:
        if prune not in PRUNE_LEVELS:
            raise UserError(f"search: unknown prune level {prune!r} (one of {', '.join(PRUNE_LEVELS)})")
        if algo not in ALGOS:
            raise UserError(f"search: unknown algo {algo!r} (one of {', '.join(ALGOS)})")
        if max_nodes < 0 or not 0 <= max_ms < math.inf:
            raise UserError(f"search: budgets must be >= 0 (0 = unlimited), got max_nodes={max_nodes}, max_ms={max_ms}")
        self.evaluator = evaluator
        self.before_end_turn = bool(getattr(evaluator, "before_end_turn", False))
        self.prune = prune
        self.max_nodes = int(max_nodes)
        self.max_ms = float(max_ms)
        self.algo = algo
        self.batch_size = max(1, int(batch_size))
        self.keep_top = max(1, int(keep_top))
        self.reply = reply  # state -> action for other players' decisions inside the turn (None: the first legal)
        self._terminal = getattr(evaluator, "terminal", None) or terminal_value

    # ------------------------------------------------------------ bookkeeping

    def _reset(self, player: int) -> None:
        self.player = player
        self.nodes = 0
        self.leaves = 0
        self.expanded = 0
        self.pruned_tt = 0
        self.pruned_dom = 0
        self.pruned_symmetric = 0
        self.best_value = -math.inf
        self.best_path: tuple = ()
        self.found = False
        self.top: list = []  # min-heap of (value, -order, path)
        self.order = 0
        self.buffer: list = []
        self.seen: set = set()
        self.buckets: dict = {}
        self.won = False
        self.start = time.perf_counter()
        self.deadline = self.start + self.max_ms / 1000.0 if self.max_ms > 0 else math.inf
        self.stopped_by = ""

    def _count(self) -> None:
        """Called before generating a state: enforce the budgets."""
        if self.max_nodes and self.nodes >= self.max_nodes:
            self.stopped_by = "nodes"
            raise _Stop
        if self.deadline != math.inf and time.perf_counter() >= self.deadline:
            self.stopped_by = "time"
            raise _Stop
        self.nodes += 1

    def _record(self, value: float, path: tuple) -> None:
        self.leaves += 1
        self.order += 1
        if not self.found or value > self.best_value:
            self.best_value = value
            self.best_path = path
            self.found = True
        if self.keep_top > 1:
            item = (value, -self.order, path)
            if len(self.top) < self.keep_top:
                heapq.heappush(self.top, item)
            elif item > self.top[0]:
                heapq.heapreplace(self.top, item)
        if value == math.inf:
            self.won = True
            self.stopped_by = "win"
            raise _Stop

    def _view(self, before, after):
        """The state the evaluator scores for a leaf: after END_TURN, or just before it for evaluators
        trained on end-of-turn states (Hearthstone's value networks: datagen records chains before END_TURN).
        Games without an end-turn action have no such state: their leaves are the afterstates."""
        if not self.before_end_turn or after.is_terminal() or self.end_hook is None:
            return after
        return before

    def _flush(self) -> None:
        buffer, self.buffer = self.buffer, []
        if not buffer:
            return
        values = self.evaluator.evaluate([s for s, _ in buffer], self.player)
        for v, (_, path) in zip(values, buffer):
            self._record(float(v), path)

    def _admit(self, child) -> bool:
        """False when pruning says this child need not be expanded."""
        prune = self.prune
        keys = self.keys
        if prune == "none" or keys is None:
            return True
        # Keys are large nested tuples whose hash is not cached: each is hashed once (a set that did not grow
        # already held the key; setdefault both looks up and creates the bucket).
        seen = self.seen
        size = len(seen)
        seen.add(keys.canonical(child))
        if len(seen) == size:
            self.pruned_tt += 1
            return False
        if prune == "dominance":
            exact, vec = keys.dominance(child)
            bucket = self.buckets.setdefault(exact, [])
            if not bucket:
                bucket.append(vec)
                return True
            for other in bucket:
                if dominates(other, vec):
                    self.pruned_dom += 1
                    return False
            # Drop the vectors the new one dominates: it now prunes everything they would.
            bucket[:] = [other for other in bucket if not dominates(vec, other)]
            bucket.append(vec)
        return True

    def _actions(self, state) -> list:
        legal = state.legal_actions()
        if self.prune == "none" or self.keys is None:
            return legal
        kept = self.keys.symmetric(state, legal)
        self.pruned_symmetric += len(legal) - len(kept)
        return kept

    # ------------------------------------------------------------ traversals

    def search(self, root, player: int | None = None) -> SearchResult:
        """Search `root` (a full state, `player` to act) and return the best leaf found."""
        player = root.current_player if player is None else player
        self._reset(player)
        if root.is_terminal():
            return self._result(complete=True, fallback=[])
        self.turn = (root.turn_owner, root.turn_number)
        hooks = getattr(root, "search_keys", None)
        self.keys = hooks(player, self.prune == "dominance") if hooks is not None and self.prune != "none" else None
        end_turn = getattr(root, "end_turn_action", None)
        self.end_hook = end_turn
        self.end_action = end_turn() if end_turn is not None else None
        if self.algo == "best" and end_turn is None:
            raise UserError("search: algo=best needs a game with an end-turn action; use algo=dfs")
        if self.keys is not None:
            self._admit(root)
        # The root's own end-of-turn leaf first, outside the budget: there is always a plan.
        # (A pending in-card choice has no end-turn action; the search then starts with the choice.)
        complete = True
        try:
            if self.end_action is not None:
                self.nodes += 1
                leaf = self._advance(root.child(self.end_action))
                self.buffer.append((self._view(root, leaf), (self.end_action,)))
                self._flush()
            if self.algo == "dfs":
                self._dfs(root)
            else:
                self._best_first(root)
            self._flush()
        except _Stop:
            complete = self.won
            try:
                self._flush()
            except _Stop:
                pass
        return self._result(complete, fallback=[root.legal_actions()[0]])

    def _turn_over(self, state) -> bool:
        return state.is_terminal() or (state.turn_owner, state.turn_number) != self.turn

    def _advance(self, state):
        """Past decisions other players take inside the turn (`reply`, else their first legal action), in place."""
        player = self.player
        reply = self.reply
        while not self._turn_over(state) and state.current_player != player:
            state.apply(reply(state) if reply is not None else state.legal_actions()[0])
        return state

    def _result(self, complete: bool, fallback: list) -> SearchResult:
        top = [(v, list(p)) for v, _, p in sorted(self.top, reverse=True)] if self.keep_top > 1 else []
        if not top and self.found:
            top = [(self.best_value, list(self.best_path))]
        return SearchResult(
            actions=list(self.best_path) if self.found else fallback,
            value=self.best_value if self.found else -math.inf,
            nodes=self.nodes, leaves=self.leaves, expanded=self.expanded,
            pruned_tt=self.pruned_tt, pruned_dominance=self.pruned_dom, pruned_symmetric=self.pruned_symmetric,
            complete=complete, stopped_by=self.stopped_by,
            elapsed_ms=(time.perf_counter() - self.start) * 1000.0, top=top,
        )

    def _dfs(self, root) -> None:
        player = self.player
        turn = self.turn
        stack = [(root, ())]
        batch = self.batch_size
        terminal_value = self._terminal
        record = self._record
        admit = self._admit
        # _count() inlined for the common case (no time limit, nodes left); it still handles the rest and raises.
        node_limit = self.max_nodes or math.inf
        timed = self.deadline != math.inf
        # A leaf scored before END_TURN needs its END_TURN child only to learn whether the game ended there:
        # when the game says it cannot (`end_turn_is_quiet`), the child is counted but not built.
        end_action = self.end_action
        quiet = self.before_end_turn and end_action is not None and hasattr(root, "end_turn_is_quiet")
        # An evaluator of the state after END_TURN may score a quiet END_TURN from the state before it
        # (`Evaluator.after_quiet_end`): the child is counted but not built. The leaves buffered before it are
        # scored first, so leaves are recorded in the same order as when the child is built.
        after_quiet = self.evaluator.after_quiet_end if (
            not self.before_end_turn and end_action is not None and hasattr(root, "end_turn_is_quiet")) else None
        # A popped node is not needed after its last child is built, so that child is played on the node itself
        # (one clone fewer per expanded node). Not when leaves are scored before END_TURN: the node may then be
        # a buffered leaf. Never on the root, the caller's state.
        reuse = not self.before_end_turn
        while stack:
            state, path = stack.pop()
            self.expanded += 1
            children = []
            actions = self._actions(state)
            last = len(actions) - 1 if reuse and state is not root else -1
            for i, a in enumerate(actions):
                if state is root and a == end_action:
                    continue  # scored before the search started
                if timed or self.nodes >= node_limit:
                    self._count()
                else:
                    self.nodes += 1
                if quiet and a == end_action and state.end_turn_is_quiet():
                    self.buffer.append((state, path + (a,)))
                    if len(self.buffer) >= batch:
                        self._flush()
                    continue
                if after_quiet is not None and a == end_action and state.end_turn_is_quiet():
                    if self.buffer:
                        self._flush()
                    record(float(after_quiet(state, player)), path + (a,))
                    continue
                if i == last:
                    state.apply(a)
                    child = state
                else:
                    child = state.child(a)
                p = path + (a,)
                # As _advance then _turn_over, with each state property read once on the usual path.
                if child.is_terminal():
                    record(terminal_value(child, player), p)
                    continue
                same_turn = (child.turn_owner, child.turn_number) == turn
                if same_turn and child.current_player != player:
                    self._advance(child)  # another player's decision inside the turn
                    if child.is_terminal():
                        record(terminal_value(child, player), p)
                        continue
                    same_turn = not self._turn_over(child)
                if not same_turn:
                    self.buffer.append((self._view(state, child), p))
                    if len(self.buffer) >= batch:
                        self._flush()
                elif admit(child):
                    children.append((child, p))
            children.reverse()  # pop in legal-action order
            stack.extend(children)

    def _best_first(self, root) -> None:
        player = self.player
        heap: list = [(0.0, 0, root, ())]
        after_quiet = self.evaluator.after_quiet_end if (
            not self.before_end_turn and hasattr(root, "end_turn_is_quiet")) else None
        order = 0
        while heap:
            _, _, state, path = heapq.heappop(heap)
            self.expanded += 1
            fresh = []  # (child, path, its END_TURN leaf or None for a pending choice)
            stop = None
            try:
                for a in self._actions(state):
                    if a == self.end_action:
                        continue  # this node's leaf was scored when the node was generated
                    self._count()
                    child = self._advance(state.child(a))
                    p = path + (a,)
                    if child.is_terminal():
                        self._record(self._terminal(child, player), p)
                        continue
                    if self._turn_over(child):  # an action that ended the turn by itself
                        self.buffer.append((self._view(state, child), p))
                        continue
                    if not self._admit(child):
                        continue
                    leaf = None
                    end = child.end_turn_action()
                    if end is not None:
                        self._count()
                        # a quiet END_TURN is scored from the child itself (its value, a float, stands in)
                        if after_quiet is not None and child.end_turn_is_quiet():
                            leaf = float(after_quiet(child, player))
                        else:
                            leaf = self._advance(child.child(end))
                    fresh.append((child, p, leaf))
            except _Stop as exc:
                stop = exc  # score what this expansion generated, then stop
            scored = [item for item in fresh if item[2] is not None]
            built = [self._view(c, leaf) for c, _, leaf in scored if type(leaf) is not float]
            values = iter(self.evaluator.evaluate(built, player) if built else ())
            values = [leaf if type(leaf) is float else next(values) for _, _, leaf in scored]
            priority = {}
            for (child, p, _), v in zip(scored, values):
                priority[id(child)] = float(v)
                self._record(float(v), p + (self.end_action,))
            self._flush()
            if stop is not None:
                raise stop
            for child, p, _ in fresh:
                order += 1
                # A pending choice has no leaf: expand it first (it is a forced step, not a decision point).
                heapq.heappush(heap, (-priority.get(id(child), math.inf), order, child, p))
