"""Rule-based Hearthstone baselines (spec section 3): face, trading and greedy.

All three act on the observation they are given. Only the greedy agent (and the trading agent's
burn-lethal check) simulates, always on `observation.determinize(self.player, self.rng)`.

Shared pieces:
- `plan_cards`: the trading agent's card-play planner (best subset of playable cards for the mana).
- `target_intent`: whether a targeted card/hero power helps ("help") or hurts ("harm") its target,
  read from the labels the card language puts on its effects (damage, buff, heal...).
- `best_attack`: the trading agent's attack choice, computed arithmetically from attack / health /
  divine shield (no simulation).
"""

from __future__ import annotations

import math
from typing import Any

from cardlab.engine.core import Action, State
from cardlab.engine.hearthstone.carddb import COIN_ID, MINION
from cardlab.engine.hearthstone.mechanics import BOARD_LIMIT
from cardlab.engine.hearthstone.state import ATTACK, CHOOSE, END_TURN_ACTION, HERO_POWER, MULLIGAN, PLAY

from cardlab.agents.base import Agent
from cardlab.engine.hearthstone.heuristics import STYLES, greedy_score, style_for_class, value

ENEMY_HERO = 8
FACE_WEIGHT = 0.2  # going face is worth 0.2 x attack (spec)
HERO_DAMAGE_WEIGHT = 0.1  # (ours) cost per damage our hero takes when it attacks a minion (= rho's weight)

# ---------------------------------------------------------------- what a targeted effect does

_HARM = frozenset({"damage", "random_damage", "damage_random", "freeze", "destroy", "silence", "transform",
                   "return_to_hand", "take_control", "set_attack", "set_health", "enchant"})
_HELP = frozenset({"buff", "heal", "heal_full"})
_INTENT_CACHE: dict[tuple[str, int], tuple[str, bool]] = {}


def _effect_kinds(fn, out: list) -> None:
    """What the effects inside `fn` do to the chosen target, in execution order (from the dsl's effect labels)."""
    kind = getattr(fn, "kind", None)
    if kind in _HARM or kind in _HELP:
        if fn.on_target:
            out.append(kind)
        return
    for part in getattr(fn, "parts", ()):
        _effect_kinds(part, out)


def target_intent(card, rule=None, effect=None) -> tuple[str, bool]:
    """("help" | "harm", is_heal) for a targeted card, Choose One option or hero power."""
    rule = rule if rule is not None else card.target
    effect = effect if effect is not None else (card.effect or card.combo)
    key = (card.id, id(effect))
    found = _INTENT_CACHE.get(key)
    if found is not None:
        return found
    if rule is not None and rule.friendly and not rule.enemy:
        kinds = ["buff"]
    elif rule is not None and rule.enemy and not rule.friendly:
        kinds = ["damage"]
    else:
        kinds = []
        _effect_kinds(effect, kinds)
    first = kinds[0] if kinds else "damage"
    heal_kind = any(k in ("heal", "heal_full") for k in kinds)
    result = ("help" if first in _HELP else "harm", heal_kind and first in _HELP)
    _INTENT_CACHE[key] = result
    return result


def _action_intent(state, player: int, action: tuple) -> tuple[str, bool]:
    me = state.players[player]
    if action[0] == HERO_POWER:
        return target_intent(me.hero_power)
    card = me.hand[action[1]]
    if action[4] >= 0 and card.choices:
        option = card.choices[action[4]]
        return target_intent(option, option.target or card.target, option.effect)
    effect = card.combo if (me.cards_played > 0 and card.combo is not None) else (card.effect or card.combo)
    return target_intent(card, card.target, effect)


def pick_target(state, player: int, targets: list[int], intent: tuple[str, bool], rng, prefer: int | None = None,
                face: bool = False) -> int:
    """A target code among `targets` (non-empty): help -> a random friendly minion; harm -> `prefer` when legal,
    the enemy hero when `face`, else a random enemy minion, else the enemy hero."""
    friendly = [t for t in targets if t < 8]
    enemy = [t for t in targets if t >= 8]
    kind, is_heal = intent
    if kind == "help":
        if is_heal:
            hurt = [t for t in friendly if state.character(player, t).damage > 0]
            if hurt:
                return rng.choice(hurt)
        minions = [t for t in friendly if t != 0]
        pool = minions or friendly or enemy
        return rng.choice(pool)
    if prefer is not None and prefer in enemy:
        return prefer
    if face and ENEMY_HERO in enemy:
        return ENEMY_HERO
    minions = [t for t in enemy if t != ENEMY_HERO]
    pool = minions or enemy or friendly
    return rng.choice(pool)


