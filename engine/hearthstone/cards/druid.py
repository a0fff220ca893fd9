"""Druid cards."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403

CARDS = {
    # Basic
    "Claw": spell(hero_attack(2), armor(2)),
    "Healing Touch": spell(heal(8), target=ANY_CHARACTER),
    "Innervate": spell(gain_mana(2)),
    "Mark of the Wild": spell(buff(2, 2, taunt=True), target=ANY_MINION),
    "Moonfire": spell(damage(1), target=ANY_CHARACTER),
    "Savage Roar": spell(buff(atk=2, to=FRIENDLY_CHARACTERS, this_turn=True)),
    "Starfire": spell(damage(5), draw(1), target=ANY_CHARACTER),
    "Swipe": spell(damage(4), damage(1, to=OTHER_ENEMIES), target=ENEMY_CHARACTER),
    # With 10 Mana Crystals already, an Excess Mana card instead (Classic rules; the VANILLA text omits it).
    "Wild Growth": spell(if_(has_max_mana_crystals, add_card("CS2_013t"), gain_mana_crystal(1))),
    # Ironbark Protector: Taunt only (from the data).
}
