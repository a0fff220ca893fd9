"""`hat`: an information-strategy ("hat guessing") Hanabi agent, after Cox, Silva, Deorsey, Komer, Pirwitz and Shi,
"How to Make the Perfect Fireworks Display: Two Strategies for Hanabi" (Mathematics Magazine, 2015).

Every hint carries, besides the cards it points at, an answer about every other player's hand: the hinter answers a
public question about each teammate's hand and encodes the sum of the answers modulo the number of hint values in
which hint it gives (target seat x hint class; see hat_knowledge.py). Each teammate subtracts the answers it can see
and learns its own. The questions ask which card is playable, and otherwise narrow down one card's identity (dead
values grouped together, so players learn what they can throw away).

The agent keeps no memory a fresh copy could not rebuild: its public knowledge is a pure function of the observation
(a replay of the public history); the only thing kept between calls is that replay, reused when the next observation's
history extends it.

Each turn, the first that applies:
1. play a card surely playable (from public knowledge and the cards it sees), a top-rank card first, then the lowest;
2. with a token, give the hint the convention asks for when it shows some teammate a playable card it did not know
   of, when tokens are at least `hint_floor`, when the deck is (nearly) empty (`stall`), or when it cannot discard;
3. play the card most likely playable when fuses are to spare and it is likely enough (`risk`) or the deck is empty,
   or on the game's very last turn under keep-score; else discard the card whose loss costs least in expectation
   (surely dead cards first, last copies last);
4. hint anyway (eight tokens), else the likeliest play.

Measured (keep-score, 10,000 games, `cardlab arena hat --game hanabi:players=N --seed 1`), mean [95% interval],
perfect games: 2p 22.42 [22.38, 22.45] 12.7%; 3p 24.55 [24.53, 24.57] 72.0%; 4p 24.66 [24.65, 24.68] 79.4%;
5p 24.67 [24.65, 24.68] 76.8%.
"""

from __future__ import annotations

from cardlab.agents.base import Agent, play_seats
from cardlab.agents.hanabi.cards import Board, hint_mask, planes, present, weight
from cardlab.agents.hanabi.hat_knowledge import PublicKnowledge, hint_class, replay
from cardlab.engine.hanabi.config import DISCARD, HINT_COLOUR, PLAY
from cardlab.engine.hanabi.state import HanabiState
from cardlab.runtime import UserError


