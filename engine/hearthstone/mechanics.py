"""The rules kernel: damage, healing, summoning, drawing, deaths, auras and events.

Card effects (dsl.py) and the state's actions (state.py) are written in terms of these
functions, so each rule lives in exactly one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlab.engine.hearthstone.carddb import CardDef
from cardlab.engine.hearthstone.entities import NO_TRIGGERS, Character, Hero, Minion, Player, Weapon

if TYPE_CHECKING:
    from cardlab.engine.hearthstone.state import HearthstoneState

BOARD_LIMIT = 7
HAND_LIMIT = 10
MAX_MANA = 10


class Ctx:
    """What an effect needs: whose card, which entity, which target, how much spell damage."""

    __slots__ = ("state", "player", "source", "card", "target", "position", "spell_power", "multiplier",
                 "transformed")

    def __init__(self, state, player: int, source, card: CardDef | None, target=None, position: int = -1,
                 spell_power: int = 0, multiplier: int = 1):
        self.state = state
        self.player = player
        self.source = source
        self.card = card
        self.target = target
        self.position = position
        self.spell_power = spell_power
        self.multiplier = multiplier  # damage and healing of spells and hero powers (Prophet Velen: x2 each)
        self.transformed: list | None = None  # a played minion's Battlecry lists the minions it transformed here

    @property
    def me(self):
        return self.state.players[self.player]

    @property
    def opponent(self):
        return self.state.players[1 - self.player]


# ---------------------------------------------------------------- events

# A minion entering play: "whenever ... summoned" listeners hear SUMMONING (before a played minion's Battlecry),
# "after you summon" listeners SUMMONED (after it). Minions summoned otherwise fire both, one after the other.
SUMMONING, SUMMONED = "minion_summoning", "minion_summoned"


# Fired after every "turn_end" trigger and player effect: what an effect undoes once the turn's own end-of-turn
# effects have run (Shadow Madness returns the minion).
LATE_TURN_END = "turn_end_late"


def fire_summoned(s: "HearthstoneState", m: Minion) -> None:
    """A minion summoned by an effect (tokens, deathrattles, copies): both summon events."""
    fire(s, SUMMONING, m)
    fire(s, SUMMONED, m)


def fire(s: "HearthstoneState", event: str, *args) -> None:
    """Call every listener of `event` on both boards (and weapons) in play order."""
    listeners = _listeners(s, event)
    if listeners:
        _run_listeners(s, listeners, args)


def _listeners(s: "HearthstoneState", event: str) -> list:
    """(uid, handler, entity) of every minion and weapon listening to `event`, in board order."""
    listeners = []
    for p in s.players:
        for m in p.board:
            h = m.triggers.get(event)
            if h is not None:
                listeners.append((m.uid, h, m))
        w = p.weapon
        if w is not None:
            h = w.card.triggers.get(event)
            if h is not None:
                listeners.append((w.uid, h, w))
    return listeners


def fire_together(s: "HearthstoneState", events: tuple, *args) -> None:
    """Listeners of several events raised in one phase, in play order across the events (Illidan's "whenever you
    play a card" and Violet Teacher's "whenever you cast a spell" resolve in the order the minions were played)."""
    listeners = []
    for p in s.players:
        for m in p.board:
            t = m.triggers
            if t:
                for event in events:
                    h = t.get(event)
                    if h is not None:
                        listeners.append((m.uid, h, m))
        w = p.weapon
        if w is not None:
            for event in events:
                h = w.card.triggers.get(event)
                if h is not None:
                    listeners.append((w.uid, h, w))
    if listeners:
        _run_listeners(s, listeners, args)


def _uid_of(t: tuple) -> int:
    return t[0]


def fire_queued(s: "HearthstoneState", event: str, *args) -> None:
    """`fire` for events whose triggers may have a queuing condition (`handler.queue_if`, start of turn): such a
    trigger is queued only if the condition holds as the event is raised, before any listener runs (Alarm-o-Bot
    needs a minion in hand then, not one an older Nat Pagle draws first: Hearthstone Wiki)."""
    listeners = _queued_listeners(s, _listeners(s, event), args)
    if listeners:
        _run_listeners(s, listeners, args)


def _queued_listeners(s: "HearthstoneState", listeners: list, args: tuple) -> list:
    """The listeners whose queuing condition holds now, each with what of its handler is queued."""
    queued = []
    for uid, h, entity in listeners:
        h = _queued(h, s, entity, args)
        if h is not None:
            queued.append((uid, h, entity))
    return queued


def _queued(handler, s, m, args: tuple):
    """The handler, or what of it is queued now: a merged handler (an enchantment's trigger added to the card's:
    enchants._both) queues each part on its own condition; None when nothing is queued."""
    parts = getattr(handler, "handlers", None)
    if parts is None:
        q = getattr(handler, "queue_if", None)
        return handler if q is None or q(s, m, *args) else None
    chosen = [h for h in parts if (q := getattr(h, "queue_if", None)) is None or q(s, m, *args)]
    if len(chosen) == len(parts):
        return handler
    if not chosen:
        return None

    def run(s, m, *a) -> None:
        for h in chosen:
            h(s, m, *a)

    return run


def _run_listeners(s: "HearthstoneState", listeners: list, args: tuple) -> None:
    if len(listeners) > 1:
        listeners.sort(key=_uid_of)  # stable: one minion's listeners keep the events' order
    for _, handler, entity in listeners:
        # A listener silenced or removed by an earlier handler no longer reacts; a lethally damaged
        # minion still does until deaths are resolved.
        if isinstance(entity, Minion) and (entity.triggers is NO_TRIGGERS or entity not in s.players[entity.owner].board):
            continue
        handler(s, entity, *args)


# ---------------------------------------------------------------- damage and healing

def deal_damage(s: "HearthstoneState", target: Character, amount: int, source=None) -> int:
    """Damage a character; returns the damage actually taken (0 when a shield popped)."""
    if amount <= 0 or s.terminal:
        return 0
    if target.is_hero:
        hero: Hero = target  # type: ignore[assignment]
        if hero.immune:
            return 0
        secrets = s.players[hero.owner].secrets  # Ice Block, Eye for an Eye (engine.hearthstone.secrets)
        if secrets and _secrets().prevents_fatal_damage(s, hero, amount):
            return 0
        absorbed = min(hero.armor, amount)
        hero.armor -= absorbed
        hero.damage += amount - absorbed
        if secrets:
            _secrets().on_hero_damaged(s, hero, amount)
    else:
        m: Minion = target  # type: ignore[assignment]
        if "immune" in m.triggers:  # a passive marker (Bestial Wrath: dsl_secrets.immune_this_turn)
            return 0
        if m.divine_shield:
            m.divine_shield = False
            return 0
        m.damage += amount
        if s.players[m.owner].effects and m.damage >= m.max_health:
            _health_floor(s, m)
        h = m.triggers.get("self_damaged")
        if h is not None:
            h(s, m, amount)
        fire(s, "minion_damaged", m, amount)
    if source is not None and isinstance(source, Minion):
        source.stealth = False  # damage dealt in any way reveals a Stealthed minion (Knife Juggler, Ragnaros)
        h = source.triggers.get("dealt_damage")
        if h is not None:
            h(s, source, target, amount)
    return amount


def _secrets():
    from cardlab.engine.hearthstone import secrets

    return secrets


def _health_floor(s: "HearthstoneState", m: Minion) -> None:
    """A player effect with "min_health" (Commanding Shout) keeps that player's minions at 1 Health or more."""
    from cardlab.engine.hearthstone.enchants import PLAYER_EFFECTS

    for name, _ in s.players[m.owner].effects:
        if PLAYER_EFFECTS[name].get("min_health"):
            m.damage = max(0, m.max_health - 1)
            return


# Passive markers: keys of a minion's triggers that no event fires; silence clears them with the triggers.
HEALS_DEAL_DAMAGE = "heals_deal_damage"  # Auchenai Soulpriest
DOUBLE_SPELLS = "double_spells"  # Prophet Velen


def spell_multiplier(s: "HearthstoneState", player: int) -> int:
    """x2 per Prophet Velen the player controls, for the damage and healing of their spells and hero power."""
    n = 1
    for m in s.players[player].board:
        if DOUBLE_SPELLS in m.triggers:
            n *= 2
    return n


def restore(ctx: Ctx, target: Character, amount: int, as_damage: int | None = None) -> int:
    """A card's or power's healing: damage instead (`as_damage`, default `amount`) while its player controls an
    Auchenai Soulpriest."""
    for m in ctx.me.board:
        if HEALS_DEAL_DAMAGE in m.triggers:
            return deal_damage(ctx.state, target, amount if as_damage is None else as_damage, ctx.source)
    return heal(ctx.state, target, amount)


def heal(s: "HearthstoneState", target: Character, amount: int) -> int:
    """Restore health up to the maximum; returns the amount healed."""
    healed = min(amount, target.damage)
    if healed <= 0 or (target.is_hero and target.pending_destroy):
        return 0
    target.damage -= healed
    if not target.is_hero:
        fire(s, "minion_healed", target, healed)
    else:
        fire(s, "hero_healed", target, healed)
    return healed


def freeze(target: Character) -> None:
    target.frozen = True


def destroy(target: Character) -> None:
    """Mark for destruction; the minion leaves at the next death resolution, a hero loses the game."""
    if target.is_hero:
        target.pending_destroy = True  # type: ignore[attr-defined]
        target.damage = target.max_health + target.armor  # type: ignore[attr-defined]
        target.armor = 0  # type: ignore[attr-defined]
    else:
        target.pending_destroy = True  # type: ignore[attr-defined]


def gain_armor(hero: Hero, amount: int) -> None:
    hero.armor += amount


# ---------------------------------------------------------------- cards and minions

def draw(s: "HearthstoneState", player: int) -> CardDef | None:
    """Draw the top card; empty deck = fatigue, full hand = the card is destroyed."""
    p = s.players[player]
    if not p.deck:
        p.fatigue += 1
        deal_damage(s, p.hero, p.fatigue)
        return None
    card = p.deck.pop()
    if len(p.hand) >= HAND_LIMIT:
        return None
    p.hand.append(card)
    return card


def add_to_hand(s: "HearthstoneState", player: int, card: CardDef, known: bool = False) -> bool:
    """False when the hand is full (the card is lost). known: both players see which card it is."""
    p = s.players[player]
    if len(p.hand) >= HAND_LIMIT:
        return False
    p.hand.append(card)
    if known:
        p.known_hand += (card,)
    return True


def same_card(a: CardDef, b: CardDef) -> bool:
    """The same card in a hand, its cost change included (the card objects of a round-tripped state differ)."""
    return a is b or (a.id == b.id and a.cost == b.cost)


def left_hand(p: Player, card: CardDef) -> None:
    """A card left p's hand (played, discarded): it is no longer a known card of that hand."""
    known = p.known_hand
    if known:
        for i, k in enumerate(known):
            if same_card(k, card):
                p.known_hand = known[:i] + known[i + 1:]
                return


def discard(s: "HearthstoneState", player: int, index: int | None = None) -> None:
    """Discard the card at `index` of `player`'s hand, or with None the whole hand (Deathwing). Every discard
    passes here: a discarded card is shown to both players, so determinize's notes on that hand follow it
    (HearthstoneState.seen_by_opponent ...; only in games whose cards made one)."""
    p = s.players[player]
    if index is None:
        cards = p.hand[:] if s.__dict__ else ()
        p.hand.clear()
        p.known_hand = ()
    else:
        cards = (p.hand.pop(index),)
        left_hand(p, cards[0])
    if s.__dict__:
        from cardlab.engine.hearthstone.state import note_discarded

        note_discarded(s, player, cards, whole_hand=index is None)


def summon(s: "HearthstoneState", player: int, card: CardDef, position: int = -1,
           health: int | None = None) -> Minion | None:
    """Put a minion on the board (at `position`, default right end); None when the board is full. `health`: its
    current Health is set to that as part of the summon, before "after you summon" triggers (Redemption, then
    Sword of Justice's +1/+1 leaves it at 2)."""
    p = s.players[player]
    if len(p.board) >= BOARD_LIMIT:
        return None
    m = Minion(card, s.new_uid(), player)
    if position < 0 or position > len(p.board):
        p.board.append(m)
    else:
        p.board.insert(position, m)
    refresh_auras(s)
    if health is not None and m.max_health > health:
        m.damage = m.max_health - health
        refresh_auras(s)  # auras that read damage (Lightspawn, an Enrage) see the set Health
    fire_summoned(s, m)
    return m


def equip(s: "HearthstoneState", player: int, card: CardDef) -> Weapon:
    p = s.players[player]
    p.weapon = Weapon(card, s.new_uid())
    refresh_auras(s)  # Spiteful Smith's bonus, Southsea Deckhand's Charge
    return p.weapon


def silence(s: "HearthstoneState", m: Minion) -> None:
    """Remove card text, buffs and keywords; damage stays. An enchantment's `silenced` handler runs after (Shadow
    Madness sends the minion back at once)."""
    from cardlab.engine.hearthstone.enchants import ENCHANTMENTS

    hp_before = m.max_health
    ended = [(ENCHANTMENTS[name].get("silenced"), arg) for name, arg in m.enchants]
    m.silenced = True
    m.atk_buff = 0
    m.hp_buff = 0
    m.temp_atk = 0
    m.base_attack = m.card.attack  # set-stat effects (Humility, Hunter's Mark) are enchantments too
    m.base_health = m.card.health
    m.taunt = m.charge = m.divine_shield = m.windfury = m.stealth = False
    m.frozen = False
    m.spell_damage = 0
    m.triggers = NO_TRIGGERS
    m.enchants = ()
    refresh_auras(s)
    # Losing health buffs only lowers current health down to the new maximum.
    lost = hp_before - m.max_health
    if lost > 0:
        m.damage = max(0, m.damage - lost)
    for handler, arg in ended:
        if handler is not None:
            handler(s, m, arg)


def transform(s: "HearthstoneState", m: Minion, card: CardDef) -> Minion:
    """Replace a minion by a fresh one of `card` in the same slot: text, buffs, damage and Freeze gone, but not
    its readiness: one that could attack still can, one that attacked or was just played cannot (the game keeps
    the entity and its exhaustion through a transform: HearthSim hs-bugs #1347 and #1246, the Evolve-then-attack
    play; no wiki line says so)."""
    p = s.players[m.owner]
    i = p.board.index(m)
    new = Minion(card, s.new_uid(), m.owner)
    new.exhausted = m.exhausted
    new.attacks_made = m.attacks_made
    p.board[i] = new
    refresh_auras(s)
    return new


def remove_from_board(s: "HearthstoneState", m: Minion) -> int:
    p = s.players[m.owner]
    i = p.board.index(m)
    del p.board[i]
    return i


def return_to_hand(s: "HearthstoneState", m: Minion, card: CardDef) -> bool:
    """Move a minion back to its owner's hand as `card`; with that hand full it is destroyed instead (its
    Deathrattle and death triggers happen at the next death resolution). False when destroyed."""
    if len(s.players[m.owner].hand) >= HAND_LIMIT:
        m.pending_destroy = True
        return False
    remove_from_board(s, m)
    refresh_auras(s)
    add_to_hand(s, m.owner, card, known=True)
    return True


def change_owner(s: "HearthstoneState", m: Minion, new_owner: int) -> bool:
    """Move a minion to the other side (Mind Control); it is exhausted there. False if that board is full."""
    dest = s.players[new_owner]
    if len(dest.board) >= BOARD_LIMIT:
        m.pending_destroy = True
        return False
    remove_from_board(s, m)
    m.owner = new_owner
    m.exhausted = True
    m.attacks_made = 0
    dest.board.append(m)
    refresh_auras(s)
    return True


# ---------------------------------------------------------------- auras

def refresh_auras(s: "HearthstoneState") -> None:
    """Recompute aura bonuses from scratch; a lost health aura never kills a damaged minion."""
    sources = None
    for p in s.players:
        for m in p.board:
            if m.card.aura is not None and not m.silenced:
                if sources is None:
                    sources = []
                sources.append(m)
    old = []
    for p in s.players:
        if p.cost_auras:  # engine.hearthstone.costs: re-registered by the cost auras below
            p.cost_auras = ()
        w = p.weapon
        if w is not None and w.aura_atk:  # Spiteful Smith's bonus, given again below while it applies
            w.attack -= w.aura_atk
            w.aura_atk = 0
        for m in p.board:
            if m.aura_atk or m.aura_hp or m.aura_charge:
                old.append((m, m.aura_hp))
                m.aura_atk = 0
                m.aura_hp = 0
                m.aura_charge = False
    if sources is not None:
        for src in sources:
            src.card.aura(s, src)
        for src in sources:  # auras that read the others' result (Lightspawn: Attack equal to Health)
            late = getattr(src.card.aura, "late", None)
            if late is not None:
                late(s, src)
    corrected = False
    for m, old_hp in old:
        if m.aura_hp < old_hp and m.damage:
            m.damage = max(0, m.damage - (old_hp - m.aura_hp))
            corrected = True
    if corrected:  # auras that read damage (Spiteful Smith's Enrage, Lightspawn) see the healed-over damage
        refresh_auras(s)


def spell_power(s: "HearthstoneState", player: int) -> int:
    total = 0
    for m in s.players[player].board:
        total += m.spell_damage
    return total


# ---------------------------------------------------------------- deaths

def resolve_deaths(s: "HearthstoneState") -> None:
    """Remove dead minions, then run their deathrattles in play order; repeat until stable.

    A deathrattle summons into its minion's place, even when neighbours died with it: `layouts` keeps
    each board's order with the dead minions still in it until their deathrattles have run.
    """
    while True:
        dead = None
        for p in s.players:
            for m in p.board:
                if m.pending_destroy or m.base_health + m.hp_buff + m.aura_hp <= m.damage:
                    if dead is None:
                        dead = []
                    dead.append(m)
        if dead is None:
            break
        dead.sort(key=lambda m: m.uid)
        layouts = None
        for m in dead:
            # a Deathrattle given after a Silence (Soul of the Forest on a silenced minion) still runs: Silence
            # cleared the enchantments it met
            if (m.card.deathrattle is not None and not m.silenced) or m.enchants:
                layouts = [p.board[:] for p in s.players]
                break
        for m in dead:
            s.players[m.owner].board.remove(m)
        refresh_auras(s)
        # Every death of the batch queues its "whenever a minion dies" triggers before any Deathrattle runs
        # (Hearthstone Wiki, Deathrattle: death-related effects cannot act on one another's consequences).
        died = _listeners(s, "minion_died")
        if died:
            died = [_queued_listeners(s, died, (m,)) for m in dead]
        redeem = []
        for i, m in enumerate(dead):
            if died and died[i]:
                _run_listeners(s, died[i], (m,))
            if s.players[m.owner].secrets:
                redeem.append(m)
            if layouts is None:
                continue
            _track_new_minions(s, layouts, m)
            pos = _place_of(layouts[m.owner], s.players[m.owner].board, m)
            if m.card.deathrattle is not None and not m.silenced:
                m.card.deathrattle(Ctx(s, m.owner, m, m.card, None, pos))
                _track_new_minions(s, layouts, m)
                pos = _place_of(layouts[m.owner], s.players[m.owner].board, m)
            for name, arg in m.enchants:
                from cardlab.engine.hearthstone.enchants import ENCHANTMENTS

                dr = ENCHANTMENTS[name].get("deathrattle")
                if dr is not None:
                    dr(Ctx(s, m.owner, m, m.card, None, pos), arg)
                    _track_new_minions(s, layouts, m)
                    pos = _place_of(layouts[m.owner], s.players[m.owner].board, m)
        for m in redeem:  # Redemption answers last, after every Deathrattle of these deaths (Hearthstone Wiki)
            if s.players[m.owner].secrets:
                _secrets().on_minion_died(s, m)
    check_heroes(s)


def _place_of(layout: list, board: list, m: Minion) -> int:
    """The board index a summon into dead minion m's place gets: the minions in play left of it."""
    n = 0
    for x in layout:
        if x is m:
            return n
        if x in board:
            n += 1
    return n


def _track_new_minions(s: "HearthstoneState", layouts: list, m: Minion) -> None:
    """Put minions that arrived since the layouts were taken into them, between their board neighbours;
    one that arrived next to dead minion m's place goes into it (before m), as m's deathrattle summons do."""
    for board, layout in zip((p.board for p in s.players), layouts):
        for q, x in enumerate(board):
            if x in layout:
                continue
            lo = layout.index(board[q - 1]) + 1 if q > 0 else 0
            hi = len(layout)
            for y in board[q + 1:]:
                if y in layout:
                    hi = layout.index(y)
                    break
            at = hi
            for i in range(lo, hi):
                if layout[i] is m:
                    at = i
                    break
            layout.insert(at, x)


def check_heroes(s: "HearthstoneState") -> None:
    if s.terminal:
        return
    dead0 = s.players[0].hero.health <= 0 or s.players[0].hero.pending_destroy
    dead1 = s.players[1].hero.health <= 0 or s.players[1].hero.pending_destroy
    if dead0 or dead1:
        s.end_game(-1 if dead0 and dead1 else (1 if dead0 else 0))


def destroy_weapon(s: "HearthstoneState", player: int) -> None:
    s.players[player].weapon = None
    refresh_auras(s)  # auras that depend on a weapon (Southsea Deckhand's Charge)
