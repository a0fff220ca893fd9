"""Gymnasium front end: registered ids, Gymnasium's env checker, masks, opponents, illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import cardlab.envs  # noqa: E402,F401  (registers the ids)
from cardlab.envs import gymnasium_env  # noqa: E402


@pytest.mark.parametrize("env_id", ["cardlab/Hearthstone-v0", "cardlab/Dominion-v0", "cardlab/Hanabi-v0"])
def test_registered_ids_pass_the_env_checker(env_id):
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].shape == (env.action_space.n,) and info["action_mask"].sum() > 0


def test_default_opponents_are_the_games_baselines():
    assert [type(a).__name__ for a in gymnasium_env("hanabi:players=3").opponents.values()] == ["AgeAgent"] * 2
    assert gymnasium_env("dominion").opponents[1].spec().startswith("bigmoney")
    assert gymnasium_env("hearthstone").opponents[1].spec().startswith("trading")


def test_dict_observation_variant_passes_the_checker():
    env = gymnasium.make("cardlab/Hanabi-v0", observation="dict", opponent="random")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=3)
    np.testing.assert_array_equal(obs["action_mask"], info["action_mask"])


@pytest.mark.parametrize("spec", ["hearthstone", "dominion", "hanabi:players=3"])
def test_masked_episode_ends_with_the_seat_return(spec):
    env = gymnasium_env(spec, seat=1)
    obs, info = env.reset(seed=7)
    rng = np.random.default_rng(0)
    total, done, steps = 0.0, False, 0
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not info.get("illegal_action")
        total += reward
        done = terminated or truncated
        steps += 1
        assert steps < 5000
    assert terminated and total == env.state.returns()[1]
    assert {p for p, _ in env.history} == set(range(env.codec.num_players))


def test_illegal_action_terminates_or_raises():
    env = gymnasium_env("hanabi", opponent="random")
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0]) if (info["action_mask"] == 0).any() else None
    if bad is None:
        bad = env.action_space.n  # out of range is illegal too
    _, reward, terminated, _, info = env.step(bad)
    assert terminated and reward == -1.0 and info["illegal_action"]
    strict = gymnasium_env("hanabi", opponent="random", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError):
        strict.step(strict.action_space.n + 5)


def test_opponent_list_and_agent_objects():
    from cardlab.agents.registry import make_agent

    env = gymnasium_env("hanabi:players=3", opponent=["random", make_agent("age", game="hanabi")])
    assert type(env.opponents[2]).__name__ == "AgeAgent"
    with pytest.raises(ValueError):
        gymnasium_env("hanabi:players=3", opponent=["random"])
    for bad in (42, {"agent": "age"}, ["age", 7]):  # refused when built, not at reset() with an AttributeError
        with pytest.raises(ValueError, match="neither an agent spec"):
            gymnasium_env("hanabi:players=3", opponent=bad)


def test_illegal_action_ends_the_episode_for_good():
    env = gymnasium_env("dominion", opponent="bigmoney")
    _, info = env.reset(seed=1)
    _, _, terminated, _, _ = env.step(env.action_space.n + 1)
    assert terminated
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))


@pytest.mark.parametrize("bad", [1.5, "0", np.float32(0), np.bool_(True), np.array([0]), np.array(0.0)])
def test_non_integer_action_ids_are_illegal(bad):
    env = gymnasium_env("hanabi:players=3", opponent="age")
    env.reset(seed=0)
    assert not env.codec.is_legal(env.state, bad)
    _, reward, terminated, _, info = env.step(bad)
    assert terminated and info["illegal_action"] and reward == -1.0


def test_every_value_the_action_space_contains_plays_that_action():
    # Stable-Baselines3's predict() returns a 0-d array for one observation; Discrete also contains Python bools.
    env = gymnasium_env("hanabi:players=3", opponent="age")
    _, info = env.reset(seed=0)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    for value in (np.array(legal), np.int16(legal), legal):
        assert env.action_space.contains(value) and env.codec.is_legal(env.state, value)
    _, reward, terminated, _, info = env.step(np.array(legal))
    assert not info.get("illegal_action") and reward != -1.0


def _episode_lengths(opponent, seeds=range(3)):
    env = gymnasium_env("dominion:players=3", opponent=opponent)
    lengths = []
    for seed in seeds:
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            done = terminated or truncated
        lengths.append(len(env.history))
    return lengths


def test_one_agent_object_plays_every_other_seat_as_its_spec_would():
    from cardlab.agents.registry import make_agent

    agent = make_agent("smithy-bm:explore=0.3", game="dominion")
    env = gymnasium_env("dominion:players=3", opponent=agent)
    assert env.opponents[1] is agent and env.opponents[2] is not agent
    assert _episode_lengths(agent) == _episode_lengths("smithy-bm:explore=0.3")


def test_max_steps_counts_the_learners_steps_only():
    env = gymnasium_env("hanabi:players=3", opponent="age", max_steps=4)
    _, info = env.reset(seed=1)
    steps = 0
    truncated = terminated = False
    while not (truncated or terminated):  # the last legal id: a hint, never a misplay that ends the game early
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        steps += 1
    assert truncated and steps == 4 and env.learner_steps == 4 and env.steps > 4
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step(0)


def test_another_encoder_gives_its_own_rows():
    """encoder="hle": Hanabi observations in the Hanabi Learning Environment's layout (658 wide at 2 players)."""
    env = gymnasium.make("cardlab/Hanabi-v0", encoder="hle", opponent="random")
    check_env(env.unwrapped)
    obs, _ = env.reset(seed=2)
    assert obs.shape == (658,) and env.observation_space.shape == (658,)
    assert env.unwrapped.codec.describe()["encoder"] == "hle"
    with pytest.raises(Exception, match="unknown encoder 'nope'"):
        gymnasium_env("hanabi", encoder="nope")


