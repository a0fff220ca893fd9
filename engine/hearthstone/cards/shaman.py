"""Shaman cards. Overload amounts come from the card data (the engine locks them next turn)."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_classes import *  # noqa: F401,F403

YOUR_TOTEMS = where(FRIENDLY_MINIONS, is_race("TOTEM"))

CARDS = {
    # Basic
    "Ancestral Healing": spell(heal_full(), buff(taunt=True), target=ANY_MINION),
    "Bloodlust": spell(buff(atk=3, to=FRIENDLY_MINIONS, this_turn=True)),
    "Fire Elemental": minion(battlecry=damage(3), target=ANY_CHARACTER),
    "Flametongue Totem": minion(aura=aura(atk=2, to=ADJACENT), adjacency=True),
    "Frost Shock": spell(damage(1), freeze(), target=ENEMY_CHARACTER),
    "Hex": spell(transform("hexfrog"), target=ANY_MINION),
    "Rockbiter Weapon": spell(buff(atk=3, this_turn=True), target=FRIENDLY_CHARACTER),
    "Totemic Might": spell(buff(hp=2, to=YOUR_TOTEMS)),
    "Windfury": spell(buff(windfury=True), target=ANY_MINION),
    "Windspeaker": minion(battlecry=buff(windfury=True), target=FRIENDLY_MINION),
    # Classic: Overload
    "Feral Spirit": spell(summon("VAN_EX1_tk11", 2)),
    "Lava Burst": spell(damage(5), target=ANY_CHARACTER),
    "Lightning Bolt": spell(damage(3), target=ANY_CHARACTER),
    # Classic
    "Earth Shock": spell(silence(), damage(1), target=ANY_MINION),
    "Forked Lightning": spell(damage_random(2, 2, pool=ENEMY_MINIONS)),
    "Ancestral Spirit": spell(helpful(enchant(ANCESTRAL_SPIRIT)), target=ANY_MINION),
    "Lightning Storm": spell(random_damage_each(2, 3, to=ENEMY_MINIONS)),
    "Mana Tide Totem": minion(triggers=[at_end_of_your_turn(draw(1))]),
    "Far Sight": spell(draw_costing_less(3)),
    "Unbound Elemental": minion(triggers=[when_you_play_overload(buff(1, 1, to=SELF))]),
}
