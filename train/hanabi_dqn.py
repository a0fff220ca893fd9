"""The mini-Hanabi DQN (spec section 4) as a LightningModule that collects its own experience by self-play.

Read top to bottom: config -> rewards -> the self-play environment -> the module (epsilon-greedy acting, one network
for both seats, target network, Double DQN and n-step options, TensorBoard scalars) -> greedy evaluation ->
`train_mini_dqn` (the Trainer call, resume, and the exported `<out>/mini-dqn.pt`).

One network plays both seats. Each seat's transitions run from its decision to its own next decision (or to the
end of the game), so the partner's move is part of the environment. A transition's reward is the reward of the
seat's own action, plus with reward_scope "team" (our default) the partner's action's reward before the seat moves
again: the game is cooperative, and a seat that only counts its own points has no reason to leave a playable card
to its partner or to avoid the misplay that burns the team's last fuse.

The replay buffer, n-step writer and resumable-checkpoint callback are train/replay.py's, shared with train/dqn.py.
"""

from __future__ import annotations

import math

from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence

import lightning as L
import numpy as np
import torch
from torch.utils.data import DataLoader

from cardlab.models.checkpoint import save_atomically
from cardlab.agents.hanabi.dqn_agent import export_checkpoint, greedy_index
from cardlab.engine.core import Rng
from cardlab.engine.hanabi.config import DISCARD, PLAY
from cardlab.engine.hanabi.features import MINI_ACTIONS, MINI_FEATURES, MiniDQN15, check_mini, mask, to_action
from cardlab.engine.hanabi.game import HanabiGame
from cardlab.engine.hanabi.state import HanabiState
from cardlab.engine.registry import make_game
from cardlab.models.qnet import QNetwork, masked_argmax, masked_max
from cardlab.runtime import UserError, hold_folder, releases_folders
from cardlab.train.config import config_from_dict
from cardlab.train.replay import (ExperienceStream, common_checks, NStepWriter, ReplayBuffer, ResumableCheckpoints,
                                  replay_memory_check)
from cardlab.train.resume import (fit, last_logger_version, open_resume_checkpoint, quiet_lightning,
                                  episodes_done, refuse_changed_settings, refuse_non_finite,
                                  refuse_shorter_than_done, refuse_used_out)

EXPORT_NAME = "mini-dqn.pt"
LAST_NAME = "mini-dqn-last.ckpt"
REWARD_SCOPES = ("team", "own")


@dataclass
class MiniDQNConfig:
    """Every hyperparameter with its default (the spec's network); YAML configs override any of them by name."""

    game: str = "hanabi:variant=mini"
    # (play, first misplay, second misplay, discard); the spec's four sets: (5,-5,-10,0) (5,-5,-10,-1)
    # (5,-1,-10,0) (20,-1,-10,-1)
    rewards: list = field(default_factory=lambda: [20.0, -1.0, -10.0, -1.0])
    reward_scope: str = "team"  # team: add the partner's reward until this seat's next decision; own: not
    gamma: float = 0.9  # per decision of the seat
    games: int = 1000  # training games (self-play: both seats learn from each)
    seed: int = 0
    # network (spec: 15 -> 256 -> 256 -> 6, LeakyReLU)
    hidden: list = field(default_factory=lambda: [256, 256])
    activation: str = "leaky_relu"
    dueling: bool = False
    double: bool = False
    n_step: int = 1
    # optimisation
    lr: float = 1e-3
    batch_size: int = 64
    loss: str = "huber"  # huber | mse
    grad_clip: float = 10.0
    buffer_size: int = 50_000
    warmup_steps: int = 256  # transitions collected before the first update
    train_every: int = 1  # environment steps per gradient update
    target_sync_every: int = 250  # gradient updates between target-network copies
    eps_start: float = 1.0
    eps_end: float = 0.05
    eps_decay_steps: int = 5_000  # environment steps (both seats' decisions) of linear decay
    # logging and evaluation
    window: int = 100  # games in the running mean of the training score
    eval_every: int = 500  # training games between greedy self-play evaluations (0: none)
    eval_games: int = 200
    final_eval_games: int = 1000  # greedy games scored after training (in the export's metrics)
    max_steps: int = -1  # safety cap on Lightning steps (-1: none)
    checkpoint_every: int = 10_000  # gradient updates between resumable checkpoints (mini-dqn-last.ckpt)
    torch_threads: int = 1  # the net is tiny: more threads cost more than they save

    @classmethod
    def from_dict(cls, data: dict, source: str = "config") -> "MiniDQNConfig":
        return config_from_dict(cls, data, source, what="mini-Hanabi DQN option")

    def validate(self, source: str = "config") -> None:
        checks = [
            *common_checks(self),
            (len(self.rewards) == 4 and all(isinstance(r, (int, float)) and not isinstance(r, bool)
                                            and math.isfinite(r) for r in self.rewards),
             f"rewards must be 4 numbers (play, first misplay, second misplay, discard), got {self.rewards!r}"),
            (self.reward_scope in REWARD_SCOPES,
             f"reward_scope must be one of {', '.join(REWARD_SCOPES)}, got {self.reward_scope!r}"),
            (0.0 <= self.gamma <= 1.0, f"gamma must be in [0, 1], got {self.gamma}"),
            (self.games > 0, f"games must be positive, got {self.games}"),
            (self.n_step >= 1, f"n_step must be at least 1, got {self.n_step}"),
            (self.loss in ("huber", "mse"), f"loss must be huber or mse, got {self.loss!r}"),
            (self.target_sync_every >= 1 and self.batch_size >= 1 and self.train_every >= 1 and self.window >= 1
             and self.buffer_size >= self.batch_size,
             "target_sync_every, batch_size, train_every and window must be positive, buffer_size >= batch_size"),
            (self.eval_every >= 0 and self.eval_games >= 0 and self.final_eval_games >= 0,
             "eval_every, eval_games and final_eval_games must not be negative"),
            replay_memory_check(self.buffer_size, MINI_FEATURES, MINI_ACTIONS),
        ]
        for ok, message in checks:
            if not ok:
                raise UserError(f"{source}: {message}")
        mini_game(self.game, source)

    @property
    def reward_tuple(self) -> tuple[float, float, float, float]:
        return tuple(float(r) for r in self.rewards)  # type: ignore[return-value]


