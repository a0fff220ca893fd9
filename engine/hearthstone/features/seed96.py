"""`seed96`: the value-network thesis's 96 features (spec section 4), in the spec's order.

own hero health, enemy hero health; 14 minion slots (7 own, then 7 enemy) x [health, attack, can attack now,
taunt, divine shield, present]; own then enemy [total minion attack, minion count, cards in hand, cards in deck];
turn number; total attack available this turn.

Slots follow board order (left to right) by default; `random_slots=true` scatters each side's minions over
random slots as the thesis did to avoid slot bias (the permutation comes from the rng the caller passes, so
datagen stays reproducible). "can attack now" and "attack available" read the current flags, as if `player`
acted now (frozen, exhausted, attacks already made).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from cardlab.engine.core import Rng

from cardlab.engine.features import Encoder, option_value
from cardlab.engine.hearthstone.features.rows import small_ints_to_float32

SLOT_FIELDS = ("health", "attack", "can_attack", "taunt", "divine_shield", "present")
_EMPTY = [0] * 6  # ints, like the filled slots: a batch then converts through rows.small_ints_to_float32


def attack_available(p) -> int:
    """Damage `p`'s characters could still deal this turn from their current flags."""
    total = 0
    for m in p.board:
        if m.can_attack():
            total += m.attack * ((2 if m.has_windfury else 1) - m.attacks_made)
    hero_atk = p.hero_attack()
    if hero_atk > 0 and not p.hero.frozen:
        limit = 2 if (p.weapon is not None and p.weapon.card.windfury) else 1
        if p.hero.attacks_made < limit:
            total += hero_atk * (limit - p.hero.attacks_made)
    return total


class Seed96(Encoder):
    name = "seed96"
    version = 1

    def __init__(self, random_slots: bool = False) -> None:
        self.random_slots = bool(option_value(self.name, "random_slots", random_slots, False))
        super().__init__(**({"random_slots": "true"} if self.random_slots else {}))
        self._rng = Rng(0)

    def reseed(self, seed: int) -> None:
        self._rng = Rng(seed)

    def _names(self) -> list[str]:
        names = ["own_hero_health", "enemy_hero_health"]
        for side in ("own", "enemy"):
            for i in range(7):
                names += [f"{side}_minion{i}_{f}" for f in SLOT_FIELDS]
        for side in ("own", "enemy"):
            names += [f"{side}_total_minion_attack", f"{side}_minion_count", f"{side}_hand_count", f"{side}_deck_count"]
        return names + ["turn", "attack_available"]

    def values(self, state, player: int, rng: Rng | None = None) -> list[float]:
        me = state.players[player]
        opp = state.players[1 - player]
        row = [me.hero.health, opp.hero.health]
        for p in (me, opp):
            slots = [[m.health, m.attack, 1 if m.can_attack() else 0, 1 if m.taunt else 0,
                      1 if m.divine_shield else 0, 1] for m in p.board]
            slots += [_EMPTY] * (7 - len(slots))
            if self.random_slots:
                (rng or self._rng).shuffle(slots)
            for s in slots:
                row += s
        for p in (me, opp):
            row += [sum(m.attack for m in p.board), len(p.board), len(p.hand), len(p.deck)]
        row += [state.turn, attack_available(me)]
        return row

    def encode_many(self, states: Sequence, player: int | Sequence[int], rng: Rng | None = None) -> np.ndarray:
        """Rows for many states (in order, so random slots draw from `rng` as per-state calls would), converted once."""
        players = [player] * len(states) if isinstance(player, int) else list(player)
        if len(players) != len(states):
            raise ValueError(f"{len(states)} states but {len(players)} players")
        flat: list = []
        for s, p in zip(states, players):
            flat += self.values(s, p, rng)
        return small_ints_to_float32(flat, len(states), self.dim)
