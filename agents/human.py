"""A person as an agent: the observation is printed (the game's `render.observation_lines` when it has one) and
the action is chosen by number, so `cardlab play` runs people through the same play loop as bots."""

from __future__ import annotations

from typing import Callable

from cardlab.agents.base import Agent
from cardlab.engine.core import Action, State
from cardlab.engine.registry import import_game_part


def observation_printer(game: str) -> Callable[[State, int], list[str]] | None:
    """The game's `render.observation_lines(state, player)` (`cardlab.engine.<game>.render`, or the `render` module
    beside an outside game's module), or None."""
    return getattr(import_game_part(game, "render"), "observation_lines", None)


class QuitGame(KeyboardInterrupt):
    """The person typed q. A KeyboardInterrupt, so that it stops the whole match, as Ctrl-C does, rather than being
    counted as a failed game (which every play loop does with an ordinary exception) and the next game starting."""


class InputEnded(QuitGame):
    """The input ended (Ctrl-D, or a closed pipe) while the person was to move."""


class HumanAgent(Agent):
    """Asks the terminal; typing q raises QuitGame, the end of input InputEnded."""

    name = "human"

    def __init__(self, seed: int = 0, game: str = "hearthstone", ask: Callable[[str], str] | None = None,
                 console=None) -> None:
        if (ask is not None and not callable(ask)) or isinstance(console, (str, bytes)):
            raise ValueError("ask= and console= are set from code (a function and a rich Console), not in a spec")
        super().__init__(seed)
        from rich.console import Console

        self.ask = ask or (lambda prompt: input(prompt))  # looked up per call: tests patch builtins.input
        self.console = console or Console()
        self.lines = observation_printer(game)
        self.game = game
        self._shown_turn = None

    def act(self, observation: State) -> Action:
        from rich.panel import Panel
        from rich.text import Text

        legal = observation.legal_actions()
        turn = observation.turn_number
        # the board once per turn even when there is nothing to choose (the hand is worth seeing)
        if self.lines is not None and (len(legal) > 1 or turn != self._shown_turn):
            self._shown_turn = turn  # plain text: "[taunt]" is a tag of the board, not rich markup
            self.console.print(Panel(Text("\n".join(self.lines(observation, self.player))),
                                     title=f"turn {turn}, you are player {self.player}"))
        if len(legal) == 1:
            self.console.print(Text(f"  your only move: {observation.action_to_string(legal[0])}"))
            return legal[0]
        for i, a in enumerate(legal):
            self.console.print(Text(f"  {i:>2}. {observation.action_to_string(a)}"))
        while True:
            try:
                answer = self.ask("your action (number, q to quit): ").strip().lower()
            except EOFError:
                raise InputEnded from None
            if answer in ("q", "quit", "exit"):
                raise QuitGame
            if answer.isascii() and answer.isdigit() and len(answer) < 6 and int(answer) < len(legal):
                return legal[int(answer)]
            self.console.print(f"[red]please type a number from 0 to {len(legal) - 1}[/red]")


AGENTS = {"human": HumanAgent}