# ---------------------------------------------------------------- card-play planner

class PlayItem:
    """One playable hand card (or the hero power pseudo-card) for the planner."""

    __slots__ = ("cost", "kind", "index")

    def __init__(self, cost: int, kind: str, index: int) -> None:
        self.cost = cost
        self.kind = kind  # "minion", "spell" (spells and weapons), "coin", "power"
        self.index = index  # hand index; -1 for the hero power

    def __repr__(self) -> str:
        return f"<{self.kind} {self.cost} @{self.index}>"


SCALE = 100  # scores are integers x 100 so the 1e16 / 1e11 / 1e8... weights stay exact


def sequence_score(costs_desc: list[int], spent: int, avail: int, uses_power: bool, uses_coin: bool) -> int:
    """Spec score x SCALE: spent - 1e11 x unspent + sum(cost_k x 10^(8-k)) - 1e16 (power, avail < 6) - 100 (coin)."""
    score = SCALE * spent - SCALE * 10 ** 11 * (avail - spent)
    for k, c in enumerate(costs_desc):
        score += c * 10 ** (10 - k)  # = SCALE * c * 10^(8-k)
    if uses_power and avail < 6:
        score -= SCALE * 10 ** 16
    if uses_coin:
        score -= SCALE * 100
    return score


def playable_items(state, player: int, hero_power: bool = True) -> tuple[list[PlayItem], dict[int, list[tuple]]]:
    """Playable hand cards (a card costing one more than our mana counts when we hold The Coin) and the hero power.

    Returns the items and, per hand index, its PLAY actions in that (possibly Coin-boosted) position;
    targeted spells with no target of their kind (harm with no enemy, help with no friend) are left out.
    """
    me = state.players[player]
    hand = me.hand
    has_coin = any(c.id == COIN_ID for c in hand)
    probe = state
    if has_coin:
        probe = state.clone()
        probe.players[player].mana += 1
        probe._legal = None
    plays: dict[int, list[tuple]] = {}
    power_ok = False
    for a in probe.legal_actions():
        if a[0] == PLAY:
            plays.setdefault(a[1], []).append(a)
        elif a[0] == HERO_POWER:
            power_ok = True
    items: list[PlayItem] = []
    first_copy: dict[int, int] = {}
    for i, card in enumerate(hand):
        j = first_copy.setdefault(id(card), i)
        acts = plays.get(j)
        if not acts:
            continue
        if card.type != MINION and acts[0][3] >= 0:
            intent = _action_intent(state, player, acts[0])[0]
            sides = {a[3] >= 8 for a in acts}
            if (intent == "harm" and True not in sides) or (intent == "help" and False not in sides):
                continue
        kind = "coin" if card.id == COIN_ID else ("minion" if card.type == MINION else "spell")
        items.append(PlayItem(state.cost(player, card), kind, i))
    if hero_power and power_ok and not me.hero_power_used and me.hero.health > 2:
        items.append(PlayItem(state.cost(player, me.hero_power), "power", -1))
    return items, plays


def plan_cards(state, player: int, hero_power: bool = True, power_penalty: bool = True) -> list[PlayItem]:
    """The best set of playable cards for this turn's mana (spec section 3), most expensive first.

    Only the set matters to the score, so subsets are enumerated (identical items once). A Coin that
    enables nothing (the rest fits without it) is dropped. Returns [] when playing nothing is best.
    """
    items, _ = playable_items(state, player, hero_power)
    if not items:
        return []
    me = state.players[player]
    mana = me.mana
    coin_held = any(it.kind == "coin" for it in items)
    avail = mana + (1 if coin_held else 0)
    slots = BOARD_LIMIT - len(me.board)
    items.sort(key=lambda it: (-it.cost, it.kind, it.index))
    n = len(items)
    best_score = sequence_score([], 0, avail, False, False)
    best: list[PlayItem] = []
    chosen: list[PlayItem] = []

    def visit(start: int, spent: int, minions: int, coin: bool, power: bool) -> None:
        nonlocal best_score, best
        # Score the current set when it fits: without the Coin it must fit our mana; a Coin that enables
        # nothing is dropped (the same set without it is scored on its own).
        if chosen and (spent <= mana if not coin else spent == mana + 1):
            score = sequence_score([it.cost for it in chosen], spent, avail, power and power_penalty, coin)
            if score > best_score:
                best_score = score
                best = list(chosen)
        prev = None
        for k in range(start, n):
            it = items[k]
            key = (it.cost, it.kind)
            if key == prev:
                continue  # identical items: each multiset once
            prev = key
            if spent + it.cost > avail or (it.kind == "minion" and minions >= slots):
                continue
            chosen.append(it)
            visit(k + 1, spent + it.cost, minions + (it.kind == "minion"), coin or it.kind == "coin",
                  power or it.kind == "power")
            chosen.pop()

    visit(0, 0, 0, False, False)
    return best


