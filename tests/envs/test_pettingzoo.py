"""PettingZoo AEC front end: PettingZoo's own API and seed tests for every game, plus end-of-game rewards."""

from __future__ import annotations

import numpy as np
import pytest

from tests.envs.helpers import GAME_SPECS

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardlab.envs import pettingzoo_env  # noqa: E402


@pytest.mark.parametrize("spec", GAME_SPECS)
@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test warns that dict observations are not arrays
def test_pettingzoo_api_and_seed_tests(spec):
    api_test(pettingzoo_env(spec), num_cycles=300)
    seed_test(lambda: pettingzoo_env(spec), num_cycles=300)


def _play_out(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        assert reward == 0.0, "rewards come at the end only"
        assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
        others = [a for a in env.agents if a != agent]
        assert all(env.observe(a)["action_mask"].sum() == 0 for a in others), "only the player to move has a mask"
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return final


@pytest.mark.parametrize("spec", ["hearthstone", "dominion"])
def test_zero_sum_rewards_are_plus_minus_one(spec):
    env = pettingzoo_env(spec)
    final = _play_out(env, seed=4)
    assert sorted(final) == env.possible_agents
    assert sum(final.values()) == pytest.approx(0.0)
    assert set(final.values()) <= {-1.0, 0.0, 1.0}  # two players: +1/-1/0
    assert [final[a] for a in env.possible_agents] == [pytest.approx(r) for r in env.game_state.returns()]


def test_hanabi_reward_is_the_team_score_for_everyone():
    env = pettingzoo_env("hanabi:players=3")
    final = _play_out(env, seed=2)
    score = env.game_state.score()
    assert final == {f"player_{i}": float(score) for i in range(3)}


def test_illegal_action_raises():
    env = pettingzoo_env("hanabi")
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]) if (mask == 0).any() else 10**6)


def test_another_encoder_shapes_every_seats_observation():
    from cardlab.engine.features import get_encoder

    env = pettingzoo_env("hanabi:players=3", encoder="hle")
    env.reset(seed=4)
    encoder = get_encoder("hle", env.codec.game)
    for i, agent in enumerate(env.possible_agents):
        assert env.observation_space(agent)["observation"].shape == (956,)
        np.testing.assert_array_equal(env.observe(agent)["observation"],
                                      np.asarray(encoder.values(env.game_state, i)))


def test_state_stays_pettingzoos_method_and_the_game_is_game_state():
    from pettingzoo.utils import wrappers

    env = wrappers.OrderEnforcingWrapper(pettingzoo_env("hanabi"))
    env.reset(seed=0)
    with pytest.raises(NotImplementedError, match="no global state array.*env.game_state"):
        env.state()
    assert type(env.unwrapped.game_state).__name__ == "HanabiState"


def test_hearthstone_render_shows_the_table():
    env = pettingzoo_env("hearthstone", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "object at" not in text and "P0 hand: " in text and "P1 hand: " in text and "board:" in text


@pytest.mark.parametrize("bad", [0, -1, 1.5, "3", True])
def test_max_steps_must_be_a_positive_int(bad):
    with pytest.raises(ValueError, match="max_steps must be a positive int or None"):
        pettingzoo_env("dominion", max_steps=bad)
