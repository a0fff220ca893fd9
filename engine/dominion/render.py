"""Dominion positions as text for people: `cardlab play` (what one player sees) and `cardlab replay` (the board)."""

from __future__ import annotations

from collections import Counter

from cardlab.engine.dominion.cards import COST, NAMES
from cardlab.engine.dominion.state import BUY, HIDDEN, PHASE_KINDS, DominionState


def _cards(cards) -> str:
    """`Copper x3, Estate`, in card order; hidden cards as a count."""
    counts = Counter(cards)
    hidden = counts.pop(HIDDEN, 0)
    parts = [f"{NAMES[c]} x{n}" if n > 1 else NAMES[c] for c, n in sorted(counts.items())]
    if hidden:
        parts.append(f"{hidden} hidden")
    return ", ".join(parts) or "-"


def _supply(state: DominionState) -> list[str]:
    piles = [f"{NAMES[c]} ${COST[c]}: {state.supply[c]}" for c in state.setup.piles]
    return ["supply  " + "  ".join(piles[i:i + 6]) for i in range(0, len(piles), 6)]


def _turn_line(state: DominionState) -> str:
    if state.terminal:
        return f"game over after turn {state.turn}"
    step = state.prompt[0] if state.prompt is not None else PHASE_KINDS[state.phase]
    return (f"turn {state.turn}: player {state.owner}'s {step} phase" if state.prompt is None
            else f"turn {state.turn}: player {state.owner}'s turn, player {state.prompt[1]} decides ({step})") + \
        f"   coins {state.coins}  actions {state.actions}  buys {state.buys}"


def _player_lines(state: DominionState, p: int, label: str) -> list[str]:
    pile = state.disc[p]
    lines = [f"{label}: {state.victory_points(p)} VP, {state.cards_owned(p)} cards, {state.turns[p]} turns; "
             f"deck {len(state.deck[p])}, discard {len(pile)} (top {NAMES[pile[-1]] if pile else '-'})",
             f"   hand {_cards(state.hand[p])}"]
    if state.aside[p]:
        lines.append(f"   set aside / revealed {_cards(state.aside[p])}")
    lines.append(f"   gained since its turn began {_cards(state.gains_now[p])}; "
                 f"the turn before {_cards(state.gains_prev[p])}")
    return lines


def observation_lines(state: DominionState, player: int) -> list[str]:
    """What `player` may see: supply, the turn's coins/actions/buys, play area, its hand, everyone's VP and recent
    gains."""
    view = state if state.observer == player else state.observation(player)
    lines = [_turn_line(view)] + _supply(view)
    lines.append(f"in play {_cards(view.play)}   trash {len(view.trash)} cards")
    n = view.setup.players
    for offset in range(n):
        p = (player + offset) % n
        lines += _player_lines(view, p, "you" if p == player else f"player {p}")
    if not view.terminal and view.prompt is None and view.phase == BUY:
        lines.append(f"you may buy with ${view.coins}" if view.owner == player else "")
    return [line for line in lines if line]


def board_lines(state: DominionState) -> list[str]:
    """The whole table, hidden cards included (replays)."""
    lines = [_turn_line(state)] + _supply(state)
    lines.append(f"in play {_cards(state.play)}   trash {_cards(state.trash)}")
    for p in range(state.setup.players):
        lines += _player_lines(state, p, f"player {p}")
    return lines
