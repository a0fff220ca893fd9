"""Card-language primitives for secrets (engine/hearthstone/secrets.py) and the other Mage, Hunter and Paladin
cards: Immune, cost-changed cards in hand, secret-related triggers.

    "Vaporize": secret(WHEN_MINION_ATTACKS_HERO, destroy(to=ATTACKER)),
    "Snipe": secret(AFTER_MINION_PLAYED, damage(4)),
"""

from __future__ import annotations

import re
from typing import Callable

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone import secrets as secret_rules
from cardlab.engine.hearthstone.carddb import CardDef, card_db
from cardlab.engine.hearthstone.dsl import Effect, Selector, SpellScript, _tag, _targets, alive, each, spell
from cardlab.engine.hearthstone.enchants import enchantment, remove_enchant
from cardlab.engine.hearthstone.entities import Minion

# ---------------------------------------------------------------- secrets

# A secret's trigger: (event kind, condition(state, owner, event) -> bool).
SecretTrigger = tuple


def _hero_attacked(s, owner, ev) -> bool:
    return ev.defender is s.players[owner].hero


def _room(s, owner) -> bool:
    return len(s.players[owner].board) < mech.BOARD_LIMIT


WHEN_SPELL_CAST = (secret_rules.SPELL_CAST, lambda s, owner, ev: True)
WHEN_SPELL_TARGETS_MINION = (secret_rules.SPELL_TARGETED,  # and there is room for the new target
                             lambda s, owner, ev: ev.target is not None and not ev.target.is_hero and _room(s, owner))
AFTER_MINION_PLAYED = (secret_rules.MINION_PLAYED, lambda s, owner, ev: secret_rules.in_play(s, ev.target))
WHEN_MINION_PLAYED = (secret_rules.MINION_PLAYED,  # and there is room for what the secret summons
                      lambda s, owner, ev: (ev.became_hero or secret_rules.in_play(s, ev.target)) and _room(s, owner))
# Every secret an attack triggers answers it in play order, even after an earlier one killed or removed the
# attacker (Hearthstone Wiki, Noble Sacrifice: it still triggers after Explosive Trap); those that act on the
# attacker (Vaporize, Freezing Trap, Misdirection) then have nothing to act on and wait.
WHEN_HERO_ATTACKED = (secret_rules.ATTACK, _hero_attacked)
WHEN_MINION_ATTACKS_HERO = (secret_rules.ATTACK, lambda s, owner, ev: _hero_attacked(s, owner, ev)
                            and not ev.attacker.is_hero and secret_rules.in_play(s, ev.attacker))
WHEN_ENEMY_MINION_ATTACKS = (secret_rules.ATTACK,
                             lambda s, owner, ev: not ev.attacker.is_hero and secret_rules.in_play(s, ev.attacker))
WHEN_MINION_ATTACKED = (secret_rules.ATTACK,  # one of your minions; room for what the secret summons
                        lambda s, owner, ev: not ev.defender.is_hero and _room(s, owner))
WHEN_ENEMY_ATTACKS = (secret_rules.ATTACK, lambda s, owner, ev: _room(s, owner))  # room for the new defender
WHEN_FATAL_DAMAGE = (secret_rules.FATAL_DAMAGE, lambda s, owner, ev: True)
WHEN_HERO_DAMAGED = (secret_rules.HERO_DAMAGED, lambda s, owner, ev: ev.amount > 0)
WHEN_FRIENDLY_MINION_DIES = (secret_rules.MINION_DIED, lambda s, owner, ev: _room(s, owner))


def _misdirection_targets(s, owner, ev) -> list:
    """Every living character but the attacker and the one attacked; an Immune character (Ice Block, Bestial Wrath)
    is not a valid defender (the secret's owner is its enemy: Hearthstone Wiki, Immune)."""
    out = []
    for p in s.players:
        for c in [p.hero, *p.board]:
            if c is ev.attacker or c is ev.defender or (c.immune if c.is_hero else "immune" in c.triggers):
                continue
            if secret_rules.in_play(s, c):
                out.append(c)
    return out


WHEN_ENEMY_ATTACKS_HERO_WITH_ANOTHER_TARGET = (
    secret_rules.ATTACK,
    lambda s, owner, ev: _hero_attacked(s, owner, ev) and secret_rules.in_play(s, ev.attacker)
    and bool(_misdirection_targets(s, owner, ev)))


