"""DominionState: the rules of play (spec section 1), decisions, observation and determinization.

Representation, chosen for speed (>= 1,000 BigMoney games/s on one core):
- cards are ints (cards.py); per player, `hand`, `deck`, `disc` are tuples kept in lists indexed by player,
  so `clone` and `observation` copy a few list headers and share the tuples. A deck's top card is its LAST element.
  Fields that change a few times a turn at most (`aside`, `top_known`, `turns`, `gains_*`, `stack`) are tuples,
  replaced on change and shared by clones.
- `owned` is one flat list of counts (player * NUM_CARDS + card), `supply` one list of counts per card id.
- an observation hides every deck's order (the observer's own deck contents follow from its owned counts:
  `deck_counts`), so masking costs a cached tuple per zone, not a sort.
- the turn's flow is a phase (action, treasure, buy) plus, while a card waits for someone's choice, a `prompt`
  and a `stack` of pending effects. Both hold only tuples of ints and method names, so a state clones, compares
  and serialises without generators or closures.
- the action phase is skipped when the hand holds no Action card (or no action is left), the treasure phase when it
  holds no Treasure, and a required prompt with one option is answered by the engine: agents see real choices only.
"""

from __future__ import annotations

from typing import Any

from cardlab.engine.core import Rng, State
from cardlab.engine.dominion.cards import (CARD_LIST, COIN_VALUE, COPPER, COST, CURSE, FEAST, GARDENS, IS_ACTION,
                                           IS_TREASURE, IS_VICTORY, MOAT, NAMES, NUM_CARDS, PROVINCE, SILVER, VP)
from cardlab.engine.dominion.decision import ALL, DISCARD, KEEP, NO, NONE, WORD_LABELS, YES, Decision
from cardlab.engine.dominion.setup import Setup, make_setup

HIDDEN = -1  # a card the viewer cannot see
ACTION, TREASURE, BUY = 0, 1, 2
PHASE_KINDS = ("action", "treasure", "buy")
TO_DISCARD, TO_HAND, TO_DECK = 0, 1, 2
NC = NUM_CARDS

_MASK = (1 << 64) - 1
_HID = tuple((HIDDEN,) * n for n in range(512))

# Per card id: the "+" fields and the special effect's method name (None for vanilla cards).
_PLUS = tuple((c.cards, c.actions, c.buys, c.coins) if "action" in c.types else (0, 0, 0, 0) for c in CARD_LIST)
_SPECIAL = tuple(f"_special_{c.special}" if c.special else None for c in CARD_LIST)
_VICTORY_IDS = tuple(c for c in range(NC) if IS_VICTORY[c] or c == CURSE)
# Prompt kinds whose options are cards in the decider's own hand (other players' observations do not list them).
_HAND_KINDS = frozenset(("trash", "discard", "topdeck", "throne", "set-aside"))
# How each prompt about the decider's own (hidden) hand lists its options: (card asking, kind) ->
# (which hand cards qualify, whether "None" is an option). Library's set-aside prompt is handled apart.
_HAND_PROMPTS = {("Cellar", "discard"): (None, True), ("Militia", "discard"): (None, False),
                 ("Bureaucrat", "topdeck"): (IS_VICTORY, False), ("Chapel", "trash"): (None, True),
                 ("Mine", "trash"): (IS_TREASURE, False), ("Remodel", "trash"): (None, False),
                 ("Throne Room", "throne"): (IS_ACTION, False)}
_REDEAL_TRIES = 100_000


def _hides_options(prompt: tuple | None, player: int) -> bool:
    """Whether `player` sees a prompt whose options would name cards of another player's hidden hand."""
    return prompt is not None and prompt[1] != player and prompt[0] in _HAND_KINDS


def shuffled(rng: Rng, cards) -> tuple:
    """A uniformly shuffled tuple of `cards`, advancing `rng`.

    Fisher-Yates with bounded draws taken several at a time from one 64-bit output (multiply-shift on a 64-bit
    fraction, refilled once 2**32 of range is used: bias below 2**-32): a 30-card shuffle costs 4 generator steps
    instead of 29, which matters at a shuffle every other turn.
    """
    items = list(cards)
    n = len(items)
    if n < 2:
        return tuple(items)
    s = rng.s
    x = room = 0
    for i in range(n - 1, 0, -1):
        m = i + 1
        if room < m:
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            room = 1 << 32
        x *= m
        j = x >> 64
        x &= _MASK
        room //= m
        items[i], items[j] = items[j], items[i]
    rng.s = s
    return tuple(items)


def _remove(cards: tuple, card: int) -> tuple:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _within(known: tuple, hand: tuple) -> tuple:
    """The known cards that the hand really holds (each hand card answers one)."""
    left = list(hand)
    out = []
    for c in known:
        if c in left:
            left.remove(c)
            out.append(c)
    return tuple(out)


