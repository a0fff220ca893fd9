"""Secrets: spells played face down that wait for an event on the opponent's turn.

A player's active secrets are `Player.secrets`, a tuple of cards in the order they were played (cloned by
sharing). One copy of each secret at a time. A secret listens to one kind of event; when that event happens on
its owner's opponent's turn and its condition holds, it is revealed (removed, "secret_revealed" fires) and its
effect runs. Several secrets answering one event trigger in the order they were played, each seeing what the
earlier ones did (a Counterspelled spell no longer triggers Spellbender; after Noble Sacrifice the hero is no
longer the one attacked).

The rules call in here only where the opponent of the acting player has a secret (`if opp.secrets:`), so
secrets cost nothing while none is in play.

Hidden information: the opponent sees how many secrets a player has and their class, never which. An
observation replaces each by a placeholder of its class (`hidden_secret`), and counts the secrets among the
player's hidden cards (`unknown_pool`); `deal_secrets` draws them back from those cards when determinizing.
What a secret did not answer is public too: `Player.secret_ruled_out` holds, per active secret (in order), the
secrets of its class that would have fired on an event it let pass (a spell cast with no Counterspell
revealed), and `deal_secrets` never deals those.
"""

from __future__ import annotations

import logging
from typing import Callable

from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.carddb import SPELL, CardDef, card_db, hidden_copy_of, public_id

# Events a secret can listen to (the rules pass an Event of that kind).
SPELL_CAST = "spell_cast"  # event.target: the spell's target; an effect may set event.countered / event.target
# after the casting phase, before the spell takes effect (Spellbender): a countered spell never gets here
SPELL_TARGETED = "spell_targeted"
MINION_PLAYED = "minion_played"  # event.target: the minion, after its battlecry and summon triggers
ATTACK = "attack"  # event.attacker, event.defender; an effect may set event.defender
FATAL_DAMAGE = "fatal_damage"  # event.target: the hero, event.amount; the effect decides whether to prevent it
HERO_DAMAGED = "hero_damaged"  # event.target: the hero, event.amount taken (armor included)
MINION_DIED = "minion_died"  # event.target: the dead minion

HIDDEN_SECRET_PREFIX = "HIDDEN_SECRET_"

log = logging.getLogger(__name__)


class Event:
    """What a secret sees of the event it answers; effects may change it (a new target or defender)."""

    __slots__ = ("kind", "target", "attacker", "defender", "amount", "position", "countered", "prevented",
                 "became_hero")

    def __init__(self, kind: str, target=None, attacker=None, defender=None, amount: int = 0, position: int = -1):
        self.kind = kind
        self.target = target
        self.attacker = attacker
        self.defender = defender
        self.amount = amount
        self.position = position
        self.countered = False
        self.prevented = False
        self.became_hero = False  # a played minion whose Battlecry made it the hero (Lord Jaraxxus)


class SecretCtx(mech.Ctx):
    """An effect's context, plus the event the secret answers."""

    __slots__ = ("event",)


class SecretDef:
    __slots__ = ("event", "condition", "effect")

    def __init__(self, event: str, condition: Callable, effect: Callable) -> None:
        self.event = event
        self.condition = condition  # condition(state, owner, event) -> bool
        self.effect = effect  # effect(SecretCtx)


# card id -> behaviour, filled by dsl_secrets.secret(...) when the card modules are attached
SECRETS: dict[str, SecretDef] = {}


def is_secret(card: CardDef) -> bool:
    return card.type == SPELL and "SECRET" in card.mechanics


# ---------------------------------------------------------------- putting secrets in play


MAX_SECRETS = 5  # Hearthstone Wiki, Secret: "up to five secrets at any one time" (a Mage holds six kinds)


def can_put(s, player: int, card: CardDef) -> bool:
    """One copy of the same secret at a time, five secrets at most."""
    secrets = s.players[player].secrets
    return len(secrets) < MAX_SECRETS and all(c.id != card.id for c in secrets)


def ruled_out(p) -> list:
    """`p.secret_ruled_out` aligned with `p.secrets` (a position built by hand may lack it)."""
    ruled = list(p.secret_ruled_out)
    n = len(p.secrets)
    return ruled if len(ruled) == n else (ruled + [()] * n)[:n]


def put(s, player: int, card: CardDef) -> None:
    p = s.players[player]
    if can_put(s, player, card):
        p.secret_ruled_out = tuple(ruled_out(p)) + ((),)
        p.secrets = p.secrets + (card,)


def remove(s, player: int, card: CardDef) -> None:
    p = s.players[player]
    ruled = ruled_out(p)
    p.secret_ruled_out = tuple(r for c, r in zip(p.secrets, ruled) if c is not card)
    p.secrets = tuple(c for c in p.secrets if c is not card)


