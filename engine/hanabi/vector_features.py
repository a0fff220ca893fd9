"""Encoder "vector" (version 1): a fixed-width view of any Hanabi game (2-5 players, any deck shape) for RL.

The mini-Hanabi DQN encoder (features.py) only fits 2-player mini Hanabi; this one fits every config, and its width
depends only on the config (P players, C colours, R ranks, H hand size, N = C * R card codes). Seats are relative
to the observer: offset 0 is the observer, offset k the player k seats after it. Every value lies in [0, 1].

    hands       P * H * N   one-hot card code per (offset, slot), oldest slot first; zeros for a card the observer
                            cannot see (its own hand unless the variant shows it) or an empty slot
    present     P * H       1 where the slot holds a card
    knowledge   P * H * (C + R)  the colours, then the ranks, that hints still allow for the card (public)
    fireworks   C * (R + 1) one-hot height per colour
    tokens      3           hint tokens / max (0 without hints), fuses left / fuses, cards left in the deck / deck size
    discards    N           discarded copies of each code / copies of that code
    to_move     P           one-hot offset of the player to move (all zero once the game is over)
    last move   4 + 2P + max(C, R) + H + 1: kind one-hot (play, discard, colour hint, rank hint), actor offset
                            one-hot, hint target offset one-hot, hinted colour or rank one-hot, slot played or
                            discarded one-hot, 1 if a play succeeded (all zero before the first move)
    final       2           1 once the deck is empty (final round), 1 when the game is over

Issue 18's list, field by field: fireworks = firework*_height*; tokens = hint_tokens, fuses (and deck); discards =
discarded_*; every visible hand = hand{o}_{s}_* (offset 0 is the observer's own, zero unless the variant shows it);
the observer's hint knowledge per card = know{o}_{s}_* (offset 0: its own cards; what hints, positive and negative,
still allow). `cardlab datagen --game hanabi` records it by default (features.DEFAULT_ENCODER).

It reads only what the observer sees, so a row from the full state equals the row from `state.observation(p)`; another
player's observation is refused (ValueError), since it hides cards the observer sees.
"""

from __future__ import annotations

from cardlab.engine.core import Rng
from cardlab.runtime import UserError
from cardlab.engine.features import Encoder
from cardlab.engine.hanabi.config import DISCARD, HINT_COLOUR, HINT_RANK, PLAY, HanabiConfig
from cardlab.engine.hanabi.state import HIDDEN, HanabiState

VECTOR = "vector"
VECTOR_VERSION = 1


def check_view(state: HanabiState, player: int) -> None:
    """Refuse to encode `player`'s row from another player's observation, which hides cards `player` sees (every
    Hanabi encoder, as Dominion's `table`): a full state (observer -1) or `player`'s own observation is fine."""
    if state.observer != -1 and state.observer != player:
        raise ValueError(f"player {state.observer}'s observation cannot show player {player}'s")


def _width(cfg: HanabiConfig) -> tuple:
    """The config fields that set the row's width (hint and fuse counts only scale values)."""
    return cfg.players, cfg.colours, cfg.ranks, cfg.hand_size


def _describe(cfg: HanabiConfig) -> str:
    return f"{cfg.players} players, {cfg.colours} colours, {cfg.ranks} ranks, hands of {cfg.hand_size}"


