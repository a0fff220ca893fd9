"""Rogue cards."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403


def weapon_attack(amount: int) -> Effect:
    """Give your weapon +amount attack."""

    def run(ctx) -> None:
        if ctx.me.weapon is not None:
            ctx.me.weapon.attack += amount

    return run


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
}
