"""Board evaluations shared by the baseline agents, search leaves and DQN reward shaping (spec section 3).

All functions read a state (full or observation: only public parts are used) and a player index;
none mutates anything.

- `minion_value(m)` / `value(attack, health, taunt)`: the trading agent's minion value
  v(m) = ((attack + 0.5) * health**1.5 + 0.5 * taunt)**0.4, 0 for a dead minion.
- `rho(state, player)`: sum of v over own minions - sum over enemy minions
  + HERO_WEIGHT * ((own hero health + armor) - (enemy hero health + armor)).
  The hero-health term is ours (spec marks it open): HERO_WEIGHT = 0.1, so 10 hero health weigh
  about as much as one 3/3 minion (v(3/3) ~ 2.1). It is the DQN's per-action reward shaping
  r = rho(s') - rho(s), so keep it a plain function of (state, player).
- `greedy_score(state, player, style)`: the SabberStone competition greedy scores, style in
  aggro / control / ramp. "HP" is hero health + armor (ours: armor is effective health).
"""

from __future__ import annotations

import math

HERO_WEIGHT = 0.1  # (ours) weight of the hero-health difference in rho
STYLES = ("aggro", "control", "ramp")
CLASS_STYLE = {"WARRIOR": "aggro", "MAGE": "control"}  # every other class: ramp


def value(attack: int, health: int, taunt: bool = False) -> float:
    """v for a minion with these stats; 0 when health <= 0."""
    if health <= 0:
        return 0.0
    return ((attack + 0.5) * health ** 1.5 + 0.5 * bool(taunt)) ** 0.4


def minion_value(m) -> float:
    """v(m) = ((attack + 0.5) * health^1.5 + 0.5 * taunt)^0.4, 0 if the minion is dead."""
    if m.health <= 0 or getattr(m, "pending_destroy", False):
        return 0.0
    return value(m.attack, m.health, m.taunt)


def hero_hp(p) -> int:
    """A player's effective hero health: health + armor."""
    return p.hero.health + p.hero.armor


def board_value(p) -> float:
    return sum(minion_value(m) for m in p.board)


def rho(state, player: int) -> float:
    """Board evaluation from `player`'s side: minion values difference plus the hero-health term."""
    me = state.players[player]
    opp = state.players[1 - player]
    return board_value(me) - board_value(opp) + HERO_WEIGHT * (hero_hp(me) - hero_hp(opp))


def _lasting_attack(m) -> int:
    """m.attack once this turn's attack (temp_atk) is gone, as ending the turn leaves it."""
    a = m.base_attack + m.atk_buff + m.aura_atk
    if m.damage and m.card.enrage_attack and not m.silenced:
        a += m.card.enrage_attack
    return a if a > 0 else 0


def _lasting_value(m) -> float:
    """minion_value(m) once this turn's attack is gone."""
    if m.health <= 0 or m.pending_destroy:
        return 0.0
    return value(_lasting_attack(m), m.health, m.taunt)


def rho_after_quiet_end_turn(state, player: int) -> float:
    """rho of the state END_TURN would lead to, when `state.end_turn_is_quiet()`: no trigger or player effect
    acts at the turn's end or the next one's start, so ending the turn changes only what rho does not read
    (mana, cards, freezes) and this turn's attack, which ends (tests/engine/test_heuristics_quiet_end.py checks
    the equality on played states)."""
    me = state.players[player]
    opp = state.players[1 - player]
    return (sum(_lasting_value(m) for m in me.board) - sum(_lasting_value(m) for m in opp.board)
            + HERO_WEIGHT * (hero_hp(me) - hero_hp(opp)))


def style_for_class(hero_class: str) -> str:
    """Warrior aggro, Mage control, every other class ramp (spec section 3)."""
    return CLASS_STYLE.get(hero_class, "ramp")


def _attack_now(m) -> int:
    return m.attack


def _living(p) -> list:
    return [m for m in p.board if m.health > 0 and not m.pending_destroy]


def greedy_score(state, player: int, style: str, lasting: bool = False) -> float:
    """The greedy agent's score of `state` for `player` (spec section 3).

    +inf if the enemy hero is dead (checked first), -inf if our own is dead.
    aggro:   +1000 if the enemy board is empty and ours not; -1000 x enemy taunt health;
             + own minion attack; +1000 x (own HP - enemy HP).
    control: +1000 same condition; +50 x (own minions - enemy minions);
             +25 x (own taunt health - enemy taunt health); + own minion attack; +10 x HP difference.
    ramp:    +5000 same condition; +50 x count difference; + own minion attack; +10 x HP difference;
             +10 x minion-health difference; +20 x minion-attack difference.
    `lasting`: minion attack without this turn's part, as a quiet END_TURN leaves it (the search scores that leaf
    from the state before it).
    """
    if style not in STYLES:
        raise ValueError(f"unknown greedy style {style!r} (styles: {', '.join(STYLES)})")
    me = state.players[player]
    opp = state.players[1 - player]
    if opp.hero.health <= 0:
        return math.inf
    if me.hero.health <= 0:
        return -math.inf
    mine = _living(me)
    theirs = _living(opp)
    hp_diff = hero_hp(me) - hero_hp(opp)
    attack = _lasting_attack if lasting else _attack_now
    own_attack = sum(map(attack, mine))
    board_won = bool(mine) and not theirs
    if style == "aggro":
        enemy_taunt_health = sum(m.health for m in theirs if m.taunt)
        return 1000.0 * board_won - 1000.0 * enemy_taunt_health + own_attack + 1000.0 * hp_diff
    if style == "control":
        own_taunt_health = sum(m.health for m in mine if m.taunt)
        enemy_taunt_health = sum(m.health for m in theirs if m.taunt)
        return (1000.0 * board_won + 50.0 * (len(mine) - len(theirs))
                + 25.0 * (own_taunt_health - enemy_taunt_health) + own_attack + 10.0 * hp_diff)
    if style == "ramp":
        health_diff = sum(m.health for m in mine) - sum(m.health for m in theirs)
        attack_diff = own_attack - sum(map(attack, theirs))
        return (5000.0 * board_won + 50.0 * (len(mine) - len(theirs)) + own_attack + 10.0 * hp_diff
                + 10.0 * health_diff + 20.0 * attack_diff)
    raise AssertionError(style)
