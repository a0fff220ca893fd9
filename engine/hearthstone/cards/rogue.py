"""Rogue cards."""

from cardlab.engine.hearthstone.costs import SPELLS, cost_effect
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl import WeaponScript
from cardlab.engine.hearthstone.dsl_classes import *  # noqa: F401,F403


def weapon_attack(amount: int) -> Effect:
    """Give your weapon +amount attack."""

    def run(ctx) -> None:
        if ctx.me.weapon is not None:
            ctx.me.weapon.attack += amount

    return run


def _two_per_card_played_before(ctx):
    n = 2 * cards_played_before(ctx)
    return n, n


CARDS = {
    # Basic
    "Backstab": spell(damage(2), target=ANY_MINION.where(undamaged)),
    "Deadly Poison": spell(weapon_attack(2)),
    "Sinister Strike": spell(damage(3, to=ENEMY_HERO)),
    "Assassinate": spell(destroy(), target=ENEMY_MINION),
    "Sprint": spell(draw(4)),
    "Fan of Knives": spell(damage(1, to=ENEMY_MINIONS), draw(1)),
    "Shiv": spell(damage(1), draw(1), target=ANY_CHARACTER),
    "Sap": spell(return_to_hand(), target=ENEMY_MINION),
    # Assassin's Blade: a plain weapon, from the data.
    # Classic (Combo)
    "SI:7 Agent": minion(combo=damage(2), target=ANY_CHARACTER),
    "Eviscerate": spell(damage(2), combo=damage(4), target=ANY_CHARACTER),
    "Cold Blood": spell(buff(atk=2), combo=buff(atk=4), target=ANY_MINION),
    "Defias Ringleader": minion(combo=summon("EX1_131t")),
    # Classic
    "Conceal": spell(enchant(CONCEAL, to=FRIENDLY_MINIONS_WITHOUT_STEALTH), buff(stealth=True, to=FRIENDLY_MINIONS)),
    "Betrayal": spell(attack_adjacent, target=ENEMY_MINION),
    "Blade Flurry": spell(weapon_damage_to(ENEMIES)),
    "Patient Assassin": minion(triggers=[when_self_deals_damage(destroy_damaged_minion)]),  # Stealth from the data
    "Edwin VanCleef": minion(combo=buff_by(_two_per_card_played_before, to=SELF)),
    "Headcrack": spell(damage(2, to=ENEMY_HERO), combo=each(damage(2, to=ENEMY_HERO), return_this_next_turn)),
    "Perdition's Blade": WeaponScript(effects=[damage(1)], combo=damage(2), target=ANY_CHARACTER),
    "Master of Disguise": minion(battlecry=buff(stealth=True), target=FRIENDLY_MINION),
    "Kidnapper": minion(combo=return_to_hand(), target=ANY_MINION),
    "Vanish": spell(return_to_hand(to=ALL_MINIONS)),
    "Shadowstep": spell(return_to_hand_costing_less(2), target=FRIENDLY_MINION),
    "Preparation": spell(cost_effect(SPELLS, add=-3, once=True)),  # the next spell you cast this turn
}
