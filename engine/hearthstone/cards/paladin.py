"""Paladin cards."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_secrets import *  # noqa: F401,F403


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
    # Classic
    "Blessing of Wisdom": spell(caster_draws_when_it_attacks(), target=ANY_MINION),
    "Argent Protector": minion(battlecry=buff(divine_shield=True), target=FRIENDLY_MINION),
    "Equality": spell(set_health(1, to=ALL_MINIONS)),
    "Aldor Peacekeeper": minion(battlecry=set_attack(1), target=ENEMY_MINION),
    "Divine Favor": spell(draw_until_as_many_as_opponent()),
    "Sword of Justice": weapon(triggers=[after_you_summon_a_minion(each(buff(1, 1), lose_durability(1)))]),
    "Blessed Champion": spell(double_attack(), target=ANY_MINION),
    "Holy Wrath": spell(draw_and_damage_by_its_cost(), target=ANY_CHARACTER),
    "Avenging Wrath": spell(random_damage(8, pool=ENEMIES)),
    "Lay on Hands": spell(heal(8), draw(3), target=ANY_CHARACTER),
    "Tirion Fordring": minion(deathrattle=equip("EX1_383t")),
    # Secrets
    "Eye for an Eye": secret(WHEN_HERO_DAMAGED, damage_taken(to=ENEMY_HERO)),
    "Noble Sacrifice": secret(WHEN_ENEMY_ATTACKS, summon_as_new_target("VAN_EX1_130a")),
    "Redemption": secret(WHEN_FRIENDLY_MINION_DIES, return_to_life(health=1)),
    "Repentance": secret(AFTER_MINION_PLAYED, set_health(1)),
}
