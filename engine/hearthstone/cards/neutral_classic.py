"""Classic cards that exercise the keywords Basic lacks: Enrage, Silence, Deathrattle,
Stealth, Divine Shield, start- and end-of-turn and summon triggers, adjacency auras, "can't attack".

Keyword-only cards (Worgen Infiltrator, Argent Squire, Thrallmar Farseer, Jungle Panther,
Scarlet Crusader) need no entry: their keywords come from the card data.
"""

from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl import alive


# ---------------------------------------------------------------- local selectors

def RANDOM_ENEMY(ctx) -> list:
    """One random living enemy character (Knife Juggler)."""
    chars = alive(ENEMIES(ctx))
    return [ctx.state.rng.choice(chars)] if chars else []


def RANDOM_OTHER_FRIENDLY_MINION(ctx) -> list:
    """One random living friendly minion other than the source (Young Priestess)."""
    chars = alive(OTHER_FRIENDLY_MINIONS(ctx))
    return [ctx.state.rng.choice(chars)] if chars else []


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
}
