"""Canonical state keys for the turn tree: transposition keys and dominance features (spec section 5).

All keys are plain tuples (hashable, cheap to compare). Minion uids never enter a key, and each side's
minions are sorted unless a minion on that side cares about adjacency, so two action orders that lead to
the same position (attack A then B, or B then A) give the same key.

- `state_key(s)`: the transposition key of a full (determinized) state inside one search. It includes
  everything the rest of the game can depend on, the RNG state included: on one determinization the
  tree is deterministic, so merging two states with equal keys is exact, up to one artefact: a board is sorted
  (unless adjacency matters), while random picks (Young Priestess, Knife Juggler, Arcane Missiles) go by board
  index on the fixed RNG, so two orders of the same minions can differ after a random effect on this
  determinization (equal in expectation over the RNG; docs/ARCHITECTURE.md, "Search").
- `public_key(s, player)`: what `player` can see of the same things (opponent's hand and both decks as
  counts, no RNG). The agent compares the key its plan expected with the observed one to re-plan.
- `dominance_parts(s, player, universe)`: (exact, vector). Two states are comparable for dominance only
  when `exact` is equal (the opponent's hand, weapons, decks, RNG, max mana, overload, both players' armed
  secrets, Immune heroes, and each sorted minion slot's identity: card, keywords, silence, enchantments); then A
  dominates B when A's vector is >= B's
  everywhere. The vector holds every board/hero feature an evaluator sees (rho, the greedy scores, the
  seed96 encoder: attack, health, taunt, divine shield, attacks left, hero health and armor), plus unspent
  mana, an unused hero power and the acting player's hand as card counts, signed so that larger is better
  for `player`. This is a heuristic, not a proof: a smaller enemy minion can be a legal Shadow Word: Pain
  target where a bigger one is not. The benchmark measures how often it changes the best value.
- `symmetric_actions(s, actions)`: drops actions that differ only by which of two identical minions they use.
"""

from __future__ import annotations

import re
from operator import ge as _ge

from cardlab.engine.hearthstone.carddb import MINION
from cardlab.engine.hearthstone.entities import Minion, Player
from cardlab.engine.hearthstone.mechanics import BOARD_LIMIT

_NONE = ()


def _minion_key(m: Minion) -> tuple:
    # Raw fields rather than derived attack/health: a buff and an aura give the same attack now but
    # behave differently after a silence or when the aura source dies.
    return (
        m.card.id, m.base_attack, m.base_health, m.atk_buff, m.hp_buff, m.aura_atk, m.aura_hp,
        m.aura_charge, m.temp_atk, m.damage, m.attacks_made, m.frozen, m.taunt, m.charge,
        m.divine_shield, m.windfury, m.stealth, m.spell_damage, m.silenced, m.exhausted,
        m.pending_destroy, m.enchants,
    )


def _board_key(board: list, ordered: bool = False) -> tuple:
    keys = [_minion_key(m) for m in board]
    if ordered:  # a card that hits neighbours can be played (Cone of Cold): positions matter
        return tuple(keys)
    for m in board:
        if m.card.adjacency:
            return tuple(keys)  # positions matter on this side: keep the order
    keys.sort()
    return tuple(keys)


def _player_key(p: Player, hidden_hand: bool, combo: bool = True, ordered: bool = False) -> tuple:
    h = p.hero
    w = p.weapon
    return (
        h.damage, h.max_health, h.armor, h.temp_atk, h.attacks_made, h.frozen,
        (w.card.id, w.attack, w.durability) if w is not None else _NONE,
        p.mana, p.max_mana, p.overload_owed, p.overload_locked, p.overload_excess, p.hero_power_used, p.fatigue,
        p.cards_played if combo else 0, len(p.hand) if hidden_hand else tuple(sorted([c.hand_key for c in p.hand])), len(p.deck),
        _board_key(p.board, ordered), p.hero_power.id, p.effects,  # Shadowform, Lord Jaraxxus; Commanding Shout, Headcrack
        p.minions_played, _cost_effects_key(p),  # engine.hearthstone.costs (Pint-Sized Summoner, Millhouse)
        len(p.secrets) if hidden_hand else _secrets_key(p), h.immune,
    )


