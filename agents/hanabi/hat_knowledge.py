"""Public knowledge for the hat agent: what every player can tell about every hand from the public record alone.

The hat convention (Cox, Silva, Deorsey, Komer, Pirwitz, Shi 2015, "information strategy"): before each hint, every
player's hand gets a *question* built from public knowledge only, with as many answers as there are hint values `M`.
The hinter, who sees every hand but its own, answers each teammate's question and gives the hint whose value is the
sum of the answers modulo M. Each receiver sees every answer but its own, so it recovers its own by subtraction. All
answers then become public: everybody but the holder could compute them, and the holder just decoded its own.

Questions ("which of these cards is the first playable one, and if none is, which group of values does this card
fall in") and hint values (target seat and a class of hint) are defined here; `PublicKnowledge` replays a game's
history, so every player running it on its own observation reaches the same public knowledge.
"""

from __future__ import annotations

from typing import Sequence

from cardlab.agents.hanabi.cards import Board, bits, planes, present, weight
from cardlab.engine.hanabi.config import DISCARD, HINT_COLOUR, PLAY, HanabiConfig
from cardlab.engine.hanabi.history import Move
from cardlab.engine.hanabi.state import HIDDEN, HanabiState


def hint_classes(hand_len: int, levels: int = 0) -> int:
    """Hint values a hand of this length offers. levels 0: with 4+ cards, colour touching the newest card, rank
    touching it, any hint not touching it (always possible: some card differs from the newest one, as there are at
    most 3 copies of a card); with fewer, colour or rank. levels L >= 2: colour or rank x how far from the newest card
    the newest touched card lies (0, 1, ..., L-1 or more), so 2L values; a hand may lack some of them (such a hint
    cannot be given), which is rare for L = 2."""
    if levels >= 2 and hand_len >= 2:
        return 2 * min(levels, hand_len)
    if hand_len >= 4:
        return 3
    return 2 if hand_len >= 1 else 0


def hint_class(hand: Sequence[int], colour: bool, touched: Sequence[int], levels: int = 0) -> int:
    """The class of a hint touching `touched` (card ids) in `hand` (card ids, oldest first)."""
    kind = 0 if colour else 1
    n = len(hand)
    if levels >= 2 and n >= 2:
        distance = next(d for d in range(n) if hand[n - 1 - d] in touched)
        return kind + 2 * min(distance, levels - 1, n - 1)
    if n >= 4 and hand[-1] not in touched:
        return 2
    return kind


class Question:
    """Answers 0..len(plays)-1: plays[i] is the first playable card among `plays`. Answer len(plays) + g: none is
    playable and card `x` (a slot, -1 for none) lies in groups[g]."""

    __slots__ = ("plays", "x", "groups", "size")

    def __init__(self, plays: list[int], x: int, groups: list[int]) -> None:
        self.plays, self.x, self.groups = plays, x, groups
        self.size = len(plays) + len(groups)

    def answer(self, codes: Sequence[int], playable: int) -> int:
        for i, slot in enumerate(self.plays):
            if playable >> codes[slot] & 1:
                return i
        base = len(self.plays)
        if self.x >= 0:
            code = codes[self.x]
            for g, group in enumerate(self.groups):
                if group >> code & 1:
                    return base + g
        return base


_QUESTIONS: dict[tuple, "Question"] = {}
_BOARDS: dict[tuple, tuple] = {}  # (id(cfg), fireworks, discards) -> (cfg, (board, weights))
_MEMO_LIMIT = 200_000  # entries (a few hundred bytes each); cleared when full


