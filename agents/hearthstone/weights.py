"""A weighted-feature Hearthstone evaluation (spec section 9): value = sum of weight * feature, weights from YAML.

The spec's MCTS source scores end-of-turn states with a linear function of board features whose weights a genetic
algorithm evolves; this module is that function with the weights in a file (`{feature_name: weight}`), so hand-made
and evolved vectors plug into the same evaluators (`eval=weights:PATH` for `mcts` and `search`).

Features are read from `player`'s side; each comes as an own_/opp_ pair so a vector can value them asymmetrically.
Hero health counts armor (effective health, as rho does). Only public parts of the state are read (card counts,
not card identities), so a feature means the same on an observation and on a determinized state.
A feature missing from the file weighs 0; an unknown name or a non-number is an error naming the file.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
import yaml

from cardlab.agents.evaluators import Evaluator, terminal_value
from cardlab.runtime import UserError, yaml_problem


def _living(p) -> list:
    return [m for m in p.board if m.health > 0 and not m.pending_destroy]


def _side(p, minions: list) -> dict[str, float]:
    """One player's features (unprefixed)."""
    w = p.weapon
    return {
        "hero_health": p.hero.health + p.hero.armor,
        "minions": len(minions),
        "minion_attack": sum(m.attack for m in minions),
        "minion_health": sum(m.health for m in minions),
        "taunt_health": sum(m.health for m in minions if m.taunt),
        "hand": len(p.hand),
        "deck": len(p.deck),
        "weapon_attack": w.attack if w is not None else 0,
        "weapon_durability": w.durability if w is not None else 0,
        "spell_damage": sum(m.spell_damage for m in minions if not m.silenced),
        "divine_shield": sum(1 for m in minions if m.divine_shield),
        "windfury": sum(1 for m in minions if m.has_windfury),
        "stealth": sum(1 for m in minions if m.stealth),
        "frozen": sum(1 for m in minions if m.frozen),
    }


SIDE_FEATURES = (
    "hero_health", "minions", "minion_attack", "minion_health", "taunt_health", "hand", "deck",
    "weapon_attack", "weapon_durability", "spell_damage", "divine_shield", "windfury", "stealth", "frozen",
)
FEATURES: tuple[str, ...] = tuple(f"{side}_{name}" for side in ("own", "opp") for name in SIDE_FEATURES)


# The genetic algorithm's search box (evolve/hearthstone.py): own_X and opp_X each lie in [-bound, bound], the
# bound a few times the hand-made magnitude (ten times for the small deck weight), so that scramble mutation
# re-draws a weight among plausible values. Only ratios matter to the search (an argmax) and to MCTS (values
# normalised per tree), so a common scale costs nothing.
WEIGHT_BOUNDS = {
    "hero_health": 2.0, "minions": 6.0, "minion_attack": 3.0, "minion_health": 3.0, "taunt_health": 2.0, "hand": 3.0,
    "deck": 0.5, "weapon_attack": 3.0, "weapon_durability": 3.0, "spell_damage": 3.0, "divine_shield": 4.0,
    "windfury": 3.0, "stealth": 2.0, "frozen": 2.0,
}


def weight_ranges() -> list[tuple[float, float]]:
    """(low, high) of every weight, in FEATURES order."""
    return [(-WEIGHT_BOUNDS[f.split("_", 1)[1]], WEIGHT_BOUNDS[f.split("_", 1)[1]]) for f in FEATURES]


def weights_to_vector(weights: dict[str, float]) -> list[float]:
    """The weights in FEATURES order (a missing feature weighs 0)."""
    return [float(weights.get(f, 0.0)) for f in FEATURES]


def vector_to_weights(vector) -> dict[str, float]:
    if len(vector) != len(FEATURES):
        raise ValueError(f"a weight vector has {len(FEATURES)} entries, got {len(vector)}")
    return {f: float(v) for f, v in zip(FEATURES, vector)}


def save_weights(weights: dict[str, float], path: str | Path, comment: str = "") -> None:
    """A YAML file `load_weights` reads back exactly: `comment` as # lines, then feature: weight in FEATURES order."""
    head = "".join(f"# {line}\n" if line else "#\n" for line in comment.splitlines())
    body = yaml.safe_dump({f: float(weights.get(f, 0.0)) for f in FEATURES}, sort_keys=False)
    Path(path).write_text(head + body, encoding="utf-8")


