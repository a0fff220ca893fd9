"""Uncollectible cards with text: totems, The Coin, Excess Mana, the neutral legendaries' tokens."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_neutral import (
    ANY_MINIONS, DAMAGED_CHARACTERS, NIGHTMARE, all_characters_except, destroy_self, elusive, random_one,
    summon_random_of,
)

HORDE_WARRIORS = ("Frostwolf Grunt", "Tauren Warrior", "Thrallmar Farseer", "Silvermoon Guardian",
                  "Sen'jin Shieldmasta", "Cairne Bloodhoof")

CARDS = {
    "GAME_005": spell(gain_mana(1)),  # The Coin
    "CS2_013t": spell(draw(1)),  # Excess Mana (Wild Growth)
    "VAN_NEW1_009": minion(triggers=[at_end_of_your_turn(heal(1, to=FRIENDLY_MINIONS))]),  # Healing Totem
    "EX1_014t": spell(buff(1, 1), target=ANY_MINION),  # Bananas (King Mukla)
    # Ysera's Dream cards (Emerald Drake, VAN_DREAM_03, is a plain 7/6)
    "VAN_DREAM_01": minion(triggers=[elusive()]),  # Laughing Sister
    "VAN_DREAM_02": spell(damage(5, to=all_characters_except("Ysera"))),  # Ysera Awakens
    "VAN_DREAM_04": spell(return_to_hand(), target=ANY_MINION),  # Dream
    "VAN_DREAM_05": spell(buff(5, 5), enchant(NIGHTMARE), target=ANY_MINION),  # Nightmare
    # Gelbin Mekkatorque's inventions
    "Mekka1": minion(triggers=[at_start_of_your_turn(each(destroy_self, draw(3)))]),  # Homing Chicken
    "Mekka2": minion(triggers=[at_end_of_your_turn(heal(6, to=random_one(DAMAGED_CHARACTERS)))]),  # Repair Bot
    "Mekka3": minion(triggers=[at_end_of_your_turn(buff(1, 1, to=random_one(ANY_MINIONS)))]),  # Emboldener 3000
    "Mekka4": minion(triggers=[at_start_of_your_turn(transform("Mekka4t", to=random_one(ANY_MINIONS)))]),  # Poultryizer
    "Mekka4t": minion(),  # Chicken: its text is flavour only
    # Elite Tauren Chieftain's Power Chords
    "PRO_001a": spell(summon_random_of(("PRO_001at",), 3, 5)),  # I Am Murloc: three, four or five 1/1 Murlocs
    "PRO_001b": spell(damage(4), draw(1), target=ANY_CHARACTER),  # Rogues Do It...
    "VAN_PRO_001c": spell(summon_random_of(HORDE_WARRIORS)),  # Power of the Horde
}