class PublicKnowledge:
    """Replays the public record: hands by card id, each card's publicly possible codes (a bitmask), the board."""

    def __init__(self, cfg: HanabiConfig, hands: Sequence[Sequence[int]], fireworks: Sequence[int],
                 discards: Sequence[int], play_cap: int = 1, levels: int = 0) -> None:
        self.cfg = cfg
        self.full = (1 << cfg.num_codes) - 1
        self.hands = [list(h) for h in hands]
        self.masks: dict[int, int] = {i: self.full for h in hands for i in h}
        self.fireworks = list(fireworks)
        self.discards = list(discards)
        self.play_cap = play_cap
        self.levels = levels
        r = cfg.ranks
        self.colour_sets = [sum(1 << (c * r + k) for k in range(r)) for c in range(cfg.colours)]
        self.rank_sets = [sum(1 << (c * r + k) for c in range(cfg.colours)) for k in range(r)]
        self.moves = 0
        self._public: tuple[Board, tuple[int, int]] | None = None  # (board, weights) until a play or discard
        self.last_answers: dict[int, int] = {}  # the answers the last replayed hint carried, by seat (for tests)

    def copy(self) -> "PublicKnowledge":
        """An independent copy to replay a different continuation from (a search's rollouts)."""
        c = PublicKnowledge.__new__(PublicKnowledge)
        c.__dict__.update(self.__dict__)
        c.hands = [list(h) for h in self.hands]
        c.masks = dict(self.masks)
        c.fireworks = list(self.fireworks)
        c.discards = list(self.discards)
        c.last_answers = dict(self.last_answers)
        return c

    # ------------------------------------------------------------ board and counts

    def board(self) -> Board:
        return Board(self.cfg, self.fireworks, self.discards)

    def board_and_weights(self) -> tuple[Board, tuple[int, int]]:
        """The board and the copies left per code (`planes`), kept until the next play or discard: hints leave
        them unchanged, and rollouts ask for them at every hint."""
        if self._public is None:
            key = (id(self.cfg), tuple(self.fireworks), tuple(self.discards))
            entry = _BOARDS.get(key)
            if entry is None or entry[0] is not self.cfg:  # (an id reused by another config)
                if len(_BOARDS) >= _MEMO_LIMIT:
                    _BOARDS.clear()
                entry = _BOARDS[key] = (self.cfg, (self.board(), planes(self.counts())))
            self._public = entry[1]
        return self._public

    def counts(self) -> list[int]:
        """Copies of each code not on the fireworks nor in the discard pile: the public view of hands + deck."""
        cfg = self.cfg
        counts = list(cfg.copies)
        for colour, height in enumerate(self.fireworks):
            for rank in range(height):
                counts[colour * cfg.ranks + rank] -= 1
        for card in self.discards:
            counts[card] -= 1
        return counts

    # ------------------------------------------------------------ hint values

    def layout(self, hinter: int) -> tuple[list[tuple[int, int, int]], int]:
        """([(target seat, first value, classes)], M) for a hint given by `hinter`."""
        players = self.cfg.players
        out, base = [], 0
        for offset in range(1, players):
            target = (hinter + offset) % players
            k = hint_classes(len(self.hands[target]), self.levels)
            out.append((target, base, k))
            base += k
        return out, base

    def hint_value(self, hinter: int, target: int, colour: bool, touched: Sequence[int]) -> int:
        layout, _ = self.layout(hinter)
        for seat, base, k in layout:
            if seat == target:
                hand = self.hands[target]
                return base + hint_class(hand, colour, touched, self.levels)
        raise ValueError("hint to the hinter")

    # ------------------------------------------------------------ questions

    def question(self, player: int, size: int, board: Board, weights: tuple[int, int]) -> Question:
        """The question about `player`'s hand with `size` answers, from public knowledge only (memoised: it depends
        on the hand's masks, the board and the copies left, and rollouts ask the same ones over and over)."""
        masks = tuple([self.masks[i] for i in self.hands[player]])
        key = (masks, size, board.playable, board.useless, board.critical, weights, self.play_cap, self.full)
        q = _QUESTIONS.get(key)
        if q is None:
            if len(_QUESTIONS) >= _MEMO_LIMIT:
                _QUESTIONS.clear()
            q = _QUESTIONS[key] = self._ask(masks, size, board, weights)
        return q

    def _ask(self, masks: tuple[int, ...], size: int, board: Board, weights: tuple[int, int]) -> Question:
        playable = board.playable
        candidates = []
        for slot, m in enumerate(masks):
            total = weight(m, weights)
            if total == 0:
                continue
            good = weight(m & playable, weights)
            if 0 < good < total:
                candidates.append((-good / total, -slot, slot))
        candidates.sort()
        cap = size - min(self.play_cap, size - 1)  # keep play_cap answers (at least one) for "none playable"
        plays = [c[2] for c in candidates[:max(cap, 0)]]
        rest = size - len(plays)
        best, best_key = -1, None
        alive = present(weights)
        for slot, m in enumerate(masks):
            if slot in plays:
                m &= ~playable
            live = m & ~board.useless
            values = (m & alive).bit_count()  # values with a copy left
            if values <= 1 or not live:
                continue
            key = (values, -slot)
            if best_key is None or key > best_key:
                best, best_key = slot, key
        if best < 0 or rest <= 1:
            return Question(plays, -1, [self.full])
        m = masks[best] & ~playable if best in plays else masks[best]
        return Question(plays, best, partition(m, rest, board, weights))

    def apply_answer(self, player: int, q: Question, answer: int, playable: int) -> None:
        ids = self.hands[player]
        masks = self.masks
        n = len(q.plays)
        cuts = []  # (card id, the codes the answer allows)
        if answer < n:
            cuts = [(ids[slot], ~playable) for slot in q.plays[:answer]] + [(ids[q.plays[answer]], playable)]
        else:
            cuts = [(ids[slot], ~playable) for slot in q.plays]
            if q.x >= 0:
                cuts.append((ids[q.x], q.groups[answer - n]))
        for i, allowed in cuts:
            if masks[i] & allowed:  # an answer that rules out every value came from another convention: ignore it
                masks[i] &= allowed

    # ------------------------------------------------------------ replay

    def step(self, move: Move, observer: int, codes: dict[int, int]) -> None:
        """Apply one move. `codes`: card id -> code for every card the observer has seen (other hands' cards)."""
        self.moves += 1
        if move.kind == PLAY or move.kind == DISCARD:
            self._public = None
            hand = self.hands[move.player]
            hand.remove(move.card_id)
            self.masks.pop(move.card_id, None)
            cfg = self.cfg
            colour, rank = cfg.colour_of[move.card], cfg.rank_of[move.card]
            if move.kind == PLAY and move.success:
                self.fireworks[colour] = rank + 1
            else:
                self.discards.append(move.card)
            if move.drawn_id >= 0:
                hand.append(move.drawn_id)
                self.masks[move.drawn_id] = self.full
            return
        self.hint(move, codes)

    def hint(self, move: Move, codes: dict[int, int]) -> None:
        hinter = move.player
        _, size = self.layout(hinter)
        colour = move.kind == HINT_COLOUR
        value = self.hint_value(hinter, move.target, colour, move.touched)
        board, weights = self.board_and_weights()
        answers, unknown, total = {}, [], 0
        questions = {}
        for k in range(self.cfg.players):
            if k == hinter or not self.hands[k]:
                continue
            q = questions[k] = self.question(k, size, board, weights)
            hand_codes = [codes.get(i, HIDDEN) for i in self.hands[k]]
            if HIDDEN in hand_codes:
                unknown.append(k)
                continue
            a = q.answer(hand_codes, board.playable)
            answers[k] = a
            total += a
        if len(unknown) == 1:
            k = unknown[0]
            a = (value - total) % size
            if a < questions[k].size:  # else the hinter does not follow this convention
                answers[k] = a
        self.last_answers = answers
        for k, a in answers.items():
            self.apply_answer(k, questions[k], a, board.playable)
        values = (self.colour_sets if colour else self.rank_sets)[move.value]
        touched = set(move.touched)
        for i in self.hands[move.target]:
            if i in touched:
                self.masks[i] &= values
            else:
                self.masks[i] &= ~values

    # ------------------------------------------------------------ hint giving

    def hint_to_give(self, hinter: int, hands: Sequence[Sequence[int]]) -> tuple[int, list[tuple[int, int]]]:
        """(the value to give, [(player, answer)]) from the hands the hinter sees (codes; its own is ignored)."""
        _, size = self.layout(hinter)
        if size == 0:  # no teammate's hand can be told anything (one-card hands emptied in the last round)
            return 0, []
        board, weights = self.board_and_weights()
        total, answers = 0, []
        for k in range(self.cfg.players):
            if k == hinter or not self.hands[k]:
                continue
            q = self.question(k, size, board, weights)
            a = q.answer(hands[k], board.playable)
            answers.append((k, a))
            total += a
        return total % size, answers


