"""Neutral Classic legendaries (the tokens they make that have text are in tokens.py).

Nozdormu ("Players only have 15 seconds to take their turns."): turns here have no clock, so the text has no
effect and Nozdormu plays as an 8/8 (our reading: an agent's time per turn is the match runner's business).
"""

from cardlab.engine.hearthstone.carddb import RANDOM_SETS
from cardlab.engine.hearthstone.costs import SPELLS, cost_effect
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_neutral import (
    HERO_ONLY, RANDOM_ENEMY, RANDOM_OTHER_MINION, add_cards, add_random_card, at_end_of_each_turn,
    attack_per_other, buff_weapon, chance, copy_spells_to_other_player, destroy_weapon_and_draw_per_durability,
    discard_hand, has_taunt, is_minion_race, set_hero_health, summon_for_opponent, summon_random_of,
    summon_until_full, take_control_random, transform_random, when_you_play_another_card,
)

# The Dream cards and Power Chords a player gets stay hidden from the opponent: carddb.RANDOM_SETS.
DREAM_CARDS = RANDOM_SETS["HIDDEN_DREAM"]  # Laughing Sister, Ysera Awakens, Emerald Drake, Dream, Nightmare
POWER_CHORDS = RANDOM_SETS["HIDDEN_POWER_CHORD"]  # I Am Murloc, Rogues Do It..., Power of the Horde
INVENTIONS = ("Mekka1", "Mekka2", "Mekka3", "Mekka4")  # Homing Chicken, Repair Bot, Emboldener 3000, Poultryizer


CARDS = {
    "Alexstrasza": minion(battlecry=set_hero_health(15), target=HERO_ONLY),
    "Baron Geddon": minion(triggers=[at_end_of_your_turn(damage(2, to=ALL_OTHER_CHARACTERS))]),
    "Bloodmage Thalnos": minion(deathrattle=draw(1)),  # Spell Damage +1 from the data
    "Cairne Bloodhoof": minion(deathrattle=summon("VAN_EX1_110t")),  # 4/5 Baine Bloodhoof
    "Captain Greenskin": minion(battlecry=buff_weapon(1, 1)),
    "Deathwing": minion(battlecry=[destroy(to=ALL_OTHER_MINIONS), discard_hand]),
    "Elite Tauren Chieftain": minion(battlecry=add_random_card(POWER_CHORDS, players="both")),
    "Gelbin Mekkatorque": minion(battlecry=summon_random_of(INVENTIONS)),
    "Gruul": minion(triggers=[at_end_of_each_turn(buff(1, 1, to=SELF))]),
    "Harrison Jones": minion(battlecry=destroy_weapon_and_draw_per_durability),
    "Hogger": minion(triggers=[at_end_of_your_turn(summon("NEW1_040t"))]),  # 2/2 Gnoll with Taunt
    "Illidan Stormrage": minion(triggers=[when_you_play_another_card(summon("VAN_TU4e_002t"))]),  # Flame of Azzinoth
    "King Mukla": minion(battlecry=add_cards("EX1_014t", 2, enemy=True)),  # Bananas
    "Leeroy Jenkins": minion(battlecry=summon_for_opponent("EX1_116t", 2)),  # 1/1 Whelps; Charge from the data
    "Lorewalker Cho": minion(triggers=[copy_spells_to_other_player()]),
    "Millhouse Manastorm": minion(battlecry=cost_effect(SPELLS, set_to=0, enemy=True)),
    "Nat Pagle": minion(triggers=[at_start_of_your_turn(chance(0.5, draw(1)))]),
    "Nozdormu": minion(),  # see the module docstring
    "Old Murk-Eye": minion(aura=attack_per_other(is_minion_race("MURLOC"))),  # Charge from the data
    "Onyxia": minion(battlecry=summon_until_full("ds1_whelptoken")),
    "Ragnaros the Firelord": minion(triggers=[at_end_of_your_turn(damage(8, to=RANDOM_ENEMY))]),  # Can't attack: data
    "Sylvanas Windrunner": minion(deathrattle=take_control_random()),
    "The Beast": minion(deathrattle=summon_for_opponent("VAN_EX1_finkle")),  # 3/3 Pip Quickwit
    "The Black Knight": minion(battlecry=destroy(), target=ENEMY_MINION.where(has_taunt)),
    "Tinkmaster Overspark": minion(
        battlecry=transform_random(("VAN_EX1_tk29", "VAN_EX1_tk28"), to=RANDOM_OTHER_MINION)),  # Devilsaur, Squirrel
    "Ysera": minion(triggers=[at_end_of_your_turn(add_random_card(DREAM_CARDS))]),
}
