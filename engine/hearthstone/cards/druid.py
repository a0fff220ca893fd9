"""Druid cards. Choose One options are their own (uncollectible) cards, listed in the text's order."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_classes import *  # noqa: F401,F403


def _treant_deathrattle(ctx, arg) -> None:
    summon("EX1_158t")(ctx)


SOUL_OF_THE_FOREST = enchantment("soul_of_the_forest", deathrattle=_treant_deathrattle)

CARDS = {
    # Basic
    "Claw": spell(hero_attack(2), armor(2)),
    "Healing Touch": spell(heal(8), target=ANY_CHARACTER),
    "Innervate": spell(gain_mana(2)),
    "Mark of the Wild": spell(buff(2, 2, taunt=True), target=ANY_MINION),
    "Moonfire": spell(damage(1), target=ANY_CHARACTER),
    "Savage Roar": spell(buff(atk=2, to=FRIENDLY_CHARACTERS, this_turn=True)),
    "Starfire": spell(damage(5), draw(1), target=ANY_CHARACTER),
    "Swipe": spell(damage(4), damage(1, to=OTHER_ENEMIES), target=ENEMY_CHARACTER),
    # With 10 Mana Crystals already, an Excess Mana card instead (Classic rules; the VANILLA text omits it).
    "Wild Growth": spell(if_(has_max_mana_crystals, add_card("CS2_013t"), gain_mana_crystal(1))),
    # Ironbark Protector: Taunt only (from the data).
    # Classic
    "Naturalize": spell(destroy(), opponent_draws(2), target=ANY_MINION),
    "Savagery": spell(damage_by(hero_attack_value), target=ANY_MINION),
    "Power of the Wild": spell(choose=("VAN_EX1_160b", "VAN_EX1_160a")),
    "VAN_EX1_160b": spell(buff(1, 1, to=FRIENDLY_MINIONS)),  # Leader of the Pack
    "VAN_EX1_160a": spell(summon("EX1_160t"), requires=has_free_slot),  # Summon a Panther
    "Wrath": spell(choose=("VAN_EX1_154a", "VAN_EX1_154b")),
    "VAN_EX1_154a": spell(damage(3), target=ANY_MINION),  # Solar Wrath
    "VAN_EX1_154b": spell(damage(1), draw(1), target=ANY_MINION),  # Nature's Wrath
    "Mark of Nature": spell(choose=("VAN_EX1_155a", "VAN_EX1_155b")),
    "VAN_EX1_155a": spell(buff(atk=4), target=ANY_MINION),  # Tiger's Fury
    "VAN_EX1_155b": spell(buff(hp=4, taunt=True), target=ANY_MINION),  # Thick Hide
    "Bite": spell(hero_attack(4), armor(4)),
    "Keeper of the Grove": minion(choose=("VAN_EX1_166a", "VAN_EX1_166b")),
    "VAN_EX1_166a": spell(damage(2), target=ANY_CHARACTER),  # Moonfire (the option)
    "VAN_EX1_166b": spell(silence(), target=ANY_MINION),  # Dispel
    "Soul of the Forest": spell(enchant(SOUL_OF_THE_FOREST, to=FRIENDLY_MINIONS)),
    "Druid of the Claw": minion(choose=("VAN_EX1_165a", "VAN_EX1_165b")),
    "VAN_EX1_165a": spell(become("VAN_EX1_165t1")),  # Cat Form: a 4/4 with Charge
    "VAN_EX1_165b": spell(become("VAN_EX1_165t2")),  # Bear Form: a 4/6 with Taunt
    "Nourish": spell(choose=("VAN_EX1_164a", "VAN_EX1_164b")),
    "VAN_EX1_164a": spell(gain_full_crystals(2)),  # Rampant Growth
    "VAN_EX1_164b": spell(draw(3)),  # Enrich
    "Starfall": spell(choose=("VAN_NEW1_007b", "VAN_NEW1_007a")),
    "VAN_NEW1_007b": spell(damage(5), target=ANY_MINION),  # Starlord
    "VAN_NEW1_007a": spell(damage(2, to=ENEMY_MINIONS)),  # Stellar Drift
    "Force of Nature": spell(summon("VAN_EX1_tk9b", 3)),
    "VAN_EX1_tk9b": minion(triggers=[at_end_of_each_turn(destroy(to=SELF))]),  # Treant: dies at the end of the turn
    "Ancient of Lore": minion(choose=("VAN_NEW1_008a", "VAN_NEW1_008b")),
    "VAN_NEW1_008a": spell(draw(2)),  # Ancient Teachings
    "VAN_NEW1_008b": spell(heal(5), target=ANY_CHARACTER),  # Ancient Secrets
    "Ancient of War": minion(choose=("VAN_EX1_178b", "VAN_EX1_178a")),
    "VAN_EX1_178b": spell(buff(atk=5, to=SELF)),  # Uproot
    "VAN_EX1_178a": spell(buff(hp=5, taunt=True, to=SELF)),  # Rooted
    "Cenarius": minion(choose=("VAN_EX1_573a", "VAN_EX1_573b")),
    "VAN_EX1_573a": spell(buff(2, 2, to=OTHER_FRIENDLY_MINIONS)),  # Demigod's Favor
    "VAN_EX1_573b": spell(summon_beside_source("EX1_573t", 2)),  # Shan'do's Lesson: two 2/2 Taunt Treants
}
