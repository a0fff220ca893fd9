"""Turn-tree search with transposition and dominance pruning (spec section 5).

`search` in spec strings builds a TurnTreeSearch (agents/search/agent.py).
"""

from cardlab.agents.search.agent import AGENTS, TurnTreeSearch
from cardlab.agents.evaluators import Evaluator, make_evaluator
from cardlab.agents.search.tree import SearchResult, TurnTree

__all__ = ["AGENTS", "Evaluator", "SearchResult", "TurnTree", "TurnTreeSearch",
           "make_evaluator"]
