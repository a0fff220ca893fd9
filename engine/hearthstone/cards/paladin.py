"""Paladin cards."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403


CARDS = {
    # Basic (Light's Justice is a plain weapon: no entry)
    "Blessing of Kings": spell(buff(4, 4), target=ANY_MINION),
    "Blessing of Might": spell(buff(3), target=ANY_MINION),
    "Consecration": spell(damage(2, to=ENEMIES)),
    "Guardian of Kings": minion(battlecry=heal(6, to=FRIENDLY_HERO)),
    "Hammer of Wrath": spell(damage(3), draw(1), target=ANY_CHARACTER),
    "Hand of Protection": spell(buff(divine_shield=True), target=ANY_MINION),
    "Holy Light": spell(heal(6), target=ANY_CHARACTER),
    "Humility": spell(set_attack(1), target=ANY_MINION),
    "Truesilver Champion": weapon(triggers=[when_your_hero_attacks(heal(2, to=FRIENDLY_HERO))]),
}
