"""Neutral cards. Vanilla and keyword-only minions need no entry: the card data carries them."""

from engine.hearthstone.dsl import *  # noqa: F401,F403

CARDS = {
    # Basic
    "Acidic Swamp Ooze": minion(battlecry=lambda ctx: setattr(ctx.opponent, "weapon", None)),
    "Darkscale Healer": minion(battlecry=heal(2, to=FRIENDLY_CHARACTERS)),
    "Dragonling Mechanic": minion(battlecry=summon("EX1_025t")),
    "Elven Archer": minion(battlecry=damage(1), target=ANY_CHARACTER),
    "Frostwolf Warlord": minion(battlecry=lambda ctx: buff(len(ctx.me.board) - 1, len(ctx.me.board) - 1, to=SELF)(ctx)),
    "Gnomish Inventor": minion(battlecry=draw(1)),
    "Grimscale Oracle": minion(aura=aura(atk=1, to=where(ALL_OTHER_MINIONS, is_race("MURLOC")))),
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
