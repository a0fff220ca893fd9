"""HanabiState: the rules of play, observation and determinization.

Every collection is a tuple, rebuilt by `apply` where it changes, so `clone` and `observation` copy references only:
random play builds one observation per move and search clones far more often than it applies.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardlab.engine.core import Rng, State
from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.config import COLOUR_NAMES, DISCARD, HINT_COLOUR, PLAY, HanabiConfig
from cardlab.engine.hanabi.deal import sample_hand
from cardlab.engine.hanabi.history import Move

HIDDEN = -1  # a card the viewer cannot see

_FIELDS = ("cfg", "hands", "card_ids", "knowledge", "deck", "discards", "fireworks", "hint_tokens", "fuses_left",
           "points", "current", "turn", "final_turns", "next_id", "history", "observer", "terminal", "_legal")


def _replace(items: tuple, index: int, value: Any) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


class HanabiState(State):
    """A Hanabi position.

    hands[p] / card_ids[p] / knowledge[p]: per slot, oldest first, the card code (HIDDEN where the viewer cannot see
    it), its deal index and its packed hint knowledge (see knowledge.py). deck: the cards still to draw, the next one
    last. fireworks[c]: height of colour c. final_turns: -1 until the deck runs out, then the turns left.
    observer: -1 for a full state, else the player whose observation this is.
    """

    __slots__ = _FIELDS

    cfg: HanabiConfig

    # ------------------------------------------------------------ construction

    @classmethod
    def new(cls, cfg: HanabiConfig, seed: int) -> "HanabiState":
        """Shuffle with Rng(seed) and deal player by player from the end of the deck."""
        deck = [code for code in range(cfg.num_codes) for _ in range(cfg.copies[code])]
        Rng(seed).shuffle(deck)
        return cls._dealt(cfg, deck)

    @classmethod
    def _dealt(cls, cfg: HanabiConfig, deck: list[int]) -> "HanabiState":
        """The opening position of a shuffled deck (the next card to deal last)."""
        h = cfg.hand_size
        s = cls.__new__(cls)
        s.cfg = cfg
        hands = []
        for _ in range(cfg.players):
            hands.append(tuple(deck.pop() for _ in range(h)))
        s.hands = tuple(hands)
        s.card_ids = tuple(tuple(range(p * h, p * h + h)) for p in range(cfg.players))
        s.knowledge = ((cfg.fresh_knowledge,) * h,) * cfg.players
        s.deck = tuple(deck)
        s.discards = ()
        s.fireworks = (0,) * cfg.colours
        s.hint_tokens = cfg.hints
        s.fuses_left = cfg.fuses
        s.points = 0
        s.current = 0
        s.turn = 1
        s.final_turns = cfg.players if not deck else -1
        s.next_id = cfg.players * h
        s.history = ()
        s.observer = -1
        s.terminal = False
        s._legal = None
        return s

    def clone(self) -> "HanabiState":
        s = HanabiState.__new__(HanabiState)
        s.cfg = self.cfg
        s.hands = self.hands
        s.card_ids = self.card_ids
        s.knowledge = self.knowledge
        s.deck = self.deck
        s.discards = self.discards
        s.fireworks = self.fireworks
        s.hint_tokens = self.hint_tokens
        s.fuses_left = self.fuses_left
        s.points = self.points
        s.current = self.current
        s.turn = self.turn
        s.final_turns = self.final_turns
        s.next_id = self.next_id
        s.history = self.history
        s.observer = self.observer
        s.terminal = self.terminal
        s._legal = self._legal
        return s

    # ------------------------------------------------------------ protocol properties

    @property
    def current_player(self) -> int:
        return -1 if self.terminal else self.current

    @property
    def turn_owner(self) -> int:
        return -1 if self.terminal else self.current

    @property
    def turn_number(self) -> int:
        """Turns started so far: one per action, so a finished game's value is its number of moves."""
        return self.turn

    @property
    def num_players(self) -> int:
        return self.cfg.players

    def is_terminal(self) -> bool:
        return self.terminal

    def score(self) -> int:
        """The team score under this game's bomb_out convention (`points` is the fireworks' sum either way)."""
        if self.fuses_left == 0 and self.cfg.bomb_out == "zero":
            return 0
        return self.points

    def returns(self) -> list[float]:
        return [float(self.score())] * self.cfg.players

    def discard_allowed(self) -> bool:
        """Discarding is barred only at full hint tokens, in games that have hints."""
        return self.hint_tokens < self.cfg.hints or self.cfg.hints == 0

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[int]:
        """Sorted action ints (layout in config.py). In another player's observation, hints to the hidden hand are
        left out: their legality would reveal it."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> tuple[int, ...]:
        if self.terminal:
            return ()
        cfg = self.cfg
        p = self.current
        n = len(self.hands[p])
        actions = list(range(n))
        if self.hint_tokens < cfg.hints or cfg.hints == 0:
            actions.extend(range(cfg.hand_size, cfg.hand_size + n))
        if self.hint_tokens > 0:
            colour_of, rank_of = cfg.colour_of, cfg.rank_of
            players, c, r = cfg.players, cfg.colours, cfg.ranks
            colour_base, rank_base = cfg.first_colour_hint, cfg.first_rank_hint
            rank_hints = []
            for offset in range(1, players):
                hand = self.hands[(p + offset) % players]
                if HIDDEN in hand:
                    continue
                base = colour_base + (offset - 1) * c
                actions.extend(sorted({base + colour_of[card] for card in hand}))
                base = rank_base + (offset - 1) * r
                rank_hints.extend(sorted({base + rank_of[card] for card in hand}))
            actions.extend(rank_hints)
        return tuple(actions)

    # ------------------------------------------------------------ apply

    def apply(self, action: int) -> None:
        if self.terminal:
            raise ValueError("the game is over")
        cfg = self.cfg
        if type(action) is not int or not 0 <= action < cfg.num_actions:
            raise ValueError(f"not a Hanabi action: {action!r}")
        kind, a, b = cfg.decode[action]
        p = self.current
        in_final_round = self.final_turns >= 0
        if kind == PLAY:
            self._play(p, a, action)
        elif kind == DISCARD:
            self._discard(p, a, action)
        else:
            self._hint(p, a, b, kind, action)
        if in_final_round:
            self.final_turns -= 1
        elif not self.deck:
            self.final_turns = cfg.players  # the last card was just drawn: everyone, its drawer too, plays once more
        self._legal = None
        if self.fuses_left == 0 or self.points == cfg.max_score or self.final_turns == 0:
            self.terminal = True
        else:
            self.turn += 1
            self.current = (p + 1) % cfg.players

    def _take(self, p: int, slot: int, action: int) -> int:
        hand = self.hands[p]
        if slot >= len(hand):
            raise ValueError(f"{self.action_to_string(action)}: player {p} has {len(hand)} cards")
        card = hand[slot]
        if card == HIDDEN:
            raise ValueError(f"{self.action_to_string(action)}: the card is hidden in this observation "
                             "(determinize first)")
        return card

    def _play(self, p: int, slot: int, action: int) -> None:
        cfg = self.cfg
        card = self._take(p, slot, action)
        colour, rank = cfg.colour_of[card], cfg.rank_of[card]
        success = self.fireworks[colour] == rank
        if success:
            self.fireworks = _replace(self.fireworks, colour, rank + 1)
            self.points += 1
            if rank == cfg.ranks - 1 and self.hint_tokens < cfg.hints:
                self.hint_tokens += 1
        else:
            self.discards += (card,)
            self.fuses_left -= 1
        card_id, drawn = self._remove_and_draw(p, slot)
        self.history += (Move(p, action, PLAY, slot, card, card_id, drawn, success),)

    def _discard(self, p: int, slot: int, action: int) -> None:
        cfg = self.cfg
        if not (self.hint_tokens < cfg.hints or cfg.hints == 0):
            raise ValueError(f"{self.action_to_string(action)}: no discarding with {cfg.hints} hint tokens")
        card = self._take(p, slot, action)
        self.discards += (card,)
        if cfg.hints:
            self.hint_tokens += 1
        card_id, drawn = self._remove_and_draw(p, slot)
        self.history += (Move(p, action, DISCARD, slot, card, card_id, drawn),)

    def _remove_and_draw(self, p: int, slot: int) -> tuple[int, int]:
        """Take the card out of the hand and draw its replacement into the last slot; (its id, the new id or -1)."""
        hand, ids, know = self.hands[p], self.card_ids[p], self.knowledge[p]
        card_id = ids[slot]
        hand = hand[:slot] + hand[slot + 1:]
        ids = ids[:slot] + ids[slot + 1:]
        know = know[:slot] + know[slot + 1:]
        drawn = -1
        if self.deck:
            drawn = self.next_id
            self.next_id += 1
            hand += (self.deck[-1],)
            self.deck = self.deck[:-1]
            ids += (drawn,)
            know += (self.cfg.fresh_knowledge,)
        self.hands = _replace(self.hands, p, hand)
        self.card_ids = _replace(self.card_ids, p, ids)
        self.knowledge = _replace(self.knowledge, p, know)
        return card_id, drawn

    def _hint(self, p: int, offset: int, value: int, kind: int, action: int) -> None:
        cfg = self.cfg
        if self.hint_tokens <= 0:
            raise ValueError(f"{self.action_to_string(action)}: no hint token left")
        target = (p + offset) % cfg.players
        hand = self.hands[target]
        if HIDDEN in hand:
            raise ValueError(f"{self.action_to_string(action)}: the hand is hidden in this observation")
        of = cfg.colour_of if kind == HINT_COLOUR else cfg.rank_of
        update = kn.colour_hint if kind == HINT_COLOUR else kn.rank_hint
        hits = [of[card] == value for card in hand]
        if not any(hits):
            raise ValueError(f"{self.action_to_string(action)}: a hint must point at least one card out")
        know = tuple(update(k, value, hit) for k, hit in zip(self.knowledge[target], hits))
        self.knowledge = _replace(self.knowledge, target, know)
        self.hint_tokens -= 1
        touched = tuple(i for i, hit in zip(self.card_ids[target], hits) if hit)
        self.history += (Move(p, action, kind, target=target, value=value, touched=touched),)

    # ------------------------------------------------------------ information sets

    def observation(self, player: int) -> "HanabiState":
        """What `player` sees: every other hand, the public history, its own hint knowledge; its own cards only in
        variants that show them. The deck order is hidden (its contents follow from what is visible)."""
        self._check_player(player)
        s = self.clone()
        s.observer = player
        s.deck = (HIDDEN,) * len(self.deck)
        if not self.cfg.visible_own:
            s.hands = _replace(self.hands, player, (HIDDEN,) * len(self.hands[player]))
            if self.current != player:
                s._legal = None  # the full state's hints to `player` would reveal its cards
        return s

    def _check_player(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < self.cfg.players:
            raise ValueError(f"no player {player!r} in a {self.cfg.players}-player game")

    def unseen_counts(self, player: int) -> list[int]:
        """Copies of each card code that `player` cannot see: its own hand (unless visible) and the deck."""
        cfg = self.cfg
        counts = list(cfg.copies)
        r = cfg.ranks
        for colour, height in enumerate(self.fireworks):
            for rank in range(height):
                counts[colour * r + rank] -= 1
        for card in self.discards:
            counts[card] -= 1
        for q, hand in enumerate(self.hands):
            if q != player or cfg.visible_own:
                for card in hand:
                    if card != HIDDEN:
                        counts[card] -= 1
        return counts

    def determinize(self, player: int, rng: Rng, masks: Sequence[int] | None = None) -> "HanabiState":
        """A full state `player` cannot tell from this one: its own hand dealt from the cards it cannot see,
        consistent with every hint it received (negative ones too), and the rest shuffled into the deck.
        `masks`: per own slot, a bitmask of the card codes it may hold (a convention's knowledge; see sample_hand)."""
        self._check_player(player)
        if self.observer not in (-1, player):
            raise ValueError(f"cannot determinize player {player}'s view of player {self.observer}'s observation")
        cfg = self.cfg
        counts = self.unseen_counts(player)
        s = self.clone()
        if not cfg.visible_own:
            hand = sample_hand(cfg, self.knowledge[player], counts, rng, masks)
            for card in hand:
                counts[card] -= 1
            s.hands = _replace(self.hands, player, hand)
        deck = [code for code in range(cfg.num_codes) for _ in range(counts[code])]
        if len(deck) != len(self.deck):
            raise ValueError("unseen cards do not match the deck size")
        rng.shuffle(deck)
        s.deck = tuple(deck)
        s.observer = -1
        s._legal = None
        return s

    def rewind(self, moves: int) -> "HanabiState":
        """The full state `moves` moves before this one, replayed from the opening deal that this full state implies
        (every card's code is known: hands, the deck's order, plays and discards). For beliefs that ask what a
        player would have done in a dealt world."""
        if self.observer != -1:
            raise ValueError("rewind needs a full state (determinize the observation first)")
        if not 0 <= moves <= len(self.history):
            raise ValueError(f"cannot rewind {moves} moves of a {len(self.history)}-move history")
        codes = [-1] * (self.next_id + len(self.deck))
        for hand, ids in zip(self.hands, self.card_ids):
            for card, i in zip(hand, ids):
                codes[i] = card
        for move in self.history:
            if move.kind == PLAY or move.kind == DISCARD:
                codes[move.card_id] = move.card
        for j, card in enumerate(reversed(self.deck)):
            codes[self.next_id + j] = card
        s = HanabiState._dealt(self.cfg, codes[::-1])
        for move in self.history[:len(self.history) - moves]:
            s.apply(move.action)
        return s

    # ------------------------------------------------------------ text and serialisation

    def action_to_string(self, action: int) -> str:
        cfg = self.cfg
        kind, a, b = cfg.decode[action]
        if kind == PLAY:
            return f"play slot {a}"
        if kind == DISCARD:
            return f"discard slot {a}"
        target = f"player {(self.current + a) % cfg.players}"
        value = COLOUR_NAMES[b] if kind == HINT_COLOUR else str(b + 1)
        return f"hint {target} {value}"

    def public_outcome_string(self, viewer: int) -> str:
        """The card a play or discard turned face up (everyone sees it, its owner included), and a play's result."""
        if not self.history:
            return ""
        move = self.history[-1]
        name = self.cfg.card_name(move.card) if move.card >= 0 else ""
        if move.kind == PLAY:
            return f"it was {name}: " + ("played" if move.success else
                                         f"it does not fit, a fuse burns ({self.fuses_left} left)")
        if move.kind == DISCARD:
            return f"it was {name}: discarded"
        return ""

    def __str__(self) -> str:
        cfg = self.cfg
        lines = [f"turn {self.turn} player {self.current_player} hints {self.hint_tokens} fuses {self.fuses_left} "
                 f"deck {len(self.deck)} score {self.points}",
                 "fireworks " + " ".join(f"{COLOUR_NAMES[c]}{h}" for c, h in enumerate(self.fireworks))]
        for p, hand in enumerate(self.hands):
            cards = " ".join(f"{cfg.card_name(card)}[{kn.describe(k, COLOUR_NAMES, cfg.ranks)}]"
                             for card, k in zip(hand, self.knowledge[p]))
            lines.append(f"P{p}: {cards}")
        lines.append("discards " + " ".join(cfg.card_name(c) for c in self.discards))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {
            "game": "hanabi", "config": self.cfg.to_dict(),
            "hands": [list(h) for h in self.hands], "card_ids": [list(i) for i in self.card_ids],
            "knowledge": [list(k) for k in self.knowledge], "deck": list(self.deck),
            "discards": list(self.discards), "fireworks": list(self.fireworks),
            "hint_tokens": self.hint_tokens, "fuses_left": self.fuses_left, "points": self.points,
            "current": self.current, "turn": self.turn, "final_turns": self.final_turns, "next_id": self.next_id,
            "history": [m.to_list() for m in self.history], "observer": self.observer, "terminal": self.terminal,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "HanabiState":
        s = cls.__new__(cls)
        s.cfg = HanabiConfig(**data["config"])
        s.hands = tuple(tuple(h) for h in data["hands"])
        s.card_ids = tuple(tuple(i) for i in data["card_ids"])
        s.knowledge = tuple(tuple(k) for k in data["knowledge"])
        s.deck = tuple(data["deck"])
        s.discards = tuple(data["discards"])
        s.fireworks = tuple(data["fireworks"])
        for key in ("hint_tokens", "fuses_left", "points", "current", "turn", "final_turns", "next_id",
                    "observer", "terminal"):
            setattr(s, key, data[key])
        s.history = tuple(Move.from_list(m) for m in data["history"])
        s._legal = None
        return s

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, HanabiState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
