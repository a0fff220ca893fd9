"""Reading chain files for training: committed rows only, split by game, loaded whole or streamed by chunks.

    data = ChainData("chains.h5", kind="full", encoder="seed96")
    train, val, test = data.split_by_game(val=0.1, test=0.1, seed=0)
    x, y = data.rows(train[:1024])                      # features, labels of those rows
    for block in data.iter_chunks(rows=65536, idx=train):   # streams when the file does not fit in memory
        ...

The object pickles without its open file (DataLoader workers reopen it lazily).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import h5py
import numpy as np

from cardlab.runtime import file_sha256, UserError, first_line

from cardlab.datagen.chains import CHAIN_KINDS, discounted_labels
from cardlab.datagen.writer import FORMAT, SCHEMA_VERSION

# load="auto" without max_memory_mb: a kind is loaded into memory when that costs at most this, streamed above it
LOAD_LIMIT_BYTES = 2 << 30
# Training's peak memory while loading a kind whole, over its feature bytes (rows x dim x dtype size): the features
# once, the other columns and one bounded read at a time (measured above the imports: 1.21 on 0.2M Dominion rows,
# 1.07 on 0.8M)
IN_MEMORY_FACTOR = 1.25
READ_BYTES = 32 << 20  # the most one read of rows from the file covers: a block never reads far more than this
GAP_BYTES = 1 << 20  # rows not asked for that a read still covers rather than starting another read
# Attributes every chain file carries; without them rows cannot be decoded or labels recomputed.
JSON_ATTRS = ("settings", "agents", "agent_checkpoints", "encoder_vocabulary", "merged_from")
REQUIRED_ATTRS = ("game_name", "encoder", "encoder_version", "encoder_dim", "games_completed", "games_requested",
                  "gamma", "reward", "chains")


def _open(path: Path) -> h5py.File:
    if not path.exists():
        raise UserError(f"{path}: no such file")
    if path.is_dir():
        raise UserError(f"{path} is a directory, not an HDF5 chain file")
    try:
        return h5py.File(path, "r", locking=False)
    except OSError as exc:
        raise UserError(f"{path} is not a readable HDF5 file (corrupt, truncated or another format): {exc}") from None


def check_file(path: str | Path, f: h5py.File | None = None) -> dict[str, Any]:
    """Validate a chain file; returns its attributes. Every problem is one UserError naming the file."""
    path = Path(path)
    own = f is None
    f = f if f is not None else _open(path)
    try:
        attrs = {k: _plain(v, path, f"its {k} attribute") for k, v in f.attrs.items()}
        if attrs.get("format") != FORMAT:
            raise UserError(f"{path} is an HDF5 file but not a cardlab chain file (no format={FORMAT!r} attribute)")
        version = int(attrs.get("schema_version", -1))
        if version > SCHEMA_VERSION or version < 1:
            raise UserError(f"{path} has chain schema {version}; this cardlab reads schema {SCHEMA_VERSION}")
        missing = [name for name in REQUIRED_ATTRS if name not in attrs]
        if missing:
            raise UserError(f"{path} is damaged: attribute(s) {', '.join(missing)} missing, so its rows cannot be "
                            "decoded (write it again with `cardlab datagen`)")
        for name in ("games", "chains", "meta"):
            if name not in f:
                raise UserError(f"{path} is damaged: the /{name} group is missing")
        for name in JSON_ATTRS:  # written as JSON; tools read them back (inspect, resume, train)
            if name in attrs:
                try:
                    json.loads(attrs[name])
                except (TypeError, ValueError):
                    raise UserError(f"{path} is damaged: its {name} attribute is not valid JSON") from None
        n_games = int(attrs.get("games_completed", 0))
        for name, ds in f["games"].items():
            if ds.shape[0] < n_games:
                raise UserError(f"{path} is truncated: games/{name} has {ds.shape[0]} rows, {n_games} committed")
        for kind, g in f["chains"].items():
            rows = int(g.attrs.get("rows", -1))
            if rows < 0:
                raise UserError(f"{path} is damaged: chains/{kind} has no committed row count")
            if "label" not in g:
                raise UserError(f"{path} is damaged: chains/{kind}/label is missing")
            if "features" in g and g["features"].shape[1] != int(attrs["encoder_dim"]):
                raise UserError(f"{path} is damaged: chains/{kind}/features has {g['features'].shape[1]} columns, "
                                f"the encoder attribute says {attrs['encoder_dim']}")
            for name, ds in g.items():
                if ds.shape[0] < rows:
                    raise UserError(f"{path} is truncated: chains/{kind}/{name} has {ds.shape[0]} rows, {rows} committed")
        return attrs
    except (OSError, KeyError, RuntimeError, UnicodeDecodeError) as exc:  # (h5py decodes variable-length text)
        raise UserError(f"{path} is corrupt: {exc}") from None
    finally:
        if own:
            f.close()


def _plain(value, path: Path, what: str):
    """An attribute or stored name as a Python value; text that is not UTF-8 (damaged bytes) is a UserError naming
    the file and where, not a UnicodeDecodeError traceback."""
    if isinstance(value, bytes):  # np.bytes_ too
        try:
            return value.decode()
        except UnicodeDecodeError:
            raise UserError(f"{path} is corrupt: {what} is not valid UTF-8 text ({_clip(value)})") from None
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value


def _clip(value: bytes, most: int = 40) -> str:
    """Damaged bytes for a message, cut short."""
    text = repr(bytes(value))
    return text if len(text) <= most else text[:most] + "..."


class ChainData:
    """One chain kind of a file: committed rows, their raw fields and labels."""

    def __init__(self, path: str | Path, kind: str = "full", *, encoder: Any = None, load: bool | str = "auto",
                 max_memory_mb: float | None = None) -> None:
        self.path = Path(path)
        if kind not in CHAIN_KINDS:
            raise UserError(f"unknown chain kind {kind!r} (kinds: {', '.join(CHAIN_KINDS)})")
        self.kind = kind
        f = _open(self.path)
        try:
            self.attrs: dict[str, Any] = check_file(self.path, f)
            if f"chains/{kind}" not in f:
                have = ", ".join(f["chains"]) or "none"
                raise UserError(f"{self.path} has no {kind} chains (chains/{kind} missing; it has: {have})")
            g = f["chains"][kind]
            self.n_rows = int(g.attrs["rows"])
            self.n_games = int(self.attrs["games_completed"])
            self.dim = int(g["features"].shape[1])
            self.fields = tuple(sorted(g.keys()))
            self.feature_names = tuple(_plain(n, self.path, f"meta/feature_names[{i}]")
                                       for i, n in enumerate(f["meta/feature_names"][:]))
            feature_bytes = g["features"].dtype.itemsize * self.dim
            other_bytes = sum(g[n].dtype.itemsize * int(np.prod(g[n].shape[1:])) for n in self.fields if n != "features")
        except (OSError, KeyError, UnicodeDecodeError) as exc:
            raise UserError(f"{self.path} is corrupt: {exc}") from None
        finally:
            f.close()
        if encoder is not None:
            self.check_encoder(encoder)
        # what holding the kind in memory costs (training's peak while loading it): "auto" loads it when that is at
        # most max_memory_mb (LOAD_LIMIT_BYTES when not given) and streams it from the file otherwise
        self.memory_bytes = int(self.n_rows * (feature_bytes * IN_MEMORY_FACTOR + other_bytes))
        if load == "auto":
            limit = LOAD_LIMIT_BYTES if max_memory_mb is None else max_memory_mb * 2 ** 20
            load = self.memory_bytes <= limit
        self.in_memory = bool(load)
        self._file: h5py.File | None = None
        self._cache: dict[str, np.ndarray] = {}

    # ---------------------------------------------------------------- checks

    def check_encoder(self, encoder: Any) -> None:
        """Raise UserError unless the file was encoded by `encoder` (a spec string or an Encoder)."""
        if isinstance(encoder, str):
            from cardlab.engine.features import get_encoder

            encoder = get_encoder(encoder, self.game())
        want = (encoder.spec, int(encoder.version), int(encoder.dim))
        have = (self.attrs.get("encoder"), int(self.attrs.get("encoder_version", -1)), self.dim)
        if want != have:
            raise UserError(f"{self.path} was encoded with {have[0]} v{have[1]} (dim {have[2]}), "
                            f"not {want[0]} v{want[1]} (dim {want[2]})")

    def game(self):
        """The file's game (a Game, from its spec attribute), or its name for files without one."""
        from cardlab.engine.registry import make_game

        try:
            return make_game(str(self.attrs["game"]))
        except (KeyError, UserError):
            return str(self.attrs.get("game_name", "hearthstone"))

    # ---------------------------------------------------------------- access

    def __len__(self) -> int:
        return self.n_rows

    @property
    def settings(self) -> dict:
        return json.loads(self.attrs.get("settings", "{}"))

    def _group(self):
        if self._file is None:
            self._file = _open(self.path)
        return self._file["chains"][self.kind]

    def _dataset(self, name: str):
        if name not in self.fields:
            raise UserError(f"{self.path}: chains/{self.kind} has no field {name!r} (fields: {', '.join(self.fields)})")
        return self._group()[name]

    def _read(self, name: str, sel=slice(None)) -> np.ndarray:
        ds = self._dataset(name)
        try:
            if isinstance(sel, slice):
                start, stop, _ = sel.indices(self.n_rows)
                return ds[start:stop]
            return ds[sel]
        except OSError as exc:
            raise UserError(f"{self.path} is corrupt: reading chains/{self.kind}/{name} failed: {exc}") from None

    def field(self, name: str) -> np.ndarray:
        """A whole committed column (cached)."""
        if name not in self._cache:
            self._cache[name] = self._read(name)
        return self._cache[name]

    def __getitem__(self, name: str) -> np.ndarray:
        return self.field(name)

    features = property(lambda self: self.field("features"))
    labels = property(lambda self: self.field("label"))
    game_id = property(lambda self: self.field("game_id"))
    player = property(lambda self: self.field("player"))
    step = property(lambda self: self.field("step"))
    chain_len = property(lambda self: self.field("chain_len"))
    outcome = property(lambda self: self.field("outcome"))

    def _indices(self, idx: Sequence[int] | np.ndarray) -> np.ndarray:
        idx = np.asarray(idx, dtype=np.int64)
        if idx.size and (idx.min() < 0 or idx.max() >= self.n_rows):
            raise IndexError(f"row index out of range 0..{self.n_rows - 1}")
        return idx

    def take(self, name: str, idx: Sequence[int] | np.ndarray) -> np.ndarray:
        """Values of `name` at row indices `idx` (any order), from memory or from the file."""
        idx = self._indices(idx)
        if self.in_memory or name in self._cache:
            return self.field(name)[idx]
        return self._gather(name, [idx])[0]

    def gather(self, name: str, *indices: Sequence[int] | np.ndarray,
               report: Callable[[int], None] | None = None) -> list[np.ndarray]:
        """Values of `name` at each of several index arrays (as `take` on each), read in one pass over the file
        without caching the column (a column already cached is indexed instead). `report(row)` is called after
        each read with the file row it reached."""
        idxs = [self._indices(idx) for idx in indices]
        if name in self._cache:
            return [self._cache[name][idx] for idx in idxs]
        return self._gather(name, idxs, report)

    def _gather(self, name: str, idxs: list[np.ndarray], report: Callable[[int], None] | None = None
                ) -> list[np.ndarray]:
        """Rows of the file's column at each index array: contiguous reads of at most READ_BYTES each, over the
        rows asked for (h5py's point selection reads a row at a time), selected in memory."""
        ds = self._dataset(name)
        tail = tuple(ds.shape[1:])
        outs, wanted = [], []
        for idx in idxs:
            flat = idx.reshape(-1)
            order = None
            if flat.size > 1 and bool((flat[1:] < flat[:-1]).any()):
                order = np.argsort(flat, kind="stable")
                flat = flat[order]
            wanted.append((flat, order))
            outs.append(np.empty((flat.size, *tail), dtype=ds.dtype))
        rows = wanted[0][0] if len(wanted) == 1 else np.sort(np.concatenate([w for w, _ in wanted]))
        try:
            for start, stop in self._ranges(ds, rows):
                block = ds[start:stop]
                for (flat, order), out in zip(wanted, outs):
                    lo, hi = np.searchsorted(flat, (start, stop))
                    if hi == lo:
                        continue
                    if order is None:
                        np.take(block, flat[lo:hi] - start, axis=0, out=out[lo:hi])
                    else:
                        out[order[lo:hi]] = block[flat[lo:hi] - start]
                del block
                if report is not None:
                    report(stop)
        except OSError as exc:
            raise UserError(f"{self.path} is corrupt: reading chains/{self.kind}/{name} failed: {exc}") from None
        return [out.reshape(idx.shape + tail) for idx, out in zip(idxs, outs)]

    @staticmethod
    def _ranges(ds, rows: np.ndarray) -> Iterator[tuple[int, int]]:
        """[start, stop) ranges covering the sorted `rows`: a range never spans more than READ_BYTES, and a gap
        wider than GAP_BYTES (or one chunk of the file) between rows asked for starts a new one."""
        if rows.size == 0:
            return
        row_bytes = max(1, ds.dtype.itemsize * int(np.prod(ds.shape[1:])))
        chunk = ds.chunks[0] if ds.chunks else 1
        gap = max(chunk, GAP_BYTES // row_bytes)
        span = max(1, READ_BYTES // row_bytes // chunk) * chunk  # whole chunks: none is decompressed twice
        if ds.dtype.kind == "O":  # variable-length rows (stored states): their size is not the dtype's
            gap = span = chunk
        cuts = np.flatnonzero(np.diff(rows) > gap) + 1
        for first, end in zip(np.r_[0, cuts], np.r_[cuts, rows.size]):
            i = int(first)
            while i < end:
                start = int(rows[i])
                i += int(np.searchsorted(rows[i:end], start - start % chunk + span))
                yield start, int(rows[i - 1]) + 1

    def rows(self, idx) -> tuple[np.ndarray, np.ndarray]:
        """(features, labels) at row indices."""
        return self.take("features", idx), self.take("label", idx)

    def iter_chunks(self, rows: int = 65536, fields: Sequence[str] = ("features", "label"),
                    idx: np.ndarray | None = None) -> Iterator[dict[str, np.ndarray]]:
        """Blocks of at most `rows` rows (all rows in order, or the given indices), read one block at a time."""
        if idx is None:
            for start in range(0, self.n_rows, rows):
                stop = min(self.n_rows, start + rows)
                yield {n: (self._cache[n][start:stop] if n in self._cache else self._read(n, slice(start, stop)))
                       for n in fields}
        else:
            idx = np.asarray(idx, dtype=np.int64)
            for start in range(0, len(idx), rows):
                part = idx[start:start + rows]
                yield {n: self.take(n, part) for n in fields}

    def states(self, idx) -> list[dict]:
        """Serialized states (state.to_dict()) of rows; needs a file made with --store-states."""
        if "state" not in self.fields:
            raise UserError(f"{self.path} holds no states (generate with --store-states)")
        from cardlab.datagen.chains import deserialize_state

        return [deserialize_state(b) for b in self.take("state", idx)]

    # ---------------------------------------------------------------- labels and splits

    @property
    def cooperative(self) -> bool:
        """A cooperative game's file (Hanabi): labels are the final score."""
        return self.attrs.get("game_kind") == "cooperative"

    def recompute_labels(self, gamma: float | None = None, reward: float | None = None) -> np.ndarray:
        """Labels from the raw fields, with other gamma/reward if given (cooperative games: the final score)."""
        if self.cooperative:
            from cardlab.datagen.chains import score_labels

            return score_labels(self.field("outcome"))
        gamma = float(self.attrs["gamma"]) if gamma is None else gamma
        reward = float(self.attrs["reward"]) if reward is None else reward
        sign = self.field("outcome" if self.kind == "full" else "sub_outcome")
        return discounted_labels(self.field("step"), self.field("chain_len"), sign, gamma, reward)

    def split_by_game(self, val: float = 0.1, test: float = 0.1, seed: int = 0
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Row indices (sorted) of train/val/test; whole games go to one side, never single rows."""
        if val < 0 or test < 0 or val + test >= 1:
            raise UserError(f"split fractions must be >= 0 and sum below 1, got val={val}, test={test}")
        gid = self.field("game_id")
        games = np.unique(gid)
        perm = np.random.default_rng(seed).permutation(games)
        n_test = int(round(len(games) * test))
        n_val = int(round(len(games) * val))
        test_g, val_g = perm[:n_test], perm[n_test:n_test + n_val]
        in_test = np.isin(gid, test_g)
        in_val = np.isin(gid, val_g)
        train = np.flatnonzero(~in_test & ~in_val)
        return train, np.flatnonzero(in_val), np.flatnonzero(in_test)

    def games(self) -> dict[str, np.ndarray]:
        """Per-game records (seed, a_seat, winner, turns, ...), row i = game id i."""
        if self._file is None:
            self._file = _open(self.path)
        try:
            return {k: ds[:self.n_games] for k, ds in self._file["games"].items()}
        except (OSError, RuntimeError, KeyError) as exc:
            raise UserError(f"{self.path} is corrupt: reading its games table failed ({first_line(exc)})") from None

    # ---------------------------------------------------------------- lifetime

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> "ChainData":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        state["_file"] = None
        return state

    def __repr__(self) -> str:
        return f"<ChainData {self.path} {self.kind}: {self.n_rows} rows, {self.n_games} games, dim {self.dim}>"
