"""Extremal strategies' choosers (spec section 3): pick the best or the worst option under one card ranking.

Every chooser answers `best(options, view, rng)` and `worst(options, view, rng)` with an INDEX into `options`, where
an option is a card name or None ("no card": don't buy, done trashing...). None appears at most once; when it is
absent a card is required. Choosers hold precomputed tables, so one decision costs a few dict look-ups.

Choices where the spec is silent (documented here once):
- weighted worst samples in proportion to 1/value ("inverted values"), so the least valued is the likeliest;
- ratios: ties on demand go to "no card" when allowed, else uniformly among the tied cards; "no card" counts as
  demand 0 for worst as well as best (so trashing stops once no card is over-represented);
- random: uniform over every option, "no card" included.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping, Protocol, Sequence

from cardlab.engine.core import Rng

Option = str | None


class View(Protocol):
    """What a chooser may ask of the game; computed lazily because most choosers need none of it."""

    def owned(self) -> Mapping[str, int]: ...

    def owned_total(self) -> int: ...

    def estimate(self) -> float: ...


def _none_index(options: Sequence[Option]) -> int:
    """Index of the "no card" option, -1 when a card is required."""
    for i, option in enumerate(options):
        if option is None:
            return i
    return -1


def _uniform_cards(options: Sequence[Option], rng: Rng) -> int:
    """A uniform pick among the card options (all options when, unexpectedly, every one is None)."""
    cards = [i for i, option in enumerate(options) if option is not None]
    return rng.choice(cards) if cards else rng.randrange(len(options))


def _sample(indices: list[int], weights: list[float], rng: Rng) -> int:
    """One index drawn in proportion to positive weights."""
    x = rng.random() * sum(weights)
    for i, w in zip(indices, weights):
        x -= w
        if x < 0:
            return i
    return indices[-1]


class Chooser:
    """Base: best and worst over option lists; `chromosome()` is what mutation changes (None: nothing)."""

    kind = "chooser"

    def best(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        raise NotImplementedError

    def worst(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        raise NotImplementedError

    def cards(self) -> set[str]:
        """Every card the chooser names (validated against the game's supply)."""
        return set()

    def to_data(self) -> dict:
        """The YAML form: a one-key mapping {kind: value}."""
        raise NotImplementedError


@dataclass(frozen=True, eq=True)
class RandomChooser(Chooser):
    """Uniform among the options: the baseline the spec's `random` playing model uses."""

    kind = "random"

    def best(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        return rng.randrange(len(options))

    worst = best

    def to_data(self) -> dict:
        return {"random": {}}


@dataclass(frozen=True, eq=True)
class WeightedChooser(Chooser):
    """Sample options in proportion to a ratios chromosome's values (a stochastic ranking)."""

    weights: dict[str, float] = field(default_factory=dict)
    kind = "weighted"

    def best(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        get = self.weights.get
        indices, values = [], []
        for i, option in enumerate(options):
            if option is not None:
                w = get(option, 0.0)
                if w > 0.0:
                    indices.append(i)
                    values.append(w)
        if indices:
            return _sample(indices, values, rng)
        none = _none_index(options)
        return none if none >= 0 else _uniform_cards(options, rng)

    def worst(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        get = self.weights.get
        zero = [i for i, option in enumerate(options) if option is not None and get(option, 0.0) <= 0.0]
        if zero:
            return rng.choice(zero)
        none = _none_index(options)
        if none >= 0:
            return none
        indices = [i for i, option in enumerate(options) if option is not None]
        return _sample(indices, [1.0 / self.weights[options[i]] for i in indices], rng)

    def cards(self) -> set[str]:
        return set(self.weights)

    def to_data(self) -> dict:
        return {"weighted": dict(self.weights)}


@dataclass(frozen=True, eq=True)
class RanksChooser(Chooser):
    """An ordered list: the earlier a card, the better; unlisted cards are the worst of all."""

    ranks: tuple[str, ...] = ()
    kind = "ranks"
    position: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "position", {card: i for i, card in enumerate(self.ranks)})

    def best(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        position = self.position
        found, top = -1, len(position)
        for i, option in enumerate(options):
            p = position.get(option, top) if option is not None else top
            if p < top:
                found, top = i, p
        if found >= 0:
            return found
        none = _none_index(options)
        return none if none >= 0 else _uniform_cards(options, rng)

    def worst(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        position = self.position
        unlisted = [i for i, option in enumerate(options) if option is not None and option not in position]
        if unlisted:
            return rng.choice(unlisted)
        none = _none_index(options)
        if none >= 0:
            return none
        return max((i for i, option in enumerate(options) if option is not None), key=lambda i: position[options[i]])

    def cards(self) -> set[str]:
        return set(self.ranks)

    def to_data(self) -> dict:
        return {"ranks": list(self.ranks)}


@dataclass(frozen=True, eq=True)
class RatiosChooser(Chooser):
    """The ideal deck composition: demand d_c = r_c * m - a_c; best = most demanded, worst = least."""

    ratios: dict[str, float] = field(default_factory=dict)
    kind = "ratios"

    def _demands(self, options: Sequence[Option], view: View) -> list[float]:
        owned = view.owned()
        m = view.owned_total()
        get = self.ratios.get
        return [0.0 if option is None else get(option, 0.0) * m - owned.get(option, 0) for option in options]

    def _extreme(self, options: Sequence[Option], view: View, rng: Rng, sign: float) -> int:
        demands = self._demands(options, view)
        top = max(sign * d for d in demands)
        tied = [i for i, d in enumerate(demands) if sign * d >= top - 1e-9]
        for i in tied:
            if options[i] is None:
                return i  # indifferent: do nothing
        return tied[0] if len(tied) == 1 else rng.choice(tied)

    def best(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        return self._extreme(options, view, rng, 1.0)

    def worst(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        return self._extreme(options, view, rng, -1.0)

    def cards(self) -> set[str]:
        return set(self.ratios)

    def to_data(self) -> dict:
        return {"ratios": dict(self.ratios)}


@dataclass(frozen=True, eq=True)
class SeasonalChooser(Chooser):
    """Different choosers for different phases of the game: the first whose threshold <= the game-end estimate."""

    seasons: tuple[tuple[float, Chooser], ...] = ()
    kind = "seasonal"

    def current(self, view: View) -> Chooser:
        if len(self.seasons) == 1:
            return self.seasons[0][1]
        estimate = view.estimate()
        for threshold, chooser in self.seasons:
            if threshold <= estimate:
                return chooser
        return self.seasons[-1][1]

    def best(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        return self.current(view).best(options, view, rng)

    def worst(self, options: Sequence[Option], view: View, rng: Rng) -> int:
        return self.current(view).worst(options, view, rng)

    def cards(self) -> set[str]:
        return set().union(*(chooser.cards() for _, chooser in self.seasons)) if self.seasons else set()

    def to_data(self) -> dict:
        return {"seasonal": [{"threshold": _plain_number(t), **chooser.to_data()} for t, chooser in self.seasons]}


def _plain_number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else float(x)


# ---------------------------------------------------------------- game-end estimate

ESTIMATE_FACTOR = 2.5
PROVINCE_COST = 8


def game_end_estimate(supply: Mapping[str, int], costs: Mapping[str, int]) -> float:
    """2.5 x the least coins still to spend to end the game: the smaller of 8 x Provinces left and the cheapest
    total cost of emptying three supply piles (each card counted at least 1), so 5 Provinces left reads 100."""
    provinces = PROVINCE_COST * supply.get("Province", 0)
    piles = sorted([count * costs[card] or count for card, count in supply.items()])  # cost 0 counts 1 per card
    three = piles[0] + piles[1] + piles[2] if len(piles) >= 3 else sum(piles)
    return ESTIMATE_FACTOR * min(provinces, three)


# ---------------------------------------------------------------- mutation (spec section 3)

RATE = 0.5
STRENGTH = 1.0
ADD_LAMBDA = -math.log(2) / 4  # P(add) = e^(l m) with m cards in use: 1 at m = 0, 1/2 at m = 4


def gauss(rng: Rng) -> float:
    """N(0, 1) by Box-Muller from the project's seeded generator (it has no normal draw of its own)."""
    u = 1.0 - rng.random()  # (0, 1]: log is finite
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * rng.random())


def unit_open(rng: Rng) -> float:
    """U(0, 1]: a new card's value is never 0."""
    return 1.0 - rng.random()


def _adds(m: int, universe_size: int, rng: Rng) -> bool:
    """Whether a set change adds (else removes): always add with none used, always remove with all used."""
    if m == 0:
        return True
    if m >= universe_size:
        return False
    return rng.random() < math.exp(ADD_LAMBDA * m)


def normalise(values: dict[str, float]) -> dict[str, float]:
    total = sum(values.values())
    return {card: v / total for card, v in values.items()} if total > 0 else {}


def mutate_ratios(ratios: Mapping[str, float], universe: Sequence[str], rng: Rng,
                  rate: float = RATE, strength: float = STRENGTH) -> dict[str, float]:
    """Half the time rescale values by e^x (x ~ N(0, strength), each with probability `rate`), else add or remove
    one card (a new one gets U(0, 1]); renormalised to sum 1."""
    out = dict(ratios)
    if rng.random() < 0.5:
        for card in list(out):
            if rng.random() < rate:
                out[card] *= math.exp(strength * gauss(rng))
    else:
        unused = [card for card in universe if card not in out]
        if _adds(len(out), len(out) + len(unused), rng):
            out[rng.choice(unused)] = unit_open(rng)
        else:
            del out[rng.choice(list(out))]
    return normalise(out)


def mutate_ranks(ranks: Sequence[str], universe: Sequence[str], rng: Rng,
                 rate: float = RATE, strength: float = STRENGTH) -> tuple[str, ...]:
    """Half the time add (at a random position) or remove one card, else jitter positions: each card with
    probability `rate` gets key position + 3x (x ~ N(0, strength)), the others their position; sort by key."""
    out = list(ranks)
    if rng.random() < 0.5:
        unused = [card for card in universe if card not in out]
        if _adds(len(out), len(out) + len(unused), rng):
            out.insert(rng.randrange(len(out) + 1), rng.choice(unused))
        else:
            out.pop(rng.randrange(len(out)))
        return tuple(out)
    keys = [p + 3.0 * strength * gauss(rng) if rng.random() < rate else float(p) for p in range(len(out))]
    order = sorted(range(len(out)), key=lambda p: (keys[p], p))
    return tuple(out[p] for p in order)


def mutate_chooser(chooser: Chooser, universe: Sequence[str], rng: Rng) -> Chooser:
    """One chooser's chromosome mutated (random has none and comes back as it is; seasonal mutates each part with
    probability 1/2, at least one, thresholds unchanged)."""
    if isinstance(chooser, RanksChooser):
        return RanksChooser(mutate_ranks(chooser.ranks, universe, rng))
    if isinstance(chooser, RatiosChooser):
        return RatiosChooser(mutate_ratios(chooser.ratios, universe, rng))
    if isinstance(chooser, WeightedChooser):
        return WeightedChooser(mutate_ratios(chooser.weights, universe, rng))
    if isinstance(chooser, SeasonalChooser):
        chosen = pick_parts(len(chooser.seasons), rng)
        return SeasonalChooser(tuple((t, mutate_chooser(c, universe, rng) if i in chosen else c)
                                     for i, (t, c) in enumerate(chooser.seasons)))
    return chooser


def pick_parts(n: int, rng: Rng) -> set[int]:
    """Each of n parts with probability 1/2; when none is drawn, one uniformly (a mutation always changes
    something it can)."""
    if n == 0:
        return set()
    chosen = {i for i in range(n) if rng.random() < 0.5}
    return chosen or {rng.randrange(n)}