def first_play(state, player: int, plan: list[PlayItem]) -> PlayItem | None:
    """The item to play now: the most expensive, or The Coin first when that card needs it."""
    if not plan:
        return None
    mana = state.players[player].mana
    for it in plan:
        if it.kind == "coin":
            continue
        if it.cost > mana:
            return next(x for x in plan if x.kind == "coin")
        return it
    return plan[0]  # only the Coin left (cannot happen: a lone Coin enables nothing)


def play_action(state, player: int, item: PlayItem, legal: list[tuple], rng, prefer: int | None = None,
                face: bool = False) -> tuple | None:
    """The concrete action playing `item`: rightmost board position, random Choose One option, target by intent."""
    if item.kind == "power":
        acts = [a for a in legal if a[0] == HERO_POWER]
    else:
        card = state.players[player].hand[item.index]
        j = next(i for i, c in enumerate(state.players[player].hand) if c is card)
        acts = [a for a in legal if a[0] == PLAY and a[1] == j]
        if acts:
            choices = sorted({a[4] for a in acts})
            if len(choices) > 1:
                c = rng.choice(choices)
                acts = [a for a in acts if a[4] == c]
            pos = max(a[2] for a in acts)
            acts = [a for a in acts if a[2] == pos]
    if not acts:
        return None
    tcol = 1 if item.kind == "power" else 3
    targets = sorted({a[tcol] for a in acts})
    if targets == [-1] or len(acts) == 1:
        return acts[0]
    intent = _action_intent(state, player, acts[0])
    t = pick_target(state, player, [t for t in targets if t >= 0], intent, rng, prefer, face)
    return next(a for a in acts if a[tcol] == t)


# ---------------------------------------------------------------- attacks (trading agent)

class _Unit:
    """An attacker or defender, as numbers."""

    __slots__ = ("code", "attack", "health", "taunt", "shield", "is_hero", "attacks_left")

    def __init__(self, code, attack, health, taunt, shield, is_hero, attacks_left=0):
        self.code = code
        self.attack = attack
        self.health = health
        self.taunt = taunt
        self.shield = shield
        self.is_hero = is_hero
        self.attacks_left = attacks_left


def _attackers(state, player: int) -> list[_Unit]:
    me = state.players[player]
    out = []
    hero = me.hero
    atk = me.hero_attack()
    if atk > 0 and not hero.frozen:
        limit = 2 if (me.weapon is not None and me.weapon.card.windfury) else 1
        if hero.attacks_made < limit:
            out.append(_Unit(0, atk, hero.health + hero.armor, False, False, True, limit - hero.attacks_made))
    for i, m in enumerate(me.board):
        if m.can_attack():
            left = (2 if m.has_windfury else 1) - m.attacks_made
            out.append(_Unit(i + 1, m.attack, m.health, m.taunt, m.divine_shield, False, left))
    return out


def _defenders(state, player: int) -> list[_Unit]:
    opp = state.players[1 - player]
    return [_Unit(8 + i + 1, m.attack, m.health, m.taunt, m.divine_shield, False)
            for i, m in enumerate(opp.board) if not m.stealth]


