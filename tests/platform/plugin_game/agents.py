"""tinynim's own agent: `optimal` leaves the opponent a multiple of 3 stones when it can."""

from __future__ import annotations

from cardlab.agents.base import Agent


class OptimalNim(Agent):
    name = "optimal"

    def act(self, observation):
        legal = observation.legal_actions()
        take = observation.stones % 3
        return take if take in legal else legal[0]


AGENTS = {"optimal": OptimalNim}
