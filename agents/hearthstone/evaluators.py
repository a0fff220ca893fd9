"""Hearthstone leaf evaluators for the search: the trading agent's rho, the SabberStone greedy scores and weighted
feature vectors from YAML (weights:PATH)."""

from __future__ import annotations

from functools import partial
from typing import Callable

from cardlab.agents.evaluators import Evaluator, terminal_value
from cardlab.engine.hearthstone.heuristics import STYLES, greedy_score, rho, rho_after_quiet_end_turn, style_for_class
from cardlab.runtime import UserError
from cardlab.agents.hearthstone.weights import weights_evaluator


class RhoEvaluator(Evaluator):
    """The trading agent's board evaluation rho (agents/heuristics.py)."""

    name = "rho"

    def evaluate(self, states: list, player: int) -> list[float]:
        return [terminal_value(s, player) if s.terminal else rho(s, player) for s in states]

    def after_quiet_end(self, state, player: int) -> float:
        return rho_after_quiet_end_turn(state, player)

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        # A subclass that scores states its own way (rho plus something) gets no rho shortcut unless it gives its own
        if "evaluate" in cls.__dict__ and "after_quiet_end" not in cls.__dict__:
            cls.after_quiet_end = None


class GreedyEvaluator(Evaluator):
    """The SabberStone greedy score; style "auto" picks it from the player's hero class."""

    def __init__(self, style: str = "auto") -> None:
        if style != "auto" and style not in STYLES:
            raise UserError(f"greedy evaluator: unknown style {style!r} (auto, {', '.join(STYLES)})")
        self.style = style
        self.name = "greedy" if style == "auto" else f"greedy-{style}"

    def evaluate(self, states: list, player: int) -> list[float]:
        out = []
        for s in states:
            if s.terminal:
                out.append(terminal_value(s, player))
                continue
            style = self.style if self.style != "auto" else style_for_class(s.players[player].hero.card_class)
            out.append(greedy_score(s, player, style))
        return out

    def after_quiet_end(self, state, player: int) -> float:
        style = self.style if self.style != "auto" else style_for_class(state.players[player].hero.card_class)
        return greedy_score(state, player, style, lasting=True)

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "evaluate" in cls.__dict__ and "after_quiet_end" not in cls.__dict__:
            cls.after_quiet_end = None  # a subclass scoring its own way gets no shortcut unless it gives its own


EVALUATORS: dict[str, Callable[[], Evaluator]] = {
    "rho": RhoEvaluator,
    "greedy": GreedyEvaluator,
    **{f"greedy-{style}": partial(GreedyEvaluator, style) for style in STYLES},  # (no argument: greedy-aggro:x is refused)
    "weights": weights_evaluator,  # weights:PATH, a weighted-feature vector (agents/hearthstone/weights.py)
}
