"""DQN on the board-only game (spec section 6), as a LightningModule that collects its own experience.

Read top to bottom: config -> environment (learner vs a board-only opponent, rewards) -> replay buffer with
n-step returns -> the module (epsilon-greedy acting, target network, Double DQN option, TensorBoard scalars) ->
`train_dqn` (the Trainer call and the exported checkpoint) -> `evaluate`.

Rewards: "terminal" = +-terminal_reward at the end, 0 otherwise; "shaped" = rho(s') - rho(s) from the learner's
side (agents.heuristics.rho), plus +-shaped_terminal at the end (ours; 0 = the thesis' pure shaping).
A transition runs from one learner decision to the next, so the opponent's turn is part of the environment.
"""

from __future__ import annotations

import math
import time

from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

import lightning as L
import numpy as np
import torch
from torch.utils.data import DataLoader

from cardlab.models.checkpoint import save_atomically
from cardlab.engine.core import Rng

from cardlab.runtime import UserError, hold_folder, releases_folders
from cardlab.engine.hearthstone.board_game import BOTH_EMPTY_RULES, BoardGameState, random_position
from cardlab.engine.hearthstone.decks import load_deck
from cardlab.engine.hearthstone.state import END_TURN_ACTION

from cardlab.engine.hearthstone.features.board import ENCODER_NAME, FEATURES, N8, N57, encode_board, index57_to_action, mask8, mask57
from cardlab.engine.hearthstone.heuristics import rho
from cardlab.agents.hearthstone.q_agents import BoardModel, export_checkpoint, pick_target
from cardlab.models.qnet import QNetwork, TargetClassifier, masked_argmax, masked_max
from cardlab.train.config import config_from_dict
from cardlab.train.replay import (ExperienceStream, common_checks, NStepWriter, ReplayBuffer, ResumableCheckpoints,
                                  replay_memory_check)
from cardlab.train.resume import (fit, last_logger_version, open_resume_checkpoint, quiet_lightning,
                          episodes_done, refuse_changed_settings, refuse_non_finite, refuse_shorter_than_done,
                          refuse_used_out)


# the fewest board turns an episode can have: the opponent's first turn (odd episodes) and the learner's
MIN_BOARD_TURNS = 2
# start positions tried per episode before giving up: about 1.3 are needed with any valid settings
MAX_RESET_TRIES = 1000