def _set(items: tuple, index: int, value: Any) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _tuples(value: Any) -> Any:
    """JSON lists back to the nested tuples prompts and tasks are made of."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


_FIELDS = ("setup", "rng", "hand", "deck", "disc", "aside", "top_known", "hand_known", "owned", "supply", "play", "trash",
           "coins", "actions", "buys", "phase", "owner", "turn", "turns", "prompt", "stack", "immune",
           "empty_piles", "gains_now", "gains_prev", "observer", "terminal", "_legal")


class DominionState(State):
    """A Dominion position.

    Public attributes agents may read: `coins`, `actions`, `buys` (this turn), `phase` (ACTION/TREASURE/BUY),
    `prompt` (None, or (kind, player, card id, target, option ids, resume, data) while a card waits for a choice),
    `supply` (count per card id), `hand[p]`, `deck[p]` (top last), `disc[p]` (top last), `play` (the turn owner's
    cards in play), `trash`. In an observation, cards the observer cannot see are HIDDEN.
    top_known[p]: how many cards on top of p's deck everyone knows (put there face up: Bureaucrat, Spy).
    hand_known[p]: cards everyone knows are in p's hand (a revealed Moat, a hand revealed to Bureaucrat, a face-up
    card drawn, a Treasure gained or put into the hand in plain sight), until they leave it (every way out is public).
    """

    __slots__ = _FIELDS

    setup: Setup
    # Chains (datagen) take each player's state after its turn ends: a turn also ends by its last buy, not only by
    # the end-turn action, so the state just before that action would miss the turn's buys.
    chain_point = "after_turn"

    # ------------------------------------------------------------ construction

    @classmethod
    def new(cls, setup: Setup, seed: int) -> "DominionState":
        """Seat 0 starts; each player shuffles 7 Coppers and 3 Estates and draws 5."""
        s = cls.__new__(cls)
        n = setup.players
        s.setup = setup
        s.rng = Rng(seed)
        start = (COPPER,) * 7 + (3,) * 3
        s.hand, s.deck = [], []
        for _ in range(n):
            deck = shuffled(s.rng, start)
            s.hand.append(deck[5:])
            s.deck.append(deck[:5])
        s.disc = [()] * n
        s.aside = ((),) * n
        s.top_known = (0,) * n
        s.hand_known = ((),) * n
        s.owned = [0] * (NC * n)
        for p in range(n):
            s.owned[p * NC + COPPER] = 7
            s.owned[p * NC + 3] = 3
        s.supply = list(setup.start_supply)
        s.play = ()
        s.trash = ()
        s.coins, s.actions, s.buys = 0, 1, 1
        s.phase = ACTION
        s.owner = 0
        s.turn = 1
        s.turns = (1,) + (0,) * (n - 1)
        s.prompt = None
        s.stack = ()
        s.immune = 0
        s.empty_piles = 0
        s.gains_now = ((),) * n
        s.gains_prev = ((),) * n
        s.observer = -1
        s.terminal = False
        s._legal = None
        s._advance()
        return s

    def clone(self) -> "DominionState":
        s = DominionState.__new__(DominionState)
        s.setup = self.setup
        s.rng = self.rng.copy() if self.rng is not None else None
        s.hand = self.hand[:]
        s.deck = self.deck[:]
        s.disc = self.disc[:]
        s.aside = self.aside
        s.top_known = self.top_known
        s.hand_known = self.hand_known
        s.owned = self.owned[:]
        s.supply = self.supply[:]
        s.play = self.play
        s.trash = self.trash
        s.coins = self.coins
        s.actions = self.actions
        s.buys = self.buys
        s.phase = self.phase
        s.owner = self.owner
        s.turn = self.turn
        s.turns = self.turns
        s.prompt = self.prompt
        s.stack = self.stack
        s.immune = self.immune
        s.empty_piles = self.empty_piles
        s.gains_now = self.gains_now
        s.gains_prev = self.gains_prev
        s.observer = self.observer
        s.terminal = self.terminal
        s._legal = self._legal
        return s

    # ------------------------------------------------------------ protocol properties

    @property
    def current_player(self) -> int:
        if self.terminal:
            return -1
        return self.prompt[1] if self.prompt is not None else self.owner

    @property
    def turn_owner(self) -> int:
        return -1 if self.terminal else self.owner

    @property
    def turn_number(self) -> int:
        return self.turn

    @property
    def num_players(self) -> int:
        return self.setup.players

    @property
    def kingdom(self) -> tuple[str, ...]:
        return self.setup.kingdom

    def is_terminal(self) -> bool:
        return self.terminal

    def end_turn_action(self) -> int | None:
        """NONE in the buy phase ends the turn; elsewhere no single action does."""
        return NONE if self.prompt is None and self.phase == BUY and not self.terminal else None

    def search_keys(self, player: int, dominance: bool = False):
        """Transposition keys, treasure-phase pruning and public keys for the turn-tree search (keys.py)."""
        from cardlab.engine.dominion.keys import DominionKeys

        return DominionKeys(player)

    # ------------------------------------------------------------ public facts for agents

    def supply_counts(self) -> dict[str, int]:
        """Cards left in every pile of this game (base cards included)."""
        return {NAMES[c]: self.supply[c] for c in self.setup.piles}

    def owned_counts(self, player: int) -> dict[str, int]:
        """Every card `player` owns, wherever it is (public: every gain and trash is)."""
        base = player * NC
        return {NAMES[c]: n for c, n in enumerate(self.owned[base:base + NC]) if n}

    def cards_owned(self, player: int) -> int:
        base = player * NC
        return sum(self.owned[base:base + NC])

    def victory_points(self, player: int) -> int:
        base = player * NC
        owned = self.owned
        points = sum(VP[c] * owned[base + c] for c in _VICTORY_IDS)
        gardens = owned[base + GARDENS]
        if gardens:
            points += gardens * (sum(owned[base:base + NC]) // 10)
        return points

    def deck_counts(self, player: int) -> list[int]:
        """Per card id, the cards in `player`'s deck, from what that player sees (owned less hand, discard pile,
        play area and set-aside cards): what an observation's HIDDEN deck holds."""
        if self.observer not in (-1, player):
            raise ValueError(f"player {self.observer}'s observation does not show player {player}'s hand")
        counts = self.owned[player * NC:(player + 1) * NC]
        zones = self.hand[player] + self.disc[player] + self.aside[player]
        if player == self.owner:
            zones += self.play
        for c in zones:
            counts[c] -= 1
        return counts

    def turns_taken(self, player: int) -> int:
        """Turns `player` has started (the current one included)."""
        return self.turns[player]

    def winners(self) -> list[int]:
        """Most VP; among those, fewest turns; the rest share."""
        n = self.setup.players
        points = [self.victory_points(p) for p in range(n)]
        best = max(points)
        tied = [p for p in range(n) if points[p] == best]
        fewest = min(self.turns[p] for p in tied)
        return [p for p in tied if self.turns[p] == fewest]

    def returns(self) -> list[float]:
        """Zero-sum: k winners of n get +1/k each, the others -1/(n-k); everyone tied is a draw (all 0).
        Two players: +1/-1/0. The arena counts a win shared by k players as 1/k of a win for each."""
        n = self.setup.players
        if not self.terminal:
            return [0.0] * n
        won = self.winners()
        k = len(won)
        if k == n:
            return [0.0] * n
        return [1.0 / k if p in won else -1.0 / (n - k) for p in range(n)]

    # ------------------------------------------------------------ legal actions and decisions

    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> tuple[int, ...]:
        if self.terminal:
            return ()
        if self.prompt is not None:
            return self.prompt[4]
        phase = self.phase
        if phase == BUY:
            affordable = self.setup.affordable[min(self.coins, len(self.setup.affordable) - 1)]
            if self.empty_piles:
                supply = self.supply
                return tuple(c for c in affordable if supply[c] > 0) + (NONE,)
            return affordable + (NONE,)
        hand = self.hand[self.owner]
        if phase == ACTION:
            return tuple(sorted({c for c in hand if c >= 0 and IS_ACTION[c]})) + (NONE,)
        return tuple(sorted({c for c in hand if c >= 0 and IS_TREASURE[c]})) + (NONE, ALL)

    def decision(self) -> Decision:
        """The current decision: its kind, who decides, the card asking, and a label per legal action."""
        if self.terminal:
            raise ValueError("the game is over: no decision")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        labels = tuple(NAMES[a] if a < NONE else WORD_LABELS[a] for a in legal)
        pr = self.prompt
        if pr is None:
            return Decision(PHASE_KINDS[self.phase], self.owner, None, labels)
        return Decision(pr[0], pr[1], NAMES[pr[2]], labels, pr[3])

    # ------------------------------------------------------------ apply

    def apply(self, action: int) -> None:
        if self.terminal:
            raise ValueError("the game is over")
        if self.observer >= 0:
            raise ValueError("cannot play on an observation: determinize it first")
        pr = self.prompt
        if pr is not None:
            if action not in pr[4]:
                raise ValueError(f"illegal action {action!r} for a {pr[0]} decision")
            self.prompt = None
            getattr(self, pr[5])(action, *pr[6])
        else:
            phase = self.phase
            p = self.owner
            if phase == TREASURE:
                if action == ALL:
                    kept = []
                    played = []
                    coins = 0
                    for c in self.hand[p]:
                        if IS_TREASURE[c]:
                            coins += COIN_VALUE[c]
                            played.append(c)
                        else:
                            kept.append(c)
                    self.coins += coins
                    self.play += tuple(played)
                    self.hand[p] = tuple(kept)
                    if self.hand_known[p]:
                        self.hand_known = _set(self.hand_known, p,
                                               tuple(c for c in self.hand_known[p] if not IS_TREASURE[c]))
                    self.phase = BUY
                elif action == NONE:
                    self.phase = BUY
                elif type(action) is int and 0 <= action < NC and IS_TREASURE[action] and action in self.hand[p]:
                    self.hand[p] = _remove(self.hand[p], action)
                    if self.hand_known[p]:
                        self._forget_known(p, action)
                    self.play += (action,)
                    self.coins += COIN_VALUE[action]
                else:
                    raise ValueError(f"illegal action {action!r} in the treasure phase")
            elif phase == BUY:
                if action == NONE:
                    self.buys = 0
                elif type(action) is int and 0 <= action < NC and self.supply[action] > 0 \
                        and COST[action] <= self.coins:
                    self.coins -= COST[action]
                    self.buys -= 1
                    self._gain(p, action)
                else:
                    raise ValueError(f"illegal action {action!r} in the buy phase")
            else:
                if action == NONE:
                    self.phase = TREASURE
                elif type(action) is int and 0 <= action < NC and IS_ACTION[action] and self.actions > 0 \
                        and action in self.hand[p]:
                    self.actions -= 1
                    self.hand[p] = _remove(self.hand[p], action)
                    if self.hand_known[p]:
                        self._forget_known(p, action)
                    self.play += (action,)
                    self._play(action, True)
                else:
                    raise ValueError(f"illegal action {action!r} in the action phase")
        self._legal = None
        self._advance()

    def _advance(self) -> None:
        """Run pending effects, then the turn's phases, until someone must decide or the game is over."""
        while True:
            while self.stack and self.prompt is None:
                task = self.stack[-1]
                self.stack = self.stack[:-1]
                getattr(self, task[0])(*task[1:])
            if self.prompt is not None:
                return
            phase = self.phase
            hand = self.hand[self.owner]
            if phase == ACTION:
                if self.actions > 0:
                    for c in hand:
                        if IS_ACTION[c]:
                            return
                self.phase = phase = TREASURE
            if phase == TREASURE:
                for c in hand:
                    if IS_TREASURE[c]:
                        return
                self.phase = BUY
            if self.buys > 0:
                return
            self._cleanup()
            if self.terminal:
                return

    def _cleanup(self) -> None:
        """Discard play area and hand, draw 5, check the end (after the turn), start the next player's turn."""
        p = self.owner
        self.disc[p] = self.disc[p] + self.play + self.hand[p]
        self.play = ()
        self.hand[p] = ()
        if self.hand_known[p]:  # the hand is discarded
            self.hand_known = _set(self.hand_known, p, ())
        self._draw(p, 5)
        setup = self.setup
        if self.supply[PROVINCE] == 0 or self.empty_piles >= 3 or self.turn >= setup.turn_cap:
            self.terminal = True
            self._legal = ()
            return
        p = self.owner = (p + 1) % setup.players
        self.turn += 1
        self.turns = _set(self.turns, p, self.turns[p] + 1)
        self.coins, self.actions, self.buys = 0, 1, 1
        self.phase = ACTION
        if self.gains_now[p] or self.gains_prev[p]:
            self.gains_prev = _set(self.gains_prev, p, self.gains_now[p])
            self.gains_now = _set(self.gains_now, p, ())

    # ------------------------------------------------------------ card movement

    def _draw(self, p: int, k: int) -> None:
        deck = self.deck[p]
        n = len(deck)
        t = self.top_known[p]
        if t:  # cards everyone saw put on top are, once drawn, cards everyone knows are in that hand
            self.hand_known = _set(self.hand_known, p, self.hand_known[p] + deck[n - min(k, t, n):])
        if n >= k:
            self.hand[p] += deck[n - k:]
            self.deck[p] = deck[:n - k]
            if t:
                self.top_known = _set(self.top_known, p, max(0, t - k))
            return
        hand = self.hand[p] + deck
        k -= n
        deck = ()
        if self.disc[p]:
            deck = shuffled(self.rng, self.disc[p])
            self.disc[p] = ()
            n = len(deck)
            take = min(k, n)
            hand += deck[n - take:]
            deck = deck[:n - take]
        self.hand[p] = hand
        self.deck[p] = deck
        if self.top_known[p]:
            self.top_known = _set(self.top_known, p, 0)

    def _reveal_top(self, p: int) -> int:
        """The top card of p's deck (shuffling the discard pile in when empty), left there; -1 if none."""
        deck = self.deck[p]
        if not deck:
            if not self.disc[p]:
                return -1
            deck = self.deck[p] = shuffled(self.rng, self.disc[p])
            self.disc[p] = ()
            if self.top_known[p]:
                self.top_known = _set(self.top_known, p, 0)
        return deck[-1]

    def _take_top(self, p: int) -> int:
        """Remove and return the top card of p's deck (shuffling as needed); -1 if there is none."""
        card = self._reveal_top(p)
        if card >= 0:
            self.deck[p] = self.deck[p][:-1]
            if self.top_known[p]:
                self.top_known = _set(self.top_known, p, self.top_known[p] - 1)
        return card

    def _take_top_into_hand(self, p: int) -> tuple[int, bool]:
        """Move the top card of p's deck into p's hand (Library); return it (-1 if none) and whether it was face up,
        in which case everyone knows it is in that hand."""
        up = self.top_known[p] > 0 and bool(self.deck[p])
        card = self._take_top(p)
        if card >= 0:
            self.hand[p] += (card,)
            if up:
                self.hand_known = _set(self.hand_known, p, self.hand_known[p] + (card,))
        return card, up and card >= 0

    def _gain(self, p: int, card: int, to: int = TO_DISCARD) -> bool:
        supply = self.supply
        if supply[card] <= 0:
            return False
        supply[card] -= 1
        if supply[card] == 0:
            self.empty_piles += 1
        self.owned[p * NC + card] += 1
        if to == TO_DISCARD:
            self.disc[p] += (card,)
        elif to == TO_HAND:  # in plain sight (Mine): everyone knows it is in that hand
            self.hand[p] += (card,)
            self.hand_known = _set(self.hand_known, p, self.hand_known[p] + (card,))
        else:
            self.deck[p] += (card,)
            self.top_known = _set(self.top_known, p, self.top_known[p] + 1)
        self.gains_now = _set(self.gains_now, p, self.gains_now[p] + (card,))
        return True

    def _trash_from_hand(self, p: int, card: int) -> None:
        self.hand[p] = _remove(self.hand[p], card)
        if self.hand_known[p]:
            self._forget_known(p, card)
        self.trash += (card,)
        self.owned[p * NC + card] -= 1

    def _discard_from_hand(self, p: int, card: int) -> None:
        self.hand[p] = _remove(self.hand[p], card)
        if self.hand_known[p]:
            self._forget_known(p, card)
        self.disc[p] += (card,)

    def _others(self) -> list[int]:
        """The other players in turn order, starting left of the turn owner."""
        n = self.setup.players
        return [(self.owner + i) % n for i in range(1, n)]

    def _ask(self, kind: str, player: int, card: int, target: int | None, options: tuple, resume: str,
             data: tuple = ()) -> None:
        """Wait for `player`'s choice among `options`; a single option is taken at once."""
        if len(options) == 1:
            getattr(self, resume)(options[0], *data)
        else:
            self.prompt = (kind, player, card, target, options, resume, data)

    def _hand_options(self, p: int, test=None) -> tuple[int, ...]:
        return tuple(sorted({c for c in self.hand[p] if test is None or test[c]}))

    # ------------------------------------------------------------ playing cards

    def _play(self, card: int, first: bool) -> None:
        """Resolve an Action card: its "+" fields, then its special text. `first` is False for Throne Room's
        second play (a Feast is trashed once)."""
        cards, actions, buys, coins = _PLUS[card]
        self.actions += actions
        self.buys += buys
        self.coins += coins
        if cards:
            self._draw(self.owner, cards)
        special = _SPECIAL[card]
        if special is not None:
            getattr(self, special)(card, first)

    def _t_play(self, card: int, first: bool) -> None:
        self._play(card, first)

    def _attack(self, card: int, effects: list[tuple]) -> None:
        """Every other player holding a Moat may reveal it first (in turn order); then `effects` run in order.
        Every other player gets a queued Moat step, holding one or not, so the queue shows nobody's hand."""
        self.immune = 0
        self.stack += tuple(reversed(effects)) + tuple(("_t_moat", card, v) for v in reversed(self._others()))

    def _t_moat(self, card: int, v: int) -> None:
        if MOAT in self.hand[v]:
            self._ask("reveal", v, card, None, (YES, NO), "_r_moat", (v,))

    def _r_moat(self, answer: int, v: int) -> None:
        if answer == YES:
            self.immune |= 1 << v
            if MOAT not in self.hand_known[v]:
                self.hand_known = _set(self.hand_known, v, self.hand_known[v] + (MOAT,))

    def _forget_known(self, v: int, card: int) -> None:
        """A card left v's hand (played, trashed, discarded, set aside, top-decked): one known copy less, so the
        known cards stay a part of the hand and never tell whether another copy is still there."""
        known = self.hand_known[v]
        if card in known:
            self.hand_known = _set(self.hand_known, v, _remove(known, card))

    def _hit(self, v: int) -> bool:
        return not self.immune >> v & 1

    # -- the special effects, one per card, in card order

    def _special_adventurer(self, card: int, first: bool) -> None:
        p = self.owner
        found: list[int] = []
        revealed: list[int] = []
        while len(found) < 2:
            c = self._take_top(p)
            if c < 0:
                break
            (found if IS_TREASURE[c] else revealed).append(c)
        self.hand[p] += tuple(found)
        if found:  # revealed, then put into the hand: everyone knows they are there
            self.hand_known = _set(self.hand_known, p, self.hand_known[p] + tuple(found))
        self.disc[p] += tuple(revealed)

    def _special_bureaucrat(self, card: int, first: bool) -> None:
        self._gain(self.owner, SILVER, TO_DECK)
        self._attack(card, [("_t_bureaucrat", v) for v in self._others()])

    def _t_bureaucrat(self, v: int) -> None:
        if self._hit(v):
            options = self._hand_options(v, IS_VICTORY)
            if options:
                self._ask("topdeck", v, CARD_IDS["Bureaucrat"], None, options, "_r_bureaucrat", (v,))
            else:  # the hand is revealed: nothing else happens, but everyone now knows it
                self.hand_known = _set(self.hand_known, v, tuple(sorted(self.hand[v])))

    def _r_bureaucrat(self, card: int, v: int) -> None:
        self._forget_known(v, card)
        self.hand[v] = _remove(self.hand[v], card)
        self.deck[v] += (card,)
        self.top_known = _set(self.top_known, v, self.top_known[v] + 1)

    def _special_cellar(self, card: int, first: bool) -> None:
        self._t_cellar(0)

    def _t_cellar(self, discarded: int) -> None:
        p = self.owner
        if self.hand[p]:
            self._ask("discard", p, CARD_IDS["Cellar"], None, self._hand_options(p) + (NONE,), "_r_cellar",
                      (discarded,))
        elif discarded:
            self._draw(p, discarded)

    def _r_cellar(self, answer: int, discarded: int) -> None:
        if answer == NONE:
            if discarded:
                self._draw(self.owner, discarded)
            return
        self._discard_from_hand(self.owner, answer)
        self._t_cellar(discarded + 1)

    def _special_chancellor(self, card: int, first: bool) -> None:
        if self.deck[self.owner]:
            self._ask("chancellor", self.owner, card, None, (YES, NO), "_r_chancellor")

    def _r_chancellor(self, answer: int) -> None:
        if answer == YES:
            p = self.owner
            self.disc[p] += self.deck[p]
            self.deck[p] = ()
            self.top_known = _set(self.top_known, p, 0)

    def _special_chapel(self, card: int, first: bool) -> None:
        self._t_chapel(0)

    def _t_chapel(self, trashed: int) -> None:
        p = self.owner
        if trashed < 4 and self.hand[p]:
            self._ask("trash", p, CARD_IDS["Chapel"], None, self._hand_options(p) + (NONE,), "_r_chapel",
                      (trashed,))

    def _r_chapel(self, answer: int, trashed: int) -> None:
        if answer != NONE:
            self._trash_from_hand(self.owner, answer)
            self._t_chapel(trashed + 1)

    def _special_council_room(self, card: int, first: bool) -> None:
        for v in self._others():
            self._draw(v, 1)

    def _special_feast(self, card: int, first: bool) -> None:
        if first and FEAST in self.play:
            self.play = _remove(self.play, FEAST)
            self.trash += (FEAST,)
            self.owned[self.owner * NC + FEAST] -= 1
        self._ask_gain(card, 5)

    def _ask_gain(self, card: int, limit: int, to: int = TO_DISCARD, treasure: bool = False) -> None:
        supply = self.supply
        options = tuple(c for c in self.setup.piles
                        if supply[c] > 0 and COST[c] <= limit and (not treasure or IS_TREASURE[c]))
        if options:
            self._ask("gain", self.owner, card, None, options, "_r_gain", (to,))

    def _r_gain(self, card: int, to: int) -> None:
        self._gain(self.owner, card, to)

    def _special_library(self, card: int, first: bool) -> None:
        self._t_library()

    def _t_library(self) -> None:
        p = self.owner
        while len(self.hand[p]) < 7:
            c, up = self._take_top_into_hand(p)
            if c < 0:
                break
            if IS_ACTION[c]:  # a face-up card is marked: the table knows which card is asked about
                self._ask("set-aside", p, CARD_IDS["Library"], None, (c, NONE), "_r_library", (c, 1) if up else (c,))
                return
        if self.aside[p]:
            self.disc[p] += self.aside[p]
            self.aside = _set(self.aside, p, ())

    def _r_library(self, answer: int, card: int, up: int = 0) -> None:
        p = self.owner
        if answer == card:
            self.hand[p] = _remove(self.hand[p], card)
            if self.hand_known[p]:
                self._forget_known(p, card)
            self.aside = _set(self.aside, p, self.aside[p] + (card,))
        self._t_library()

    def _special_militia(self, card: int, first: bool) -> None:
        self._attack(card, [("_t_militia", v) for v in self._others()])

    def _t_militia(self, v: int) -> None:
        if self._hit(v) and len(self.hand[v]) > 3:
            self._ask("discard", v, CARD_IDS["Militia"], None, self._hand_options(v), "_r_militia", (v,))

    def _r_militia(self, card: int, v: int) -> None:
        self._discard_from_hand(v, card)
        self._t_militia(v)

    def _special_mine(self, card: int, first: bool) -> None:
        options = self._hand_options(self.owner, IS_TREASURE)
        if options:
            self._ask("trash", self.owner, card, None, options, "_r_mine")

    def _r_mine(self, card: int) -> None:
        self._trash_from_hand(self.owner, card)
        self._ask_gain(CARD_IDS["Mine"], COST[card] + 3, TO_HAND, treasure=True)

    def _special_moneylender(self, card: int, first: bool) -> None:
        if COPPER in self.hand[self.owner]:
            self._trash_from_hand(self.owner, COPPER)
            self.coins += 3

    def _special_remodel(self, card: int, first: bool) -> None:
        options = self._hand_options(self.owner)
        if options:
            self._ask("trash", self.owner, card, None, options, "_r_remodel")

    def _r_remodel(self, card: int) -> None:
        self._trash_from_hand(self.owner, card)
        self._ask_gain(CARD_IDS["Remodel"], COST[card] + 2)

    def _special_spy(self, card: int, first: bool) -> None:
        self._attack(card, [("_t_spy", self.owner)] + [("_t_spy", v) for v in self._others()])

    def _t_spy(self, v: int) -> None:
        if v != self.owner and not self._hit(v):
            return
        top = self._reveal_top(v)
        if top >= 0:
            self.top_known = _set(self.top_known, v, max(1, self.top_known[v]))  # revealed: public from now on
            self.prompt = ("spy", self.owner, top, v, (DISCARD, KEEP), "_r_spy", (v,))

    def _r_spy(self, answer: int, v: int) -> None:
        if answer == DISCARD:
            self.disc[v] += (self._take_top(v),)

    def _special_thief(self, card: int, first: bool) -> None:
        # every victim reveals and trashes first, then the attacker picks which trashed Treasures to gain (FAQ)
        self._attack(card, [("_t_thief", v) for v in self._others()] + [("_t_thief_gains",)])

    def _t_thief(self, v: int) -> None:
        if not self._hit(v):
            return
        revealed = []
        for _ in range(2):
            c = self._take_top(v)
            if c >= 0:
                revealed.append(c)
        self.aside = _set(self.aside, v, tuple(revealed))
        options = tuple(sorted({c for c in revealed if IS_TREASURE[c]}))
        if options:
            self._ask("thief-trash", self.owner, CARD_IDS["Thief"], v, options, "_r_thief_trash", (v,))
        else:
            self._thief_discard(v)

    def _thief_discard(self, v: int) -> None:
        self.disc[v] += self.aside[v]
        self.aside = _set(self.aside, v, ())

    def _r_thief_trash(self, card: int, v: int) -> None:
        self.aside = _set(self.aside, v, _remove(self.aside[v], card))
        self.trash += (card,)
        self.owned[v * NC + card] -= 1
        self._thief_discard(v)
        i = max(j for j, task in enumerate(self.stack) if task[0] == "_t_thief_gains")  # this attack's
        self.stack = self.stack[:i] + (self.stack[i] + (card, v),) + self.stack[i + 1:]

    def _t_thief_gains(self, *trashed: int) -> None:
        """Ask about each Treasure this attack trashed, as (card, victim) pairs, in the victims' order."""
        if not trashed:
            return
        card, v = trashed[0], trashed[1]
        if trashed[2:]:
            self.stack += (("_t_thief_gains",) + trashed[2:],)
        self.prompt = ("thief-gain", self.owner, CARD_IDS["Thief"], v, (card, NONE), "_r_thief_gain", ())

    def _r_thief_gain(self, answer: int) -> None:
        if answer != NONE:
            p = self.owner
            self.trash = _remove(self.trash, answer)
            self.owned[p * NC + answer] += 1
            self.disc[p] += (answer,)
            self.gains_now = _set(self.gains_now, p, self.gains_now[p] + (answer,))

    def _special_throne_room(self, card: int, first: bool) -> None:
        options = self._hand_options(self.owner, IS_ACTION)
        if options:
            self._ask("throne", self.owner, card, None, options, "_r_throne")

    def _r_throne(self, card: int) -> None:
        p = self.owner
        self.hand[p] = _remove(self.hand[p], card)
        if self.hand_known[p]:
            self._forget_known(p, card)
        self.play += (card,)
        self.stack += (("_t_play", card, False), ("_t_play", card, True))

    def _special_witch(self, card: int, first: bool) -> None:
        self._attack(card, [("_t_witch", v) for v in self._others()])

    def _t_witch(self, v: int) -> None:
        if self._hit(v):
            self._gain(v, CURSE)

    def _special_workshop(self, card: int, first: bool) -> None:
        self._ask_gain(card, 4)

    # ------------------------------------------------------------ information sets

    def observation(self, player: int) -> "DominionState":
        """What `player` sees: its own hand and discard pile, and its deck's size (cards put on top face up stay
        visible; the contents follow from the owned counts: `deck_counts`); of the others, hand and deck sizes,
        the discard pile's size and top card. Supply, play area, trash, set-aside and revealed cards and every count of owned cards (gains and trashes are public) are open.
        While another player decides a prompt about its own hand (Militia's discards, Library's drawn Action...),
        it shows who decides, the kind and the card asking, but no options (`decision().options == ()`): they
        would name cards of that hidden hand. The future shuffles are not included.
        """
        n = self.setup.players
        if type(player) is not int or not 0 <= player < n:
            raise ValueError(f"no player {player!r} in a {n}-player game")
        if self.observer not in (-1, player):
            raise ValueError(f"player {self.observer}'s observation cannot show player {player}'s")
        s = DominionState.__new__(DominionState)
        s.setup = self.setup
        s.rng = None  # the observer may not see future shuffles
        s.aside = self.aside
        s.top_known = known = self.top_known
        s.hand_known = self.hand_known  # (from a full state: only what the hands really hold)
        if self.observer == -1 and any(self.hand_known):
            s.hand_known = tuple(_within(k, h) for k, h in zip(self.hand_known, self.hand))
        s.owned = self.owned[:]
        s.supply = self.supply[:]
        s.play = self.play
        s.trash = self.trash
        s.coins = self.coins
        s.actions = self.actions
        s.buys = self.buys
        s.phase = self.phase
        s.owner = self.owner
        s.turn = self.turn
        s.turns = self.turns
        s.prompt = self.prompt
        s.stack = self.stack
        s.immune = self.immune
        s.empty_piles = self.empty_piles
        s.gains_now = self.gains_now
        s.gains_prev = self.gains_prev
        s.observer = player
        s.terminal = self.terminal
        s._legal = self._legal
        s.hand = hands = self.hand[:]
        s.deck = decks = self.deck[:]
        s.disc = piles = self.disc[:]
        for q in range(n):
            d = decks[q]
            k = len(d) - known[q]
            if k:
                decks[q] = (_HID[k] if k < 512 else (HIDDEN,) * k) + d[k:]
            if q != player:
                h = len(hands[q])
                hands[q] = _HID[h] if h < 512 else (HIDDEN,) * h
                pile = piles[q]
                if len(pile) > 1:
                    m = len(pile) - 1
                    piles[q] = (_HID[m] if m < 512 else (HIDDEN,) * m) + pile[m:]
        if self.current_player != player and self.prompt is None:
            s._legal = None  # the full state's options come from a hand this player cannot see
        elif _hides_options(self.prompt, player):
            # another player choosing from its own hand: the table sees who decides and why, not the options
            pr = self.prompt
            s.prompt = (pr[0], pr[1], pr[2], pr[3], (), pr[5], () if pr[0] == "set-aside" and len(pr[6]) < 2 else pr[6])
            s._legal = ()
        return s

    def determinize(self, player: int, rng: Rng) -> "DominionState":
        """A full state `player` cannot tell from this one: its own deck (below the known top cards) shuffled;
        each other player's hand, deck (below known top cards) and discard pile (below its top) dealt anew from the
        cards that player owns and nobody sees, keeping the zone sizes, the cards known to be in a hand (a revealed
        Moat, a Bureaucrat's revealed hand...) and, if it is deciding about its hand now, a hand that asks that
        prompt (its options follow from the new hand). Future shuffles are reseeded from `rng`."""
        n = self.setup.players
        if not 0 <= player < n:
            raise ValueError(f"no player {player!r} in a {n}-player game")
        if self.observer not in (-1, player):
            raise ValueError(f"cannot determinize player {player}'s view of player {self.observer}'s observation")
        s = self.clone()
        s.observer = -1
        s._legal = None
        s.rng = Rng(rng.next64())
        for q in range(n):
            if _hides_options(self.prompt, player) and q == self.prompt[1]:
                self._redeal_for_prompt(s, q, rng)
            else:
                self._redeal(s, q, rng, q != player)
        return s

    def _redeal_for_prompt(self, s: "DominionState", q: int, rng: Rng) -> None:
        """Deal q's hidden cards again until its hand can ask the pending prompt (the table knows only that it was
        asked: a Militia victim holds two kinds of card, a Library's last draw is an Action...), and list the
        options that hand gives."""
        pr = self.prompt
        for _ in range(_REDEAL_TRIES):
            self._redeal(s, q, rng, True)
            hand = s.hand[q]
            if pr[0] == "set-aside":
                if len(pr[6]) > 1:  # a face-up card, known to be in the hand: it is the one drawn last
                    c = pr[6][0]
                    s.hand[q] = _remove(hand, c) + (c,)
                    s.prompt = pr[:4] + ((c, NONE), pr[5], pr[6])
                    return
                if IS_ACTION[hand[-1]]:
                    s.prompt = pr[:4] + ((hand[-1], NONE), pr[5], (hand[-1],))
                    return
                continue
            test, optional = _HAND_PROMPTS[(NAMES[pr[2]], pr[0])]
            options = s._hand_options(q, test) + ((NONE,) if optional else ())
            if len(options) > 1:
                s.prompt = pr[:4] + (options,) + pr[5:]
                return
        raise ValueError(f"found no deal of player {q}'s hidden cards that asks its {pr[0]} prompt "
                         f"in {_REDEAL_TRIES} tries")

    def _redeal(self, s: "DominionState", q: int, rng: Rng, other: bool) -> None:
        """Deal q's unseen cards, known from q's owned counts less every card the observer sees: for an `other`
        player its hand, deck and discard pile below the top; for the observer, its deck only."""
        counts = self.owned[q * NC:(q + 1) * NC]
        seen: list[int] = list(self.aside[q])
        if not other:
            seen += self.hand[q]
            seen += self.disc[q]
        if q == self.owner:
            seen += self.play
        d = self.deck[q]
        k = len(d) - self.top_known[q]
        seen += d[k:]
        pile = self.disc[q]
        if pile and other:
            seen.append(pile[-1])
        reserved: list[int] = []
        pr = self.prompt
        if other and pr is not None and pr[1] == q and pr[0] == "reveal":
            reserved = [MOAT]  # only a Moat holder is asked
        if other and self.hand_known[q]:  # cards known to be in that hand, each as often as known or reserved
            for c in set(self.hand_known[q]):
                extra = self.hand_known[q].count(c) - reserved.count(c)
                reserved += [c] * max(0, extra)
        for c in seen + reserved:
            counts[c] -= 1
        pool = [c for c in range(NC) for _ in range(counts[c])]
        if not other:
            if min(counts) < 0 or len(pool) != k:
                raise ValueError(f"player {q}'s unseen cards do not add up (owned counts inconsistent)")
            s.deck[q] = shuffled(rng, pool) + d[k:]
            return
        h = len(self.hand[q])
        below = max(0, len(pile) - 1)
        if min(counts) < 0 or len(pool) != h - len(reserved) + k + below:
            raise ValueError(f"player {q}'s unseen cards do not add up (owned counts inconsistent)")
        pool = list(shuffled(rng, pool))
        s.hand[q] = tuple(reserved) + tuple(pool[:h - len(reserved)])
        rest = pool[h - len(reserved):]
        s.deck[q] = tuple(rest[:k]) + d[k:]
        if pile:
            s.disc[q] = tuple(rest[k:]) + (pile[-1],)

    # ------------------------------------------------------------ text and serialisation

    def public_action_string(self, action: int, viewer: int) -> str:
        """Declining to reveal a Moat, or keeping a card Library drew, shows nothing to the others (they are not
        told a Moat was held or which card was drawn)."""
        pr = self.prompt
        if pr is not None and viewer != pr[1] and ((pr[0] == "reveal" and action == NO)
                                                   or (pr[0] == "set-aside" and action == NONE)):
            return ""
        return self.action_to_string(action)

    def action_to_string(self, action: int) -> str:
        name = NAMES[action] if 0 <= action < NC else WORD_LABELS.get(action, str(action))
        pr = self.prompt
        if pr is None:
            if self.phase == ACTION:
                return "end action phase" if action == NONE else f"play {name}"
            if self.phase == TREASURE:
                return {NONE: "stop playing treasures", ALL: "play all treasures"}.get(action, f"play {name}")
            return "end turn" if action == NONE else f"buy {name}"
        kind, card = pr[0], NAMES[pr[2]]
        if kind == "reveal":
            return f"reveal Moat against {card}" if action == YES else f"do not reveal Moat against {card}"
        if kind == "spy":
            return f"{name} player {pr[3]}'s {card}"
        if kind == "chancellor":
            return "put deck into discard pile" if action == YES else "keep deck"
        if kind == "set-aside":
            return "keep it in hand" if action == NONE else f"set aside {name}"
        if kind == "thief-gain":  # the card and whose it was: "it" alone named nothing for the table
            trashed = f"player {pr[3]}'s trashed {NAMES[pr[4][0]]}"
            return f"do not gain {trashed}" if action == NONE else f"gain {trashed}"
        if kind == "thief-trash":  # with several victims, whose Treasure it is
            return f"trash player {pr[3]}'s {name} ({card})"
        if action == NONE:
            return f"done ({card})"
        verb = {"throne": "play twice"}.get(kind, kind)
        return f"{verb} {name} ({card})"

    def public_outcome_of(self, action: int, viewer: int) -> str:
        """What `viewer` sees come of `action` (about to be applied to this full state) beyond the action's own words:
        cards revealed (Thief, Adventurer, a Bureaucrat victim's Victory card or whole hand), trashed, gained,
        discarded or chosen by the effects it sets off, "; "-separated ("" when none). The engine answers a prompt
        with one option unasked (a Thief that reveals one Treasure trashes it, a Militia victim holding only Coppers
        discards), so nobody's action names those; all of them are public (spec section 1). `viewer` -1: the whole
        table ("player N" throughout, for replays).

        Found by resolving the action once more on a copy that notes each event as it happens: `apply` does no
        extra work for it. An observation cannot resolve actions (its hidden cards and shuffles are unknown): "".
        """
        if self.observer != -1 or self.rng is None or self.terminal:
            return ""
        copy = _Narrator.__new__(_Narrator)
        plain = self.clone()
        for name in _FIELDS:
            setattr(copy, name, getattr(plain, name))
        copy.events = []
        copy.revealing = None
        copy.apply(action)
        events = copy.events
        own = self._own_event(action)  # told by the action's words already
        if own in events:
            events.remove(own)
        return "; ".join(_event_text(group, viewer) for group in _grouped(events))

    def _own_event(self, action: int) -> tuple | None:
        """The event a choice makes itself (a bought or chosen gain, a chosen trash...), as `_Narrator` notes it."""
        pr = self.prompt
        if pr is None:
            return ("gain", self.owner, action, TO_DISCARD) if self.phase == BUY and action != NONE else None
        kind = pr[0]
        if kind == "gain":
            return ("gain", pr[1], action, pr[6][0])
        if kind == "thief-trash":
            return ("trash", pr[3], action)
        if kind in ("trash", "discard", "topdeck", "throne"):
            return (kind, pr[1], action)
        return None

    def __str__(self) -> str:
        from cardlab.engine.dominion.render import board_lines

        return "\n".join(board_lines(self))

    def to_dict(self) -> dict:
        data: dict[str, Any] = {"game": "dominion", "kingdom": list(self.setup.kingdom),
                                "players": self.setup.players, "max_turns": self.setup.max_turns,
                                "rng": self.rng.s if self.rng is not None else None}
        for key in ("hand", "deck", "disc", "aside", "gains_now", "gains_prev"):
            data[key] = [list(t) for t in getattr(self, key)]
        for key in ("top_known", "owned", "supply", "turns", "play", "trash"):
            data[key] = list(getattr(self, key))
        for key in ("coins", "actions", "buys", "phase", "owner", "turn", "immune", "empty_piles", "observer",
                    "terminal"):
            data[key] = getattr(self, key)
        data["prompt"] = list(self.prompt) if self.prompt is not None else None
        data["stack"] = [list(t) for t in self.stack]
        if any(self.hand_known):  # only when set, so other dicts keep their shape
            data["hand_known"] = [list(t) for t in self.hand_known]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "DominionState":
        s = cls.__new__(cls)
        s.setup = make_setup(tuple(data["kingdom"]), data["players"], data["max_turns"])
        s.rng = Rng(data["rng"]) if data["rng"] is not None else None
        for key in ("hand", "deck", "disc"):
            setattr(s, key, [tuple(t) for t in data[key]])
        for key in ("aside", "gains_now", "gains_prev"):
            setattr(s, key, tuple(tuple(t) for t in data[key]))
        s.owned = list(data["owned"])
        s.supply = list(data["supply"])
        s.top_known = tuple(data["top_known"])
        s.hand_known = tuple(tuple(t) for t in data.get("hand_known", ())) or ((),) * data["players"]
        s.turns = tuple(data["turns"])
        s.play = tuple(data["play"])
        s.trash = tuple(data["trash"])
        for key in ("coins", "actions", "buys", "phase", "owner", "turn", "immune", "empty_piles", "observer",
                    "terminal"):
            setattr(s, key, data[key])
        s.prompt = _tuples(data["prompt"]) if data["prompt"] is not None else None
        s.stack = tuple(_tuples(t) for t in data["stack"])
        s._legal = None
        return s

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, DominionState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


