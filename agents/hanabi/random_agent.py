"""The source's `random` agent: uniform over the kind of move first, then over its card or hint.

It differs from uniform over legal actions (cardlab's generic `random`): with 8 tokens the generic one hints far more
often than it plays, because there are many more legal hints than plays.
"""

from __future__ import annotations

from cardlab.agents.base import Agent
from cardlab.engine.hanabi.state import HanabiState


class RandomHanabiAgent(Agent):
    """Play, discard or hint with equal chance (discard only when allowed, hint only with a token left); then a
    uniform card, or a uniform other player, one of their cards, and its colour or its rank (1/2 each)."""

    name = "random"

    def act(self, observation: HanabiState) -> int:
        kinds = ["play"]
        if observation.discard_allowed():
            kinds.append("discard")
        if self.can_hint(observation):
            kinds.append("hint")
        kind = kinds[self.rng.randrange(len(kinds))]
        if kind == "play":
            return self.random_play(observation)
        if kind == "discard":
            return self.random_discard(observation)
        return self.random_hint(observation)

    # ---------------------------------------------------------------- building blocks for the agents after it

    @staticmethod
    def can_hint(observation: HanabiState) -> bool:
        """A token left and another player holding a card."""
        if observation.hint_tokens <= 0:
            return False
        me = observation.current
        return any(hand for p, hand in enumerate(observation.hands) if p != me)

    def random_play(self, observation: HanabiState) -> int:
        return observation.cfg.play(self.rng.randrange(len(observation.hands[observation.current])))

    def random_discard(self, observation: HanabiState) -> int:
        return observation.cfg.discard(self.rng.randrange(len(observation.hands[observation.current])))

    def random_hint(self, observation: HanabiState) -> int:
        """A uniform other player (with cards), one of their cards, then its colour or its rank."""
        cfg = observation.cfg
        me = observation.current
        offsets = [o for o in range(1, cfg.players) if observation.hands[(me + o) % cfg.players]]
        offset = offsets[self.rng.randrange(len(offsets))]
        hand = observation.hands[(me + offset) % cfg.players]
        card = hand[self.rng.randrange(len(hand))]
        if self.rng.randrange(2) == 0:
            return cfg.hint_colour(offset, cfg.colour_of[card])
        return cfg.hint_rank(offset, cfg.rank_of[card])
