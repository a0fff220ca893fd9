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
VALUE_TAGS = {"spell_damage": GameTag.SPELLPOWER, "overload": GameTag.OVERLOAD}
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
    for key, tag in VALUE_TAGS.items():
        record[key] = int(tags.get(tag, 0))
    return record


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
