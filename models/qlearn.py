"""The reduced-state Q-learner's two models and their files (spec section 10): a sparse Q-table and a tiny Q-network.

Nothing here knows a game: states are small integer vectors with an index, actions are column numbers. The
table lives in a dict (a state's row is created on first update), because the dense table, 760,320 states x 167
actions of float32, would take 500 MB while a training run visits a few thousand states.

Files: the table is an .npz of the nonzero (flat index, value) pairs plus JSON metadata; the network a torch file
like value.pt. Both record a SHA-256 of their content, checked on load, so a damaged copy is refused instead of
playing with silently wrong numbers.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path
from typing import Sequence

import numpy as np
import torch
from torch import nn

from cardlab.models.checkpoint import check_digest, save_atomically, weights_digest
from cardlab.runtime import UserError, not_a_file, write_atomically

QLEARN_FORMAT = "cardlab-qlearn"
QLEARN_VERSION = 1
LEARNERS = ("table", "net")


class QTable:
    """Q(s, a) for visited states; unvisited entries are 0 (the initial value)."""

    def __init__(self, n_actions: int) -> None:
        self.n_actions = n_actions
        self.rows: dict[int, np.ndarray] = {}

    def values(self, state: int, actions: Sequence[int]) -> np.ndarray:
        row = self.rows.get(state)
        if row is None:
            return np.zeros(len(actions), dtype=np.float64)
        return row[list(actions)].astype(np.float64)

    def update(self, state: int, action: int, alpha: float, target: float) -> None:
        """Q(s,a) <- Q(s,a) + alpha (target - Q(s,a)), target = r + gamma max Q(s', .)."""
        row = self.rows.get(state)
        if row is None:
            row = self.rows[state] = np.zeros(self.n_actions, dtype=np.float32)
        row[action] += alpha * (target - float(row[action]))

    def entries(self) -> tuple[np.ndarray, np.ndarray]:
        """(flat index state * n_actions + action, value) of the nonzero entries, in index order."""
        keys: list[np.ndarray] = []
        vals: list[np.ndarray] = []
        for state in sorted(self.rows):
            row = self.rows[state]
            nz = np.flatnonzero(row)
            keys.append(state * self.n_actions + nz.astype(np.int64))
            vals.append(row[nz])
        if not keys:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        return np.concatenate(keys).astype(np.int64), np.concatenate(vals).astype(np.float32)

    @classmethod
    def from_entries(cls, n_actions: int, keys: np.ndarray, values: np.ndarray) -> "QTable":
        table = cls(n_actions)
        for key, value in zip(keys.tolist(), values.tolist()):
            state, action = divmod(int(key), n_actions)
            row = table.rows.get(state)
            if row is None:
                row = table.rows[state] = np.zeros(n_actions, dtype=np.float32)
            row[action] = value
        return table


class QNet(nn.Module):
    """Q(s, a) from [state features, action one-hot]: one sigmoid hidden layer, one linear output (the source's
    177 -> 200 -> 1)."""

    def __init__(self, in_dim: int = 177, hidden: int = 200) -> None:
        super().__init__()
        self.config = {"in_dim": in_dim, "hidden": hidden}
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.Sigmoid(), nn.Linear(hidden, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x).squeeze(-1)


# ---------------------------------------------------------------- files

def _table_digest(keys: np.ndarray, values: np.ndarray, meta: dict) -> str:
    h = hashlib.sha256()
    h.update(json.dumps({k: v for k, v in meta.items() if k != "content_sha256"}, sort_keys=True).encode())
    h.update(np.ascontiguousarray(keys, dtype="<i8").tobytes())
    h.update(np.ascontiguousarray(values, dtype="<f4").tobytes())
    return h.hexdigest()


def save_table(path: str | Path, table: QTable, meta: dict) -> Path:
    """Write the table's nonzero entries and `meta` (learner settings) atomically."""
    path = Path(path)
    keys, values = table.entries()
    meta = {**meta, "format": QLEARN_FORMAT, "version": QLEARN_VERSION, "learner": "table",
            "n_actions": table.n_actions, "entries": int(len(keys))}
    meta["content_sha256"] = _table_digest(keys, values, meta)
    path.parent.mkdir(parents=True, exist_ok=True)
    # a file object: np.savez would append .npz to a name
    return write_atomically(path, lambda handle: np.savez_compressed(
        handle, keys=keys, values=values, meta=np.array(json.dumps(meta, sort_keys=True))), binary=True)


def save_net(path: str | Path, net: QNet, meta: dict) -> Path:
    """Write the network's weights and `meta` atomically, with the weights' SHA-256 (models/checkpoint.py's)."""
    path = Path(path)
    state = {k: v.detach().cpu() for k, v in net.state_dict().items()}
    meta = {**meta, "format": QLEARN_FORMAT, "version": QLEARN_VERSION, "learner": "net", "net_config": net.config,
            "weights_sha256": weights_digest(state)}
    return save_atomically({"meta": meta, "state_dict": state}, path)  # no half-written file, even on Ctrl-C


def _check_meta(path: Path, meta: object) -> dict:
    if not isinstance(meta, dict) or meta.get("format") != QLEARN_FORMAT:
        raise UserError(f"{path}: not a reduced-state Q-learning checkpoint (`cardlab train qlearn` writes one)")
    if meta.get("version") != QLEARN_VERSION:
        raise UserError(f"{path}: Q-learning checkpoint version {meta.get('version')} is not supported")
    return meta


def load_qlearn(path: str | Path) -> tuple[QTable | QNet, dict]:
    """(table or network in eval mode, meta); one clear error for a missing, foreign or damaged file."""
    path = Path(path)
    if not path.is_file():
        raise UserError(not_a_file(path, "checkpoint"))
    try:
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
    except (zipfile.BadZipFile, OSError):
        names = set()
    if {"keys.npy", "values.npy", "meta.npy"} <= names:
        return _load_table(path)
    try:
        blob = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises many kinds for a damaged or foreign file
        raise UserError(f"{path}: not a readable Q-learning checkpoint ({type(exc).__name__})") from None
    meta = _check_meta(path, blob.get("meta") if isinstance(blob, dict) else None)
    state = blob.get("state_dict")
    if meta.get("learner") != "net" or not isinstance(state, dict):
        raise UserError(f"{path}: the checkpoint holds no Q-network weights")
    check_digest(path, meta, state)
    net = QNet(**meta["net_config"])
    try:
        net.load_state_dict(state)
    except (RuntimeError, KeyError) as exc:
        raise UserError(f"{path}: weights do not match the network in its metadata ({exc})") from None
    return net.eval(), meta


def _load_table(path: Path) -> tuple[QTable, dict]:
    try:
        with np.load(path, allow_pickle=False) as data:
            keys, values, meta_text = data["keys"], data["values"], str(data["meta"])
        meta = json.loads(meta_text)
    except Exception as exc:  # zlib, zip, numpy and json errors for a damaged member
        raise UserError(f"{path}: cannot read the Q-table ({type(exc).__name__}): the file is damaged") from None
    meta = _check_meta(path, meta)
    if _table_digest(keys, values, meta) != meta.get("content_sha256"):
        raise UserError(f"{path}: the table does not match its recorded SHA-256: the file is damaged")
    return QTable.from_entries(int(meta["n_actions"]), keys, values), meta
