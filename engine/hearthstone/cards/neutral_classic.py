"""The neutral Classic cards other than the legendaries (neutral_legendary.py) and the Liège deck's (neutral.py):
Enrage, Silence, Deathrattle, Stealth, Divine Shield, triggers, adjacency auras, "can't attack", Elusive, and the
cost changers (engine/hearthstone/costs.py).

Keyword-only cards (Worgen Infiltrator, Argent Squire, Thrallmar Farseer, Jungle Panther,
Scarlet Crusader) need no entry: their keywords come from the card data.
"""

from cardlab.engine.hearthstone.costs import MINIONS, cost_aura, minus_per
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl import alive
from cardlab.engine.hearthstone.dsl_neutral import (
    add_spell_damage, after_you_cast_spell, become_copy_of_target, change_enemy_weapon_durability,
    charge_while_weapon, draw_matching, each_player_draws, elusive, enraged_weapon_attack, gain_attack_of_weapon,
    gain_health_per_card_in_hand, give_opponent_mana_crystal, has_target, is_card_race, opponent_has_minions,
    others_of_race, poisonous, random_one, refresh_auras_when_damaged_or_healed, strip_divine_shields_and_grow,
    swap_attack_health, swap_with_random_minion_in_hand, holds_a_minion, take_control_random, when_any_summoned,
    when_character_healed, when_secret_played, when_you_play_another_card,
)


# ---------------------------------------------------------------- local selectors

def RANDOM_ENEMY(ctx) -> list:
    """One random living enemy character (Knife Juggler)."""
    chars = alive(ENEMIES(ctx))
    return [ctx.state.rng.choice(chars)] if chars else []


def RANDOM_OTHER_FRIENDLY_MINION(ctx) -> list:
    """One random living friendly minion other than the source (Young Priestess)."""
    chars = alive(OTHER_FRIENDLY_MINIONS(ctx))
    return [ctx.state.rng.choice(chars)] if chars else []


def _murloc(s, p, c) -> bool:
    return (not c.is_hero) and c.card.race == "MURLOC"


def _pirate(s, p, c) -> bool:
    return (not c.is_hero) and c.card.race == "PIRATE"


def _minions_in_play(s, player) -> int:
    return len(s.players[0].board) + len(s.players[1].board)


def _other_cards_in_hand(s, player) -> int:
    return max(0, len(s.players[player].hand) - 1)


def _damage_taken(s, player) -> int:
    return s.players[player].hero.damage


def _weapon_attack(s, player) -> int:
    w = s.players[player].weapon
    return w.attack if w is not None else 0


def _no_minion_played_yet(s, player) -> bool:
    return s.players[player].minions_played == 0


OTHER_MURLOCS = where(ALL_OTHER_MINIONS, _murloc)
OTHER_FRIENDLY_PIRATES = where(OTHER_FRIENDLY_MINIONS, _pirate)