def mini_game(spec: str, source: str = "config") -> HanabiGame:
    """The 2-player mini Hanabi game of `spec`; anything else is a UserError (the encoder has fixed widths)."""
    game = make_game(spec)
    if not isinstance(game, HanabiGame):
        raise UserError(f"{source}: game {spec!r} is not Hanabi; the mini-Hanabi DQN plays hanabi:variant=mini")
    check_mini(game.config, f"{source}: the mini-Hanabi DQN")
    return game


# ---------------------------------------------------------------- rewards

def action_reward(before: HanabiState, after: HanabiState, action: int, rewards: Sequence[float]) -> float:
    """The reward of one action (spec section 4): a successful play, the first misplay (a fuse burns), a later
    misplay (the rest burn; in mini Hanabi the second one ends the game), or a discard."""
    kind = before.cfg.decode[action][0]
    r_play, r_first, r_second, r_discard = rewards
    if kind == PLAY:
        if after.points > before.points:
            return float(r_play)
        return float(r_first if before.fuses_left == before.cfg.fuses else r_second)
    if kind == DISCARD:
        return float(r_discard)
    raise ValueError(f"action {action} is a hint; mini Hanabi has none")


# ---------------------------------------------------------------- self-play environment

class SelfPlayEnv:
    """A mini-Hanabi game where one policy moves for whichever seat is to play; rows are mini-dqn-15 features."""

    def __init__(self, game: HanabiGame, rewards: Sequence[float], seed: int) -> None:
        self.game = game
        self.rewards = tuple(rewards)
        self.rng = Rng(seed)
        self.encoder = MiniDQN15()
        self.state: HanabiState = game.new_initial_state(self.rng.next64())

    def reset(self) -> None:
        self.state = self.game.new_initial_state(self.rng.next64())

    @property
    def seat(self) -> int:
        return self.state.current_player

    def observe(self) -> tuple[np.ndarray, np.ndarray]:
        """The features and legal mask of the seat to move."""
        s = self.state
        return self.encoder.encode(s.observation(s.current_player), s.current_player), mask(s)

    def step(self, index: int) -> tuple[float, bool]:
        """Apply the mover's network index; (its action's reward, game over)."""
        before = self.state.clone()
        action = to_action(index, self.state.cfg)
        self.state.apply(action)
        return action_reward(before, self.state, action, self.rewards), self.state.is_terminal()

    def score(self) -> int:
        return self.state.score()


def greedy_scores(qnet: QNetwork, game: HanabiGame, games: int, seed: int) -> list[int]:
    """Scores of `games` greedy self-play games from fixed seeds (the same deals at every evaluation)."""
    env = SelfPlayEnv(game, (0.0, 0.0, 0.0, 0.0), seed)
    scores = []
    device = next(qnet.parameters()).device
    was_training = qnet.training
    qnet.eval()
    for _ in range(games):
        env.reset()
        done = False
        while not done:
            obs, legal = env.observe()
            if device.type == "cpu":
                index = greedy_index(qnet, obs, legal)
            else:
                with torch.no_grad():
                    q = qnet(torch.from_numpy(obs).to(device).unsqueeze(0))[0].cpu()
                index = int(masked_argmax(q, torch.from_numpy(legal)))
            _, done = env.step(index)
        scores.append(env.score())
    qnet.train(was_training)
    return scores


