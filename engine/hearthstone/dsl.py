"""The declarative card language: a card's definition reads like its text.

    "Fireball": spell(damage(6), target=ANY_CHARACTER),
    "Frostbolt": spell(damage(3), freeze(), target=ANY_CHARACTER),
    "Gurubashi Berserker": minion(triggers=[when_self_damaged(buff(atk=3, to=SELF))]),

Effects are functions of a `Ctx` (who plays, which entity, which target); selectors are
functions of a Ctx that return characters. Everything rule-related is in mechanics.py.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.carddb import CardDef, CardError, card_db
from cardlab.engine.hearthstone.entities import Character, Minion

Effect = Callable[[mech.Ctx], None]
Selector = Callable[[mech.Ctx], list]
CharPred = Callable[["object", int, Character], bool]  # (state, player, character) -> bool


# ---------------------------------------------------------------- target rules

class TargetRule:
    """Which characters a card may target, from its controller's point of view."""

    __slots__ = ("friendly", "enemy", "minions", "heroes", "pred")

    def __init__(self, friendly: bool, enemy: bool, minions: bool, heroes: bool, pred: CharPred | None = None):
        self.friendly = friendly
        self.enemy = enemy
        self.minions = minions
        self.heroes = heroes
        self.pred = pred

    def where(self, pred: CharPred) -> "TargetRule":
        old = self.pred
        combined = pred if old is None else (lambda s, p, c: old(s, p, c) and pred(s, p, c))
        return TargetRule(self.friendly, self.enemy, self.minions, self.heroes, combined)

    def codes(self, s, player: int, spell: bool = False) -> list[int]:
        """Legal target codes (side * 8 + slot, slot 0 = hero), ascending. spell=True for spells and Hero
        Powers, which can't target Elusive minions (the "elusive" triggers marker, dsl_neutral.elusive)."""
        out = []
        pred = self.pred
        for side, wanted in ((0, self.friendly), (1, self.enemy)):
            if not wanted:
                continue
            p = s.players[player if side == 0 else 1 - player]
            if self.heroes and not (side and p.hero.immune) and (pred is None or pred(s, player, p.hero)):
                out.append(side * 8)
            if self.minions:
                for i, m in enumerate(p.board):
                    if side == 1 and m.stealth:
                        continue
                    if m.is_dead:
                        continue
                    if spell and "elusive" in m.triggers:
                        continue
                    if pred is None or pred(s, player, m):
                        out.append(side * 8 + i + 1)
        return out


ANY_CHARACTER = TargetRule(True, True, True, True)
ANY_MINION = TargetRule(True, True, True, False)
ENEMY_CHARACTER = TargetRule(False, True, True, True)
ENEMY_MINION = TargetRule(False, True, True, False)
FRIENDLY_CHARACTER = TargetRule(True, False, True, True)
FRIENDLY_MINION = TargetRule(True, False, True, False)


# Character predicates, for TargetRule.where and selector filters.
def damaged(s, p, c) -> bool:
    return c.damage > 0


def undamaged(s, p, c) -> bool:
    return c.damage == 0


def attack_at_most(n: int) -> CharPred:
    return lambda s, p, c: (c.attack if not c.is_hero else 0) <= n


def attack_at_least(n: int) -> CharPred:
    return lambda s, p, c: (c.attack if not c.is_hero else 0) >= n


def is_race(race: str) -> CharPred:
    return lambda s, p, c: (not c.is_hero) and c.card.race == race


# ---------------------------------------------------------------- selectors

def TARGET(ctx: mech.Ctx) -> list:
    return [ctx.target] if ctx.target is not None else []


def SELF(ctx: mech.Ctx) -> list:
    return [ctx.source]


def FRIENDLY_HERO(ctx: mech.Ctx) -> list:
    return [ctx.me.hero]


def ENEMY_HERO(ctx: mech.Ctx) -> list:
    return [ctx.opponent.hero]


def FRIENDLY_MINIONS(ctx: mech.Ctx) -> list:
    return list(ctx.me.board)


def OTHER_FRIENDLY_MINIONS(ctx: mech.Ctx) -> list:
    return [m for m in ctx.me.board if m is not ctx.source]