def trade_value(a: _Unit, d: _Unit) -> tuple[float, bool]:
    """Value of attacker a hitting enemy minion d (spec formula), and whether d dies."""
    d_health = d.health if (d.shield or a.attack <= 0) else d.health - a.attack
    if a.is_hero:
        taken = d.attack
        if a.health - taken <= 0:  # the hero would die hitting it: never worth it
            return -math.inf, d_health <= 0
        before = -value(d.attack, d.health, d.taunt)
        after = -value(d.attack, d_health, d.taunt)
        v = after - before - HERO_DAMAGE_WEIGHT * taken
        if d_health <= 0 and a.health - taken > 0:
            v += 1.0
        return v, d_health <= 0
    a_health = a.health if (a.shield or d.attack <= 0) else a.health - d.attack
    before = value(a.attack, a.health, a.taunt) - value(d.attack, d.health, d.taunt)
    after = value(a.attack, a_health, a.taunt) - value(d.attack, d_health, d.taunt)
    v = after - before
    if a_health > 0 and d_health <= 0:
        v += 1.0
    return v, d_health <= 0


def _best_single(attackers: list[_Unit], defenders: list[_Unit], enemy_hp: int) -> float:
    """Best one-step value available (face or trade), for the one-trade look-ahead."""
    taunts = [d for d in defenders if d.taunt]
    best = -math.inf
    for a in attackers:
        if taunts:
            for d in taunts:
                best = max(best, trade_value(a, d)[0])
        else:
            best = max(best, math.inf if a.attack >= enemy_hp else FACE_WEIGHT * a.attack)
            for d in defenders:
                best = max(best, trade_value(a, d)[0])
    if not taunts and sum(a.attack * a.attacks_left for a in attackers) >= enemy_hp:
        return math.inf
    return best


def attack_options(state, player: int) -> list[tuple[float, tuple]]:
    """(value, action) for every attack the trading agent would consider now (lethal -> only face)."""
    opp = state.players[1 - player]
    enemy_hp = opp.hero.health + opp.hero.armor
    attackers = _attackers(state, player)
    if not attackers:
        return []
    defenders = _defenders(state, player)
    taunts = [d for d in defenders if d.taunt]
    if not taunts and sum(a.attack * a.attacks_left for a in attackers) >= enemy_hp:
        return [(math.inf, (ATTACK, a.code, ENEMY_HERO)) for a in attackers]
    out = []
    for a in attackers:
        targets = taunts if taunts else defenders
        if not taunts:
            out.append((math.inf if a.attack >= enemy_hp else FACE_WEIGHT * a.attack, (ATTACK, a.code, ENEMY_HERO)))
        for d in targets:
            v, dies = trade_value(a, d)
            if taunts and dies:
                # Look one trade ahead: what the rest of our attackers can do once this taunt is gone.
                rest_att = [x for x in attackers if x is not a]
                if a.attacks_left > 1:
                    a_health = a.health if (a.shield or d.attack <= 0 or a.is_hero) else a.health - d.attack
                    if a_health > 0:
                        rest_att.append(_Unit(a.code, a.attack, a_health, a.taunt, False, a.is_hero,
                                              a.attacks_left - 1))
                rest_def = [x for x in defenders if x is not d]
                if rest_att:
                    ahead = _best_single(rest_att, rest_def, enemy_hp)
                    if ahead > 0:
                        v += ahead
            out.append((v, (ATTACK, a.code, d.code)))
    return out


def best_attack(state, player: int, legal: list[tuple] | None = None) -> tuple | None:
    """The trading agent's next attack: the best option worth more than -1, or None."""
    legal_set = set(legal if legal is not None else state.legal_actions())
    best_v = -1.0
    best = None
    for v, action in attack_options(state, player):
        if action in legal_set and v > best_v:
            best_v, best = v, action
    return best


# ---------------------------------------------------------------- agents

def forced_action(legal: list[tuple], rng) -> tuple | None:
    """Mulligan (keep everything) and pending in-card choices (random) are not what the baselines decide."""
    if not legal:
        return None
    if legal[0][0] == MULLIGAN:
        return (MULLIGAN, 0)
    if legal[0][0] == CHOOSE:
        return legal[rng.randrange(len(legal))]
    return None


def _attacked_this_turn(state, player: int) -> bool:
    me = state.players[player]
    return me.hero.attacks_made > 0 or any(m.attacks_made > 0 for m in me.board)


