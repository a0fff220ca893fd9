"""`rich`: what a good evaluator should see that seed96 lacks (mana, overload, weapon, armor, hero power,
fatigue, keywords, card ids of minions and of the own hand, ...).

Card ids are "embeddings-ready": an integer index into `card_vocabulary()` (0 = empty slot), stored as
float32 like every feature. The enemy hand appears only as a count (it is hidden to `player`).
"""

from __future__ import annotations

from functools import lru_cache

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.carddb import CLASSES, card_db

from cardlab.engine.features import Encoder
from cardlab.engine.hearthstone.features.seed96 import attack_available

MINION_FIELDS = ("present", "card", "attack", "health", "max_health", "can_attack", "taunt", "divine_shield",
                 "stealth", "windfury", "frozen", "silenced", "enraged", "charge", "exhausted", "spell_damage",
                 "attacks_made")
PLAYER_FIELDS = ("hero_health", "hero_max_health", "armor", "hero_attack", "hero_frozen", "hero_attacks_made",
                 "weapon_attack", "weapon_durability", "weapon_card", "mana", "max_mana", "overload_owed",
                 "overload_locked", "hero_power_used", "fatigue", "cards_played", "hand_count", "deck_count",
                 "minion_count", "total_minion_attack", "total_minion_health", "taunt_count", "spell_damage",
                 "attack_available")
HAND_SLOTS = 10


@lru_cache(maxsize=1)
def card_vocabulary() -> dict[str, int]:
    """Card id -> index (1-based, by dbf id, then id), fixed for a card-data version."""
    cards = sorted(card_db(), key=lambda c: (c.dbf_id, c.id))
    return {c.id: i + 1 for i, c in enumerate(cards)}


class RichEncoder(Encoder):
    name = "rich"
    version = 1

    def __init__(self) -> None:
        super().__init__()
        self._vocab = card_vocabulary()

    def _names(self) -> list[str]:
        names: list[str] = []
        for side in ("own", "enemy"):
            names += [f"{side}_{f}" for f in PLAYER_FIELDS]
            names += [f"{side}_class_{c.lower()}" for c in CLASSES]
            for i in range(7):
                names += [f"{side}_minion{i}_{f}" for f in MINION_FIELDS]
        names += [f"own_hand{i}_card" for i in range(HAND_SLOTS)]
        names += [f"own_hand{i}_cost" for i in range(HAND_SLOTS)]
        return names + ["turn", "my_turn", "terminal"]

    def _player(self, p, state) -> list[float]:
        h = p.hero
        w = p.weapon
        board = p.board
        row = [h.health, h.max_health, h.armor, p.hero_attack(), 1 if h.frozen else 0, h.attacks_made,
               w.attack if w else 0, w.durability if w else 0, self._vocab.get(w.card.id, 0) if w else 0,
               p.mana, p.max_mana, p.overload_owed, p.overload_locked, 1 if p.hero_power_used else 0, p.fatigue,
               p.cards_played, len(p.hand), len(p.deck), len(board), sum(m.attack for m in board),
               sum(m.health for m in board), sum(1 for m in board if m.taunt),
               sum(m.spell_damage for m in board if not m.silenced), attack_available(p)]
        row += [1 if h.card_class == c else 0 for c in CLASSES]
        vocab = self._vocab
        for m in board:
            row += [1, vocab.get(m.card.id, 0), m.attack, m.health, m.max_health, 1 if m.can_attack() else 0,
                    1 if m.taunt else 0, 1 if m.divine_shield else 0, 1 if m.stealth else 0,
                    1 if m.has_windfury else 0, 1 if m.frozen else 0, 1 if m.silenced else 0,
                    1 if m.enraged else 0, 1 if (m.charge or m.aura_charge) else 0, 1 if m.exhausted else 0,
                    m.spell_damage, m.attacks_made]
        row += [0] * (len(MINION_FIELDS) * (7 - len(board)))
        return row

    def values(self, state, player: int, rng: Rng | None = None) -> list[float]:
        me = state.players[player]
        row = self._player(me, state) + self._player(state.players[1 - player], state)
        hand = me.hand[:HAND_SLOTS]
        pad = [0] * (HAND_SLOTS - len(hand))
        row += [self._vocab.get(c.id, 0) for c in hand] + pad
        row += [state.cost(player, c) for c in hand] + pad
        row += [state.turn, 1 if state.current == player else 0, 1 if state.terminal else 0]
        return row
