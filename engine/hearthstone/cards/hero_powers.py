"""The nine basic hero powers (2 mana, once per turn)."""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403

BASIC_TOTEMS = ("VAN_NEW1_009", "VAN_CS2_050", "VAN_CS2_051", "VAN_CS2_052")  # Healing, Searing, Stoneclaw, Wrath of Air


def _totem_missing(s, player) -> bool:
    present = {m.card.id for m in s.players[player].board}
    return any(t not in present for t in BASIC_TOTEMS)


CARDS = {
    "VAN_HERO_01bp": hero_power(armor(2)),  # Armor Up!
    "VAN_HERO_02bp": hero_power(summon_random(BASIC_TOTEMS, only_missing=True), requires=_totem_missing),  # Totemic Call
    "VAN_HERO_03bp": hero_power(equip("VAN_CS2_082")),  # Dagger Mastery: 1/2 Wicked Knife
    "VAN_HERO_04bp": hero_power(summon("VAN_CS2_101t")),  # Reinforce
    "VAN_HERO_05bp": hero_power(damage(2, to=ENEMY_HERO)),  # Steady Shot
    "VAN_HERO_06bp": hero_power(hero_attack(1), armor(1)),  # Shapeshift
    "VAN_HERO_07bp": hero_power(draw(1), damage(2, to=FRIENDLY_HERO)),  # Life Tap
    "VAN_HERO_08bp": hero_power(damage(1), target=ANY_CHARACTER),  # Fireblast
    "VAN_HERO_09bp": hero_power(heal(2), target=ANY_CHARACTER),  # Lesser Heal
}
