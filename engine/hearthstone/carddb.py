"""Card facts from the committed JSON table, plus the behaviour each card module attaches.

One `CardDef` object exists per card id; states hold references to it, never copies. The one
exception is a card's hidden copy (`hidden_copy_of`): the same card, put in a hand by an effect the
opponent does not see (Mind Vision), so that the opponent's view of that hand does not name it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from importlib.resources import files
from pathlib import Path
from typing import Any, Callable, Iterable

from cardlab.runtime import UserError

DATA_FILE = Path(str(files(__package__).joinpath("data", "cards.json")))  # package data

MINION, SPELL, WEAPON, HERO_POWER = "MINION", "SPELL", "WEAPON", "HERO_POWER"
CLASSES = ("DRUID", "HUNTER", "MAGE", "PALADIN", "PRIEST", "ROGUE", "SHAMAN", "WARLOCK", "WARRIOR")
HERO_POWER_IDS = {
    "WARRIOR": "VAN_HERO_01bp",
    "SHAMAN": "VAN_HERO_02bp",
    "ROGUE": "VAN_HERO_03bp",
    "PALADIN": "VAN_HERO_04bp",
    "HUNTER": "VAN_HERO_05bp",
    "DRUID": "VAN_HERO_06bp",
    "WARLOCK": "VAN_HERO_07bp",
    "MAGE": "VAN_HERO_08bp",
    "PRIEST": "VAN_HERO_09bp",
}
COIN_ID = "GAME_005"
# In an observation's unknown pool: a copy of one of the observer's own cards, which one unknown.
HIDDEN_COPY_ID = "HIDDEN_COPY"

# Text made only of these keywords needs no script: the keywords come from the card data.
_KEYWORDS = re.compile(r"taunt|charge|divine shield|windfury|stealth|spell damage \+\d|overload: \(\d+\)")


class CardError(UserError):
    """A card name or id the engine does not know, or cannot play."""


class CardDef:
    """Facts (from hearthstone-data) and behaviour (from cards/*.py) of one card."""

    __slots__ = (
        # facts
        "id", "dbf_id", "name", "type", "card_class", "rarity", "cost", "attack", "health",
        "durability", "race", "collectible", "mechanics", "text", "spell_damage", "overload",
        "play_requirements", "taunt", "charge", "divine_shield", "windfury", "stealth",
        # behaviour
        "scripted", "target", "effect", "deathrattle", "triggers", "aura", "enrage_attack",
        "enrage_windfury", "requires", "choices", "combo", "cost_mod", "adjacency",
        # a copy whose identity the opponent does not know (hidden_copy_of)
        "hidden_copy",
        # no deck holds it (a token, a generated card, a hidden copy): hidden in a hand, it can only be in the hand
        "hand_only",
        # how search keys name the card in a hand: its id, with its cost when an effect changed that
        "hand_key",
    )

    def __init__(self, facts: dict[str, Any]) -> None:
        self.id: str = facts["id"]
        self.hand_key: str = self.id
        self.dbf_id: int = facts["dbf_id"]
        self.name: str = facts["name"]
        self.type: str = facts["type"]
        self.card_class: str = facts["card_class"]
        self.rarity: str = facts["rarity"]
        self.cost: int = facts["cost"]
        self.attack: int = facts["attack"]
        self.health: int = facts["health"]
        self.durability: int = facts["durability"]
        self.race: str = facts["race"]
        self.collectible: bool = facts["collectible"]
        self.mechanics: frozenset[str] = frozenset(facts["mechanics"])
        self.text: str = facts["text"]
        self.spell_damage: int = facts["spell_damage"]
        self.overload: int = facts["overload"]
        # REQ_* name -> parameter: conditions on the game for playing the card (dsl.play_condition)
        self.play_requirements: dict[str, int] = facts.get("play_requirements") or {}
        m = self.mechanics
        self.taunt = "TAUNT" in m
        self.charge = "CHARGE" in m
        self.divine_shield = "DIVINE_SHIELD" in m
        self.windfury = "WINDFURY" in m
        self.stealth = "STEALTH" in m
        self.scripted = False
        self.target = None  # TargetRule: required for spells/hero powers, optional for battlecries
        self.effect: Callable | None = None  # spell / hero power / battlecry body: effect(ctx)
        self.deathrattle: Callable | None = None
        self.triggers: dict[str, Callable] = {}
        self.aura: Callable | None = None  # aura(state, source_minion): adds to aura_* fields
        self.enrage_attack = 0
        self.enrage_windfury = False
        self.requires: Callable | None = None  # requires(state, player) -> bool: extra play condition
        self.choices: tuple["CardDef", ...] = ()  # Choose One options
        self.combo: Callable | None = None  # effect used instead of `effect` when a card was played earlier this turn
        self.cost_mod: Callable | None = None  # cost_mod(state, player) -> cost delta while in hand
        self.adjacency = False  # position on the board matters for this card
        self.hidden_copy = False
        self.hand_only = not self.collectible  # decks hold collectible cards only (decks.validate)

    @property
    def implemented(self) -> bool:
        """Scripted, or a minion/weapon whose whole text is keywords the data already carries."""
        if self.scripted:
            return True
        return self.type in (MINION, WEAPON) and not _KEYWORDS.sub("", self.text.lower()).strip(" .,")

    def __repr__(self) -> str:
        return f"<{self.name} {self.id}>"

    def __reduce__(self):
        # Pickled as a reference: the receiving process has the same table (and scripts).
        if self.hidden_copy:
            return (_hidden_copy_by_id, (self.id,))
        return (_card_by_id, (self.id,))


def _card_by_id(card_id: str) -> "CardDef":
    if card_id == "HIDDEN":
        from cardlab.engine.hearthstone.state import hidden_card

        return hidden_card()
    return card_db().by_id[card_id]


def _hidden_copy_by_id(card_id: str) -> "CardDef":
    return hidden_copy_of(card_db().by_id[card_id])


def hidden_copy_of(card: CardDef) -> CardDef:
    """The card as a copy the opponent cannot identify: it plays exactly like `card`, but the
    opponent's unknown pool lists it as HIDDEN_COPY_ID (see `public_id`). One per card id."""
    # A copy is of the printed card: a cost change stays with the original (Shadowstep, Freezing Trap), and the
    # cache keyed by id must never hand that change to later copies (in this game or the next)
    card = getattr(card, "base", card)
    if card.hidden_copy:
        return card
    copies = card_db().hidden_copies
    twin = copies.get(card.id)
    if twin is None:
        twin = CardDef.__new__(CardDef)
        for name in CardDef.__slots__:
            setattr(twin, name, getattr(card, name))
        twin.hidden_copy = True
        twin.hand_only = True  # only Thoughtsteal and Mind Vision make copies, both into a hand
        copies[card.id] = twin
    return twin


# Cards a player only ever gets at random from a known set, unseen by the opponent (Ysera's Dream cards, the
# Elite Tauren Chieftain's Power Chords): in the opponent's unknown pool each shows as its set's marker, and a
# determinization draws one of the set at random (pool_cards).
RANDOM_SETS: dict[str, tuple[str, ...]] = {
    "HIDDEN_DREAM": ("VAN_DREAM_01", "VAN_DREAM_02", "VAN_DREAM_03", "VAN_DREAM_04", "VAN_DREAM_05"),
    "HIDDEN_POWER_CHORD": ("PRO_001a", "PRO_001b", "VAN_PRO_001c"),
}
_RANDOM_SET_OF = {card_id: marker for marker, ids in RANDOM_SETS.items() for card_id in ids}


def public_id(card: CardDef) -> str:
    """How a hidden card of a player's hand or deck shows in the opponent's unknown pool."""
    if card.hidden_copy:
        return HIDDEN_COPY_ID
    return _RANDOM_SET_OF.get(card.id, card.id)


_HAND_ONLY_IDS: frozenset[str] | None = None


def hand_only_ids() -> frozenset[str]:
    """The public ids (`public_id`) of the cards only a hand can hold: hidden copies, RANDOM_SETS markers and the
    cards no deck holds (`CardDef.hand_only`). Built once."""
    global _HAND_ONLY_IDS
    if _HAND_ONLY_IDS is None:
        _HAND_ONLY_IDS = frozenset([HIDDEN_COPY_ID, *RANDOM_SETS,
                                    *(c.id for c in card_db().by_id.values() if c.hand_only)])
    return _HAND_ONLY_IDS


def pool_cards(ids, own_hand: list, rng, sources: tuple[str, ...] = ()) -> list:
    """The cards of an opponent's unknown pool, for a determinization: a hidden copy (HIDDEN_COPY_ID) becomes a
    copy of a random id of `sources` (the observer's cards it was copied from, HearthstoneState.copy_sources; drawn
    without replacement, as Thoughtsteal copies different cards of a deck), or without those of a random card of
    `own_hand` (the observer's hand, where Mind Vision takes it from)."""
    db = card_db()
    out = []
    left: list[str] = []
    for c in ids:
        if c == HIDDEN_COPY_ID:
            if sources:
                if not left:
                    left = list(sources)
                out.append(hidden_copy_of(db.by_id[left.pop(rng.randrange(len(left)))]))
                continue
            if own_hand:
                out.append(hidden_copy_of(rng.choice(own_hand)))
                continue
            from cardlab.engine.hearthstone.state import hidden_card

            out.append(hidden_card())
        elif c in RANDOM_SETS:
            out.append(db.get(rng.choice(RANDOM_SETS[c])))
        else:
            out.append(db.get(c))
    return out


def _fold(name: str) -> str:
    """Case-, accent- and punctuation-insensitive key: "Sen'jin Shieldmasta" == "senjin shieldmasta"."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return "".join(ch for ch in text if ch.isalnum())


class CardDb:
    """All cards of the table, by id, dbf id and collectible name."""

    def __init__(self, path: Path = DATA_FILE) -> None:
        payload = json.loads(path.read_text(encoding="utf-8"))
        self.source_version: str = payload.get("source_version", "")
        self.by_id: dict[str, CardDef] = {}
        self.by_dbf: dict[int, CardDef] = {}
        self.by_name: dict[str, CardDef] = {}
        self.hidden_copies: dict[str, CardDef] = {}  # card id -> its hidden copy (hidden_copy_of)
        for facts in payload["cards"]:
            card = CardDef(facts)
            self.by_id[card.id] = card
            self.by_dbf[card.dbf_id] = card
            if card.collectible:
                self.by_name[_fold(card.name)] = card
        self.coin = self.by_id[COIN_ID]

    def get(self, key: str | int) -> CardDef:
        """A card by id, dbf id or collectible name; CardError names what was not found."""
        if isinstance(key, int):
            card = self.by_dbf.get(key)
        else:
            card = self.by_id.get(key) or self.by_name.get(_fold(key))
        if card is None:
            hint = self.suggest(str(key))
            raise CardError(f"unknown card {key!r}" + (f" (did you mean {hint!r}?)" if hint else ""))
        return card

    def suggest(self, name: str) -> str | None:
        import difflib

        key = _fold(name)
        names = {_fold(c.name): c.name for c in self.collectible()}
        match = difflib.get_close_matches(key, list(names), n=1, cutoff=0.75)
        return names[match[0]] if match else None

    def collectible(self) -> list[CardDef]:
        return [c for c in self.by_id.values() if c.collectible]

    def __iter__(self) -> Iterable[CardDef]:
        return iter(self.by_id.values())


_DB: CardDb | None = None


def card_db() -> CardDb:
    """The shared card database with every card module's behaviour attached."""
    global _DB
    if _DB is None:
        _DB = CardDb()
        from cardlab.engine.hearthstone import cards  # attaches scripts; imported late to avoid a cycle

        cards.attach_all(_DB)
    return _DB