def ENEMY_MINIONS(ctx: mech.Ctx) -> list:
    return list(ctx.opponent.board)


def ALL_MINIONS(ctx: mech.Ctx) -> list:
    return list(ctx.me.board) + list(ctx.opponent.board)


def ALL_OTHER_MINIONS(ctx: mech.Ctx) -> list:
    return [m for m in ALL_MINIONS(ctx) if m is not ctx.source]


def FRIENDLY_CHARACTERS(ctx: mech.Ctx) -> list:
    return [ctx.me.hero] + list(ctx.me.board)


def ENEMIES(ctx: mech.Ctx) -> list:
    return [ctx.opponent.hero] + list(ctx.opponent.board)


def ALL_CHARACTERS(ctx: mech.Ctx) -> list:
    return FRIENDLY_CHARACTERS(ctx) + ENEMIES(ctx)


def ALL_OTHER_CHARACTERS(ctx: mech.Ctx) -> list:
    return [c for c in ALL_CHARACTERS(ctx) if c is not ctx.source]


def OTHER_ENEMIES(ctx: mech.Ctx) -> list:
    """Enemies other than the chosen target (Swipe's splash)."""
    return [c for c in ENEMIES(ctx) if c is not ctx.target]


def ADJACENT(ctx: mech.Ctx) -> list:
    board = ctx.state.players[ctx.source.owner].board
    if ctx.source not in board:
        return []
    i = board.index(ctx.source)
    return [board[j] for j in (i - 1, i + 1) if 0 <= j < len(board)]


def where(selector: Selector, pred: CharPred) -> Selector:
    return lambda ctx: [c for c in selector(ctx) if pred(ctx.state, ctx.player, c)]


def alive(chars: Iterable) -> list:
    return [c for c in chars if c.health > 0 and not (not c.is_hero and c.pending_destroy)]


# ---------------------------------------------------------------- effects

def _tag(run: Effect, kind: str, to: Selector | None = None, parts: tuple = ()) -> Effect:
    """Label an effect with what it does, so agents can ask a card whether it helps or harms its target."""
    run.kind = kind  # type: ignore[attr-defined]
    run.on_target = to is None  # acts on the chosen target rather than on a selector
    run.parts = tuple(parts)  # type: ignore[attr-defined]
    return run


def _targets(ctx: mech.Ctx, to: Selector | None) -> list:
    if to is None:
        return [ctx.target] if ctx.target is not None else []
    return to(ctx)


def damage(amount: int, to: Selector | None = None) -> Effect:
    """Deal damage (plus spell damage when the source is a spell)."""

    def run(ctx: mech.Ctx) -> None:
        n = (amount + ctx.spell_power) * ctx.multiplier
        for c in _targets(ctx, to):
            mech.deal_damage(ctx.state, c, n, ctx.source)

    return _tag(run, "damage", to)


def random_damage(missiles: int, pool: Selector = ENEMIES) -> Effect:
    """`missiles` one-damage hits, each on a random living character of the pool (spell damage adds missiles)."""

    def run(ctx: mech.Ctx) -> None:
        for _ in range(missiles + ctx.spell_power):
            chars = alive(pool(ctx))
            if not chars:
                return
            mech.deal_damage(ctx.state, ctx.state.rng.choice(chars), ctx.multiplier, ctx.source)

    return _tag(run, "random_damage")


def damage_random(amount: int, count: int, pool: Selector = ENEMY_MINIONS) -> Effect:
    """Damage `count` different random living characters of the pool (Cleave, Multi-Shot)."""

    def run(ctx: mech.Ctx) -> None:
        chosen = ctx.state.rng.sample(alive(pool(ctx)), count)
        for c in chosen:
            mech.deal_damage(ctx.state, c, (amount + ctx.spell_power) * ctx.multiplier, ctx.source)

    return _tag(run, "damage_random")


