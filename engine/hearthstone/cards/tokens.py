"""Uncollectible cards with text: totems, The Coin."""

from engine.hearthstone.dsl import *  # noqa: F401,F403

CARDS = {
    "GAME_005": spell(gain_mana(1)),  # The Coin
    "VAN_NEW1_009": minion(triggers=[at_end_of_your_turn(heal(1, to=FRIENDLY_MINIONS))]),  # Healing Totem
}
