"""The value-checkpoint file format (`value.pt`): weights plus what is needed to use them, and a content hash.

`save_value` writes atomically and records the SHA-256 of the weights; `load_value` rebuilds the network and refuses
a file whose weights no longer match their hash (a damaged copy would otherwise play with silently wrong weights).
Nothing here knows a game: the game, encoder and its version are metadata the caller checks.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import torch

from cardlab.models.value import ColourTrio, ValueNet
from cardlab.runtime import UserError, not_a_file, write_atomically

VALUE_FORMAT = "cardlab-value"
VALUE_VERSION = 1


def weights_digest(state_dict: dict) -> str:
    """SHA-256 over every tensor's name, dtype, shape and bytes, in name order."""
    h = hashlib.sha256()
    for name in sorted(state_dict):
        t = state_dict[name].detach().cpu().contiguous()
        h.update(f"{name}|{t.dtype}|{tuple(t.shape)}|".encode())
        h.update(t.view(torch.uint8).numpy().tobytes() if t.numel() else b"")
    return h.hexdigest()


def check_digest(path: Path, meta: dict, state_dict: dict) -> None:
    want = meta.get("weights_sha256")
    if want is not None and weights_digest(state_dict) != want:
        raise UserError(f"{path}: the weights do not match their recorded SHA-256: the file is damaged")


def save_atomically(obj, path: str | Path) -> Path:
    """torch.save under `path` without ever leaving a half-written file there (a kill mid-write leaves the old
    file or none)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_atomically(path, lambda handle: torch.save(obj, handle), binary=True)


def save_value(path: str | Path, meta: dict, state_dict: dict) -> Path:
    # float32 whatever precision trained it (bf16-true, 64-true): the format every reader expects
    state = {k: v.detach().cpu().float() if v.is_floating_point() else v.detach().cpu() for k, v in state_dict.items()}
    meta = {**meta, "format": VALUE_FORMAT, "version": VALUE_VERSION, "weights_sha256": weights_digest(state)}
    return save_atomically({"meta": meta, "state_dict": state}, path)


def load_value(path: str | Path, game: str | None = None):
    """(network in eval mode, meta); one clear error for missing, foreign, damaged or mismatched files."""
    path = Path(path)
    if not path.is_file():
        raise UserError(not_a_file(path, "checkpoint"))
    try:
        blob = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises many types for corrupt or foreign files
        raise UserError(f"{path}: not a readable cardlab value checkpoint ({type(exc).__name__})") from None
    meta = blob.get("meta") if isinstance(blob, dict) else None
    if not isinstance(meta, dict) or meta.get("format") != VALUE_FORMAT:
        raise UserError(f"{path}: not a cardlab value checkpoint (`cardlab train value` writes value.pt)")
    if meta.get("version") != VALUE_VERSION:
        raise UserError(f"{path}: value checkpoint version {meta.get('version')} is not supported")
    if game is not None and meta.get("game") != game:
        raise UserError(f"{path}: trained for the game {meta.get('game')!r}, not {game!r}")
    state = blob.get("state_dict")
    if not isinstance(state, dict):
        raise UserError(f"{path}: the checkpoint holds no weights")
    check_digest(path, meta, state)
    try:
        cfg = meta["config"]
        kwargs = dict(hidden=cfg["hidden"], activation=cfg["activation"], norm=cfg["norm"], dropout=cfg["dropout"],
                      output_scale=float(meta["label_scale"]))
        in_dim, trio = int(meta["in_dim"]), meta["kind"] == "colour_trio"
        net = ColourTrio(in_dim, **kwargs) if trio else ValueNet(in_dim, **kwargs)
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"{path}: its metadata does not describe a network ({type(exc).__name__}: {exc})") from None
    try:
        net.load_state_dict(state)
    except (RuntimeError, KeyError) as exc:
        raise UserError(f"{path}: weights do not match the architecture in its metadata "
                        f"({_first_mismatch(exc)})") from None
    net.eval()
    return net, meta


def _first_mismatch(exc: BaseException) -> str:
    """torch's load_state_dict report in one line: its first named problem ("size mismatch for ...")."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    detail = next((line for line in lines[1:]), lines[0] if lines else type(exc).__name__)
    return detail if len(detail) <= 240 else detail[:237] + "..."
