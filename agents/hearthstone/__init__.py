"""Hearthstone's scripted bots (face, trading, greedy), leaf evaluators, the DQN board-model agents and the
reduced-state Q-learner (qlearn).

`AGENT_MODULES` maps agent names to the module whose AGENTS dict builds them, imported on first use (the DQN
agents import torch; `trading` should not pay for that).
"""

AGENT_MODULES = {
    "face": "cardlab.agents.hearthstone.baselines",
    "trading": "cardlab.agents.hearthstone.baselines",
    "greedy": "cardlab.agents.hearthstone.baselines",
    "q57": "cardlab.agents.hearthstone.q_agents",
    "q8": "cardlab.agents.hearthstone.q_agents",
    "qlearn": "cardlab.agents.hearthstone.qlearn",
}