CARDS = {
    "Amani Berserker": minion(enrage_attack=3),
    "Ancient Watcher": minion(),  # Can't attack: CANT_ATTACK from the data
    "Cult Master": minion(triggers=[when_minion_dies(draw(1), friendly_only=True)]),
    "Demolisher": minion(triggers=[at_start_of_your_turn(damage(2, to=RANDOM_ENEMY))]),
    "Doomsayer": minion(triggers=[at_start_of_your_turn(destroy(to=ALL_MINIONS))]),
    "Dire Wolf Alpha": minion(aura=aura(atk=1, to=ADJACENT), adjacency=True),
    "Earthen Ring Farseer": minion(battlecry=heal(3), target=ANY_CHARACTER),
    "Harvest Golem": minion(deathrattle=summon("VAN_skele21")),  # 2/1 Damaged Golem
    "Ironbeak Owl": minion(battlecry=silence(), target=ANY_MINION),
    "Knife Juggler": minion(triggers=[when_you_summon(damage(1, to=RANDOM_ENEMY))]),
    "Leper Gnome": minion(deathrattle=damage(2, to=ENEMY_HERO)),
    "Loot Hoarder": minion(deathrattle=draw(1)),
    "Raging Worgen": minion(enrage_attack=1, enrage_windfury=True),
    "Spellbreaker": minion(battlecry=silence(), target=ANY_MINION),
    "Young Priestess": minion(triggers=[at_end_of_your_turn(buff(hp=1, to=RANDOM_OTHER_FRIENDLY_MINION))]),
    # Battlecries
    "Ancient Brewmaster": minion(battlecry=return_to_hand(), target=FRIENDLY_MINION),
    "Ancient Mage": minion(battlecry=add_spell_damage(1, to=ADJACENT), adjacency=True),
    "Arcane Golem": minion(battlecry=give_opponent_mana_crystal(1)),  # Charge from the data
    "Azure Drake": minion(battlecry=draw(1)),  # Spell Damage +1 from the data
    "Big Game Hunter": minion(battlecry=destroy(), target=ANY_MINION.where(attack_at_least(7))),
    "Blood Knight": minion(battlecry=strip_divine_shields_and_grow(3, 3)),
    "Bloodsail Corsair": minion(battlecry=change_enemy_weapon_durability(-1)),
    "Bloodsail Raider": minion(battlecry=gain_attack_of_weapon),
    "Captain's Parrot": minion(battlecry=draw_matching(is_card_race("PIRATE"))),
    "Coldlight Oracle": minion(battlecry=each_player_draws(2)),
    "Coldlight Seer": minion(battlecry=buff(hp=2, to=others_of_race("MURLOC"))),
    "Crazed Alchemist": minion(battlecry=swap_attack_health(), target=ANY_MINION),
    "Dark Iron Dwarf": minion(battlecry=buff(2, this_turn=True), target=ANY_MINION),
    "Defender of Argus": minion(battlecry=buff(1, 1, to=ADJACENT, taunt=True), adjacency=True),
    "Faceless Manipulator": minion(battlecry=become_copy_of_target, target=ANY_MINION),
    "Frost Elemental": minion(battlecry=freeze(), target=ANY_CHARACTER),
    "Hungry Crab": minion(battlecry=if_(has_target, each(destroy(), buff(2, 2, to=SELF))),
                          target=ANY_MINION.where(_murloc)),
    "Injured Blademaster": minion(battlecry=damage(4, to=SELF)),
    "Mad Bomber": minion(battlecry=random_damage(3, pool=ALL_OTHER_CHARACTERS)),
    "Mind Control Tech": minion(battlecry=if_(opponent_has_minions(4), take_control_random())),
    "Priestess of Elune": minion(battlecry=heal(4, to=FRIENDLY_HERO)),
    "Silver Hand Knight": minion(battlecry=summon("VAN_CS2_152")),  # 2/2 Squire
    "Stampeding Kodo": minion(battlecry=destroy(to=random_one(where(ENEMY_MINIONS, attack_at_most(2))))),
    "Sunfury Protector": minion(battlecry=buff(to=ADJACENT, taunt=True), adjacency=True),
    "Twilight Drake": minion(battlecry=gain_health_per_card_in_hand),
    "Youthful Brewmaster": minion(battlecry=return_to_hand(), target=FRIENDLY_MINION),
    # Enrage, auras, keywords
    "Angry Chicken": minion(enrage_attack=5),
    "Faerie Dragon": minion(triggers=[elusive()]),  # Elusive: can't be targeted by spells or Hero Powers
    "Murloc Warleader": minion(aura=aura(2, 1, to=OTHER_MURLOCS)),
    "Southsea Captain": minion(aura=aura(1, 1, to=OTHER_FRIENDLY_PIRATES)),
    "Southsea Deckhand": minion(aura=charge_while_weapon),
    "Spiteful Smith": minion(aura=enraged_weapon_attack(2), triggers=refresh_auras_when_damaged_or_healed()),
    "Tauren Warrior": minion(enrage_attack=3),  # Taunt from the data
    # Triggers
    "Emperor Cobra": minion(triggers=[poisonous()]),
    "Flesheating Ghoul": minion(triggers=[when_minion_dies(buff(1, to=SELF))]),
    "Gadgetzan Auctioneer": minion(triggers=[when_you_cast_spell(draw(1))]),
    "Imp Master": minion(triggers=[at_end_of_your_turn(each(damage(1, to=SELF), summon("VAN_EX1_598")))]),
    "Lightwarden": minion(triggers=when_character_healed(buff(2, to=SELF))),
    "Mana Addict": minion(triggers=[when_you_cast_spell(buff(2, to=SELF, this_turn=True))]),
    "Master Swordsmith": minion(triggers=[at_end_of_your_turn(buff(1, to=RANDOM_OTHER_FRIENDLY_MINION))]),
    "Murloc Tidecaller": minion(triggers=[when_any_summoned(buff(1, to=SELF), _murloc)]),
    "Questing Adventurer": minion(triggers=[when_you_play_another_card(buff(1, 1, to=SELF))]),
    "Secretkeeper": minion(triggers=[when_secret_played(buff(1, 1, to=SELF))]),
    "Violet Teacher": minion(triggers=[when_you_cast_spell(summon("VAN_NEW1_026t"))]),  # 1/1 Violet Apprentice
    "Wild Pyromancer": minion(triggers=[after_you_cast_spell(damage(1, to=ALL_MINIONS))]),
    "Alarm-o-Bot": minion(triggers=[at_start_of_your_turn(swap_with_random_minion_in_hand,
                                                          queue_if=holds_a_minion)]),
    # Costs (engine/hearthstone/costs.py)
    "Dread Corsair": minion(cost_mod=minus_per(_weapon_attack)),  # Taunt from the data
    "Mana Wraith": minion(aura=cost_aura(MINIONS, add=1, who="both")),
    "Molten Giant": minion(cost_mod=minus_per(_damage_taken)),
    "Mountain Giant": minion(cost_mod=minus_per(_other_cards_in_hand)),
    "Pint-Sized Summoner": minion(aura=cost_aura(MINIONS, add=-1, when=_no_minion_played_yet)),
    "Sea Giant": minion(cost_mod=minus_per(_minions_in_play)),
    "Venture Co. Mercenary": minion(aura=cost_aura(MINIONS, add=3)),
}
