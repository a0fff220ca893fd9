"""ExtremalAgent: every Dominion prompt answered by the best or the worst option of a genome's two choosers.

`extremal:genome=PATH` (a genome YAML, see genome.py). Decision kinds map to choosers (spec section 3):

| kind | answer |
|---|---|
| buy, gain, thief-trash | gaining best (thief-trash: the opponent loses, and we may gain, the card we value most) |
| thief-gain | gain the card when gaining best picks it among (card, no card) |
| trash | gaining worst (Chapel stops when worst says "no card") |
| topdeck | gaining worst (the Victory card we value least goes back) |
| action, throne | playing best |
| discard | playing worst |
| treasure | "all" |
| reveal (Moat) | yes |
| spy | the card is "good" when gaining best picks it among (card, no card): discard an opponent's good card and my own bad one, keep the rest |
| set-aside (Library) | keep the action only when actions remain and playing best would play it; else set it aside and draw |
| chancellor | yes (the deck goes to the discard pile: newly gained cards come round sooner) |

`explore=P` (default 0): each buy is, with probability P, uniform over the legal buys (no buy included) instead of
the genome's: behaviour data for value networks, which must see the buys the genome never makes.

Unknown kinds (engine additions) get a uniform choice. The genome's cards are checked against the game's supply the
first time the agent meets each kingdom.
"""

from __future__ import annotations

from typing import Any

from cardlab.agents.base import Agent
from cardlab.agents.dominion.choosers import Option, game_end_estimate
from cardlab.agents.dominion.genome import Genome, card_costs, load_genome
from cardlab.engine.core import Action
from cardlab.runtime import UserError


class _View:
    """The chooser's window on the observation, each figure computed at most once per decision."""

    __slots__ = ("state", "player", "costs", "_owned", "_total", "_estimate")

    def __init__(self, state: Any, player: int, costs: dict[str, int]) -> None:
        self.state, self.player, self.costs = state, player, costs
        self._owned: dict[str, int] | None = None
        self._total = -1
        self._estimate = -1.0

    def owned(self) -> dict[str, int]:
        if self._owned is None:
            self._owned = self.state.owned_counts(self.player)
        return self._owned

    def owned_total(self) -> int:
        if self._total < 0:
            self._total = sum(self.owned().values())
        return self._total

    def estimate(self) -> float:
        if self._estimate < 0:
            self._estimate = game_end_estimate(self.state.supply_counts(), self.costs)
        return self._estimate


class ExtremalAgent(Agent):
    name = "extremal"

    def __init__(self, seed: int = 0, genome: str = "", explore: float = 0.0) -> None:
        """`genome` names a genome YAML file (or a model-zoo name)."""
        if not genome:
            raise UserError("agent 'extremal': needs genome=PATH (a genome YAML file)")
        if not 0.0 <= explore <= 1.0:
            raise UserError(f"agent 'extremal': explore must be in [0, 1], got {explore}")
        super().__init__(seed, genome=genome, **({"explore": explore} if explore else {}))
        self._setup(load_genome(genome), f"genome {genome}")
        self.explore = float(explore)

    @classmethod
    def from_genome(cls, genome: Genome, seed: int = 0, source: str = "genome") -> "ExtremalAgent":
        """An agent for an in-memory genome (tests, evolution helpers)."""
        agent = cls.__new__(cls)
        Agent.__init__(agent, seed)
        agent._setup(genome, source)
        agent.explore = 0.0
        return agent

    def _setup(self, genome: Genome, source: str) -> None:
        self.genome = genome
        self.source = source
        self.costs = card_costs()
        self._checked_supply: frozenset[str] | None = None
        g, p = genome.gaining, genome.playing
        self._handlers = {
            "buy": (g, True), "gain": (g, True), "thief-trash": (g, True), "trash": (g, False),
            "topdeck": (g, False), "action": (p, True), "throne": (p, True), "discard": (p, False),
        }

    def act(self, observation: Any) -> Action:
        decision = observation.decision()
        legal = observation.legal_actions()
        options = decision.options
        kind = decision.kind
        if self._checked_supply is None:
            self._check_supply(observation)
        view = _View(observation, decision.player, self.costs)
        handler = self._handlers.get(kind)
        if kind == "buy" and self.explore and self.rng.random() < self.explore:
            return legal[self.rng.randrange(len(legal))]
        if handler is not None:
            chooser, best = handler
            i = chooser.best(options, view, self.rng) if best else chooser.worst(options, view, self.rng)
        elif kind == "treasure":
            i = _find(options, "all", default=0)
        elif kind == "reveal" or kind == "chancellor":
            i = _find(options, "yes", default=0)
        elif kind == "thief-gain":
            i = self.genome.gaining.best(options, view, self.rng)
        elif kind == "spy":
            i = self._spy(decision, options, view)
        elif kind == "set-aside":
            i = self._set_aside(observation, options, view)
        else:
            i = self.rng.randrange(len(options))
        return legal[i]

    def _good(self, card: str, view: _View) -> bool:
        """Whether gaining best would take `card` over nothing."""
        return self.genome.gaining.best((card, None), view, self.rng) == 0

    def _spy(self, decision: Any, options: tuple[Option, ...], view: _View) -> int:
        good = self._good(decision.card, view) if decision.card is not None else False
        mine = decision.target is None or decision.target == decision.player
        want = ("keep" if good else "discard") if mine else ("discard" if good else "keep")
        return _find(options, want, default=0)

    def _set_aside(self, observation: Any, options: tuple[Option, ...], view: _View) -> int:
        card = next((o for o in options if o is not None), None)
        actions = getattr(observation, "actions", 0)
        actions = actions() if callable(actions) else actions
        if card is not None and isinstance(actions, int) and actions > 0:
            if self.genome.playing.best((card, None), view, self.rng) == 0:
                return _find(options, None, default=0)
        return _find(options, card, default=0)

    def _check_supply(self, observation: Any) -> None:
        supply = frozenset(observation.supply_counts())
        self.genome.check_supply(supply, self.source)
        self._checked_supply = supply

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        self._checked_supply = None  # the next game may have another kingdom


def _find(options: tuple[Option, ...], label: Option, default: int) -> int:
    for i, option in enumerate(options):
        if option == label:
            return i
    return default

