"""Warrior cards."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403

CARDS = {
    # Basic
    "Charge": spell(buff(atk=2, charge=True), target=FRIENDLY_MINION),
    "Heroic Strike": spell(hero_attack(4)),
    "Execute": spell(destroy(), target=ENEMY_MINION.where(damaged)),
    "Cleave": spell(damage_random(2, 2, pool=ENEMY_MINIONS)),
    "Whirlwind": spell(damage(1, to=ALL_MINIONS)),
    "Shield Block": spell(armor(5), draw(1)),
    "Warsong Commander": minion(triggers=[when_you_summon(buff(charge=True), pred=attack_at_most(3))]),
    # Fiery War Axe, Arcanite Reaper: plain weapons; Kor'kron Elite: Charge, from the data.
    # Classic
    "Armorsmith": minion(triggers=[when_any_minion_damaged(armor(1), friendly_only=True)]),
}
