from dataclasses import asdict

import numpy as np
import pytest
import torch

from cardlab.agents.hearthstone.q_agents import load_board_model
from cardlab.runtime import UserError
from cardlab.train.dqn import DQNConfig, DQNModule, NStepWriter, ReplayBuffer, evaluate, greedy_policy, train_dqn


def test_short_training_beats_random_policy(trained_q57):
    module, metrics, _ = trained_q57
    assert metrics["episodes"] == 500 and metrics["updates"] > 1000
    cfg = module.cfg
    # Same starting positions for both policies; the position decides much of a board-only episode, so even the
    # trading agent's attack rule is only ~12 points above random here: 800 episodes make a 6-point margin clear.
    trained = evaluate(greedy_policy(module), cfg, 800, seed=4242)
    random = evaluate(None, cfg, 800, seed=4242)
    assert trained["win_rate"] >= random["win_rate"] + 0.06, (trained, random)


def test_target_network_syncs_every_n_updates(tmp_path):
    import lightning as L

    seen = []

    class Watch(L.Callback):
        def on_train_batch_end(self, trainer, module, outputs, batch, batch_idx):
            if module.updates == 0:
                return
            same = all(torch.equal(a, b) for a, b in zip(module.online.parameters(), module.target.parameters()))
            seen.append((module.updates, same))

    cfg = DQNConfig(games=10_000, max_steps=60, warmup_steps=32, batch_size=16, target_sync_every=7, eval_episodes=0)
    module = DQNModule(vars(cfg) | {})
    trainer = L.Trainer(max_steps=60, logger=False, enable_progress_bar=False, enable_checkpointing=False,
                        enable_model_summary=False, callbacks=[Watch()])
    trainer.fit(module)
    assert module.updates == 60 and module.syncs == 60 // 7
    assert seen and all(same == (u % 7 == 0) for u, same in seen)


def test_checkpoints_reload_to_identical_outputs(trained_q57, tmp_path):
    module, _, out = trained_q57
    x = torch.rand(32, 86)
    with torch.no_grad():
        expected = module.online.cpu()(x)
    model = load_board_model(out / "q57.pt", "q57")
    with torch.no_grad():
        assert torch.equal(model.qnet(x), expected)
    ckpt = tmp_path / "last.ckpt"
    import lightning as L

    trainer = L.Trainer(logger=False, enable_progress_bar=False, enable_model_summary=False)
    trainer.strategy.connect(module)
    trainer.save_checkpoint(ckpt)
    with torch.no_grad():
        assert torch.equal(load_board_model(ckpt).qnet(x), expected)
    with pytest.raises(UserError):
        load_board_model(out / "q57.pt", "q8")


def test_n_step_returns():
    buf = ReplayBuffer(10, 2, 3, seed=0)
    w = NStepWriter(buf, n=2, gamma=0.5)
    obs = [np.full(2, i, np.float32) for i in range(4)]
    m = np.ones(3, bool)
    w.push(obs[0], 0, 1.0, obs[1], m, False)
    assert buf.size == 0
    w.push(obs[1], 1, 2.0, obs[2], m, False)
    w.push(obs[2], 2, 4.0, obs[3], m, True)
    assert buf.size == 3
    assert np.allclose(buf.ret[:3], [1 + 0.5 * 2, 2 + 0.5 * 4, 4])
    assert np.allclose(buf.discount[:3], [0.25, 0.25, 0.5])
    assert np.allclose(buf.done[:3], [0, 1, 1])
    assert np.allclose(buf.next_obs[0], obs[2])


def test_per_turn_discount_only_shrinks_at_turn_ends():
    """discount_per=turn: attacks inside a turn keep the full value of a win; each END_TURN discounts it once."""
    buf = ReplayBuffer(10, 2, 3, seed=0)
    w = NStepWriter(buf, n=3, gamma=0.5)
    obs = [np.full(2, i, np.float32) for i in range(4)]
    m = np.ones(3, bool)
    w.push(obs[0], 0, 0.0, obs[1], m, False, step_gamma=1.0)  # an attack
    w.push(obs[1], 2, 0.0, obs[2], m, False, step_gamma=0.5)  # END_TURN
    w.push(obs[2], 0, 1.0, obs[3], m, True, step_gamma=0.5)  # the winning attack ends the episode
    assert np.allclose(buf.ret[:3], [0.5, 0.5, 1.0])
    assert np.allclose(buf.discount[0], 0.25)
    cfg = DQNConfig(discount_per="turn", gamma=0.9, reward="terminal", games=3, warmup_steps=10_000, eval_episodes=0)
    module = DQNModule(asdict(cfg))
    for _ in range(200):
        module.env_step()
    d = module.buffer.discount[:module.buffer.size]
    attack = (module.buffer.action[:module.buffer.size] != 56) & (module.buffer.done[:module.buffer.size] == 0)
    assert np.allclose(d[attack], 1.0) and np.allclose(d[~attack], 0.9)  # n_step 1: 0.9 at END_TURN and the end
    assert attack.any() and (~attack).any()


