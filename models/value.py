"""State-value networks: plain torch modules over encoded feature tensors (no games, no I/O)."""

from __future__ import annotations

from typing import Sequence

import torch
from torch import nn

ACTIVATIONS = {"sigmoid": nn.Sigmoid, "relu": nn.ReLU, "gelu": nn.GELU, "tanh": nn.Tanh}
NORMS = ("none", "batch", "layer")
COLOURS = ("green", "yellow", "red")


class FeatureNormalizer(nn.Module):
    """(x - mean) / std with statistics from the training split, saved with the model."""

    def __init__(self, dim: int) -> None:
        super().__init__()
        self.register_buffer("mean", torch.zeros(dim))
        self.register_buffer("std", torch.ones(dim))

    def set_stats(self, mean: torch.Tensor, std: torch.Tensor) -> None:
        self.mean.copy_(mean)
        self.std.copy_(torch.where(std < 1e-6, torch.ones_like(std), std))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (x - self.mean) / self.std


class ValueMLP(nn.Module):
    """An MLP value head; the thesis default is 2 x 128 sigmoid with MSE."""

    def __init__(self, in_dim: int, hidden: Sequence[int] = (128, 128), activation: str = "sigmoid",
                 norm: str = "none", dropout: float = 0.0) -> None:
        super().__init__()
        if activation not in ACTIVATIONS:
            raise ValueError(f"unknown activation {activation!r} (one of {', '.join(ACTIVATIONS)})")
        if norm not in NORMS:
            raise ValueError(f"unknown norm {norm!r} (one of {', '.join(NORMS)})")
        if not hidden or any(h <= 0 for h in hidden):
            raise ValueError(f"hidden sizes must be positive, got {list(hidden)}")
        layers: list[nn.Module] = []
        width = in_dim
        for h in hidden:
            layers.append(nn.Linear(width, h))
            if norm == "batch":
                layers.append(nn.BatchNorm1d(h))
            elif norm == "layer":
                layers.append(nn.LayerNorm(h))
            layers.append(ACTIVATIONS[activation]())
            if dropout > 0:
                layers.append(nn.Dropout(dropout))
            width = h
        layers.append(nn.Linear(width, 1))
        self.body = nn.Sequential(*layers)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x).squeeze(-1)


class ValueNet(nn.Module):
    """Normaliser + MLP; outputs values in label units (`output_scale` undoes the training target scale)."""

    def __init__(self, in_dim: int, hidden: Sequence[int] = (128, 128), activation: str = "sigmoid",
                 norm: str = "none", dropout: float = 0.0, output_scale: float = 100.0) -> None:
        super().__init__()
        self.normalizer = FeatureNormalizer(in_dim)
        self.mlp = ValueMLP(in_dim, hidden, activation, norm, dropout)
        self.output_scale = output_scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Scaled output (labels / output_scale): what the loss sees."""
        return self.mlp(self.normalizer(x))

    @torch.no_grad()
    def value(self, x: torch.Tensor) -> torch.Tensor:
        """Values in label units."""
        return self.forward(x) * self.output_scale


class ColourTrio(nn.Module):
    """One ValueNet per threat colour; each state goes to its colour's net."""

    def __init__(self, in_dim: int, **net_kwargs) -> None:
        super().__init__()
        self.nets = nn.ModuleDict({c: ValueNet(in_dim, **net_kwargs) for c in COLOURS})

    def forward(self, x: torch.Tensor, colour: torch.Tensor) -> torch.Tensor:
        out = torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
        for i, c in enumerate(COLOURS):
            mask = colour == i
            if mask.any():
                out[mask] = self.nets[c](x[mask]).to(out.dtype)
        return out

    @torch.no_grad()
    def value(self, x: torch.Tensor, colour: torch.Tensor) -> torch.Tensor:
        return self.forward(x, colour) * self.nets["green"].output_scale
