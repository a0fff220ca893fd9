"""Dominion base set (first edition): one table of every card, named kingdoms and kingdom parsing.

A card is a small int (its index in CARD_LIST), so hands, decks and supply counts are tuples/lists of ints. Each
kingdom card's effect reads like its text: the "+" fields first (they always come first on base-set cards), then
one named `special` effect that the state runs (state.py, `_special_<name>`).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from cardlab.runtime import UserError


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card. `coins` is a treasure's value or an action's +coins; `vp` a victory card's fixed points."""

    name: str
    cost: int
    types: frozenset[str]
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    vp: int = 0
    special: str | None = None
    text: str = ""


def _c(name: str, cost: int, types: str, text: str = "", **effect) -> CardInfo:
    return CardInfo(name, cost, frozenset(types.split()), text=text, **effect)


# Base cards first (their ids are fixed: Copper 0 ... Curse 6), then the 25 kingdom cards in alphabetical order.
CARD_LIST: tuple[CardInfo, ...] = (
    _c("Copper", 0, "treasure", coins=1),
    _c("Silver", 3, "treasure", coins=2),
    _c("Gold", 6, "treasure", coins=3),
    _c("Estate", 2, "victory", vp=1),
    _c("Duchy", 5, "victory", vp=3),
    _c("Province", 8, "victory", vp=6),
    _c("Curse", 0, "curse", vp=-1),
    _c("Adventurer", 6, "action", "Reveal cards from your deck until you reveal 2 Treasures; put them into your "
       "hand and discard the other revealed cards.", special="adventurer"),
    _c("Bureaucrat", 4, "action attack", "Gain a Silver onto your deck. Each other player reveals a Victory card "
       "from hand and puts it onto their deck (or reveals a hand with no Victory card).", special="bureaucrat"),
    _c("Cellar", 2, "action", "+1 Action. Discard any number of cards. +1 Card per card discarded.",
       actions=1, special="cellar"),
    _c("Chancellor", 3, "action", "+2 coins. You may immediately put your deck into your discard pile.",
       coins=2, special="chancellor"),
    _c("Chapel", 2, "action", "Trash up to 4 cards from your hand.", special="chapel"),
    _c("Council Room", 5, "action", "+4 Cards, +1 Buy. Each other player draws a card.",
       cards=4, buys=1, special="council_room"),
    _c("Feast", 4, "action", "Trash this card. Gain a card costing up to 5.", special="feast"),
    _c("Festival", 5, "action", "+2 Actions, +1 Buy, +2 coins.", actions=2, buys=1, coins=2),
    _c("Gardens", 4, "victory", "Worth 1 VP for every 10 cards in your deck (rounded down)."),
    _c("Laboratory", 5, "action", "+2 Cards, +1 Action.", cards=2, actions=1),
    _c("Library", 5, "action", "Draw until you have 7 cards in hand; you may set aside Action cards drawn this "
       "way, discarding them afterwards.", special="library"),
    _c("Market", 5, "action", "+1 Card, +1 Action, +1 Buy, +1 coin.", cards=1, actions=1, buys=1, coins=1),
    _c("Militia", 4, "action attack", "+2 coins. Each other player discards down to 3 cards in hand.",
       coins=2, special="militia"),
    _c("Mine", 5, "action", "Trash a Treasure from your hand. Gain a Treasure costing up to 3 more, into your "
       "hand.", special="mine"),
    _c("Moat", 2, "action reaction", "+2 Cards. When another player plays an Attack, you may reveal this from "
       "your hand to be unaffected by it.", cards=2),
    _c("Moneylender", 4, "action", "Trash a Copper from your hand. If you do, +3 coins.", special="moneylender"),
    _c("Remodel", 4, "action", "Trash a card from your hand. Gain a card costing up to 2 more than it.",
       special="remodel"),
    _c("Smithy", 4, "action", "+3 Cards.", cards=3),
    _c("Spy", 4, "action attack", "+1 Card, +1 Action. Each player (you too) reveals the top card of their deck; "
       "you choose: discard it or put it back.", cards=1, actions=1, special="spy"),
    _c("Thief", 4, "action attack", "Each other player reveals their top 2 cards and trashes a revealed Treasure "
       "you choose; you may gain any trashed cards; they discard the rest.", special="thief"),
    _c("Throne Room", 4, "action", "Choose an Action card in your hand. Play it twice.", special="throne_room"),
    _c("Village", 3, "action", "+1 Card, +2 Actions.", cards=1, actions=2),
    _c("Witch", 5, "action attack", "+2 Cards. Each other player gains a Curse.", cards=2, special="witch"),
    _c("Woodcutter", 3, "action", "+1 Buy, +2 coins.", buys=1, coins=2),
    _c("Workshop", 3, "action", "Gain a card costing up to 4.", special="workshop"),
)

