"""The source's `almost-random` agent: it plays only what positive hints prove playable, so it never bombs."""

from __future__ import annotations

from cardlab.agents.hanabi.random_agent import RandomHanabiAgent
from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.state import HIDDEN, HanabiState


class AlmostRandomAgent(RandomHanabiAgent):
    """Play a card known playable for certain; else, with a token left, a random hint; else discard a random card
    not known to be of the top rank (any card if all are).

    "Known" means from positive hints alone (the colour and rank hints named for the card), or from seeing the card
    in variants that show players their own cards.
    """

    name = "almost-random"

    def act(self, observation: HanabiState) -> int:
        slot = self.certain_play(observation)
        if slot is not None:
            return observation.cfg.play(slot)
        if self.can_hint(observation):
            return self.choose_hint(observation)
        if observation.discard_allowed():
            return self.choose_discard(observation)
        return self.random_play(observation)  # full tokens and nobody to hint: only plays are legal

    # ---------------------------------------------------------------- what this agent knows about its own cards

    def told(self, observation: HanabiState, slot: int) -> tuple[int, int]:
        """(colour, rank) known for one of my cards, -1 where unknown."""
        me = observation.current
        card = observation.hands[me][slot]
        cfg = observation.cfg
        if card != HIDDEN:
            return cfg.colour_of[card], cfg.rank_of[card]
        k = observation.knowledge[me][slot]
        return kn.told_colour(k), kn.told_rank(k)

    def knows_playable(self, observation: HanabiState, colour: int, rank: int) -> bool:
        """Whether a card known to be (colour, rank) (-1 unknown) is surely playable."""
        fireworks = observation.fireworks
        if rank < 0:
            return False
        if colour >= 0:
            return fireworks[colour] == rank
        return all(height == rank for height in fireworks)

    def certain_play(self, observation: HanabiState) -> int | None:
        for slot in range(len(observation.hands[observation.current])):
            if self.knows_playable(observation, *self.told(observation, slot)):
                return slot
        return None

    def choose_hint(self, observation: HanabiState) -> int:
        return self.random_hint(observation)

    def choose_discard(self, observation: HanabiState) -> int:
        """A random card not known to be of the top rank; a random card if every one is."""
        top = observation.cfg.ranks - 1
        hand = range(len(observation.hands[observation.current]))
        slots = [s for s in hand if self.told(observation, s)[1] != top] or list(hand)
        return observation.cfg.discard(slots[self.rng.randrange(len(slots))])
