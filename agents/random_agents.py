"""Uniform random baselines for any game (Hearthstone spec section 3)."""

from __future__ import annotations

from cardlab.engine.core import Action, State

from cardlab.agents.base import Agent


class RandomAgent(Agent):
    """Uniform over all legal actions, the end of the turn included."""

    name = "random"

    def act(self, observation: State) -> Action:
        legal = observation.legal_actions()
        return legal[self.rng.randrange(len(legal))]


class RandomActionAgent(Agent):
    """Uniform over legal actions other than ending the turn while any exists (games with an end-turn action)."""

    name = "random-action"

    def act(self, observation: State) -> Action:
        legal = observation.legal_actions()
        end_turn = getattr(observation, "end_turn_action", None)
        end = end_turn() if end_turn is not None else None
        others = [a for a in legal if a != end]
        if not others:
            return end
        return others[self.rng.randrange(len(others))]


AGENTS = {"random": RandomAgent, "random-action": RandomActionAgent}
