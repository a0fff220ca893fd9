"""Gymnasium environment: one seat of a cardlab game, the other seats played by cardlab agents.

Spaces: `observation_space` is a Box (the game's RL encoder row, float32; `encoder=` picks another of the game's
encoders, e.g. Hanabi's "hle") and `action_space` a Discrete over the
game's dense action ids; `info["action_mask"]` (int8, 1 = legal) comes with every reset and step. With
`observation="dict"` the observation is {"observation": row, "action_mask": mask} instead (PettingZoo's layout).
The reward is 0 until the game ends, then `state.returns()[seat]` (+1/-1/0 zero-sum, the team score cooperative).

An illegal id (Gymnasium's checker samples unmasked actions) ends the episode with `illegal_reward` and
`info["illegal_action"] = True`; `illegal_action="raise"` raises ValueError instead. `max_steps=N` (a positive int)
truncates the episode after the learner's N-th step (opponents' moves do not count). After an episode ends
(terminated or truncated) step() raises until reset().

`reset(seed=s)` starts cardlab game seed `s` (the same game PettingZoo's reset(seed=s) and OpenSpiel's opening
chance outcomes spelling `s` give); opponents are reset with seeds derived from the game seed, so an episode is a
function of `s` and the learner's actions, as long as no other env shares an opponent Agent object (one given as an
object is used as given, not copied; a spec string makes a fresh agent per env). A game that the opponents end
before the learner's first move (Hanabi with one fuse, say) cannot be an episode: reset deals again, with seeds
derived from `s`, until the learner has a move (`info["seed"]` names the game seed played, and
reset(seed=info["seed"]) replays it; RuntimeError after 100 such deals). `self.history` lists every (player, action
id) applied, opponents' included.
"""

from __future__ import annotations

import copy
from typing import Any, Sequence

import numpy as np

from cardlab.envs._extras import require
from cardlab.envs.codec import GameCodec, check_max_steps, is_int
from cardlab.engine.core import derive_seed

gymnasium = require("gymnasium", "rl")
from gymnasium import spaces  # noqa: E402

# A sensible scripted opponent per game (agent spec strings; games not listed play against `random`).
DEFAULT_OPPONENTS = {"hearthstone": "trading", "dominion": "bigmoney", "hanabi": "age"}
_SEED_RANGE = 2**63 - 1
_REDEALS = 100  # deals tried by reset() before giving up on a game the learner never gets to play


