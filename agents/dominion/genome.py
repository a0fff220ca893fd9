"""An extremal strategy's genome: a `gaining` chooser and a `playing` chooser, and its YAML file (spec section 3).

```yaml
gaining:
  seasonal:
    - threshold: 100
      ratios: {Gold: 0.3, Market: 0.2, Province: 0.2, Militia: 0.15, Silver: 0.15}
    - threshold: 0
      ranks: [Province, Duchy, Gold, Market, Estate]
playing:
  ranks: [Market, Militia, Gold]
```

Each chooser is one of `random: {}`, `weighted: {Card: v}`, `ranks: [...]`, `ratios: {Card: v}`,
`seasonal: [{threshold: T, <chooser>}, ...]`. Both keys are required. Every problem is one UserError naming the file.

Choices where the spec is silent: ratios/weighted values must be > 0; a sum within 1% of 1 is renormalised (files
written with rounded values), anything further is an error rather than a silent rescale, so a file means what it
says. Seasonal thresholds must strictly decrease and end at 0; seasons do not nest. Cards are checked against the
base set's names on load and against the game's supply when the agent meets a game.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence

from cardlab.agents.dominion.choosers import (Chooser, RandomChooser, RanksChooser, RatiosChooser, SeasonalChooser,
                                              WeightedChooser, mutate_chooser, pick_parts)
from cardlab.engine.core import Rng
from cardlab.runtime import UserError, write_text_atomically, yaml_problem

SUM_TOLERANCE = 0.01
CHOOSER_KINDS = ("random", "weighted", "ranks", "ratios", "seasonal")
SEASON_THRESHOLD = 100  # the source's switch: 5 Provinces left (choosers.game_end_estimate)

# Evolution models (spec section 4): gaining chooser forms; playing is random or ranks.
GAINING_MODELS = ("weighted", "ranks", "ratios", "seasonal-weighted-ranks", "seasonal-ranks-ranks",
                  "seasonal-ratios-ranks")
PLAYING_MODELS = ("random", "ranks")


@lru_cache(maxsize=1)
def card_costs() -> dict[str, int]:
    """Every card of the base set and its cost (the engine's table; imported late so files parse without it)."""
    from cardlab.engine.dominion.cards import CARDS

    return {name: info.cost for name, info in CARDS.items()}


@dataclass(frozen=True)
class Genome:
    gaining: Chooser
    playing: Chooser

    def cards(self) -> set[str]:
        return self.gaining.cards() | self.playing.cards()

    def to_data(self) -> dict:
        return {"gaining": self.gaining.to_data(), "playing": self.playing.to_data()}

    def to_yaml(self, comment: str = "") -> str:
        """The spec's layout: structure in block style, each chromosome on one line."""
        lines = [f"# {line}" for line in comment.splitlines()]
        for key, chooser in (("gaining", self.gaining), ("playing", self.playing)):
            lines.append(f"{key}:")
            if isinstance(chooser, SeasonalChooser):
                lines.append("  seasonal:")
                for threshold, part in chooser.seasons:
                    kind, value = next(iter(part.to_data().items()))
                    lines.append(f"    - threshold: {_number(threshold)}")
                    lines.append(f"      {kind}: {_flow(value)}")
            else:
                kind, value = next(iter(chooser.to_data().items()))
                lines.append(f"  {kind}: {_flow(value)}")
        return "\n".join(lines) + "\n"

    def check_supply(self, supply: Iterable[str], source: str = "genome") -> None:
        """A UserError when the genome names a card this game's supply lacks (it could never be bought)."""
        supply = set(supply)
        missing = sorted(self.cards() - supply)
        if missing:
            raise UserError(f"{source}: {', '.join(missing)} not in this game's supply "
                            f"(supply: {', '.join(sorted(supply))})")


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _flow(value: Any) -> str:
    """One-line YAML for a chromosome; floats keep full precision so a saved genome reloads exactly."""
    import yaml

    if isinstance(value, dict) and not value:
        return "{}"
    if isinstance(value, list) and not value:
        return "[]"
    return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=1 << 20).strip()


# ---------------------------------------------------------------- parsing


def _card(name: Any, source: str) -> str:
    costs = card_costs()
    if not isinstance(name, str):
        raise UserError(f"{source}: {name!r} is not a card name")
    if name in costs:
        return name
    close = difflib.get_close_matches(name, list(costs), n=3, cutoff=0.6)
    folded = [c for c in costs if c.lower() == name.lower()]
    hint = folded or close
    raise UserError(f"{source}: unknown card {name!r}" + (f" (did you mean {', '.join(hint)}?)" if hint else ""))


