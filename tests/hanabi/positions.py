"""Hand-built Hanabi positions for tests: name the cards, the rest fills the deck so every card is accounted for."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.config import HanabiConfig, variant_config
from cardlab.engine.hanabi.state import HanabiState


def position(hands: Sequence[Sequence[str]], *, deck: Sequence[str] | None = None, fill_deck: bool = True,
             fireworks: str = "", discards: Sequence[str] = (), hints: int | None = None, fuses: int | None = None,
             current: int = 0, turn: int = 1, cfg: HanabiConfig | None = None, **options) -> HanabiState:
    """A state with these hands (card names, oldest first). `deck` lists the next cards to draw, first drawn first;
    with fill_deck the unnamed cards follow in code order (so the conservation invariant holds). `fireworks` is like
    "R2 G1"; discards name cards."""
    cfg = cfg or variant_config(players=len(hands), **options)
    s = HanabiState.new(cfg, 0)
    code = cfg.card_code
    heights = [0] * cfg.colours
    for part in fireworks.split():
        heights[code(part[0] + "1") // cfg.ranks] = int(part[1:])
    used = Counter()
    for hand in hands:
        used.update(code(c) for c in hand)
    used.update(code(c) for c in discards)
    for colour, height in enumerate(heights):
        used.update(cfg.code(colour, r) for r in range(height))
    top = [code(c) for c in (deck or ())]
    used.update(top)
    rest = []
    if fill_deck:
        for card in range(cfg.num_codes):
            left = cfg.copies[card] - used[card]
            assert left >= 0, f"too many {cfg.card_name(card)}"
            rest += [card] * left
    h = cfg.hand_size
    s.hands = tuple(tuple(code(c) for c in hand) for hand in hands)
    s.card_ids = tuple(tuple(range(p * h, p * h + len(hand))) for p, hand in enumerate(hands))
    s.knowledge = tuple((cfg.fresh_knowledge,) * len(hand) for hand in hands)
    s.deck = tuple(rest[::-1] + top[::-1])  # drawn from the end
    s.fireworks = tuple(heights)
    s.points = sum(heights)
    s.discards = tuple(code(c) for c in discards)
    s.hint_tokens = cfg.hints if hints is None else hints
    s.fuses_left = cfg.fuses if fuses is None else fuses
    s.current = current
    s.turn = turn
    s.final_turns = -1 if s.deck else cfg.players
    s._legal = None
    return s


def tell(state: HanabiState, player: int, slot: int, colour: str | None = None, rank: int | None = None,
         not_colours: str = "", not_ranks: Sequence[int] = ()) -> None:
    """Set a card's hint knowledge directly (without a history entry): told colour/rank and negative hints."""
    cfg = state.cfg
    k = state.knowledge[player][slot]
    if colour is not None:
        k = kn.colour_hint(k, cfg.card_code(colour + "1") // cfg.ranks, True)
    if rank is not None:
        k = kn.rank_hint(k, rank - 1, True)
    for c in not_colours:
        k = kn.colour_hint(k, cfg.card_code(c + "1") // cfg.ranks, False)
    for r in not_ranks:
        k = kn.rank_hint(k, r - 1, False)
    row = list(state.knowledge[player])
    row[slot] = k
    knowledge = list(state.knowledge)
    knowledge[player] = tuple(row)
    state.knowledge = tuple(knowledge)


def card_census(state: HanabiState) -> Counter:
    """Every card's location counted: hands, deck, discards, fireworks (a full state)."""
    cfg = state.cfg
    seen = Counter()
    for hand in state.hands:
        seen.update(hand)
    seen.update(state.deck)
    seen.update(state.discards)
    for colour, height in enumerate(state.fireworks):
        seen.update(cfg.code(colour, r) for r in range(height))
    return seen
