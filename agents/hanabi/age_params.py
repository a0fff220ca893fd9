"""The `age` agent's nine constants (the genetic algorithm's genome): names, ranges, defaults and YAML files.

A params file holds exactly the nine names at top level (comments allowed: the GA writes its fitness there).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

from cardlab.runtime import UserError, yaml_problem

# name -> what it means (defaults, the source's hand-set values, are AgeParams' field defaults)
FLOAT_PARAMS = {
    "play_told": "play when told information makes the card playable with at least this probability",
    "play_uncertain": "play when uncertain (convention) information makes it playable with this probability",
    "discard_useless_strict": "discard an unhinted card useless with this probability",
    "discard_useless_lenient": "the same while holding an old hint",
    "discard_safe_strict": "discard an unhinted card safe (not the last copy) with this probability",
    "discard_safe_lenient": "the same while holding an old hint",
    "discard_uncertain": "discard a hinted card its uncertain information makes useless with this probability",
}
INT_PARAMS = {
    "old_rank_hint": "a rank hint this many turns old is old",
    "old_colour_hint": "a colour hint this many turns old is old",
}
INT_RANGE = (0, 10)


@dataclass(frozen=True)
class AgeParams:
    play_told: float = 1.0
    play_uncertain: float = 1.0
    discard_useless_strict: float = 1.0
    discard_useless_lenient: float = 0.1
    discard_safe_strict: float = 1.0
    discard_safe_lenient: float = 0.1
    discard_uncertain: float = 1.0
    old_rank_hint: int = 3
    old_colour_hint: int = 3

    @classmethod
    def checked(cls, values: dict, source: str = "age") -> "AgeParams":
        """Params from a dict, each name known and in range, else one UserError naming `source` and the value."""
        params = {}
        for key, value in values.items():
            if key in FLOAT_PARAMS:
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                    raise UserError(f"{source}: {key}={value!r} should be a number in [0, 1]")
                params[key] = float(value)
            elif key in INT_PARAMS:
                if isinstance(value, bool) or not isinstance(value, int) or not INT_RANGE[0] <= value <= INT_RANGE[1]:
                    raise UserError(f"{source}: {key}={value!r} should be an integer in {INT_RANGE[0]}-{INT_RANGE[1]}")
                params[key] = value
            else:
                raise UserError(f"{source}: unknown parameter {key!r} (known: {', '.join(names())})")
        return cls(**params)

    def as_dict(self) -> dict:
        return asdict(self)

    def to_yaml(self, comment: str = "") -> str:
        lines = [f"# {line}" for line in comment.splitlines()]
        for key, value in self.as_dict().items():
            lines.append(f"{key}: {value!r}" if isinstance(value, float) else f"{key}: {value}")
        return "\n".join(lines) + "\n"


def names() -> list[str]:
    return [f.name for f in fields(AgeParams)]


def load_params(path: str | Path) -> AgeParams:
    """AgeParams from a YAML file; a missing file, bad YAML, unknown name or bad value is one UserError."""
    import yaml

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = "not a text file" if isinstance(exc, UnicodeDecodeError) else (exc.strerror or exc)
        raise UserError(f"age params {path}: cannot read ({reason})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise UserError(f"age params {path}: {yaml_problem(exc)}") from None
    if not isinstance(data, dict) or not data:  # an empty file is a mistake, not "the defaults"
        raise UserError(f"age params {path}: expected a mapping of parameter names to values "
                        "(`cardlab evolve hanabi` writes one per generation)")
    return AgeParams.checked(data, f"age params {path}")


def save_params(params: AgeParams, path: str | Path, comment: str = "") -> None:
    Path(path).write_text(params.to_yaml(comment), encoding="utf-8")