@dataclass
class DQNConfig:
    """Every hyperparameter with its default; YAML configs override any of them by name."""

    variant: str = "q57"  # q57 | q8
    reward: str = "shaped"  # terminal | shaped
    gamma: float = 0.8  # thesis: 0.9 (terminal), 0.8 (shaped)
    # what gamma discounts: every learner "decision" (thesis), or each "turn" (ours: a learner action that ends
    # the turn or the episode), so the number of attacks in a turn does not shrink the value of winning
    discount_per: str = "decision"
    games: int = 2000  # training episodes
    seed: int = 0
    # network (thesis: 3 x 64 sigmoid, linear output)
    hidden: list = field(default_factory=lambda: [64, 64, 64])
    activation: str = "sigmoid"
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
    eps_decay_steps: int = 5_000  # environment steps of linear decay
    # rewards
    terminal_reward: float = 100.0
    shaped_terminal: float = 0.0
    # environment
    deck: str = "liege"
    opponent: str = "random"  # random | random-action | trading
    # who plays the full game up to a board episode: random-action (thesis) | trading (ours: trading agents, and
    # the player to move plays its cards first, so episodes start from boards like the hand model's leaves)
    positions: str = "random-action"
    min_turns: int = 4  # the full game is played randomly for min..max turns before board play starts
    max_turns: int = 14
    max_board_turns: int = 30
    # end a board episode when one side's board is empty (the side with minions wins); off: play on until a hero
    # dies, so the terminal reward also sees face damage
    decide_on_empty_board: bool = True
    # both boards empty at a turn boundary: "health" = the healthier hero wins, "draw" (ours) = a draw
    both_empty: str = "health"
    # q8 target classifier: a checkpoint, or trained first from classifier_games trading-vs-trading games
    classifier: str = ""
    classifier_games: int = 1100
    classifier_epochs: int = 20
    # evaluation after training: win rate vs a random board player
    eval_episodes: int = 200
    max_steps: int = -1  # safety cap on Lightning steps (-1: none)
    checkpoint_every: int = 10_000  # gradient updates between resumable checkpoints (<variant>-last.ckpt)
    torch_threads: int = 1  # CPU threads; these nets are tiny, and more threads cost more than they save

    @classmethod
    def from_dict(cls, data: dict, source: str = "config") -> "DQNConfig":
        return config_from_dict(cls, data, source, what="DQN option")

    def validate(self, source: str = "config") -> None:
        checks = [
            (self.variant in ("q57", "q8"), f"variant must be q57 or q8, got {self.variant!r}"),
            (self.reward in ("terminal", "shaped"), f"reward must be terminal or shaped, got {self.reward!r}"),
            (0.0 <= self.gamma <= 1.0, f"gamma must be in [0, 1], got {self.gamma}"),
            (0 < self.terminal_reward < math.inf,
             f"terminal_reward must be a finite number above 0, got {self.terminal_reward}"),
            (math.isfinite(self.shaped_terminal), f"shaped_terminal must be a finite number, got {self.shaped_terminal}"),
            (self.games > 0, f"games must be positive, got {self.games}"),
            (self.discount_per in ("decision", "turn"),
             f"discount_per must be decision or turn, got {self.discount_per!r}"),
            (self.n_step >= 1, f"n_step must be at least 1, got {self.n_step}"),
            (self.loss in ("huber", "mse"), f"loss must be huber or mse, got {self.loss!r}"),
            (self.opponent in OPPONENTS, f"opponent must be one of {', '.join(OPPONENTS)}, got {self.opponent!r}"),
            (self.both_empty in BOTH_EMPTY_RULES,
             f"both_empty must be one of {', '.join(BOTH_EMPTY_RULES)}, got {self.both_empty!r}"),
            (self.positions in POSITION_PLAYERS,
             f"positions must be one of {', '.join(POSITION_PLAYERS)}, got {self.positions!r}"),
            (1 <= self.min_turns <= self.max_turns, f"need 1 <= min_turns <= max_turns, got {self.min_turns}, {self.max_turns}"),
            (self.target_sync_every >= 1 and self.batch_size >= 1 and self.train_every >= 1,
             "target_sync_every, batch_size and train_every must be positive"),
            # 1: when the opponent moves first its END_TURN already ends the episode, so no start position is
            # playable and reset() could never find one; 0 ends every episode before it starts
            (self.max_board_turns >= MIN_BOARD_TURNS,
             f"max_board_turns must be at least {MIN_BOARD_TURNS} (the opponent's first turn and the learner's), "
             f"got {self.max_board_turns}"),
            (self.checkpoint_every >= 0,
             f"checkpoint_every must be >= 0 (0 = only on Ctrl-C and at the end), got {self.checkpoint_every}"),
            (self.eval_episodes >= 0, f"eval_episodes must be >= 0 (0 = no evaluation), got {self.eval_episodes}"),
            # the classifier is trained only for q8 without a classifier checkpoint; no game, no attack to learn from
            (self.variant != "q8" or bool(self.classifier) or self.classifier_games >= 1,
             f"classifier_games must be at least 1 (games recorded to train the q8 target classifier), got "
             f"{self.classifier_games}"),
            (self.variant != "q8" or bool(self.classifier) or self.classifier_epochs >= 1,
             f"classifier_epochs must be at least 1, got {self.classifier_epochs}"),
            *common_checks(self),
            replay_memory_check(self.buffer_size, FEATURES, self.n_actions),
        ]
        for ok, message in checks:
            if not ok:
                raise UserError(f"{source}: {message}")

    @property
    def n_actions(self) -> int:
        return N57 if self.variant == "q57" else N8


# ---------------------------------------------------------------- environment

def _opp_random(state, rng: Rng) -> tuple:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _opp_random_action(state, rng: Rng) -> tuple:
    legal = [a for a in state.legal_actions() if a != END_TURN_ACTION]
    return rng.choice(legal) if legal else END_TURN_ACTION


def _opp_trading(state, rng: Rng) -> tuple:
    from cardlab.agents.hearthstone.baselines import best_attack

    legal = state.legal_actions()
    return best_attack(state.inner, state.current_player, legal) or END_TURN_ACTION


