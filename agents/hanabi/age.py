"""The source's `age` agent: hint conventions plus play and discard thresholds (the GA's nine constants).

Each turn, the first that applies:
1. play the card most likely playable, if told information (hints + counting) makes it playable with probability
   >= play_told, or, for a card signalled playable, its uncertain information (conventions.py) with probability
   >= play_uncertain;
2. with a token, hint a playable card nobody is about to play: any hint touching it when it is the holder's newest
   card (the "playable" convention), else a hint that never touches an unplayable newest card, preferring one that
   lets the holder prove the card playable;
3. discard (when allowed) a card most likely useless, else most likely safe (not the last copy), by thresholds:
   discard_uncertain for hinted cards (on their uncertain information); for unhinted cards the strict thresholds,
   or the lenient ones while the hand holds an old hint (old_colour_hint / old_rank_hint turns or more);
4. with a token, save: hint a critical unhinted card (a last copy) of a teammate, never touching a new unplayable card;
5. discard the unhinted card most likely safe (oldest first); else any hint that does not touch a new unplayable card.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.agents.hanabi.age_params import AgeParams, load_params
from cardlab.agents.hanabi.cards import Board, common_counts, hidden_counts, hint_mask, planes, present, probability
from cardlab.agents.hanabi.conventions import HintTracker
from cardlab.agents.hanabi.counting import CountingAgent, own_possibilities
from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.config import HINT_COLOUR, HanabiConfig
from cardlab.engine.hanabi.state import HanabiState
from cardlab.runtime import UserError

_DEFAULTS = AgeParams()


class _UnsetFloat(float):
    """A constant's default when the caller did not give it (typed, so spec options still parse as floats)."""


class _UnsetInt(int):
    """As _UnsetFloat, for the integer constants."""


class _UnsetStr(str):
    """`params` when not given (an empty `params=` in a spec is an error, not "no file")."""


def _unset(name: str):
    value = getattr(_DEFAULTS, name)
    return _UnsetInt(value) if isinstance(value, int) else _UnsetFloat(value)


@dataclass
class _View:
    """Everything one decision needs, computed once."""

    obs: HanabiState
    cfg: HanabiConfig
    me: int
    board: Board
    tracker: HintTracker
    weights: tuple[int, int]  # copies I cannot see, as cards.planes
    mine: list[int]  # my cards' possibilities from hints and counting
    meanings: list[int]  # my cards' possibilities within their uncertain knowledge (0: none, or contradicted)
    common: dict[int, tuple[int, int]]  # per teammate: copies neither of us sees, as cards.planes
    will_play: dict[tuple[int, int], bool]  # (teammate, slot): would play it now
    claimed: set[int]  # cards some teammate is about to play


