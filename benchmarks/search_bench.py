"""Turn-tree search benchmark (issue 4): exhaustive vs pruned search on seeded mid-game positions.

Positions: turn starts (turn >= MIN_TURN) from trading-vs-trading games, alternating the Liège mirror and
random pairs of the Basic decks; each position is the acting player's observation determinized with a
fixed seed, so every run searches the same full states.

For each position the same evaluator runs with prune=none (exhaustive, capped at `cap` nodes: the full
tree can reach billions) and with the pruned configuration (default prune=dominance, no time limit,
same node cap). Reported:
- positions, capped (exhaustive searches that hit the cap; such positions are left out of the
  comparisons below, because their exhaustive "best" is not the true best), compared = positions - capped.
- nodes_exhaustive / nodes_pruned: total generated states (every child and leaf, pruned ones included) over
  the compared positions; node_ratio. node_ratio_all_lower_bound: the same over all positions, a capped
  exhaustive search counted at the cap (so a lower bound). nodes_tt / node_ratio_tt: prune=tt alone.
- agreement: share of compared positions where the pruned best leaf value equals the exhaustive one
  (agreement_tt: the same for prune=tt); disagreements lists the first few.
- p50_ms / p95_ms / max_ms: wall time per pruned search (one turn plan, one core) over all positions;
  exhaustive_p50_ms / exhaustive_p95_ms likewise for the exhaustive search.
- pruned_capped: pruned searches that hit the node cap.
"""

from __future__ import annotations

import math
import platform
import time

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone import HearthstoneGame
from cardlab.engine.hearthstone.decks import deck_pool, load_deck

MIN_TURN = 5
PER_GAME = 3  # at most this many positions per game, so the set spans many games


def _agents():
    from cardlab.agents.registry import make_agent

    try:
        return make_agent("trading", 1), make_agent("trading", 2), "trading"
    except Exception:  # the trading agent may not be there yet: random-action stand-ins
        return make_agent("random-action", 1), make_agent("random-action", 2), "random-action"


def make_positions(count: int = 200, seed: int = 0) -> tuple[list, str]:
    """`count` (state, player) pairs: determinized observations at turn starts of seeded games."""
    liege = load_deck("liege")
    basic = deck_pool("basic")
    a, b, agent_name = _agents()
    out: list = []
    g = 0
    while len(out) < count and g < 50 * count:
        rng = Rng(seed * 1_000_003 + 7919 * g + 1)
        if g % 2 == 0:
            decks = (liege, liege)
        else:
            decks = (basic[rng.randrange(len(basic))], basic[rng.randrange(len(basic))])
        game = HearthstoneGame(decks)
        state = game.new_initial_state(rng.next64())
        a.reset(0, rng.next64())
        b.reset(1, rng.next64())
        taken = 0
        last_turn = -1
        while not state.is_terminal() and taken < PER_GAME and len(out) < count:
            if state.turn != last_turn and state.phase == "play" and state.pending is None:
                last_turn = state.turn
                if state.turn >= MIN_TURN and rng.randrange(3) == 0:
                    p = state.current
                    out.append((state.observation(p).determinize(p, Rng(rng.next64())), p))
                    taken += 1
            agent = a if state.current == 0 else b
            state.apply(agent.act(state.observation(state.current)))
        g += 1
    return out, agent_name


def _pct(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _same(x: float, y: float) -> bool:
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= 1e-9 * max(1.0, abs(x), abs(y))


def run(positions: int = 200, seed: int = 0, cap: int = 200_000, eval: str = "rho", prune: str = "dominance",
        algo: str = "dfs", progress=None) -> dict:
    """Run the benchmark on `positions` positions; `progress(done)` is called after each one."""
    from cardlab.agents.evaluators import make_evaluator
    from cardlab.agents.search.tree import TurnTree

    start = time.perf_counter()
    found, agent_name = make_positions(positions, seed)
    gen_s = time.perf_counter() - start
    evaluator = make_evaluator(eval)
    exhaustive = TurnTree(evaluator, prune="none", max_nodes=cap, max_ms=0)
    pruned = TurnTree(evaluator, prune=prune, max_nodes=cap, max_ms=0, algo=algo)
    tt_only = TurnTree(evaluator, prune="tt", max_nodes=cap, max_ms=0, algo=algo)
    capped = agree = pruned_capped = 0
    nodes_ex = nodes_pr = nodes_tt = 0
    all_ex = all_pr = 0  # over every position, a capped exhaustive search counted at the cap
    agree_tt = 0
    ms_pruned: list[float] = []
    ms_ex: list[float] = []
    disagreements: list[dict] = []
    wins = 0
    for i, (state, player) in enumerate(found):
        rp = pruned.search(state.clone(), player)
        ms_pruned.append(rp.elapsed_ms)
        pruned_capped += rp.stopped_by == "nodes"
        re = exhaustive.search(state.clone(), player)
        ms_ex.append(re.elapsed_ms)
        rt = tt_only.search(state.clone(), player)
        all_ex += re.nodes
        all_pr += rp.nodes
        wins += rp.value == math.inf
        if re.stopped_by == "nodes":
            capped += 1
        else:
            nodes_ex += re.nodes
            nodes_pr += rp.nodes
            nodes_tt += rt.nodes
            if _same(rp.value, re.value):
                agree += 1
            elif len(disagreements) < 10:
                disagreements.append({"position": i, "exhaustive": re.value, "pruned": rp.value})
            agree_tt += _same(rt.value, re.value)
        if progress is not None:
            progress(i + 1)
    compared = len(found) - capped
    return {
        "positions": len(found),
        "position_agents": agent_name,
        "evaluator": evaluator.name,
        "prune": prune,
        "algo": algo,
        "cap": cap,
        "capped": capped,
        "compared": compared,
        "nodes_exhaustive": nodes_ex,
        "nodes_pruned": nodes_pr,
        "nodes_tt": nodes_tt,
        "node_ratio": round(nodes_ex / nodes_pr, 2) if nodes_pr else math.nan,
        "node_ratio_all_lower_bound": round(all_ex / all_pr, 2) if all_pr else math.nan,
        "node_ratio_tt": round(nodes_ex / nodes_tt, 2) if nodes_tt else math.nan,
        "agreement": round(agree / compared, 4) if compared else math.nan,
        "agreement_tt": round(agree_tt / compared, 4) if compared else math.nan,
        "pruned_capped": pruned_capped,
        "lethal_positions": wins,
        "p50_ms": round(_pct(ms_pruned, 0.50), 2),
        "p95_ms": round(_pct(ms_pruned, 0.95), 2),
        "max_ms": round(max(ms_pruned), 2) if ms_pruned else math.nan,
        "exhaustive_p50_ms": round(_pct(ms_ex, 0.50), 2),
        "exhaustive_p95_ms": round(_pct(ms_ex, 0.95), 2),
        "disagreements": disagreements,
        "positions_s": round(gen_s, 2),
        "elapsed_s": round(time.perf_counter() - start, 2),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


if __name__ == "__main__":
    import json
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(json.dumps(run(positions=n), indent=1))
