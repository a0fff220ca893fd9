"""Card behaviour, one module per class. Each module has `CARDS = {name or id: script}`."""

from __future__ import annotations

import importlib

from cardlab.engine.hearthstone.carddb import CardDb, CardError

MODULES = (
    "neutral", "druid", "hunter", "mage", "paladin", "priest", "rogue", "shaman", "warlock", "warrior",
    "hero_powers", "tokens", "neutral_classic", "neutral_legendary",
)


def attach_all(db: CardDb) -> None:
    for name in MODULES:
        module = importlib.import_module(f"cardlab.engine.hearthstone.cards.{name}")
        for key, script in module.CARDS.items():
            card = db.get(key)
            if card.scripted:
                raise CardError(f"{card.name} ({card.id}) is defined twice")
            script.attach(card, script.kind)
    from cardlab.engine.hearthstone.dsl import play_condition

    for card in db:
        if card.play_requirements:
            card.requires = play_condition(card)
