"""Uniform random baselines (spec section 3)."""

from __future__ import annotations

from engine.core import Action, State

from agents.base import Agent

END_TURN_ACTION = (0,)


class RandomAgent(Agent):
    """Uniform over all legal actions, END_TURN included."""

    name = "random"

    def act(self, observation: State) -> Action:
        legal = observation.legal_actions()
        return legal[self.rng.randrange(len(legal))]


class RandomActionAgent(Agent):
    """Uniform over legal actions other than END_TURN while any exists."""

    name = "random-action"

    def act(self, observation: State) -> Action:
        legal = [a for a in observation.legal_actions() if a != END_TURN_ACTION]
        if not legal:
            return END_TURN_ACTION
        return legal[self.rng.randrange(len(legal))]


AGENTS = {"random": RandomAgent, "random-action": RandomActionAgent}