class CardlabGymEnv(gymnasium.Env):
    """The learner sits in `seat`; `opponent` is one agent spec (or Agent) for every other seat, or one per seat."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game_spec: "str | Any" = "hearthstone", opponent: "str | Sequence | Any | None" = None,
                 seat: int = 0, observation: str = "box", illegal_action: str = "terminate",
                 illegal_reward: float = -1.0, max_steps: int | None = None, render_mode: str | None = None,
                 encoder: str | None = None, action_ids: str | None = None) -> None:
        self.codec = GameCodec(game_spec, encoder, action_ids)
        n = self.codec.num_players
        if not is_int(seat) or not 0 <= seat < n:
            raise ValueError(f"seat must be an int in 0..{n - 1} (a seat of this {n}-player game), not {seat!r}")
        seat = int(seat)
        if observation not in ("box", "dict"):
            raise ValueError(f"observation must be 'box' or 'dict', not {observation!r}")
        if illegal_action not in ("terminate", "raise"):
            raise ValueError(f"illegal_action must be 'terminate' or 'raise', not {illegal_action!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (ansi or None)")
        self.seat, self.observation_mode, self.render_mode = seat, observation, render_mode
        self.illegal_action, self.illegal_reward = illegal_action, float(illegal_reward)
        self.max_steps = check_max_steps(max_steps)
        self.opponents = self._make_opponents(opponent)
        box = spaces.Box(self.codec.low, self.codec.high, (self.codec.obs_dim,), np.float32)
        mask = spaces.Box(0, 1, (self.codec.num_actions,), np.int8)
        self.observation_space = box if observation == "box" else spaces.Dict({"observation": box, "action_mask": mask})
        self.action_space = spaces.Discrete(self.codec.num_actions)
        self.reward_range = (min(self.codec.min_return, self.illegal_reward), self.codec.max_return)
        self.state = None
        self.history: list[tuple[int, int]] = []
        self.seed_used: int | None = None
        self.steps = 0  # actions applied this episode, every seat's
        self.learner_steps = 0  # the learner's own steps this episode (what max_steps counts)
        self._over = False  # terminated or truncated: step() needs a reset() first

    def _make_opponents(self, opponent: Any) -> dict[int, Any]:
        """One agent object per other seat (two seats never share one)."""
        from cardlab.agents.registry import make_agent

        others = [s for s in range(self.codec.num_players) if s != self.seat]
        if opponent is None:
            opponent = DEFAULT_OPPONENTS.get(self.codec.name, "random")
        specs = list(opponent) if isinstance(opponent, (list, tuple)) else [opponent] * len(others)
        if len(specs) != len(others):
            raise ValueError(f"{len(specs)} opponents for {len(others)} other seats")
        agents: dict[int, Any] = {}
        for seat, spec in zip(others, specs):
            if isinstance(spec, str):
                agents[seat] = make_agent(spec, game=self.codec.game)  # the Game: its check_game sees the variant
            elif not (callable(getattr(spec, "reset", None)) and callable(getattr(spec, "act", None))):
                raise ValueError(f"opponent {spec!r} is neither an agent spec (e.g. 'random') nor an Agent "
                                 "(an object with reset(player, seed) and act(observation))")
            elif any(spec is given for given in agents.values()):
                agents[seat] = copy.deepcopy(spec)  # one Agent object for several seats: each gets its own copy
            else:
                agents[seat] = spec
        return agents

    # ------------------------------------------------------------ Gymnasium API

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[Any, dict]:
        """New episode from game seed `seed` (None: drawn from the env's generator). A game that the opponents end
        before the learner moves is dealt again from `derive_seed("gym-redeal", first_seed, k)`, k = 1, 2, ...: an
        episode must start with a move to make (PettingZoo's reset can report such a game as over; Gymnasium's
        cannot), and the redeal is deterministic, so reset(seed=s) still reproduces its episode."""
        super().reset(seed=seed)
        first_seed = int(seed) if seed is not None else int(self.np_random.integers(_SEED_RANGE))
        for deal in range(_REDEALS):
            game_seed = first_seed if deal == 0 else derive_seed("gym-redeal", first_seed, deal)
            self.seed_used = game_seed
            self.state = self.codec.new_state(game_seed)
            self.history = []
            self.steps = self.learner_steps = 0
            self._over = False
            for seat, agent in self.opponents.items():
                agent.reset(seat, derive_seed("gym-opponent", game_seed, seat))
            self._play_opponents()
            if not self.state.is_terminal():
                return self._obs(), self._info()
        raise RuntimeError(f"{_REDEALS} games from seed {first_seed} of {self.codec.game.spec or self.codec.name} "
                           f"ended before seat {self.seat} had a move: this seat never plays against these opponents")

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self._over or self.state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        if not self.codec.is_legal(self.state, action):
            if self.illegal_action == "raise":
                raise ValueError(f"action id {action!r} is not legal now (legal: {self.codec.legal_ids(self.state)})")
            self._over = True
            return self._obs(), self.illegal_reward, True, False, self._info(illegal_action=True)
        self._apply(self.seat, int(action))
        self.learner_steps += 1
        self._play_opponents()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        truncated = not terminated and self.max_steps is not None and self.learner_steps >= self.max_steps
        self._over = terminated or truncated
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return str(self.state)

    def close(self) -> None:
        pass

    # ------------------------------------------------------------ internals

    def _apply(self, player: int, action_id: int) -> None:
        self.state.apply(self.codec.to_action(action_id))
        self.history.append((player, action_id))
        self.steps += 1

    def _play_opponents(self) -> None:
        """Opponents move until the learner must decide or the game ends; they see only their observation."""
        state = self.state
        while not state.is_terminal() and state.current_player != self.seat:
            player = state.current_player
            action = self.opponents[player].act(state.observation(player))
            self._apply(player, self.codec.ids.to_id(action))

    def _obs(self) -> Any:
        row = self.codec.observe(self.state, self.seat)
        if self.observation_mode == "box":
            return row
        return {"observation": row, "action_mask": self.codec.mask(self.state, self.seat)}

    def _info(self, **extra: Any) -> dict:
        return {"action_mask": self.codec.mask(self.state, self.seat), "seed": self.seed_used, **extra}
