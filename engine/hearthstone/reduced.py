"""Reduced state, reduced actions and shaped reward of the reduced-state Q-learner (spec section 10).

The source learned a table over a deliberately tiny view of the game, so everything here is a pure function of
a state (an observation is enough) and the player's card slots.

State (11 values): the mana available now (0..10) and, for each cost 1..10, how many hand cards have that cost
(their current cost, Coin-like 0-cost cards are not counted, costs above 10 count as 10). The spec fixes only
the table size, 760,320 = 11 x 69,120; the per-cost caps are ours, chosen so that cheap cards, which a hand holds
several of, keep more counts: cost 1: 0..4, costs 2-4: 0..3, costs 5-7: 0..2, costs 8-10: 0..1
(5 x 4^3 x 3^3 x 2^3 = 69,120).

Actions (166 + end turn):
    0..149   play card slot k (0..29) at target class t: k * 5 + t
    150      play a card without a slot ("unknown")
    151..155 hero power at target class t
    156..165 attack: 156 + attacker type (0 hero, 1 minion) * 5 + outcome class
    166      end the turn: ours, not one of the spec's 166 (the spec's count leaves it out); the network encodes
             it as an all-zero action one-hot
Target classes: none, own hero, own minion, enemy hero, enemy minion. Attack outcomes: enemy hero, both die,
only the attacker dies, only the target dies, both survive (predicted from attack, health and divine shield).

Card slots (the spec's "30 card ids"): the distinct collectible cards of the player's own deck, ordered by
(cost, name, id), the first 30. The deck is read at the player's first decision of a game (hand + own
remaining deck), so the same rule serves a single deck, a deck per agent and a pool.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from cardlab.engine.hearthstone.carddb import card_db
from cardlab.engine.hearthstone.state import ATTACK, END_TURN, HERO_POWER, PLAY, HearthstoneState

MANA_VALUES = 11  # 0..10
COST_CAPS = (4, 3, 3, 3, 2, 2, 2, 1, 1, 1)  # highest count kept for costs 1..10 (ours; see the module text)
STATE_DIM = 1 + len(COST_CAPS)
N_STATES = MANA_VALUES
for _cap in COST_CAPS:
    N_STATES *= _cap + 1
assert N_STATES == 760_320, N_STATES  # the spec's table size

CARD_SLOTS = 30
TARGET_CLASSES = ("none", "own hero", "own minion", "enemy hero", "enemy minion")
OUTCOMES = ("enemy hero", "both die", "attacker dies", "target dies", "both survive")
UNKNOWN_CARD = CARD_SLOTS * 5  # 150
HERO_POWER_BASE = UNKNOWN_CARD + 1  # 151
ATTACK_BASE = HERO_POWER_BASE + 5  # 156
N_SPEC_ACTIONS = ATTACK_BASE + 2 * 5  # 166
END_TURN_INDEX = N_SPEC_ACTIONS  # 166
N_ACTIONS = N_SPEC_ACTIONS + 1  # 167 table columns

ENEMY_HERO_CODE = 8


def card_slots(card_ids: Iterable[str]) -> dict[str, int]:
    """Slot of each distinct collectible card: ordered by (cost, name, id), the first CARD_SLOTS."""
    db = card_db()
    cards = {db.get(c) for c in card_ids}
    ordered = sorted((c for c in cards if c.collectible), key=lambda c: (c.cost, c.name, c.id))
    return {c.id: i for i, c in enumerate(ordered[:CARD_SLOTS])}


def deck_slots(state: HearthstoneState, player: int) -> dict[str, int]:
    """The player's card slots from what it holds at its first decision: hand plus own remaining deck."""
    p = state.players[player]
    deck = p.unknown_pool if p.unknown_pool is not None else tuple(c.id for c in p.deck)
    return card_slots([c.id for c in p.hand] + list(deck))


def reduced_state(state: HearthstoneState, player: int) -> tuple[int, ...]:
    """(mana, count of cost-1 cards, ..., count of cost-10 cards), each capped."""
    p = state.players[player]
    counts = [0] * len(COST_CAPS)
    for card in p.hand:
        cost = state.cost(player, card)
        if cost <= 0:
            continue
        i = min(cost, len(COST_CAPS)) - 1
        counts[i] += 1
    values = [min(max(p.mana, 0), MANA_VALUES - 1)]
    values += [min(n, cap) for n, cap in zip(counts, COST_CAPS)]
    return tuple(values)


