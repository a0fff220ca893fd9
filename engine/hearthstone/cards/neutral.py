"""Neutral cards. Vanilla and keyword-only minions need no entry: the card data carries them."""

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403


def destroy_enemy_weapon(ctx) -> None:
    """Acidic Swamp Ooze: the opponent's weapon (if any) is destroyed."""
    if ctx.opponent.weapon is not None:
        mech.destroy_weapon(ctx.state, 1 - ctx.player)


def gain_per_other_friendly_minion(ctx) -> None:
    """Frostwolf Warlord: +1/+1 for each other friendly minion."""
    n = len(OTHER_FRIENDLY_MINIONS(ctx))
    buff(n, n, to=SELF)(ctx)


MURLOCS_BUT_SELF = where(ALL_OTHER_MINIONS, is_race("MURLOC"))

CARDS = {
    # Basic
    "Acidic Swamp Ooze": minion(battlecry=destroy_enemy_weapon),
    "Darkscale Healer": minion(battlecry=heal(2, to=FRIENDLY_CHARACTERS)),
    "Dragonling Mechanic": minion(battlecry=summon("EX1_025t")),
    "Elven Archer": minion(battlecry=damage(1), target=ANY_CHARACTER),
    "Frostwolf Warlord": minion(battlecry=gain_per_other_friendly_minion),
    "Gnomish Inventor": minion(battlecry=draw(1)),
    "Grimscale Oracle": minion(aura=aura(atk=1, to=MURLOCS_BUT_SELF)),
    "Gurubashi Berserker": minion(triggers=[when_self_damaged(buff(atk=3, to=SELF))]),
    "Ironforge Rifleman": minion(battlecry=damage(1), target=ANY_CHARACTER),
    "Murloc Tidehunter": minion(battlecry=summon("VAN_EX1_506a")),
    "Nightblade": minion(battlecry=damage(3, to=ENEMY_HERO)),
    "Novice Engineer": minion(battlecry=draw(1)),
    "Raid Leader": minion(aura=aura(atk=1)),
    "Razorfen Hunter": minion(battlecry=summon("VAN_CS2_boar")),
    "Shattered Sun Cleric": minion(battlecry=buff(1, 1), target=FRIENDLY_MINION),
    "Stormpike Commando": minion(battlecry=damage(2), target=ANY_CHARACTER),
    "Stormwind Champion": minion(aura=aura(atk=1, hp=1)),
    "Voodoo Doctor": minion(battlecry=heal(2), target=ANY_CHARACTER),
    # Classic (Liège deck)
    "Abomination": minion(deathrattle=damage(2, to=ALL_CHARACTERS)),
    "Abusive Sergeant": minion(battlecry=buff(2, this_turn=True), target=ANY_MINION),
    "Acolyte of Pain": minion(triggers=[when_self_damaged(draw(1))]),
}
