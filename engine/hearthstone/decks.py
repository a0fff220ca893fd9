"""Decks: text files (name, class, "N Card Name" lines) that round-trip through deckstrings.

A deck is given by a built-in name (`liege`, `basic-mage`, ...), a path to a text file, or a
Hearthstone deckstring (VANILLA dbf ids). Every problem is a DeckError naming the deck and card.
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import os
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from cardlab.runtime import UserError
from cardlab.engine.hearthstone.carddb import CLASSES, CardDef, CardError, card_db

DECK_DIR = Path(str(files(__package__).joinpath("decks")))  # package data
DECK_SIZE = 30
# Dbf ids of the nine original hero cards (HERO_01..09), as deckstrings name heroes.
HERO_DBF = {"WARRIOR": 7, "SHAMAN": 1066, "ROGUE": 930, "PALADIN": 671, "HUNTER": 31, "DRUID": 274,
            "WARLOCK": 893, "MAGE": 637, "PRIEST": 813}
# Classic-era decklists (Basic + Classic cards, 2014 before Naxxramas), at least one per class.
CLASSIC_DECKS = ("aggro-paladin", "control-paladin", "control-priest", "control-warrior", "face-hunter", "freeze-mage",
                 "handlock", "midrange-hunter", "midrange-shaman", "miracle-rogue", "ramp-druid", "tempo-mage",
                 "zoo-warlock")
POOLS = {
    "basic": tuple(f"basic-{c.lower()}" for c in CLASSES),
    "classic": CLASSIC_DECKS,
    "liege": ("liege",),
}
# Not a list of decks: `pool=random` deals each seat a random class and a random legal deck of it (random_deck).
RANDOM_POOL = "random"


class DeckError(UserError):
    """A deck that cannot be played: unknown or unimplemented cards, wrong counts, wrong class."""


@dataclass(frozen=True)
class Deck:
    name: str
    hero_class: str
    cards: tuple[CardDef, ...]

    def counts(self) -> list[tuple[CardDef, int]]:
        out: dict[str, list] = {}
        for c in self.cards:
            out.setdefault(c.id, [c, 0])[1] += 1
        return sorted(((c, n) for c, n in out.values()), key=lambda t: (t[0].cost, t[0].name))

    def to_text(self) -> str:
        lines = [f"name: {self.name}", f"class: {self.hero_class}"]
        lines += [f"{n} {c.name}" for c, n in self.counts()]
        return "\n".join(lines) + "\n"

    def deckstring(self) -> str:
        from hearthstone.deckstrings import Deck as HsDeck
        from hearthstone.enums import FormatType

        d = HsDeck()
        d.heroes = [HERO_DBF[self.hero_class]]
        d.format = FormatType.FT_CLASSIC  # the VANILLA cards are the Classic format's
        d.cards = [(c.dbf_id, n) for c, n in self.counts()]
        return d.as_deckstring

    def as_tuple(self) -> tuple[str, str, list[CardDef]]:
        return (self.name, self.hero_class, list(self.cards))


def validate(name: str, hero_class: str, cards: list[CardDef], *, check_implemented: bool = True) -> Deck:
    if hero_class not in CLASSES:
        raise DeckError(f"deck {name!r}: unknown class {hero_class!r} (one of {', '.join(CLASSES)})")
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.id] = counts.get(c.id, 0) + 1
        if not c.collectible:
            raise DeckError(f"deck {name!r}: {c.name} ({c.id}) is not a collectible card")
        if c.card_class not in ("NEUTRAL", hero_class):
            raise DeckError(f"deck {name!r}: {c.name} is a {c.card_class} card, the deck is {hero_class}")
        if check_implemented and not c.implemented:
            raise DeckError(f"deck {name!r}: {c.name} is not implemented yet (see `cardlab cards`)")
    for cid, n in counts.items():
        card = card_db().get(cid)
        limit = 1 if card.rarity == "LEGENDARY" else 2
        if n > limit:
            raise DeckError(f"deck {name!r}: {n} copies of {card.name}, at most {limit} allowed")
    if len(cards) != DECK_SIZE:
        raise DeckError(f"deck {name!r}: has {len(cards)} cards, needs {DECK_SIZE}")
    return Deck(name, hero_class, tuple(cards))


def parse_text(text: str, source: str) -> Deck:
    name, hero_class, cards = Path(source).stem, "", []
    db = card_db()
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() in ("name", "class"):
            if key.strip().lower() == "name":
                name = value.strip()
            else:
                hero_class = value.strip().upper()
            continue
        count_text, _, card_name = line.partition(" ")
        if not count_text.isdigit() or not card_name.strip():
            raise DeckError(f"{source}:{lineno}: expected 'COUNT Card Name', got {raw.strip()!r}")
        try:
            card = db.get(card_name.strip())
        except CardError as exc:
            raise DeckError(f"{source}:{lineno}: {exc}") from None
        if int(count_text) > DECK_SIZE:  # refuse before building a list of that length
            raise DeckError(f"{source}:{lineno}: {count_text} copies of {card.name}: a deck has {DECK_SIZE} cards")
        cards.extend([card] * int(count_text))
    if not hero_class:
        raise DeckError(f"{source}: missing 'class: NAME' line")
    try:
        return validate(name, hero_class, cards)
    except DeckError as exc:
        raise DeckError(f"{source}: {exc}") from None


@functools.cache
def hero_classes() -> dict[str, str]:
    """Every hero card's dbf id (as text) -> class: deckstrings may name any portrait of the class (Magni)."""
    path = Path(str(files("cardlab.engine.hearthstone").joinpath("data", "hero_classes.json")))
    payload = json.loads(path.read_text(encoding="utf-8"))
    return payload["hero_classes"]


