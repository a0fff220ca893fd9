"""Write engine/hearthstone/data/cards.json from the VANILLA set of `hearthstone-data`.

Nobody types card stats by hand: rerun this after upgrading hearthstone-data
(`pip install -e ".[dev]" && python scripts/import_cards.py`) and commit the JSON.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import re
from pathlib import Path

from hearthstone import cardxml
from hearthstone.enums import CardSet, CardType, GameTag

OUT = Path(__file__).resolve().parents[1] / "engine" / "hearthstone" / "data" / "cards.json"

# Keyword tags copied into "mechanics" (name -> tag); numeric ones keep their value.
MECHANIC_TAGS = {
    "TAUNT": GameTag.TAUNT,
    "CHARGE": GameTag.CHARGE,
    "DIVINE_SHIELD": GameTag.DIVINE_SHIELD,
    "WINDFURY": GameTag.WINDFURY,
    "STEALTH": GameTag.STEALTH,
    "BATTLECRY": GameTag.BATTLECRY,
    "DEATHRATTLE": GameTag.DEATHRATTLE,
    "SECRET": GameTag.SECRET,
    "COMBO": GameTag.COMBO,
    "CHOOSE_ONE": GameTag.CHOOSE_ONE,
    "FREEZE": GameTag.FREEZE,
    "POISONOUS": GameTag.POISONOUS,
    "ENRAGED": GameTag.ENRAGED,
    "AURA": GameTag.AURA,
    "SILENCE": GameTag.SILENCE,
    "CANT_ATTACK": GameTag.CANT_ATTACK,
}
# Numeric keywords: (tag, how the card text prints the amount). The data may keep the tag as a
# yes/no flag (Malygos: SPELLPOWER 1 for "Spell Damage +5"), so the amount is read from the text;
# a card whose text does not print it needs an entry in AMOUNTS.
VALUE_TAGS = {
    "spell_damage": (GameTag.SPELLPOWER, re.compile(r"Spell Damage \+(\d+)")),
    "overload": (GameTag.OVERLOAD, re.compile(r"Overload: \((\d+)\)")),
}
AMOUNTS: dict[str, dict[str, int]] = {}  # card id -> {key: amount}, where the text cannot say
TYPES = {CardType.MINION, CardType.SPELL, CardType.WEAPON, CardType.HERO_POWER}
# Cards VANILLA cards create but VANILLA itself lacks: The Coin and a few tokens from the core set.
EXTRA_IDS = {
    "GAME_005",  # The Coin
    "EX1_025t",  # Mechanical Dragonling (Dragonling Mechanic)
    "hexfrog",  # Frog (Hex)
    "EX1_116t",  # Whelp (Leeroy Jenkins)
    "EX1_160t",  # Panther (Power of the Wild)
    "EX1_534t",  # Hyena (Savannah Highmane)
    "NEW1_040t",  # Gnoll (Hogger)
    "EX1_014t",  # Bananas (King Mukla)
    "ds1_whelptoken",  # Whelp (Onyxia)
    "EX1_131t",  # Defias Bandit (Defias Ringleader)
    "CS2_013t",  # Excess Mana (Wild Growth at 10 Mana Crystals)
    "EX1_538t",  # Hound (Unleash the Hounds)
    "EX1_383t",  # Ashbringer (Tirion Fordring)
    "EX1_409t",  # Heavy Axe (Upgrade!)
    "EX1_398t",  # Battle Axe (Arathi Weaponsmith)
    "EX1_323w",  # Blood Fury (Lord Jaraxxus)
    "EX1_625t",  # Mind Spike (Shadowform)
    "EX1_625t2",  # Mind Shatter (Shadowform)
    "EX1_317t",  # Worthless Imp (Sense Demons)
    "EX1_573t",  # Treant with Taunt (Cenarius)
    "EX1_158t",  # Treant (Soul of the Forest)
    "Mekka1",  # Homing Chicken (Gelbin Mekkatorque)
    "Mekka2",  # Repair Bot (Gelbin Mekkatorque)
    "Mekka3",  # Emboldener 3000 (Gelbin Mekkatorque)
    "Mekka4",  # Poultryizer (Gelbin Mekkatorque)
    "Mekka4t",  # Chicken (Poultryizer)
    "PRO_001a",  # I Am Murloc (Elite Tauren Chieftain)
    "PRO_001at",  # Murloc (I Am Murloc)
    "PRO_001b",  # Rogues Do It... (Elite Tauren Chieftain)
}
# Play requirements that are conditions on the game, in the client's REQ_* terms (parameter or 0).
# hearthstone-data no longer carries play requirements (its CardDefs.xml has no PlayRequirement
# entries), so they are stated here, once, and written to cards.json; the engine turns them into
# play conditions (dsl.play_condition). Which characters a card may target stays in its script.
PLAY_REQUIREMENTS: dict[str, dict[str, int]] = {
    "VAN_CS2_114": {"REQ_MINIMUM_ENEMY_MINIONS": 2},  # Cleave
    "VAN_DS1_183": {"REQ_MINIMUM_ENEMY_MINIONS": 2},  # Multi-Shot
    "VAN_EX1_251": {"REQ_MINIMUM_ENEMY_MINIONS": 2},  # Forked Lightning
    "VAN_EX1_617": {"REQ_MINIMUM_ENEMY_MINIONS": 1},  # Deadly Shot
    "VAN_EX1_538": {"REQ_MINIMUM_ENEMY_MINIONS": 1, "REQ_NUM_MINION_SLOTS": 1},  # Unleash the Hounds
    "VAN_EX1_407": {"REQ_MINIMUM_TOTAL_MINIONS": 2},  # Brawl
    "VAN_CS1_113": {"REQ_NUM_MINION_SLOTS": 1},  # Mind Control
    "VAN_EX1_334": {"REQ_NUM_MINION_SLOTS": 1},  # Shadow Madness
    "VAN_CS2_027": {"REQ_NUM_MINION_SLOTS": 1},  # Mirror Image
    "VAN_EX1_248": {"REQ_NUM_MINION_SLOTS": 1},  # Feral Spirit
    "VAN_NEW1_031": {"REQ_NUM_MINION_SLOTS": 1},  # Animal Companion
    "VAN_EX1_571": {"REQ_NUM_MINION_SLOTS": 1},  # Force of Nature
    "VAN_HERO_02bp": {"REQ_NUM_MINION_SLOTS": 1},  # Totemic Call
    "VAN_HERO_04bp": {"REQ_NUM_MINION_SLOTS": 1},  # Reinforce
    "VAN_CS2_074": {"REQ_WEAPON_EQUIPPED": 0},  # Deadly Poison
    "VAN_CS2_233": {"REQ_WEAPON_EQUIPPED": 0},  # Blade Flurry
}


def clean_text(text: str) -> str:
    """Strip markup so the text reads like the printed card."""
    text = re.sub(r"</?[bi]>", "", text or "")
    text = text.replace("[x]", "").replace("$", "").replace("#", "").replace("_", " ")
    return re.sub(r"\s+", " ", text).strip()


def card_record(card) -> dict:
    tags = card.tags
    mechanics = sorted(name for name, tag in MECHANIC_TAGS.items() if tags.get(tag))
    record = {
        "id": card.id,
        "dbf_id": card.dbf_id,
        "name": card.name,
        "type": card.type.name,
        "card_class": card.card_class.name,
        "rarity": card.rarity.name,
        "cost": card.cost,
        "attack": card.atk,
        "health": card.health if card.type == CardType.MINION else 0,
        # VANILLA stores weapon durability in the HEALTH tag.
        "durability": (card.durability or card.health) if card.type == CardType.WEAPON else 0,
        "race": card.race.name if card.race and card.race.name != "INVALID" else "",
        "collectible": bool(card.collectible),
        "mechanics": mechanics,
        "text": clean_text(card.description),
    }
    for key, (tag, pattern) in VALUE_TAGS.items():
        record[key] = tag_amount(card, key, tag, pattern, record["text"])
    if card.id in PLAY_REQUIREMENTS:  # only where there are some: most cards have none
        record["play_requirements"] = dict(sorted(PLAY_REQUIREMENTS[card.id].items()))
    return record


def tag_amount(card, key: str, tag: GameTag, pattern: re.Pattern, text: str) -> int:
    """The amount of a numeric keyword: 0 without the tag, else as printed on the card."""
    flag = int(card.tags.get(tag, 0))
    if not flag:
        return 0
    if key in AMOUNTS.get(card.id, {}):
        return AMOUNTS[card.id][key]
    found = pattern.search(text)
    if found is None:
        raise SystemExit(f"{card.id} {card.name}: {tag.name} is set but the text gives no amount; add it to AMOUNTS")
    amount = int(found.group(1))
    if flag > 1 and flag != amount:
        raise SystemExit(f"{card.id} {card.name}: {tag.name} is {flag} but the text says {amount}")
    return amount


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    db, _ = cardxml.load()
    cards = [
        c
        for c in db.values()
        if (c.card_set == CardSet.VANILLA and c.id.startswith("VAN_") and c.type in TYPES) or c.id in EXTRA_IDS
    ]
    # Drop VANILLA's effect dummies; they are not cards anybody plays.
    cards = [c for c in cards if not c.id.startswith("VAN_DFX_")]
    unknown = set(PLAY_REQUIREMENTS) - {c.id for c in cards}
    if unknown:
        raise SystemExit(f"PLAY_REQUIREMENTS names cards that are not imported: {sorted(unknown)}")
    records = sorted((card_record(c) for c in cards), key=lambda r: r["dbf_id"])
    payload = {
        "source": "hearthstone-data",
        "source_version": importlib.metadata.version("hearthstone-data"),
        "card_set": "VANILLA",
        "cards": records,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    collectible = sum(r["collectible"] for r in records)
    print(f"wrote {len(records)} cards ({collectible} collectible) to {args.out}")


if __name__ == "__main__":
    main()
