"""Card-language primitives for the class cards (Priest, Druid, Warlock, Warrior, Rogue, Shaman Classic sets).

Same conventions as dsl.py (effects are functions of a Ctx, selectors return characters), kept apart so the
class modules can grow without touching the shared language. Spell amounts follow one rule: the printed amount
plus Spell Damage, times the caster's Prophet Velen multiplier (`spell_amount`).
"""

from __future__ import annotations

from typing import Callable

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.carddb import card_db
from cardlab.engine.hearthstone.dsl import (
    ENEMY_MINIONS, Effect, Selector, Trigger, _summon_position, _tag, _targets, alive,
)
from cardlab.engine.hearthstone.enchants import (
    add_enchant, add_player_effect, enchantment, player_effect, remove_enchant,
)

# ---------------------------------------------------------------- amounts


def spell_amount(ctx: mech.Ctx, amount: int) -> int:
    """A spell's (or hero power's) damage: printed amount + Spell Damage, doubled per Prophet Velen."""
    return (amount + ctx.spell_power) * ctx.multiplier


def damage_by(amount_of: Callable[[mech.Ctx], int], to: Selector | None = None) -> Effect:
    """Deal damage computed when the card resolves (Savagery: your hero's Attack; Shield Slam: your Armor)."""

    def run(ctx: mech.Ctx) -> None:
        n = spell_amount(ctx, amount_of(ctx))
        for c in _targets(ctx, to):
            mech.deal_damage(ctx.state, c, n, ctx.source)

    return _tag(run, "damage", to)


def hero_attack_value(ctx: mech.Ctx) -> int:
    return ctx.me.hero_attack()


def armor_value(ctx: mech.Ctx) -> int:
    return ctx.me.hero.armor


# ---------------------------------------------------------------- selectors


def RANDOM_OTHER_FRIENDLY_MINION(ctx: mech.Ctx) -> list:
    chars = alive(m for m in ctx.me.board if m is not ctx.source)
    return [ctx.state.rng.choice(chars)] if chars else []


def RANDOM_DAMAGED_FRIENDLY_CHARACTER(ctx: mech.Ctx) -> list:
    chars = [c for c in alive([ctx.me.hero] + ctx.me.board) if c.damage > 0]
    return [ctx.state.rng.choice(chars)] if chars else []


def TARGET_ADJACENT(ctx: mech.Ctx) -> list:
    """The minions next to the chosen target (Betrayal)."""
    t = ctx.target
    if t is None or t.is_hero:
        return []
    board = ctx.state.players[t.owner].board
    i = board.index(t)
    return [board[j] for j in (i - 1, i + 1) if 0 <= j < len(board)]


# ---------------------------------------------------------------- conditions


def target_is_dead(ctx: mech.Ctx) -> bool:
    t = ctx.target
    return t is not None and (t.health <= 0 or (not t.is_hero and t.pending_destroy))


def health_at_most(n: int) -> Callable[[mech.Ctx], bool]:
    return lambda ctx: ctx.me.hero.health <= n


def has_weapon(ctx: mech.Ctx) -> bool:
    return ctx.me.weapon is not None


def target_is_friendly_race(race: str) -> Callable[[mech.Ctx], bool]:
    return lambda ctx: (ctx.target is not None and not ctx.target.is_hero and ctx.target.owner == ctx.player
                        and ctx.target.card.race == race)


def has_free_slot(s, player: int) -> bool:
    return len(s.players[player].board) < mech.BOARD_LIMIT


def unless(condition: Callable[[mech.Ctx], bool]) -> Callable[[mech.Ctx], bool]:
    return lambda ctx: not condition(ctx)


# ---------------------------------------------------------------- effects


def helpful(effect: Effect) -> Effect:
    """Label an effect on the chosen target as a benefit (bots aim it at their own minions)."""
    return _tag(effect, "buff", None, getattr(effect, "parts", ()))


def opponent_draws(count: int) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for _ in range(count):
            mech.draw(ctx.state, 1 - ctx.player)

    return _tag(run, "opponent_draws")


