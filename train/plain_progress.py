"""Training progress for logs and CI: Lightning's rich bar draws nothing until the end when stderr is not a
terminal, so a long `cardlab train` run looked hung in a log file. This prints a plain line instead."""

from __future__ import annotations

import os
import sys
import time

import lightning as L

PLAIN_EVERY_S = 30.0  # as the CLI's other progress lines (cardlab/commands/progress.py)


class PlainProgress(L.Callback):
    """A line at least every `every_s` seconds during an epoch, and one per finished epoch with its losses."""

    def __init__(self, title: str, every_s: float = PLAIN_EVERY_S, stream=None) -> None:
        self.title = title
        self.every_s = every_s
        self.stream = stream
        self.start = self.last = 0.0

    def _print(self, text: str) -> None:
        self.last = time.monotonic()
        print(f"{self.title}: {text} ({self.last - self.start:.0f} s)", file=self.stream or sys.stderr, flush=True)

    def on_train_start(self, trainer, pl_module) -> None:
        self.start = self.last = time.monotonic()
        if not trainer.is_global_zero:  # several devices: one report, from rank 0
            self.stream = open(os.devnull, "w")

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx) -> None:
        if time.monotonic() - self.last >= self.every_s:
            total = trainer.num_training_batches  # inf for streamed data: the count alone then
            of = f"/{total}" if total != float("inf") else ""
            self._print(f"epoch {trainer.current_epoch + 1}/{trainer.max_epochs}, batch {batch_idx + 1}{of}")

    def on_train_epoch_end(self, trainer, pl_module) -> None:
        metrics = trainer.callback_metrics
        losses = ", ".join(f"{k} {float(metrics[k]):.4f}" for k in ("train_loss", "val_loss") if k in metrics)
        self._print(f"epoch {trainer.current_epoch + 1}/{trainer.max_epochs} done" + (f", {losses}" if losses else ""))
