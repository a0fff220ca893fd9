"""Search with a value network, timed (issue 19, item 3): `cardlab bench search-net`.

Plays `games` seeded games of the searched agent (default `search:ckpt=liege-full-rich`) against an opponent
(default trading) on the Liège mirror, through the arena's own play loop, in this process (as `cardlab arena
--workers 1`): game i is arena game i of `seed`, first player alternating. Only the turn-tree search (`search:...`)
is timed: the probes count its plans. Reported:
- the searched agent's win_rate and draws, or in a cooperative game (Hanabi) the team's mean_score.
- games_per_sec, decisions_per_sec (the searched agent's), wall_s and cpu_user_s (user CPU of the process, all
  its threads: less sensitive to a busy machine than wall time), cpu_s_per_game.
- search: plans, nodes, leaves (SearchResult totals); evaluate_calls and leaves_per_call (states the tree passed
  to the evaluator per call); forwards and rows_per_forward (states through the network per forward pass, mean
  and max), the device and torch's thread setting.
- split_s: where the wall time went: encoder (feature rows), network (forward passes, transfers included),
  engine_and_tree (the rest of the searched agent's decisions: clone/apply, search keys, legal actions and the
  tree's bookkeeping), opponent (its decisions), loop (game setup, applying actions, the play loop).

Decisions: `decisions` holds the searched agent's actions per game; `compare_decisions(new, old)` counts the
games and decisions where two runs differ (the same seeds must give the same actions after a speed change).

The benchmark also runs on older source trees whose evaluator keeps no statistics: it then times the
evaluator's `evaluate` and `_rows` itself.
"""

from __future__ import annotations

import os
import time
from typing import Callable

DEFAULT_AGENT = "search:ckpt=liege-full-rich"
DEFAULT_OPPONENT = "trading"
DEFAULT_GAME = "hearthstone:deck=liege"


class _Decisions:
    """Arena observer: the actions role 0 (the searched agent) takes, in order."""

    def __init__(self) -> None:
        self.actions: list = []
        self.seat = 0

    def on_start(self, state, roles) -> None:
        self.actions = []
        self.seat = list(roles).index(0)

    def before_action(self, state, action) -> None:
        if state.current_player == self.seat:
            self.actions.append(list(action) if isinstance(action, tuple) else action)

    def after_action(self, state, actor: int) -> None: ...

    def on_end(self, state, error) -> None: ...


class _Probe:
    """Counts the evaluator's calls and time; reads its own `stats` when it keeps them (else times `_rows`)."""

    def __init__(self, evaluator) -> None:
        self.evaluator = evaluator
        self.calls = 0
        self.states = 0
        self.eval_s = 0.0
        self.own = getattr(evaluator, "stats", None)
        self.encode_s = 0.0
        self.forwards = 0
        self.rows = 0
        self.max_rows = 0
        evaluate = evaluator.evaluate

        def timed_evaluate(states, player):
            t = time.perf_counter()
            try:
                return evaluate(states, player)
            finally:
                self.eval_s += time.perf_counter() - t
                self.calls += 1
                self.states += len(states)
                if self.own is None:
                    live = sum(1 for s in states if not s.is_terminal())
                    if live:
                        self.forwards += 1
                        self.rows += live
                        self.max_rows = max(self.max_rows, live)

        evaluator.evaluate = timed_evaluate
        if self.own is None and hasattr(evaluator, "_rows"):
            rows = evaluator._rows

            def timed_rows(states, player):
                t = time.perf_counter()
                try:
                    return rows(states, player)
                finally:
                    self.encode_s += time.perf_counter() - t

            evaluator._rows = timed_rows
        elif self.own is not None:
            self.own.reset()

    def totals(self) -> dict:
        if self.own is not None:
            d = self.own.as_dict()
            return {"encode_s": d["encode_s"], "network_s": d["forward_s"], "forwards": d["forwards"],
                    "rows": d["rows"], "max_rows": d["max_rows_per_forward"]}
        return {"encode_s": self.encode_s, "network_s": self.eval_s - self.encode_s, "forwards": self.forwards,
                "rows": self.rows, "max_rows": self.max_rows}