CARDS: dict[str, CardInfo] = {c.name: c for c in CARD_LIST}
CARD_ID: dict[str, int] = {c.name: i for i, c in enumerate(CARD_LIST)}
NUM_CARDS = len(CARD_LIST)
COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE, CURSE = range(7)
BASE_CARDS = tuple(range(7))
KINGDOM_CARDS: tuple[str, ...] = tuple(c.name for c in CARD_LIST[7:])
MOAT, FEAST, GARDENS = CARD_ID["Moat"], CARD_ID["Feast"], CARD_ID["Gardens"]

# Per-id lookup tables: the hot paths index tuples, never dicts or frozensets.
NAMES: tuple[str, ...] = tuple(c.name for c in CARD_LIST)
COST: tuple[int, ...] = tuple(c.cost for c in CARD_LIST)
IS_ACTION: tuple[bool, ...] = tuple("action" in c.types for c in CARD_LIST)
IS_TREASURE: tuple[bool, ...] = tuple("treasure" in c.types for c in CARD_LIST)
IS_VICTORY: tuple[bool, ...] = tuple("victory" in c.types for c in CARD_LIST)
IS_ATTACK: tuple[bool, ...] = tuple("attack" in c.types for c in CARD_LIST)
COIN_VALUE: tuple[int, ...] = tuple(c.coins if "treasure" in c.types else 0 for c in CARD_LIST)
VP: tuple[int, ...] = tuple(c.vp for c in CARD_LIST)

KINGDOMS: dict[str, tuple[str, ...]] = {
    "first-game": ("Cellar", "Market", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village", "Woodcutter",
                   "Workshop"),
    "big-money": ("Adventurer", "Bureaucrat", "Chancellor", "Chapel", "Feast", "Laboratory", "Market", "Mine",
                  "Moneylender", "Throne Room"),
    "interaction": ("Bureaucrat", "Chancellor", "Council Room", "Festival", "Library", "Militia", "Moat", "Spy",
                    "Thief", "Village"),
    "size-distortion": ("Cellar", "Chapel", "Feast", "Gardens", "Laboratory", "Thief", "Village", "Witch",
                        "Woodcutter", "Workshop"),
    "village-square": ("Bureaucrat", "Cellar", "Festival", "Library", "Market", "Remodel", "Smithy", "Throne Room",
                       "Village", "Woodcutter"),
}
RANDOM = "random"


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


_BY_KEY = {_key(c.name): c.name for c in CARD_LIST}


def card_named(text: str, kingdom_only: bool = False) -> str:
    """The card's proper name from loose text (`throne-room`, `THRONE ROOM`); a UserError lists close matches."""
    name = _BY_KEY.get(_key(text))
    pool = KINGDOM_CARDS if kingdom_only else NAMES
    if name is None or name not in pool:
        close = difflib.get_close_matches(text.strip().title(), pool, n=3, cutoff=0.5)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        what = "kingdom card" if kingdom_only else "card"
        raise UserError(f"dominion: unknown {what} {text.strip()!r}{hint}")
    return name


def parse_kingdom(text: str) -> tuple[str, ...] | str:
    """A named kingdom, `random`, or a comma list of 10 distinct kingdom cards -> sorted names (or RANDOM)."""
    text = text.strip()
    if text.lower() == RANDOM:
        return RANDOM
    if text.lower() in KINGDOMS:
        return tuple(sorted(KINGDOMS[text.lower()], key=CARD_ID.__getitem__))
    parts = [p for p in (q.strip() for q in text.split(",")) if p]
    if len(parts) == 1:
        close = difflib.get_close_matches(text.lower(), list(KINGDOMS) + [RANDOM], n=3, cutoff=0.5)
        if close:
            raise UserError(f"dominion: unknown kingdom {text!r} (did you mean {', '.join(close)}?)")
    names = [card_named(p, kingdom_only=True) for p in parts]
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise UserError(f"dominion: kingdom lists {', '.join(dup)} more than once")
    if len(names) != 10:
        raise UserError(f"dominion: a kingdom needs 10 distinct kingdom cards, got {len(names)} ({text!r}); "
                        f"or name one of {', '.join(list(KINGDOMS) + [RANDOM])}")
    return tuple(sorted(names, key=CARD_ID.__getitem__))


def kingdom_label(kingdom: tuple[str, ...] | str) -> str:
    """The spec text of a kingdom: its recommended-set name when it is one, else the card list."""
    if kingdom == RANDOM:
        return RANDOM
    for name, cards in KINGDOMS.items():
        if set(cards) == set(kingdom):
            return name
    return ",".join(kingdom)
