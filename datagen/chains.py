"""Chain recording and labelling (spec section 4).

Full chains: each player's state at the end of each of its turns, taken just before its END_TURN is applied
(what the player leaves on the board; the opponent's draw is not yet known) plus, for the player who acted
last, the terminal state when the game ends inside a turn. Labels f(i, n) = gamma^(n - i) * reward * outcome.

Games without threat colours (Dominion, Hanabi) record full chains only, from `turn_owner`/`turn_number`: the
state at the end of each of the player's turns. A game whose turns can end without its end-turn action (Dominion: the
last buy ends the turn) says so with `state.chain_point == "after_turn"`; its rows are the states right after each
of the player's turns ended, as for games without an end-turn action (Hanabi: every action is a turn). Labels:
zero-sum games f(i, n) with outcome = the sign of the player's return (+1 won, -1 lost, 0 draw; with 2 players the
return itself); cooperative games the final score (outcome = the team score, float32, label = outcome).

Threat-colour chains: the acting player's state after every action it takes (END_TURN included), coloured
by effective HP = own hero health - total attack of enemy minions: red < red_threshold (1), green >=
green_threshold (ours, default 15), yellow between. A sub-chain is a maximal run of one colour; it is labelled
f(i, n) * sign with sign +1 when it ends better (win, or a colour with less threat), -1 when worse (loss, or
more threat), 0 for a draw.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field

import numpy as np

from cardlab.engine.core import Rng

from cardlab.engine.features import Encoder
from cardlab.engine.hearthstone.threat import (DEFAULT_GREEN_THRESHOLD, DEFAULT_RED_THRESHOLD, ThreatColour,  # noqa: F401
                                               colour_of, effective_hp)

FULL, COLOUR = "full", "colour"
CHAIN_KINDS = (FULL, COLOUR)
DEFAULT_GAMMA = 0.9
DEFAULT_REWARD = 100.0


# Integer fields per chain kind, with their HDF5 dtypes (features, label and state are handled apart).
BEFORE_END_TURN, AFTER_TURN = "before_end_turn", "after_turn"  # where full chains take a turn's state
FIELDS = {
    FULL: {"game_id": "i8", "player": "i1", "step": "i4", "chain_len": "i4", "outcome": "i1", "turn": "i2",
           "colour": "i1", "eff_hp": "i2"},
    COLOUR: {"game_id": "i8", "player": "i1", "step": "i4", "chain_len": "i4", "outcome": "i1", "turn": "i2",
             "colour": "i1", "sub_chain": "i4", "sub_outcome": "i1", "next_colour": "i1", "eff_hp": "i2"},
}


THREAT_FIELDS = ("colour", "eff_hp")  # full-chain fields only games with threat colours (Hearthstone) have
# A cooperative game's outcome is its team score, any real number (0.5, 300): stored as is, never rounded.
COOPERATIVE_FIELDS = {"outcome": "f4"}


def chain_fields(kind: str, threat: bool = True, cooperative: bool = False) -> dict[str, str]:
    """The fields of a chain kind in a file: Hearthstone's, or without the threat-colour ones; a cooperative game's
    outcome is a float."""
    fields = dict(FIELDS[kind]) if threat else {k: v for k, v in FIELDS[kind].items() if k not in THREAT_FIELDS}
    if cooperative:
        fields.update(COOPERATIVE_FIELDS)
    return fields


def chain_point(state) -> str:
    """Where a game's full chains take each turn's state (see the module docstring)."""
    if getattr(state, "end_turn_action", None) is None:
        return AFTER_TURN
    return getattr(state, "chain_point", BEFORE_END_TURN)


def score_labels(outcome: np.ndarray) -> np.ndarray:
    """Cooperative games: the label is the final score (float32)."""
    return np.asarray(outcome, dtype=np.float32)


def discounted_labels(step: np.ndarray, chain_len: np.ndarray, sign: np.ndarray, gamma: float,
                      reward: float) -> np.ndarray:
    """f(i, n) = gamma^(n - i) * reward * sign, the label of every chain row (float32)."""
    expo = np.asarray(chain_len, dtype=np.float64) - np.asarray(step, dtype=np.float64)
    return (np.power(gamma, expo) * reward * np.asarray(sign, dtype=np.float64)).astype(np.float32)


def serialize_state(state) -> bytes:
    """zlib-compressed JSON of state.to_dict(): lets a file be re-encoded without replaying games."""
    return zlib.compress(json.dumps(state.to_dict(), separators=(",", ":"), sort_keys=True).encode(), 6)


def deserialize_state(blob) -> dict:
    return json.loads(zlib.decompress(np.asarray(blob, dtype=np.uint8).tobytes()).decode())


@dataclass
class _Raw:
    """Rows of one chain kind in recording order, before labelling."""

    player: list[int] = field(default_factory=list)
    turn: list[int] = field(default_factory=list)
    eff_hp: list[int] = field(default_factory=list)
    features: list[list[float]] = field(default_factory=list)
    states: list[bytes] = field(default_factory=list)


class ChainRecorder:
    """Records one game's rows from the full state (the recorder is not an agent) and labels them at the end."""

    def __init__(self, encoder: Encoder, kinds=CHAIN_KINDS, *, gamma: float = DEFAULT_GAMMA,
                 reward: float = DEFAULT_REWARD, green_threshold: int = DEFAULT_GREEN_THRESHOLD,
                 red_threshold: int = DEFAULT_RED_THRESHOLD, store_states: bool = False,
                 rng: Rng | None = None, cooperative: bool = False) -> None:
        self.encoder = encoder
        self.kinds = tuple(kinds)
        self.gamma = gamma
        self.reward = reward
        self.green_threshold = green_threshold
        self.red_threshold = red_threshold
        self.store_states = store_states
        self.rng = rng
        self.raw = {k: _Raw() for k in self.kinds}
        self._last_ended_turn = False
        self._by_end_action = True
        self.num_players = 2  # set from the final state in finish()
        self._hearthstone = encoder.game == "hearthstone"  # effective HP and colours are Hearthstone's
        self.cooperative = cooperative  # labels are the final score, not a discounted win/loss
        self._after_turn: bool | None = None  # decided from the first state (chain_point)

    def _add(self, kind: str, state, player: int, turn: int | None = None) -> None:
        """One row; `turn`: the turn the row ends, when `state` has already moved on to the next one."""
        raw = self.raw[kind]
        raw.player.append(player)
        raw.turn.append(state.turn_number if turn is None else turn)
        raw.eff_hp.append(effective_hp(state, player) if self._hearthstone else 0)
        raw.features.append(self.encoder.values(state, player, self.rng))
        if self.store_states:
            raw.states.append(serialize_state(state))

    def before_action(self, state, action) -> None:
        """Games with an end-turn action: the full chain takes the actor's state just before it."""
        if self._after_turn is None:
            self._after_turn = chain_point(state) == AFTER_TURN
        self._turn = (state.turn_owner, state.turn_number)
        self._by_end_action = not self._after_turn
        self._last_ended_turn = self._by_end_action and action == state.end_turn_action()
        if FULL in self.raw and self._last_ended_turn:
            self._add(FULL, state, state.current_player)

    def after_action(self, state, actor: int) -> None:
        """Games without one (every action is a turn, as in Hanabi): the state after the actor's last action."""
        if not self._by_end_action and FULL in self.raw:
            self._last_ended_turn = (state.turn_owner, state.turn_number) != self._turn or state.is_terminal()
            if self._last_ended_turn and actor == self._turn[0]:
                self._add(FULL, state, actor, turn=self._turn[1])  # the turn played, as Hearthstone's rows
        if COLOUR in self.raw:
            self._add(COLOUR, state, actor)

    def finish(self, state, last_actor: int | None) -> dict[str, dict[str, np.ndarray]]:
        """Labelled columns per chain kind; `returns` of a terminal state give the outcomes (0 = draw/unfinished)."""
        if FULL in self.raw and state.is_terminal() and not self._last_ended_turn and last_actor is not None:
            self._add(FULL, state, last_actor)  # the game ended inside this player's turn
        returns = state.returns() if state.is_terminal() else [0.0] * state.num_players
        self.num_players = state.num_players
        out = {}
        for kind, raw in self.raw.items():
            out[kind] = self._label(kind, raw, returns)
        return out

    def _outcome(self, value: float) -> float:
        """The stored raw outcome: the return itself (Hearthstone: +1/-1/0), its sign for other zero-sum games
        (shared wins with 3-4 players return fractions), the team score itself for cooperative games."""
        if self._hearthstone:
            return int(value)
        if self.cooperative:
            return float(value)
        return (value > 0) - (value < 0)

    def _label(self, kind: str, raw: _Raw, returns) -> dict[str, np.ndarray]:
        n = len(raw.player)
        player = np.asarray(raw.player, dtype=np.int8).reshape(n)
        # Rows of player 0's chain first, then player 1's, each in recording order.
        order = np.argsort(player, kind="stable")
        player = player[order]
        cols: dict[str, np.ndarray] = {
            "player": player,
            "turn": np.asarray(raw.turn, dtype=np.int16).reshape(n)[order],
            "outcome": np.asarray([self._outcome(returns[p]) for p in player],
                                  dtype=np.float32 if self.cooperative else np.int8).reshape(n),
        }
        features = np.asarray(raw.features, dtype=np.float32).reshape(n, self.encoder.dim)[order]
        step = np.zeros(n, dtype=np.int32)
        chain_len = np.zeros(n, dtype=np.int32)
        eff = np.asarray(raw.eff_hp, dtype=np.int16).reshape(n)[order]
        colour = np.asarray([colour_of(int(e), self.green_threshold, self.red_threshold) for e in eff],
                            dtype=np.int8).reshape(n)
        if kind == FULL:
            cols.update(colour=colour, eff_hp=eff)  # lets a colour trio train on full-chain (game) labels
            for p in range(self.num_players):
                idx = np.flatnonzero(player == p)
                step[idx] = np.arange(1, len(idx) + 1)
                chain_len[idx] = len(idx)
            sign = cols["outcome"]
        else:
            sub_chain = np.zeros(n, dtype=np.int32)
            sub_outcome = np.zeros(n, dtype=np.int8)
            next_colour = np.full(n, -1, dtype=np.int8)
            for p in range(self.num_players):
                idx = np.flatnonzero(player == p)
                start, k = 0, 0
                for j in range(1, len(idx) + 1):
                    if j < len(idx) and colour[idx[j]] == colour[idx[start]]:
                        continue
                    run = idx[start:j]
                    here = int(colour[run[0]])
                    if j < len(idx):
                        nxt = int(colour[idx[j]])
                        sign_run = 1 if nxt < here else -1
                    else:
                        nxt = -1
                        sign_run = int(returns[p])
                    step[run] = np.arange(1, len(run) + 1)
                    chain_len[run] = len(run)
                    sub_chain[run] = k
                    sub_outcome[run] = sign_run
                    next_colour[run] = nxt
                    start, k = j, k + 1
            cols.update(colour=colour, sub_chain=sub_chain, sub_outcome=sub_outcome, next_colour=next_colour,
                        eff_hp=eff)
            sign = sub_outcome
        cols["step"] = step
        cols["chain_len"] = chain_len
        if self.cooperative:
            cols["label"] = score_labels(cols["outcome"])
        else:
            cols["label"] = discounted_labels(step, chain_len, sign, self.gamma, self.reward)
        cols["features"] = features
        if self.store_states:
            states = np.empty(n, dtype=object)
            for j, i in enumerate(order):
                states[j] = np.frombuffer(raw.states[i], dtype=np.uint8)  # vlen uint8 in HDF5
            cols["state"] = states
        return cols