class SecretScript(SpellScript):
    """A secret: playing it puts it in play face down (one copy of each at a time); `trigger` and `effects`
    say what it waits for and what it does."""

    def attach(self, card: CardDef, kind: str) -> None:
        super().attach(card, kind)
        event, condition = self.fields["trigger"]
        effect = each(*self.fields["reaction"])
        secret_rules.SECRETS[card.id] = secret_rules.SecretDef(event, condition, effect)
        secret_rules.hidden_secret(card.card_class)  # registers the class's placeholder for deserialisation
        card.requires = lambda s, player: secret_rules.can_put(s, player, card)


def _put_in_play(ctx: mech.Ctx) -> None:
    secret_rules.put(ctx.state, ctx.player, ctx.card)


_tag(_put_in_play, "secret")


def secret(trigger: SecretTrigger, *effects: Effect) -> SecretScript:
    script = spell(_put_in_play)
    out = SecretScript(**script.fields)
    out.fields["trigger"] = trigger
    out.fields["reaction"] = effects
    return out


# Selectors for secret effects (ctx.event: secrets.Event).
def ATTACKER(ctx) -> list:
    return [ctx.event.attacker]


def counter() -> Effect:
    """Counterspell: the spell is cast (mana spent, "whenever you cast" triggers) but does nothing."""

    def run(ctx) -> None:
        ctx.event.countered = True

    return _tag(run, "counter")


def summon_as_new_target(card_key: str) -> Effect:
    """Spellbender, Noble Sacrifice: summon a minion that becomes the spell's target or the attack's defender."""

    def run(ctx) -> None:
        m = mech.summon(ctx.state, ctx.player, card_db().get(card_key))
        if m is None:
            return
        if ctx.event.kind == secret_rules.ATTACK:
            ctx.event.defender = m
        else:
            ctx.event.target = m

    return _tag(run, "summon")


def redirect_attack_at_random() -> Effect:
    """Misdirection: the attacker attacks another random character instead."""

    def run(ctx) -> None:
        options = _misdirection_targets(ctx.state, ctx.player, ctx.event)
        if options:
            ctx.event.defender = ctx.state.rng.choice(options)

    return _tag(run, "redirect")


def prevent_damage_and_become_immune() -> Effect:
    """Ice Block."""

    def run(ctx) -> None:
        ctx.event.prevented = True
        ctx.me.hero.immune = True

    return _tag(run, "immune")


def damage_taken(to: Selector) -> Effect:
    """Eye for an Eye: deal the damage the event's character took (no spell damage: the card prints no $)."""

    def run(ctx) -> None:
        for c in to(ctx):
            mech.deal_damage(ctx.state, c, ctx.event.amount, ctx.source)

    return _tag(run, "damage", to)


def return_to_life(health: int = 1) -> Effect:
    """Redemption: a fresh copy of the dead minion with `health` Health left, at the right end of the board: a
    spell's summon, not a minion's (Hearthstone Wiki, Summon: only minions summon next to themselves)."""

    def run(ctx) -> None:
        dead = ctx.target
        mech.summon(ctx.state, ctx.player, dead.card, -1, health=health)

    return _tag(run, "summon")


def summon_copy() -> Effect:
    """Mirror Entity: a copy of the minion in every detail: card, current stats (damage and this turn's buffs
    included), keywords and enchantments; a copy alive only through the opponent's aura dies."""

    def run(ctx) -> None:
        src = ctx.target
        s = ctx.state
        if len(ctx.me.board) >= mech.BOARD_LIMIT:
            return
        m = Minion(src.card, s.new_uid(), ctx.player)
        for f in ("base_attack", "base_health", "atk_buff", "hp_buff", "temp_atk", "damage", "taunt", "charge",
                  "divine_shield", "windfury", "stealth", "spell_damage", "silenced", "triggers", "enchants"):
            setattr(m, f, getattr(src, f))
        ctx.me.board.append(m)
        mech.refresh_auras(s)
        mech.fire_summoned(s, m)

    return _tag(run, "summon")


def return_to_hand_costing_more(extra: int, to: Selector) -> Effect:
    """Freezing Trap: back to its owner's hand (destroyed if that hand is full), costing `extra` more."""

    def run(ctx) -> None:
        for m in to(ctx):
            mech.return_to_hand(ctx.state, m, cost_changed(m.card, extra))

    return _tag(run, "return_to_hand", to)


def destroy_enemy_secrets() -> Effect:
    def run(ctx) -> None:
        secret_rules.destroy_all(ctx.state, 1 - ctx.player)

    return _tag(run, "destroy_secrets")


def controls_secret(ctx) -> bool:
    """Condition for if_: you control a Secret."""
    return bool(ctx.me.secrets)


