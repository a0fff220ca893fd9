"""`rich`: what a good evaluator should see that seed96 lacks (mana, overload, weapon, armor, hero power,
fatigue, keywords, card ids of minions and of the own hand, ...).

Card ids are "embeddings-ready": an integer index into `card_vocabulary()` (0 = empty slot), stored as
float32 like every feature. The enemy hand appears only as a count (it is hidden to `player`). The vocabulary
follows the card data (new cards renumber the others), so data files and checkpoints keep the list they were
made with and an evaluator codes cards with it (`use_vocabulary`; a card it lacks codes as 0).

Speed (the search encodes every leaf): a row is built as two lists, the card indices (up to the vocabulary size)
and everything else (small non-negative integers, which convert to float32 through a byte buffer, see rows.py);
`encode_many` converts a whole batch at once and puts the columns in feature order with one numpy gather.
Each engine property (a minion's attack, health, can_attack) is read once per minion.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Sequence

import numpy as np

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.carddb import CLASSES, card_db

from cardlab.engine.features import Encoder
from cardlab.engine.hearthstone.features.rows import small_ints_to_float32

MINION_FIELDS = ("present", "card", "attack", "health", "max_health", "can_attack", "taunt", "divine_shield",
                 "stealth", "windfury", "frozen", "silenced", "enraged", "charge", "exhausted", "spell_damage",
                 "attacks_made")
PLAYER_FIELDS = ("hero_health", "hero_max_health", "armor", "hero_attack", "hero_frozen", "hero_attacks_made",
                 "weapon_attack", "weapon_durability", "weapon_card", "mana", "max_mana", "overload_owed",
                 "overload_locked", "hero_power_used", "fatigue", "cards_played", "hand_count", "deck_count",
                 "minion_count", "total_minion_attack", "total_minion_health", "taunt_count", "spell_damage",
                 "attack_available")
HAND_SLOTS = 10
BOARD_SLOTS = 7
_MINION_SMALL = len(MINION_FIELDS) - 1  # the card index goes to the id list
_EMPTY_MINION = (0,) * _MINION_SMALL
_EMPTY_SLOT_IDS = (0,) * BOARD_SLOTS


@lru_cache(maxsize=1)
def card_vocabulary() -> dict[str, int]:
    """Card id -> index (1-based, by dbf id, then id), fixed for a card-data version. The hidden-card placeholder,
    which the card db gains only once a first observation is made, never has a code (no row shows it)."""
    from cardlab.engine.hearthstone.state import HIDDEN_ID

    cards = sorted((c for c in card_db() if c.id != HIDDEN_ID), key=lambda c: (c.dbf_id, c.id))
    return {c.id: i + 1 for i, c in enumerate(cards)}


class RichEncoder(Encoder):
    name = "rich"
    version = 1

    def __init__(self) -> None:
        super().__init__()
        self._vocab = card_vocabulary()
        self._class_rows = {c: tuple(1 if c == k else 0 for k in CLASSES) for c in CLASSES}
        # Internal order: the small-integer features in feature order, then the card indices in feature order.
        is_card = [n.endswith("_card") for n in self.feature_names]
        small = [j for j, card in enumerate(is_card) if not card]
        cards = [j for j, card in enumerate(is_card) if card]
        self._n_small = len(small)
        self._n_cards = len(cards)
        internal = small + cards
        position = {j: i for i, j in enumerate(internal)}
        self._to_features = np.asarray([position[j] for j in range(self.dim)], dtype=np.intp)
        self._gather = itemgetter(*self._to_features.tolist())

    def vocabulary(self) -> list[str]:
        return sorted(self._vocab, key=self._vocab.__getitem__)

    def use_vocabulary(self, ids: Sequence[str]) -> None:
        self._vocab = {card_id: i + 1 for i, card_id in enumerate(ids)}

    def _names(self) -> list[str]:
        names: list[str] = []
        for side in ("own", "enemy"):
            names += [f"{side}_{f}" for f in PLAYER_FIELDS]
            names += [f"{side}_class_{c.lower()}" for c in CLASSES]
            for i in range(BOARD_SLOTS):
                names += [f"{side}_minion{i}_{f}" for f in MINION_FIELDS]
        names += [f"own_hand{i}_card" for i in range(HAND_SLOTS)]
        names += [f"own_hand{i}_cost" for i in range(HAND_SLOTS)]
        return names + ["turn", "my_turn", "terminal"]

    # ------------------------------------------------------------ building rows

    def _side(self, p, small: list, cards: list) -> None:
        """One player's block: PLAYER_FIELDS, the class one-hot, then BOARD_SLOTS minion slots."""
        vocab = self._vocab
        h = p.hero
        w = p.weapon
        board = p.board
        hero_attack = p.hero_attack()
        minions: list = []
        minion_cards: list = []
        total_attack = total_health = taunts = spell_damage = available = 0
        for m in board:
            attack = m.attack
            health = m.health
            can = m.can_attack()
            windfury = m.has_windfury
            made = m.attacks_made
            taunt = 1 if m.taunt else 0
            silenced = 1 if m.silenced else 0
            total_attack += attack
            total_health += health
            taunts += taunt
            if not silenced:
                spell_damage += m.spell_damage
            if can:  # as seed96.attack_available: the damage this minion could still deal this turn
                available += attack * ((2 if windfury else 1) - made)
            minions += (1, attack, health, m.max_health, 1 if can else 0, taunt, 1 if m.divine_shield else 0,
                        1 if m.stealth else 0, 1 if windfury else 0, 1 if m.frozen else 0, silenced,
                        1 if m.enraged else 0, 1 if (m.charge or m.aura_charge) else 0, 1 if m.exhausted else 0,
                        m.spell_damage, made)
            minion_cards.append(vocab.get(m.card.id, 0))
        if hero_attack > 0 and not h.frozen:  # the hero's part of seed96.attack_available
            limit = 2 if (w is not None and w.card.windfury) else 1
            if h.attacks_made < limit:
                available += hero_attack * (limit - h.attacks_made)
        empty = BOARD_SLOTS - len(board)
        if w is not None:
            small += (h.health, h.max_health, h.armor, hero_attack, 1 if h.frozen else 0, h.attacks_made,
                      w.attack, w.durability)
            weapon_card = vocab.get(w.card.id, 0)
        else:
            small += (h.health, h.max_health, h.armor, hero_attack, 1 if h.frozen else 0, h.attacks_made, 0, 0)
            weapon_card = 0
        cards.append(weapon_card)  # feature order: the weapon's card, then the minions'
        cards += minion_cards
        cards += _EMPTY_SLOT_IDS[:empty]
        small += (p.mana, p.max_mana, p.overload_owed, p.overload_locked, 1 if p.hero_power_used else 0, p.fatigue,
                  p.cards_played, len(p.hand), len(p.deck), len(board), total_attack, total_health, taunts,
                  spell_damage, available)
        small += self._class_rows.get(h.card_class, _NO_CLASS)
        small += minions
        small += _EMPTY_MINION * empty

    def _append(self, state, player: int, small: list, cards: list) -> None:
        """Append one state's row to the batch lists (small features, card indices), each in feature order."""
        me = state.players[player]
        self._side(me, small, cards)
        self._side(state.players[1 - player], small, cards)
        hand = me.hand[:HAND_SLOTS]
        pad = (0,) * (HAND_SLOTS - len(hand))
        vocab = self._vocab
        cards += [vocab.get(c.id, 0) for c in hand]
        cards += pad
        cost = state.cost
        small += [cost(player, c) for c in hand]
        small += pad
        small += (state.turn, 1 if state.current == player else 0, 1 if state.terminal else 0)

    def values(self, state, player: int, rng: Rng | None = None) -> list[float]:
        small: list = []
        cards: list = []
        self._append(state, player, small, cards)
        return list(self._gather(small + cards))

    def encode(self, state, player: int, rng: Rng | None = None) -> np.ndarray:
        return self.encode_many([state], player)[0]

    def encode_many(self, states: Sequence, player: int | Sequence[int], rng: Rng | None = None) -> np.ndarray:
        """Rows for many states (`player`: one seat for all or one per state), converted once per batch."""
        players = [player] * len(states) if isinstance(player, int) else list(player)
        if len(players) != len(states):
            raise ValueError(f"{len(states)} states but {len(players)} players")
        n = len(states)
        small: list = []
        cards: list = []
        append = self._append
        for s, p in zip(states, players):
            append(s, p, small, cards)
        internal = np.empty((n, self.dim), dtype=np.float32)
        internal[:, :self._n_small] = small_ints_to_float32(small, n, self._n_small)
        internal[:, self._n_small:] = np.asarray(cards, dtype=np.float32).reshape(n, self._n_cards)
        return internal[:, self._to_features]


_NO_CLASS = (0,) * len(CLASSES)  # a hero class outside CLASSES (none today) sets no class feature
