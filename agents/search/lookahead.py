"""One more ply for the turn-tree search: score the tree's best plans after the opponent's reply.

The tree scores each leaf with the evaluator at the end of our turn. With `lookahead=AGENT` the search takes the
tree's `top` best plans, and for each of `samples` determinizations plays the plan, then the opponent's whole
turn with AGENT (a rule policy such as greedy: fast, and not the searching network), and scores where the
opponent's turn ends (just before its END_TURN for evaluators that score there, as Hearthstone's value networks
do; after it otherwise) from the opponent's side, negated: zero-sum, two players, and value networks were trained
on exactly such end-of-turn states of the acting player. The plan with the best mean wins.

A finished game inside a rollout counts as +-FINISHED label units (10x a value network's largest label), so one
lethal reply among the samples weighs heavily without making the mean infinite.
"""

from __future__ import annotations

import math

from cardlab.engine.core import Rng, State
from cardlab.runtime import UserError

FINISHED = 1000.0


class OpponentRollout:
    """Plays the opponent's next turn with a rule policy and scores where it would end the turn."""

    def __init__(self, spec: str, game, evaluator, seed: int = 0) -> None:
        from cardlab.agents.registry import make_agent
        from cardlab.engine.registry import make_game

        name = game if isinstance(game, str) else game.name
        g = make_game(name) if isinstance(game, str) else game
        probe = g.new_initial_state(0)
        if not hasattr(probe, "end_turn_action") or g.num_players != 2 or getattr(g, "kind", "") != "zero_sum":
            raise UserError(f"search: lookahead= needs a two-player zero-sum game with turns of several actions, "
                            f"not {name}")
        if spec.split(":")[0].strip() in ("search", "mcts", "human"):
            raise UserError("search: the lookahead policy must be a rule agent (e.g. greedy), not a search or a "
                            "person")
        self.agent = make_agent(spec, seed, game=name)
        self.spec = spec
        self.evaluator = evaluator
        self.before_end_turn = bool(getattr(evaluator, "before_end_turn", False))
        self.rollouts = 0

    def _reply_state(self, state: State, opponent: int, rng: Rng) -> State:
        """`state` (our turn over) advanced through the opponent's turn, stopped before its END_TURN if the
        evaluator scores there; a finished game stops it too."""
        self.agent.reset(opponent, rng.randrange(2**31))
        s = state
        for _ in range(500):  # a turn has far fewer actions; a runaway policy must not hang the search
            if s.is_terminal() or s.turn_owner != opponent:
                return s
            actor = s.current_player
            if actor != opponent:  # our decisions inside their turn: the first legal one
                s.apply(s.legal_actions()[0])
                continue
            action = self.agent.act(s.observation(opponent))
            if self.before_end_turn and action == s.end_turn_action():
                return s
            s.apply(action)
        return s

    def values(self, leaves: list[State], player: int, rng: Rng) -> list[float]:
        """Our value of each leaf (a state after our END_TURN) once the opponent has replied."""
        opponent = 1 - player
        ends = [self._reply_state(leaf.clone(), opponent, rng) for leaf in leaves]
        self.rollouts += len(ends)
        out = [0.0] * len(ends)
        live = []
        for i, s in enumerate(ends):
            if s.is_terminal():
                v = self.evaluator.terminal(s, player)
                out[i] = math.copysign(FINISHED, v) if math.isinf(v) else v
            else:  # before their END_TURN, or after their turn for after-turn evaluators (Dominion)
                live.append(i)
        if live:
            theirs = self.evaluator.evaluate([ends[i] for i in live], opponent)
            for i, v in zip(live, theirs):
                out[i] = -v
        return out