def _secrets_key(p: Player) -> tuple:
    """The player's armed secrets (a fired Counterspell or Noble Sacrifice leaves a different position)."""
    return tuple(sorted([c.id for c in p.secrets])) if p.secrets else _NONE


def _cost_effects_key(p: Player) -> tuple:
    """The player's cost effects without their uids (which only order them)."""
    return tuple(e[1:] for e in p.cost_effects) if p.cost_effects else _NONE


def _turn_trigger_order(s) -> tuple:
    """(owner, card id) of every minion with a start- or end-of-turn trigger, in play order, when two or more are
    in play: they fire in that order (Imp Master's Imp dies to a Baron Geddon played after it, not before)."""
    found = None
    for p in s.players:
        for m in p.board:
            t = m.triggers
            if t and ("turn_end" in t or "turn_start" in t):
                if found is None:
                    found = [(m.uid, m.owner, m.card.id)]
                else:
                    found.append((m.uid, m.owner, m.card.id))
    if found is None or len(found) < 2:
        return ()
    found.sort()
    return tuple((owner, cid) for _, owner, cid in found)


def state_key(s, combo: bool = True, ordered: bool = False, turn_order: bool = True) -> tuple:
    """Transposition key of a full state (one determinization, one turn).

    `combo=False` (no Combo card in the acting player's hand or deck) drops the cards-played counter,
    which the engine reads only for Combo, so playing A then B and B then A are transpositions.
    `ordered` keeps both boards in board order (a card that hits neighbours can be played: Cone of Cold).
    `turn_order=False` (no start- or end-of-turn trigger can be in play this turn) skips their play order.
    """
    pending = s.pending
    return (
        s.current, s.turn, s.terminal, s.winner,
        (pending[0], tuple(c.id for c in pending[1])) if pending is not None else _NONE,
        s.rng.s if s.rng is not None else -1,
        _player_key(s.players[0], False, combo, ordered),
        _player_key(s.players[1], False, combo, ordered),
        _turn_trigger_order(s) if turn_order else (),
    )


def public_key(s, player: int) -> tuple:
    """The part of the state key `player` observes (same value on a state and on its observation)."""
    pending = s.pending
    if pending is not None and s.current == player:
        pend = (pending[0], tuple(c.id for c in pending[1]))
    else:
        pend = (pending[0], len(pending[1])) if pending is not None else _NONE
    return (
        s.current, s.turn, s.terminal, s.winner, pend,
        _player_key(s.players[player], False), _player_key(s.players[1 - player], True),
    )


def symmetric_actions(s, actions: list, ordered: bool = False) -> list:
    """`actions` without those that only swap identical minions (same raw key, no adjacency on that side):
    attacking with either of two untouched Chillwind Yetis, or at either one, leads to the same position.
    `ordered`: neighbours matter this turn (Cone of Cold, on either side): no minion is swapped."""
    reps = []
    any_dup = False
    for p in (s.players[s.current], s.players[1 - s.current]):
        rep = [0]
        first: dict = {}
        adjacency = ordered
        for m in p.board:
            if m.card.adjacency:
                adjacency = True
        for i, m in enumerate(p.board, 1):
            if adjacency:
                rep.append(i)
                continue
            k = _minion_key(m)
            j = first.setdefault(k, i)
            if j != i:
                any_dup = True
            rep.append(j)
        reps.append(rep)
    if not any_dup:
        return actions
    own, enemy = reps

    def canon(t: int) -> int:
        if t <= 0 or t == 8:
            return t
        return 8 + enemy[t - 8] if t >= 8 else own[t]

    out = []
    seen = set()
    for a in actions:
        kind = a[0]
        if kind == 1:
            c = (1, a[1], a[2], canon(a[3]), a[4])
        elif kind == 2:
            c = (2, own[a[1]], canon(a[2]))
        elif kind == 3:
            c = (3, canon(a[1]))
        else:
            out.append(a)
            continue
        if c not in seen:
            seen.add(c)
            out.append(a)
    return out


