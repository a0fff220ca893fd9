"""DSL primitives the neutral Classic cards add (selectors, effects, triggers, auras); the rules stay in
mechanics.py, costs in costs.py. Card modules import these next to engine.hearthstone.dsl."""

from __future__ import annotations

from typing import Callable

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.carddb import MINION, card_db
from cardlab.engine.hearthstone.dsl import (
    ALL_CHARACTERS, ALL_OTHER_MINIONS, ENEMIES, ENEMY_MINIONS, OTHER_FRIENDLY_MINIONS, CharPred, Effect, Selector,
    TargetRule, Trigger, _summon_position, _tag, _targets, alive,
)
from cardlab.engine.hearthstone.enchants import enchantment
from cardlab.engine.hearthstone.entities import Minion

# ---------------------------------------------------------------- target rules and predicates

HERO_ONLY = TargetRule(True, True, False, True)  # either hero (Alexstrasza)


def has_taunt(s, p, c) -> bool:
    return (not c.is_hero) and c.taunt


# ---------------------------------------------------------------- selectors


def random_one(selector: Selector) -> Selector:
    """One random living character of the selector's (nothing when it is empty)."""

    def pick(ctx: mech.Ctx) -> list:
        chars = alive(selector(ctx))
        return [ctx.state.rng.choice(chars)] if chars else []

    return pick


RANDOM_ENEMY = random_one(ENEMIES)
RANDOM_ENEMY_MINION = random_one(ENEMY_MINIONS)
RANDOM_OTHER_FRIENDLY_MINION = random_one(OTHER_FRIENDLY_MINIONS)
RANDOM_OTHER_MINION = random_one(ALL_OTHER_MINIONS)


def ANY_MINIONS(ctx: mech.Ctx) -> list:
    """Every minion in play, the source included (Emboldener 3000's "a random minion")."""
    return list(ctx.state.players[0].board) + list(ctx.state.players[1].board)


def others_of_race(race: str) -> Selector:
    """All other minions of a race, both sides (Coldlight Seer)."""
    return lambda ctx: [m for m in ALL_OTHER_MINIONS(ctx) if m.card.race == race]


def all_characters_except(name: str) -> Selector:
    """Every character but the minions called `name` (Ysera Awakens: all but Yseras)."""
    return lambda ctx: [c for c in ALL_CHARACTERS(ctx) if c.is_hero or c.card.name != name]


def DAMAGED_CHARACTERS(ctx: mech.Ctx) -> list:
    return [c for c in ALL_CHARACTERS(ctx) if c.damage > 0]


# ---------------------------------------------------------------- conditions


def has_target(ctx: mech.Ctx) -> bool:
    return ctx.target is not None


def opponent_has_minions(n: int) -> Callable[[mech.Ctx], bool]:
    return lambda ctx: len(ctx.opponent.board) >= n


# ---------------------------------------------------------------- effects


def change_enemy_weapon_durability(delta: int) -> Effect:
    """Bloodsail Corsair: the opponent's weapon loses durability (and breaks at 0)."""

    def run(ctx: mech.Ctx) -> None:
        w = ctx.opponent.weapon
        if w is not None:
            w.durability += delta
            if w.durability <= 0:
                mech.destroy_weapon(ctx.state, 1 - ctx.player)

    return _tag(run, "weapon_durability")


def buff_weapon(atk: int = 0, durability: int = 0) -> Effect:
    """Captain Greenskin: your weapon gets +atk/+durability."""

    def run(ctx: mech.Ctx) -> None:
        w = ctx.me.weapon
        if w is not None:
            w.attack += atk
            w.durability += durability

    return _tag(run, "buff_weapon")


def gain_attack_of_weapon(ctx: mech.Ctx) -> None:
    """Bloodsail Raider: +Attack equal to your weapon's Attack."""
    w = ctx.me.weapon
    if w is not None and ctx.source in ctx.me.board:
        ctx.source.atk_buff += w.attack


