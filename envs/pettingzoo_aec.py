"""PettingZoo AEC environment over any cardlab game: every seat is an agent (`player_0`, `player_1`, ...).

Observation per agent: {"observation": float32 row of the game's RL encoder, "action_mask": int8, 1 = legal},
the mask being all zero for agents not to move. Actions are the game's dense ids (Discrete). Rewards come at the
end only: `state.returns()` (+1/-1/0 in zero-sum games, the team score for every player in cooperative ones).
An illegal action raises ValueError (PettingZoo's own classic games refuse them too; mask your policy).
The cardlab state is `env.game_state` (`state()` is PettingZoo's global-state method, which cardlab games do not
provide: every seat's view is `observe(agent)`).
`reset(seed=s)` starts cardlab game seed `s`, the same game `gymnasium_env` and OpenSpiel's opening chance outcomes
spelling `s` (base 1024, lowest digit first) give.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.envs._extras import require
from cardlab.envs.codec import GameCodec, check_max_steps

require("pettingzoo", "rl")
require("gymnasium", "rl")

from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

_SEED_RANGE = 2**63 - 1


class CardlabAECEnv(AECEnv):
    """All seats of one cardlab game, turn by turn (agent_selection = the state's current player)."""

    metadata = {"render_modes": ["ansi"], "name": "cardlab_v0", "is_parallelizable": False}

    def __init__(self, game_spec: "str | Any" = "hearthstone", render_mode: str | None = None,
                 max_steps: int | None = None, encoder: str | None = None, action_ids: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (ansi or None)")
        self.codec = GameCodec(game_spec, encoder, action_ids)
        self.render_mode = render_mode
        self.max_steps = check_max_steps(max_steps)
        self.metadata = dict(self.metadata, name=f"cardlab_{self.codec.name}_v0")
        self.possible_agents = [f"player_{i}" for i in range(self.codec.num_players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_box = spaces.Box(self.codec.low, self.codec.high, (self.codec.obs_dim,), np.float32)
        self.observation_spaces = {
            a: spaces.Dict({"observation": obs_box,
                            "action_mask": spaces.Box(0, 1, (self.codec.num_actions,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.num_actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game_state: Any = None  # the cardlab state; not `state`, which is PettingZoo's state() method
        self.seed_used: int | None = None
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """New game; `seed` is the cardlab game seed (None: drawn from the generator the last seed started)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(_SEED_RANGE))
        self.seed_used = game_seed
        self.game_state = self.codec.new_state(game_seed)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[max(self.game_state.current_player, 0)]
        if self.game_state.is_terminal():
            self._finish()
            self._accumulate_rewards()

    def state(self) -> np.ndarray:
        """PettingZoo's global state for centralised training: cardlab games have none (a concatenation of the seats'
        rows would not be the hidden state, and nothing defines a state space), so this says where to look."""
        raise NotImplementedError(f"{self.metadata['name']} has no global state array: use observe(agent) for each "
                                  "seat's row, or env.game_state for the cardlab state itself")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self._index[agent]
        return {"observation": self.codec.observe(self.game_state, player),
                "action_mask": self.codec.mask(self.game_state, player)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not self.codec.is_legal(self.game_state, action):
            raise ValueError(f"{agent}: action {action!r} is not legal now "
                             f"(legal ids: {self.codec.legal_ids(self.game_state)[:20]}...)")
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply(self.codec.to_action(action))
        self.steps += 1
        if self.game_state.is_terminal():
            self._finish()
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.rewards = {a: 0.0 for a in self.agents}
            self.truncations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[self.game_state.current_player]
        self._accumulate_rewards()

    def _finish(self) -> None:
        returns = self.game_state.returns()
        self.rewards = {a: float(returns[self._index[a]]) for a in self.agents}
        self.terminations = {a: True for a in self.agents}

    def render(self) -> str | None:
        if self.render_mode is None or self.game_state is None:
            return None
        return str(self.game_state)

    def close(self) -> None:
        pass
