"""Write engine/hearthstone/data/hero_classes.json: every hero card's dbf id -> its class.

Deckstrings name the deck's hero portrait, which may be any hero card of the class (Magni Bronzebeard for a
Warrior deck), not only the nine base heroes. Rerun after upgrading hearthstone-data and commit the JSON.
"""

from __future__ import annotations

import importlib.metadata
import json
from pathlib import Path

from hearthstone import cardxml
from hearthstone.enums import CardType

OUT = Path(__file__).resolve().parents[1] / "engine" / "hearthstone" / "data" / "hero_classes.json"
CLASSES = ("DRUID", "HUNTER", "MAGE", "PALADIN", "PRIEST", "ROGUE", "SHAMAN", "WARLOCK", "WARRIOR")


def main() -> None:
    db, _ = cardxml.load_dbf()
    heroes = {str(dbf): card.card_class.name for dbf, card in sorted(db.items())
              if card.type == CardType.HERO and card.card_class.name in CLASSES}
    payload = {"source": f"hearthstone-data {importlib.metadata.version('hearthstone-data')}",
               "hero_classes": heroes}
    OUT.write_text(json.dumps(payload, indent=0) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(heroes)} hero cards")


if __name__ == "__main__":
    main()
