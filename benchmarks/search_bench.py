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
- plan_agreement / plan_agreement_tt: share of compared positions where the pruned (tt) search's chosen plan
  reaches the same end-of-turn position as the exhaustive one (canonical keys equal; two orders of the same
  moves count as the same plan). agreement_dominance_tt / plan_agreement_dominance_tt: dominance against tt
  over every position neither search capped (prune=auto picks between these two). mean_gap: mean
  exhaustive - pruned best value over the compared positions (0 when they always agree).
Values agree when equal within a relative 1e-5 (a value network's float32 output moves with the composition of
the batch it is scored in: ~1e-7 for the 256-wide nets, 4e-6 seen for the 512-wide trio's same plan).

`run_many(evals)` makes the positions once and runs each evaluator on them (`cardlab bench search
--eval all`: rho, greedy and every shipped value network the search can use).
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
    return abs(x - y) <= 1e-5 * max(1.0, abs(x), abs(y))


def _end_key(state, player: int, actions: list):
    """The canonical key of the position a plan reaches (so plans that only reorder moves compare equal)."""
    s = state.clone()
    for a in actions:
        if s.is_terminal():
            break
        s.apply(a)
    keys = getattr(s, "search_keys", None)
    return keys(player, False).canonical(s) if keys is not None else repr(s.to_dict())


def all_evaluators(game: str = "hearthstone") -> list[str]:
    """rho, greedy and every shipped value network a search can use (`search:ckpt=NAME` in the model zoo)."""
    from cardlab.checkpoints.zoo import entries

    nets = [f"ckpt={e.name}" for e in entries().values()
            if e.game == game and e.use.startswith("search:ckpt=") and e.file.is_file()]
    return ["rho", "greedy", *nets]


def parse_evals(text: str) -> list[str]:
    """`--eval` text: one evaluator, several comma-separated (`ckpt=` specs keep their own text), or `all`."""
    if text.strip() == "all":
        return all_evaluators()
    out: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if part:
            out.append(part)
    return out


def run(positions: int = 200, seed: int = 0, cap: int = 200_000, eval: str = "rho", prune: str = "dominance",
        algo: str = "dfs", progress=None, found: tuple | None = None) -> dict:
    """Run the benchmark on `positions` positions; `progress(done)` is called after each one.

    `found`: (positions, agent name) from `make_positions`, to reuse one set over several evaluators."""
    from cardlab.agents.evaluators import make_evaluator
    from cardlab.agents.search.tree import TurnTree

    start = time.perf_counter()
    found, agent_name = found if found is not None else make_positions(positions, seed)
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
    plan_agree = plan_agree_tt = 0
    both = agree_dt = plan_agree_dt = 0  # dominance vs tt, over positions neither capped
    gap = 0.0
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
        end_p = _end_key(state, player, rp.actions)
        end_t = _end_key(state, player, rt.actions)
        if rp.stopped_by != "nodes" and rt.stopped_by != "nodes":
            both += 1
            agree_dt += _same(rp.value, rt.value)
            plan_agree_dt += end_p == end_t
        if re.stopped_by == "nodes":
            capped += 1
        else:
            nodes_ex += re.nodes
            nodes_pr += rp.nodes
            nodes_tt += rt.nodes
            end_e = _end_key(state, player, re.actions)
            plan_agree += end_p == end_e
            plan_agree_tt += end_t == end_e
            if not (math.isinf(re.value) or math.isinf(rp.value)):
                gap += re.value - rp.value
            if _same(rp.value, re.value):
                agree += 1
            elif len(disagreements) < 10:
                disagreements.append({"position": i, "exhaustive": re.value, "pruned": rp.value, "tt": rt.value})
            agree_tt += _same(rt.value, re.value)
        if progress is not None:
            progress(i + 1)
    compared = len(found) - capped
    return {
        "positions": len(found),
        "position_agents": agent_name,
        "evaluator": evaluator.name,
        "spec": eval,
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
        "plan_agreement": round(plan_agree / compared, 4) if compared else math.nan,
        "plan_agreement_tt": round(plan_agree_tt / compared, 4) if compared else math.nan,
        "agreement_dominance_tt": round(agree_dt / both, 4) if both else math.nan,
        "plan_agreement_dominance_tt": round(plan_agree_dt / both, 4) if both else math.nan,
        "mean_gap": round(gap / compared, 6) if compared else math.nan,
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


AGREEMENT_KEYS = ("spec", "compared", "capped", "agreement", "agreement_tt", "plan_agreement",
                  "plan_agreement_tt", "agreement_dominance_tt", "plan_agreement_dominance_tt", "mean_gap",
                  "node_ratio", "node_ratio_tt", "p95_ms", "elapsed_s")


def run_many(evals: list[str], positions: int = 200, seed: int = 0, cap: int = 200_000, prune: str = "dominance",
             algo: str = "dfs", progress=None) -> dict:
    """The benchmark for each evaluator of `evals` on one set of positions: {"evaluators": [run() results]}.
    `progress(done)` counts positions over all evaluators."""
    start = time.perf_counter()
    found = make_positions(positions, seed)
    results = []
    for k, name in enumerate(evals):
        offset = k * len(found[0])
        step = (lambda n, offset=offset: progress(offset + n)) if progress is not None else None
        results.append(run(positions, seed, cap, name, prune, algo, progress=step, found=found))
    return {"positions": len(found[0]), "position_agents": found[1], "seed": seed, "cap": cap, "prune": prune,
            "algo": algo, "evaluators": results, "elapsed_s": round(time.perf_counter() - start, 2),
            "python": platform.python_version(), "machine": platform.machine()}


def agreement_table(result: dict) -> str:
    """run_many's result as a text table, one evaluator a row."""
    rows = [AGREEMENT_KEYS] + [tuple(str(r[k]) for k in AGREEMENT_KEYS) for r in result["evaluators"]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(AGREEMENT_KEYS))]
    lines = [f"{result['positions']} positions ({result['position_agents']} games), seed {result['seed']}, "
             f"exhaustive cap {result['cap']} nodes, pruned = {result['prune']}, algo {result['algo']}"]
    lines += ["  ".join(cell.rjust(w) for cell, w in zip(row, widths)) for row in rows]
    return "\n".join(lines)


if __name__ == "__main__":
    import json
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(json.dumps(run(positions=n), indent=1))