def when_your_secret_revealed(effect: Effect) -> tuple:
    """Trigger for weapons and minions: one of your secrets was revealed."""

    def handler(s, entity, owner, card):
        if owner == _owner_of(s, entity):
            effect(mech.Ctx(s, owner, entity, entity.card, None))

    return ("secret_revealed", handler)


# ---------------------------------------------------------------- weapons


def _owner_of(s, entity) -> int:
    owner = getattr(entity, "owner", None)
    if owner is not None:
        return owner
    return 0 if s.players[0].weapon is entity else 1


def gain_durability(amount: int) -> Effect:
    """The source weapon gains durability."""

    def run(ctx) -> None:
        w = ctx.me.weapon
        if w is not None and w is ctx.source:
            w.durability += amount

    return _tag(run, "durability")


def after_you_summon_a_minion(effect: Effect) -> tuple:
    """Weapon trigger (Sword of Justice): ctx.target is the summoned minion."""

    def handler(s, w, summoned):
        owner = _owner_of(s, w)
        if summoned.owner == owner and s.players[owner].weapon is w:
            effect(mech.Ctx(s, owner, w, w.card, summoned))

    return (mech.SUMMONED, handler)


def lose_durability(amount: int = 1) -> Effect:
    def run(ctx) -> None:
        w = ctx.source
        w.durability -= amount
        if w.durability <= 0 and ctx.me.weapon is w:
            mech.destroy_weapon(ctx.state, ctx.player)

    return _tag(run, "durability")


# ---------------------------------------------------------------- Immune

IMMUNE = "immune"  # a passive marker in a minion's triggers (mechanics.deal_damage prevents its damage)


def _end_immunity(s, m, arg, player) -> None:
    remove_enchant(m, "immune_this_turn")


enchantment("immune_this_turn", immune=True, turn_end=_end_immunity)


def immune_this_turn(to: Selector | None = None) -> Effect:
    from cardlab.engine.hearthstone.enchants import add_enchant

    def run(ctx) -> None:
        for c in _targets(ctx, to):
            if c.is_hero:
                c.immune = True
            else:
                add_enchant(c, "immune_this_turn", None)

    return _tag(run, "immune", to)


def hero_immune_while_attacking() -> tuple:
    """Weapon trigger (Gladiator's Longbow); the attack clears the flag when it is over (state._attack)."""

    def handler(s, w, player):
        if s.players[player].weapon is w:  # the other player's Longbow protects nobody
            s.players[player].hero.immune = True

    return ("hero_attack", handler)


# ---------------------------------------------------------------- cards in hand that cost more or less


class CostChangedCard(CardDef):
    """A card in hand whose cost an effect changed (Freezing Trap): the same card, `base` with another cost.
    Shares the id; playing it puts the same minion in play."""

    __slots__ = ("base",)

    def __reduce__(self):
        return (cost_changed, (self.base, self.cost - self.base.cost))


_COST_CHANGED: dict[tuple[int, int], CostChangedCard] = {}


def cost_changed(card: CardDef, delta: int) -> CardDef:
    """`card` costing `delta` more (a negative delta: less), from its printed cost."""
    base = card.base if isinstance(card, CostChangedCard) else card
    if delta == 0:
        return base
    key = (id(base), delta)
    twin = _COST_CHANGED.get(key)
    if twin is None:
        twin = CostChangedCard.__new__(CostChangedCard)
        for name in CardDef.__slots__:
            setattr(twin, name, getattr(base, name))
        twin.base = base
        twin.cost = base.cost + delta
        twin.hand_key = f"{base.id}@{twin.cost}"  # a Freezing-Trapped minion is not the printed card in a hand
        _COST_CHANGED[key] = twin
    return twin


_KEY = re.compile(r"^(.*?)([+-]\d+)$")


COPY_PREFIX = "copy:"  # a hidden copy (Thoughtsteal, Mind Vision): the opponent cannot tell which card it is


def card_key(card: CardDef) -> str:
    """How a card in hand is serialised: its id, plus a cost change ("VAN_CS2_182+2"), after "copy:" for a hidden
    copy (read back as a plain card, the opponent's view would name it)."""
    key = f"{card.id}{card.cost - card.base.cost:+d}" if isinstance(card, CostChangedCard) else card.id
    return COPY_PREFIX + key if card.hidden_copy else key