class TradingAgent(Agent):
    """Hearthbreaker-style trade agent (spec section 3): play cards, attack by trade value, play cards again."""

    name = "trading"

    def __init__(self, seed: int = 0, burn_lethal: bool = True) -> None:
        opts: dict[str, Any] = {} if burn_lethal else {"burn_lethal": False}
        super().__init__(seed, **opts)
        self.burn_lethal = burn_lethal

    def act(self, observation: State) -> Action:
        s = observation
        legal = s.legal_actions()
        forced = forced_action(legal, self.rng)
        if forced is not None:
            return forced
        player = s.current
        if self.burn_lethal:
            lethal = self._burn_lethal(s, player, legal)
            if lethal is not None:
                return lethal
        if _attacked_this_turn(s, player):
            action = best_attack(s, player, legal) or self._play(s, player, legal)
        else:
            action = self._play(s, player, legal) or best_attack(s, player, legal)
        return action or END_TURN_ACTION

    def _play(self, s, player: int, legal: list[tuple]) -> tuple | None:
        plan = plan_cards(s, player)
        item = first_play(s, player, plan)
        if item is None:
            return None
        prefer = None
        trade = best_attack(s, player, legal)
        if trade is not None and trade[2] != ENEMY_HERO:
            prefer = trade[2]  # the current trade's target
        return play_action(s, player, item, legal, self.rng, prefer=prefer)

    def _burn_lethal(self, s, player: int, legal: list[tuple]) -> tuple | None:
        """A damage card or hero power at the enemy hero that wins now (checked on a determinized copy)."""
        opp = s.players[1 - player]
        if opp.hero.health + opp.hero.armor > 12:
            return None
        candidates = [a for a in legal
                      if (a[0] == PLAY and a[3] == ENEMY_HERO) or (a[0] == HERO_POWER and a[1] == ENEMY_HERO)]
        if not candidates:
            return None
        full = s.determinize(player, self.rng)
        for a in candidates:
            child = full.child(a)
            if child.is_terminal() and child.winner == player:
                return a
        return None


class FaceAgent(Agent):
    """Plays the most mana it can (most expensive cards first), aims every attack and damage at the enemy hero."""

    name = "face"

    def act(self, observation: State) -> Action:
        s = observation
        legal = s.legal_actions()
        forced = forced_action(legal, self.rng)
        if forced is not None:
            return forced
        player = s.current
        plan = plan_cards(s, player, hero_power=True, power_penalty=False)
        item = first_play(s, player, plan)
        if item is not None:
            action = play_action(s, player, item, legal, self.rng, face=True)
            if action is not None:
                return action
        attacks = [a for a in legal if a[0] == ATTACK]
        if attacks:
            face = [a for a in attacks if a[2] == ENEMY_HERO]
            if face:
                return face[0]
            # A taunt is in the way: hit the one closest to dying, never with a hero that the hit would kill.
            opp = s.players[1 - player]
            hero = s.players[player].hero
            attacks = [a for a in attacks if a[1] != 0 or opp.board[a[2] - 9].attack < hero.health + hero.armor]
            if attacks:
                return min(attacks, key=lambda a: (opp.board[a[2] - 9].health, a))
        return END_TURN_ACTION


class GreedyAgent(Agent):
    """One-step greedy over legal actions with the SabberStone competition scores (spec section 3).

    style: auto (Warrior aggro, Mage control, others ramp) or one of aggro / control / ramp.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, style: str = "auto") -> None:
        if style != "auto" and style not in STYLES:
            raise ValueError(f"unknown style {style!r} (auto, {', '.join(STYLES)})")
        super().__init__(seed, **({} if style == "auto" else {"style": style}))
        self.style = style

    def style_of(self, state, player: int) -> str:
        if self.style != "auto":
            return self.style
        return style_for_class(state.players[player].hero.card_class)

    def act(self, observation: State) -> Action:
        s = observation
        legal = s.legal_actions()
        if legal and legal[0][0] == MULLIGAN:
            return (MULLIGAN, 0)
        if len(legal) == 1:
            return legal[0]
        player = s.current
        style = self.style_of(s, player)
        full = s.determinize(player, self.rng)
        best, best_score = None, -math.inf
        for a in legal:
            if a == END_TURN_ACTION:
                score = greedy_score(s, player, style)
            else:
                try:
                    child = full.child(a)
                except ValueError:
                    continue
                score = greedy_score(child, player, style)
            if best is None or score > best_score:
                best, best_score = a, score
        return best


AGENTS = {"face": FaceAgent, "trading": TradingAgent, "greedy": GreedyAgent}
