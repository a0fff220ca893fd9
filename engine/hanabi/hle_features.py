"""Encoder "hle" (version 1): the canonical observation vector of the Hanabi Learning Environment (HLE, PyPI
hanabi-learning-environment, its CanonicalObservationEncoder), bit for bit, from our engine's state.

P players, C colours, R ranks, H hand size, N = C * R card codes, D deck size (N codes times their copies), T hint
tokens, F fuses. Seats are relative to the observer (offset 0), cards are colour-major (code c * R + r), slots oldest
first, and every value is 0 or 1. Sections, in order:

    hands       (P-1) * H * N + P   one-hot card per (offset 1..P-1, slot), zeros for an empty slot; then one bit per
                                    offset 0..P-1 set when that hand is short of H cards (the deck ran out)
    board       D - P*H + N + T + F  cards left in the deck, thermometer (width D - P*H); per colour, one-hot of the
                                    highest card played (R wide, zeros when none); hint tokens, thermometer (T);
                                    fuses left, thermometer (F)
    discards    D                   per card code, a thermometer as wide as its copies: how many are discarded
                                    (failed plays included)
    last move   2P + 4 + C + R + 2H + N + 2   the most recent move (all zero before the first): actor offset (P);
                                    kind (play, discard, colour hint, rank hint); hint target offset (P); hinted colour
                                    (C); hinted rank (R); the slots the hint pointed at (H); slot played or discarded
                                    (H); the card played or discarded (N); a play that scored; a play that won back a
                                    hint token (completing a firework below the token limit)
    knowledge   P * H * (N + C + R) per (offset 0..P-1, slot): the cards the hints still allow (colour allowed and
                                    rank allowed), then the colour and the rank a hint named for it, one-hot (zeros if
                                    never told); zeros for an empty slot

Total for 2 players of the full game: 127 + 76 + 50 + 55 + 350 = 658. Every row equals HLE's but one kind: in
the final position after a game-ending move that leaves cards in the deck our engine has drawn the mover's
replacement and HLE has not (`as_hle_terminal` converts such a row). HLE plays with T >= 1; our engine also runs
hints=0 (discards always legal, a rule HLE does not have) and visible_own (mini Hanabi): the encoding stays defined
(the hint thermometer is 0 wide; the own hand is never encoded, as in HLE) but has no HLE counterpart to match.

It reads only what the observer sees, so a row from the full state equals the row from `state.observation(p)`; another
player's observation is refused (ValueError), since it hides cards the observer sees.
"""

from __future__ import annotations

from cardlab.engine.core import Rng
from cardlab.engine.features import Encoder
from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.config import COLOUR_NAMES, DISCARD, HINT_COLOUR, HINT_RANK, PLAY, HanabiConfig
from cardlab.engine.hanabi.state import HIDDEN, HanabiState
from cardlab.engine.hanabi.vector_features import check_view
from cardlab.runtime import UserError

HLE = "hle"
HLE_VERSION = 1
_KINDS = (PLAY, DISCARD, HINT_COLOUR, HINT_RANK)


def _shape(cfg: HanabiConfig) -> tuple:
    """The config fields that set the row's layout."""
    return cfg.players, cfg.colours, cfg.ranks, cfg.hand_size, cfg.hints, cfg.fuses


def _describe(cfg: HanabiConfig) -> str:
    return (f"{cfg.players} players, {cfg.colours} colours, {cfg.ranks} ranks, hands of {cfg.hand_size}, "
            f"{cfg.hints} hints, {cfg.fuses} fuses")


