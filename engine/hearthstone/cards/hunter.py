"""Hunter cards."""

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403

ANIMAL_COMPANIONS = ("VAN_NEW1_032", "VAN_NEW1_033", "VAN_NEW1_034")  # Misha, Leokk, Huffer
BEAST = is_race("BEAST")


def look_at_top(count: int, kind: str = "draw_one_discard_rest") -> Effect:
    """Take the top `count` cards of your deck (fewer if short) and let the player choose among them."""

    def run(ctx: mech.Ctx) -> None:
        deck = ctx.me.deck
        cards = tuple(deck.pop() for _ in range(min(count, len(deck))))  # deck[-1] is the top card
        if cards:
            ctx.state.pending = (kind, cards)

    return run


CARDS = {
    # Basic
    "Animal Companion": spell(summon_random(ANIMAL_COMPANIONS)),
    "Arcane Shot": spell(damage(2), target=ANY_CHARACTER),
    "Houndmaster": minion(battlecry=buff(2, 2, taunt=True), target=FRIENDLY_MINION.where(BEAST)),
    "Hunter's Mark": spell(set_health(1), target=ANY_MINION),
    "Kill Command": spell(if_(controls(BEAST), damage(5), damage(3)), target=ANY_CHARACTER),
    "Multi-Shot": spell(damage_random(3, 2, pool=ENEMY_MINIONS)),
    "Starving Buzzard": minion(triggers=[when_you_summon(draw(1), pred=BEAST)]),
    "Timber Wolf": minion(aura=aura(atk=1, to=where(OTHER_FRIENDLY_MINIONS, BEAST))),
    "Tracking": spell(look_at_top(3)),
    "Tundra Rhino": minion(aura=aura(charge=True, to=where(FRIENDLY_MINIONS, BEAST))),
    # Animal Companion tokens (Misha: Taunt, Huffer: Charge come from the data)
    "VAN_NEW1_033": minion(aura=aura(atk=1)),  # Leokk: Your other minions have +1 Attack.
}
