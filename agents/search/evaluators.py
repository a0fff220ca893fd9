"""Leaf evaluators behind one batched interface: `evaluate(states, player) -> list of values`.

The search collects leaves and evaluates them in batches, so a network evaluator runs one forward pass
per batch. Values are from `player`'s side, larger = better. Terminal states are worth +inf (win),
-inf (loss) or 0 (draw) for every evaluator, so a lethal line always wins the comparison.

`make_evaluator("rho" | "greedy" | "greedy-aggro" | ... | "ckpt=PATH")` builds one; add a name to
EVALUATORS, or install a checkpoint loader with `set_ckpt_loader`, to extend it.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Callable

from engine.core import UserError

from agents.heuristics import STYLES, greedy_score, rho, style_for_class


def terminal_value(state, player: int) -> float:
    winner = state.winner
    if winner == player:
        return math.inf
    if winner == 1 - player:
        return -math.inf
    return 0.0


class Evaluator:
    """Scores states for `player`; subclasses override `evaluate` (batched) and set `name`."""

    name = "evaluator"
    before_end_turn = False  # True: score a leaf's state just before END_TURN (how value networks were trained)

    def evaluate(self, states: list, player: int) -> list[float]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RhoEvaluator(Evaluator):
    """The trading agent's board evaluation rho (agents/heuristics.py)."""

    name = "rho"

    def evaluate(self, states: list, player: int) -> list[float]:
        return [terminal_value(s, player) if s.terminal else rho(s, player) for s in states]


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


EVALUATORS: dict[str, Callable[[], Evaluator]] = {
    "rho": RhoEvaluator,
    "greedy": GreedyEvaluator,
    **{f"greedy-{style}": (lambda style=style: GreedyEvaluator(style)) for style in STYLES},
}

# Optional override: path -> Evaluator. None means value networks (agents/value_evaluator.py).
_CKPT_LOADER: Callable[[str], Evaluator] | None = None


def set_ckpt_loader(loader: Callable[[str], Evaluator] | None) -> None:
    """Install the function that turns a checkpoint path into an Evaluator (value networks)."""
    global _CKPT_LOADER
    _CKPT_LOADER = loader


def make_evaluator(name_or_ckpt: str) -> Evaluator:
    """An evaluator from its spec-string name: rho, greedy, greedy-STYLE, or ckpt=PATH."""
    text = name_or_ckpt.strip()
    if text.startswith("ckpt="):
        path = text[len("ckpt="):].strip()
        if not path:
            raise UserError("evaluator 'ckpt=': give a checkpoint path, e.g. eval=ckpt=checkpoints/value.ckpt")
        if not Path(path).is_file():
            raise UserError(f"evaluator checkpoint {path!r} does not exist")
        if _CKPT_LOADER is None:
            from agents.value_evaluator import ValueNetEvaluator

            return ValueNetEvaluator(path)
        return _CKPT_LOADER(path)
    factory = EVALUATORS.get(text)
    if factory is None:
        raise UserError(f"unknown evaluator {text!r} (one of {', '.join(EVALUATORS)}, ckpt=PATH)")
    return factory()
