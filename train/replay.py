"""Game-agnostic pieces of the DQN trainings (the Hearthstone board DQN and the mini-Hanabi DQN share them): the
replay buffer, the n-step writer, the endless dataset that drives a self-collecting LightningModule, and the
checkpoint callback that makes a run resumable."""

from __future__ import annotations

import math

from collections import deque
from pathlib import Path
from typing import Iterator

import numpy as np
import torch
from torch.utils.data import IterableDataset

from cardlab.runtime import UserError
from cardlab.train.resume import StopOnCtrlC

BUFFER_COLUMNS = ("obs", "next_obs", "action", "ret", "discount", "next_mask", "done")


def common_checks(cfg) -> list[tuple[bool, str]]:
    """(ok, message) checks of the settings both DQN configs share, for their validate()."""
    from cardlab.models.qnet import ACTIVATIONS

    hidden = cfg.hidden if isinstance(cfg.hidden, list) else []
    return [
        (0 < cfg.lr <= 1e30, f"lr must be positive and at most 1e30 (Adam's float32 step overflows near 1e38), got "
                            f"{cfg.lr}"),
        (cfg.buffer_size >= 1, f"buffer_size must be positive, got {cfg.buffer_size}"),
        (cfg.activation in ACTIVATIONS, f"activation must be one of {', '.join(ACTIVATIONS)}, got {cfg.activation!r}"),
        (len(hidden) >= 1 and all(isinstance(h, int) and not isinstance(h, bool) and h > 0 for h in hidden),
         f"hidden must be a list of positive widths, got {cfg.hidden!r}"),
        (0.0 <= cfg.eps_start <= 1.0 and 0.0 <= cfg.eps_end <= 1.0,
         f"eps_start and eps_end must be in [0, 1], got {cfg.eps_start}, {cfg.eps_end}"),
        (cfg.eps_decay_steps >= 0 and cfg.warmup_steps >= 0,
         f"eps_decay_steps and warmup_steps must not be negative, got {cfg.eps_decay_steps}, {cfg.warmup_steps}"),
        (0 <= cfg.grad_clip < math.inf, f"grad_clip must be finite and >= 0 (0 = off), got {cfg.grad_clip}"),
        (cfg.torch_threads >= 0, f"torch_threads must be >= 0 (0 = torch's default), got {cfg.torch_threads}"),
        (0 <= cfg.seed < 2 ** 32, f"seed must be in 0..{2 ** 32 - 1} (Lightning's range), got {cfg.seed}"),
        (cfg.buffer_size >= cfg.batch_size, f"buffer_size ({cfg.buffer_size}) must be at least batch_size "
                                            f"({cfg.batch_size}): no update could draw a batch"),
    ]


_CGROUP_LIMITS = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")  # cgroup v2, v1


def physical_memory() -> int | None:
    """The memory this process may use in bytes: the machine's RAM, or a container's (cgroup) limit when lower; None
    where the OS does not say (then no size check is made)."""
    import os

    try:
        pages, page_size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # Windows has no sysconf
        return None
    total = pages * page_size if pages > 0 and page_size > 0 else None
    for path in _CGROUP_LIMITS:
        try:
            with open(path) as f:
                text = f.read().strip()
        except OSError:
            continue
        if text.isdigit() and int(text) > 0:  # "max": no limit
            total = min(total, int(text)) if total is not None else int(text)
        break
    return total


def replay_bytes(capacity: int, features: int, n_actions: int) -> int:
    """Bytes a ReplayBuffer of `capacity` transitions allocates (its columns, as ReplayBuffer makes them)."""
    per_row = 2 * 4 * features + 8 + 4 + 4 + n_actions + 4  # obs, next_obs, action, ret, discount, mask, done
    return capacity * per_row


def replay_memory_check(capacity: int, features: int, n_actions: int) -> tuple[bool, str]:
    """(ok, message) for a config's validate(): a buffer larger than the machine's memory cannot be filled (numpy
    may still allocate it lazily, and the run would be killed hours later when it fills up)."""
    need, have = replay_bytes(capacity, features, n_actions), physical_memory()
    return (have is None or need <= have,
            f"buffer_size {capacity} needs {need / 2 ** 30:,.1f} GiB for the replay buffer, more than this machine's "
            f"{(have or 0) / 2 ** 30:,.1f} GiB of memory")