def destroy_all(s, player: int) -> None:
    """Flare: the secrets leave play without triggering (not revealed: the opponent still cannot tell them
    from the other hidden cards)."""
    p = s.players[player]
    p.unseen_removed += tuple(public_id(c) for c in p.secrets)
    p.secrets = ()
    p.secret_ruled_out = ()


def _class_secrets(card_class: str) -> list[str]:
    ids = _CLASS_SECRETS.get(card_class)
    if ids is None:
        ids = sorted(c.id for c in card_db().collectible() if is_secret(c) and c.card_class == card_class)
        _CLASS_SECRETS[card_class] = ids
    return ids


_CLASS_SECRETS: dict[str, list[str]] = {}


def _rule_out(s, owner: int, card: CardDef, event: Event) -> None:
    """`card` lets `event` pass: any secret of its class that would have answered it cannot be in its place."""
    p = s.players[owner]
    would = [k for k in _class_secrets(card.card_class)
             if (d := SECRETS.get(k)) is not None and d.event == event.kind and d.condition(s, owner, event)]
    if not would:
        return
    ruled = ruled_out(p)
    i = p.secrets.index(card)
    ruled[i] = tuple(sorted(set(ruled[i]) | set(would)))
    p.secret_ruled_out = tuple(ruled)


def reveal(s, player: int, card: CardDef) -> None:
    remove(s, player, card)
    s.revealed = s.revealed + ((player, card.name),)  # public: HearthstoneState.public_outcome_string
    mech.fire(s, "secret_revealed", player, card)


# ---------------------------------------------------------------- triggering


def _answer(s, owner: int, event: Event) -> Event:
    """Trigger `owner`'s secrets listening to `event.kind`, in the order they were played."""
    for card in s.players[owner].secrets:
        if s.terminal or event.countered or event.prevented:
            break
        # an attack whose attacker an earlier secret killed or removed still triggers the rest (their conditions
        # say which need the attacker); `on_attack` then cancels it
        if card not in s.players[owner].secrets:
            continue
        secret = SECRETS.get(card.id)
        if secret is None or secret.event != event.kind or not secret.condition(s, owner, event):
            _rule_out(s, owner, card, event)
            continue
        reveal(s, owner, card)
        ctx = SecretCtx(s, owner, s.players[owner].hero, card, event.target, event.position, mech.spell_power(s, owner),
                        mech.spell_multiplier(s, owner))
        ctx.event = event
        secret.effect(ctx)
    return event


def on_spell(s, caster: int, target):
    """A spell is being cast by `caster` (whose opponent has secrets). Returns (target, countered)."""
    if s.current != caster:
        return target, False
    event = _answer(s, 1 - caster, Event(SPELL_CAST, target=target))  # Counterspell
    if event.countered or s.terminal:
        return event.target, event.countered
    event = _answer(s, 1 - caster, Event(SPELL_TARGETED, target=event.target))  # Spellbender
    return event.target, event.countered


def on_minion_played(s, m, became_hero: bool = False) -> None:
    """`became_hero`: m left the board as its Battlecry made it the hero (Lord Jaraxxus); Mirror Entity still
    copies it (Hearthstone Wiki, Lord Jaraxxus), secrets that act on the minion in play do not answer."""
    if s.current != m.owner:
        return
    event = Event(MINION_PLAYED, target=m)
    event.became_hero = became_hero
    _answer(s, 1 - m.owner, event)
    mech.resolve_deaths(s)


def on_attack(s, attacker, defender):
    """An attack was declared against the owner of secrets. Returns the defender after the secrets (a new one
    when redirected), or None when the attack is cancelled (the attacker died or left play, or the game ended)."""
    owner = defender.owner
    if s.current == owner:
        return defender
    event = _answer(s, owner, Event(ATTACK, target=attacker, attacker=attacker, defender=defender))
    mech.resolve_deaths(s)
    if s.terminal or not in_play(s, attacker) or not in_play(s, event.defender):
        return None
    return event.defender


def prevents_fatal_damage(s, hero, amount: int) -> bool:
    if s.current == hero.owner or amount < hero.health + hero.armor:
        return False
    return _answer(s, hero.owner, Event(FATAL_DAMAGE, target=hero, amount=amount)).prevented


def on_hero_damaged(s, hero, amount: int) -> None:
    if s.current != hero.owner:
        _answer(s, hero.owner, Event(HERO_DAMAGED, target=hero, amount=amount))


def on_minion_died(s, m) -> None:
    if s.current != m.owner:
        _answer(s, m.owner, Event(MINION_DIED, target=m))


def in_play(s, char) -> bool:
    """A character still on its side and alive (a mortally wounded minion is not)."""
    if char.is_hero:
        return char.health > 0
    return char in s.players[char.owner].board and not char.is_dead