def gain_full_crystals(amount: int) -> Effect:
    """Gain Mana Crystals that are full this turn (Nourish), never beyond 10."""

    def run(ctx: mech.Ctx) -> None:
        me = ctx.me
        gained = max(0, min(amount, mech.MAX_MANA - me.max_mana))
        me.max_mana += gained
        me.mana = min(mech.MAX_MANA, me.mana + gained)

    return _tag(run, "gain_mana_crystal")


def destroy_mana_crystal(ctx: mech.Ctx) -> None:
    """Felguard: lose a Mana Crystal, an empty one when there is one."""
    me = ctx.me
    me.max_mana = max(0, me.max_mana - 1)
    me.mana = min(me.mana, me.max_mana)


def become(card_key: str) -> Effect:
    """The source minion turns into another card in place (Druid of the Claw's forms): the same minion, with the
    new card's stats, keywords and text."""

    def run(ctx: mech.Ctx) -> None:
        m = ctx.source
        card = card_db().get(card_key)
        m.card = card
        m.base_attack, m.base_health = card.attack, card.health
        m.taunt, m.charge, m.divine_shield = card.taunt, card.charge, card.divine_shield
        m.windfury, m.stealth, m.spell_damage = card.windfury, card.stealth, card.spell_damage
        from cardlab.engine.hearthstone.enchants import rebuild_triggers

        rebuild_triggers(m)
        if ctx.transformed is not None:
            ctx.transformed.append(m)

    return _tag(run, "transform")


def buff_by(stats_of: Callable[[mech.Ctx], tuple[int, int]], to: Selector | None = None) -> Effect:
    """+atk/+hp computed when the card resolves (Divine Spirit, Edwin VanCleef, Void Terror)."""

    def run(ctx: mech.Ctx) -> None:
        atk, hp = stats_of(ctx)
        for c in _targets(ctx, to):
            c.atk_buff += atk
            c.hp_buff += hp

    return _tag(run, "buff", to)


def set_attack_to_health(ctx: mech.Ctx) -> None:
    """Inner Fire: the target's Attack becomes its current Health."""
    m = ctx.target
    m.base_attack = m.health  # like Humility: auras still apply on top
    m.atk_buff = 0
    m.temp_atk = 0


def destroy_all_but_one_random(ctx: mech.Ctx) -> None:
    """Brawl: one random minion survives, the rest are destroyed."""
    minions = alive(ctx.me.board + ctx.opponent.board)
    if not minions:
        return
    keep = ctx.state.rng.choice(minions)
    for m in minions:
        if m is not keep:
            mech.destroy(m)


def random_damage_each(low: int, high: int, to: Selector = ENEMY_MINIONS) -> Effect:
    """Lightning Storm: each character takes its own random amount in [low, high] (+ Spell Damage)."""

    def run(ctx: mech.Ctx) -> None:
        for c in to(ctx):
            mech.deal_damage(ctx.state, c, spell_amount(ctx, low + ctx.state.rng.randrange(high - low + 1)), ctx.source)

    return _tag(run, "damage", to)


def draw_matching(count: int, pred: Callable, fallback: str | None = None, race: str = "") -> Effect:
    """Draw `count` random cards matching pred from your deck; for each missing one, add `fallback` (Sense Demons).
    race: pred is "a minion of this race"; a missing one shows in public that the deck holds none (deck_lacks)."""

    def run(ctx: mech.Ctx) -> None:
        deck = ctx.me.deck
        for _ in range(count):
            found = [i for i, c in enumerate(deck) if pred(c)]
            if found:
                card = deck.pop(ctx.state.rng.choice(found))
                mech.add_to_hand(ctx.state, ctx.player, card)
            elif fallback is not None:
                if race:
                    from cardlab.engine.hearthstone.state import note_deck_lacks

                    note_deck_lacks(ctx.state, ctx.player, race)
                mech.add_to_hand(ctx.state, ctx.player, card_db().get(fallback))

    return _tag(run, "draw")


def summon_card(card_of: Callable[[mech.Ctx], object]) -> Effect:
    """Summon a card chosen when the effect runs (Mindgames, Bane of Doom, Ancestral Spirit)."""

    def run(ctx: mech.Ctx) -> None:
        card = card_of(ctx)
        if card is not None:
            mech.summon(ctx.state, ctx.player, card, _summon_position(ctx, ctx.player))

    return _tag(run, "summon")