def _full_trading(state, rng: Rng) -> tuple:
    """The trading agent on the full game (its cards and attacks), for realistic starting boards."""
    from cardlab.agents.hearthstone.baselines import TradingAgent

    agent = TradingAgent(rng.next64())
    agent.player = state.current
    return agent.act(state.observation(state.current))


def _trading_cards(state, rng: Rng, limit: int = 30) -> None:
    """The player to move plays this turn's cards as the trading agent would, so the board game starts from the
    boards the hand model scores (fresh minions that cannot attack yet included)."""
    from cardlab.agents.hearthstone.baselines import TradingAgent, forced_action

    agent = TradingAgent(rng.next64())
    player = agent.player = state.current
    for _ in range(limit):
        if state.terminal or state.current != player:
            return
        legal = state.legal_actions()
        action = forced_action(legal, rng) or agent._play(state.observation(player), player, legal)
        if action is None:
            return
        state.apply(action)


# None: the board game's own random-action player
POSITION_PLAYERS: dict[str, Callable | None] = {"random-action": None, "trading": _full_trading}

OPPONENTS: dict[str, Callable] = {"random": _opp_random, "random-action": _opp_random_action, "trading": _opp_trading}


class BoardEnv:
    """The learner's view of the board-only game: observations are board86 rows, actions the variant's indices."""

    def __init__(self, cfg: DQNConfig, seed: int, classifier: TargetClassifier | None = None) -> None:
        self.cfg = cfg
        self.rng = Rng(seed)
        deck = load_deck(cfg.deck).as_tuple()
        self.decks = [deck, deck]
        self.classifier = classifier
        self.opponent = OPPONENTS[cfg.opponent]
        self.episode = 0
        self.state: BoardGameState | None = None
        self.learner = 0

    def mask(self, legal: list[tuple]) -> np.ndarray:
        return mask57(legal) if self.cfg.variant == "q57" else mask8(legal)

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        """A fresh episode; the learner plays first or second in alternate episodes.

        Bounded: settings under which every start position is over before the learner moves are a UserError,
        not an endless loop (which Ctrl-C cannot stop, as it is only checked between training steps)."""
        for _ in range(MAX_RESET_TRIES):
            try:
                pos = random_position(self.decks, self.rng.next64(), self.cfg.min_turns, self.cfg.max_turns,
                                      policy=POSITION_PLAYERS[self.cfg.positions])
            except RuntimeError as exc:
                if not str(exc).startswith("no non-terminal position"):
                    raise
                # every game it tried ended before min_turns
                raise UserError(f"no board position found: the full games end before min_turns "
                                f"({self.cfg.min_turns}); lower min_turns and max_turns") from None
            if self.cfg.positions == "trading":
                _trading_cards(pos, self.rng)
            if pos.terminal:
                continue
            self.state = BoardGameState(pos, max_board_turns=self.cfg.max_board_turns,
                                        decide_on_empty_board=self.cfg.decide_on_empty_board,
                                        both_empty=self.cfg.both_empty)
            self.learner = pos.current if self.episode % 2 == 0 else 1 - pos.current
            self._opponent_moves()
            if not self.state.is_terminal():
                self.episode += 1
                return self.observe()
        raise UserError(f"no playable board episode in {MAX_RESET_TRIES} start positions: each was over before the "
                        f"learner's first move (max_board_turns {self.cfg.max_board_turns}, min_turns "
                        f"{self.cfg.min_turns}, max_turns {self.cfg.max_turns}, opponent {self.cfg.opponent})")

    def observe(self) -> tuple[np.ndarray, np.ndarray]:
        return encode_board(self.state, self.learner), self.mask(self.state.legal_actions())

    def _opponent_moves(self) -> None:
        s = self.state
        while not s.is_terminal() and s.current_player != self.learner:
            s.apply(self.opponent(s, self.rng))

    def to_action(self, index: int, features: np.ndarray) -> tuple:
        legal = self.state.legal_actions()
        if self.cfg.variant == "q57":
            return index57_to_action(index)
        if index == N8 - 1:
            return END_TURN_ACTION
        return pick_target(self.classifier, features, legal, index + 1)

    def outcome(self) -> float:
        """+1 learner won, -1 lost, 0 draw (terminal states only)."""
        w = self.state.winner
        return 0.0 if w == -1 else (1.0 if w == self.learner else -1.0)

    def step(self, index: int, features: np.ndarray) -> tuple[float, bool]:
        """Apply the learner's action (and the opponent's turn if it ended its own); returns (reward, done)."""
        s = self.state
        before = rho(s.inner, self.learner) if self.cfg.reward == "shaped" else 0.0
        s.apply(self.to_action(index, features))
        self._opponent_moves()
        done = s.is_terminal()
        if self.cfg.reward == "shaped":
            reward = rho(s.inner, self.learner) - before
            if done:
                reward += self.cfg.shaped_terminal * self.outcome()
        else:
            reward = self.cfg.terminal_reward * self.outcome() if done else 0.0
        return reward, done


