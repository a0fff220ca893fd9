"""Priest cards."""

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.carddb import hidden_copy_of
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_classes import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_classes import _refresh

MIND_SPIKE, MIND_SHATTER = "EX1_625t", "EX1_625t2"


def copy_random_enemy_hand_card(ctx: mech.Ctx) -> None:
    """Mind Vision: a copy of a random card in the opponent's hand (nothing when it is empty).

    The opponent does not see which card was copied, so the copy is a hidden copy: their view of
    the caster's unknown cards shows it as a copy of one of their own cards, not by name."""
    from cardlab.engine.hearthstone.state import note_copies, note_seen

    hand = ctx.opponent.hand
    if hand:
        note_copies(ctx.state, ctx.player, [c.id for c in hand])  # the opponent's view rebuilds the copy from these
        card = ctx.state.rng.choice(hand)
        note_seen(ctx.state, 1 - ctx.player, card.id)  # the caster's view keeps that card in the opponent's hand
        mech.add_to_hand(ctx.state, ctx.player, hidden_copy_of(card))


def _shadowform_power(ctx) -> str:
    """Mind Spike (2 damage); Mind Shatter (3) if already in Shadowform."""
    return MIND_SHATTER if ctx.me.hero_power.id in (MIND_SPIKE, MIND_SHATTER) else MIND_SPIKE


def _double_health(ctx):
    return 0, ctx.target.health


CARDS = {
    # Basic
    "Holy Nova": spell(damage(2, to=ENEMIES), heal(2, to=FRIENDLY_CHARACTERS)),
    "Holy Smite": spell(damage(2), target=ANY_CHARACTER),
    "Mind Control": spell(take_control(), target=ENEMY_MINION),
    "Mind Vision": spell(copy_random_enemy_hand_card),
    "Power Word: Shield": spell(buff(hp=2), draw(1), target=ANY_MINION),
    "Shadow Word: Death": spell(destroy(), target=ANY_MINION.where(attack_at_least(5))),
    "Shadow Word: Pain": spell(destroy(), target=ANY_MINION.where(attack_at_most(3))),
    # Classic
    "Circle of Healing": spell(heal(4, to=ALL_MINIONS)),
    "Silence": spell(silence(), target=ANY_MINION),
    "Inner Fire": spell(helpful(set_attack_to_health), target=ANY_MINION),
    "Northshire Cleric": minion(triggers=[when_minion_healed(draw(1))]),
    "Divine Spirit": spell(buff_by(_double_health), target=ANY_MINION),
    "Lightwell": minion(triggers=[at_start_of_your_turn(heal(3, to=RANDOM_DAMAGED_FRIENDLY_CHARACTER))]),
    "Mind Blast": spell(damage(5, to=ENEMY_HERO)),
    "Shadowform": spell(set_hero_power(_shadowform_power)),
    MIND_SPIKE: hero_power(damage(2), target=ANY_CHARACTER),
    MIND_SHATTER: hero_power(damage(3), target=ANY_CHARACTER),
    "Thoughtsteal": spell(copy_from_enemy_deck(2)),
    "Auchenai Soulpriest": minion(triggers=[passive(mech.HEALS_DEAL_DAMAGE)]),
    # Its Attack is recomputed whenever its Health or a "this turn" bonus may have changed.
    "Lightspawn": minion(aura=attack_equals_health(), triggers=[
        when_self_damaged(_refresh), when_self_healed(_refresh), at_start_of_each_turn(_refresh)]),
    "Mass Dispel": spell(silence(to=ENEMY_MINIONS), draw(1)),
    "Mindgames": spell(summon_card(random_enemy_deck_minion_or("VAN_EX1_345t"))),  # else Shadow of Nothing 0/1
    "Shadow Madness": spell(take_control_this_turn, target=ENEMY_MINION.where(attack_at_most(3))),
    "Cabal Shadow Priest": minion(battlecry=take_control(), target=ENEMY_MINION.where(attack_at_most(2))),
    "Holy Fire": spell(damage(5), heal(5, to=FRIENDLY_HERO), target=ANY_CHARACTER),
    "Temple Enforcer": minion(battlecry=buff(hp=3), target=FRIENDLY_MINION),
    "Prophet Velen": minion(triggers=[passive(mech.DOUBLE_SPELLS)]),
}