def parse_deckstring(code: str) -> Deck:
    from hearthstone.deckstrings import parse_deckstring as hs_parse

    try:
        cards_counts, heroes, _fmt, *_ = hs_parse(code)
    except (ValueError, EOFError, TypeError, binascii.Error, IndexError, KeyError):
        raise DeckError(f"invalid deckstring {code[:40]!r}: truncated or corrupt") from None
    hero_class = next((c for c, dbf in HERO_DBF.items() if heroes and dbf == heroes[0]), "")
    if not hero_class and heroes:
        hero_class = hero_classes().get(str(heroes[0]), "")
    db = card_db()
    cards: list[CardDef] = []
    for dbf, n in cards_counts:
        if n > DECK_SIZE:
            raise DeckError(f"deckstring: {n} copies of the card with dbf id {dbf}: a deck has {DECK_SIZE} cards")
        try:
            cards.extend([db.get(int(dbf))] * n)
        except CardError:
            raise DeckError(f"deckstring: card with dbf id {dbf} is not in the VANILLA (Classic) pool") from None
    if not hero_class:
        classes = {c.card_class for c in cards} - {"NEUTRAL"}
        hero_class = classes.pop() if len(classes) == 1 else ""
    if not hero_class:
        raise DeckError(f"deckstring: unknown hero {heroes}")
    return validate(f"deckstring {hero_class.lower()}", hero_class, cards)