# ---------------------------------------------------------------- the module

_Forever = ExperienceStream  # the generic pieces live in train/replay.py (the mini-Hanabi DQN uses them too)


class DQNModule(L.LightningModule):
    def __init__(self, config: dict, classifier: TargetClassifier | None = None) -> None:
        super().__init__()
        self.cfg = DQNConfig.from_dict(config)
        self.save_hyperparameters({"config": asdict(self.cfg)})
        cfg = self.cfg
        if cfg.variant == "q8" and classifier is None:
            raise UserError("the q8 variant needs a target classifier")
        self.online = QNetwork(FEATURES, cfg.n_actions, cfg.hidden, cfg.activation, cfg.dueling)
        self.target = QNetwork(FEATURES, cfg.n_actions, cfg.hidden, cfg.activation, cfg.dueling)
        self.target.load_state_dict(self.online.state_dict())
        self.target.requires_grad_(False)
        self.classifier = classifier.eval().requires_grad_(False) if classifier is not None else None
        self.automatic_optimization = False
        self.env = BoardEnv(cfg, Rng(cfg.seed).next64(), classifier)
        self.buffer = ReplayBuffer(cfg.buffer_size, FEATURES, cfg.n_actions, cfg.seed)
        self.writer = NStepWriter(self.buffer, cfg.n_step, cfg.gamma)
        self.act_rng = Rng(cfg.seed + 1)
        self.env_steps = 0
        self.updates = 0
        self.syncs = 0
        self.episodes = 0
        self.episode_return = 0.0
        self.recent: deque = deque(maxlen=100)
        self.obs, self.mask = self.env.reset()

    # ---- acting

    @property
    def epsilon(self) -> float:
        c = self.cfg
        frac = min(1.0, self.env_steps / max(1, c.eps_decay_steps))
        return c.eps_start + frac * (c.eps_end - c.eps_start)

    def greedy_index(self, obs: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            q = self.online(torch.from_numpy(obs).to(self.device).unsqueeze(0))[0]
        return int(masked_argmax(q, torch.from_numpy(mask).to(self.device)))

    def act_index(self, obs: np.ndarray, mask: np.ndarray) -> int:
        if self.act_rng.random() < self.epsilon:
            legal = np.flatnonzero(mask)
            return int(legal[self.act_rng.randrange(len(legal))])
        return self.greedy_index(obs, mask)

    def env_step(self) -> None:
        obs, mask = self.obs, self.mask
        index = self.act_index(obs, mask)
        reward, done = self.env.step(index, obs)
        next_obs, next_mask = self.env.observe()
        turn_over = index == self.cfg.n_actions - 1  # END_TURN is the last index of both action spaces
        step_gamma = self.cfg.gamma if (self.cfg.discount_per == "decision" or turn_over or done) else 1.0
        self.writer.push(obs, index, reward, next_obs, next_mask, done, step_gamma)
        self.env_steps += 1
        self.episode_return += reward
        if done:
            outcome = self.env.outcome()
            self.recent.append(outcome)
            self.episodes += 1
            self.log_dict({"episode/outcome": outcome, "episode/return": self.episode_return,
                           "episode/win_rate_100": sum(o > 0 for o in self.recent) / len(self.recent),
                           "episode/count": float(self.episodes)}, on_step=True, on_epoch=False, batch_size=1)
            self.episode_return = 0.0
            self.obs, self.mask = self.env.reset()
        else:
            self.obs, self.mask = next_obs, next_mask

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
            loss = torch.nn.functional.mse_loss(q, y)
        else:
            loss = torch.nn.functional.smooth_l1_loss(q, y)
        return loss, q

    def training_step(self, batch, batch_idx):
        stepped = False
        for _ in range(self.cfg.train_every):
            if self.episodes >= self.cfg.games:  # never start an episode past the requested count
                break
            self.env_step()
            stepped = True
        if self.episodes >= self.cfg.games:
            self.trainer.should_stop = True
            if not stepped:  # resumed after the last update (Ctrl-C in the final evaluation): nothing to add
                return None
        self.log("train/epsilon", self.epsilon, on_step=True, on_epoch=False, batch_size=1)
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
            self.sync_target()
        self.log_dict({"train/loss": loss.detach(), "train/q_mean": q.detach().mean(), "train/q_max": q.detach().max()},
                      on_step=True, on_epoch=False, batch_size=self.cfg.batch_size)
        return loss

    def sync_target(self) -> None:
        self.target.load_state_dict(self.online.state_dict())
        self.syncs += 1

    def configure_optimizers(self):
        return torch.optim.Adam(self.online.parameters(), lr=self.cfg.lr)

    def train_dataloader(self) -> DataLoader:
        return DataLoader(_Forever(), batch_size=None)

    # ---- checkpoints

    def export(self, metrics: dict | None = None) -> dict:
        online = QNetwork(FEATURES, self.cfg.n_actions, self.cfg.hidden, self.cfg.activation, self.cfg.dueling)
        online.load_state_dict({k: v.detach().cpu() for k, v in self.online.state_dict().items()})
        clf = None
        if self.classifier is not None:
            clf = type(self.classifier)(**self.classifier.config)
            clf.load_state_dict({k: v.detach().cpu() for k, v in self.classifier.state_dict().items()})
        return export_checkpoint(self.cfg.variant, online, clf, asdict(self.cfg), metrics)

    def on_save_checkpoint(self, checkpoint: dict) -> None:
        # A Lightning .ckpt is loadable by the agents too: it carries the same self-contained export.
        checkpoint["dqn_export"] = self.export({"episodes": self.episodes, "env_steps": self.env_steps})
        checkpoint["dqn_experience"] = self.experience_state()

    def on_load_checkpoint(self, checkpoint: dict) -> None:
        if "dqn_experience" in checkpoint:
            self.load_experience_state(checkpoint["dqn_experience"])

    def experience_state(self) -> dict:
        """Everything besides the weights and the optimizer that the next training step depends on."""
        b, n = self.buffer, self.buffer.size
        return {
            "env": {"rng": self.env.rng.s, "episode": self.env.episode, "learner": self.env.learner,
                    "state": self.env.state.to_dict()},
            "act_rng": self.act_rng.s,
            "buffer": {"obs": b.obs[:n].copy(), "next_obs": b.next_obs[:n].copy(), "action": b.action[:n].copy(),
                       "ret": b.ret[:n].copy(), "discount": b.discount[:n].copy(),
                       "next_mask": b.next_mask[:n].copy(), "done": b.done[:n].copy(), "size": n, "pos": b.pos,
                       "rng": b.rng.bit_generator.state},
            "pending": list(self.writer.pending),
            "counters": {"env_steps": self.env_steps, "updates": self.updates, "syncs": self.syncs,
                         "episodes": self.episodes, "episode_return": self.episode_return},
            "recent": list(self.recent), "obs": self.obs, "mask": self.mask,
        }

    def load_experience_state(self, state: dict) -> None:
        self.env.rng.s = state["env"]["rng"]
        self.env.episode, self.env.learner = state["env"]["episode"], state["env"]["learner"]
        self.env.state = BoardGameState.from_dict(state["env"]["state"])
        self.act_rng.s = state["act_rng"]
        b, saved = self.buffer, state["buffer"]
        n = saved["size"]
        for name in ("obs", "next_obs", "action", "ret", "discount", "next_mask", "done"):
            getattr(b, name)[:n] = saved[name]
        b.size, b.pos = n, saved["pos"]
        b.rng.bit_generator.state = saved["rng"]
        self.writer.pending = deque(state["pending"])
        for key, value in state["counters"].items():
            setattr(self, key, value)
        self.recent = deque(state["recent"], maxlen=100)
        self.obs, self.mask = state["obs"], state["mask"]

    def board_model(self) -> BoardModel:
        ex = self.export()
        q = QNetwork(**ex["qnet_config"])
        q.load_state_dict(ex["state_dict"])
        clf = None
        if ex["classifier"] is not None:
            clf = TargetClassifier(**ex["classifier"]["config"])
            clf.load_state_dict(ex["classifier"]["state_dict"])
        return BoardModel(self.cfg.variant, q, clf)


# ---------------------------------------------------------------- evaluation

def evaluate(choose: Callable[[BoardEnv, np.ndarray, np.ndarray], int] | None, cfg: DQNConfig, episodes: int, seed: int,
             classifier: TargetClassifier | None = None) -> dict:
    """Win rate of a policy over `episodes` board-only episodes vs cfg.opponent; choose=None is the uniform random policy.

    The same seed gives the same starting positions to every policy compared.
    """
    env = BoardEnv(cfg, seed, classifier)
    rng = Rng(seed + 7)
    wins = losses = 0
    for _ in range(episodes):
        obs, mask = env.reset()
        done = False
        while not done:
            if choose is None:
                legal = np.flatnonzero(mask)
                index = int(legal[rng.randrange(len(legal))])
            else:
                index = choose(env, obs, mask)
            _, done = env.step(index, obs)
            obs, mask = env.observe()
        o = env.outcome()
        wins += o > 0
        losses += o < 0
    return {"episodes": episodes, "wins": int(wins), "losses": int(losses), "win_rate": wins / episodes}


def greedy_policy(module: DQNModule) -> Callable:
    net = module.online

    def choose(env: BoardEnv, obs: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            q = net(torch.from_numpy(obs).to(next(net.parameters()).device).unsqueeze(0))[0].cpu()
        return int(masked_argmax(q, torch.from_numpy(mask)))

    return choose


# ---------------------------------------------------------------- training entry point

def get_classifier(cfg: DQNConfig, out_dir: Path, reuse: bool = False) -> tuple[TargetClassifier | None, dict]:
    """q8 only: load cfg.classifier, or record attacks and train one in out_dir (`reuse`: the one already there)."""
    if cfg.variant != "q8":
        return None, {}
    from cardlab.train.target_classifier import load_classifier, train_classifier

    trained_here = out_dir / "target_classifier.pt"
    if cfg.classifier or (reuse and trained_here.is_file()):
        path = Path(cfg.classifier or trained_here)
        if not path.exists():
            raise UserError(f"classifier checkpoint {path} does not exist")
        ckpt = torch.load(path, map_location="cpu", weights_only=False)
        if not isinstance(ckpt, dict) or ckpt.get("kind") != "target_classifier" or ckpt.get("encoder") != ENCODER_NAME:
            raise UserError(f"{path}: not a target-classifier checkpoint for encoder {ENCODER_NAME}")
        return load_classifier(ckpt), dict(ckpt.get("metrics", {}))
    from cardlab.datagen.attacks import write_attacks

    data = out_dir / "attacks.h5"
    write_attacks(data, cfg.classifier_games, seed=cfg.seed, deck=cfg.deck)
    net, metrics = train_classifier(data, out_dir, epochs=cfg.classifier_epochs, seed=cfg.seed)
    return net, metrics


# options that may differ between an interrupted run and its resumption
RESUME_MAY_CHANGE = ("games", "max_steps", "eval_episodes", "checkpoint_every", "torch_threads")


def resume_checkpoint(cfg: DQNConfig, out_dir: Path) -> Path:
    """The run's `<variant>-last.ckpt`, after checking it was trained with the same settings."""
    last = out_dir / f"{cfg.variant}-last.ckpt"
    try:
        checkpoint = open_resume_checkpoint(last, "DQN training")
        saved = checkpoint["hyper_parameters"]["config"]
    except (KeyError, TypeError):
        raise UserError(f"{last}: not a readable DQN training checkpoint (no settings)") from None
    refuse_changed_settings(last, saved, asdict(cfg), RESUME_MAY_CHANGE, "--games")
    refuse_shorter_than_done(last, "--games", cfg.games, episodes_done(checkpoint), "games")
    return last


class StepsAtStart(L.Callback):
    """The environment steps a resumed run had already taken, for this run's own steps per second."""

    steps = 0

    def on_train_start(self, trainer, pl_module) -> None:
        self.steps = pl_module.env_steps


@releases_folders
def train_dqn(cfg: DQNConfig, out_dir: str | Path, logger: bool = True, progress: bool = False,
              resume: bool = False) -> tuple[DQNModule, dict]:
    """Train, evaluate vs a random board player, and write `<variant>.pt` (the agents' checkpoint) in out_dir.

    `resume=True` continues from `<variant>-last.ckpt` (written every cfg.checkpoint_every updates, on Ctrl-C and
    at the end); a resumed interrupted run ends with the weights of an uninterrupted one.
    """
    cfg.validate()
    out_dir = Path(out_dir)
    if not resume:
        refuse_used_out(out_dir, (f"{cfg.variant}.pt", f"{cfg.variant}-last.ckpt"))
    quiet_lightning()
    resume_from = resume_checkpoint(cfg, out_dir) if resume else None  # first: a failed resume leaves no folder
    out_dir.mkdir(parents=True, exist_ok=True)
    hold_folder(out_dir, "training into it")  # a second run into the same --out would mix checkpoints and curves
    L.seed_everything(cfg.seed, workers=False, verbose=False)
    if cfg.torch_threads > 0:
        torch.set_num_threads(cfg.torch_threads)
    classifier, clf_metrics = get_classifier(cfg, out_dir, reuse=resume)
    module = DQNModule(asdict(cfg), classifier)
    from lightning.pytorch.loggers import TensorBoardLogger

    version = last_logger_version(out_dir / "tb", resume_from is not None)  # a resumed run continues its curves
    tb = TensorBoardLogger(str(out_dir), name="tb", version=version) if logger else False
    saver = ResumableCheckpoints(out_dir / f"{cfg.variant}-last.ckpt", cfg.checkpoint_every if logger else 0)
    start = StepsAtStart()
    # epochs mean nothing here (experience is collected inside training_step): training stops after cfg.games
    trainer = L.Trainer(max_epochs=-1, max_steps=cfg.max_steps, accelerator="auto", devices=1, logger=tb,
                        enable_progress_bar=progress, enable_model_summary=False, enable_checkpointing=False,
                        log_every_n_steps=50, callbacks=[saver, start])
    started = time.perf_counter()
    try:
        fit(trainer, module, ckpt_path=resume_from)
    except BaseException:
        if tb and resume_from is None and not saver.path.is_file():  # nothing to continue: a rerun starts over,
            import shutil  # and its curves must not join this start's in a second version

            shutil.rmtree(tb.log_dir, ignore_errors=True)
        raise
    fit_seconds = time.perf_counter() - started
    # before the final save too: a resumable checkpoint that was still finite stays so
    weights = {**module.online.state_dict(),
               **({f"classifier.{k}": v for k, v in classifier.state_dict().items()} if classifier is not None else {})}
    refuse_non_finite(out_dir, f"{cfg.variant}.pt", weights)
    if logger:  # resumable with a larger --games; agents can load it too
        from cardlab.runtime import StopOnInterrupt

        with StopOnInterrupt() as stop:  # a Ctrl-C now would throw the whole run away: it stops after the save
            saver.save(trainer)
        if stop.requested:
            raise KeyboardInterrupt
    if module.updates == 0:
        raise UserError(f"{cfg.games} games gave {module.env_steps} steps, fewer than max(warmup_steps, batch_size) "
                        f"= {max(cfg.warmup_steps, cfg.batch_size)}: no gradient update was made, so no "
                        f"{cfg.variant}.pt was written; "
                        "train for more games (--resume --games N continues this run)")
    module.online.cpu()
    metrics: dict = {"episodes": module.episodes, "env_steps": module.env_steps, "updates": module.updates,
                     "target_syncs": module.syncs}
    if clf_metrics:
        metrics["classifier"] = clf_metrics
    if cfg.eval_episodes > 0:
        eval_seed = cfg.seed + 1_000_003
        metrics["eval_vs_" + cfg.opponent] = evaluate(greedy_policy(module), cfg, cfg.eval_episodes, eval_seed, classifier)
        metrics["random_policy_vs_" + cfg.opponent] = evaluate(None, cfg, cfg.eval_episodes, eval_seed, classifier)
    save_atomically(module.export(metrics), out_dir / f"{cfg.variant}.pt")
    # where and how fast (reported, not stored: the checkpoint's bytes stay the same run to run)
    metrics["device"] = str(trainer.strategy.root_device)
    metrics["fit_seconds"] = round(fit_seconds, 2)
    steps = module.env_steps - start.steps
    metrics["env_steps_per_second"] = round(steps / fit_seconds, 1) if fit_seconds else None
    return module, metrics