def partition(mask: int, groups: int, board: Board, weights: tuple[int, int]) -> list[int]:
    """Split a card's possible codes into at most `groups` masks covering `mask`: the dead values together, each
    playable value alone, the rest in runs of similar weight, safe values before critical ones."""
    live_mask = mask & present(weights)
    live = list(bits(live_mask))
    zero = mask & ~live_mask
    if len(live) <= groups:
        out = [1 << c for c in live] or [0]
        out[0] |= zero
        return out
    dead = [c for c in live if board.useless >> c & 1]
    play = [c for c in live if board.playable >> c & 1 and not board.useless >> c & 1]
    rest = [c for c in live if not (board.useless | board.playable) >> c & 1]
    out: list[int] = []
    if dead:
        out.append(sum(1 << c for c in dead))
    left_groups = groups - len(out)
    # playable values alone while the others still fit in one group each at least
    while play and left_groups > 1:
        out.append(1 << play.pop(0))
        left_groups -= 1
    rest = play + sorted(rest, key=lambda c: (board.critical >> c & 1, c))
    if rest:
        if left_groups <= 0:
            out[-1] |= sum(1 << c for c in rest)
        else:
            total = weight(sum(1 << c for c in rest), weights)
            chunks: list[int] = []
            acc, acc_w, remaining = 0, 0, left_groups
            for i, c in enumerate(rest):
                w = weight(1 << c, weights)
                acc |= 1 << c
                acc_w += w
                values_left = len(rest) - i - 1
                if remaining > 1 and (acc_w * remaining >= total or values_left < remaining):
                    chunks.append(acc)
                    total -= acc_w
                    acc, acc_w, remaining = 0, 0, remaining - 1
            if acc:
                chunks.append(acc)
            out.extend(chunks)
    out[0] |= zero
    return out