gain_attack_of_weapon = _tag(gain_attack_of_weapon, "gain_attack_of_weapon", None)


def draw_matching(pred: Callable, count: int = 1) -> Effect:
    """Draw a random card of your deck that matches pred(card) (Captain's Parrot: a Pirate)."""

    def run(ctx: mech.Ctx) -> None:
        deck = ctx.me.deck
        for _ in range(count):
            found = [i for i, c in enumerate(deck) if pred(c)]
            if not found:
                return
            card = deck.pop(ctx.state.rng.choice(found))
            mech.add_to_hand(ctx.state, ctx.player, card)  # a full hand burns it

    return _tag(run, "draw_matching")


def is_card_race(race: str) -> Callable:
    return lambda card: card.type == MINION and card.race == race


def swap_attack_health(to: Selector | None = None) -> Effect:
    """Crazed Alchemist: the current Attack and Health (auras, Enrage and this turn's buffs included; damage
    taken off) swap and become the minion's own, undamaged; auras then apply on top again. Silence restores the
    card's stats."""

    def run(ctx: mech.Ctx) -> None:
        for m in _targets(ctx, to):
            if m.is_hero:
                continue
            atk, hp = m.attack, m.max_health - m.damage
            m.base_attack, m.atk_buff, m.temp_atk = hp, 0, 0
            m.base_health, m.hp_buff, m.damage = atk, 0, 0  # aura_atk/aura_hp stay: the aura counts twice
        mech.refresh_auras(ctx.state)

    return _tag(run, "swap_attack_health", to)


def add_spell_damage(amount: int, to: Selector | None = None) -> Effect:
    """Ancient Mage: +Spell Damage (silence removes it)."""

    def run(ctx: mech.Ctx) -> None:
        for m in _targets(ctx, to):
            m.spell_damage += amount

    return _tag(run, "add_spell_damage", to)


def strip_divine_shields_and_grow(atk: int, hp: int) -> Effect:
    """Blood Knight: all minions lose Divine Shield; the source gains +atk/+hp per shield lost."""

    def run(ctx: mech.Ctx) -> None:
        n = 0
        for p in ctx.state.players:
            for m in p.board:
                if m.divine_shield:
                    m.divine_shield = False
                    n += 1
        src = ctx.source
        src.atk_buff += atk * n
        src.hp_buff += hp * n

    return _tag(run, "strip_divine_shields")


def give_opponent_mana_crystal(amount: int = 1) -> Effect:
    """Arcane Golem: the opponent gains a (full) Mana Crystal."""

    def run(ctx: mech.Ctx) -> None:
        p = ctx.opponent
        if p.max_mana < mech.MAX_MANA:
            p.max_mana = min(mech.MAX_MANA, p.max_mana + amount)
            p.mana = min(mech.MAX_MANA, p.mana + amount)

    return _tag(run, "give_opponent_mana_crystal")


def each_player_draws(count: int) -> Effect:
    """Coldlight Oracle: you draw, then your opponent."""

    def run(ctx: mech.Ctx) -> None:
        for player in (ctx.player, 1 - ctx.player):
            for _ in range(count):
                mech.draw(ctx.state, player)

    return _tag(run, "each_player_draws")


def add_cards(card_key: str, count: int = 1, enemy: bool = False) -> Effect:
    """Put copies of a card in your (or the opponent's) hand (King Mukla: 2 Bananas for the opponent)."""

    def run(ctx: mech.Ctx) -> None:
        card = card_db().get(card_key)
        for _ in range(count):
            mech.add_to_hand(ctx.state, 1 - ctx.player if enemy else ctx.player, card, known=True)

    return _tag(run, "add_cards")


def add_random_card(card_keys, players: str = "you") -> Effect:
    """A random card of card_keys into a hand: players = "you" or "both" (each draws its own)."""

    def run(ctx: mech.Ctx) -> None:
        db = card_db()
        options = [db.get(k) for k in card_keys]
        for player in ((ctx.player,) if players == "you" else (ctx.player, 1 - ctx.player)):
            mech.add_to_hand(ctx.state, player, ctx.state.rng.choice(options))

    return _tag(run, "add_random_card")