# ---------------------------------------------------------------- hidden information


def hidden_secret(card_class: str) -> CardDef:
    """The placeholder an observer sees for an opponent's secret of this class (registered in the card db)."""
    db = card_db()
    key = HIDDEN_SECRET_PREFIX + card_class
    card = db.by_id.get(key)
    if card is None:
        card = CardDef({
            "id": key, "dbf_id": 0, "name": f"Secret ({card_class.title()})", "type": "SPELL",
            "card_class": card_class, "rarity": "INVALID", "cost": 99, "attack": 0, "health": 0, "durability": 0,
            "race": "", "collectible": False, "mechanics": ["SECRET"], "text": "", "spell_damage": 0, "overload": 0,
        })
        db.by_id[key] = card
    return card


def is_hidden(card: CardDef) -> bool:
    return card.id.startswith(HIDDEN_SECRET_PREFIX)


def hide(p) -> None:
    """In an observation: the opponent's secrets become placeholders (count and class only)."""
    if p.secrets:
        p.secrets = tuple(hidden_secret(c.card_class) for c in p.secrets)


def can_deal(excluded, ids) -> bool:
    """Whether each hidden secret, given by the ids it is ruled out to be (`excluded`, in order), can get a
    different id of `ids` that it is not ruled out to be: a bipartite matching, by search (5 secrets at most)."""
    ids = list(dict.fromkeys(ids))

    def deal(i: int, used: frozenset) -> bool:
        if i == len(excluded):
            return True
        return any(x not in used and x not in excluded[i] and deal(i + 1, used | {x}) for x in ids)

    return len(ids) >= len(excluded) and deal(0, frozenset())


def deal_secrets(p, pool: list, rng, sources: tuple[str, ...] = ()) -> list:
    """Determinization: replace each placeholder of `p.secrets` by a secret of its class drawn from `pool` (the
    player's hidden cards, which include the secrets), one copy of each, none ruled out (`secret_ruled_out`), each
    leaving the later placeholders of its class one each when it can; returns the pool without them.
    A secret not among the hidden cards was copied from the observer's cards (Thoughtsteal): one of `sources`
    (HearthstoneState.copy_sources), or without those any secret of its class."""
    if not any(is_hidden(c) for c in p.secrets):
        return pool
    pool = list(pool)
    chosen: list[CardDef] = []
    ruled = ruled_out(p)
    for j, (c, excluded) in enumerate(zip(p.secrets, ruled)):
        if not is_hidden(c):
            chosen.append(c)
            continue
        taken = {x.id for x in chosen}
        fits = [i for i, x in enumerate(pool) if is_secret(x) and x.card_class == c.card_class and x.id not in taken]
        consistent = [i for i in fits if pool[i].id not in excluded]
        later = [r for x, r in zip(p.secrets[j + 1:], ruled[j + 1:]) if is_hidden(x) and x.card_class == c.card_class]
        if later and len(consistent) > 1:
            # Exclusions grow with age (older secrets let more events pass), so an in-order pick always leaves the
            # later ones a secret; when they do not (an event an earlier secret changed), keep only picks that do.
            ids = {pool[i].id for i in fits}
            consistent = [i for i in consistent if can_deal(later, sorted(ids - {pool[i].id}))] or consistent
        if fits and not consistent:
            log.debug("deal_secrets: every %s secret left is ruled out for secret %d (a position built by hand?)",
                      c.card_class, j)
        fits = consistent or fits
        if fits:
            chosen.append(pool.pop(fits[rng.randrange(len(fits))]))
            continue
        # Not among the hidden cards (a copy from the observer's cards: Thoughtsteal): a secret of the class among
        # those cards, else any, in place of one of the hidden copies the pool counts (else the hand and deck gain
        # a card).
        db = card_db()
        class_ids = _class_secrets(c.card_class)
        others = [db.by_id[x] for x in sorted(set(sources)) if x in class_ids and x not in taken]
        if not others:
            others = [db.by_id[x] for x in class_ids if x not in taken]
        others = [x for x in others if x.id not in excluded] or others
        if others:
            secret = rng.choice(others)
            copies = [i for i, x in enumerate(pool) if x.hidden_copy]
            if copies:
                pool.pop(copies[rng.randrange(len(copies))])
                secret = hidden_copy_of(secret)
            chosen.append(secret)
    p.secrets = tuple(chosen)
    return pool


def secret_from_id(card_id: str) -> CardDef:
    """For deserialisation: a secret's card, placeholders included."""
    if card_id.startswith(HIDDEN_SECRET_PREFIX):
        return hidden_secret(card_id[len(HIDDEN_SECRET_PREFIX):])
    return card_db().get(card_id)