def test_an_encoder_that_draws_replays_with_the_seed_and_keeps_its_options_in_describe():
    """seed96:random_slots=true shuffles minion slots: the same seed must give the same rows, and describe() must
    name the option (a log or checkpoint that said just "seed96" would lose what the rows mean)."""
    env = gymnasium_env("hearthstone", encoder="seed96:random_slots=true", opponent="random")
    assert env.codec.describe()["encoder"] == "seed96:random_slots=true"

    def rows(seed):
        obs, info = env.reset(seed=seed)
        out = [obs]
        for _ in range(40):
            obs, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
            out.append(obs)
            if terminated or truncated:
                break
        return np.stack(out)

    first = rows(5)
    rows(6)
    np.testing.assert_array_equal(rows(5), first)


def test_an_opponent_that_cannot_play_the_variant_is_refused_when_the_env_is_made():
    with pytest.raises(Exception, match="lookahead= plays the opponent's reply in two-player games"):
        gymnasium_env("dominion:players=3", opponent="search:ckpt=dominion-sbm-explore,lookahead=bigmoney")


def test_hle_action_ids_number_moves_as_hle_does():
    """action_ids="hle": HLE's move uids (discards 0..H-1, plays H..2H-1, then hints), checked against HLE 0.0.4's
    get_move_uid for 2-5 players; with encoder="hle" an HLE-trained policy's outputs mean the same moves."""
    env = gymnasium_env("hanabi", encoder="hle", action_ids="hle", opponent="random")
    cfg, ids = env.codec.game.config, env.codec.ids
    assert env.codec.describe()["action_ids"] == "hle" and env.action_space.n == 20
    assert [ids.to_id(cfg.discard(0)), ids.to_id(cfg.play(0)), ids.to_id(cfg.hint_colour(1, 0))] == [0, 5, 10]
    assert all(ids.to_action(ids.to_id(a)) == a for a in range(cfg.num_actions))
    _, info = env.reset(seed=1)
    discard_and_play = info["action_mask"][:10]
    assert discard_and_play[5:].all() and not discard_and_play[:5].any()  # 8 hint tokens: no discard yet
    _, _, _, _, info = env.step(5)  # uid 5: play slot 0
    from cardlab.engine.hanabi.config import PLAY

    assert env.unwrapped.state.history[0].kind == PLAY and env.unwrapped.state.history[0].slot == 0
    with pytest.raises(Exception, match="unknown action ids 'nope' for hanabi"):
        gymnasium_env("hanabi", action_ids="nope")
    # a game with one numbering accepts its own name, and names it when refusing another
    assert gymnasium_env("dominion", action_ids="dominion-dense").codec.ids.name == "dominion-dense"
    with pytest.raises(Exception, match=r"unknown action ids 'hle' for dominion \(available: dominion-dense\)"):
        gymnasium_env("dominion", action_ids="hle")


def test_reset_never_starts_a_game_that_is_already_over():
    """With one fuse a random first move may bomb out before seat 1 moves: reset deals again, deterministically."""
    env = gymnasium_env("hanabi:players=2,fuses=1", opponent="random", seat=1)
    _, info = env.reset(seed=0)
    assert not env.state.is_terminal() and info["action_mask"].sum() > 0
    assert info["seed"] != 0  # game 0 ended before the learner's move: this is a redeal
    first = env.state.to_dict()
    assert env.reset(seed=0)[1]["seed"] == info["seed"] and env.state.to_dict() == first
    env.reset(seed=info["seed"])  # the seed actually played replays the same episode
    assert env.state.to_dict() == first
    env.step(int(np.flatnonzero(info["action_mask"])[0]))  # the learner has a move to make: step() plays it
    assert env.learner_steps == 1


@pytest.mark.parametrize("bad", [0, -1, 1.5, "3", True])
def test_max_steps_must_be_a_positive_int(bad):
    with pytest.raises(ValueError, match="max_steps must be a positive int or None"):
        gymnasium_env("dominion", max_steps=bad)
    assert gymnasium_env("dominion", max_steps=np.int64(3)).max_steps == 3


@pytest.mark.parametrize("bad", ["1", 2, -1, 1.0, True, None])
def test_seat_must_be_an_int_in_range(bad):
    with pytest.raises(ValueError, match="seat must be an int in 0..1"):
        gymnasium_env("hanabi", seat=bad)
    assert gymnasium_env("hanabi", seat=np.int64(1)).seat == 1


def test_hearthstone_renders_the_table_not_an_object_address():
    env = gymnasium_env("hearthstone", opponent="random", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert "object at" not in text
    assert text.startswith("turn 1: player 0 to move") and "board: (empty)" in text
    hands = [line for line in text.splitlines() if " hand: " in line]
    assert len(hands) == 2 and "Hidden card" not in text  # the true state: both hands, as Hanabi and Dominion show
