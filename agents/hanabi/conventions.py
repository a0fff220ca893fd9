"""The `age` agent's hint conventions, read back from the public history.

A hint that touches the newest card of a hand means "that card is playable": the card's uncertain knowledge becomes
the cards playable when the hint was given. Any other card a hint touches is worth keeping: its uncertain knowledge
becomes the cards playable or critical (last copy) at that time. Every agent and every teammate can rebuild this from
the observation's history alone, so nothing depends on which turns an agent happened to see.
"""

from __future__ import annotations

from typing import Sequence

from cardlab.agents.hanabi.cards import Board
from cardlab.engine.hanabi.config import DISCARD, PLAY, HINT_COLOUR, HanabiConfig
from cardlab.engine.hanabi.history import Move
from cardlab.engine.hanabi.state import HanabiState


class HintTracker:
    """Replays the history incrementally: card ids in each hand, and per hinted card id its uncertain knowledge
    (`meaning`, a card mask), whether it was the newest card (`play_signal`) and the turns of its last colour and
    rank hints."""

    def __init__(self, cfg: HanabiConfig, fireworks: Sequence[int] = (), discards: Sequence[int] = ()) -> None:
        """`fireworks` and `discards` as they were before the history's first move (empty for a dealt game)."""
        self.cfg = cfg
        h = cfg.hand_size
        self.hands = [list(range(p * h, p * h + h)) for p in range(cfg.players)]
        self.fireworks = list(fireworks) or [0] * cfg.colours
        self.discards: list[int] = list(discards)
        self.meaning: dict[int, int] = {}
        self.play_signal: set[int] = set()
        self.colour_turn: dict[int, int] = {}
        self.rank_turn: dict[int, int] = {}
        self._done = 0
        self._last: Move | None = None

    @classmethod
    def follow(cls, tracker: "HintTracker | None", state: HanabiState) -> "HintTracker":
        """`tracker` brought up to date with the state's history, or a fresh one when it followed another game."""
        history = state.history
        done = tracker._done if tracker is not None else 0
        if (tracker is None or tracker.cfg != state.cfg or len(history) < done
                or (done and history[done - 1] is not tracker._last)):
            tracker = cls(state.cfg, *cls._before(state))
        tracker._update(history)
        return tracker

    @staticmethod
    def _before(state: HanabiState) -> tuple[list[int], list[int]]:
        """Fireworks and discards before the first move of the history, by undoing its moves (a position set up
        mid-game has a short history)."""
        fireworks, discards = list(state.fireworks), list(state.discards)
        for move in reversed(state.history):
            if move.kind == PLAY and move.success:
                fireworks[state.cfg.colour_of[move.card]] -= 1
            elif move.kind in (PLAY, DISCARD):
                del discards[len(discards) - 1 - discards[::-1].index(move.card)]  # its last copy
        return fireworks, discards

    def _update(self, history: Sequence[Move]) -> None:
        for turn in range(self._done + 1, len(history) + 1):
            self._apply(history[turn - 1], turn)
        self._done = len(history)
        self._last = history[-1] if history else None

    def _apply(self, move: Move, turn: int) -> None:
        if move.kind in (PLAY, DISCARD):
            if move.kind == PLAY and move.success:
                self.fireworks[self.cfg.colour_of[move.card]] += 1
            else:
                self.discards.append(move.card)
            hand = self.hands[move.player]
            hand.remove(move.card_id)
            if move.drawn_id >= 0:
                hand.append(move.drawn_id)
            for table in (self.meaning, self.colour_turn, self.rank_turn):
                table.pop(move.card_id, None)
            self.play_signal.discard(move.card_id)
            return
        hand = self.hands[move.target]
        newest = hand[-1] if hand else -1
        board = Board(self.cfg, self.fireworks, self.discards)
        turns = self.colour_turn if move.kind == HINT_COLOUR else self.rank_turn
        for card_id in move.touched:
            turns[card_id] = turn
            if card_id == newest:
                self.meaning[card_id] = board.playable
                self.play_signal.add(card_id)
            elif card_id not in self.meaning:
                self.meaning[card_id] = board.playable | board.critical

    def newest(self, player: int) -> int:
        hand = self.hands[player]
        return hand[-1] if hand else -1

    def hinted(self, card_id: int) -> bool:
        return card_id in self.meaning

    def has_old_hint(self, card_ids: Sequence[int], turn: int, old_colour: int, old_rank: int) -> bool:
        """Whether any of the cards got a colour hint at least `old_colour` turns ago, or a rank hint at least
        `old_rank` turns ago, as of `turn`."""
        for card_id in card_ids:
            t = self.colour_turn.get(card_id)
            if t is not None and turn - t >= old_colour:
                return True
            t = self.rank_turn.get(card_id)
            if t is not None and turn - t >= old_rank:
                return True
        return False
