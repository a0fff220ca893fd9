"""The agent protocol: an agent sees an observation and returns one legal action.

Agents never receive the true state. A search agent may sample full states consistent with
its observation through `observation.determinize(player, rng)`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable

from cardlab.engine.core import Action, Rng, State
from cardlab.runtime import UserError


class Agent(ABC):
    """Base class; subclasses set `name` and implement `act`."""

    name: str = "agent"

    def __init__(self, seed: int = 0, **options: Any) -> None:
        self.rng = Rng(seed)
        self.player = 0
        self.options = options

    def reset(self, player: int, seed: int) -> None:
        """Called before each game: which seat this agent plays, and a seed for its own randomness."""
        self.player = player
        self.rng = Rng(seed)

    @abstractmethod
    def act(self, observation: State) -> Action:
        """Choose an action among observation.legal_actions()."""

    def check_seat(self, observation: State) -> None:
        """For agents that plan from their own seat's view: refuse an observation of another seat (an agent never
        reset for its seat would otherwise plan, without a word, for the player it was last reset for)."""
        if observation.current_player != self.player:
            raise UserError(f"agent {self.spec()!r} plays player {self.player} but is asked to act for player "
                            f"{observation.current_player}: call agent.reset(player, seed) before each game "
                            "(the arena and datagen do)")

    def check_game(self, game) -> None:
        """Raise UserError when this agent cannot play `game` (a Game: its variant, seats); before any game."""

    def spec(self) -> str:
        """The spec string that rebuilds this agent."""
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec()}>"


class TurnPlanner(Agent):
    """An agent that plans a whole turn at its start and replays the plan while it stays legal."""

    def __init__(self, seed: int = 0, **options: Any) -> None:
        super().__init__(seed, **options)
        self._plan: list[Action] = []
        self._plan_turn = -1

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        self._plan = []
        self._plan_turn = -1

    @abstractmethod
    def plan_turn(self, observation: State) -> list[Action]:
        """The action sequence for the rest of this turn, ending with the turn's end."""

    def act(self, observation: State) -> Action:
        legal = observation.legal_actions()
        turn = (observation.turn_owner, observation.turn_number)
        if turn != self._plan_turn or not self._plan or self._plan[0] not in legal:
            # New turn, or the world differs from the plan (a random outcome): plan again.
            self._plan = list(self.plan_turn(observation))
            self._plan_turn = turn
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        return legal[0]


def play_seats(state: State, moves: int, new_agent: Callable[[int], Agent]) -> None:
    """Up to `moves` moves in place, each seat played by its own agent from `new_agent(seat)` (made when first
    needed): a rollout from a dealt state."""
    agents: dict[int, Agent] = {}
    for _ in range(moves):
        if state.is_terminal():
            return
        q = state.current_player
        agent = agents.get(q)
        if agent is None:
            agent = agents[q] = new_agent(q)
        state.apply(agent.act(state.observation(q)))
