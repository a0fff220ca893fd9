"""Shared fixtures: one small trained q57 model per test session, quiet Lightning, one torch thread."""

from __future__ import annotations

import logging
import warnings

import pytest
import torch


@pytest.fixture(autouse=True, scope="session")
def _quiet():
    torch.set_num_threads(1)
    for name in ("lightning", "lightning.pytorch", "lightning.fabric"):
        logging.getLogger(name).setLevel(logging.ERROR)
    warnings.filterwarnings("ignore", module="lightning")
    warnings.filterwarnings("ignore", category=UserWarning)
    yield


@pytest.fixture(scope="session")
def trained_q57(tmp_path_factory):
    """A q57 model trained for a few hundred episodes on CPU (about 5 s), with its output folder."""
    from cardlab.train.dqn import DQNConfig, train_dqn

    out = tmp_path_factory.mktemp("q57")
    cfg = DQNConfig(variant="q57", reward="shaped", gamma=0.8, games=500, eps_decay_steps=1500, seed=0, eval_episodes=0)
    module, metrics = train_dqn(cfg, out, logger=True)
    return module, metrics, out
