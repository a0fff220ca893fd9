"""`rich` (version 1): what a good evaluator should see that seed96 lacks (mana, overload, weapon, armor, hero power,
fatigue, keywords, card ids of minions and of the own hand, ...), 327 values, for the value networks and RL.

Layout. `own` is the encoded `player`, `enemy` the other seat; offsets are 0-based columns, `<i>` a slot number (0
first), `<field>` a name from the field tables below. The test tests/engine/test_encoder_views.py checks these tables
against the code (widths sum to the encoder's width, every offset and field name matches `feature_names`).

    offset  width  columns                  what
    0       24     own_<field>              the player fields (PLAYER_FIELDS, table below) of `player`
    24      9      own_class_<class>        hero class one-hot, CLASSES order: druid, hunter, mage, paladin, priest,
                                            rogue, shaman, warlock, warrior
    33      119    own_minion<i>_<field>    7 board slots x the 17 minion fields (MINION_FIELDS, table below): slot i
                                            at 33 + 17 i, board order (leftmost minion first); slots past the last
                                            minion are all 0
    152     24     enemy_<field>            the same three blocks for the opponent
    176     9      enemy_class_<class>
    185     119    enemy_minion<i>_<field>
    304     10     own_hand<i>_card         card code of `player`'s hand slot i (hand order), 0 = no card
    314     10     own_hand<i>_cost         that card's current mana cost for `player` (auras, cost effects), 0 = no card
    324     1      turn                     the game's turn counter: 1 on the first player's first turn, +1 at every
                                            turn of either player (0 during the mulligan)
    325     1      my_turn                  1 when `player` is the one to move
    326     1      terminal                 1 once the game is over

Player fields (PLAYER_FIELDS; the column is own_<field> at offset +k, enemy_<field> at 152 + k):

    +0   hero_health          the hero's health (max health - damage; armour apart); 0 or less only once dead
    +1   hero_max_health      the hero's maximum health (the game's hero health, 30 by default, unless a card
                              changed it)
    +2   armor                armour
    +3   hero_attack          the hero's attack on its own turn: this turn's bonus + the weapon's attack (>= 0)
    +4   hero_frozen          1 if the hero is frozen
    +5   hero_attacks_made    attacks the hero made this turn
    +6   weapon_attack        the equipped weapon's attack, 0 without a weapon
    +7   weapon_durability    its durability, 0 without a weapon
    +8   weapon_card          its card code, 0 without a weapon
    +9   mana                 mana crystals available now (0-10)
    +10  max_mana             mana crystals (0-10)
    +11  overload_owed        Overload played this turn, locked next turn
    +12  overload_locked      crystals Overload locks this turn
    +13  hero_power_used      1 if the hero power was used this turn
    +14  fatigue              fatigue counter: damage of the last draw from an empty deck (the next deals 1 more)
    +15  cards_played         cards played this turn (Combo)
    +16  hand_count           cards in hand (the only thing the enemy's hidden hand shows)
    +17  deck_count           cards in the deck
    +18  minion_count         minions on the board (0-7)
    +19  total_minion_attack  sum of the minions' attack
    +20  total_minion_health  sum of the minions' health
    +21  taunt_count          minions with Taunt
    +22  spell_damage         Spell Damage of the minions that are not silenced
    +23  attack_available     damage the side could still deal from the current flags (as seed96's): per minion that
                              can attack, attack x attacks left (2 with Windfury, minus attacks made); plus, with
                              hero_attack > 0 and the hero not frozen, hero_attack x attacks left (2 with a Windfury
                              weapon). For the side not to move the flags are those its last turn left.

Minion fields (MINION_FIELDS; slot i's column <side>_minion<i>_<field> at the side's minion offset + 17 i + k):

    +0   present              1 if the slot holds a minion
    +1   card                 the minion's card code
    +2   attack               current attack (buffs, auras, enrage, this turn's bonus; >= 0)
    +3   health               current health (max health - damage)
    +4   max_health           current maximum health (buffs and auras)
    +5   can_attack           1 if it could attack now: not frozen, not exhausted unless it has Charge, attack > 0,
                              not a minion that cannot attack, attacks left
    +6   taunt                1 with Taunt
    +7   divine_shield        1 with Divine Shield
    +8   stealth              1 with Stealth
    +9   windfury             1 with Windfury (an enraged Windfury counts)
    +10  frozen               1 if frozen
    +11  silenced             1 if silenced
    +12  enraged              1 if damaged with an Enrage that is not silenced
    +13  charge               1 with Charge, its own or an aura's
    +14  exhausted            1 while summoning sick: from coming into play (or changing sides) until its
                              owner's next turn starts
    +15  spell_damage         its Spell Damage
    +16  attacks_made         attacks it made this turn

Values are raw, unscaled integers stored as float32: counts, stats, 0/1 flags, and card codes. A card code is the
card's index in the encoder's vocabulary, 1 .. its size (499 cards in `card_vocabulary()`), 0 for an empty slot or a
card the vocabulary lacks; codes are categories, not one-hot. Everything else is small and non-negative (health can go
below 0 only at the end).

Card ids are "embeddings-ready": an integer index into `card_vocabulary()` (0 = empty slot), stored as
float32 like every feature. The enemy hand appears only as a count (it is hidden to `player`). The vocabulary
follows the card data (new cards renumber the others), so data files and checkpoints keep the list they were
made with and an evaluator codes cards with it (`use_vocabulary`; a card it lacks codes as 0).

A row for `player` needs a state in which `player`'s hand is visible: the full state, `player`'s observation or a
determinization of it. Another player's observation hides that hand, and it is refused (ValueError), as Dominion's
`table` and the Hanabi encoders refuse it.

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
        from cardlab.engine.hearthstone.state import HIDDEN_ID

        super().__init__()
        self._vocab = card_vocabulary()
        self._hidden_id = HIDDEN_ID
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
        codes = [vocab.get(c.id, 0) for c in hand]
        if 0 in codes:  # the hidden placeholder has no code (card_vocabulary never lists it): one scan of <= 10 ints
            self._check_visible(hand, player)
        cards += codes
        cards += pad
        cost = state.cost
        small += [cost(player, c) for c in hand]
        small += pad
        small += (state.turn, 1 if state.current == player else 0, 1 if state.terminal else 0)

    def _check_visible(self, hand, player: int) -> None:
        """Refuse another player's observation: it hides `player`'s hand (the placeholder has no code), so the row
        would silently read an empty hand with the placeholder's costs."""
        hidden = self._hidden_id
        if any(c.id == hidden for c in hand):
            raise ValueError(f"player {1 - player}'s observation cannot show player {player}'s (player {player}'s hand "
                             f"is hidden in it)")

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