def take_control_random(pool: Selector = ENEMY_MINIONS) -> Effect:
    """Take control of a random (living) minion of the pool (Mind Control Tech, Sylvanas Windrunner)."""

    def run(ctx: mech.Ctx) -> None:
        chars = alive(pool(ctx))
        if chars:
            mech.change_owner(ctx.state, ctx.state.rng.choice(chars), ctx.player)

    return _tag(run, "take_control_random")


def transform_random(card_keys, to: Selector) -> Effect:
    """Transform the selected minion(s) into one of card_keys, chosen at random (Tinkmaster Overspark)."""

    def run(ctx: mech.Ctx) -> None:
        db = card_db()
        for m in _targets(ctx, to):
            new = mech.transform(ctx.state, m, db.get(ctx.state.rng.choice(card_keys)))
            if ctx.transformed is not None:
                ctx.transformed.append(new)

    return _tag(run, "transform_random", to)


def become_copy_of_target(ctx: mech.Ctx) -> None:
    """Faceless Manipulator: the source becomes a copy of the target: its card, current stats (damage included),
    buffs, keywords and enchantments (not Frozen), as a fresh minion this turn."""
    m, t = ctx.source, ctx.target
    if t is None or t.is_hero or m not in ctx.me.board:
        return
    m.card = t.card
    for f in ("base_attack", "base_health", "atk_buff", "hp_buff", "temp_atk", "taunt", "charge", "divine_shield",
              "windfury", "stealth", "spell_damage", "silenced", "enchants", "damage"):
        setattr(m, f, getattr(t, f))
    m.frozen = False
    from cardlab.engine.hearthstone.enchants import rebuild_triggers

    rebuild_triggers(m)
    mech.refresh_auras(ctx.state)
    if ctx.transformed is not None:
        ctx.transformed.append(m)


become_copy_of_target = _tag(become_copy_of_target, "copy", None)


def set_hero_health(value: int) -> Effect:
    """Alexstrasza: the target hero's remaining Health becomes `value` (armor stays)."""

    def run(ctx: mech.Ctx) -> None:
        h = ctx.target
        if h is not None and h.is_hero:
            if h.max_health < value:
                h.max_health = value
            h.damage = h.max_health - value

    return _tag(run, "set_hero_health")


def summon_until_full(card_key: str) -> Effect:
    """Onyxia: summon copies of a card on both sides of the source until the board is full, right first."""

    def run(ctx: mech.Ctx) -> None:
        card = card_db().get(card_key)
        board = ctx.me.board
        left = False
        while len(board) < mech.BOARD_LIMIT:
            i = board.index(ctx.source) if ctx.source in board else len(board)
            mech.summon(ctx.state, ctx.player, card, i if left else i + 1)
            left = not left

    return _tag(run, "summon_until_full")


def discard_hand(ctx: mech.Ctx) -> None:
    """Deathwing: discard your whole hand."""
    mech.discard(ctx.state, ctx.player)


discard_hand = _tag(discard_hand, "discard_hand", None)


def destroy_weapon_and_draw_per_durability(ctx: mech.Ctx) -> None:
    """Harrison Jones: destroy the opponent's weapon and draw a card per Durability it had."""
    w = ctx.opponent.weapon
    if w is None:
        return
    n = w.durability
    mech.destroy_weapon(ctx.state, 1 - ctx.player)
    for _ in range(n):
        mech.draw(ctx.state, ctx.player)


destroy_weapon_and_draw_per_durability = _tag(destroy_weapon_and_draw_per_durability, "destroy_weapon_draw", None)


def gain_health_per_card_in_hand(ctx: mech.Ctx) -> None:
    """Twilight Drake: +1 Health for each card in your hand."""
    ctx.source.hp_buff += len(ctx.me.hand)


