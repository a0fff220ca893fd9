"""Q-networks and the attack-target classifier of the DQN variants (spec section 6). Plain torch: tensors in, tensors out.

Thesis defaults: Q-network 3 hidden layers x 64, sigmoid, linear output; target classifier 1 x 256, sigmoid, 8 outputs.
"""

from __future__ import annotations

from typing import Sequence

import torch
from torch import nn

ACTIVATIONS = {"sigmoid": nn.Sigmoid, "relu": nn.ReLU, "tanh": nn.Tanh, "elu": nn.ELU,
               "leaky_relu": nn.LeakyReLU}  # leaky_relu: the mini-Hanabi DQN (spec section 4)


def mlp(in_dim: int, hidden: Sequence[int], activation: str) -> tuple[nn.Sequential, int]:
    """Hidden layers only; returns the stack and its output width."""
    if activation not in ACTIVATIONS:
        raise ValueError(f"unknown activation {activation!r} (choose from {', '.join(ACTIVATIONS)})")
    layers: list[nn.Module] = []
    width = in_dim
    for h in hidden:
        layers += [nn.Linear(width, h), ACTIVATIONS[activation]()]
        width = h
    return nn.Sequential(*layers), width


class QNetwork(nn.Module):
    """Q(s, .) for every action; `dueling` splits the head into V(s) + A(s, a) - mean A."""

    def __init__(self, in_dim: int, n_actions: int, hidden: Sequence[int] = (64, 64, 64), activation: str = "sigmoid",
                 dueling: bool = False) -> None:
        super().__init__()
        self.config = {"in_dim": in_dim, "n_actions": n_actions, "hidden": list(hidden), "activation": activation,
                       "dueling": dueling}
        self.body, width = mlp(in_dim, hidden, activation)
        self.dueling = dueling
        if dueling:
            self.value = nn.Linear(width, 1)
            self.advantage = nn.Linear(width, n_actions)
        else:
            self.head = nn.Linear(width, n_actions)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = self.body(x)
        if self.dueling:
            a = self.advantage(z)
            return self.value(z) + a - a.mean(dim=-1, keepdim=True)
        return self.head(z)


class TargetClassifier(nn.Module):
    """Logits over attack targets (enemy hero + 7 enemy minion slots) for board features + attacker one-hot."""

    def __init__(self, in_dim: int, n_targets: int = 8, hidden: Sequence[int] = (256,), activation: str = "sigmoid") -> None:
        super().__init__()
        self.config = {"in_dim": in_dim, "n_targets": n_targets, "hidden": list(hidden), "activation": activation}
        self.body, width = mlp(in_dim, hidden, activation)
        self.head = nn.Linear(width, n_targets)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.body(x))


NEG = -1e9  # stands for "illegal" in masked Q values; finite so 0 * NEG stays 0 in n-step targets


def masked(q: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Q values with illegal actions set to NEG (mask: bool, True = legal)."""
    return q.masked_fill(~mask, NEG)


def masked_argmax(q: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Best legal action per row. A row without any legal action returns index 0 (callers never pass one)."""
    return masked(q, mask).argmax(dim=-1)


def masked_max(q: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Max over legal actions; 0 for a row with none (terminal next states)."""
    best = masked(q, mask).max(dim=-1).values
    return torch.where(mask.any(dim=-1), best, torch.zeros_like(best))


def masked_mean(q: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Mean over legal actions (the hand model's leaf score); 0 for a row with none."""
    m = mask.to(q.dtype)
    return (q * m).sum(dim=-1) / m.sum(dim=-1).clamp(min=1.0)


def build_qnet(config: dict) -> QNetwork:
    return QNetwork(config["in_dim"], config["n_actions"], config.get("hidden", (64, 64, 64)),
                    config.get("activation", "sigmoid"), config.get("dueling", False))


def build_classifier(config: dict) -> TargetClassifier:
    return TargetClassifier(config["in_dim"], config.get("n_targets", 8), config.get("hidden", (256,)),
                            config.get("activation", "sigmoid"))