class HatAgent(Agent):
    name = "hat"

    def __init__(self, seed: int = 0, hint_floor: int = -1, risk: float = 0.7, levels: int = -1,
                 play_cap: int = 1, stall: int = 0, explore: float = 0.0) -> None:
        """hint_floor: with at least this many tokens, hint even when no teammate learns of a new playable card
        (-1: 3 at two players, else 1).
        risk: the probability of being playable above which a card is played when fuses are to spare.
        levels: how hints map to values (hat_knowledge.hint_classes): 0 = three values per hand of 4+ cards, that
        can always be given; L >= 2 = 2L values per hand; -1 = 3 at two players, else 0.
        play_cap: answers each question keeps for "no card is playable".
        stall: with this many cards or fewer left in the deck, hint rather than discard.
        explore: the probability of a uniform play or discard instead of the convention's action (behaviour data
        for value networks, which must see what the deviations a search considers lead to)."""
        given = dict(hint_floor=hint_floor, risk=risk, levels=levels, play_cap=play_cap, stall=stall, explore=explore)
        defaults = dict(hint_floor=-1, risk=0.7, levels=-1, play_cap=1, stall=0, explore=0.0)
        super().__init__(seed, **{k: v for k, v in given.items() if v != defaults[k]})
        if not -1 <= levels <= 10 or levels == 1:
            raise UserError(f"agent 'hat': levels={levels} is not -1, 0 or 2-10")
        if not 1 <= play_cap <= 99:
            raise UserError(f"agent 'hat': play_cap={play_cap} is not in 1-99")
        self.levels = levels
        if not 0 <= stall <= 99:
            raise UserError(f"agent 'hat': stall={stall} is not in 0-99")
        self.stall = stall
        self.play_cap = play_cap
        if not -1 <= hint_floor <= 99:
            raise UserError(f"agent 'hat': hint_floor={hint_floor} is not -1 (auto) or in 0-99")
        if not 0.0 <= risk <= 1.0:
            raise UserError(f"agent 'hat': risk={risk} is not in [0, 1]")
        self.hint_floor = hint_floor
        self.risk = risk
        if not 0.0 <= explore <= 1.0:
            raise UserError(f"agent 'hat': explore={explore} is not in [0, 1]")
        self.explore = explore
        self._cache: tuple[int, tuple, PublicKnowledge] | None = None
        self._shadows: dict[int, HatAgent] = {}  # teammates replayed by belief_deal

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        self._cache = None
        self._shadows: dict[int, HatAgent] = {}

    # ---------------------------------------------------------------- public knowledge

    def knowledge(self, observation: HanabiState) -> PublicKnowledge:
        """The replay of the public history; continues the previous call's replay when this history extends it."""
        me = observation.current
        cache, prefix = None, ()
        if self._cache is not None and self._cache[0] == me:
            prefix, cache = self._cache[1], self._cache[2]
        levels = self.levels if self.levels >= 0 else (3 if observation.cfg.players == 2 else 0)
        pk = replay(observation, cache, prefix, play_cap=self.play_cap, levels=levels)
        self._cache = (me, observation.history, pk)
        return pk

    # ---------------------------------------------------------------- decision

    def act(self, observation: HanabiState) -> int:
        cfg = observation.cfg
        if cfg.hints == 0:
            raise UserError("agent 'hat': hat needs hint tokens (this Hanabi variant has none)")
        if self.explore and self.rng.random() < self.explore:
            options = [a for a in observation.legal_actions() if cfg.decode[a][0] in (PLAY, DISCARD)]
            if options:
                return options[self.rng.randrange(len(options))]
        pk = self.knowledge(observation)
        me = observation.current
        board = Board.of(observation)
        legal = observation.legal_actions()
        private = planes(observation.unseen_counts(me))
        public = planes(pk.counts())
        mine = self._own_masks(observation, pk, private)

        # 1. a card surely playable
        slot = self._sure_play(cfg, mine, board)
        if slot is not None:
            return cfg.play(slot)

        # 2. a hint worth its token
        can_hint = observation.hint_tokens > 0
        hint = None
        if can_hint:
            hint, gain = self._hint(observation, pk, board, public)
            floor = self.hint_floor if self.hint_floor >= 0 else (3 if cfg.players == 2 else 1)
            stall = len(observation.deck) <= self.stall  # a discard would bring the last round nearer
            if hint is not None and (gain > 0 or observation.hint_tokens >= floor or stall
                                     or not observation.discard_allowed()):
                return hint

        # 3. discard, or a calculated risk
        deck_empty = not observation.deck
        best_play, p_best = -1, 0.0
        for s, m in enumerate(mine):
            total = weight(m, private)
            if total:
                p = weight(m & board.playable, private) / total
                if p > p_best:
                    best_play, p_best = s, p
        if best_play >= 0 and observation.fuses_left > 1 and (p_best >= self.risk or deck_empty):
            return cfg.play(best_play)
        if best_play >= 0 and observation.final_turns == 1 and cfg.bomb_out == "keep":
            return cfg.play(best_play)  # the game's last turn: a misplay costs nothing under keep-score
        if observation.discard_allowed():
            return cfg.discard(self._discard(cfg, mine, board, private))
        if hint is not None:
            return hint
        if best_play >= 0 and observation.fuses_left > 1:
            return cfg.play(best_play)  # (measured: better than a misread hint)
        if can_hint:
            fallback = self._fallback_hint(observation, pk, board, public)
            if fallback is not None:
                return fallback
        if best_play >= 0:
            return cfg.play(best_play)
        return legal[0]

    @staticmethod
    def _own_masks(observation: HanabiState, pk: PublicKnowledge, private: tuple[int, int]) -> list[int]:
        cfg = observation.cfg
        me = observation.current
        return [pk.masks[i] & hint_mask(cfg, k) & present(private)
                for i, k in zip(observation.card_ids[me], observation.knowledge[me])]

    # ---------------------------------------------------------------- as a search's blueprint

    def belief_masks(self, observation: HanabiState) -> list[int]:
        """Per own slot, the card codes it may hold given the hints and the convention's answers: what a search
        that keeps this agent as its blueprint deals the own hand from (HanabiState.determinize's `masks`)."""
        private = planes(observation.unseen_counts(observation.current))
        return self._own_masks(observation, self.knowledge(observation), private)

    def belief_deal(self, observation: HanabiState, rng, tries: int = 16) -> HanabiState:
        """A full state dealt from `belief_masks`, kept only when the convention explains what the other players did
        since this player's last move (each would have chosen its move in the dealt world): a teammate who did not
        hint when it could, or hinted another player, says something about this hand that no mask records.
        After `tries` unexplained deals, the last one (such play is off the convention: a teammate explored)."""
        me = observation.current
        masks = self.belief_masks(observation)
        recent = 0
        for move in reversed(observation.history):
            if move.player == me:
                break
            recent += 1
        dealt = None
        for _ in range(tries):
            try:
                dealt = observation.determinize(me, rng, masks=masks)
            except ValueError:  # answers misread after a teammate's off-convention hint
                return observation.determinize(me, rng)
            if self._explains(dealt, recent):
                return dealt
        return dealt

    def _explains(self, dealt: HanabiState, recent: int) -> bool:
        if not recent:
            return True
        shadows = self._shadows
        s = dealt.rewind(recent)
        for move in dealt.history[len(dealt.history) - recent:]:
            q = move.player
            shadow = shadows.get(q)
            if shadow is None:
                options = {k: v for k, v in self.options.items() if k != "explore"}
                shadow = shadows[q] = type(self)(0, **options)
                shadow.reset(q, 0)
            if dealt.cfg.players > 2:
                shadow._cache = None  # its replay reads the dealt hands of third players: no reuse across deals
            if shadow.act(s.observation(q)) != move.action:
                return False
            s.apply(move.action)
        return True

    def rollout(self, observation: HanabiState, state: HanabiState, moves: int) -> None:
        """Up to `moves` moves of this convention in every seat of `state`, a deal of `observation` with moves
        applied since, in place. Each seat continues from this player's replay of the public record instead of
        replaying it from the start (the same answers as its own replay in a deal that fits the convention)."""
        pk = self.knowledge(observation)
        history = observation.history
        options = {k: v for k, v in self.options.items() if k != "explore"}

        def seat_agent(seat: int) -> HatAgent:
            agent = type(self)(0, **options)
            agent.reset(seat, 0)
            agent._cache = (seat, history, pk.copy())
            return agent

        play_seats(state, moves, seat_agent)

    @staticmethod
    def deviations(observation: HanabiState, default: int) -> list[int]:
        """The actions a search may play instead of this agent's `default`: plays and discards, and none when the
        convention asks for a hint. A hint's worth is the answers it carries, which no encoding of the afterstate
        shows, and another hint would tell teammates wrong answers."""
        cfg = observation.cfg
        if cfg.decode[default][0] not in (PLAY, DISCARD):
            return []
        return [a for a in observation.legal_actions() if cfg.decode[a][0] in (PLAY, DISCARD)]

    @staticmethod
    def _sure_play(cfg, mine: list[int], board: Board) -> int | None:
        best, best_key = None, None
        top = cfg.ranks - 1
        for slot, m in enumerate(mine):
            if m and not m & ~board.playable:
                ranks = {cfg.rank_of[c] for c in range(cfg.num_codes) if m >> c & 1}
                key = (top in ranks, -min(ranks), -slot)
                if best_key is None or key > best_key:
                    best, best_key = slot, key
        return best

    def _discard(self, cfg, mine: list[int], board: Board, private: tuple[int, int]) -> int:
        """The slot whose loss costs least in expectation: dead cards cost nothing, last copies most."""
        best, best_cost = 0, None
        for slot, m in enumerate(mine):
            total = weight(m, private)
            if not total:
                continue
            cost = 0.0
            for code in range(cfg.num_codes):
                if not m >> code & 1:
                    continue
                w = weight(1 << code, private)
                if not w or board.useless >> code & 1:
                    continue
                rank = cfg.rank_of[code]
                if board.critical >> code & 1:
                    c = 10.0 + (cfg.ranks - rank)
                elif board.playable >> code & 1:
                    c = 2.0
                else:
                    c = 1.0
                cost += w * c
            cost /= total
            if best_cost is None or cost < best_cost - 1e-9:
                best, best_cost = slot, cost
        return best

    # ---------------------------------------------------------------- hinting

    def _hint(self, observation: HanabiState, pk: PublicKnowledge, board: Board,
              public: tuple[int, int]) -> tuple[int | None, int]:
        """(the hint action the convention asks for, how many teammates it shows a playable card they did not know
        of); (None, 0) when that hint cannot be given."""
        me = observation.current
        value, answers = pk.hint_to_give(me, observation.hands)
        _, size = pk.layout(me)
        if size == 0:
            return None, 0
        best = self._concrete(observation, pk, board, public, value)
        if best is None:
            return None, 0
        # teammates who will know a playable card only after this hint
        gain = 0
        playable = board.playable
        weights = public
        live = present(public)
        for k, a in answers:
            before = any(m and not m & ~playable for m in (pk.masks[i] & live for i in pk.hands[k]))
            if before or not any(playable >> c & 1 for c in observation.hands[k]):
                continue
            q = pk.question(k, size, board, weights)
            if a < len(q.plays):
                gain += 1
        return best, gain

    @staticmethod
    def _concrete(observation: HanabiState, pk: PublicKnowledge, board: Board, public: tuple[int, int],
                  value: int) -> int | None:
        """The hint action with this value that tells its target most (None if the target's hand offers none)."""
        cfg = observation.cfg
        me = observation.current
        layout, _ = pk.layout(me)
        target, cls = -1, -1
        for seat, base, k in layout:
            if base <= value < base + k:
                target, cls = seat, value - base
        offset = (target - me) % cfg.players
        hand = observation.hands[target]
        ids = observation.card_ids[target]
        best, best_score = None, None
        live = present(public)
        for colour in (True, False):
            of = cfg.colour_of if colour else cfg.rank_of
            for a in sorted({of[c] for c in hand}):
                touched = [of[c] == a for c in hand]
                touched_ids = [i for i, t in zip(ids, touched) if t]
                if hint_class(ids, colour, touched_ids, pk.levels) != cls:
                    continue
                action = cfg.hint_colour(offset, a) if colour else cfg.hint_rank(offset, a)
                values = (pk.colour_sets if colour else pk.rank_sets)[a]
                score = 0
                for i, t in zip(ids, touched):
                    m = pk.masks[i] & live
                    after = m & values if t else m & ~values
                    score += m.bit_count() - after.bit_count()
                    if after and not after & ~board.playable and m & ~board.playable:
                        score += 100
                if best_score is None or score > best_score:
                    best, best_score = action, score
        return best

    def _fallback_hint(self, observation: HanabiState, pk: PublicKnowledge, board: Board,
                       public: tuple[int, int]) -> int | None:
        """When the hint the convention asks for cannot be given and nothing else is legal but plays: the hint whose
        misread answers do least harm (no teammate told a wrong card is playable, if possible)."""
        me = observation.current
        value, answers = pk.hint_to_give(me, observation.hands)
        _, size = pk.layout(me)
        questions = {k: pk.question(k, size, board, public) for k, _ in answers}
        best, best_harm = None, None
        for shift in range(1, size):
            action = self._concrete(observation, pk, board, public, (value + shift) % size)
            if action is None:
                continue
            harm = 0
            for k, a in answers:
                q = questions[k]
                read = (a + shift) % size
                if read < q.size:  # beyond the question's answers it is ignored
                    harm += 10 if read < len(q.plays) else 1
            if best_harm is None or harm < best_harm:
                best, best_harm = action, harm
        return best
