"""Leaf evaluators behind one batched interface: `evaluate(states, player) -> list of values`.

The search collects leaves and evaluates them in batches, so a network evaluator runs one forward pass
per batch. Values are from `player`'s side, larger = better. Terminal states are worth +inf (win),
-inf (loss) or 0 (draw) for every evaluator, so a lethal line always wins the comparison.

`make_evaluator("rho" | "greedy" | ... | "name:ARG" | "ckpt=PATH" | "ckpt=A+B", game)` builds one: names come from the game's own
`cardlab.agents.<game>.evaluators.EVALUATORS` (an outside game's: the `evaluators` module beside its game module;
`name:ARG` calls that factory with ARG, e.g. Hearthstone's `weights:PATH`), checkpoints from `set_ckpt_loader`
(default: value networks).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from cardlab.runtime import UserError, not_a_file



def terminal_value(state, player: int) -> float:
    """A finished game's value for `player`: +inf won, -inf lost, 0 drawn (a lethal line always wins)."""
    r = state.returns()[player]
    if r > 0:
        return math.inf
    if r < 0:
        return -math.inf
    return 0.0


def game_evaluators(game: str) -> dict[str, Callable[[], "Evaluator"]]:
    """The named evaluators of `game` (`cardlab.agents.<game>.evaluators.EVALUATORS`, or the `evaluators` module
    beside an outside game's module)."""
    from cardlab.engine.registry import import_game_part

    module = import_game_part(game, "evaluators")
    return dict(module.EVALUATORS) if module is not None else {}


@dataclass
class EvalStats:
    """What a batched evaluator did, for benchmarks and for checking batch sizes on a GPU (`bench search-net`)."""

    forwards: int = 0  # forward passes (calls that scored at least one live state)
    rows: int = 0  # states scored by the model
    terminal: int = 0  # finished games scored without it
    encode_s: float = 0.0  # building feature rows
    forward_s: float = 0.0  # the model, transfers included
    batch_sizes: Counter = field(default_factory=Counter)  # rows per forward pass -> passes

    def reset(self) -> None:
        self.forwards = self.rows = self.terminal = 0
        self.encode_s = self.forward_s = 0.0
        self.batch_sizes.clear()

    def as_dict(self) -> dict:
        return {"forwards": self.forwards, "rows": self.rows, "terminal": self.terminal,
                "rows_per_forward": round(self.rows / self.forwards, 2) if self.forwards else 0.0,
                "max_rows_per_forward": max(self.batch_sizes, default=0),
                "encode_s": round(self.encode_s, 4), "forward_s": round(self.forward_s, 4)}


class Evaluator:
    """Scores states for `player`; subclasses override `evaluate` (batched) and set `name`."""

    name = "evaluator"
    before_end_turn = False  # True: score a leaf's state just before END_TURN (how value networks were trained)

    def evaluate(self, states: list, player: int) -> list[float]:
        raise NotImplementedError

    # Optional, for evaluators that score the state after END_TURN: `after_quiet_end(state, player)` is the value
    # `evaluate` would give the END_TURN child of `state` when `state.end_turn_is_quiet()`; the search then
    # skips building that child (agents/hearthstone/evaluators.py: rho).
    after_quiet_end = None

    def terminal(self, state, player: int) -> float:
        """A finished game's value (the search scores terminal leaves with this): +inf / -inf / 0 by default."""
        return terminal_value(state, player)

    def reseed(self, seed: int) -> None:
        """Called by agents before each game: restart any randomness of the evaluator (a no-op by default)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


# Optional override: path -> Evaluator. None means value networks (agents/value_evaluator.py).
_CKPT_LOADER: Callable[[str], Evaluator] | None = None


def set_ckpt_loader(loader: Callable[[str], Evaluator] | None) -> None:
    """Install the function that turns a checkpoint path into an Evaluator (value networks)."""
    global _CKPT_LOADER
    _CKPT_LOADER = loader


def make_evaluator(name_or_ckpt: str, game="hearthstone", defaulted: bool = False) -> Evaluator:
    """An evaluator from its spec-string name (the game's EVALUATORS, e.g. rho, greedy) or ckpt=PATH.
    `game` is a game name or a Game; a checkpoint must have been trained on that game (else one-line refusal).
    `defaulted`: the caller chose the name (the search's default rho), so a refusal says so rather than blaming a
    name the user never gave."""
    text = name_or_ckpt.strip()
    if text.startswith("ckpt="):
        path = text[len("ckpt="):].strip()
        if not path:
            raise UserError("evaluator 'ckpt=': give a checkpoint path, e.g. eval=ckpt=checkpoints/value.ckpt")
        from cardlab.checkpoints.zoo import resolve

        paths = [resolve(p.strip()) for p in path.split("+")]  # a model-zoo name becomes its shipped file
        for p in paths:
            if not p or not Path(p).is_file():
                raise UserError(not_a_file(p, "evaluator checkpoint")
                                + (f" (in {path!r}: A+B+C averages several networks)" if len(paths) > 1 else ""))
        if _CKPT_LOADER is None:
            from cardlab.agents.value_evaluator import ValueNetEnsemble, ValueNetEvaluator

            return ValueNetEvaluator(paths[0], game=game) if len(paths) == 1 else ValueNetEnsemble(paths, game=game)
        if len(paths) > 1:
            raise UserError(f"evaluator {text!r}: this checkpoint loader takes one file, not an ensemble")
        return _CKPT_LOADER(paths[0])
    game = game if isinstance(game, str) else game.name
    evaluators = game_evaluators(game)
    # `name:ARG` (weights:PATH) passes ARG to the game's factory; plain names take none.
    name, sep, arg = text.partition(":")
    factory = evaluators.get(name.strip())
    rho = "evaluator 'rho' (the search's default) is Hearthstone's" if defaulted else "evaluator 'rho' is Hearthstone's"
    if factory is None and not evaluators:
        what = rho if text == "rho" else f"unknown evaluator {text!r}: {game} has no named evaluators"
        raise UserError(f"{what}; give ckpt=PATH, a value net trained on {game}")
    if factory is None and text == "rho":
        raise UserError(f"{rho}; give eval=NAME (one of {', '.join(evaluators)}) or ckpt=PATH for {game}")
    if factory is None:
        raise UserError(f"unknown evaluator {text!r} for {game} (one of {', '.join(evaluators)}, ckpt=PATH)")
    if not sep:
        return factory()
    import inspect

    try:
        inspect.signature(factory).bind(arg.strip())
    except TypeError:
        raise UserError(f"evaluator {name.strip()!r} takes no argument (got {text!r})") from None
    return factory(arg.strip())