# ---------------------------------------------------------------- the module

class MiniDQNModule(L.LightningModule):
    """Self-play DQN: each training_step plays `train_every` decisions and makes one gradient update."""

    def __init__(self, config: dict) -> None:
        super().__init__()
        self.cfg = MiniDQNConfig.from_dict(config)
        self.save_hyperparameters({"config": asdict(self.cfg)})
        cfg = self.cfg
        self.game = mini_game(cfg.game)
        self.online = QNetwork(MINI_FEATURES, MINI_ACTIONS, cfg.hidden, cfg.activation, cfg.dueling)
        self.target = QNetwork(MINI_FEATURES, MINI_ACTIONS, cfg.hidden, cfg.activation, cfg.dueling)
        self.target.load_state_dict(self.online.state_dict())
        self.target.requires_grad_(False)
        self.automatic_optimization = False
        self.env = SelfPlayEnv(self.game, cfg.reward_tuple, Rng(cfg.seed).next64())
        self.buffer = ReplayBuffer(cfg.buffer_size, MINI_FEATURES, MINI_ACTIONS, cfg.seed)
        self.writers = [NStepWriter(self.buffer, cfg.n_step, cfg.gamma) for _ in range(self.game.num_players)]
        # per seat: [features, index, reward so far] of the decision whose transition is still open
        self.open: list[list | None] = [None] * self.game.num_players
        self.act_rng = Rng(cfg.seed + 1)
        self.env_steps = 0
        self.updates = 0
        self.syncs = 0
        self.episodes = 0
        self.recent: deque = deque(maxlen=cfg.window)
        self.evaluations: list[tuple[int, float]] = []  # (training games, greedy mean score)

    # ---- acting

    @property
    def epsilon(self) -> float:
        c = self.cfg
        frac = min(1.0, self.env_steps / max(1, c.eps_decay_steps))
        return c.eps_start + frac * (c.eps_end - c.eps_start)

    def act_index(self, obs: np.ndarray, legal: np.ndarray) -> int:
        if self.act_rng.random() < self.epsilon:
            choices = np.flatnonzero(legal)
            return int(choices[self.act_rng.randrange(len(choices))])
        with torch.no_grad():
            q = self.online(torch.from_numpy(obs).to(self.device).unsqueeze(0))[0]
        return int(masked_argmax(q, torch.from_numpy(legal).to(self.device)))

    def env_step(self) -> None:
        """One decision of the seat to move: close its open transition, act, and credit the reward."""
        env = self.env
        seat = env.seat
        obs, legal = env.observe()
        if self.open[seat] is not None:
            o, a, r = self.open[seat]
            self.writers[seat].push(o, a, r, obs, legal, False)
        index = self.act_index(obs, legal)
        reward, done = env.step(index)
        self.env_steps += 1
        if self.cfg.reward_scope == "team":
            for other, pending in enumerate(self.open):
                if other != seat and pending is not None:
                    pending[2] += reward
        self.open[seat] = [obs, index, reward]
        if done:
            self.end_game()

    def end_game(self) -> None:
        """Every seat's open transition ends with the game; log the score and start the next deal."""
        end_obs = np.zeros(MINI_FEATURES, np.float32)
        end_mask = np.zeros(MINI_ACTIONS, bool)
        for seat, pending in enumerate(self.open):
            if pending is not None:
                self.writers[seat].push(pending[0], pending[1], pending[2], end_obs, end_mask, True)
        self.open = [None] * len(self.open)
        score = self.env.score()
        self.recent.append(score)
        self.episodes += 1
        self.scalar("episode/score", score)
        self.scalar(f"episode/score_mean_{self.cfg.window}", sum(self.recent) / len(self.recent))
        self.scalar("episode/epsilon", self.epsilon)
        if self.cfg.eval_every and self.cfg.eval_games and self.episodes % self.cfg.eval_every == 0:
            mean = float(np.mean(greedy_scores(self.online, self.game, self.cfg.eval_games, self.eval_seed)))
            self.evaluations.append((self.episodes, mean))
            self.scalar("eval/greedy_mean_score", mean)
        self.env.reset()

    @property
    def eval_seed(self) -> int:
        return self.cfg.seed + 1_000_003

    def scalar(self, name: str, value: float) -> None:
        """A TensorBoard point against training games (the learning curve's x axis), when logging."""
        logger = self.logger if self._trainer is not None else None
        if logger is not None:
            logger.experiment.add_scalar(name, float(value), self.episodes)

    # ---- learning

    def td_loss(self, batch) -> tuple[torch.Tensor, torch.Tensor]:
        obs, action, ret, discount, next_obs, next_mask, done = batch
        q = self.online(obs).gather(1, action.unsqueeze(1)).squeeze(1)
        with torch.no_grad():
            next_target = self.target(next_obs)
            if self.cfg.double:
                best = masked_argmax(self.online(next_obs), next_mask)
                next_v = next_target.gather(1, best.unsqueeze(1)).squeeze(1)
                next_v = torch.where(next_mask.any(dim=1), next_v, torch.zeros_like(next_v))
            else:
                next_v = masked_max(next_target, next_mask)
            y = ret + discount * (1.0 - done) * next_v
        if self.cfg.loss == "mse":
            return torch.nn.functional.mse_loss(q, y), q
        return torch.nn.functional.smooth_l1_loss(q, y), q

    def training_step(self, batch, batch_idx):
        stepped = False
        for _ in range(self.cfg.train_every):
            if self.episodes >= self.cfg.games:  # never start a game past the requested count
                break
            self.env_step()
            stepped = True
        if self.episodes >= self.cfg.games:
            self.trainer.should_stop = True
            if not stepped:  # resumed after the last update (Ctrl-C in the final evaluation): nothing to add
                return None
        if self.buffer.size < max(self.cfg.warmup_steps, self.cfg.batch_size):
            return None
        opt = self.optimizers()
        loss, q = self.td_loss(self.buffer.sample(self.cfg.batch_size, self.device))
        opt.zero_grad()
        self.manual_backward(loss)
        if self.cfg.grad_clip > 0:
            self.clip_gradients(opt, gradient_clip_val=self.cfg.grad_clip, gradient_clip_algorithm="norm")
        opt.step()
        self.updates += 1
        if self.updates % self.cfg.target_sync_every == 0:
            self.target.load_state_dict(self.online.state_dict())
            self.syncs += 1
        self.log_dict({"train/loss": loss.detach(), "train/q_mean": q.detach().mean(), "train/epsilon": self.epsilon},
                      on_step=True, on_epoch=False, batch_size=self.cfg.batch_size)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.online.parameters(), lr=self.cfg.lr)

    def train_dataloader(self) -> DataLoader:
        return DataLoader(ExperienceStream(), batch_size=None)

    # ---- checkpoints

    def export(self, metrics: dict | None = None) -> dict:
        net = QNetwork(MINI_FEATURES, MINI_ACTIONS, self.cfg.hidden, self.cfg.activation, self.cfg.dueling)
        net.load_state_dict({k: v.detach().cpu() for k, v in self.online.state_dict().items()})
        return export_checkpoint(net, self.game.spec, asdict(self.cfg), metrics)

    def on_save_checkpoint(self, checkpoint: dict) -> None:
        # the Lightning .ckpt carries the same export, so `dqn:ckpt=<run>/mini-dqn-last.ckpt` plays too
        checkpoint["dqn_export"] = self.export({"episodes": self.episodes, "env_steps": self.env_steps})
        checkpoint["dqn_experience"] = self.experience_state()

    def on_load_checkpoint(self, checkpoint: dict) -> None:
        if "dqn_experience" in checkpoint:
            self.load_experience_state(checkpoint["dqn_experience"])

    def experience_state(self) -> dict:
        """Everything besides the weights and the optimizer that the next training step depends on."""
        return {
            "env": {"rng": self.env.rng.s, "state": self.env.state.to_dict()},
            "act_rng": self.act_rng.s,
            "buffer": self.buffer.state(),
            "pending": [list(w.pending) for w in self.writers],
            "open": [None if o is None else list(o) for o in self.open],
            "counters": {"env_steps": self.env_steps, "updates": self.updates, "syncs": self.syncs,
                         "episodes": self.episodes},
            "recent": list(self.recent), "evaluations": list(self.evaluations),
        }

    def load_experience_state(self, state: dict) -> None:
        self.env.rng.s = state["env"]["rng"]
        self.env.state = HanabiState.from_dict(state["env"]["state"])
        self.act_rng.s = state["act_rng"]
        self.buffer.load_state(state["buffer"])
        for writer, pending in zip(self.writers, state["pending"]):
            writer.pending = deque(pending)
        self.open = [None if o is None else list(o) for o in state["open"]]
        for key, value in state["counters"].items():
            setattr(self, key, value)
        self.recent = deque(state["recent"], maxlen=self.cfg.window)
        self.evaluations = [tuple(e) for e in state["evaluations"]]