def features(state, player: int) -> dict[str, float]:
    """Every feature of `state` for `player`, by name (own_* and opp_*)."""
    me, opp = state.players[player], state.players[1 - player]
    out = {f"own_{k}": float(v) for k, v in _side(me, _living(me)).items()}
    out.update({f"opp_{k}": float(v) for k, v in _side(opp, _living(opp)).items()})
    return out


def resolve_weights_path(text: str) -> Path:
    """A weights file: an existing path, else a name shipped in checkpoints/weights/ (`hand-made`), or a repository
    path `checkpoints/weights/...` run from elsewhere."""
    path = Path(text)
    if path.is_file():
        return path
    from cardlab.checkpoints import path_of
    from cardlab.checkpoints.zoo import entries, in_repository

    for candidate in (f"weights/{text}.yaml", f"weights/{text}"):
        shipped = path_of(candidate)
        if shipped.is_file():
            return shipped
    shipped = in_repository(text)
    if shipped is not None:
        return shipped
    from cardlab.runtime import not_a_file

    entry = entries().get(text)
    if entry is not None and not path.exists():  # a shipped model, but not a weights file
        kind = entry.kind.split(",")[0].split(" (")[0]
        raise UserError(f"{text!r} is a shipped {kind}, not a weights file (use it as {entry.use})")
    hint = ""
    if not path.exists() and not any(c in text for c in ("/", os.sep)):
        import difflib

        names = sorted(p.stem for p in path_of("weights").glob("*.yaml"))
        close = difflib.get_close_matches(text.removesuffix(".yaml"), names, n=1, cutoff=0.75)
        if close:
            hint = f"; did you mean {close[0]!r}?"
    raise UserError(not_a_file(text, "weights file") + " (a YAML file of feature: weight, or a shipped name "
                    f"such as hand-made{hint})")


def load_weights(path: str | Path) -> dict[str, float]:
    """{feature: weight} from a YAML file; unknown names and non-numbers are one error naming the file."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"weights file {path}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise UserError(f"weights file {path}: not a text (UTF-8) file; expected YAML of feature: weight") from None
    except yaml.YAMLError as exc:
        raise UserError(f"weights file {path}: {yaml_problem(exc)}") from None
    if not isinstance(data, dict) or not data:
        raise UserError(f"weights file {path}: expected a mapping of feature: weight, got {type(data).__name__}")
    unknown = sorted(str(k) for k in data if k not in FEATURES)
    bad = sorted(str(k) for k, v in data.items()
                 if k in FEATURES and (isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)))
    problems = []
    if unknown:
        problems.append(f"unknown feature(s) {', '.join(unknown)} (features: {', '.join(FEATURES)})")
    if bad:
        problems.append(f"weight(s) that are not finite numbers: {', '.join(bad)}")
    if problems:
        raise UserError(f"weights file {path}: " + "; ".join(problems))
    return {k: float(v) for k, v in data.items()}


class WeightsEvaluator(Evaluator):
    """sum(weight * feature) from `player`'s side; terminal states are +inf / -inf / 0 like every evaluator.

    monotone = False: any sign is allowed (an evolved vector may value the own hand negatively), so the turn-tree
    search's prune=auto keeps to transpositions with it, as with value networks."""

    monotone = False

    def __init__(self, weights: dict[str, float], name: str = "weights") -> None:
        unknown = [k for k in weights if k not in FEATURES]
        if unknown:
            raise UserError(f"weights: unknown feature(s) {', '.join(unknown)}")
        self.weights = {k: float(v) for k, v in weights.items() if v}
        self.name = name

    @classmethod
    def from_file(cls, text: str) -> "WeightsEvaluator":
        path = resolve_weights_path(text)
        return cls(load_weights(path), name=f"weights:{text}")

    def value(self, state, player: int) -> float:
        f = features(state, player)
        return sum(w * f[k] for k, w in self.weights.items())

    def evaluate(self, states: list, player: int) -> list[float]:
        return [terminal_value(s, player) if s.terminal else self.value(s, player) for s in states]


def weights_evaluator(path: str = "") -> Evaluator:
    """The `weights:PATH` evaluator (make_evaluator passes the text after the colon)."""
    if not path.strip():
        raise UserError("evaluator 'weights' needs a file: weights:PATH, e.g. weights:checkpoints/weights/hand-made.yaml")
    return WeightsEvaluator.from_file(path.strip())

