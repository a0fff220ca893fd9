"""Shaman cards. Overload amounts come from the card data (the engine locks them next turn)."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403

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
}