def _searched_agents(spec: str, game) -> list:
    """The agent objects the play loop will use for role 0 in each seat (the arena caches one per seat)."""
    from cardlab.arena.play import seat_agent

    return [seat_agent(spec, seat, game) for seat in range(game.num_players)]


def run(games: int = 20, seed: int = 0, agent: str = DEFAULT_AGENT, opponent: str = DEFAULT_OPPONENT,
        game: str = DEFAULT_GAME, progress: Callable[[int], None] | None = None) -> tuple[dict, dict]:
    """(report, decisions) for `games` games; see the module docstring. Ctrl-C stops after the game in play and
    reports the games finished."""
    from cardlab.arena.play import cached_game
    from cardlab.runtime import UserError

    if games <= 0:
        raise UserError(f"--games must be positive, got {games}")
    g = cached_game(game)
    if g.num_players != 2:
        raise UserError(f"bench search-net plays two-player games; {game} has {g.num_players} seats")
    searched = _searched_agents(agent, g)
    from cardlab.agents.search.agent import TurnTreeSearch

    other = next((a for a in searched if not isinstance(a, TurnTreeSearch)), None)
    if other is not None:  # the probes count the turn tree's plans: another agent (mcts) has none to count
        raise UserError(f"{agent!r} is not a search agent ({other.name}): bench search-net times the turn-tree search "
                        "with its evaluator (e.g. search:ckpt=liege-full-rich); `cardlab arena --json` reports any "
                        "agent's decision time")
    evaluators = {id(a.evaluator): a.evaluator for a in searched if hasattr(a, "evaluator")}
    if not evaluators:
        raise UserError(f"{agent!r} is not a search agent with an evaluator (e.g. search:ckpt=liege-full-rich)")
    plans = {"plans": 0, "nodes": 0, "leaves": 0}
    probes = [_Probe(e) for e in evaluators.values()]
    for a in searched:
        plan_turn = a.plan_turn

        def counted(observation, _plan=plan_turn, _agent=a):
            actions = _plan(observation)
            plans["plans"] += 1
            plans["nodes"] += _agent.last_result.nodes
            plans["leaves"] += _agent.last_result.leaves
            return actions

        a.plan_turn = counted
    try:
        return _play(g, games, seed, agent, opponent, game, progress, probes, plans, evaluators)
    finally:  # the arena keeps these agents for later matches in this process: take the probes off
        for a in searched:
            a.__dict__.pop("plan_turn", None)
        for e in evaluators.values():
            e.__dict__.pop("evaluate", None)
            e.__dict__.pop("_rows", None)


