"""Ctrl-C during a Lightning fit: stop at the end of the batch in hand, never in the middle of a callback."""

from __future__ import annotations

import lightning as L

from engine.core import StopOnInterrupt


class StopOnCtrlC(L.Callback):
    """The first Ctrl-C is turned into KeyboardInterrupt after the current batch (Lightning then shuts down and
    the caller reports how to go on); a second one interrupts at once."""

    def __init__(self) -> None:
        self.stop = StopOnInterrupt()

    @property
    def requested(self) -> bool:
        return self.stop.requested

    def on_fit_start(self, trainer, pl_module) -> None:
        self.stop.__enter__()

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx) -> None:
        if self.stop.requested:
            raise KeyboardInterrupt

    def on_fit_end(self, trainer, pl_module) -> None:
        self.stop.__exit__()

    def on_exception(self, trainer, pl_module, exception) -> None:
        self.stop.__exit__()
