"""Mage cards."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.costs import SECRETS, SPELLS, cost_aura, cost_effect
from cardlab.engine.hearthstone.dsl_secrets import *  # noqa: F401,F403

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
    # Classic
    "Ice Lance": spell(if_(is_frozen, damage(4), freeze()), target=ANY_CHARACTER),
    "Cone of Cold": spell(freeze(to=TARGET_AND_ADJACENT), damage(1, to=TARGET_AND_ADJACENT), target=ANY_MINION),
    "Blizzard": spell(damage(2, to=ENEMY_MINIONS), freeze(to=ENEMY_MINIONS)),
    "Pyroblast": spell(damage(10), target=ANY_CHARACTER),
    "Ethereal Arcanist": minion(triggers=[at_end_of_your_turn(if_(controls_secret, buff(2, 2, to=SELF)))]),
    "Archmage Antonidas": minion(triggers=[when_you_cast_spell(add_card("Fireball"))]),
    # Cost modifiers (engine.hearthstone.costs)
    "Sorcerer's Apprentice": minion(aura=cost_aura(SPELLS, add=-1)),
    "Kirin Tor Mage": minion(battlecry=cost_effect(SECRETS, set_to=0, once=True)),
    # Secrets
    "Counterspell": secret(WHEN_SPELL_CAST, counter()),
    "Ice Barrier": secret(WHEN_HERO_ATTACKED, armor(8)),
    "Ice Block": secret(WHEN_FATAL_DAMAGE, prevent_damage_and_become_immune()),
    "Mirror Entity": secret(WHEN_MINION_PLAYED, summon_copy()),
    "Spellbender": secret(WHEN_SPELL_TARGETS_MINION, summon_as_new_target("VAN_tt_010a")),
    "Vaporize": secret(WHEN_MINION_ATTACKS_HERO, destroy(to=ATTACKER)),
}