gain_health_per_card_in_hand = _tag(gain_health_per_card_in_hand, "buff", None)


def chance(p: float, effect: Effect) -> Effect:
    """The effect with probability p (Nat Pagle: 50%)."""

    def run(ctx: mech.Ctx) -> None:
        if ctx.state.rng.random() < p:
            effect(ctx)

    return _tag(run, "chance", parts=(effect,))


def holds_a_minion(s, m) -> bool:
    """Alarm-o-Bot's queuing condition: its controller holds a minion card."""
    return any(c.type == MINION for c in s.players[m.owner].hand)


def swap_with_random_minion_in_hand(ctx: mech.Ctx) -> None:
    """Alarm-o-Bot: return it to your hand and put a random minion of your hand in its place (no Battlecry)."""
    me, src = ctx.me, ctx.source
    found = [i for i, c in enumerate(me.hand) if c.type == MINION]
    if not found or src not in me.board:
        return
    card = me.hand.pop(ctx.state.rng.choice(found))
    mech.left_hand(me, card)
    pos = mech.remove_from_board(ctx.state, src)
    mech.refresh_auras(ctx.state)
    me.hand.append(src.card)
    me.known_hand += (src.card,)
    mech.summon(ctx.state, ctx.player, getattr(card, "base", card), pos)  # in play at its printed cost


swap_with_random_minion_in_hand = _tag(swap_with_random_minion_in_hand, "swap_with_hand", None)


def summon_for_opponent(card_key: str, count: int = 1) -> Effect:
    """Summon minions on the opponent's side, at its right end (Leeroy Jenkins, The Beast)."""

    def run(ctx: mech.Ctx) -> None:
        card = card_db().get(card_key)
        for _ in range(count):
            mech.summon(ctx.state, 1 - ctx.player, card)

    return _tag(run, "summon")


def summon_random_of(card_keys, count_min: int = 1, count_max: int | None = None) -> Effect:
    """Summon `count` (random in [count_min, count_max]) minions, each a random one of card_keys."""

    def run(ctx: mech.Ctx) -> None:
        db = card_db()
        rng = ctx.state.rng
        n = count_min if count_max is None else count_min + rng.randrange(count_max - count_min + 1)
        pos = _summon_position(ctx, ctx.player)
        for _ in range(n):
            m = mech.summon(ctx.state, ctx.player, db.get(rng.choice(card_keys)), pos)
            if m is not None and pos >= 0:
                pos += 1

    return _tag(run, "summon_random")


def destroy_self(ctx: mech.Ctx) -> None:
    mech.destroy(ctx.source)


destroy_self = _tag(destroy_self, "destroy", None)


# ---------------------------------------------------------------- triggers


def _ctx(s, m, target=None) -> mech.Ctx:
    return mech.Ctx(s, m.owner, m, m.card, target)


def copy_spells_to_other_player() -> Trigger:
    """Lorewalker Cho: whenever a player casts a spell, a copy goes to the other player's hand."""

    def handler(s, m, caster, card):
        mech.add_to_hand(s, 1 - caster, card_db().by_id[card.id], known=True)  # a public copy, even of a hidden one

    return ("spell_cast", handler)


def after_you_cast_spell(effect: Effect) -> Trigger:
    """Wild Pyromancer: after the spell has resolved (and its deaths), if this minion is still in play."""

    def handler(s, m, caster, card):
        if caster == m.owner:
            effect(_ctx(s, m, m))

    return ("spell_done", handler)


def when_character_healed(effect: Effect) -> list:
    """Lightwarden: two listeners (minions and heroes); pass with *when_character_healed(...)."""
    return [("minion_healed", lambda s, m, c, amount: effect(_ctx(s, m, c))),
            ("hero_healed", lambda s, m, c, amount: effect(_ctx(s, m, c)))]


