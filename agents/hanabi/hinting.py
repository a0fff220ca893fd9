"""The source's `hinting` agent: its hints complete what a teammate needs to play a playable card."""

from __future__ import annotations

from cardlab.agents.hanabi.almost_random import AlmostRandomAgent
from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.state import HanabiState


class HintingAgent(AlmostRandomAgent):
    """As almost-random, but with a token it hints a playable card in another hand whose holder does not know it is
    playable (the rank first when nothing is known of it, else the missing half); with no such card it discards, and
    only when discarding is not allowed gives a random hint.

    Teammates are searched from the next player on (the soonest to act), their cards oldest first.
    """

    name = "hinting"

    def act(self, observation: HanabiState) -> int:
        slot = self.certain_play(observation)
        if slot is not None:
            return observation.cfg.play(slot)
        if self.can_hint(observation):
            hint = self.helpful_hint(observation)
            if hint is not None:
                return hint
        if observation.discard_allowed():
            return self.choose_discard(observation)
        if self.can_hint(observation):
            return self.random_hint(observation)
        return self.random_play(observation)

    def holder_knows_playable(self, observation: HanabiState, player: int, slot: int) -> bool:
        """Whether `player` already knows the card in `slot` is playable (from positive hints)."""
        k = observation.knowledge[player][slot]
        return self.knows_playable(observation, kn.told_colour(k), kn.told_rank(k))

    def helpful_hint(self, observation: HanabiState) -> int | None:
        cfg = observation.cfg
        me = observation.current
        for offset in range(1, cfg.players):
            player = (me + offset) % cfg.players
            for slot, card in enumerate(observation.hands[player]):
                colour, rank = cfg.colour_of[card], cfg.rank_of[card]
                if observation.fireworks[colour] != rank or self.holder_knows_playable(observation, player, slot):
                    continue
                return self.completing_hint(observation, offset, slot)
        return None

    def completing_hint(self, observation: HanabiState, offset: int, slot: int) -> int:
        """The rank unless the holder knows it already, else the colour."""
        cfg = observation.cfg
        player = (observation.current + offset) % cfg.players
        card = observation.hands[player][slot]
        if kn.told_rank(observation.knowledge[player][slot]) < 0:
            return cfg.hint_rank(offset, cfg.rank_of[card])
        return cfg.hint_colour(offset, cfg.colour_of[card])