# ---------------------------------------------------------------- dominance

def _side(board: list, sign: int, own: bool, pin_health: bool = False, ordered: bool = False,
          pin_shield: bool = False, keep_spent: bool = False) -> tuple[tuple, list]:
    """(identities, monotone vector) of one side's minions, in the spec's sorted order. A minion whose death
    matters (a Deathrattle, an enchantment, a cost aura, or `pin_health`: see `friendly_deaths_pay`) keeps its
    health in the identity: a damaged one of ours dies more easily, and an enemy one kept alive keeps its
    Deathrattle from firing. Own minions only: `pin_shield` (damage to them pays: Acolyte of Pain) keeps their
    Divine Shields in the identity; `keep_spent` (the turn can give Charge or Windfury) keeps why a minion has no
    attack left, since Charge revives only a new one and Windfury only one that attacked."""
    rows = []
    for m in board:
        atk = m.attack
        hp = m.max_health - m.damage
        # readiness, not can_attack(): a ready 0-attack minion (Mana Tide Totem) attacks once it gains attack
        if own and not m.frozen and (not m.exhausted or m.charge or m.aura_charge) and not (
                "CANT_ATTACK" in m.card.mechanics and not m.silenced):
            left = max(0, (2 if m.has_windfury else 1) - m.attacks_made)
        else:
            left = 0
        # What dominance does not order: the card (deathrattle, triggers, aura), keywords with no clear
        # "better", and how attack/health are made up (a buff and an aura differ after a silence). Nor an enemy
        # minion's attack and Divine Shield: a stronger enemy can be the better target (Shadow Word: Death, Big
        # Game Hunter) or kill a minion whose damage or death pays (Abomination, Acolyte of Pain), and a shield
        # keeps an enemy Gurubashi Berserker from growing under an area spell.
        card = m.card
        dies = hp if pin_health or m.enchants or not m.silenced and (
            card.deathrattle is not None or getattr(card.aura, "cost_aura", False)) else None  # Venture Co.
        # a shield keeps alive a minion whose death pays, as more health would; this turn's attack (Abusive
        # Sergeant) is gone when the turn ends, so it is kept apart from the lasting attack
        if own:
            # an Enrage minion (Raging Worgen, Spiteful Smith): a shield blocks the damage that enrages it, and
            # "damaged" is worth more than its stats show (Windfury, the weapon's attack)
            enrage = not m.silenced and card.text is not None and "Enrage" in card.text
            pinned = (dies, m.divine_shield) if dies is not None or pin_shield or enrage else None
            if enrage:
                pinned = (pinned, m.damage > 0)
            if keep_spent:
                pinned = (pinned, m.exhausted, m.attacks_made)
        else:
            pinned = (atk, m.temp_atk, m.divine_shield, dies)
        ident = (card.id, m.windfury, m.stealth, m.spell_damage, m.silenced, m.frozen, m.charge,
                 repr(m.enchants) if m.enchants else "", pinned)
        rows.append((atk, hp, 4 * m.taunt + 2 * m.divine_shield + (left > 0), ident, m.taunt, m.divine_shield, left,
                     m.max_health, m.temp_atk))
    adjacency = ordered
    for m in board:
        if m.card.adjacency:
            adjacency = True
            break
    if not adjacency:
        rows.sort()  # spec order: attack, health, f(m) = 4*taunt + 2*divine_shield + can_attack; ties by identity
    vec: list = []
    for r in rows:
        vec.append(sign * r[1])
        vec.append(sign * r[7])  # room to heal: a 4/7 Yeti with 2 damage is not a 4/5 one
        vec.append(sign * r[4])
        if own:  # the enemy cannot attack during our turn; its readiness resets at its turn start
            vec.extend((r[0] - r[8], r[8], r[5], r[6]))  # lasting attack, this turn's attack, shield, attacks left
    return tuple([r[3] for r in rows]), vec


