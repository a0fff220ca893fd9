"""Ctrl-C and --resume for the Lightning trainings: stop at a batch boundary, reopen the run's last checkpoint."""

from __future__ import annotations

from pathlib import Path

import lightning as L
import torch

from cardlab.runtime import StopOnInterrupt, UserError


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


def fit(trainer: L.Trainer, module: L.LightningModule, **kwargs) -> None:
    """trainer.fit, with Ctrl-C surfacing as KeyboardInterrupt (Lightning turns it into exit(1) after shutdown)."""
    interruptible(trainer, trainer.fit, module, weights_only=False, **kwargs)


def interruptible(trainer: L.Trainer, entry, *args, **kwargs):
    """A Lightning entry point of `trainer` (fit, test...) whose Ctrl-C surfaces as KeyboardInterrupt: Lightning
    turns it into a silent exit(1) after shutdown, which the commands could not report or explain."""
    try:
        return entry(*args, **kwargs)
    except SystemExit:
        if trainer.interrupted:
            raise KeyboardInterrupt from None
        raise


def last_logger_version(log_dir: Path, resume: bool) -> str | None:
    """The TensorBoard version a resumed run continues (its own curves), or None for a new version."""
    versions = sorted(log_dir.glob("version_*"), key=lambda p: int(p.name.split("_")[-1]))
    return versions[-1].name if resume and versions else None


def checkpoint_damage(path: Path) -> str | None:
    """Why a torch checkpoint's bytes are not the ones written (None when they are, or when it is not a zip archive:
    torch.load then says whether it reads it). torch.load does not check the CRC-32 each zip member carries, so a
    checkpoint damaged on disk or in a copy would load with garbage (NaN) weights; zipfile checks every member."""
    import zipfile

    if not zipfile.is_zipfile(path):
        return None
    try:
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
    except Exception as exc:  # noqa: BLE001 - a damaged directory or header: any error means the same
        return f"its zip directory cannot be read ({type(exc).__name__})"
    return None if bad is None else f"its part {bad!r} fails its CRC-32 check (its bytes changed after it was written)"


def open_resume_checkpoint(last: Path, what: str) -> dict:
    """The run's last checkpoint, or a UserError saying there is nothing (readable, intact) to resume."""
    if not last.is_file():
        raise UserError(f"nothing to resume: {last} does not exist (train without --resume first)")
    damage = checkpoint_damage(last)
    if damage:
        raise UserError(f"{last} is damaged: {damage}; it cannot be resumed and nothing was written (restore it "
                        "from a copy, or train into another --out)")
    try:
        checkpoint = torch.load(last, map_location="cpu", weights_only=False)
    except Exception as exc:  # noqa: BLE001 - any unreadable checkpoint gets the same message
        raise UserError(f"{last}: not a readable {what} checkpoint ({type(exc).__name__})") from None
    weights = checkpoint.get("state_dict") if isinstance(checkpoint, dict) else None
    for name, tensor in (weights.items() if isinstance(weights, dict) else ()):
        if torch.is_tensor(tensor) and tensor.is_floating_point() and not bool(torch.isfinite(tensor).all()):
            raise UserError(f"{last} holds non-finite weights (NaN or infinite in {name}): it cannot be resumed and "
                            "nothing was written (restore it from a copy, or train into another --out)")
    return checkpoint


def refuse_non_finite(out: Path, export: str, weights: dict, results: dict | None = None) -> None:
    """Training never exports NaN or infinite weights or test figures: a UserError naming the run instead."""
    import math

    for name, tensor in weights.items():
        if torch.is_tensor(tensor) and tensor.is_floating_point() and not bool(torch.isfinite(tensor).all()):
            kind = "NaN" if bool(torch.isnan(tensor).any()) else "infinite"
            raise UserError(f"training produced non-finite weights ({kind} in {name}) in {out}: the data or the "
                            f"resumed checkpoint is damaged, or the learning rate is too high; {export} not written")
    for name, value in (results or {}).items():
        if not math.isfinite(float(value)):
            raise UserError(f"training produced a non-finite test result ({name} {float(value)}) in {out}: the data "
                            f"or the resumed checkpoint is damaged, or the learning rate is too high; {export} not "
                            "written")


def refuse_changed_settings(last: Path, saved: dict, now: dict, may_change: tuple[str, ...], flags: str) -> None:
    changed = sorted(k for k in now if k not in may_change and saved.get(k) != now[k])
    if changed:
        raise UserError(f"{last} was trained with other settings ({', '.join(changed)}); resume with the same "
                        f"config and options (only {flags} may change)")


def episodes_done(checkpoint: dict):
    """The games a DQN run's checkpoint has played (None when it does not say)."""
    try:
        return checkpoint["dqn_experience"]["counters"]["episodes"]
    except (KeyError, TypeError):
        return None


def refuse_shorter_than_done(last: Path, flag: str, wanted: int, done, unit: str) -> None:
    """A resumed run cannot end before the point it already reached (its export would claim the shorter length)."""
    if isinstance(done, int) and wanted < done:
        raise UserError(f"{last} has already trained {done} {unit}; --resume continues it with {flag} {done} or "
                        f"more, not {wanted}")


def refuse_used_out(out: Path, products: tuple[str, ...]) -> None:
    """A new run must not overwrite an earlier one's exports or checkpoints in the same folder."""
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out} is a file, not a folder")
    found = [name for name in products if (out / name).exists() and not _empty_dir(out / name)]
    if found:
        raise UserError(f"--out {out} already holds a training run ({', '.join(found)}); continue it with --resume "
                        "or choose another --out")


def _empty_dir(path: Path) -> bool:
    return path.is_dir() and not any(path.iterdir())


def quiet_lightning() -> None:
    """Keep machine-readable output clean: Lightning's banners and tips go away, warnings stay in logs."""
    import logging
    import warnings

    for name in ("lightning", "lightning.pytorch", "lightning.fabric", "pytorch_lightning"):
        logging.getLogger(name).setLevel(logging.ERROR)
    warnings.filterwarnings("ignore", module="lightning")
