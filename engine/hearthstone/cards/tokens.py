"""Uncollectible cards with text: totems, The Coin, Excess Mana."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403

CARDS = {
    "GAME_005": spell(gain_mana(1)),  # The Coin
    "CS2_013t": spell(draw(1)),  # Excess Mana (Wild Growth)
    "VAN_NEW1_009": minion(triggers=[at_end_of_your_turn(heal(1, to=FRIENDLY_MINIONS))]),  # Healing Totem
}