class AgeAgent(CountingAgent):
    name = "age"

    def __init__(self, seed: int = 0, play_told: float = _unset("play_told"),
                 play_uncertain: float = _unset("play_uncertain"),
                 discard_useless_strict: float = _unset("discard_useless_strict"),
                 discard_useless_lenient: float = _unset("discard_useless_lenient"),
                 discard_safe_strict: float = _unset("discard_safe_strict"),
                 discard_safe_lenient: float = _unset("discard_safe_lenient"),
                 discard_uncertain: float = _unset("discard_uncertain"),
                 old_rank_hint: int = _unset("old_rank_hint"), old_colour_hint: int = _unset("old_colour_hint"),
                 params: str = _UnsetStr("")) -> None:
        """`params` names a YAML file with the nine constants; constants given here as well override the file's."""
        given = dict(play_told=play_told, play_uncertain=play_uncertain,
                     discard_useless_strict=discard_useless_strict, discard_useless_lenient=discard_useless_lenient,
                     discard_safe_strict=discard_safe_strict, discard_safe_lenient=discard_safe_lenient,
                     discard_uncertain=discard_uncertain, old_rank_hint=old_rank_hint, old_colour_hint=old_colour_hint)
        if not params and not isinstance(params, _UnsetStr):
            raise UserError("agent 'age': params= needs a YAML file of the nine constants or a zoo name (age-2p...)")
        changed = {k: v for k, v in given.items() if not isinstance(v, (_UnsetFloat, _UnsetInt))}
        options = dict(changed, **({"params": params} if params else {}))
        super().__init__(seed, **options)
        base = load_params(params).as_dict() if params else {}
        self.params = AgeParams.checked({**base, **changed}, "agent 'age'")
        self.tracker: HintTracker | None = None

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        self.tracker = None

    # ---------------------------------------------------------------- decision

    def act(self, observation: HanabiState) -> int:
        view = self._view(observation)
        cfg = view.cfg
        can_hint = self.can_hint(observation)
        slot = self._play_slot(view)
        if slot is not None:
            return cfg.play(slot)
        if can_hint:
            hint = self._play_hint(view)
            if hint is not None:
                return hint
        if observation.discard_allowed():
            slot = self._threshold_discard(view)
            if slot is not None:
                return cfg.discard(slot)
        if can_hint:
            hint = self._save_hint(view)
            if hint is not None:
                return hint
        if observation.discard_allowed():
            return cfg.discard(self._chop(view))
        if can_hint:
            return self._harmless_hint(view)
        return self.random_play(observation)

    def _view(self, obs: HanabiState) -> _View:
        cfg, me = obs.cfg, obs.current
        self.tracker = tracker = HintTracker.follow(self.tracker, obs)
        mine = own_possibilities(obs, me)
        meanings = []
        for card_id, mask in zip(obs.card_ids[me], mine):
            meaning = tracker.meaning.get(card_id, 0) & mask
            meanings.append(meaning)
        view = _View(obs, cfg, me, Board.of(obs), tracker, planes(hidden_counts(obs, me)), mine, meanings, {}, {},
                     set())
        for offset in range(1, cfg.players):
            holder = (me + offset) % cfg.players
            view.common[holder] = planes(common_counts(obs, me, holder))
            for slot, card in enumerate(obs.hands[holder]):
                view.will_play[holder, slot] = will = self._will_play(view, holder, slot)
                if will:
                    view.claimed.add(card)
        return view

    # ---------------------------------------------------------------- 1. play

    def _play_chance(self, told: int, meaning: int, board: Board, weights: tuple[int, int]) -> float:
        """P(playable) when it passes a threshold, else -1. `meaning`: a "playable" signal's uncertain information
        (0 for none: a "keep" meaning never makes a card playable, the hint may have touched it in passing)."""
        p = self.params
        best = -1.0
        chance = probability(told, board.playable, weights)
        if chance > 0 and chance >= p.play_told:
            best = chance
        if meaning:
            chance = probability(meaning, board.playable, weights)
            if chance > 0 and chance >= p.play_uncertain:
                best = max(best, chance)
        return best

    def _play_slot(self, view: _View) -> int | None:
        best, best_slot = -1.0, None
        signals = view.tracker.play_signal
        for slot, (told, card_id) in enumerate(zip(view.mine, view.obs.card_ids[view.me])):
            meaning = view.meanings[slot] if card_id in signals else 0
            chance = self._play_chance(told, meaning, view.board, view.weights)
            if chance >= 0 and chance >= best:  # ties go to the newer card
                best, best_slot = chance, slot
        return best_slot

    def _will_play(self, view: _View, holder: int, slot: int) -> bool:
        """Whether `holder` would play this card now, judged on what both of us can see."""
        obs = view.obs
        weights = view.common[holder]
        told = hint_mask(view.cfg, obs.knowledge[holder][slot]) & present(weights)
        card_id = obs.card_ids[holder][slot]
        meaning = view.tracker.meaning.get(card_id, 0) & told if card_id in view.tracker.play_signal else 0
        return self._play_chance(told, meaning, view.board, weights) >= 0

    # ---------------------------------------------------------------- 2. hint a playable card

    def _play_hint(self, view: _View) -> int | None:
        obs, cfg = view.obs, view.cfg
        for offset in range(1, cfg.players):
            holder = (view.me + offset) % cfg.players
            hand = obs.hands[holder]
            wanted = [slot for slot, card in enumerate(hand)
                      if view.board.playable >> card & 1 and card not in view.claimed
                      and not view.will_play[holder, slot]]
            wanted.sort(key=lambda slot: (cfg.rank_of[hand[slot]], -slot))
            for slot in wanted:
                hint = self._signal(view, offset, slot)
                if hint is not None:
                    return hint
        return None

    def _hints_touching(self, view: _View, offset: int, slot: int) -> list[tuple[int, int, list[bool]]]:
        """(action, kind, touched flags) for the rank and the colour hint that point at this card."""
        cfg = view.cfg
        hand = view.obs.hands[(view.me + offset) % cfg.players]
        card = hand[slot]
        rank, colour = cfg.rank_of[card], cfg.colour_of[card]
        return [(cfg.hint_rank(offset, rank), 1, [cfg.rank_of[c] == rank for c in hand]),
                (cfg.hint_colour(offset, colour), 0, [cfg.colour_of[c] == colour for c in hand])]

    def _newest_welcome(self, view: _View, holder: int) -> bool:
        """Whether touching the holder's newest card is fine: it is playable and nobody else is about to play it."""
        hand = view.obs.hands[holder]
        return bool(hand) and bool(view.board.playable >> hand[-1] & 1) and hand[-1] not in view.claimed

    def _signal(self, view: _View, offset: int, slot: int) -> int | None:
        obs, cfg = view.obs, view.cfg
        holder = (view.me + offset) % cfg.players
        options = self._hints_touching(view, offset, slot)
        newest = len(obs.hands[holder]) - 1
        if slot == newest:
            return min(options, key=lambda o: (sum(o[2]), -o[1]))[0]
        welcome = self._newest_welcome(view, holder)
        available = present(view.common[holder])
        k = obs.knowledge[holder][slot]
        best = None
        for action, is_rank, touched in options:
            if touched[newest] and not welcome:
                continue
            after = kn.rank_hint(k, cfg.rank_of[obs.hands[holder][slot]], True) if is_rank else \
                kn.colour_hint(k, cfg.colour_of[obs.hands[holder][slot]], True)
            told = hint_mask(cfg, after) & available
            proves = not told & ~view.board.playable
            rank_unknown = bool(kn.rank_mask(k) & (kn.rank_mask(k) - 1))
            key = (proves, touched[newest], is_rank == rank_unknown)
            if best is None or key > best[0]:
                best = (key, action)
        return best[1] if best is not None else None

    # ---------------------------------------------------------------- 3. and 5. discards

    def _threshold_discard(self, view: _View) -> int | None:
        p = self.params
        ids = view.obs.card_ids[view.me]
        lenient = view.tracker.has_old_hint(ids, view.obs.turn, p.old_colour_hint, p.old_rank_hint)
        useless_at = p.discard_useless_lenient if lenient else p.discard_useless_strict
        safe_at = p.discard_safe_lenient if lenient else p.discard_safe_strict
        board, weights = view.board, view.weights
        useless, safe = [], []
        for slot, told in enumerate(view.mine):
            meaning = view.meanings[slot]
            if meaning:
                chance = probability(meaning, board.useless, weights)
                if chance > 0 and chance >= p.discard_uncertain:
                    useless.append((chance, -slot))
                continue
            if view.tracker.hinted(ids[slot]):
                # Its hint said "keep" (the convention's meaning is gone only because counting contradicts it):
                # keep it unless counting proves it useless (counting's own discard rule, spec section 2).
                if told and not told & ~board.useless:
                    useless.append((1.0, -slot))
                continue
            chance = probability(told, board.useless, weights)
            if chance > 0 and chance >= useless_at:
                useless.append((chance, -slot))
            chance = probability(told, board.safe, weights)
            if chance > 0 and chance >= safe_at:
                safe.append((chance, -slot))
        best = max(useless or safe, default=None)
        return -best[1] if best is not None else None

    def _chop(self, view: _View) -> int:
        """The unhinted card most likely safe, oldest first; the likeliest safe card if all are hinted."""
        ids = view.obs.card_ids[view.me]
        slots = [s for s in range(len(ids)) if not view.tracker.hinted(ids[s])] or list(range(len(ids)))

        def safety(slot: int) -> tuple[float, int]:
            mask = view.meanings[slot] or view.mine[slot]
            return probability(mask, view.board.safe, view.weights), -slot

        return max(slots, key=safety)

    # ---------------------------------------------------------------- 4. save, and the last-resort hint

    def _save_hint(self, view: _View) -> int | None:
        obs, cfg = view.obs, view.cfg
        for offset in range(1, cfg.players):
            holder = (view.me + offset) % cfg.players
            hand, ids = obs.hands[holder], obs.card_ids[holder]
            welcome = self._newest_welcome(view, holder)
            for slot in range(len(hand) - 1):  # the newest card cannot be saved: touching it says "play"
                if view.tracker.hinted(ids[slot]) or not view.board.critical >> hand[slot] & 1:
                    continue
                for action, _, touched in self._hints_touching(view, offset, slot):
                    if welcome or not touched[-1]:
                        return action
        return None

    def _harmless_hint(self, view: _View) -> int:
        obs, cfg = view.obs, view.cfg
        hints = [a for a in obs.legal_actions() if a >= cfg.first_colour_hint]
        harmless = []
        for action in hints:
            kind, offset, value = cfg.decode[action]
            holder = (view.me + offset) % cfg.players
            newest = obs.hands[holder][-1]
            of = cfg.colour_of if kind == HINT_COLOUR else cfg.rank_of
            if of[newest] != value or self._newest_welcome(view, holder):
                harmless.append(action)
        pool = harmless or hints
        return pool[self.rng.randrange(len(pool))]
