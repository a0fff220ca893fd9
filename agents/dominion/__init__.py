"""Dominion agents: the spec's baselines (random, bigmoney, smithy-bm, greedy) and extremal (evolvable genomes)."""

from cardlab.agents.dominion.baselines import AGENTS as _BASELINES
from cardlab.agents.dominion.extremal import ExtremalAgent

AGENTS = dict(_BASELINES)
AGENTS["extremal"] = ExtremalAgent
# The extremal strategies (agents/dominion/extremal.py) add "extremal" here.
