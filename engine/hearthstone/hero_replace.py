"""Hero replacement (Lord Jaraxxus): the played minion leaves the board and becomes the player's hero.

The Hero object is reused (heroes are addressed by seat, never by entity): its health becomes the minion's
(current and maximum), Armor is lost, it thaws, and it keeps the attacks it already made this turn (the
replaced hero's attack counts). The player gets a fresh hero power and equips the new hero's weapon.
"""

from __future__ import annotations

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.carddb import card_db
from cardlab.engine.hearthstone.dsl import Effect, _tag

INFERNO = "VAN_EX1_tk33"  # Lord Jaraxxus's hero power
BLOOD_FURY = "EX1_323w"


def become_hero(hero_power_key: str, weapon_key: str) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        m = ctx.source
        s = ctx.state
        me = ctx.me
        if m in me.board:
            mech.remove_from_board(s, m)
        hero = me.hero
        hero.max_health = m.card.health
        hero.damage = 0
        hero.armor = 0
        hero.frozen = False
        hero.temp_atk = 0
        if getattr(hero, "immune", False):  # the new hero is not Immune (Ice Block protected the old one)
            hero.immune = False
        me.hero_power = card_db().get(hero_power_key)
        me.hero_power_used = False
        mech.equip(s, ctx.player, card_db().get(weapon_key))
        mech.refresh_auras(s)

    return _tag(run, "become_hero")


def is_jaraxxus(player) -> bool:
    return player.hero_power.id == INFERNO
