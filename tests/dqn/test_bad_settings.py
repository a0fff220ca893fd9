"""DQN settings that cannot work: one error naming the setting, exit 2, no run folder, never an endless loop."""

from __future__ import annotations

import signal
from contextlib import contextmanager

import pytest

from cardlab.cli import main
from cardlab.runtime import UserError
from cardlab.train.dqn import DQNConfig


@contextmanager
def gives_up_within(seconds: int):
    """Fail (rather than hang the suite) when the body still runs after `seconds`."""
    def stuck(signum, frame):
        raise AssertionError(f"still running after {seconds} s: an endless loop")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _train(tmp_path, config: str) -> int:
    (tmp_path / "dq.yaml").write_text(config)
    with gives_up_within(60):
        return main(["train", "dqn", "--config", str(tmp_path / "dq.yaml"), "--out", str(tmp_path / "out")])


@pytest.mark.parametrize("turns", [1, 0, -4])
def test_max_board_turns_below_two_is_refused_at_once(tmp_path, capsys, turns):
    # 1: an opponent moving first ends every episode with its END_TURN, and reset() looked for a start forever
    assert _train(tmp_path, f"games: 3\nmax_board_turns: {turns}\neval_episodes: 1\n") == 2
    err = capsys.readouterr().err
    assert "dq.yaml: max_board_turns must be at least 2" in err and f"got {turns}" in err
    assert "Traceback" not in err and not (tmp_path / "out").exists()


def test_two_board_turns_is_enough_for_both_seats():
    from cardlab.train.dqn import BoardEnv

    env = BoardEnv(DQNConfig.from_dict({"max_board_turns": 2}), seed=3)
    with gives_up_within(60):
        for _ in range(20):  # odd episodes: the opponent moves first
            env.reset()


def test_a_reset_that_finds_no_playable_start_gives_up_with_an_error():
    from cardlab.train.dqn import BoardEnv

    cfg = DQNConfig()
    cfg.max_board_turns = 1  # past validate(): the loop itself must not spin forever
    env = BoardEnv(cfg, seed=3)
    env.episode = 1  # the opponent moves first
    with gives_up_within(60), pytest.raises(UserError, match="no playable board episode .*max_board_turns 1"):
        env.reset()


def test_full_games_shorter_than_min_turns_are_a_user_error():
    from cardlab.train.dqn import BoardEnv

    env = BoardEnv(DQNConfig.from_dict({"min_turns": 100, "max_turns": 100}), seed=3)
    with pytest.raises(UserError, match=r"full games end before min_turns \(100\)"):
        env.reset()


@pytest.mark.parametrize("key", ["checkpoint_every", "eval_episodes"])
def test_negative_counts_are_refused_and_zero_still_means_off(key):
    with pytest.raises(UserError, match=rf"dq\.yaml: {key} must be >= 0 .*got -3"):
        DQNConfig.from_dict({key: -3}, "dq.yaml")
    assert getattr(DQNConfig.from_dict({key: 0}), key) == 0


def test_q8_without_classifier_games_is_refused_before_the_run_folder(tmp_path, capsys):
    assert _train(tmp_path, "variant: q8\ngames: 3\nclassifier_games: 0\neval_episodes: 1\n") == 2
    err = capsys.readouterr().err
    assert "dq.yaml: classifier_games must be at least 1" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()
    # unused: q57 trains no classifier, and a q8 given a classifier checkpoint records no games
    DQNConfig.from_dict({"variant": "q57", "classifier_games": 0})
    DQNConfig.from_dict({"variant": "q8", "classifier": "clf.pt", "classifier_games": 0})


def test_an_attack_file_without_attacks_is_a_user_error(tmp_path):
    from cardlab.datagen.attacks import write_attacks
    from cardlab.train.target_classifier import train_classifier

    write_attacks(tmp_path / "a.h5", 0)
    with pytest.raises(UserError, match="a.h5: no minion attacks"):
        train_classifier(tmp_path / "a.h5", tmp_path / "out", epochs=1)


def test_a_replay_buffer_larger_than_the_machine_is_refused_before_the_run_folder(tmp_path, capsys):
    assert _train(tmp_path, "games: 3\nbuffer_size: 1000000000000\neval_episodes: 1\n") == 2
    err = capsys.readouterr().err
    assert "dq.yaml: buffer_size 1000000000000 needs" in err and "GiB" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_mini_hanabi_replay_buffer_larger_than_the_machine_is_refused_before_the_run_folder(tmp_path, capsys):
    (tmp_path / "h.yaml").write_text("buffer_size: 1000000000000\n")
    argv = ["train", "dqn", "--game", "hanabi:variant=mini", "--config", str(tmp_path / "h.yaml"), "--games", "5",
            "--out", str(tmp_path / "out")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "h.yaml: buffer_size 1000000000000 needs" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_replay_buffer_that_cannot_be_allocated_names_buffer_size(monkeypatch):
    import numpy as np

    from cardlab.train.replay import ReplayBuffer

    def refuse(*args, **kwargs):
        raise MemoryError("Unable to allocate 313. TiB")

    monkeypatch.setattr(np, "zeros", refuse)
    with pytest.raises(UserError, match="buffer_size 1000: the replay buffer .* cannot be allocated"):
        ReplayBuffer(1000, 86, 57, seed=0)