def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DeckError(f"deck file {str(path)!r}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (Windows editors) is not part of line 1
    except UnicodeDecodeError:
        binary = b"\x00" in data and not data.startswith((b"\xff\xfe", b"\xfe\xff"))  # not UTF-16 text with a BOM
        problem = "is not a text deck (name, class and 'N Card Name' lines)" if binary else \
            "is not UTF-8 text (save it as UTF-8)"
        raise DeckError(f"deck file {str(path)!r} {problem}") from None


def builtin_names() -> list[str]:
    return sorted(p.stem for p in DECK_DIR.glob("*.txt"))


def is_deck_file(spec: str) -> bool:
    """Whether `load_deck(spec)` reads a file of the user's (a built-in name wins over a file of the same name)."""
    return not (DECK_DIR / f"{spec}.txt").is_file() and Path(spec).is_file()


def load_deck(spec: str) -> Deck:
    """A built-in deck name, a deck text file, or a deckstring."""
    if not spec.strip():
        raise DeckError("empty deck name: give a built-in deck, a deck file or a deckstring")
    path = DECK_DIR / f"{spec}.txt"
    if path.is_file():
        return parse_text(_read_text(path), spec)
    candidate = Path(spec)
    if not candidate.is_file() and _looks_like_deckstring(spec.strip()):
        return parse_deckstring(spec.strip())  # a deckstring pasted with a stray space or newline
    if candidate.is_dir():
        raise DeckError(f"deck file {spec!r} is a directory, not a file")
    if candidate.suffix or "/" in spec or os.sep in spec or candidate.is_file():  # a file in this folder needs no suffix
        if not candidate.is_file():
            from cardlab.runtime import not_a_file

            raise DeckError(not_a_file(spec, "deck file"))
        return parse_text(_read_text(candidate), str(candidate))
    if _looks_like_deckstring(spec):
        return parse_deckstring(spec)
    raise DeckError(f"unknown deck {spec!r}: not a built-in deck ({', '.join(builtin_names())}), file or deckstring")


def _looks_like_deckstring(spec: str) -> bool:
    if len(spec) < 8:
        return False
    try:
        raw = base64.b64decode(spec, validate=True)
    except (binascii.Error, ValueError):
        return False
    return raw[:1] == b"\x00"


def deck_pool(name: str) -> list[Deck]:
    if name not in POOLS:
        raise DeckError(f"unknown deck pool {name!r} (one of {', '.join(POOLS)}, or {RANDOM_POOL})")
    return [load_deck(d) for d in POOLS[name]]


# ---------------------------------------------------------------- random decks

_UNIVERSE: dict[str, tuple[CardDef, ...]] = {}


def deck_universe(hero_class: str) -> tuple[CardDef, ...]:
    """The copies a deck of this class may hold: every implemented collectible card of the class or neutral, twice,
    a legendary once; ordered by card id so that seeded draws do not depend on the table's order."""
    cached = _UNIVERSE.get(hero_class)
    if cached is None:
        if hero_class not in CLASSES:
            raise DeckError(f"unknown class {hero_class!r} (one of {', '.join(CLASSES)})")
        cards = sorted((c for c in card_db().collectible()
                        if c.card_class in ("NEUTRAL", hero_class) and c.implemented), key=lambda c: c.id)
        cached = _UNIVERSE[hero_class] = tuple(c for c in cards for _ in range(1 if c.rarity == "LEGENDARY" else 2))
    return cached


def random_deck_ids(hero_class: str, rng, required=()) -> list[str]:
    """The sorted card ids of a random legal deck of `hero_class` holding the multiset `required` (ids of cards known
    to be in it): the rest are 30 - len(required) copies drawn uniformly without replacement from the class's
    universe (deck_universe) less the required copies. `rng` is an engine Rng (randrange, shuffle)."""
    slots = [c.id for c in deck_universe(hero_class)]
    for cid in required:
        try:
            slots.remove(cid)
        except ValueError:
            raise DeckError(f"random {hero_class} deck: {cid} is not a card such a deck can hold "
                            "(or too many copies)") from None
    need = DECK_SIZE - len(required)
    if need < 0:
        raise DeckError(f"random {hero_class} deck: {len(required)} required cards, more than {DECK_SIZE}")
    for i in range(need):  # partial Fisher-Yates: the first `need` slots are a uniform sample
        j = i + rng.randrange(len(slots) - i)
        slots[i], slots[j] = slots[j], slots[i]
    return sorted([*required, *slots[:need]])


def random_deck(rng, hero_class: str | None = None) -> Deck:
    """A random deck: a class drawn uniformly (unless given), then random_deck_ids. Deterministic in `rng`."""
    if hero_class is None:
        hero_class = CLASSES[rng.randrange(len(CLASSES))]
    db = card_db()
    cards = [db.get(cid) for cid in random_deck_ids(hero_class, rng)]
    return validate(f"random {hero_class.lower()}", hero_class, cards)