def _play(g, games: int, seed: int, agent: str, opponent: str, game: str, progress, probes: list, plans: dict,
          evaluators: dict) -> tuple[dict, dict]:
    import torch

    from cardlab.arena.play import play_game
    from cardlab.engine.core import COOPERATIVE
    from cardlab.runtime import StopOnInterrupt

    recorder = _Decisions()
    decisions: dict = {}
    wins = draws = played = decisions_made = 0
    score = 0.0  # cooperative games: the team's score (every seat's return), summed
    agent_ms = opponent_ms = 0.0
    specs = [agent, opponent]
    cpu0 = os.times()
    t0 = time.perf_counter()
    with StopOnInterrupt() as stop:
        for i in range(games):
            if stop.requested:
                break
            result = play_game(g, specs, seed, i, observers=[recorder])
            if result.error is not None:
                raise RuntimeError(f"game {i} failed: {result.error}")
            decisions[str(i)] = recorder.actions
            agent_ms += sum(result.decision_ms[0])
            opponent_ms += sum(result.decision_ms[1])
            decisions_made += len(result.decision_ms[0])
            wins += result.returns[0] > 0
            draws += result.returns[0] == 0
            score += result.returns[0]
            played += 1
            if progress is not None:
                progress(played)
    wall = time.perf_counter() - t0
    cpu1 = os.times()
    totals = [p.totals() for p in probes]
    encode_s = sum(t["encode_s"] for t in totals)
    network_s = sum(t["network_s"] for t in totals)
    forwards = sum(t["forwards"] for t in totals)
    rows = sum(t["rows"] for t in totals)
    calls = sum(p.calls for p in probes)
    states = sum(p.states for p in probes)
    search_s = agent_ms / 1000.0
    opponent_s = opponent_ms / 1000.0
    first = next(iter(evaluators.values()))
    user = cpu1.user - cpu0.user
    # A cooperative game's returns are the team's score, shared by both agents: no one wins or draws.
    outcome = ({"mean_score": round(score / played, 4) if played else 0.0} if g.kind == COOPERATIVE
               else {"win_rate": round(wins / played, 4) if played else 0.0, "draws": draws})
    report = {
        "agent": agent, "opponent": opponent, "game": game, "seed": seed, "games": played,
        "games_requested": games, "interrupted": played < games,
        **outcome,
        "games_per_sec": round(played / wall, 4) if wall else 0.0,
        "decisions_per_sec": round(decisions_made / wall, 2) if wall else 0.0,
        "wall_s": round(wall, 2),
        "cpu_user_s": round(user, 2),
        "cpu_s_per_game": round(user / played, 4) if played else 0.0,
        "decisions": decisions_made,
        "plans": plans["plans"], "nodes": plans["nodes"], "leaves": plans["leaves"],
        "evaluate_calls": calls,
        "leaves_per_call": round(states / calls, 2) if calls else 0.0,
        "forwards": forwards,
        "rows_per_forward": round(rows / forwards, 2) if forwards else 0.0,
        "max_rows_per_forward": max((t["max_rows"] for t in totals), default=0),
        "device": str(getattr(first, "device", "cpu")),
        "torch_threads": torch.get_num_threads(),
        "evaluator_threads": getattr(first, "threads", None),
        "split_s": {
            "encoder": round(encode_s, 3),
            "network": round(network_s, 3),
            "engine_and_tree": round(search_s - encode_s - network_s, 3),
            "opponent": round(opponent_s, 3),
            "loop": round(wall - search_s - opponent_s, 3),
        },
    }
    record = {"agent": agent, "opponent": opponent, "game": game, "seed": seed, "games": decisions}
    return report, record


def compare_decisions(new: dict, old: dict) -> dict:
    """How two decision records of the same games differ: games compared, games and decisions that differ (a game
    that diverges is counted from its first differing decision), the first few differences, and the games of `new`
    that `old` lacks (games_not_compared). The agents may differ (an option such as batch=256 against the default);
    the games (game, opponent, seed) may not."""
    from cardlab.runtime import UserError

    for key in ("opponent", "game", "seed"):
        if new.get(key) != old.get(key):
            raise UserError(f"decision files differ in {key}: {new.get(key)!r} vs {old.get(key)!r} "
                            "(compare runs of the same agent, opponent, game and seed)")
    common = sorted(set(new["games"]) & set(old["games"]), key=int)
    differing: list = []
    compared = 0
    differing_decisions = 0
    for index in common:
        a, b = new["games"][index], old["games"][index]
        same = 0
        while same < min(len(a), len(b)) and a[same] == b[same]:
            same += 1
        compared += max(len(a), len(b))
        if same < max(len(a), len(b)):
            differing_decisions += max(len(a), len(b)) - same
            differing.append({"game": int(index), "decision": same,
                              "new": a[same] if same < len(a) else None, "old": b[same] if same < len(b) else None})
    # Games played now that the old record lacks (a --compare file of a shorter run) were not checked at all.
    missing = sorted(set(new["games"]) - set(old["games"]), key=int)
    return {"agents": [new.get("agent"), old.get("agent")], "games_compared": len(common), "decisions_compared": compared, "games_differing": len(differing),
            "decisions_differing": differing_decisions, "first_differences": differing[:5],
            "games_not_compared": len(missing)}