def give_player_effect(name: str, arg_of: Callable[[mech.Ctx], object] = lambda ctx: None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        add_player_effect(ctx.me, name, arg_of(ctx))

    return _tag(run, "player_effect")


# ---------------------------------------------------------------- triggers


def at_end_of_each_turn(effect: Effect) -> Trigger:
    return ("turn_end", lambda s, m, player: effect(mech.Ctx(s, m.owner, m, m.card, None)))


def at_start_of_each_turn(effect: Effect) -> Trigger:
    return ("turn_start", lambda s, m, player: effect(mech.Ctx(s, m.owner, m, m.card, None)))


def when_you_play_overload(effect: Effect) -> Trigger:
    """Unbound Elemental: whenever you play a card with Overload."""

    def handler(s, m, player, card):
        if player == m.owner and card.overload > 0:
            effect(mech.Ctx(s, m.owner, m, m.card, m))

    return ("card_played", handler)


def when_self_healed(effect: Effect) -> Trigger:
    def handler(s, m, healed, amount):
        if healed is m:
            effect(mech.Ctx(s, m.owner, m, m.card, m))

    return ("minion_healed", handler)


def passive(marker: str) -> Trigger:
    """A rule the engine checks for while the minion is in play and not silenced (mechanics' markers)."""
    return (marker, None)




# ---------------------------------------------------------------- weapons


def weapon_buff(atk: int = 0, durability: int = 0) -> Effect:
    """Give your weapon +atk/+durability (Upgrade!)."""

    def run(ctx: mech.Ctx) -> None:
        w = ctx.me.weapon
        if w is not None:
            w.attack += atk
            w.durability += durability

    return _tag(run, "weapon_buff")


def wears_attack_on_minions() -> Trigger:
    """Gorehowl: attacking a minion costs 1 Attack instead of 1 Durability (at 0 Attack it is destroyed)."""

    def wear(s, w, player, defender) -> None:
        if defender.is_hero:
            w.durability -= 1
        else:
            w.attack -= 1
        if w.durability <= 0 or w.attack <= 0:
            mech.destroy_weapon(s, player)

    return ("weapon_wear", wear)


def draw_per(count_of: Callable[[mech.Ctx], int]) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for _ in range(count_of(ctx)):
            mech.draw(ctx.state, ctx.player)

    return _tag(run, "draw")


def damaged_friendly_characters(ctx: mech.Ctx) -> int:
    return sum(1 for c in [ctx.me.hero] + ctx.me.board if c.damage > 0)


def _ends_this_turn(s, player, arg, turn_player) -> bool:
    return False


COMMANDING_SHOUT = player_effect("commanding_shout", min_health=True, turn_end=_ends_this_turn)


# ---------------------------------------------------------------- Rogue


def summon_beside_source(card_key: str, count: int) -> Effect:
    """Cenarius' Shan'do's Lesson: the first copy to its right, the next to its left, and so on (a full board
    stops it)."""

    def run(ctx: mech.Ctx) -> None:
        card = card_db().get(card_key)
        board = ctx.me.board
        for k in range(count):
            if len(board) >= mech.BOARD_LIMIT:
                return
            i = board.index(ctx.source) if ctx.source in board else len(board)
            mech.summon(ctx.state, ctx.player, card, i + 1 if k % 2 == 0 else i)

    return _tag(run, "summon")


def _conceal_ends(s, m, caster: int, player: int) -> None:
    """Conceal: the Stealth it gave lasts until the start of the caster's next turn."""
    if player == caster:
        m.stealth = False
        remove_enchant(m, "conceal")


CONCEAL = enchantment("conceal", turn_start=_conceal_ends)


def FRIENDLY_MINIONS_WITHOUT_STEALTH(ctx: mech.Ctx) -> list:
    """Conceal enchants only these: a minion that still has its own Stealth keeps it when Conceal ends, one that
    lost it (Patient Assassin after attacking) gets it back only until then."""
    return [m for m in ctx.me.board if not m.stealth]


def attack_adjacent(ctx: mech.Ctx) -> None:
    """Betrayal: the target deals its Attack as damage to the minions next to it."""
    t = ctx.target
    amount = t.attack
    for m in TARGET_ADJACENT(ctx):
        mech.deal_damage(ctx.state, m, amount, t)


def weapon_damage_to(to: Selector) -> Effect:
    """Blade Flurry: destroy your weapon and deal its Attack (+ Spell Damage) to `to`."""

    def run(ctx: mech.Ctx) -> None:
        w = ctx.me.weapon
        if w is None:
            return
        amount = spell_amount(ctx, w.attack)
        mech.destroy_weapon(ctx.state, ctx.player)
        for c in to(ctx):
            mech.deal_damage(ctx.state, c, amount, ctx.source)

    return _tag(run, "damage", to)


def destroy_damaged_minion(ctx: mech.Ctx) -> None:
    """Patient Assassin: a minion it damaged is destroyed."""
    if ctx.target is not None and not ctx.target.is_hero:
        mech.destroy(ctx.target)


def cards_played_before(ctx: mech.Ctx) -> int:
    return ctx.me.cards_played - 1  # the card resolving counts itself


def _return_card_at_your_turn(s, player: int, card_id: str, turn_player: int) -> bool:
    if turn_player != player:
        return True
    mech.add_to_hand(s, player, card_db().get(card_id), known=True)  # Headcrack comes back in plain sight
    return False


RETURN_NEXT_TURN = player_effect("return_next_turn", turn_start=_return_card_at_your_turn)


def return_this_next_turn(ctx: mech.Ctx) -> None:
    """Headcrack's Combo: the card comes back to your hand at the start of your next turn."""
    add_player_effect(ctx.me, RETURN_NEXT_TURN, ctx.card.id)


# ---------------------------------------------------------------- Priest


def set_hero_power(card_key_of: Callable[[mech.Ctx], str]) -> Effect:
    """Your Hero Power becomes another (a fresh one: usable this turn even if the old one was used)."""

    def run(ctx: mech.Ctx) -> None:
        ctx.me.hero_power = card_db().get(card_key_of(ctx))
        ctx.me.hero_power_used = False

    return _tag(run, "hero_power")


def copy_from_enemy_deck(count: int) -> Effect:
    """Thoughtsteal: copies of `count` random cards of the opponent's deck, hidden from the opponent."""
    from cardlab.engine.hearthstone.carddb import hidden_copy_of

    def run(ctx: mech.Ctx) -> None:
        from cardlab.engine.hearthstone.state import note_copies

        deck = ctx.opponent.deck
        if deck:  # the opponent knows its deck: its view rebuilds the copies from it (copy_sources)
            note_copies(ctx.state, ctx.player, [c.id for c in deck])
        for card in ctx.state.rng.sample(deck, min(count, len(deck))):
            mech.add_to_hand(ctx.state, ctx.player, hidden_copy_of(card))

    return _tag(run, "add_card")


def random_enemy_deck_minion_or(fallback: str) -> Callable[[mech.Ctx], object]:
    """Mindgames: a random minion card of the opponent's deck, or `fallback` when there is none."""

    def pick(ctx: mech.Ctx):
        minions = [c for c in ctx.opponent.deck if c.type == "MINION"]
        return ctx.state.rng.choice(minions) if minions else card_db().get(fallback)

    return pick


def _madness_returns(s, m, original_owner: int) -> None:
    """Shadow Madness: the minion goes back (destroyed if that board is full); Silence ends the steal at once
    (Hearthstone Wiki, Shadow Madness)."""
    if m.owner != original_owner:
        mech.change_owner(s, m, original_owner)


def _madness_ends(s, m, original_owner: int, player: int) -> None:
    remove_enchant(m, "shadow_madness")
    _madness_returns(s, m, original_owner)


# Back after every "at the end of your turn" effect (Hearthstone Wiki, Shadow Madness): the thief's Ragnaros or Young
# Priestess still counts the minion as its own (mechanics.LATE_TURN_END, fired after "turn_end").
SHADOW_MADNESS = enchantment("shadow_madness", turn_end_late=_madness_ends, silenced=_madness_returns)


def take_control_this_turn(ctx: mech.Ctx) -> None:
    """Gain control of the target until end of turn; it can attack now. Silence sends it back at once."""
    m = ctx.target
    owner = m.owner
    if mech.change_owner(ctx.state, m, ctx.player):
        m.exhausted = False
        add_enchant(m, SHADOW_MADNESS, owner)


def _attack_equals_health(s, m) -> None:
    m.aura_atk = m.health - (m.base_attack + m.atk_buff + m.temp_atk)


def attack_equals_health():
    """Lightspawn's aura on itself, applied after every other aura (aura.late in refresh_auras)."""

    def apply(s, src) -> None:
        pass

    apply.late = _attack_equals_health  # type: ignore[attr-defined]
    return apply


def _refresh(ctx: mech.Ctx) -> None:
    mech.refresh_auras(ctx.state)


# ---------------------------------------------------------------- Warlock


def _dies_at_end_of_turn(s, m, arg, player: int) -> None:
    mech.destroy(m)


POWER_OVERWHELMING = enchantment("power_overwhelming", turn_end=_dies_at_end_of_turn)


def devour_adjacent(ctx: mech.Ctx) -> None:
    """Void Terror: destroy both adjacent minions and gain their Attack and Health."""
    from cardlab.engine.hearthstone.dsl import ADJACENT

    atk = hp = 0
    for m in ADJACENT(ctx):
        atk += m.attack
        hp += max(0, m.health)
        mech.destroy(m)
    ctx.source.atk_buff += atk
    ctx.source.hp_buff += hp


def sacrifice_for_damage(to: Selector) -> Effect:
    """Shadowflame: destroy the target friendly minion and deal its Attack (+ Spell Damage) to `to`."""

    def run(ctx: mech.Ctx) -> None:
        amount = spell_amount(ctx, ctx.target.attack)
        mech.destroy(ctx.target)
        for c in to(ctx):
            mech.deal_damage(ctx.state, c, amount, ctx.source)

    return _tag(run, "damage", to)


def random_collectible(pred: Callable, exclude: tuple = ()) -> Callable[[mech.Ctx], object]:
    """A random collectible card matching pred (Bane of Doom's Demon), in a fixed (id) order for determinism."""
    pool: list = []

    def pick(ctx: mech.Ctx):
        if not pool:
            pool.extend(sorted((c for c in card_db().collectible() if pred(c) and c.name not in exclude),
                               key=lambda c: c.id))
        return ctx.state.rng.choice(pool)

    return pick


def is_demon(s, p, c) -> bool:
    """A Demon minion, or a hero that is Lord Jaraxxus (Sacrificial Pact can destroy him)."""
    if c.is_hero:
        from cardlab.engine.hearthstone.hero_replace import is_jaraxxus

        return is_jaraxxus(s.players[c.owner])
    return c.card.race == "DEMON"


# ---------------------------------------------------------------- Shaman


def _return_to_battlefield(ctx: mech.Ctx, arg) -> None:
    """Ancestral Spirit: a fresh copy of the dead minion's card comes back in its place."""
    mech.summon(ctx.state, ctx.player, ctx.source.card, ctx.position)


ANCESTRAL_SPIRIT = enchantment("ancestral_spirit", deathrattle=_return_to_battlefield)


# ---------------------------------------------------------------- cards whose cost changes in hand


def return_to_hand_costing_less(less: int) -> Effect:
    """Shadowstep: the target goes back to its owner's hand, costing `less` less (destroyed if the hand is full)."""
    from cardlab.engine.hearthstone.dsl_secrets import cost_changed

    def run(ctx: mech.Ctx) -> None:
        for m in _targets(ctx, None):
            mech.return_to_hand(ctx.state, m, cost_changed(m.card, -less))

    return _tag(run, "return_to_hand")


def draw_costing_less(less: int) -> Effect:
    """Far Sight: draw a card; that card costs `less` less."""
    from cardlab.engine.hearthstone.dsl_secrets import cost_changed

    def run(ctx: mech.Ctx) -> None:
        from cardlab.engine.hearthstone.state import note_hand_discount

        card = mech.draw(ctx.state, ctx.player)
        hand = ctx.me.hand
        if card is not None and hand and hand[-1] is card:
            hand[-1] = cost_changed(card, -less)
            note_hand_discount(ctx.state, ctx.player, -less)  # which card is hidden, that one is cheaper is not

    return _tag(run, "draw")
