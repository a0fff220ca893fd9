"""Blueprint search: play a rule agent's action unless the value network is sure enough that another one is better.

For games where every action is a turn (Hanabi). A value network trained on one policy's games estimates the outcome
when that policy plays on; scoring each action's afterstate with it improves on the policy only while the other
players (and this one, later) keep to the policy (single-agent search over a blueprint, as in SPARTA). So:

- the blueprint agent is asked first; its action is the default;
- the alternatives are the blueprint's `deviations(observation, default)` when it declares them (Hanabi's `hat`:
  plays and discards, none instead of a hint), else (and always with `rollout=`) every legal action;
- the own hidden cards are dealt by the blueprint's `belief_deal(observation, rng)` when it declares it (what its
  convention taught beyond the hints' literal content), else by `observation.determinize`;
- every candidate is applied on the same k deals and scored by the evaluator; an alternative is played only when its
  mean gain over the blueprint action on those deals, less `z` standard errors of that paired gain, exceeds
  `margin` (label units: points for Hanabi).
- `rollout=H`: after the candidate, the blueprint plays on for up to H moves in every seat of each deal (the
  blueprint's `rollout(observation, state, moves)` when it declares one, else fresh copies of it), and the
  evaluator scores where that stops: a finished game at its exact score, else with the network. Near the end
  of a game this replaces the network's guess (about a point of error) with the outcome itself.
- `endgame=D`: search only when at most D cards are left to draw (the blueprint's move elsewhere, at no cost).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from cardlab.engine.core import Action, Rng, State

from cardlab.agents.base import Agent, play_seats
from cardlab.agents.evaluators import Evaluator
from cardlab.agents.search.tree import SearchResult


@dataclass
class BlueprintStats:
    decisions: int = 0  # decisions taken with the blueprint
    searched: int = 0  # of them, with more than one candidate
    deviations: int = 0  # alternatives played instead of the blueprint's action


def deal(observation: State, player: int, rng: Rng, blueprint: Agent) -> State:
    """A full state consistent with the observation and, when it declares them, the blueprint's beliefs."""
    dealer = getattr(blueprint, "belief_deal", None)
    return dealer(observation, rng) if dealer is not None else observation.determinize(player, rng)


def play_on(blueprint: Agent, observation: State, state: State, moves: int) -> None:
    """Up to `moves` moves of the blueprint in every seat of the dealt `state`, in place (rollouts)."""
    hook = getattr(blueprint, "rollout", None)
    if hook is not None:
        hook(observation, state, moves)
        return

    def fresh(seat: int) -> Agent:
        agent = type(blueprint)(0, **blueprint.options)
        agent.reset(seat, 0)
        return agent

    play_seats(state, moves, fresh)


def choose(observation: State, player: int, blueprint: Agent, evaluator: Evaluator, k: int, margin: float,
           rng: Rng, stats: BlueprintStats, z: float = 0.0, rollout: int = 0,
           endgame: int = -1) -> tuple[Action, SearchResult]:
    """The action to play and a SearchResult describing the comparison (value: the chosen action's mean)."""
    start = time.perf_counter()
    stats.decisions += 1
    default = blueprint.act(observation)
    if endgame >= 0 and len(observation.deck) > endgame:
        return default, SearchResult(actions=[default], value=0.0)
    legal = observation.legal_actions()
    # With rollouts every legal action is a candidate: the blueprint's later moves show what a hint's answers do.
    offered = None if rollout else getattr(blueprint, "deviations", None)
    alternatives = offered(observation, default) if offered is not None else legal
    candidates = [default] + [a for a in alternatives if a != default and a in legal]
    if len(candidates) == 1:
        return default, SearchResult(actions=[default], value=0.0)
    stats.searched += 1
    deals = [deal(observation, player, rng, blueprint) for _ in range(k)]
    leaves = []
    for action in candidates:
        for d in deals:
            s = d.clone()
            s.apply(action)
            if rollout:
                play_on(blueprint, observation, s, rollout)
            leaves.append(s)
    values = [float(v) for v in evaluator.evaluate(leaves, player)]
    means = [sum(values[i * k:(i + 1) * k]) / k for i in range(len(candidates))]
    base = values[:k]
    lower = [0.0] * len(candidates)  # each alternative's paired gain over the blueprint action, minus z std errors
    for i in range(1, len(candidates)):
        gains = [v - b for v, b in zip(values[i * k:(i + 1) * k], base)]
        mean = sum(gains) / k
        sd = (sum((g - mean) ** 2 for g in gains) / (k - 1)) ** 0.5 if k > 1 else 0.0
        lower[i] = mean - z * sd / k ** 0.5
    best = max(range(1, len(candidates)), key=lambda i: (lower[i], -i))
    chosen = 0
    if lower[best] > margin:
        chosen = best
        stats.deviations += 1
    result = SearchResult(actions=[candidates[chosen]], value=means[chosen], nodes=len(leaves), leaves=len(leaves),
                          expanded=len(candidates), elapsed_ms=(time.perf_counter() - start) * 1000.0,
                          top=sorted(((m, [a]) for m, a in zip(means, candidates)), key=lambda t: -t[0]))
    return candidates[chosen], result
