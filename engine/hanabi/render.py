"""Hanabi positions as text for people (`cardlab play --game hanabi`): what one player may see, nothing more."""

from __future__ import annotations

from collections import Counter

from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.config import COLOUR_NAMES
from cardlab.engine.hanabi.state import HIDDEN, HanabiState


def _card(state: HanabiState, code: int) -> str:
    return "??" if code == HIDDEN else state.cfg.card_name(code)


def _hint_text(state: HanabiState, k: int) -> str:
    """What the hints say about a card: the colours and ranks it may still be (`RY`, `12`, `R/12`); `?` when
    nothing is known. A part that still allows everything is left out."""
    cfg = state.cfg
    colours, ranks = kn.describe(k, COLOUR_NAMES, cfg.ranks).split("/")
    parts = [part for part, full in ((colours, cfg.colours), (ranks, cfg.ranks)) if len(part) < full]
    return "/".join(parts) or "?"


def observation_lines(state: HanabiState, player: int) -> list[str]:
    """Fireworks, tokens, discards, every other hand with its hint knowledge, and `player`'s own hand as the hints
    describe it (its cards are shown only in variants where players see their own cards)."""
    view = state if state.observer == player else state.observation(player)
    return _lines(view, player, "you")


def board_lines(state: HanabiState) -> list[str]:
    """The whole table for a replay: every hand's cards with what the hints say about them."""
    return _lines(state, 0, "player 0")


def _lines(view: HanabiState, first: int, first_name: str) -> list[str]:
    cfg = view.cfg
    fireworks = "  ".join(f"{COLOUR_NAMES[c]}{h}" for c, h in enumerate(view.fireworks))
    lines = [f"fireworks {fireworks}   score {view.points}/{cfg.max_score}",
             f"hint tokens {view.hint_tokens}/{cfg.hints}   fuses left {view.fuses_left}/{cfg.fuses}   "
             f"deck {len(view.deck)}" + (f"   final turns left {view.final_turns}" if view.final_turns >= 0 else "")]
    counts = Counter(view.discards)
    discards = " ".join(f"{cfg.card_name(code)}x{n}" if n > 1 else cfg.card_name(code)
                        for code, n in sorted(counts.items()))
    lines.append(f"discards {discards or '-'}")
    for offset in range(cfg.players):
        p = (first + offset) % cfg.players
        hand, know = view.hands[p], view.knowledge[p]
        slots = "  ".join(f"{i}:{_card(view, card)}[{_hint_text(view, k)}]"
                          for i, (card, k) in enumerate(zip(hand, know)))
        who = first_name if p == first else f"player {p}"
        lines.append(f"{who:>9}: {slots or '(no cards)'}")
    return lines
