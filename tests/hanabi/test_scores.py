"""Small-sample checks of the agents' strength against the spec: the published random figure and the ladder."""

from __future__ import annotations

import statistics

import pytest

from cardlab.agents.hanabi import AGENTS
from cardlab.engine.core import derive_seed
from cardlab.engine.registry import make_game


def mean_score(name: str, spec: str, games: int) -> tuple[float, float]:
    """(mean, standard error) of the keep-convention score with `name` in every seat."""
    game = make_game(spec)
    agents = [AGENTS[name](seed=p) for p in range(game.num_players)]
    scores = []
    for g in range(games):
        for p, agent in enumerate(agents):
            agent.reset(p, derive_seed("scores", g, p))
        state = game.new_initial_state(derive_seed("scores", g))
        while not state.is_terminal():
            p = state.current_player
            state.apply(agents[p].act(state.observation(p)))
        scores.append(state.score())
    return statistics.mean(scores), statistics.stdev(scores) / games ** 0.5


def test_random_is_near_the_published_figure():
    mean, se = mean_score("random", "hanabi:players=2", 400)
    assert abs(mean - 1.24) < max(3 * se, 0.15), mean  # published 1.24 over 10,000 games


def test_mini_uniform_random_is_near_the_published_figure():
    mean, se = mean_score("random", "hanabi:variant=mini", 1500)
    assert abs(mean - 1.43) < max(3 * se, 0.1), mean  # published 1.43 (random play), 6.09 turns


def test_the_agents_are_ordered():
    means = {name: mean_score(name, "hanabi:players=3", games)[0]
             for name, games in (("random", 200), ("almost-random", 60), ("hinting", 40), ("counting", 40),
                                 ("age", 40))}
    assert means["random"] < means["almost-random"] < means["hinting"] <= means["counting"] <= means["age"], means


def test_the_arena_counts_perfect_games_against_the_variants_maximum():
    from cardlab.arena.match import run_match

    r = run_match(("random",), "hanabi:variant=mini,ranks=1,colours=1,hand_size=1", 50, seed=1).to_json()
    assert r["max_score"] == 1
    assert r["perfect_rate"] == pytest.approx(r["score_distribution"].get("1", 0) / 50)
    assert r["perfect_rate"] > 0  # a one-card firework is often completed, even by random play