# ---------------------------------------------------------------- training entry point

# options that may differ between an interrupted run and its resumption
RESUME_MAY_CHANGE = ("games", "max_steps", "final_eval_games", "checkpoint_every", "torch_threads")


def resume_checkpoint(cfg: MiniDQNConfig, out_dir: Path) -> Path:
    """The run's mini-dqn-last.ckpt, after checking it was trained with the same settings."""
    last = out_dir / LAST_NAME
    try:
        checkpoint = open_resume_checkpoint(last, "mini-Hanabi DQN training")
        saved = checkpoint["hyper_parameters"]["config"]
    except (KeyError, TypeError):
        raise UserError(f"{last}: not a readable mini-Hanabi DQN training checkpoint (no settings)") from None
    refuse_changed_settings(last, saved, asdict(cfg), RESUME_MAY_CHANGE, "--games")
    refuse_shorter_than_done(last, "--games", cfg.games, episodes_done(checkpoint), "games")
    return last


@releases_folders
def train_mini_dqn(cfg: MiniDQNConfig, out_dir: str | Path, logger: bool = True, progress: bool = False,
                   resume: bool = False) -> tuple[MiniDQNModule, dict]:
    """Train by self-play, score the greedy policy, and write `<out>/mini-dqn.pt` (the `dqn:ckpt=` agent's file).

    `resume=True` continues from `<out>/mini-dqn-last.ckpt` (written every cfg.checkpoint_every updates, on Ctrl-C
    and at the end), e.g. with a larger `games`; the result is the weights of an uninterrupted run that long.
    """
    cfg.validate()
    out_dir = Path(out_dir)
    if not resume:
        refuse_used_out(out_dir, (EXPORT_NAME, LAST_NAME))
    quiet_lightning()
    resume_from = resume_checkpoint(cfg, out_dir) if resume else None  # first: a failed resume leaves no folder
    out_dir.mkdir(parents=True, exist_ok=True)
    hold_folder(out_dir, "training into it")  # a second run into the same --out would mix checkpoints and curves
    L.seed_everything(cfg.seed, workers=False, verbose=False)
    if cfg.torch_threads > 0:
        torch.set_num_threads(cfg.torch_threads)
    module = MiniDQNModule(asdict(cfg))
    from lightning.pytorch.loggers import TensorBoardLogger

    version = last_logger_version(out_dir / "tb", resume_from is not None)  # a resumed run continues its curves
    tb = TensorBoardLogger(str(out_dir), name="tb", version=version) if logger else False
    saver = ResumableCheckpoints(out_dir / LAST_NAME, cfg.checkpoint_every if logger else 0)
    # CPU always: one decision at a time through a 15-256-256-6 net is slower on a GPU than on one core
    trainer = L.Trainer(max_epochs=-1, max_steps=cfg.max_steps, accelerator="cpu", devices=1, logger=tb,
                        enable_progress_bar=progress, enable_model_summary=False, enable_checkpointing=False,
                        log_every_n_steps=50, callbacks=[saver])
    fit(trainer, module, ckpt_path=resume_from)
    # before the final save too: a resumable checkpoint that was still finite stays so
    refuse_non_finite(out_dir, EXPORT_NAME, module.online.state_dict())
    if logger:
        saver.save(trainer)  # resumable with a larger --games; the agent can load it too
    if module.updates == 0:
        raise UserError(f"{cfg.games} games gave {module.env_steps} decisions, fewer than warmup_steps "
                        f"({cfg.warmup_steps}): no gradient update was made, so no {EXPORT_NAME} was written; "
                        "train for more games (--resume --games N continues this run)")
    module.online.cpu()
    metrics: dict = {"episodes": module.episodes, "env_steps": module.env_steps, "updates": module.updates,
                     "target_syncs": module.syncs,
                     "evaluations": [{"games": g, "greedy_mean_score": m} for g, m in module.evaluations]}
    if cfg.final_eval_games > 0:
        scores = greedy_scores(module.online, module.game, cfg.final_eval_games, module.eval_seed + 1)
        metrics["final_eval"] = {"games": len(scores), "mean_score": float(np.mean(scores)),
                                 "perfect_rate": float(np.mean([s == module.game.max_score for s in scores]))}
        if tb:
            tb.experiment.add_scalar("eval/final_mean_score", metrics["final_eval"]["mean_score"], module.episodes)
    if tb:
        tb.experiment.flush()
    save_atomically(module.export(metrics), out_dir / EXPORT_NAME)
    return module, metrics