def heal(amount: int, to: Selector | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for c in _targets(ctx, to):
            # turned into damage (Auchenai), a spell's healing gains Spell Damage before Velen doubles it
            mech.restore(ctx, c, amount * ctx.multiplier, (amount + ctx.spell_power) * ctx.multiplier)

    return _tag(run, "heal", to)


def heal_full(to: Selector | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for c in _targets(ctx, to):
            mech.restore(ctx, c, c.damage)

    return _tag(run, "heal_full", to)


def draw(count: int = 1) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for _ in range(count):
            mech.draw(ctx.state, ctx.player)

    return _tag(run, "draw")


def buff(atk: int = 0, hp: int = 0, to: Selector | None = None, this_turn: bool = False, **keywords: bool) -> Effect:
    """+atk/+hp (permanent, or attack for this turn only) and keywords such as taunt=True."""

    def run(ctx: mech.Ctx) -> None:
        for c in _targets(ctx, to):
            if c.is_hero:
                c.temp_atk += atk
                continue
            if this_turn:
                c.temp_atk += atk
            else:
                c.atk_buff += atk
            c.hp_buff += hp
            for key, value in keywords.items():
                setattr(c, key, value)

    return _tag(run, "buff", to)


def hero_attack(amount: int) -> Effect:
    """Give your hero +amount attack this turn."""

    def run(ctx: mech.Ctx) -> None:
        ctx.me.hero.temp_atk += amount

    return _tag(run, "hero_attack")


def set_attack(value: int, to: Selector | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for m in _targets(ctx, to):
            m.base_attack = value
            m.atk_buff = 0
            m.temp_atk = 0

    return _tag(run, "set_attack", to)


def set_health(value: int, to: Selector | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for m in _targets(ctx, to):
            m.base_health = value
            m.hp_buff = 0
            m.damage = 0

    return _tag(run, "set_health", to)


def freeze(to: Selector | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for c in _targets(ctx, to):
            mech.freeze(c)

    return _tag(run, "freeze", to)


def destroy(to: Selector | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for c in _targets(ctx, to):
            mech.destroy(c)

    return _tag(run, "destroy", to)


def armor(amount: int) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        mech.gain_armor(ctx.me.hero, amount)

    return _tag(run, "armor")


def summon(card_key: str, count: int = 1, enemy: bool = False) -> Effect:
    """Summon tokens: to the right of the source minion, at a dead minion's slot, or at the end."""

    def run(ctx: mech.Ctx) -> None:
        card = card_db().get(card_key)
        owner = 1 - ctx.player if enemy else ctx.player
        pos = _summon_position(ctx, owner)
        for _ in range(count):
            m = mech.summon(ctx.state, owner, card, pos)
            if m is not None and pos >= 0:
                pos += 1

    return _tag(run, "summon")


def summon_random(card_keys: Sequence[str], only_missing: bool = False) -> Effect:
    """Summon one card chosen at random (Animal Companion; Totemic Call picks among totems not on board)."""

    def run(ctx: mech.Ctx) -> None:
        db = card_db()
        options = [db.get(k) for k in card_keys]
        if only_missing:
            present = {m.card.id for m in ctx.me.board}
            options = [c for c in options if c.id not in present]
        if options:
            mech.summon(ctx.state, ctx.player, ctx.state.rng.choice(options), _summon_position(ctx, ctx.player))

    return _tag(run, "summon_random")


def _summon_position(ctx: mech.Ctx, owner: int) -> int:
    src = ctx.source
    if isinstance(src, Minion) and owner == ctx.player:
        board = ctx.state.players[owner].board
        if src in board:
            return board.index(src) + 1
        if ctx.position >= 0:  # deathrattle: the dead minion's slot
            return ctx.position
    return -1


def equip(card_key: str) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        mech.equip(ctx.state, ctx.player, card_db().get(card_key))

    return _tag(run, "equip")


def silence(to: Selector | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for m in _targets(ctx, to):
            if not m.is_hero:
                mech.silence(ctx.state, m)

    return _tag(run, "silence", to)


def transform(card_key: str, to: Selector | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        card = card_db().get(card_key)
        for m in _targets(ctx, to):
            new = mech.transform(ctx.state, m, card)
            if ctx.transformed is not None:
                ctx.transformed.append(new)

    return _tag(run, "transform", to)


def return_to_hand(to: Selector | None = None) -> Effect:
    """Return a minion to its owner's hand (destroyed if that hand is full)."""

    def run(ctx: mech.Ctx) -> None:
        for m in _targets(ctx, to):
            mech.return_to_hand(ctx.state, m, m.card)

    return _tag(run, "return_to_hand", to)


def gain_mana(amount: int) -> Effect:
    """Mana for this turn only (The Coin, Innervate); never above 10. Overload beyond the crystals takes its share
    first (Hearthstone Wiki, Overload: two Dust Devils on turn 2 leave The Coin nothing on turn 3)."""

    def run(ctx: mech.Ctx) -> None:
        me = ctx.me
        paid = min(me.overload_excess, amount)
        me.overload_excess -= paid
        me.mana = min(mech.MAX_MANA, me.mana + amount - paid)

    return _tag(run, "gain_mana")


def gain_mana_crystal(amount: int = 1, empty: bool = True) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        me = ctx.me
        me.max_mana = min(mech.MAX_MANA, me.max_mana + amount)
        if not empty:
            me.mana = min(mech.MAX_MANA, me.mana + amount)

    return _tag(run, "gain_mana_crystal")


def add_card(card_key: str) -> Effect:
    """Put a card in your hand (lost when the hand is full)."""

    def run(ctx: mech.Ctx) -> None:
        mech.add_to_hand(ctx.state, ctx.player, card_db().get(card_key), known=True)  # a named card: public

    return _tag(run, "add_card")


def discard_random(count: int = 1) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        hand = ctx.me.hand
        for _ in range(count):
            if hand:
                mech.discard(ctx.state, ctx.player, ctx.state.rng.randrange(len(hand)))

    return _tag(run, "discard_random")


def take_control(to: Selector | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        for m in _targets(ctx, to):
            mech.change_owner(ctx.state, m, ctx.player)

    return _tag(run, "take_control", to)


def if_(condition: Callable[[mech.Ctx], bool], then: Effect, otherwise: Effect | None = None) -> Effect:
    def run(ctx: mech.Ctx) -> None:
        if condition(ctx):
            then(ctx)
        elif otherwise is not None:
            otherwise(ctx)

    return _tag(run, "if", parts=(then,) + ((otherwise,) if otherwise is not None else ()))


def each(*effects: Effect) -> Effect:
    if len(effects) == 1:
        return effects[0]

    def run(ctx: mech.Ctx) -> None:
        for e in effects:
            e(ctx)

    return _tag(run, "each", parts=effects)


def enchant(name: str, arg_of: Callable[[mech.Ctx], object] = lambda ctx: ctx.player, to: Selector | None = None) -> Effect:
    """Attach a named enchantment (engine.hearthstone.enchants) to minions."""
    from cardlab.engine.hearthstone.enchants import add_enchant

    def run(ctx: mech.Ctx) -> None:
        for m in _targets(ctx, to):
            add_enchant(m, name, arg_of(ctx))

    return _tag(run, "enchant", to)


# ---------------------------------------------------------------- triggers
# Each returns (event, handler(state, entity, *event_args)); the handler builds a Ctx whose
# source is the listening entity and whose target is the event's subject.

Trigger = tuple


def when_self_damaged(effect: Effect) -> Trigger:
    return ("self_damaged", lambda s, m, amount: effect(mech.Ctx(s, m.owner, m, m.card, m)))


def when_self_deals_damage(effect: Effect) -> Trigger:
    return ("dealt_damage", lambda s, m, target, amount: effect(mech.Ctx(s, m.owner, m, m.card, target)))


def when_any_minion_damaged(effect: Effect, friendly_only: bool = False) -> Trigger:
    def handler(s, m, damaged_minion, amount):
        if not friendly_only or damaged_minion.owner == m.owner:
            effect(mech.Ctx(s, m.owner, m, m.card, damaged_minion))

    return ("minion_damaged", handler)


def when_you_cast_spell(effect: Effect) -> Trigger:
    def handler(s, m, caster, card):
        if caster == m.owner:
            effect(mech.Ctx(s, m.owner, m, m.card, m))

    return ("spell_cast", handler)


def when_you_play_card(effect: Effect) -> Trigger:
    def handler(s, m, player, card):
        if player == m.owner:
            effect(mech.Ctx(s, m.owner, m, m.card, m))

    return ("card_played", handler)


def when_you_summon(effect: Effect, pred: CharPred | None = None, other: bool = True, before: bool = False) -> Trigger:
    """"After you summon" (Knife Juggler: after a played minion's Battlecry); `before=True` is "whenever you
    summon" (Warsong Commander, Starving Buzzard: before the Battlecry, on the minion as it enters)."""
    def handler(s, m, summoned):
        if summoned.owner != m.owner or (other and summoned is m):
            return
        if pred is None or pred(s, m.owner, summoned):
            effect(mech.Ctx(s, m.owner, m, m.card, summoned))

    return (mech.SUMMONING if before else mech.SUMMONED, handler)


def when_minion_healed(effect: Effect) -> Trigger:
    return ("minion_healed", lambda s, m, healed, amount: effect(mech.Ctx(s, m.owner, m, m.card, healed)))


def when_minion_dies(effect: Effect, friendly_only: bool = False) -> Trigger:
    """Queued as the minion dies (`queue_if`, checked by `mech.resolve_deaths` before any Deathrattle of the
    deaths runs): a Cult Master that Sylvanas steals in the same Death Phase does not count the thief's minions."""
    def handler(s, m, dead):
        effect(mech.Ctx(s, m.owner, m, m.card, dead))

    handler.queue_if = lambda s, m, dead: dead is not m and (not friendly_only or dead.owner == m.owner)  # type: ignore[attr-defined]
    return ("minion_died", handler)


def at_end_of_your_turn(effect: Effect) -> Trigger:
    def handler(s, m, player):
        if player == m.owner:
            effect(mech.Ctx(s, m.owner, m, m.card, None))

    return ("turn_end", handler)


def at_start_of_your_turn(effect: Effect, queue_if: Callable | None = None) -> Trigger:
    """`queue_if(state, minion)`: the trigger is queued only when this holds as the turn starts (Alarm-o-Bot;
    `mechanics.fire_queued`)."""
    def handler(s, m, player):
        if player == m.owner:
            effect(mech.Ctx(s, m.owner, m, m.card, None))

    if queue_if is not None:
        handler.queue_if = lambda s, m, player: player != m.owner or queue_if(s, m)  # type: ignore[attr-defined]
    return ("turn_start", handler)


def when_your_hero_attacks(effect: Effect) -> Trigger:
    """For weapons: acts only when the weapon's holder is the attacking hero (both players' weapons listen)."""

    def handler(s, w, player):
        if s.players[player].weapon is w:
            effect(mech.Ctx(s, player, s.players[player].hero, w.card, s.players[player].hero))

    return ("hero_attack", handler)


# ---------------------------------------------------------------- auras

def aura(atk: int = 0, hp: int = 0, to: Selector = OTHER_FRIENDLY_MINIONS, charge: bool = False) -> Callable:
    def apply(s, src: Minion) -> None:
        for m in to(mech.Ctx(s, src.owner, src, src.card)):
            m.aura_atk += atk
            m.aura_hp += hp
            if charge:
                m.aura_charge = True

    return apply


# ---------------------------------------------------------------- play conditions
# A card's play requirements come from the card data (CardDef.play_requirements, REQ_* name ->
# parameter); a script's `requires` adds conditions the data cannot state (Totemic Call's totems).

def _min_enemy_minions(n: int) -> Callable:
    return lambda s, player: len(s.players[1 - player].board) >= n


def _min_total_minions(n: int) -> Callable:
    return lambda s, player: len(s.players[0].board) + len(s.players[1].board) >= n


def _minion_slots(n: int) -> Callable:
    return lambda s, player: len(s.players[player].board) + n <= mech.BOARD_LIMIT


def _weapon_equipped(_: int) -> Callable:
    return lambda s, player: s.players[player].weapon is not None


PLAY_REQUIREMENTS: dict[str, Callable[[int], Callable]] = {
    "REQ_MINIMUM_ENEMY_MINIONS": _min_enemy_minions,
    "REQ_MINIMUM_TOTAL_MINIONS": _min_total_minions,
    "REQ_NUM_MINION_SLOTS": _minion_slots,
    "REQ_WEAPON_EQUIPPED": _weapon_equipped,
}


def play_condition(card: CardDef) -> Callable | None:
    """requires(state, player) for the card: its data's play requirements and its script's own condition."""
    checks = []
    for name, param in card.play_requirements.items():
        make = PLAY_REQUIREMENTS.get(name)
        if make is None:
            raise CardError(f"{card.name} ({card.id}): play requirement {name} is not supported")
        checks.append(make(param))
    if card.requires is not None:
        checks.append(card.requires)
    if len(checks) <= 1:
        return checks[0] if checks else None

    def all_hold(s, player: int) -> bool:
        for check in checks:
            if not check(s, player):
                return False
        return True

    return all_hold


def controls(pred: CharPred) -> Callable[[mech.Ctx], bool]:
    """Condition for if_: you control a minion matching pred (not counting the source)."""
    return lambda ctx: any(pred(ctx.state, ctx.player, m) for m in ctx.me.board if m is not ctx.source)


def has_max_mana_crystals(ctx: mech.Ctx) -> bool:
    """Condition for if_: you already have 10 Mana Crystals."""
    return ctx.me.max_mana >= mech.MAX_MANA


# ---------------------------------------------------------------- card definitions

class Script:
    """A card's behaviour, attached to its CardDef by the cards package."""

    def __init__(self, **fields) -> None:
        self.fields = fields

    def attach(self, card: CardDef, kind: str) -> None:
        if card.type != kind:
            raise CardError(f"{card.name} ({card.id}) is a {card.type}, defined as a {kind}")
        f = self.fields
        card.scripted = True
        effects = f.get("effects") or ()
        card.effect = each(*effects) if effects else None
        card.target = f.get("target")
        card.deathrattle = f.get("deathrattle")
        card.triggers = dict(f.get("triggers") or ())
        card.aura = f.get("aura")
        card.enrage_attack = f.get("enrage_attack", 0)
        card.enrage_windfury = f.get("enrage_windfury", False)
        card.requires = f.get("requires")
        card.combo = f.get("combo")
        card.adjacency = f.get("adjacency", False)
        card.cost_mod = f.get("cost_mod")
        choices = f.get("choose") or ()
        card.choices = tuple(card_db().get(c) if isinstance(c, str) else c for c in choices)


class MinionScript(Script):
    kind = "MINION"


class SpellScript(Script):
    kind = "SPELL"


class WeaponScript(Script):
    kind = "WEAPON"


class HeroPowerScript(Script):
    kind = "HERO_POWER"


def minion(
    battlecry: Effect | Sequence[Effect] | None = None,
    target: TargetRule | None = None,
    deathrattle: Effect | None = None,
    triggers: Sequence[Trigger] = (),
    aura: Callable | None = None,
    enrage_attack: int = 0,
    enrage_windfury: bool = False,
    combo: Effect | None = None,
    requires: Callable | None = None,
    adjacency: bool = False,
    choose: Sequence[str] = (),
    cost_mod: Callable | None = None,
) -> MinionScript:
    effects = battlecry if isinstance(battlecry, (list, tuple)) else ([battlecry] if battlecry else [])
    return MinionScript(
        effects=effects, target=target, deathrattle=deathrattle, triggers=triggers, aura=aura,
        enrage_attack=enrage_attack, enrage_windfury=enrage_windfury, combo=combo, requires=requires,
        adjacency=adjacency,
        choose=choose, cost_mod=cost_mod,
    )


def spell(
    *effects: Effect,
    target: TargetRule | None = None,
    requires: Callable | None = None,
    combo: Effect | None = None,
    choose: Sequence[str] = (),
    cost_mod: Callable | None = None,
) -> SpellScript:
    return SpellScript(effects=effects, target=target, requires=requires, combo=combo, choose=choose, cost_mod=cost_mod)


def weapon(
    battlecry: Effect | None = None,
    target: TargetRule | None = None,
    triggers: Sequence[Trigger] = (),
    deathrattle: Effect | None = None,
) -> WeaponScript:
    return WeaponScript(effects=[battlecry] if battlecry else [], target=target, triggers=triggers, deathrattle=deathrattle)


def hero_power(*effects: Effect, target: TargetRule | None = None, requires: Callable | None = None) -> HeroPowerScript:
    return HeroPowerScript(effects=effects, target=target, requires=requires)