CARD_IDS = {c.name: i for i, c in enumerate(CARD_LIST)}


class _Narrator(DominionState):
    """A copy of a state that notes the public events of the one action resolved on it (`public_outcome_of`):
    each override calls the rule it watches unchanged, so the copy ends exactly where the state itself will.
    Events: ("reveal", p, cards, found or None), ("hand", p, cards), ("trash", p, card), ("discard", p, card),
    ("gain", p, card, to), ("topdeck", p, card), ("throne", p, card)."""

    __slots__ = ("events", "revealing")

    def _take_top(self, p: int) -> int:
        card = super()._take_top(p)
        if self.revealing is not None and card >= 0:
            self.revealing.append(card)
        return card

    def _noting_reveals(self, resolve, *args) -> tuple[int, tuple]:
        """Run `resolve`; return where its events start and the cards it took from the top of a deck (revealed)."""
        mark = len(self.events)
        self.revealing = []
        try:
            resolve(*args)
        finally:
            revealed, self.revealing = tuple(self.revealing), None
        return mark, revealed

    def _t_thief(self, v: int) -> None:
        mark, revealed = self._noting_reveals(super()._t_thief, v)
        if revealed:
            self.events.insert(mark, ("reveal", v, revealed, None))

    def _special_adventurer(self, card: int, first: bool) -> None:
        p = self.owner
        mark, revealed = self._noting_reveals(super()._special_adventurer, card, first)
        if revealed:
            self.events.insert(mark, ("reveal", p, revealed, tuple(c for c in revealed if IS_TREASURE[c])))

    def _t_bureaucrat(self, v: int) -> None:
        if self._hit(v) and self.hand[v] and not self._hand_options(v, IS_VICTORY):
            self.events.append(("hand", v, tuple(sorted(self.hand[v]))))
        super()._t_bureaucrat(v)

    def _r_bureaucrat(self, card: int, v: int) -> None:
        self.events.append(("topdeck", v, card))
        super()._r_bureaucrat(card, v)

    def _r_thief_trash(self, card: int, v: int) -> None:
        self.events.append(("trash", v, card))
        super()._r_thief_trash(card, v)

    def _trash_from_hand(self, p: int, card: int) -> None:
        self.events.append(("trash", p, card))
        super()._trash_from_hand(p, card)

    def _discard_from_hand(self, p: int, card: int) -> None:
        self.events.append(("discard", p, card))
        super()._discard_from_hand(p, card)

    def _gain(self, p: int, card: int, to: int = TO_DISCARD) -> bool:
        gained = super()._gain(p, card, to)
        if gained:
            self.events.append(("gain", p, card, to))
        return gained

    def _r_throne(self, card: int) -> None:
        self.events.append(("throne", self.owner, card))
        super()._r_throne(card)


