"""Dominion's observation encoders; `ENCODERS` is what `get_encoder(spec, game="dominion")` looks names up in.

Encoder "table" (version 2): the whole table as one player sees it, for RL front ends and value networks. Its width
depends only on the player count P (NC = 32 card ids, cards.py's order; seats relative to the observer: offset 0
is the observer, offset k the player k seats after it). Values are raw, unscaled, so every field reads as what it
says: counts (one card id's at most 60, the game's Coppers; a zone's size at most the game's few hundred cards), 0/1
flags, victory points (Curses take them below 0, down to -10 (P - 1)), turns taken and `turns_left` (at most the turn
cap max_turns x P less one, which setup.MAX_TURN_CAP keeps to 1023), and `end_estimate` (a multiple of 2.5, not an
integer, from 0 to 2.5 x 8 x the Provinces pile: 160 at 2 players, 240 at 3-4):

    in_game     NC          1 for each card id with a pile in this game (base cards and the kingdom)
    supply      NC          cards left in each pile
    hand        NC          the observer's hand, per card id
    deck        NC          the observer's deck contents (order hidden), per card id
    discard     NC          the observer's discard pile, per card id
    aside       NC          the observer's set-aside cards (Library), per card id
    play        NC          cards in play (the turn owner's), per card id
    trash       NC          the trash, per card id
    per offset  P * (NC + 5 + NC): owned cards per id (public: every gain and trash is), victory points, hand size,
                deck size, discard size, turns taken; then the top card of the discard pile, one-hot (all zero if empty)
    turn        3 + 3 + 2P  coins, actions, buys; phase one-hot (action, treasure, buy); turn owner offset one-hot;
                            deciding player offset one-hot (zeros once the game is over)
    decision    14 + NC + P kind one-hot (decision.KINDS: action, treasure, buy, gain, trash, ...); the card whose
                            prompt it is, one-hot (none for phase decisions); the prompt's target offset (Spy, Thief)
    game        3           empty piles, turns left before the turn cap (turn_cap - turn; the cap is max_turns x P),
                            1 when the game is over
    estimate    1           the game-end estimate (spec section 3, as agents/dominion/choosers.game_end_estimate):
                            2.5 x the least coins still to spend to end the game, the smaller of 8 x Provinces left
                            and the cheapest total cost of emptying three piles (a card costs at least 1): 100 = five
                            Provinces left (version 2; version 1 ended at `terminal`)

Issue 18's list, field by field: own deck composition by card = p0_owned_* (every card owned, wherever it is);
cards in hand / draw pile / discard where known = hand_*, deck_* (contents, order hidden), discard_*; supply counts
= supply_*; VP of every player = p{o}_vp; turn = p{o}_turns and turns_left; coins/actions/buys in the turn = coins,
actions, buys; the game-end estimate = end_estimate.

It encodes `state.observation(player)`, so nothing hidden from the observer (others' hands, deck orders) can leak.
"""

from __future__ import annotations

from typing import Callable

from cardlab.engine.core import Rng
from cardlab.engine.dominion.cards import COST, NAMES, NUM_CARDS, PROVINCE
from cardlab.engine.dominion.decision import KINDS
from cardlab.engine.dominion.state import HIDDEN, PHASE_KINDS, DominionState
from cardlab.engine.features import Encoder, option_value

TABLE = "table"
TABLE_VERSION = 2  # 2: end_estimate appended
ESTIMATE_FACTOR, PROVINCE_COST = 2.5, 8
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def end_estimate(state: DominionState) -> float:
    """The spec's game-end estimate (section 3) from the supply: 5 Provinces left reads 100."""
    supply = state.supply
    piles = sorted(supply[c] * COST[c] or supply[c] for c in state.setup.piles)  # cost 0 counts 1 per card
    return ESTIMATE_FACTOR * min(PROVINCE_COST * supply[PROVINCE], sum(piles[:3]))


def _counts(cards) -> list[float]:
    out = [0.0] * NUM_CARDS
    for c in cards:
        if c != HIDDEN:
            out[c] += 1
    return out