class HanabiHLE(Encoder):
    """HLE's canonical observation vector; see the module docstring."""

    name = HLE
    version = HLE_VERSION
    game = "hanabi"

    def __init__(self, config: HanabiConfig | None = None) -> None:
        self.cfg = cfg = config or HanabiConfig()
        p, c, r, h, n = cfg.players, cfg.colours, cfg.ranks, cfg.hand_size, cfg.num_codes
        # section offsets
        self._hands = 0
        self._missing = (p - 1) * h * n
        self._deck = self._missing + p
        self._fireworks = self._deck + cfg.deck_size - p * h
        self._tokens = self._fireworks + n
        self._fuses = self._tokens + cfg.hints
        self._discards = self._fuses + cfg.fuses
        self._discard_base = []  # per code, where its thermometer starts
        at = self._discards
        for code in range(n):
            self._discard_base.append(at)
            at += cfg.copies[code]
        self._last = at
        self._know = self._last + 2 * p + 4 + c + r + 2 * h + n + 2
        super().__init__()
        self.options = {}  # the config comes from the game, not from the encoder spec

    @classmethod
    def for_game(cls, game) -> "HanabiHLE":
        """Sized for `game`'s config (`get_encoder("hle", game)`); the spec "hle" takes no options."""
        return cls(game.config)

    def _names(self) -> list[str]:
        cfg = self.cfg
        p, c, r, h, n = cfg.players, cfg.colours, cfg.ranks, cfg.hand_size, cfg.num_codes
        cards = [cfg.card_name(code) for code in range(n)]
        colours = COLOUR_NAMES[:c]
        names = [f"hand{o}_{s}_{card}" for o in range(1, p) for s in range(h) for card in cards]
        names += [f"missing{o}" for o in range(p)]
        names += [f"deck{i}" for i in range(cfg.deck_size - p * h)]
        names += [f"firework_{card}" for card in cards]
        names += [f"hint_token{i}" for i in range(cfg.hints)] + [f"fuse{i}" for i in range(cfg.fuses)]
        names += [f"discarded_{cards[code]}_{i}" for code in range(n) for i in range(cfg.copies[code])]
        names += [f"last_actor{o}" for o in range(p)]
        names += ["last_play", "last_discard", "last_hint_colour", "last_hint_rank"]
        names += [f"last_target{o}" for o in range(p)]
        names += [f"last_colour_{k}" for k in colours] + [f"last_rank{k + 1}" for k in range(r)]
        names += [f"last_pointed{s}" for s in range(h)] + [f"last_slot{s}" for s in range(h)]
        names += [f"last_card_{card}" for card in cards] + ["last_scored", "last_hint_token"]
        for o in range(p):
            for s in range(h):
                names += [f"know{o}_{s}_{card}" for card in cards]
                names += [f"know{o}_{s}_told_{k}" for k in colours]
                names += [f"know{o}_{s}_told{k + 1}" for k in range(r)]
        return names

    def values(self, state: HanabiState, player: int, rng: Rng | None = None) -> list[float]:
        cfg = state.cfg
        if cfg is not self.cfg and _shape(cfg) != _shape(self.cfg):
            raise UserError(f"hanabi hle encoder: sized for {_describe(self.cfg)}, but the state's game has "
                            f"{_describe(cfg)}; build the encoder with get_encoder('hle', game)")
        check_view(state, player)
        p, c, r, h, n = cfg.players, cfg.colours, cfg.ranks, cfg.hand_size, cfg.num_codes
        row = [0.0] * self.dim
        # hands of the other players, then the short-hand bits of every player
        at = self._hands
        for o in range(1, p):
            for card in state.hands[(player + o) % p]:
                if card != HIDDEN:  # only a malformed observation hides another player's card
                    row[at + card] = 1.0
                at += n
            at += (h - len(state.hands[(player + o) % p])) * n
        for o in range(p):
            if len(state.hands[(player + o) % p]) < h:
                row[self._missing + o] = 1.0
        # board
        for i in range(len(state.deck)):
            row[self._deck + i] = 1.0
        for colour, height in enumerate(state.fireworks):
            if height:
                row[self._fireworks + colour * r + height - 1] = 1.0
        for i in range(state.hint_tokens):
            row[self._tokens + i] = 1.0
        for i in range(state.fuses_left):
            row[self._fuses + i] = 1.0
        # discards
        counts = [0] * n
        for card in state.discards:
            row[self._discard_base[card] + counts[card]] = 1.0
            counts[card] += 1
        # last move
        if state.history:
            self._last_move(state, player, row)
        # card knowledge
        at = self._know
        told_colour, told_rank = kn.told_colour, kn.told_rank
        for o in range(p):
            know = state.knowledge[(player + o) % p]
            for k in know:
                for colour in range(c):
                    if k >> colour & 1:
                        base = at + colour * r
                        for rank in range(r):
                            if k >> (8 + rank) & 1:
                                row[base + rank] = 1.0
                told = told_colour(k)
                if told >= 0:
                    row[at + n + told] = 1.0
                told = told_rank(k)
                if told >= 0:
                    row[at + n + c + told] = 1.0
                at += n + c + r
            at += (h - len(know)) * (n + c + r)
        return row

    def _last_move(self, state: HanabiState, player: int, row: list[float]) -> None:
        cfg = state.cfg
        p, c, r, h = cfg.players, cfg.colours, cfg.ranks, cfg.hand_size
        move = state.history[-1]
        at = self._last
        row[at + (move.player - player) % p] = 1.0
        at += p
        row[at + _KINDS.index(move.kind)] = 1.0
        at += 4
        if move.kind in (HINT_COLOUR, HINT_RANK):
            row[at + (move.target - player) % p] = 1.0
            row[at + p + (move.value if move.kind == HINT_COLOUR else c + move.value)] = 1.0
            touched = set(move.touched)  # the hint is the last move: the target's hand is as it was then
            for slot, card_id in enumerate(state.card_ids[move.target]):
                if card_id in touched:
                    row[at + p + c + r + slot] = 1.0
            return
        at += p + c + r + h
        row[at + move.slot] = 1.0
        at += h
        row[at + move.card] = 1.0
        at += cfg.num_codes
        if move.kind == PLAY and move.success:
            row[at] = 1.0
            if cfg.rank_of[move.card] == r - 1 and _tokens_before_last(state) < cfg.hints:
                row[at + 1] = 1.0


