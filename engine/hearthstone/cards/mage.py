"""Mage cards."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403

CARDS = {
    # Basic
    "Arcane Explosion": spell(damage(1, to=ENEMY_MINIONS)),
    "Arcane Intellect": spell(draw(2)),
    "Arcane Missiles": spell(random_damage(3, pool=ENEMIES)),
    "Fireball": spell(damage(6), target=ANY_CHARACTER),
    "Flamestrike": spell(damage(4, to=ENEMY_MINIONS)),
    "Frost Nova": spell(freeze(to=ENEMY_MINIONS)),
    "Frostbolt": spell(damage(3), freeze(), target=ANY_CHARACTER),
    "Mirror Image": spell(summon("VAN_CS2_mirror", 2)),
    "Polymorph": spell(transform("VAN_CS2_tk1"), target=ANY_MINION),
    "Water Elemental": minion(triggers=[when_self_deals_damage(freeze())]),
    # Classic (Liège deck)
    "Mana Wyrm": minion(triggers=[when_you_cast_spell(buff(atk=1, to=SELF))]),
}