def _grouped(events: list[tuple]) -> list[list[tuple]]:
    """Runs of trashes, discards or gains of one player (and one destination) together: one clause each."""
    groups: list[list[tuple]] = []
    for event in events:
        last = groups[-1][-1] if groups else None
        if last is not None and event[0] in ("trash", "discard", "gain") and last[0] == event[0] \
                and last[1] == event[1] and last[3:] == event[3:]:
            groups[-1].append(event)
        else:
            groups.append([event])
    return groups


def _event_text(group: list[tuple], viewer: int) -> str:
    """One clause for a run of events from `viewer`'s seat: "player 0 revealed Silver, Estate"."""
    kind, p = group[0][0], group[0][1]
    who = "you" if p == viewer else f"player {p}"
    their = "your" if p == viewer else "their"
    if kind == "reveal":
        found = group[0][3]  # Adventurer's Treasures
        into = f" and put {_names(found)} into {their} hand" if found else ""
        return f"{who} revealed {_names(group[0][2])}{into}"
    if kind == "hand":
        return f"{who} revealed {their} hand, without a Victory card: {_names(group[0][2])}"
    if kind == "topdeck":
        return f"{who} revealed {NAMES[group[0][2]]} and put it onto {their} deck"
    if kind == "throne":
        return f"{who} played {NAMES[group[0][2]]} twice (Throne Room)"
    cards = _names(e[2] for e in group)
    if kind == "trash":
        whose = "your" if p == viewer else f"player {p}'s"
        return f"{whose} {cards} {'was' if len(group) == 1 else 'were'} trashed"
    if kind == "discard":
        return f"{who} discarded {cards}"
    where = {TO_DECK: f" onto {their} deck", TO_HAND: f" into {their} hand"}.get(group[0][3], "")
    return f"{who} gained {cards}{where}"


def _names(cards) -> str:
    return ", ".join(NAMES[c] for c in cards)