class DominionTable(Encoder):
    """Counts per card id for every zone the observer sees, plus the turn and the pending decision."""

    name = TABLE
    version = TABLE_VERSION
    game = "dominion"

    def __init__(self, players: int | str = 2) -> None:
        self.players = int(option_value(TABLE, "players", players, 2))
        super().__init__()
        self.options = {"players": self.players}

    @classmethod
    def for_game(cls, game, players: int | str | None = None) -> "DominionTable":
        """Sized for `game`'s player count (a spec's players=N must agree with it)."""
        if players is not None and int(option_value(TABLE, "players", players, 2)) != game.num_players:
            from cardlab.runtime import UserError

            raise UserError(f"encoder {TABLE}:players={players} does not fit {game.spec} ({game.num_players} players)")
        return cls(players=game.num_players)

    def _names(self) -> list[str]:
        cards = [n.lower().replace(" ", "_") for n in NAMES]
        names = [f"{zone}_{c}" for zone in ("in_game", "supply", "hand", "deck", "discard", "aside", "play", "trash")
                 for c in cards]
        for o in range(self.players):
            names += [f"p{o}_owned_{c}" for c in cards]
            names += [f"p{o}_{f}" for f in ("vp", "hand_size", "deck_size", "discard_size", "turns")]
            names += [f"p{o}_discard_top_{c}" for c in cards]
        names += ["coins", "actions", "buys"] + [f"phase_{k}" for k in PHASE_KINDS]
        names += [f"owner{o}" for o in range(self.players)] + [f"decider{o}" for o in range(self.players)]
        names += [f"kind_{k}" for k in KINDS] + [f"prompt_card_{c}" for c in cards]
        names += [f"prompt_target{o}" for o in range(self.players)]
        return names + ["empty_piles", "turns_left", "terminal", "end_estimate"]

    def values(self, state: DominionState, player: int, rng: Rng | None = None) -> list[float]:
        view = state if state.observer == player else state.observation(player)
        n = view.setup.players
        if n != self.players:
            raise ValueError(f"{TABLE} was built for {self.players} players, the game has {n}")
        piles = set(view.setup.piles)
        row = [1.0 if c in piles else 0.0 for c in range(NUM_CARDS)]
        row += [float(x) for x in view.supply]
        row += _counts(view.hand[player])
        row += [float(x) for x in view.deck_counts(player)]
        row += _counts(view.disc[player]) + _counts(view.aside[player]) + _counts(view.play) + _counts(view.trash)
        seats = [(player + o) % n for o in range(n)]
        for q in seats:
            row += [float(x) for x in view.owned[q * NUM_CARDS:(q + 1) * NUM_CARDS]]
            row += [float(view.victory_points(q)), float(len(view.hand[q])), float(len(view.deck[q])),
                    float(len(view.disc[q])), float(view.turns[q])]
            top = [0.0] * NUM_CARDS
            if view.disc[q] and view.disc[q][-1] != HIDDEN:
                top[view.disc[q][-1]] = 1.0
            row += top
        row += [float(view.coins), float(view.actions), float(view.buys)]
        row += [1.0 if view.phase == k else 0.0 for k in range(len(PHASE_KINDS))]
        owner = view.turn_owner
        decider = view.current_player
        row += [1.0 if owner >= 0 and (owner - player) % n == o else 0.0 for o in range(n)]
        row += [1.0 if decider >= 0 and (decider - player) % n == o else 0.0 for o in range(n)]
        kind = [0.0] * len(KINDS)
        card = [0.0] * NUM_CARDS
        target = [0.0] * n
        if not view.terminal:
            prompt = view.prompt
            if prompt is None:
                kind[_KIND_INDEX[PHASE_KINDS[view.phase]]] = 1.0
            else:
                kind[_KIND_INDEX[prompt[0]]] = 1.0
                if prompt[2] is not None and 0 <= prompt[2] < NUM_CARDS:
                    card[prompt[2]] = 1.0
                if prompt[3] is not None and 0 <= prompt[3] < n:
                    target[(prompt[3] - player) % n] = 1.0
        row += kind + card + target
        row += [float(view.empty_piles), float(max(0, view.setup.turn_cap - view.turn)), 1.0 if view.terminal else 0.0]
        row.append(end_estimate(view))
        return row


ENCODERS: dict[str, Callable[..., Encoder]] = {TABLE: DominionTable}
DEFAULT_ENCODER = TABLE  # what `cardlab datagen --game dominion` records without --encoder

__all__ = ["DEFAULT_ENCODER", "ENCODERS", "TABLE", "end_estimate", "TABLE_VERSION", "DominionTable"]
