"""Hand-built Dominion positions for tests: name each zone's cards; owned counts follow from the zones."""

from __future__ import annotations

from typing import Mapping, Sequence

from cardlab.engine.dominion.cards import CARD_ID, NUM_CARDS, parse_kingdom
from cardlab.engine.dominion.setup import make_setup
from cardlab.engine.dominion.state import ACTION, DominionState


def ids(names: Sequence[str]) -> tuple[int, ...]:
    return tuple(CARD_ID[n] for n in names)


def position(hand: Sequence[str], deck: Sequence[str] = (), discard: Sequence[str] = (), *,
             others: Mapping[int, Mapping[str, Sequence[str]]] | None = None, kingdom: str = "first-game",
             players: int = 2, seed: int = 0, supply: Mapping[str, int] | None = None) -> DominionState:
    """Player 0 to act at the start of its turn 1 with this hand; `deck` lists the next draws, first drawn first;
    `discard` bottom to top. `others[p]` sets player p's zones likewise (unset players keep 5 Coppers in hand and
    an empty deck and discard). `supply` overrides pile counts."""
    kingdom_cards = parse_kingdom(kingdom)
    s = DominionState.new(make_setup(kingdom_cards, players), seed)
    zones = {0: {"hand": hand, "deck": deck, "discard": discard}}
    for p in range(1, players):
        zones[p] = {"hand": ["Copper"] * 5, "deck": (), "discard": ()}
        zones[p].update((others or {}).get(p, {}))
    s.owned = [0] * (NUM_CARDS * players)
    for p, z in zones.items():
        s.hand[p] = ids(z["hand"])
        s.deck[p] = ids(z["deck"])[::-1]  # the top of a deck is its last element
        s.disc[p] = ids(z["discard"])
        for c in s.hand[p] + s.deck[p] + s.disc[p]:
            s.owned[p * NUM_CARDS + c] += 1
    for name, n in (supply or {}).items():
        s.supply[CARD_ID[name]] = n
    s.empty_piles = sum(1 for c in s.setup.piles if s.supply[c] == 0)
    s.aside, s.top_known, s.hand_known = ((),) * players, (0,) * players, ((),) * players
    s.phase, s.prompt, s.stack, s.play, s.trash = ACTION, None, (), (), ()
    s.coins, s.actions, s.buys = 0, 1, 1
    s._legal = None
    s._advance()
    return s


def choose(state: DominionState, *labels) -> DominionState:
    """Apply each decision by its option label (a card name, None, "all", "yes"...)."""
    for label in labels:
        d = state.decision()
        if label not in d.options:
            raise AssertionError(f"{label!r} is not an option of {d}")
        state.apply(state.legal_actions()[d.options.index(label)])
    return state


def names(cards) -> list[str]:
    from cardlab.engine.dominion.cards import NAMES

    return sorted(NAMES[c] for c in cards)


def count(state: DominionState, p: int, zone: str, name: str) -> int:
    return getattr(state, zone)[p].count(CARD_ID[name])