def when_any_summoned(effect: Effect, pred: CharPred | None = None) -> Trigger:
    """Whenever a minion (either side, not this one) matching pred is summoned (Murloc Tidecaller): as it enters,
    before a played minion's Battlecry."""

    def handler(s, m, summoned):
        if summoned is not m and (pred is None or pred(s, m.owner, summoned)):
            effect(_ctx(s, m, summoned))

    return (mech.SUMMONING, handler)


def when_you_play_another_card(effect: Effect) -> Trigger:
    """Whenever you play a card, not counting this minion's own play (Questing Adventurer, Illidan)."""

    def handler(s, m, player, card):
        if player == m.owner and not _is_being_played(s, m, card):
            effect(_ctx(s, m, m))

    return ("card_played", handler)


def _is_being_played(s, m: Minion, card) -> bool:
    """Whether "card_played" announces m itself: m is the newest minion of that card (an earlier listener may
    already have summoned others, Illidan's Flames, so "the last uid given out" would not do)."""
    printed = getattr(card, "base", card)  # a card whose cost changed in hand is its printed card in play
    if printed is not m.card:
        return False
    for p in s.players:
        for x in p.board:
            if x.card is printed and x.uid > m.uid:
                return False
    return True


def when_secret_played(effect: Effect) -> Trigger:
    """Secretkeeper: whenever either player plays a Secret."""

    def handler(s, m, player, card):
        if "SECRET" in card.mechanics:
            effect(_ctx(s, m, m))

    return ("card_played", handler)


def at_end_of_each_turn(effect: Effect) -> Trigger:
    """Gruul: at the end of both players' turns."""
    return ("turn_end", lambda s, m, player: effect(_ctx(s, m)))


# Passive marker (a triggers key no event fires; silence clears it): can't be targeted by spells or Hero Powers.
ELUSIVE = "elusive"


def elusive() -> Trigger:
    """Faerie Dragon, Laughing Sister: the target lists of spells and Hero Powers skip this minion."""
    return (ELUSIVE, None)


def poisonous() -> Trigger:
    """Emperor Cobra: destroy any minion damaged by this minion."""

    def handler(s, m, target, amount):
        if not target.is_hero:
            mech.destroy(target)

    handler.poisonous = True  # type: ignore[attr-defined]  # the keyword the board shows (render.minion_text)
    return ("dealt_damage", handler)


# ---------------------------------------------------------------- enchantments

# Nightmare: "At the start of your next turn, destroy it": arg = the caster.
NIGHTMARE = enchantment(
    "nightmare",
    turn_start=lambda s, m, caster, player: mech.destroy(m) if player == caster else None,
)


# ---------------------------------------------------------------- auras


def charge_while_weapon(s, src: Minion) -> None:
    """Southsea Deckhand: Charge while its owner has a weapon (mechanics.destroy_weapon refreshes auras)."""
    if s.players[src.owner].weapon is not None:
        src.aura_charge = True


def enraged_weapon_attack(amount: int) -> Callable:
    """Spiteful Smith: while damaged, its owner's weapon has +amount Attack (Weapon.aura_atk)."""

    def apply(s, src: Minion) -> None:
        w = s.players[src.owner].weapon
        if src.damage > 0 and w is not None:
            w.attack += amount
            w.aura_atk += amount

    return apply


def refresh_auras_when_damaged_or_healed() -> list:
    """Triggers that recompute auras when this minion's damage changes (an Enrage that is an aura);
    pass with *refresh_auras_when_damaged_or_healed()."""

    def healed(s, m, c, amount):
        if c is m:
            mech.refresh_auras(s)

    return [("self_damaged", lambda s, m, amount: mech.refresh_auras(s)), ("minion_healed", healed)]


def attack_per_other(pred: Callable) -> Callable:
    """Old Murk-Eye: +1 Attack for each other minion in play (both sides) matching pred(minion)."""

    def apply(s, src: Minion) -> None:
        n = 0
        for p in s.players:
            for m in p.board:
                if m is not src and pred(m):
                    n += 1
        src.aura_atk += n

    return apply


def is_minion_race(race: str) -> Callable:
    return lambda m: m.card.race == race
