"""Priest cards."""

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.carddb import hidden_copy_of
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403


def copy_random_enemy_hand_card(ctx: mech.Ctx) -> None:
    """Mind Vision: a copy of a random card in the opponent's hand (nothing when it is empty).

    The opponent does not see which card was copied, so the copy is a hidden copy: their view of
    the caster's unknown cards shows it as a copy of one of their own cards, not by name."""
    hand = ctx.opponent.hand
    if hand:
        mech.add_to_hand(ctx.state, ctx.player, hidden_copy_of(ctx.state.rng.choice(hand)))


CARDS = {
    # Basic
    "Holy Nova": spell(damage(2, to=ENEMIES), heal(2, to=FRIENDLY_CHARACTERS)),
    "Holy Smite": spell(damage(2), target=ANY_CHARACTER),
    "Mind Control": spell(take_control(), target=ENEMY_MINION),
    "Mind Vision": spell(copy_random_enemy_hand_card),
    "Power Word: Shield": spell(buff(hp=2), draw(1), target=ANY_MINION),
    "Shadow Word: Death": spell(destroy(), target=ANY_MINION.where(attack_at_least(5))),
    "Shadow Word: Pain": spell(destroy(), target=ANY_MINION.where(attack_at_most(3))),
}
