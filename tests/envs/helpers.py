"""Shared fixtures for the RL front-end tests: the games every front end must serve, and random play."""

from __future__ import annotations

from cardlab.engine.core import Rng

# One spec per registered game (Hanabi with 3 players, so relative seats and hints to several players are used).
GAME_SPECS = ["hearthstone", "dominion", "hanabi:players=3"]


def random_states(game, seeds=range(3), max_steps=400):
    """States met along random games (every one before its action is applied)."""
    for seed in seeds:
        rng = Rng(seed + 100)
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal() and steps < max_steps:
            yield state
            state = state.child(rng.choice(state.legal_actions()))
            steps += 1
        yield state
