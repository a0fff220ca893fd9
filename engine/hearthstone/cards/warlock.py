"""Warlock cards."""

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.costs import MINIONS, cost_aura
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_classes import *  # noqa: F401,F403
from cardlab.engine.hearthstone.enchants import enchantment
from cardlab.engine.hearthstone.hero_replace import BLOOD_FURY, INFERNO, become_hero


def _corruption_turn_start(s, m, caster: int, player: int) -> None:
    """Corruption: at the start of the caster's turn, destroy the corrupted minion."""
    if player == caster:
        mech.destroy(m)


CORRUPTION = enchantment("corruption", turn_start=_corruption_turn_start)


def draw_if_target_died(ctx) -> None:
    """Mortal Coil's rider: draw a card when the damaged minion is dead."""
    if ctx.target is not None and ctx.target.is_dead:
        mech.draw(ctx.state, ctx.player)


DEMON = is_race("DEMON")
RANDOM_DEMON = random_collectible(lambda c: c.type == "MINION" and c.race == "DEMON", exclude=("Lord Jaraxxus",))

CARDS = {
    # Basic
    "Corruption": spell(enchant(CORRUPTION), target=ENEMY_MINION),
    "Drain Life": spell(damage(2), heal(2, to=FRIENDLY_HERO), target=ANY_CHARACTER),
    "Dread Infernal": minion(battlecry=damage(1, to=ALL_OTHER_CHARACTERS)),
    "Felstalker": minion(battlecry=discard_random(1)),
    "Hellfire": spell(damage(3, to=ALL_CHARACTERS)),
    "Mortal Coil": spell(damage(1), draw_if_target_died, target=ANY_MINION),
    # Lord Jaraxxus as a hero is a Demon too.
    "Sacrificial Pact": spell(destroy(), heal(5, to=FRIENDLY_HERO), target=ANY_CHARACTER.where(is_demon)),
    "Shadow Bolt": spell(damage(4), target=ANY_MINION),
    "Soulfire": spell(damage(4), discard_random(1), target=ANY_CHARACTER),
    # Classic
    "Blood Imp": minion(triggers=[at_end_of_your_turn(buff(hp=1, to=RANDOM_OTHER_FRIENDLY_MINION))]),
    "Flame Imp": minion(battlecry=damage(3, to=FRIENDLY_HERO)),
    "Power Overwhelming": spell(buff(4, 4), enchant(POWER_OVERWHELMING), target=FRIENDLY_MINION),
    "Demonfire": spell(if_(unless(target_is_friendly_race("DEMON")), damage(2), buff(2, 2)), target=ANY_MINION),
    "Felguard": minion(battlecry=destroy_mana_crystal),  # Taunt from the data
    "Sense Demons": spell(draw_matching(2, lambda c: c.type == "MINION" and c.race == "DEMON", fallback="EX1_317t",
                                        race="DEMON")),
    "Void Terror": minion(battlecry=devour_adjacent, adjacency=True),
    "Pit Lord": minion(battlecry=damage(5, to=FRIENDLY_HERO)),
    "Shadowflame": spell(sacrifice_for_damage(ENEMY_MINIONS), target=FRIENDLY_MINION),
    "Bane of Doom": spell(damage(3), if_(target_is_dead, summon_card(RANDOM_DEMON)), target=ANY_CHARACTER),
    "Doomguard": minion(battlecry=discard_random(2)),  # Charge from the data
    "Siphon Soul": spell(destroy(), heal(3, to=FRIENDLY_HERO), target=ANY_MINION),
    "Twisting Nether": spell(destroy(to=ALL_MINIONS)),
    "Summoning Portal": minion(aura=cost_aura(MINIONS, add=-2, floor=1, first=True)),
    "Lord Jaraxxus": minion(battlecry=become_hero(INFERNO, BLOOD_FURY)),
    INFERNO: hero_power(summon("VAN_EX1_tk34"), requires=has_free_slot),  # INFERNO!: summon a 6/6 Infernal
}