def test_options_run_double_dueling_nstep_terminal(tmp_path):
    cfg = DQNConfig(games=40, reward="terminal", gamma=0.9, double=True, dueling=True, n_step=3, warmup_steps=32,
                    batch_size=16, eval_episodes=5)
    module, metrics = train_dqn(cfg, tmp_path, logger=False)
    assert metrics["episodes"] == 40 and metrics["updates"] > 0
    assert (tmp_path / "q57.pt").exists()


def test_bad_config_is_a_user_error():
    with pytest.raises(UserError, match="variant"):
        DQNConfig.from_dict({"variant": "q9"})
    with pytest.raises(UserError, match="unknown DQN option"):
        DQNConfig.from_dict({"gama": 0.9})
    with pytest.raises(UserError, match="positions must be one of"):
        DQNConfig(positions="greedy").validate()


def test_trading_positions_start_from_played_turns_and_are_seeded():
    """positions=trading: episodes start after the player to move has played its cards, as the hand model's leaves
    do, so fresh minions that cannot attack yet appear on the learner's board; the same seed gives the same boards."""
    from cardlab.train.dqn import BoardEnv

    def boards(positions: str, seed: int) -> list:
        env = BoardEnv(DQNConfig(positions=positions, reward="terminal"), seed)
        out = []
        for _ in range(40):
            env.reset()
            out.append(env.state.inner.to_dict())
        return out

    trading = boards("trading", 3)
    assert trading == boards("trading", 3)
    assert trading != boards("random-action", 3)
    env = BoardEnv(DQNConfig(positions="trading", reward="terminal"), 4)
    fresh = 0
    for _ in range(40):
        obs, mask = env.reset()
        me = env.state.players[env.state.current_player]
        fresh += any(not m.can_attack() for m in me.board)
        assert not env.state.is_terminal() and mask.any()
    assert fresh >= 5


@pytest.mark.parametrize("games", [5, 6, 7])
def test_training_stops_at_the_requested_episode_count_with_several_steps_per_update(tmp_path, games):
    cfg = DQNConfig(games=games, train_every=4, warmup_steps=8, batch_size=8, eval_episodes=0)
    _, metrics = train_dqn(cfg, tmp_path, logger=False)
    assert metrics["episodes"] == games


def test_same_seed_trains_identical_weights(tmp_path):
    cfg = DQNConfig(games=8, train_every=2, warmup_steps=16, batch_size=8, eval_episodes=0, seed=3,
                    positions="trading", discount_per="turn", reward="terminal")
    a, metrics = train_dqn(cfg, tmp_path / "a", logger=False)
    b, _ = train_dqn(cfg, tmp_path / "b", logger=False)
    for (name, x), (_, y) in zip(a.online.state_dict().items(), b.online.state_dict().items()):
        assert torch.equal(x, y), name
    assert a.env_steps == b.env_steps
    # where and how fast it trained is reported, not stored: the checkpoints are the same bytes
    assert metrics["device"] == "cpu" and metrics["fit_seconds"] > 0 and metrics["env_steps_per_second"] > 0
    assert (tmp_path / "a" / "q57.pt").read_bytes() == (tmp_path / "b" / "q57.pt").read_bytes()


