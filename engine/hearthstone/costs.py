"""Card costs: a card's current cost = its printed cost, adjusted by itself, by auras and by one-shot effects.

Three ways a card module changes costs (all of them cost nothing while absent):

1. Self-adjustment, the card's own text while in hand (Molten Giant, Sea Giant, Dread Corsair):
       "Molten Giant": minion(cost_mod=minus_per(lambda s, player: s.players[player].hero.damage)),
   `cost_mod(state, player) -> delta` (the CardDef field; `minus_per(count)` is -count). The card is priced while
   still in hand (HearthstoneState._play pays before taking it out), so Mountain Giant counts len(hand) - 1.

2. An aura of a minion in play (Venture Co. Mercenary, Sorcerer's Apprentice, Summoning Portal, Pint-Sized Summoner):
       "Sorcerer's Apprentice": minion(aura=cost_aura(SPELLS, add=-1)),
       "Venture Co. Mercenary": minion(aura=cost_aura(MINIONS, add=3)),
       "Summoning Portal": minion(aura=cost_aura(MINIONS, add=-2, floor=1, first=True)),
       "Mana Wraith": minion(aura=cost_aura(MINIONS, add=1, who="both")),
   `cost_aura(cards, add=0, set_to=None, floor=0, who="own"|"enemy"|"both", when=None)` is an ordinary aura
   (mechanics.refresh_auras calls it whenever the board changes; silence and death end it): it registers an
   adjuster in the affected players' `cost_auras`, which are derived and never stored. `when(state, player)` limits
   it (Pint-Sized Summoner: no minion played yet this turn, `Player.minions_played`). To combine with a stat aura,
   pass `and_then=aura(...)`.

3. A one-shot or temporary effect on a player (Millhouse Manastorm, Preparation, Kirin Tor Mage), an Effect:
       "Preparation": spell(cost_effect(SPELLS, add=-3, once=True)),       # the next spell this turn
       "Kirin Tor Mage": minion(battlecry=cost_effect(SECRETS, set_to=0, once=True)),
       "Millhouse Manastorm": minion(battlecry=cost_effect(SPELLS, set_to=0, enemy=True)),  # enemy's next turn
   It is stored in `Player.cost_effects` as a plain tuple (uid, cards, add, set_to, once) (cloned by sharing,
   serialised). Every cost effect ends at the end of its holder's own turn: put on yourself it lasts "this turn",
   put on the opponent it lasts their "next turn". `once=True`: the next matching card played uses it up.

`cards` names which cards are affected: MINIONS, SPELLS, SECRETS or ALL_CARDS (never hero powers).

Order: printed cost + self-adjustment; then the auras marked `first` (Summoning Portal, whose reduction comes before
every other change: Hearthstone Wiki, Summoning Portal); then the change an effect made to the card in hand
(Freezing Trap's +2, Shadowstep's -2: dsl_secrets.cost_changed); then every other aura and effect in the order its
source entered play (its uid). Each is applied to the running cost (an add; a set_to; a floor: "not less than (1)"
never raises a cost already below it), and the result is never below 0.
"""

from __future__ import annotations

from typing import Callable

from cardlab.engine.hearthstone.carddb import MINION, SPELL, CardDef

# ---------------------------------------------------------------- which cards


MINIONS, SPELLS, SECRETS, ALL_CARDS = "minion", "spell", "secret", "card"


def _matches(cards: str, card: CardDef) -> bool:
    t = card.type
    if cards == MINIONS:
        return t == MINION
    if cards == SPELLS:
        return t == SPELL
    if cards == SECRETS:
        return t == SPELL and "SECRET" in card.mechanics
    return t != "HERO_POWER"


def _adjusted(cost: int, add: int, set_to: int | None, floor: int) -> int:
    if set_to is not None:
        return set_to
    new = cost + add
    if new < floor:
        return floor if cost >= floor else cost
    return new


# ---------------------------------------------------------------- the price


