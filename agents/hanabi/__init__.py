"""Hanabi agents: the rule-based random, almost-random, hinting, counting, age (each builds on the one before) and
hat (the hat-guessing convention); dqn (the mini-Hanabi DQN)."""

from cardlab.agents.hanabi.age import AgeAgent
from cardlab.agents.hanabi.almost_random import AlmostRandomAgent
from cardlab.agents.hanabi.counting import CountingAgent
from cardlab.agents.hanabi.dqn_agent import MiniDQNAgent
from cardlab.agents.hanabi.hat import HatAgent
from cardlab.agents.hanabi.hinting import HintingAgent
from cardlab.agents.hanabi.random_agent import RandomHanabiAgent

AGENTS = {
    "random": RandomHanabiAgent,
    "almost-random": AlmostRandomAgent,
    "hinting": HintingAgent,
    "counting": CountingAgent,
    "age": AgeAgent,
    "hat": HatAgent,
    "dqn": MiniDQNAgent,
}