def dominance_parts(s, player: int, universe: dict | None = None, combo: bool | int = True,
                    pin_health: bool = False, pin_enemy_health: bool = False,
                    ordered: bool = False, pin_shield: bool = False,
                    keep_spent: bool = False, turn_order: bool = True) -> tuple[tuple, tuple]:
    """(exact part, monotone vector) of a full state during `player`'s turn.

    Two states are comparable only when their exact parts are equal; the vector holds every board and
    hero feature an evaluator sees (rho, greedy scores, seed96), plus unspent mana and an unused hero
    power, signed so that larger is better for `player`. The whole triple is the transposition key:
    equal triples are the same position (up to minion order and uids, but for turn triggers' play order) on the
    same RNG.

    `universe` (card id -> index, usually the root's hand) moves the acting player's hand from the exact
    part into the vector as card counts: a card still in hand is an option, so a superset hand is better.
    Cards outside the universe stay in the exact part.

    `combo=False` (no Combo card in the player's hand or deck) drops the cards-played counter, which the
    engine reads only for Combo, so playing A then B and B then A are transpositions; `combo=2` (Edwin VanCleef
    can be played) keeps the whole count.
    """
    me = s.players[player]
    opp = s.players[1 - player]
    own_ident, vec = _side(me.board, 1, True, pin_health, ordered, pin_shield, keep_spent)
    opp_ident, opp_vec = _side(opp.board, -1, False, pin_enemy_health, ordered)
    h = me.hero
    oh = opp.hero
    w = me.weapon
    ow = opp.weapon
    pending = s.pending
    if universe is None:
        hand_exact = tuple(sorted([c.hand_key for c in me.hand]))
        counts = ()
    else:
        counts = [0] * len(universe)
        outside = []
        for c in me.hand:
            c = c.hand_key
            i = universe.get(c)
            if i is None:
                outside.append(c)
            else:
                counts[i] += 1
        outside.sort()
        hand_exact = tuple(outside)
    exact = (
        s.current, s.turn, s.terminal,
        (pending[0], tuple(c.id for c in pending[1])) if pending is not None else _NONE,
        s.rng.s if s.rng is not None else -1,
        h.max_health, h.temp_atk, h.attacks_made, h.frozen,
        (w.card.id, w.attack, w.durability) if w is not None else _NONE,
        me.max_mana, me.overload_owed, me.overload_locked, me.overload_excess, me.fatigue,
        (me.cards_played if combo == 2 else me.cards_played > 0) if combo else 0,  # 2: Edwin counts every card
        hand_exact, len(me.deck),
        oh.max_health, oh.frozen, oh.temp_atk, oh.attacks_made,
        (ow.card.id, ow.attack, ow.durability) if ow is not None else _NONE,
        opp.max_mana, opp.overload_owed, opp.overload_locked, opp.overload_excess, opp.fatigue,
        tuple(sorted([c.hand_key for c in opp.hand])), len(opp.deck),
        own_ident, opp_ident, _turn_trigger_order(s) if turn_order else (),
        me.hero_power.id, me.effects, opp.hero_power.id, opp.effects,
        # an armed Ice Block stops only fatal damage: a healthier enemy hero is then not worse
        (oh.damage, oh.armor) if any(c.name == "Ice Block" for c in opp.secrets) else _NONE,
        me.minions_played, _cost_effects_key(me), _cost_effects_key(opp),
        _secrets_key(me), _secrets_key(opp), h.immune, oh.immune,  # never compare across a fired secret
    )
    vec.append(h.max_health - h.damage)
    vec.append(h.armor)
    # Unspent resources only add options: more mana and an unused hero power are better.
    vec.append(me.mana)
    vec.append(0 if me.hero_power_used else 1)
    vec.extend(counts)
    vec.extend(opp_vec)
    vec.append(oh.damage - oh.max_health)
    vec.append(-oh.armor)
    return exact, tuple(vec)