def _ratios(value: Any, source: str) -> dict[str, float]:
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise UserError(f"{source}: expected a mapping of card names to values, got {value!r}")
    out: dict[str, float] = {}
    for name, v in value.items():
        card = _card(name, source)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0:
            raise UserError(f"{source}: {card}: {v!r} should be a positive number")
        out[card] = float(v)
    total = sum(out.values())
    if out and abs(total - 1.0) > SUM_TOLERANCE:
        raise UserError(f"{source}: values sum to {total:.4g}, not 1 (within {SUM_TOLERANCE})")
    if abs(total - 1.0) <= 1e-9:
        return out  # already normalised: a saved genome reloads bit for bit
    return {card: v / total for card, v in out.items()}


def _ranks(value: Any, source: str) -> tuple[str, ...]:
    if value is None:
        value = []
    if not isinstance(value, list):
        raise UserError(f"{source}: expected a list of card names, got {value!r}")
    cards = [_card(name, source) for name in value]
    repeated = sorted({c for c in cards if cards.count(c) > 1})
    if repeated:
        raise UserError(f"{source}: {', '.join(repeated)} listed more than once")
    return tuple(cards)


def parse_chooser(data: Any, source: str, nested: bool = False) -> Chooser:
    """A chooser from its YAML form ({kind: value}, exactly one kind)."""
    if not isinstance(data, dict):
        raise UserError(f"{source}: expected one of {', '.join(CHOOSER_KINDS)}, got {data!r}")
    kinds = [k for k in data if k in CHOOSER_KINDS]
    others = [k for k in data if k not in CHOOSER_KINDS]
    if others:
        raise UserError(f"{source}: unknown key {others[0]!r} (choosers: {', '.join(CHOOSER_KINDS)})")
    if len(kinds) != 1:
        raise UserError(f"{source}: expected exactly one chooser ({', '.join(CHOOSER_KINDS)}), got {len(kinds)}")
    kind = kinds[0]
    value = data[kind]
    where = f"{source}.{kind}"
    if kind == "random":
        if value not in (None, {}):
            raise UserError(f"{where}: takes no values (write `random: {{}}`)")
        return RandomChooser()
    if kind == "weighted":
        return WeightedChooser(_ratios(value, where))
    if kind == "ratios":
        return RatiosChooser(_ratios(value, where))
    if kind == "ranks":
        return RanksChooser(_ranks(value, where))
    if nested:
        raise UserError(f"{source}: seasons cannot nest")
    return _seasonal(value, where)


def _seasonal(value: Any, source: str) -> SeasonalChooser:
    if not isinstance(value, list) or not value:
        raise UserError(f"{source}: expected a list of {{threshold: T, <chooser>}} entries")
    seasons = []
    for i, entry in enumerate(value):
        where = f"{source}[{i}]"
        if not isinstance(entry, dict) or "threshold" not in entry:
            raise UserError(f"{where}: expected {{threshold: T, <chooser>}}, got {entry!r}")
        t = entry["threshold"]
        if isinstance(t, bool) or not isinstance(t, (int, float)) or t < 0:
            raise UserError(f"{where}: threshold {t!r} should be a number >= 0")
        if seasons and t >= seasons[-1][0]:
            raise UserError(f"{where}: thresholds must decrease ({t} after {seasons[-1][0]})")
        rest = {k: v for k, v in entry.items() if k != "threshold"}
        seasons.append((float(t), parse_chooser(rest, where, nested=True)))
    if seasons[-1][0] != 0:
        raise UserError(f"{source}: the last threshold must be 0, not {_number(seasons[-1][0])}")
    return SeasonalChooser(tuple(seasons))


def genome_from_data(data: Any, source: str = "genome") -> Genome:
    if not isinstance(data, dict):
        raise UserError(f"{source}: expected a mapping with keys gaining and playing")
    unknown = [k for k in data if k not in ("gaining", "playing")]
    if unknown:
        raise UserError(f"{source}: unknown key {unknown[0]!r} (expected gaining and playing)")
    for key in ("gaining", "playing"):
        if key not in data:
            raise UserError(f"{source}: missing {key!r} (expected gaining and playing)")
    return Genome(parse_chooser(data["gaining"], f"{source}: gaining"),
                  parse_chooser(data["playing"], f"{source}: playing"))