class HanabiVector(Encoder):
    """The whole table as the observer sees it, one-hot where a value is a category; see the module docstring."""

    name = VECTOR
    version = VECTOR_VERSION
    game = "hanabi"

    def __init__(self, config: HanabiConfig | None = None) -> None:
        self.cfg = config or HanabiConfig()
        super().__init__()
        self.options = {}  # the config comes from the game, not from the encoder spec

    @classmethod
    def for_game(cls, game) -> "HanabiVector":
        """Sized for `game`'s config (`get_encoder("vector", game)`); the spec "vector" takes no options."""
        return cls(game.config)

    def _names(self) -> list[str]:
        cfg = self.cfg
        p, h, c, r = cfg.players, cfg.hand_size, cfg.colours, cfg.ranks
        cards = [cfg.card_name(code) for code in range(cfg.num_codes)]
        seats = [(o, s) for o in range(p) for s in range(h)]
        names = [f"hand{o}_{s}_{card}" for o, s in seats for card in cards]
        names += [f"present{o}_{s}" for o, s in seats]
        for o, s in seats:
            names += [f"know{o}_{s}_colour{k}" for k in range(c)] + [f"know{o}_{s}_rank{k + 1}" for k in range(r)]
        names += [f"firework{k}_height{v}" for k in range(c) for v in range(r + 1)]
        names += ["hint_tokens", "fuses", "deck"]
        names += [f"discarded_{card}" for card in cards]
        names += [f"to_move{o}" for o in range(p)]
        names += ["last_play", "last_discard", "last_hint_colour", "last_hint_rank"]
        names += [f"last_actor{o}" for o in range(p)] + [f"last_target{o}" for o in range(p)]
        names += [f"last_value{v}" for v in range(max(c, r))] + [f"last_slot{s}" for s in range(h)]
        return names + ["last_success", "final_round", "terminal"]

    def values(self, state: HanabiState, player: int, rng: Rng | None = None) -> list[float]:
        cfg = state.cfg
        if cfg is not self.cfg and _width(cfg) != _width(self.cfg):  # the row's width and names come from self.cfg
            raise UserError(f"hanabi vector encoder: sized for {_describe(self.cfg)}, but the state's game has "
                            f"{_describe(cfg)}; build the encoder with get_encoder('vector', game)")
        check_view(state, player)
        p, h, c, r, n = cfg.players, cfg.hand_size, cfg.colours, cfg.ranks, cfg.num_codes
        seats = [(player + o) % p for o in range(p)]
        row: list[float] = []
        for q in seats:
            hand = state.hands[q]
            visible = q != player or cfg.visible_own
            for slot in range(h):
                onehot = [0.0] * n
                if visible and slot < len(hand) and hand[slot] != HIDDEN:
                    onehot[hand[slot]] = 1.0
                row += onehot
        for q in seats:
            row += [1.0 if slot < len(state.hands[q]) else 0.0 for slot in range(h)]
        for q in seats:
            know = state.knowledge[q]
            for slot in range(h):
                if slot < len(know):
                    k = know[slot]
                    row += [float(k >> i & 1) for i in range(c)] + [float(k >> (8 + i) & 1) for i in range(r)]
                else:
                    row += [0.0] * (c + r)
        for height in state.fireworks:
            row += [1.0 if v == height else 0.0 for v in range(r + 1)]
        row += [state.hint_tokens / cfg.hints if cfg.hints else 0.0, state.fuses_left / cfg.fuses,
                len(state.deck) / cfg.deck_size]
        discarded = [0] * n
        for card in state.discards:
            discarded[card] += 1
        row += [discarded[code] / cfg.copies[code] for code in range(n)]
        mover = -1 if state.terminal else (state.current - player) % p
        row += [1.0 if o == mover else 0.0 for o in range(p)]
        row += self._last_move(state, player)
        row += [1.0 if state.final_turns >= 0 else 0.0, 1.0 if state.terminal else 0.0]
        return row

    def _last_move(self, state: HanabiState, player: int) -> list[float]:
        cfg = state.cfg
        p, h, width = cfg.players, cfg.hand_size, max(cfg.colours, cfg.ranks)
        out = [0.0] * (4 + 2 * p + width + h + 1)
        if not state.history:
            return out
        move = state.history[-1]
        out[(PLAY, DISCARD, HINT_COLOUR, HINT_RANK).index(move.kind)] = 1.0
        out[4 + (move.player - player) % p] = 1.0
        if move.kind in (HINT_COLOUR, HINT_RANK):
            out[4 + p + (move.target - player) % p] = 1.0
            out[4 + 2 * p + move.value] = 1.0
        else:
            out[4 + 2 * p + width + move.slot] = 1.0
            out[-1] = 1.0 if move.success else 0.0
        return out


def vector_encoder(config: HanabiConfig) -> HanabiVector:
    """The encoder for one game's config (its width depends on the config)."""
    return HanabiVector(config)