def card_from_key(key: str) -> CardDef:
    if key.startswith(COPY_PREFIX):
        from cardlab.engine.hearthstone.carddb import hidden_copy_of

        card = card_from_key(key[len(COPY_PREFIX):])
        if isinstance(card, CostChangedCard):
            return cost_changed(hidden_copy_of(card.base), card.cost - card.base.cost)
        return hidden_copy_of(card)
    db = card_db()
    found = db.by_id.get(key)
    if found is not None:
        return found
    m = _KEY.match(key)
    if m is not None and m.group(1) in db.by_id:
        return cost_changed(db.by_id[m.group(1)], int(m.group(2)))
    return db.get(key)


# ---------------------------------------------------------------- other effects


def is_frozen(ctx) -> bool:
    """Condition for if_: the target is already Frozen (Ice Lance)."""
    return ctx.target is not None and ctx.target.frozen


def TARGET_AND_ADJACENT(ctx) -> list:
    return [ctx.target] + ADJACENT_TO_TARGET(ctx) if ctx.target is not None else []


def ADJACENT_TO_TARGET(ctx) -> list:
    t = ctx.target
    if t is None or t.is_hero:
        return []
    board = ctx.state.players[t.owner].board
    if t not in board:
        return []
    i = board.index(t)
    return [board[j] for j in (i - 1, i + 1) if 0 <= j < len(board)]


def destroy_random(pool: Selector) -> Effect:
    """Destroy one random living character of the pool (Deadly Shot)."""

    def run(ctx) -> None:
        chars = alive(pool(ctx))
        if chars:
            mech.destroy(ctx.state.rng.choice(chars))

    return _tag(run, "destroy_random")


def summon_per(card_key: str, count: Callable) -> Effect:
    """Summon one `card_key` for each of count(ctx) (Unleash the Hounds), as many as fit."""

    def run(ctx) -> None:
        card = card_db().get(card_key)
        for _ in range(count(ctx)):
            if mech.summon(ctx.state, ctx.player, card) is None:
                return

    return _tag(run, "summon")


def enemy_minion_count(ctx) -> int:
    return len(ctx.opponent.board)


def remove_stealth(to: Selector) -> Effect:
    def run(ctx) -> None:
        for m in to(ctx):
            m.stealth = False

    return _tag(run, "remove_stealth", to)


def double_attack(to: Selector | None = None) -> Effect:
    """Blessed Champion: doubles the Attack that the minion's enchantments give, this turn's included (they lapse
    doubled); auras and Enrage apply after every enchantment and are not doubled (Hearthstone Wiki, Blessed
    Champion and "Multiply attribute")."""

    def run(ctx) -> None:
        for m in _targets(ctx, to):
            lasting, this_turn = m.base_attack + m.atk_buff, m.temp_atk
            if lasting + this_turn > 0:
                m.atk_buff += max(0, lasting)
                m.temp_atk += max(0, this_turn)

    return _tag(run, "buff", to)


def draw_until_as_many_as_opponent() -> Effect:
    def run(ctx) -> None:
        for _ in range(len(ctx.opponent.hand) - len(ctx.me.hand)):
            mech.draw(ctx.state, ctx.player)

    return _tag(run, "draw")


def draw_and_damage_by_its_cost() -> Effect:
    """Holy Wrath: draw; deal damage equal to the drawn card's cost (none on fatigue; an overdrawn card counts),
    plus Spell Damage, doubled by Prophet Velen."""

    def run(ctx) -> None:
        deck = ctx.me.deck
        top = deck[-1] if deck else None
        mech.draw(ctx.state, ctx.player)
        if top is not None and ctx.target is not None:
            mech.deal_damage(ctx.state, ctx.target, (top.cost + ctx.spell_power) * ctx.multiplier, ctx.source)

    return _tag(run, "damage")


def _draw_for_caster(s, m, caster, defender) -> None:
    mech.draw(s, caster)


# Blessing of Wisdom: "self_attacks" is called by state._attack on the attacking minion; the caster draws.
enchantment("blessing_of_wisdom", self_attacks=_draw_for_caster)


def caster_draws_when_it_attacks() -> Effect:
    """Blessing of Wisdom on the target (labelled a help, so bots put it on their own minions)."""
    from cardlab.engine.hearthstone.enchants import add_enchant

    def run(ctx) -> None:
        for m in _targets(ctx, None):
            add_enchant(m, "blessing_of_wisdom", ctx.player)

    return _tag(run, "buff")


def is_beast(ctx) -> bool:
    """Condition for if_: the event's minion (ctx.target) is a Beast."""
    return ctx.target is not None and not ctx.target.is_hero and ctx.target.card.race == "BEAST"
