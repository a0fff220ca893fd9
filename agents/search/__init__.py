"""Turn-tree search with transposition and dominance pruning (spec section 5).

`search` in spec strings builds a TurnTreeSearch (agents/search/agent.py).
"""

from agents.search.agent import AGENTS, TurnTreeSearch
from agents.search.evaluators import Evaluator, GreedyEvaluator, RhoEvaluator, make_evaluator
from agents.search.tree import SearchResult, TurnTree

__all__ = ["AGENTS", "Evaluator", "GreedyEvaluator", "RhoEvaluator", "SearchResult", "TurnTree", "TurnTreeSearch",
           "make_evaluator"]
