"""Supervised training of the 8-action model's attack-target classifier (spec section 6: 1 x 256 sigmoid, 8 outputs).

Data: datagen.attacks HDF5 files. Split by game (never by row). Loss: cross-entropy over the legal targets only
(illegal logits masked), so the classifier never learns to predict what the rules forbid.
"""

from __future__ import annotations

from pathlib import Path

import lightning as L
import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

from cardlab.models.checkpoint import save_atomically
from cardlab.engine.hearthstone.features.board import CLASSIFIER_FEATURES, ENCODER_NAME, ENCODER_VERSION, N_TARGETS
from cardlab.datagen.attacks import read_attacks
from cardlab.models.qnet import TargetClassifier, build_classifier, masked
from cardlab.runtime import UserError


def split_by_game(games: np.ndarray, val_fraction: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Row indices (train, held-out), every game entirely on one side."""
    ids = np.unique(games)
    rng = np.random.default_rng(seed)
    rng.shuffle(ids)
    n_val = max(1, int(round(len(ids) * val_fraction))) if len(ids) > 1 else 0
    val_ids = set(ids[:n_val].tolist())
    is_val = np.array([g in val_ids for g in games], dtype=bool)
    return np.flatnonzero(~is_val), np.flatnonzero(is_val)


def classifier_tensors(data: dict[str, np.ndarray], rows: np.ndarray) -> TensorDataset:
    n = len(rows)
    x = np.zeros((n, CLASSIFIER_FEATURES), dtype=np.float32)
    x[:, : data["features"].shape[1]] = data["features"][rows]
    x[np.arange(n), data["features"].shape[1] + data["attacker"][rows].astype(np.int64) - 1] = 1.0
    return TensorDataset(torch.from_numpy(x), torch.from_numpy(data["target"][rows].astype(np.int64)),
                         torch.from_numpy(data["target_mask"][rows]))


class AttackDataModule(L.LightningDataModule):
    def __init__(self, path: str | Path, val_fraction: float = 0.2, batch_size: int = 256, seed: int = 0) -> None:
        super().__init__()
        self.path = Path(path)
        self.val_fraction = val_fraction
        self.batch_size = batch_size
        self.seed = seed

    def setup(self, stage: str | None = None) -> None:
        data = read_attacks(self.path)
        train_rows, val_rows = split_by_game(data["game"], self.val_fraction, self.seed)
        self.train_set = classifier_tensors(data, train_rows)
        self.val_set = classifier_tensors(data, val_rows)
        self.val_games = len(np.unique(data["game"][val_rows]))

    def train_dataloader(self) -> DataLoader:
        return DataLoader(self.train_set, batch_size=self.batch_size, shuffle=True,
                          generator=torch.Generator().manual_seed(self.seed))

    def val_dataloader(self) -> DataLoader:
        return DataLoader(self.val_set, batch_size=4096)


class TargetClassifierModule(L.LightningModule):
    def __init__(self, hidden: tuple[int, ...] = (256,), activation: str = "sigmoid", lr: float = 1e-3) -> None:
        super().__init__()
        self.save_hyperparameters()
        self.net = TargetClassifier(CLASSIFIER_FEATURES, N_TARGETS, hidden, activation)
        self.lr = lr

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)

    def _step(self, batch, stage: str) -> torch.Tensor:
        x, y, mask = batch
        logits = masked(self.net(x), mask)
        loss = torch.nn.functional.cross_entropy(logits, y)
        acc = (logits.argmax(dim=-1) == y).float().mean()
        self.log(f"{stage}/loss", loss, prog_bar=False, on_epoch=True, on_step=False)
        self.log(f"{stage}/accuracy", acc, prog_bar=False, on_epoch=True, on_step=False)
        return loss

    def training_step(self, batch, batch_idx):
        return self._step(batch, "train")

    def validation_step(self, batch, batch_idx):
        self._step(batch, "val")

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)


def evaluate_accuracy(net: TargetClassifier, dataset: TensorDataset) -> tuple[float, float]:
    """(masked accuracy, accuracy of the 'hit the enemy hero when legal' baseline) on `dataset`."""
    x, y, mask = dataset.tensors
    with torch.no_grad():
        pred = masked(net(x), mask).argmax(dim=-1)
    first_legal = mask.float().argmax(dim=-1)  # target 0 (hero) when legal, else the first legal minion
    n = max(len(y), 1)
    return float((pred == y).sum()) / n, float((first_legal == y).sum()) / n


def classifier_checkpoint(net: TargetClassifier, extra: dict | None = None) -> dict:
    return {"kind": "target_classifier", "encoder": ENCODER_NAME, "encoder_version": ENCODER_VERSION,
            "config": net.config, "state_dict": net.state_dict(), **(extra or {})}


def load_classifier(ckpt: dict) -> TargetClassifier:
    net = build_classifier(ckpt["config"])
    net.load_state_dict(ckpt["state_dict"])
    net.eval()
    return net


def train_classifier(data_path: str | Path, out_dir: str | Path, epochs: int = 20, seed: int = 0,
                     hidden: tuple[int, ...] = (256,), activation: str = "sigmoid", lr: float = 1e-3,
                     batch_size: int = 256, val_fraction: float = 0.2) -> tuple[TargetClassifier, dict]:
    """Train on `data_path`, save `target_classifier.pt` in out_dir; returns the net and its held-out metrics."""
    L.seed_everything(seed, workers=False, verbose=False)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    dm = AttackDataModule(data_path, val_fraction, batch_size, seed)
    dm.setup()
    if len(dm.train_set) == 0:  # torch's sampler would fail with "num_samples should be a positive integer"
        raise UserError(f"{data_path}: no minion attacks to train the target classifier on (record more games: "
                        "classifier_games)")
    module = TargetClassifierModule(tuple(hidden), activation, lr)
    from lightning.pytorch.loggers import TensorBoardLogger

    trainer = L.Trainer(max_epochs=epochs, accelerator="auto", devices=1, enable_progress_bar=False,
                        enable_model_summary=False, enable_checkpointing=False,
                        logger=TensorBoardLogger(str(out_dir), name="classifier_tb"), log_every_n_steps=10)
    from cardlab.train.resume import interruptible

    interruptible(trainer, trainer.fit, module, dm)  # Ctrl-C: the command's "interrupted ... continue with" line
    net = module.net.cpu().eval()
    acc, baseline = evaluate_accuracy(net, dm.val_set)
    metrics = {"heldout_accuracy": acc, "heldout_baseline_first_legal": baseline, "heldout_rows": len(dm.val_set),
               "heldout_games": dm.val_games, "train_rows": len(dm.train_set)}
    save_atomically(classifier_checkpoint(net, {"metrics": metrics, "data": str(data_path)}),
                    out_dir / "target_classifier.pt")
    return net, metrics