def current_cost(s, player: int, card: CardDef, cost: int) -> int:
    """`cost` (printed + self-adjustment) after the player's cost auras and effects; called by
    HearthstoneState.cost only when the player has some."""
    p = s.players[player]
    mods = []
    for uid, adjust in p.cost_auras:
        mods.append((uid, adjust))
    for effect in p.cost_effects:
        mods.append((effect[0], _effect_adjuster(effect)))
    if len(mods) > 1:
        mods.sort(key=lambda t: t[0])
    if any(getattr(adjust, "first", False) for _, adjust in mods):
        # Summoning Portal applies before every other change (Hearthstone Wiki, Summoning Portal): before an aura
        # played earlier, and before the card's own cost change in hand (a Freezing-Trapped 1-cost minion costs 3
        # with a Portal, a Shadowstepped 4-cost one 0).
        base = getattr(card, "base", None)  # a card whose cost an effect changed in hand
        delta = card.cost - base.cost if base is not None else 0
        cost -= delta
        for _, adjust in mods:
            if getattr(adjust, "first", False):
                cost = adjust(s, player, card, cost)
        cost += delta
        mods = [m for m in mods if not getattr(m[1], "first", False)]
    for _, adjust in mods:
        cost = adjust(s, player, card, cost)
    return cost if cost > 0 else 0


def _effect_adjuster(effect: tuple) -> Callable:
    _, cards, add, set_to, _once = effect

    def adjust(s, player, card, cost):
        return _adjusted(cost, add, set_to, 0) if _matches(cards, card) else cost

    return adjust


# ---------------------------------------------------------------- auras


def cost_aura(cards: str, add: int = 0, set_to: int | None = None, floor: int = 0, who: str = "own",
              when: Callable | None = None, and_then: Callable | None = None, first: bool = False) -> Callable:
    """A minion's aura (minion(aura=...)) changing the cost of `cards` in the hands of `who` (own/enemy/both).
    `first`: applied to a card's cost before the enchantments that changed it in hand (Summoning Portal)."""

    def adjust(s, player, card, cost):
        if not _matches(cards, card) or (when is not None and not when(s, player)):
            return cost
        return _adjusted(cost, add, set_to, floor)

    adjust.first = first  # type: ignore[attr-defined]

    def apply(s, src) -> None:
        entry = ((src.uid, adjust),)
        for i, p in enumerate(s.players):
            mine = i == src.owner
            if who == "both" or (who == "own") == mine:
                p.cost_auras = p.cost_auras + entry
        if and_then is not None:
            and_then(s, src)

    apply.cost_aura = True  # type: ignore[attr-defined]
    return apply


# ---------------------------------------------------------------- one-shot and temporary effects


def cost_effect(cards: str, add: int = 0, set_to: int | None = None, once: bool = False, enemy: bool = False) -> Callable:
    """Effect: until the end of the holder's turn (yours: this turn; enemy=True: the opponent's next turn),
    `cards` cost `add` more (or exactly `set_to`); once=True: only the next such card played."""

    def run(ctx) -> None:
        p = ctx.state.players[1 - ctx.player if enemy else ctx.player]
        p.cost_effects = p.cost_effects + ((ctx.state.new_uid(), cards, add, set_to, once),)

    run.kind = "cost_effect"  # type: ignore[attr-defined]
    run.on_target = False  # type: ignore[attr-defined]
    run.parts = ()  # type: ignore[attr-defined]
    return run


def card_played(p, card: CardDef) -> None:
    """A card was paid for: every matching once-effect is used up (two Preparations both go on the next spell)."""
    kept = tuple(e for e in p.cost_effects if not (e[4] and _matches(e[1], card)))
    if len(kept) != len(p.cost_effects):
        p.cost_effects = kept


def turn_ended(p) -> None:
    """Cost effects last until the end of their holder's turn (HearthstoneState._end_turn)."""
    p.cost_effects = ()


# ---------------------------------------------------------------- self-adjustment helpers (cost_mod)


def minus_per(count: Callable) -> Callable:
    """cost_mod: (1) less for each of `count(state, player)`."""
    return lambda s, player: -count(s, player)