def dominates(a: tuple, b: tuple) -> bool:
    """a >= b everywhere (equal vectors count: the state is then a transposition)."""
    return all(map(_ge, a, b))


# Cards whose effect reads a low statistic or a damaged/undamaged state, so that "more attack / more health / less
# damage is better" can be false for them: a weaker position can have the better line (pinging the own Yeti
# enables Rampage). With one of them in the acting player's hand or deck, dominance compares nothing it cannot
# prove and falls back to exact transpositions. Cards that only want a stronger enemy minion (Shadow Word: Death,
# Acolyte of Pain, Gurubashi Berserker, Armorsmith) need no entry: enemy attack is never ordered, nor the health of
# an own minion whose death pays (Abomination) (`_side`). Big Game Hunter does: its Battlecry must take a target
# when one exists, so an own minion with 7 attack is one it has to destroy. Extend the set as cards are implemented.
STAT_SENSITIVE = frozenset({
    "Shadow Word: Pain", "Backstab", "Execute", "Molten Giant",
    "Mortal Strike", "Slam", "Rampage", "Equality", "Crazed Alchemist", "Hungry Crab", "Blood Knight",
    "Humility", "Hunter's Mark", "Aldor Peacekeeper", "Inner Fire", "Cruel Taskmaster", "Inner Rage",
    "Frothing Berserker", "The Black Knight", "Big Game Hunter",
    "Divine Favor",  # one card more in hand is one draw fewer
    "Wild Pyromancer", "Holy Wrath", "Mind Control", "Shadow Madness", "Sap", "Vanish", "Brawl",
    # damaged characters draw cards or grow; a lower attack or health enables the card
    "Northshire Cleric", "Circle of Healing", "Battle Rage", "Grommash Hellscream", "Betrayal",
    "Cabal Shadow Priest", "Kidnapper", "Bane of Doom", "Mortal Coil",
    # neutral: a weaker or damaged character is a better target, a bigger enemy minion a better copy or steal
    "Stampeding Kodo", "Faceless Manipulator", "Mind Control Tech", "Sylvanas Windrunner", "Lightwarden",
    "Spiteful Smith", "Alexstrasza",
})


# Card text that can put cards into the acting player's hand during its turn (draws, Sense Demons, Tracking,
# Thoughtsteal, Shadowstep...), matched on text; the few that give a drawing card without saying so are named below.
_HAND_SOURCE = re.compile(r"draw|your deck|to your hand|into your hand", re.IGNORECASE)
# Cards whose text does not say so but that give a card which draws: Wild Growth at 10 crystals (Excess Mana),
# Elite Tauren Chieftain (Power Chord "Rogues Do It...").
_GIVES_A_DRAWING_CARD = frozenset({"Wild Growth", "Elite Tauren Chieftain"})


# Minions whose effect in play makes a weaker position an option: healing a damaged minion draws (Northshire
# Cleric) or grows Lightwarden, and Sylvanas takes (or gives away) a random minion, so a bigger one is not always
# better for its owner.
_SENSITIVE_IN_PLAY = frozenset({"Northshire Cleric", "Lightwarden", "Sylvanas Windrunner"})
# Text that returns a minion in play to a hand (Youthful Brewmaster, Shadowstep, Kidnapper, Vanish, Freezing Trap):
# a Big Game Hunter on the board can then be played again.
_RETURNS_A_MINION = re.compile(r"\breturn\b", re.IGNORECASE)
# Text that puts copies of the opponent's cards in the player's hand or play (Thoughtsteal, Mind Vision, Mindgames).
_COPIES_OPPONENT_CARDS = re.compile(r"opponent's (deck|hand)", re.IGNORECASE)


