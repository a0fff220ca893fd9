"""Agents from outside cardlab for tests/platform/test_agent_plugins.py: defined at a module's top level, so worker
processes started with spawn import them again, and entry points can name them."""

from __future__ import annotations

from cardlab.agents.base import Agent
from cardlab.engine.core import Action, State


class FirstLegal(Agent):
    """Always the first legal action."""

    name = "first"

    def act(self, observation: State) -> Action:
        return observation.legal_actions()[0]


class NthLegal(Agent):
    """The n-th legal action (the last one when there are fewer): an option with an int default."""

    name = "nth"

    def __init__(self, seed: int = 0, n: int = 0) -> None:
        super().__init__(seed, n=n)
        self.n = n

    def act(self, observation: State) -> Action:
        legal = observation.legal_actions()
        return legal[min(self.n, len(legal) - 1)]


def make_first(seed: int = 0) -> Agent:
    """A factory function, as the built-in AGENTS dicts may hold."""
    return FirstLegal(seed)


NOT_CALLABLE = 42