@lru_cache(maxsize=1)
def _unique_keys_loader() -> type:
    """yaml.SafeLoader refusing a key given twice in one mapping (at any level): PyYAML keeps the last silently, so
    a file with `gaining:` twice would play a strategy other than the one its reader sees first."""
    import yaml
    from yaml.constructor import ConstructorError

    class UniqueKeyLoader(yaml.SafeLoader):
        def construct_mapping(self, node, deep=False):
            if isinstance(node, yaml.MappingNode):
                seen: dict = {}
                for key_node, _ in node.value:
                    if key_node.tag == "tag:yaml.org,2002:merge":
                        continue  # `<<:` merges another mapping: not a key of this one
                    key = self.construct_object(key_node, deep=deep)
                    try:
                        first = seen.get(key)
                    except TypeError:
                        continue  # an unhashable key: SafeConstructor's own error says so
                    if first is not None:
                        raise ConstructorError(problem=f"key {key!r} is given twice (first at line {first})",
                                               problem_mark=key_node.start_mark)
                    seen[key] = key_node.start_mark.line + 1
            return super().construct_mapping(node, deep=deep)

    return UniqueKeyLoader


def genome_from_yaml(text: str, source: str = "genome") -> Genome:
    import yaml

    try:
        data = yaml.load(text, Loader=_unique_keys_loader())  # a safe loader: SafeLoader's constructors only
    except yaml.YAMLError as exc:
        raise UserError(f"{source}: {yaml_problem(exc)}") from None
    return genome_from_data(data, source)


def load_genome(path: str | Path) -> Genome:
    """A genome from its YAML file (or a model-zoo name, or the repository path checkpoints/dominion/FILE run from
    elsewhere); a missing file, bad YAML or a bad chooser is one UserError naming the file."""
    from cardlab.checkpoints.zoo import resolve

    path = Path(resolve(str(path)))
    if path.exists() and not path.is_file():  # a folder, a device or a FIFO (which would block the read)
        from cardlab.runtime import not_a_file

        raise UserError(not_a_file(path, "genome"))
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"genome {path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise UserError(f"genome {path}: not a text (UTF-8) YAML file") from None
    return genome_from_yaml(text, f"genome {path}")


def save_genome(genome: Genome, path: str | Path, comment: str = "") -> None:
    """Through a temporary file and a rename: a full disk or a kill mid-write never leaves half a genome (an
    evolution rewrites best.yaml every generation)."""
    write_text_atomically(path, genome.to_yaml(comment))


# ---------------------------------------------------------------- evolution models and mutation


def _chooser_for(form: str) -> Chooser:
    return {"random": RandomChooser(), "weighted": WeightedChooser({}), "ranks": RanksChooser(()),
            "ratios": RatiosChooser({})}[form]


def empty_genome(gaining: str, playing: str) -> Genome:
    """A model's initial genome: every chromosome empty; seasonal models switch at SEASON_THRESHOLD."""
    if gaining not in GAINING_MODELS:
        raise UserError(f"unknown gaining model {gaining!r} (models: {', '.join(GAINING_MODELS)})")
    if playing not in PLAYING_MODELS:
        raise UserError(f"unknown playing model {playing!r} (models: {', '.join(PLAYING_MODELS)})")
    if gaining.startswith("seasonal-"):
        early, late = gaining.split("-")[1:]
        gain: Chooser = SeasonalChooser(((float(SEASON_THRESHOLD), _chooser_for(early)), (0.0, _chooser_for(late))))
    else:
        gain = _chooser_for(gaining)
    return Genome(gain, _chooser_for(playing))


def _parts(chooser: Chooser) -> list[Chooser]:
    return [c for _, c in chooser.seasons] if isinstance(chooser, SeasonalChooser) else [chooser]


def mutate_genome(genome: Genome, universe: Sequence[str], rng: Rng) -> Genome:
    """Each chromosome (every season of `gaining`, and `playing`; random choosers have none) mutates with
    probability 1/2, at least one; thresholds stay fixed."""
    parts = _parts(genome.gaining) + _parts(genome.playing)
    slots = [i for i, part in enumerate(parts) if not isinstance(part, RandomChooser)]
    chosen = {slots[i] for i in pick_parts(len(slots), rng)}
    new = [mutate_chooser(part, universe, rng) if i in chosen else part for i, part in enumerate(parts)]
    n_gain = len(_parts(genome.gaining))
    if isinstance(genome.gaining, SeasonalChooser):
        gaining: Chooser = SeasonalChooser(tuple((t, c) for (t, _), c in zip(genome.gaining.seasons, new[:n_gain])))
    else:
        gaining = new[0]
    return Genome(gaining, new[n_gain])