def _own_sources(p: Player) -> list:
    cards = [c for c in p.hand] + [m.card for m in p.board] + [p.hero_power]
    if p.weapon is not None:
        cards.append(p.weapon.card)
    return cards


def can_reach_deck(p: Player) -> bool:
    """Whether anything of `p`'s (hand, minions, weapon, hero power) may add cards to its hand this turn; without
    such a source no deck card can be played this turn (conservative: any mention of a draw counts)."""
    return any(c.name in _GIVES_A_DRAWING_CARD or (c.text and _HAND_SOURCE.search(c.text)) for c in _own_sources(p))


_SUMMONS = re.compile(r"summon", re.IGNORECASE)
_HITS_NEIGHBOURS = re.compile(r"adjacent|next to it", re.IGNORECASE)
# Windfury, Windspeaker, Charge, Tundra Rhino, Southsea Deckhand, Raging Worgen: another attack for a minion that
# attacked, or a first one for a new minion
_GIVES_ATTACKS = re.compile(r"(give|have|has|enrage)[^.]*\b(charge|windfury)\b", re.IGNORECASE)
# Minions that gain from damage events, so that an enemy minion that survives more attacks can be worth more
_GROWS_ON_DAMAGE = frozenset({"Frothing Berserker", "Armorsmith", "Acolyte of Pain", "Gurubashi Berserker"})


def friendly_deaths_pay(p: Player, cards: list) -> bool:
    """Whether an own minion's death may pay this turn, so that no own minion's lower health is worse: a card of
    `p`'s that may be in play (`cards`: its own sources, and its deck when it can draw) draws or grows when a friendly minion dies (Cult Master,
    Flesheating Ghoul, Scavenging Hyena), or the board may fill up, when a death frees a slot for a minion in hand."""
    if any("minion_died" in c.triggers for c in cards):
        return True
    incoming = sum(1 for c in p.hand if c.type == MINION) + sum(
        BOARD_LIMIT for c in cards if c.text and _SUMMONS.search(c.text))
    return len(p.board) + incoming > BOARD_LIMIT


# Cards whose tokens have start- or end-of-turn triggers (Healing Totem, Force of Nature's Treants, Gelbin's inventions)
_TURN_TRIGGER_MAKERS = frozenset({"Totemic Call", "Force of Nature", "Gelbin Mekkatorque"})
# The opponent's secrets that answer our attack in proportion to its attack (Eye for an Eye reflects it; Misdirection
# may turn it on our own hero): more attack can lose
_ATTACK_SCALED_SECRETS = frozenset({"Eye for an Eye", "Misdirection"})


def dominance_is_sound(me: Player, opp: Player, reach_deck: bool) -> bool:
    """Whether "more stats, less damage, more resources is better" holds for every line of `me`'s turn: no
    stat-sensitive card can be played (from the hand; from the deck, the board or the opponent's cards when
    something can bring it to the hand: `reach_deck` is `can_reach_deck(me)`) and none in play changes what a
    weaker position is worth."""
    if any(c.name in STAT_SENSITIVE for c in me.hand):
        return False
    if any(m.card.name in _SENSITIVE_IN_PLAY for m in me.board) or any(
            m.card.name == "Sylvanas Windrunner" for m in opp.board):
        return False
    if any(c.name in _ATTACK_SCALED_SECRETS for c in opp.secrets):  # a weaker first attacker sets them off cheaply
        return False
    texts = [c.text for c in _own_sources(me) if c.text]
    if reach_deck and any(c.name in STAT_SENSITIVE for c in me.deck):
        return False
    returns = any(_RETURNS_A_MINION.search(t) for t in texts) or any(
        c.text and _RETURNS_A_MINION.search(c.text) for c in opp.secrets)
    if returns and any(m.card.name in STAT_SENSITIVE for m in me.board):
        return False
    if any(_COPIES_OPPONENT_CARDS.search(t) for t in texts) and any(
            c.name in STAT_SENSITIVE for c in [*opp.hand, *opp.deck]):
        return False
    return True