def replay(observation: HanabiState, cache: "PublicKnowledge | None" = None, cached_history: tuple = (),
           **conventions) -> PublicKnowledge:
    """Public knowledge at `observation`, replaying its history (continuing `cache` if it replayed a prefix of it)."""
    cfg = observation.cfg
    history = observation.history
    observer = observation.observer if observation.observer >= 0 else observation.current
    codes: dict[int, int] = {}
    for p, hand in enumerate(observation.hands):
        if p != observer:
            for card, i in zip(hand, observation.card_ids[p]):
                if card != HIDDEN:
                    codes[i] = card
    for move in history:
        if move.kind == PLAY or move.kind == DISCARD:
            codes[move.card_id] = move.card
    n = len(cached_history)
    if cache is not None and n <= len(history) and cache.moves == n and history[:n] == cached_history:
        pk = cache
    else:
        pk = start(observation, **conventions)
    for move in history[pk.moves:]:
        pk.step(move, observer, codes)
    return pk


def start(observation: HanabiState, **conventions) -> PublicKnowledge:
    """Public knowledge before the first move of the observation's history (hands, fireworks and discards rebuilt
    backwards, so hand-built positions work too)."""
    cfg = observation.cfg
    hands = [list(ids) for ids in observation.card_ids]
    fireworks = list(observation.fireworks)
    discards = list(observation.discards)
    for move in reversed(observation.history):
        if move.kind == PLAY or move.kind == DISCARD:
            hand = hands[move.player]
            if move.drawn_id >= 0:
                hand.remove(move.drawn_id)
            hand.insert(move.slot, move.card_id)
            if move.kind == PLAY and move.success:
                fireworks[cfg.colour_of[move.card]] -= 1
            else:
                discards.pop()
    return PublicKnowledge(cfg, hands, fireworks, discards, **conventions)