class ReplayBuffer:
    """Fixed-size ring of n-step transitions: (s, a, R, discount, s', legal mask of s', done)."""

    def __init__(self, capacity: int, features: int, n_actions: int, seed: int) -> None:
        self.capacity = capacity
        try:
            self.obs = np.zeros((capacity, features), np.float32)
            self.next_obs = np.zeros((capacity, features), np.float32)
            self.action = np.zeros(capacity, np.int64)
            self.ret = np.zeros(capacity, np.float32)
            self.discount = np.zeros(capacity, np.float32)
            self.next_mask = np.zeros((capacity, n_actions), bool)
            self.done = np.zeros(capacity, np.float32)
        except MemoryError:  # within the machine's memory but not free now: the setting to lower, not a traceback
            raise UserError(f"buffer_size {capacity}: the replay buffer "
                            f"({replay_bytes(capacity, features, n_actions) / 2 ** 30:,.1f} GiB) cannot be "
                            "allocated; give a smaller buffer_size") from None
        self.size = 0
        self.pos = 0
        self.rng = np.random.default_rng(seed)

    def add(self, obs, action, ret, discount, next_obs, next_mask, done) -> None:
        i = self.pos
        self.obs[i], self.action[i], self.ret[i], self.discount[i] = obs, action, ret, discount
        self.next_obs[i], self.next_mask[i], self.done[i] = next_obs, next_mask, float(done)
        self.pos = (i + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def sample(self, batch_size: int, device) -> tuple[torch.Tensor, ...]:
        idx = self.rng.integers(0, self.size, size=batch_size)
        cols = (self.obs, self.action, self.ret, self.discount, self.next_obs, self.next_mask, self.done)
        return tuple(torch.from_numpy(c[idx]).to(device) for c in cols)

    def state(self) -> dict:
        """The filled part and the sampling RNG, for a resumable checkpoint."""
        n = self.size
        out: dict = {name: getattr(self, name)[:n].copy() for name in BUFFER_COLUMNS}
        out.update(size=n, pos=self.pos, rng=self.rng.bit_generator.state)
        return out

    def load_state(self, saved: dict) -> None:
        n = saved["size"]
        for name in BUFFER_COLUMNS:
            getattr(self, name)[:n] = saved[name]
        self.size, self.pos = n, saved["pos"]
        self.rng.bit_generator.state = saved["rng"]


class NStepWriter:
    """Turns one episode's (s, a, r) stream into n-step transitions: R = sum of discounted r_k, bootstrap by the
    product of the n steps' discounts. A step's discount is gamma unless push() gives its own (per-turn discounting)."""

    def __init__(self, buffer: ReplayBuffer, n: int, gamma: float) -> None:
        self.buffer, self.n, self.gamma = buffer, n, gamma
        self.pending: deque = deque()

    def push(self, obs, action, reward, next_obs, next_mask, done, step_gamma: float | None = None) -> None:
        self.pending.append((obs, action, reward, self.gamma if step_gamma is None else step_gamma))
        if len(self.pending) == self.n:
            self._emit(next_obs, next_mask, done)
        if done:
            while self.pending:
                self._emit(next_obs, next_mask, True)

    def _emit(self, next_obs, next_mask, done) -> None:
        ret, discount = 0.0, 1.0
        for _, _, r, g in self.pending:
            ret += discount * r
            discount *= g
        obs, action, _, _ = self.pending.popleft()
        self.buffer.add(obs, action, ret, discount, next_obs, next_mask, done)


class ExperienceStream(IterableDataset):
    """Lightning needs batches to drive training_step; experience is collected inside it instead."""

    def __iter__(self) -> Iterator[int]:
        i = 0
        while True:
            yield i
            i += 1


class ResumableCheckpoints(StopOnCtrlC):
    """Writes the run's `*-last.ckpt` every `every` gradient updates and on Ctrl-C (then stops), so an interrupted
    or killed run resumes from there and ends as an uninterrupted one would. The module counts `updates`."""

    def __init__(self, path: Path, every: int) -> None:
        super().__init__()
        self.path, self.every, self._saved_at = path, every, -1

    def save(self, trainer) -> None:
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            trainer.save_checkpoint(tmp, weights_only=False)
            tmp.replace(self.path)  # a kill mid-write leaves the previous checkpoint whole
        except BaseException:  # a second Ctrl-C, a full disk: no half-written file left behind
            tmp.unlink(missing_ok=True)
            raise

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx) -> None:
        updates = pl_module.updates
        periodic = self.every > 0 and updates > 0 and updates % self.every == 0 and updates != self._saved_at
        # SIGTERM (a scheduler's stop, `kill`): Lightning ends the run after this batch, so save it as for Ctrl-C
        if self.requested or periodic or getattr(trainer, "received_sigterm", False):
            self.save(trainer)
            self._saved_at = updates
        super().on_train_batch_end(trainer, pl_module, outputs, batch, batch_idx)