def test_interrupted_run_resumes_to_the_uninterrupted_weights(tmp_path):
    base = dict(games=30, train_every=2, warmup_steps=16, batch_size=8, eval_episodes=0, seed=4,
                positions="trading", discount_per="turn", reward="terminal", n_step=3, target_sync_every=7)
    whole, _ = train_dqn(DQNConfig(**base), tmp_path / "whole")
    # stop part-way (as Ctrl-C or a kill after a periodic save would), then resume with the same settings
    part, _ = train_dqn(DQNConfig(**base, max_steps=30), tmp_path / "parts")
    assert part.episodes < 30
    resumed, metrics = train_dqn(DQNConfig(**base), tmp_path / "parts", resume=True)
    assert metrics["episodes"] == 30 and resumed.env_steps == whole.env_steps and resumed.updates == whole.updates
    for (name, x), (_, y) in zip(whole.online.state_dict().items(), resumed.online.state_dict().items()):
        assert torch.equal(x, y), name
    with pytest.raises(UserError, match="lr"):
        train_dqn(DQNConfig(**{**base, "lr": 0.01}), tmp_path / "parts", resume=True)
    with pytest.raises(UserError, match="nothing to resume"):
        train_dqn(DQNConfig(**base), tmp_path / "none", resume=True)
    # stopped after the last update (Ctrl-C in the final evaluation): resuming adds nothing
    again, _ = train_dqn(DQNConfig(**base), tmp_path / "whole", resume=True)
    assert again.updates == whole.updates
    for (name, x), (_, y) in zip(whole.online.state_dict().items(), again.online.state_dict().items()):
        assert torch.equal(x, y), name


def test_ctrl_c_during_the_final_checkpoint_keeps_the_run_resumable(tmp_path, monkeypatch):
    """A Ctrl-C while the trained run's last checkpoint is written waits for it (the run then resumes instead of
    starting over) and leaves no half-written file."""
    import os
    import signal

    from cardlab.train.replay import ResumableCheckpoints

    real = ResumableCheckpoints.save

    def interrupted_save(self, trainer):
        os.kill(os.getpid(), signal.SIGINT)  # arrives while the checkpoint is being written
        real(self, trainer)

    monkeypatch.setattr(ResumableCheckpoints, "save", interrupted_save)
    cfg = DQNConfig(games=6, warmup_steps=32, batch_size=16, eval_episodes=0, checkpoint_every=0)
    with pytest.raises(KeyboardInterrupt):
        train_dqn(cfg, tmp_path, logger=True)
    assert (tmp_path / f"{cfg.variant}-last.ckpt").is_file() and not list(tmp_path.glob("*.tmp"))


def test_sigterm_during_training_leaves_a_resumable_checkpoint(tmp_path, monkeypatch):
    """A SIGTERM (a batch scheduler's stop) ends the run like Ctrl-C: with the training so far in the last
    checkpoint, not lost."""
    import os
    import signal

    from cardlab.train.replay import ResumableCheckpoints

    real = ResumableCheckpoints.on_train_batch_end

    def terminated(self, trainer, module, *args):
        if module.updates == 5:
            os.kill(os.getpid(), signal.SIGTERM)  # Lightning's handler notes it; the run stops after this batch
        real(self, trainer, module, *args)

    monkeypatch.setattr(ResumableCheckpoints, "on_train_batch_end", terminated)
    cfg = DQNConfig(games=200, warmup_steps=32, batch_size=16, eval_episodes=0, checkpoint_every=0)
    with pytest.raises(BaseException) as stopped:
        train_dqn(cfg, tmp_path, logger=True)
    assert not isinstance(stopped.value, AssertionError)
    last = torch.load(tmp_path / f"{cfg.variant}-last.ckpt", weights_only=False)
    assert last["global_step"] >= 5


def test_a_run_stopped_before_its_first_checkpoint_leaves_no_curves(tmp_path, monkeypatch):
    """Nothing to resume: the same command starts over, and its TensorBoard curves are the only ones (a stale
    version_0 beside them would be drawn by `cardlab plot training` too)."""
    from cardlab.train.replay import ResumableCheckpoints

    def stopped(self, trainer, module, *args):
        raise KeyboardInterrupt  # the first batch, before any checkpoint

    monkeypatch.setattr(ResumableCheckpoints, "on_train_batch_end", stopped)
    cfg = DQNConfig(games=50, warmup_steps=32, batch_size=16, eval_episodes=0, checkpoint_every=0)
    with pytest.raises(KeyboardInterrupt):
        train_dqn(cfg, tmp_path, logger=True)
    assert not (tmp_path / "tb" / "version_0").exists()
