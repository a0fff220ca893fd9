"""Warlock cards."""

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.enchants import enchantment


def _corruption_turn_start(s, m, caster: int, player: int) -> None:
    """Corruption: at the start of the caster's turn, destroy the corrupted minion."""
    if player == caster:
        mech.destroy(m)


CORRUPTION = enchantment("corruption", turn_start=_corruption_turn_start)


def draw_if_target_died(ctx) -> None:
    """Mortal Coil's rider: draw a card when the damaged minion is dead."""
    if ctx.target is not None and ctx.target.is_dead:
        mech.draw(ctx.state, ctx.player)


CARDS = {
    # Basic
    "Corruption": spell(enchant(CORRUPTION), target=ENEMY_MINION),
    "Drain Life": spell(damage(2), heal(2, to=FRIENDLY_HERO), target=ANY_CHARACTER),
    "Dread Infernal": minion(battlecry=damage(1, to=ALL_OTHER_CHARACTERS)),
    "Felstalker": minion(battlecry=discard_random(1)),
    "Hellfire": spell(damage(3, to=ALL_CHARACTERS)),
    "Mortal Coil": spell(damage(1), draw_if_target_died, target=ANY_MINION),
    "Sacrificial Pact": spell(destroy(), heal(5, to=FRIENDLY_HERO), target=ANY_MINION.where(is_race("DEMON"))),
    "Shadow Bolt": spell(damage(4), target=ANY_MINION),
    "Soulfire": spell(damage(4), discard_random(1), target=ANY_CHARACTER),
}
