"""tinynim's named evaluator for the search: a pile that is a multiple of 3 is lost for the player to move."""

from __future__ import annotations

from cardlab.agents.evaluators import Evaluator


class PileEvaluator(Evaluator):
    name = "pile"

    def evaluate(self, states, player):
        out = []
        for s in states:
            if s.is_terminal():
                out.append(self.terminal(s, player))
                continue
            lost_for_mover = s.stones % 3 == 0
            out.append(-1.0 if lost_for_mover == (s.current_player == player) else 1.0)
        return out


EVALUATORS = {"pile": PileEvaluator}
