"""Ctrl-C during a Lightning fit: stop at the end of the batch in hand, never in the middle of a callback."""

from __future__ import annotations

import signal
import threading

import lightning as L


class StopOnCtrlC(L.Callback):
    """The first Ctrl-C sets a flag that is turned into KeyboardInterrupt after the current batch (Lightning then
    shuts down and the caller reports how to go on); a second one interrupts at once.

    A KeyboardInterrupt raised at an arbitrary point can land in a weakref or __del__ callback, where Python
    prints it and drops it, and training would go on.
    """

    def __init__(self) -> None:
        self.requested = False
        self._previous = None

    def _handle(self, signum, frame) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    def on_fit_start(self, trainer, pl_module) -> None:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handle)

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx) -> None:
        if self.requested:
            raise KeyboardInterrupt

    def _restore(self) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None

    def on_fit_end(self, trainer, pl_module) -> None:
        self._restore()

    def on_exception(self, trainer, pl_module, exception) -> None:
        self._restore()
