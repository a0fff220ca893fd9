"""Warrior cards."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_classes import *  # noqa: F401,F403


def survived(ctx) -> bool:
    return not target_is_dead(ctx)


CARDS = {
    # Basic
    "Charge": spell(buff(atk=2, charge=True), target=FRIENDLY_MINION),
    "Heroic Strike": spell(hero_attack(4)),
    "Execute": spell(destroy(), target=ENEMY_MINION.where(damaged)),
    "Cleave": spell(damage_random(2, 2, pool=ENEMY_MINIONS)),
    "Whirlwind": spell(damage(1, to=ALL_MINIONS)),
    "Shield Block": spell(armor(5), draw(1)),
    "Warsong Commander": minion(triggers=[when_you_summon(buff(charge=True), pred=attack_at_most(3), before=True)]),
    # Fiery War Axe, Arcanite Reaper: plain weapons; Kor'kron Elite: Charge, from the data.
    # Classic
    "Armorsmith": minion(triggers=[when_any_minion_damaged(armor(1), friendly_only=True)]),
    "Inner Rage": spell(damage(1), buff(atk=2), target=ANY_MINION),
    "Shield Slam": spell(damage_by(armor_value), target=ANY_MINION),
    "Upgrade!": spell(if_(has_weapon, weapon_buff(1, 1), equip("EX1_409t"))),  # Heavy Axe 1/3
    "Battle Rage": spell(draw_per(damaged_friendly_characters)),
    "Commanding Shout": spell(give_player_effect(COMMANDING_SHOUT), draw(1)),
    "Cruel Taskmaster": minion(battlecry=[damage(1), buff(atk=2)], target=ANY_MINION),
    "Rampage": spell(buff(3, 3), target=ANY_MINION.where(damaged)),
    "Slam": spell(damage(2), if_(survived, draw(1)), target=ANY_MINION),
    "Frothing Berserker": minion(triggers=[when_any_minion_damaged(buff(atk=1, to=SELF))]),
    "Arathi Weaponsmith": minion(battlecry=equip("EX1_398t")),  # Battle Axe 2/2
    "Mortal Strike": spell(if_(health_at_most(12), damage(6), damage(4)), target=ANY_CHARACTER),
    "Brawl": spell(destroy_all_but_one_random),
    "Gorehowl": weapon(triggers=[wears_attack_on_minions()]),
    "Grommash Hellscream": minion(enrage_attack=6),  # Charge from the data
}
