"""One seed, one game: Gymnasium, PettingZoo and OpenSpiel replay the same trajectory with the same tensors."""

from __future__ import annotations

import numpy as np
import pytest

from tests.envs.helpers import GAME_SPECS

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from cardlab.envs import gymnasium_env, openspiel_game, pettingzoo_env  # noqa: E402

SEED = 11  # below the OpenSpiel games' 1024 chance outcomes, so the root chance outcome SEED is this game


def _gym_episode(spec: str, seat: int):
    """A Gymnasium episode with seeded random masked learner actions: (learner observations, history, returns)."""
    env = gymnasium_env(spec, seat=seat)
    obs, info = env.reset(seed=SEED)
    rng = np.random.default_rng(5)
    seen = [obs]
    terminated = truncated = False
    while not (terminated or truncated):
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        seen.append(obs)
    assert terminated
    return seen, list(env.history), env.state.returns(), env.state.to_dict()


@pytest.mark.parametrize("spec", GAME_SPECS)
def test_same_seed_same_trajectory_in_every_front_end(spec):
    seat = 1
    gym_obs, history, returns, final = _gym_episode(spec, seat)
    # Gymnasium again: the episode is a function of the seed and the learner's actions (opponents reseeded).
    again = _gym_episode(spec, seat)
    assert again[1] == history and again[3] == final
    for a, b in zip(again[0], gym_obs):
        np.testing.assert_array_equal(a, b)

    # PettingZoo: replay every seat's actions; the learner's observations match Gymnasium's.
    env = pettingzoo_env(spec)
    env.reset(seed=SEED)
    pz_obs = []
    for player, action in history:
        assert env.agent_selection == f"player_{player}"
        if player == seat:
            pz_obs.append(env.observe(env.agent_selection)["observation"])
        env.step(action)
    pz_obs.append(env.observe(f"player_{seat}")["observation"])
    assert all(env.terminations.values())
    assert env.rewards[f"player_{seat}"] == returns[seat]
    assert env.game_state.to_dict() == final

    # OpenSpiel: the opening chance nodes spell SEED in base 1024 (lowest digit first), then the same ids.
    state = openspiel_game(spec).new_initial_state()
    for digit in (SEED % 1024, SEED // 1024 % 1024, SEED // 1024 ** 2):
        state.apply_action(digit)
    os_obs = []
    for player, action in history:
        assert state.current_player() == player
        if player == seat:
            os_obs.append(np.asarray(state.observation_tensor(seat), dtype=np.float32))
        state.apply_action(action)
    os_obs.append(np.asarray(state.observation_tensor(seat), dtype=np.float32))
    assert state.is_terminal() and state.returns() == pytest.approx(returns)
    assert state.cardlab_state.to_dict() == final

    assert len(gym_obs) == len(pz_obs) == len(os_obs)
    for g, p, o in zip(gym_obs, pz_obs, os_obs):
        np.testing.assert_array_equal(g, p)
        np.testing.assert_array_equal(g, o)


@pytest.mark.parametrize("spec", GAME_SPECS)
def test_reset_seed_is_the_cardlab_game_seed(spec):
    env = pettingzoo_env(spec)
    env.reset(seed=SEED)
    gym = gymnasium_env(spec, seat=0, opponent="random")
    gym.reset(seed=SEED)
    fresh = env.codec.new_state(SEED)
    assert env.game_state.to_dict() == fresh.to_dict()
    if gym.history == []:  # seat 0 moves first in every game: no opponent has moved yet
        assert gym.state.to_dict() == fresh.to_dict()