class HearthstoneSearchKeys:
    """The search hooks of one turn's search (`HearthstoneState.search_keys`): the Combo flag and the hand
    universe are fixed at the root, so each key costs one pass over the state."""

    __slots__ = ("player", "combo", "universe", "sound", "pin_health", "pin_enemy_health", "ordered",
                 "pin_shield", "keep_spent", "turn_order")

    def __init__(self, root, player: int, dominance: bool = True) -> None:
        self.player = player
        me = root.players[player]
        self.combo = any(c.combo is not None for c in me.hand) or any(c.combo is not None for c in me.deck)
        if any(c.name == "Edwin VanCleef" for c in me.hand) or any(c.name == "Edwin VanCleef" for c in me.deck):
            self.combo = 2  # it grows with every card played before it: the count, not only "one was played"
        self.universe = {cid: i for i, cid in enumerate(sorted({c.hand_key for c in me.hand}))} if dominance else None
        reach_deck = can_reach_deck(me)
        reach = _own_sources(me) + (list(me.deck) if reach_deck else [])  # what this turn may use
        # Cone of Cold, Explosive Shot, Betrayal: which minions are neighbours matters, on both sides (Cone of Cold
        # between two own Acolytes of Pain draws two), for transpositions too
        self.ordered = any(c.text and _HITS_NEIGHBOURS.search(c.text) for c in reach)
        # start- and end-of-turn triggers fire in play order: keyed unless no card of either player (hands, decks,
        # boards: Thoughtsteal brings the opponent's) nor a token maker can put one in play
        opp = root.players[1 - player]
        self.turn_order = any(
            c.name in _TURN_TRIGGER_MAKERS or (c.triggers and ("turn_end" in c.triggers or "turn_start" in c.triggers))
            for p in (me, opp) for c in (*p.hand, *p.deck, *(m.card for m in p.board), p.hero_power))
        if not dominance:  # the rest only serves dominance
            self.sound, self.pin_health, self.pin_enemy_health = True, False, False
            self.pin_shield = self.keep_spent = False
            return
        self.sound = dominance_is_sound(me, opp, reach_deck)
        self.pin_health = friendly_deaths_pay(me, reach)
        # the opponent's Cult Master or Flesheating Ghoul: its minions' deaths pay it; our Frothing Berserker,
        # Armorsmith, Acolyte or Gurubashi: a tougher enemy minion takes more attacks, each a damage event
        grows = any(c.name in _GROWS_ON_DAMAGE for c in reach)  # drawn this turn (Arcane Intellect) counts too
        self.pin_enemy_health = grows or any("minion_died" in m.card.triggers for m in opp.board)
        self.pin_shield = grows  # a shield stops the damage that pays them
        self.keep_spent = any(c.text and _GIVES_ATTACKS.search(c.text) for c in reach)

    def canonical(self, s) -> tuple:
        return state_key(s, self.combo, self.ordered, self.turn_order)

    def dominance(self, s) -> tuple[tuple, tuple]:
        exact, vec = dominance_parts(s, self.player, self.universe, self.combo, self.pin_health,
                                     self.pin_enemy_health, self.ordered, self.pin_shield, self.keep_spent,
                                     self.turn_order)
        if not self.sound:
            return (exact, vec), ()  # only equal states compare: transpositions, never a "weaker" prune
        return exact, vec

    def symmetric(self, s, actions: list) -> list:
        return symmetric_actions(s, actions, self.ordered)

    def public(self, s) -> tuple:
        return public_key(s, self.player)
