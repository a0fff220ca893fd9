"""TurnTreeSearch: plans its whole turn with the turn tree (agents/search/tree.py) on determinized clones.

Randomness and hidden information:
- The agent only sees its observation. Each plan samples full states with `observation.determinize`
  (opponent's hand and both deck orders resampled, fresh RNG). Inside one determinization every random
  outcome (a draw, Arcane Missiles' targets) is sampled once per branch: each child is a clone carrying the
  parent's RNG, so the tree over one determinization is deterministic.
- k=1: one determinization, one tree. k=K: K determinizations, K trees (budget split evenly); each tree's
  best `TOP` leaves become candidate action sequences, every candidate is replayed on all K determinizations
  (as far as it stays legal, then END_TURN) and the candidate with the best mean value is played.
- Other players' decisions inside the turn (Dominion's Militia discards, Moat reveals): `others=SPEC` names an
  agent that answers them on the determinized state's observation (default `auto`: the game's SEARCH_OTHERS,
  Dominion's bigmoney; `first` = their first legal action, for games that declare none).
- Games: the evaluator is built for the game played (`ckpt=` must be a checkpoint of that game). Games without an
  end-turn action (Hanabi: every action is a turn) get a tree of depth one: each legal action's afterstate is a
  leaf, scored on the determinized hands (k > 1 averages candidates over k determinizations).
- `lookahead=AGENT,top=N,samples=M` (two-player games with turns): the tree's N best plans are replayed on M
  determinizations, AGENT plays the opponent's reply turn, and the plan with the best mean value after the reply
  is played (agents/search/lookahead.py).
- Re-planning: before each action the agent compares the observed state's public key (the game's search keys,
  when it has them) with the one the plan expected. A different draw, a random target, or an illegal next action starts a new plan
  from the observed state. Budgets are per plan; a turn with re-plans spends more in total.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from cardlab.engine.core import Action, State

from cardlab.runtime import UserError

from cardlab.agents.base import TurnPlanner
from cardlab.agents.evaluators import Evaluator, make_evaluator
from cardlab.agents.search.blueprint import BlueprintStats, choose
from cardlab.agents.search.lookahead import OpponentRollout
from cardlab.agents.search.tree import ALGOS, PRUNE_LEVELS, SearchResult, TurnTree

log = logging.getLogger(__name__)

TOP = 4  # candidates per determinization when k > 1

# (checkpoint, game spec) pairs already warned about in this process: an arena builds one agent to check the spec
# and one per seat, each of which sees the game, and the warning is meant once.
_WARNED: set[tuple[str, str]] = set()


class _UnsetInt(int):
    """An option's default when the spec did not give it (typed, so the registry still converts text to int): an
    option that only matters with another one is refused when given without it, even at its default value."""


class _UnsetFloat(float):
    """As _UnsetInt, for float options."""


class _UnsetStr(str):
    """As _UnsetInt, for text options."""


def _given(value: Any) -> bool:
    """Whether an option was passed (a spec or a caller), not left at its sentinel default."""
    return not isinstance(value, (_UnsetInt, _UnsetFloat, _UnsetStr))


def _plain(value: Any) -> Any:
    """A sentinel default as the plain value it stands for; a given value unchanged."""
    for sentinel, plain in ((_UnsetInt, int), (_UnsetFloat, float), (_UnsetStr, str)):
        if isinstance(value, sentinel):
            return plain(value)
    return value


# Options of the turn tree, which blueprint= never builds (it scores the rule agent's candidates over k deals): refused
# with it. Not max_nodes, which changes no blueprint game either: `cardlab loop` writes it into every search agent's
# spec (its node budget), Hanabi's blueprint searches included, and its recorded runs must replay.
TREE_OPTIONS = ("prune", "max_ms", "algo", "batch")


def public_key(state: State, player: int):
    """What `player` sees of the state, for noticing that the world left the plan (None: the game has no keys)."""
    hooks = getattr(state, "search_keys", None)
    return hooks(player, False).public(state) if hooks is not None else None


def end_or_first(state: State):
    """The action that ends the turn when there is one, else the first legal action."""
    end = getattr(state, "end_turn_action", None)
    action = end() if end is not None else None
    return action if action is not None else state.legal_actions()[0]


class TurnTreeSearch(TurnPlanner):
    """`search[:eval=rho|greedy|ckpt=PATH,prune=auto|none|tt|dominance,max_nodes=N,max_ms=M,k=K,algo=dfs|best]`.

    prune=auto (default): dominance with heuristic evaluators, tt (transpositions only) with a value network or a
    weight vector (weights:PATH), which need not be monotone. An Evaluator object given as `eval` is pruned by its
    `monotone` attribute (False: tt; value networks and weight vectors set it), or tt when its name is ckpt=...

    `blueprint=AGENT,margin=M` (games where every action is a turn: Hanabi): play AGENT's action unless another
    candidate's mean value over k deals beats it by more than M (agents/search/blueprint.py). It builds no turn tree,
    so prune=, max_ms=, algo= and batch= are refused with it (max_nodes= is accepted and unused: `cardlab loop` gives
    it to every search); margin=, z=, rollout= and endgame= are refused without it, and top= and samples= without
    lookahead=, even at their default values (a given option that nothing reads would pass for one that was used).

    `lookahead=AGENT,top=N,samples=M`: score the tree's N best plans after AGENT's reply turn (lookahead.py).

    `search:ckpt=PATH` is short for `search:eval=ckpt=PATH` (`ckpt=A+B` averages networks). max_nodes / max_ms = 0
    means unlimited. The default budget is nodes only (max_ms=0), so a seed replays the same games on any machine;
    a time budget makes play depend on machine speed.
    """

    name = "search"

    def __init__(self, seed: int = 0, eval: str | None = None, prune: str = _UnsetStr("auto"),
                 max_nodes: int = _UnsetInt(20000), max_ms: float = _UnsetFloat(0.0), k: int = 1,
                 algo: str = _UnsetStr("dfs"), batch: int = _UnsetInt(64), ckpt: str | None = None,
                 others: str = "auto", blueprint: str = "", margin: float = _UnsetFloat(0.0),
                 z: float = _UnsetFloat(0.0), rollout: int = _UnsetInt(0), endgame: int = _UnsetInt(-1),
                 lookahead: str = "", top: int = _UnsetInt(8), samples: int = _UnsetInt(4),
                 game: str = "hearthstone") -> None:
        # An option that only another pass reads is refused when given without it, even at its default value: the
        # user asked for something the agent would silently not do.
        if not blueprint and (_given(margin) or _given(z)):
            raise UserError("search: margin= and z= compare candidates with a blueprint's action: give blueprint=AGENT")
        if not blueprint and (_given(rollout) or _given(endgame)):
            raise UserError("search: rollout= and endgame= play on with a blueprint: give blueprint=AGENT")
        tree_options = {"prune": prune, "max_ms": max_ms, "algo": algo, "batch": batch}
        unused = [f"{name}=" for name in TREE_OPTIONS if _given(tree_options[name])]
        if blueprint and unused:
            raise UserError(f"search: {', '.join(unused)} {'sets' if len(unused) == 1 else 'set'} the turn tree, which "
                            f"blueprint= does not build (it scores {blueprint}'s candidates over k deals): leave "
                            f"{'it' if len(unused) == 1 else 'them'} out")
        if not lookahead and (_given(top) or _given(samples)):
            raise UserError("search: top= and samples= set the opponent-reply look-ahead: give lookahead=AGENT")
        # Plain values from here on (the sentinels have done their job).
        prune, max_nodes, max_ms, algo, batch, margin, z, rollout, endgame, top, samples = (
            _plain(v) for v in (prune, max_nodes, max_ms, algo, batch, margin, z, rollout, endgame, top, samples))
        if rollout < 0 or endgame < -1:
            raise UserError(f"search: rollout must be >= 0 moves and endgame >= 0 cards (-1: always search), "
                            f"got rollout={rollout}, endgame={endgame}")
        if not 0 <= z < math.inf:  # NaN fails every comparison: it would silently switch the test off
            raise UserError(f"search: z must be finite and >= 0 (standard errors), got {z}")
        if z and k == 1:
            raise UserError("search: z= weighs the spread of the gain over k guesses of the hand: give k >= 2 "
                            "(one guess has no spread)")
        if not math.isfinite(margin):
            raise UserError(f"search: margin must be a finite number (label units), got {margin}")
        if k < 1:
            raise UserError(f"search: k must be >= 1, got {k}")
        if max_nodes < 0 or not 0 <= max_ms < math.inf:
            raise UserError(f"search: max_nodes and max_ms must be finite and >= 0 (0 = unlimited), "
                            f"got {max_nodes} and {max_ms}")
        if max_nodes and k > max_nodes:
            raise UserError(f"search: k={k} trees need at least one node each: max_nodes={max_nodes} is fewer")
        if batch < 1:
            raise UserError(f"search: batch must be >= 1, got {batch}")
        if lookahead and (top < 2 or samples < 1):
            raise UserError(f"search: lookahead needs top >= 2 plans and samples >= 1, got top={top}, samples={samples}")
        if lookahead and (k > 1 or blueprint):
            raise UserError("search: lookahead= plans on one tree: not with k > 1 or blueprint=")
        if prune not in PRUNE_LEVELS + ("auto",):
            raise UserError(f"search: unknown prune level {prune!r} (one of auto, {', '.join(PRUNE_LEVELS)})")
        if algo not in ALGOS:
            raise UserError(f"search: unknown algo {algo!r} (one of {', '.join(ALGOS)})")
        if ckpt is not None and not ckpt.strip():
            raise UserError("search: ckpt= needs a checkpoint file or model name (cardlab models lists them)")
        defaulted = False  # the user gave no evaluator: a refusal of rho must not read as their choice
        if ckpt:
            if eval is not None:
                raise UserError("search: give either eval=... or ckpt=PATH, not both")
            eval = f"ckpt={ckpt}"
        elif eval is None:
            eval, defaulted = "rho", True
        evaluator = make_evaluator(eval, game, defaulted=defaulted) if isinstance(eval, str) else eval
        reply = others_policy(others, game, seed)
        # A learned evaluator need not be monotone in the features dominance compares: only transpositions then.
        # So need weight vectors: a negative weight on a compared feature breaks dominance. The evaluator says so
        # (monotone = False: value networks, ensembles, weight vectors), given as a spec or as an object alike. A
        # checkpoint is a learned evaluator whatever object a set_ckpt_loader loader returns, and an object named
        # ckpt=... is rebuilt by spec() from that name: both prune as ckpt= in a spec does (tt), so the spec of an
        # agent built from an object rebuilds the same tree.
        named = eval if isinstance(eval, str) else str(getattr(evaluator, "name", ""))
        monotone = getattr(evaluator, "monotone", True) and not named.lstrip().startswith("ckpt=")
        pruning = prune if prune != "auto" else ("dominance" if monotone else "tt")
        options: dict[str, Any] = {}
        defaults = {"eval": "rho", "prune": "auto", "max_nodes": 20000, "max_ms": 0.0, "k": 1,
                    "algo": "dfs", "batch": 64}
        given = {"eval": eval if isinstance(eval, str) else evaluator.name, "prune": prune, "max_nodes": max_nodes,
                 "max_ms": max_ms, "k": k, "algo": algo, "batch": batch}
        if others != "auto":
            defaults["others"], given["others"] = "auto", others
        if blueprint:
            defaults.update(blueprint="", margin=0.0, z=0.0, rollout=0, endgame=-1)
            given.update(blueprint=blueprint, margin=margin, z=z, rollout=rollout, endgame=endgame)
        if lookahead:
            defaults.update(lookahead="", top=0, samples=0)  # always shown with a look-ahead
            given.update(lookahead=lookahead, top=top, samples=samples)
        for key, value in given.items():
            if value != defaults[key]:
                options[key] = value
        super().__init__(seed, **options)
        self.evaluator: Evaluator = evaluator
        self.k = int(k)
        per_tree_nodes = max(1, max_nodes // self.k) if max_nodes else 0
        self.tree = TurnTree(evaluator, prune=pruning, max_nodes=per_tree_nodes, max_ms=max_ms / self.k,
                             algo=algo, batch_size=batch,
                             keep_top=TOP if self.k > 1 else (top if lookahead else 1), reply=reply)
        self.reply = reply
        self._expect: list = []  # public key expected before each planned action
        self.last_result: SearchResult | None = None
        self.plans = 0  # plans made (re-plans included), for tests and statistics
        self.margin = float(margin)
        self.z = float(z)
        self.rollout = int(rollout)
        self.endgame = int(endgame)
        self.blueprint = make_blueprint(blueprint, game, seed, endgame) if blueprint else None
        self.blueprint_stats = BlueprintStats()
        self.samples = int(samples)
        self.lookahead = OpponentRollout(lookahead, game, evaluator, seed) if lookahead else None
        self.lookahead_changes = 0  # plans where the opponent's reply changed the tree's choice

    def check_game(self, game) -> None:
        """A value net trained at another player count is refused before the first game (the rows may fit), and so
        is a look-ahead in a game of more than two players (it plays the one opponent's reply)."""
        if self.lookahead is not None and game.num_players != 2:
            raise UserError(f"search: lookahead= plays the opponent's reply in two-player games; {game.spec or game.name} "
                            f"has {game.num_players} players: leave lookahead= out")
        nets = getattr(self.evaluator, "members", None) or [self.evaluator]
        for net in nets:
            players = getattr(net, "players", None)
            if players is not None and players != game.num_players:
                raise UserError(f"search: {net.path} was trained at {players} players; this game has "
                                f"{game.num_players}: use a checkpoint trained at this player count")
            # Another Dominion kingdom or Hanabi variant fits the rows but not what the net learned: say so once.
            # (Hearthstone nets are meant to carry over between decks and pools.)
            trained = (getattr(net, "meta", None) or {}).get("game_spec")
            if trained and game.name != "hearthstone" and trained != game.spec and (net.path, game.spec) not in _WARNED:
                rows_of = getattr(net, "_rows", None)
                if rows_of is not None:  # rows that do not fit are refused here, before a warning that they may
                    rows_of([game.new_initial_state(0)], 0)
                _WARNED.add((net.path, game.spec))
                log.warning(f"search: warning: {net.path} was trained on {trained}, this game is {game.spec}: "
                            "its values may not carry over")

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        self._expect = []
        getattr(self.evaluator, "reseed", lambda seed: None)(seed)  # a game does not depend on earlier games
        if self.blueprint is not None:
            self.blueprint.reset(player, seed)

    # ------------------------------------------------------------ acting

    def act(self, observation: State) -> Action:
        self.check_seat(observation)
        legal = observation.legal_actions()
        fixed = getattr(observation, "unsearched_action", None)
        fixed = fixed() if fixed is not None else None
        if fixed is not None:
            return fixed  # a decision the game says not to search (Hearthstone's mulligan: keep)
        turn = (observation.turn_owner, observation.turn_number)
        if (turn != self._plan_turn or not self._plan or self._plan[0] not in legal
                or public_key(observation, self.player) != self._expect[0]):
            self._plan = list(self.plan_turn(observation))
            self._plan_turn = turn
        if self._plan and self._plan[0] in legal:
            self._expect.pop(0)
            return self._plan.pop(0)
        self._plan, self._expect = [], []
        return end_or_first(observation)

    def plan_turn(self, observation: State) -> list[Action]:
        """The action sequence for the rest of this turn; also records the public key expected before each."""
        self.plans += 1
        player = self.player
        if self.blueprint is not None:
            action, self.last_result = choose(observation, player, self.blueprint, self.evaluator, self.k,
                                              self.margin, self.rng, self.blueprint_stats, self.z,
                                              self.rollout, self.endgame)
            self._expect = [public_key(observation, player)]
            return [action]
        dets = [observation.determinize(player, self.rng) for _ in range(self.k)]
        if self.k == 1:
            result = self.tree.search(dets[0].clone(), player)
            actions = result.actions
            if self.lookahead is not None and result.value != math.inf and len(result.top) > 1:
                actions = self._after_reply(observation, dets[0], result, player)
        else:
            result, actions = self._plan_k(dets, player)
        self.last_result = result
        self._expect = self._expected_keys(dets[0], actions, player)
        return actions

    def _plan_k(self, dets: list, player: int) -> tuple[SearchResult, list]:
        candidates: dict[tuple, None] = {}
        results = []
        for det in dets:
            res = self.tree.search(det.clone(), player)
            results.append(res)
            for _, seq in res.top:
                candidates.setdefault(tuple(seq), None)
        best_seq: tuple = ()
        best_mean = -math.inf
        for seq in candidates:
            leaves = [replay(det, seq, player, self.tree.before_end_turn, self.reply) for det in dets]
            values = self.evaluator.evaluate(leaves, player)
            mean = sum(float(v) for v in values) / len(values)
            if not best_seq or mean > best_mean:
                best_seq, best_mean = seq, mean
        merged = results[0]
        merged.nodes = sum(r.nodes for r in results)
        merged.elapsed_ms = sum(r.elapsed_ms for r in results)
        merged.value = best_mean
        merged.actions = list(best_seq)
        return merged, list(best_seq)

    def _after_reply(self, observation: State, det: State, result: SearchResult, player: int) -> list:
        """The tree's best plan once each of its top plans is scored after the opponent's reply (lookahead=)."""
        dets = [det] + [observation.determinize(player, self.rng) for _ in range(self.samples - 1)]
        plans = [list(seq) for _, seq in result.top]
        leaves = [replay(d, seq, player, False, self.reply) for seq in plans for d in dets]
        values = self.lookahead.values(leaves, player, self.rng)
        n = len(dets)
        means = [sum(values[i * n:(i + 1) * n]) / n for i in range(len(plans))]
        best = max(range(len(plans)), key=lambda i: (means[i], -i))  # ties: the tree's order
        if best != 0:
            self.lookahead_changes += 1
        return plans[best]

    @staticmethod
    def _expected_keys(det: State, actions: list, player: int) -> list:
        s = det.clone()
        keys = []
        for a in actions:
            keys.append(public_key(s, player))
            if a not in s.legal_actions():
                break
            s.apply(a)
        while len(keys) < len(actions):
            keys.append(None)  # never matches: re-plan there
        return keys


def make_blueprint(spec: str, game, seed: int, endgame: int = -1):
    """The rule agent a blueprint search follows; only for games whose every action is a turn."""
    from cardlab.agents.registry import make_agent
    from cardlab.engine.registry import make_game

    name = game if isinstance(game, str) else game.name
    g = make_game(name) if isinstance(game, str) else game
    if hasattr(g.new_initial_state(0), "end_turn_action"):  # turns of several actions
        raise UserError(f"search: blueprint= needs a game where every action is a turn (Hanabi), not {name}")
    if spec.split(":")[0].strip() in ("search", "mcts", "human"):
        raise UserError("search: the blueprint must be a rule agent (e.g. hat), not a search or a person")
    if endgame >= 0 and not hasattr(g.new_initial_state(0), "deck"):
        raise UserError(f"search: endgame= counts the cards left to draw; {name} has no deck")
    return make_agent(spec, seed, game=name)


def others_policy(others: str, game, seed: int = 0):
    """state -> action for other players' decisions inside a turn, or None (their first legal action).
    `auto`: the game's SEARCH_OTHERS agent spec when it declares one; `first`: None; else an agent spec. A game
    without such decisions (Hearthstone, Hanabi: no SEARCH_OTHERS) refuses an explicit others=, which would do
    nothing."""
    import importlib

    from cardlab.engine.registry import GAMES

    name = game if isinstance(game, str) else game.name
    try:
        declared = getattr(importlib.import_module(GAMES[name]), "SEARCH_OTHERS", None) if name in GAMES else None
    except ImportError:
        declared = None
    if others == "auto":
        spec = declared or "first"
    elif declared is None:
        raise UserError(f"search: others= answers other players' decisions inside a turn; {name} has none "
                        "(leave others= out)")
    else:
        spec = others
    if spec == "":
        raise UserError("search: others= needs a rule agent for the other players' decisions inside a turn "
                        "(e.g. bigmoney), or others=first")
    if spec in ("first", None):
        return None
    if str(spec).split(":")[0].strip() in ("search", "mcts", "human"):
        raise UserError("search: others= answers other players' decisions inside a turn with a rule agent (e.g. "
                        "bigmoney), not a search or a person")
    from cardlab.agents.registry import make_agent

    agents: dict = {}
    make_agent(spec, seed, game=name)  # a bad spec fails here, not mid-game

    def reply(state):
        p = state.current_player
        agent = agents.get(p)
        if agent is None:
            agent = agents[p] = make_agent(spec, seed, game=name)
            agent.reset(p, seed)
        return agent.act(state.observation(p))

    return reply


def replay(state: State, actions, player: int, before_end_turn: bool = False, reply=None) -> State:
    """`actions` applied to a clone of `state` while they stay legal, then the turn's end: the leaf they reach, or with
    `before_end_turn` the state just before the end-turn action (where value networks score leaves, as the tree does).
    Other players' decisions inside the turn: `reply(state)`, else their first legal action."""
    s = state.clone()
    turn = (s.turn_owner, s.turn_number)
    end_turn = getattr(s, "end_turn_action", None)
    for a in actions:
        if s.is_terminal() or (s.turn_owner, s.turn_number) != turn:
            return s
        if a not in s.legal_actions():
            break
        if before_end_turn and end_turn is not None and a == s.end_turn_action():
            return s
        s.apply(a)
    while not s.is_terminal() and (s.turn_owner, s.turn_number) == turn:
        if before_end_turn and s.current_player == player and end_turn is not None \
                and s.end_turn_action() is not None:
            return s
        if s.current_player == player:
            s.apply(end_or_first(s))
        else:
            s.apply(reply(s) if reply is not None else s.legal_actions()[0])
    return s


AGENTS = {"search": TurnTreeSearch}