def state_index(values: Sequence[int]) -> int:
    """Mixed-radix index of a reduced state in 0..N_STATES-1."""
    index = values[0]
    for v, cap in zip(values[1:], COST_CAPS):
        index = index * (cap + 1) + v
    return index


def target_class(code: int) -> int:
    """Index into TARGET_CLASSES of a target code relative to the actor (-1: none)."""
    if code < 0:
        return 0
    if code == 0:
        return 1
    if code < 8:
        return 2
    if code == ENEMY_HERO_CODE:
        return 3
    return 4


def attack_outcome(state: HearthstoneState, player: int, slot: int, target: int) -> int:
    """Index into OUTCOMES of an attack, predicted from the characters' numbers (no triggers)."""
    if target == ENEMY_HERO_CODE:
        return 0
    me = state.players[player]
    defender = state.character(player, target)
    if slot == 0:
        power, toughness, shield = me.hero_attack(), me.hero.health + me.hero.armor, False
    else:
        attacker = me.board[slot - 1]
        power, toughness, shield = attacker.attack, attacker.health, attacker.divine_shield
    target_dies = power > 0 and not defender.divine_shield and power >= defender.health
    back = defender.attack
    attacker_dies = back > 0 and not shield and back >= toughness
    if target_dies and attacker_dies:
        return 1
    if attacker_dies:
        return 2
    if target_dies:
        return 3
    return 4


def reduce_action(state: HearthstoneState, player: int, action: tuple, slots: dict[str, int]) -> int | None:
    """The reduced index of a legal action; None for actions outside the scheme (in-card choices, mulligan)."""
    kind = action[0]
    if kind == END_TURN:
        return END_TURN_INDEX
    if kind == PLAY:
        slot = slots.get(state.players[player].hand[action[1]].id)
        if slot is None:
            return UNKNOWN_CARD
        return slot * 5 + target_class(action[3])
    if kind == HERO_POWER:
        return HERO_POWER_BASE + target_class(action[1])
    if kind == ATTACK:
        kind_of_attacker = 0 if action[1] == 0 else 1
        return ATTACK_BASE + kind_of_attacker * 5 + attack_outcome(state, player, action[1], action[2])
    return None


def group_actions(state: HearthstoneState, player: int, legal: Sequence[tuple],
                  slots: dict[str, int]) -> dict[int, list[tuple]]:
    """Legal actions by reduced index (several concrete actions may share one)."""
    groups: dict[int, list[tuple]] = {}
    for a in legal:
        r = reduce_action(state, player, a, slots)
        if r is not None:
            groups.setdefault(r, []).append(a)
    return groups


# ---------------------------------------------------------------- shaped reward (spec section 10)

def hero_total(state: HearthstoneState, player: int) -> int:
    hero = state.players[player].hero
    return hero.health + hero.armor


def step_reward(before: HearthstoneState, action: tuple, after: HearthstoneState, player: int,
                turn_mana: int) -> float:
    """The spec's per-step reward for `player` taking `action` in `before`, giving `after` (no win/loss term).

    +10 play a card; +10 attack the enemy hero or a taunt, -10 attack a non-taunt minion; +1 per damage to the
    enemy hero; -10 when the own hero lost health or armour (once per step: ours, the spec gives no amount per
    point); ending the turn: -100 if a card or an attack was still legal, else 10 x used / available mana, where
    available is `turn_mana`, the mana at the player's first decision of the turn (0 available counts as all used).
    """
    reward = 0.0
    kind = action[0]
    if kind == PLAY:
        reward += 10.0
    elif kind == ATTACK:
        target = action[2]
        taunt = target != ENEMY_HERO_CODE and before.character(player, target).taunt
        reward += 10.0 if (target == ENEMY_HERO_CODE or taunt) else -10.0
    elif kind == END_TURN:
        still = any(a[0] in (PLAY, ATTACK) for a in before.legal_actions())
        if still:
            reward -= 100.0
        else:
            used = turn_mana - before.players[player].mana
            ratio = 1.0 if turn_mana <= 0 else min(1.0, max(0.0, used / turn_mana))
            reward += 10.0 * ratio
    enemy_damage = hero_total(before, 1 - player) - hero_total(after, 1 - player)
    if enemy_damage > 0:
        reward += float(enemy_damage)
    if hero_total(after, player) < hero_total(before, player):
        reward -= 10.0
    return reward
