"""Hunter cards."""

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.dsl import *  # noqa: F401,F403
from cardlab.engine.hearthstone.dsl_secrets import *  # noqa: F401,F403

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
    "Starving Buzzard": minion(triggers=[when_you_summon(draw(1), pred=BEAST, before=True)]),
    "Timber Wolf": minion(aura=aura(atk=1, to=where(OTHER_FRIENDLY_MINIONS, BEAST))),
    "Tracking": spell(look_at_top(3)),
    "Tundra Rhino": minion(aura=aura(charge=True, to=where(FRIENDLY_MINIONS, BEAST))),
    # Animal Companion tokens (Misha: Taunt, Huffer: Charge come from the data)
    "VAN_NEW1_033": minion(aura=aura(atk=1)),  # Leokk: Your other minions have +1 Attack.
    # Classic
    "Bestial Wrath": spell(buff(atk=2, this_turn=True), immune_this_turn(), target=FRIENDLY_MINION.where(BEAST)),
    "Flare": spell(remove_stealth(to=ALL_MINIONS), destroy_enemy_secrets(), draw(1)),
    "Scavenging Hyena": minion(triggers=[when_minion_dies(if_(is_beast, buff(2, 1, to=SELF)), friendly_only=True)]),
    "Deadly Shot": spell(destroy_random(ENEMY_MINIONS)),
    "Eaglehorn Bow": weapon(triggers=[when_your_secret_revealed(gain_durability(1))]),
    "Unleash the Hounds": spell(summon_per("EX1_538t", enemy_minion_count)),
    "Explosive Shot": spell(damage(5), damage(2, to=ADJACENT_TO_TARGET), target=ANY_MINION),
    "Savannah Highmane": minion(deathrattle=summon("EX1_534t", 2)),
    "Gladiator's Longbow": weapon(triggers=[hero_immune_while_attacking()]),
    # Secrets
    "Explosive Trap": secret(WHEN_HERO_ATTACKED, damage(2, to=ENEMIES)),
    "Freezing Trap": secret(WHEN_ENEMY_MINION_ATTACKS, return_to_hand_costing_more(2, to=ATTACKER)),
    "Misdirection": secret(WHEN_ENEMY_ATTACKS_HERO_WITH_ANOTHER_TARGET, redirect_attack_at_random()),
    "Snake Trap": secret(WHEN_MINION_ATTACKED, summon("VAN_EX1_554t", 3)),
    "Snipe": secret(AFTER_MINION_PLAYED, damage(4)),
}