def _tokens_before_last(state: HanabiState) -> int:
    """Hint tokens before the last move, a play that completed a firework: below the limit now, it won a token; at
    the limit, the count cannot tell, so the public history is replayed."""
    cfg = state.cfg
    if state.hint_tokens < cfg.hints:
        return state.hint_tokens - 1
    tokens = cfg.hints
    for move in state.history[:-1]:
        if move.kind in (HINT_COLOUR, HINT_RANK):
            tokens -= 1
        elif move.kind == DISCARD:
            tokens += 1 if cfg.hints else 0
        elif move.success and cfg.rank_of[move.card] == cfg.ranks - 1 and tokens < cfg.hints:
            tokens += 1
    return tokens


def as_hle_terminal(encoder: HanabiHLE, state: HanabiState, player: int, row: list[float]) -> list[float]:
    """Our row of a final position as HLE shows it. The one known difference: when the move that ends the game (the
    last fuse, or the last firework card) leaves cards in the deck, our engine still draws the mover's replacement
    and HLE does not, so HLE's mover is a card short (missing bit set, slot and knowledge zero), its deck one card
    longer. Other rows need nothing."""
    move = state.history[-1] if state.history else None
    if not state.terminal or move is None or move.drawn_id < 0:
        return row
    names = encoder.feature_names
    o = (move.player - player) % state.cfg.players
    slot = len(state.hands[move.player]) - 1
    row = [0 * x if name.startswith((f"hand{o}_{slot}_", f"know{o}_{slot}_")) else x for name, x in zip(names, row)]
    row[names.index(f"missing{o}")] = 1
    row[names.index(f"deck{len(state.deck)}")] = 1
    return row
