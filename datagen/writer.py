"""HDF5 writer for chain files, safe against a crash at any moment.

Layout (schema 2):
    /                 attrs: format, schema_version, encoder, encoder_version, encoder_dim, gamma, reward,
                      thresholds, agents, decks, seed, seeds, engine/card-data versions, games_requested,
                      games_completed (the commit counter), created_at, settings (JSON of everything)
    /meta/feature_names
    /games/<field>    one row per completed game, row i = game id i
    /chains/<kind>    kind = full | colour; attrs rows (committed rows), label_formula;
                      datasets features (rows x dim float32), label, game_id, player, step, chain_len,
                      outcome, turn, colour, eff_hp (+ sub_chain, sub_outcome, next_colour for colour
                      chains), optional state

Game-specific fields exist only in files of games that have them: Hearthstone's games/deck0, deck1 and the
chains' colour, eff_hp; cooperative games' games/score (the team score). Other games' files leave them out
(`layout_for`); readers, resume and compaction take the layout from the file.

Crash safety: a commit writes the rows of whole games and flushes, then bumps the counters (`rows`,
`games_completed`, in place) and flushes again, so counters on disk never cover unwritten rows. Files use
HDF5's "none" free-space strategy: space freed when a compressed chunk grows is never reused, so data the
last committed index points to is never overwritten. Readers ignore rows past the counters; resume truncates
them. When a run completes, the file is rewritten compactly (deterministic layout: same settings and seed
give the same bytes except `created_at`).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import h5py
import numpy as np

from cardlab.runtime import UserError

from cardlab.datagen.chains import CHAIN_KINDS, FIELDS, chain_fields

FORMAT = "cardlab-chains"
SCHEMA_VERSION = 2  # 2: full chains also store colour and eff_hp
CHUNK_ROWS = 512  # fixed so that the layout is deterministic
COMPRESSION = dict(compression="gzip", compression_opts=4, shuffle=True)
GAME_FIELDS = {"seed": "i8", "a_seat": "i1", "winner": "i1", "turns": "i2", "actions": "i4", "kind": "i1",
               "error": "i1", "rows_full": "i4", "rows_colour": "i4"}
GAME_STR_FIELDS = ("deck0", "deck1")
EXTRA_GAME_FIELDS = {"score": "i2"}  # cooperative games: the team's final score
WINNER_DRAW, WINNER_ERROR = -1, -2
_FILE_KW = dict(fs_strategy="none", rdcc_nbytes=64 << 20)


def _str_dtype():
    return h5py.string_dtype("utf-8")


def _state_dtype():
    return h5py.vlen_dtype(np.uint8)


def _dataset(group, name: str, dtype, width: int | None = None):
    shape, maxshape, chunks = (0,), (None,), (CHUNK_ROWS,)
    if width is not None:
        shape, maxshape, chunks = (0, width), (None, width), (CHUNK_ROWS, width)
    return group.create_dataset(name, shape=shape, maxshape=maxshape, chunks=chunks, dtype=dtype,
                                track_times=False, **COMPRESSION)


def layout_for(threat: bool = True, score: bool = False) -> dict:
    """Which game and chain fields a file holds: Hearthstone's (threat colours, decks) or a game's without them."""
    games = dict(GAME_FIELDS, **(EXTRA_GAME_FIELDS if score else {}))
    return {"games": games, "game_str": GAME_STR_FIELDS if threat else (),
            "chains": {kind: chain_fields(kind, threat) for kind in CHAIN_KINDS}}


HEARTHSTONE_LAYOUT = layout_for()


def _layout_of(f: h5py.File) -> dict:
    """The layout an existing file was written with (canonical order, so compaction keeps the bytes)."""
    have = set(f["games"].keys())
    games = {k: v for k, v in {**GAME_FIELDS, **EXTRA_GAME_FIELDS}.items() if k in have}
    chains = {}
    for kind in CHAIN_KINDS:
        if f"chains/{kind}" in f:
            names = set(f["chains"][kind].keys())
            chains[kind] = {k: v for k, v in FIELDS[kind].items() if k in names}
        else:
            chains[kind] = dict(FIELDS[kind])
    return {"games": games, "game_str": tuple(n for n in GAME_STR_FIELDS if n in have), "chains": chains}


def _create_layout(f: h5py.File, attrs: dict[str, Any], feature_names, kinds, store_states: bool,
                   layout: dict | None = None) -> None:
    layout = layout or HEARTHSTONE_LAYOUT
    for key in sorted(attrs):
        f.attrs[key] = attrs[key]
    meta = f.create_group("meta", track_order=False)
    meta.create_dataset("feature_names", data=np.asarray(feature_names, dtype=object), dtype=_str_dtype(),
                        track_times=False)
    games = f.create_group("games")
    for name, dt in layout["games"].items():
        _dataset(games, name, dt)
    for name in layout["game_str"]:
        _dataset(games, name, _str_dtype())
    chains = f.create_group("chains")
    for kind in CHAIN_KINDS:
        if kind not in kinds:
            continue
        g = chains.create_group(kind)
        g.attrs["rows"] = np.int64(0)
        g.attrs["label_formula"] = ("outcome" if attrs.get("game_kind") == "cooperative" else
                                    "gamma**(chain_len - step) * reward * "
                                    + ("outcome" if kind == "full" else "sub_outcome"))
        _dataset(g, "features", "f4", len(feature_names))
        _dataset(g, "label", "f4")
        for name, dt in layout["chains"][kind].items():
            _dataset(g, name, dt)
        if store_states:
            _dataset(g, "state", _state_dtype())


def _append(ds, values) -> None:
    n = ds.shape[0]
    k = len(values)
    if k == 0:
        return
    ds.resize(n + k, axis=0)
    ds[n:n + k] = values


class ChainWriter:
    """Appends whole games and commits them; one writer per file (the runner's main process)."""

    def __init__(self, f: h5py.File, path: Path) -> None:
        self.f = f
        self.path = path
        self.kinds = [k for k in CHAIN_KINDS if f"chains/{k}" in f]
        self.store_states = bool(f.attrs.get("store_states", False))
        self.games_completed = int(f.attrs["games_completed"])
        self.layout = _layout_of(f)
        self._buffer: list[tuple[dict, dict]] = []

    # ---------------------------------------------------------------- opening

    @classmethod
    def create(cls, path: str | Path, attrs: dict[str, Any], feature_names, kinds, store_states: bool,
               force: bool = False, layout: dict | None = None) -> "ChainWriter":
        path = Path(path)
        if path.exists() and not force:
            raise UserError(f"{path} exists: pass --resume to continue it or --force to overwrite it")
        if path.exists():
            path.unlink()
        attrs = dict(attrs, format=FORMAT, schema_version=SCHEMA_VERSION, games_completed=np.int64(0),
                     store_states=bool(store_states))
        attrs.setdefault("created_at", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
        try:
            f = h5py.File(path, "w", libver="earliest", **_FILE_KW)
        except OSError as exc:
            raise UserError(f"cannot create {path}: {exc}") from None
        _create_layout(f, attrs, feature_names, kinds, store_states, layout)
        f.flush()
        return cls(f, path)

    @classmethod
    def resume(cls, path: str | Path) -> "ChainWriter":
        """Open for appending; rows past the committed counters (a crash mid-commit) are dropped."""
        from cardlab.datagen.reader import check_file

        path = Path(path)
        check_file(path)
        f = h5py.File(path, "a", rdcc_nbytes=_FILE_KW["rdcc_nbytes"])
        version = int(f.attrs.get("schema_version", -1))
        if version != SCHEMA_VERSION:
            f.close()
            raise UserError(f"{path} has chain schema {version}; this cardlab appends schema {SCHEMA_VERSION} rows "
                            "only: start a new file")
        n_games = int(f.attrs["games_completed"])
        for name in f["games"]:
            if f["games"][name].shape[0] > n_games:
                f["games"][name].resize(n_games, axis=0)
        for kind in CHAIN_KINDS:
            if f"chains/{kind}" in f:
                g = f["chains"][kind]
                rows = int(g.attrs["rows"])
                for ds in g.values():
                    if ds.shape[0] > rows:
                        ds.resize(rows, axis=0)
        f.flush()
        return cls(f, path)

    # ---------------------------------------------------------------- writing

    def add_game(self, info: dict, chains: dict[str, dict[str, np.ndarray]]) -> None:
        """Buffer one game (info: GAME_FIELDS + deck names; chains: columns per kind). Games come in id order."""
        self._buffer.append((info, chains))

    def commit(self) -> int:
        """Write buffered games, flush, then publish them by bumping the counters. Returns games committed."""
        if not self._buffer:
            return 0
        f = self.f
        games = f["games"]
        first = self.games_completed
        for name, dt in self.layout["games"].items():
            _append(games[name], np.asarray([info[name] for info, _ in self._buffer], dtype=dt))
        for name in self.layout["game_str"]:
            _append(games[name], np.asarray([info[name] for info, _ in self._buffer], dtype=object))
        new_rows = {}
        for kind in self.kinds:
            g = f["chains"][kind]
            parts = [(first + j, ch[kind]) for j, (_, ch) in enumerate(self._buffer) if kind in ch]
            cols = {}
            names = ["features", "label"] + [n for n in self.layout["chains"][kind] if n != "game_id"]
            if self.store_states:
                names.append("state")
            for name in names:
                arrays = [c[name] for _, c in parts]
                if name == "features":
                    cols[name] = (np.concatenate(arrays) if arrays else np.zeros((0, g["features"].shape[1]), "f4"))
                elif name == "state":
                    cols[name] = np.concatenate(arrays) if arrays else np.zeros(0, dtype=object)
                else:
                    cols[name] = np.concatenate(arrays) if arrays else np.zeros(0)
            cols["game_id"] = (np.concatenate([np.full(len(c["label"]), gid, dtype=np.int64) for gid, c in parts])
                               if parts else np.zeros(0, dtype=np.int64))
            for name, values in cols.items():
                _append(g[name], values)
            new_rows[kind] = int(g.attrs["rows"]) + len(cols["label"])
        f.flush()
        # Phase 2: publish. In-place attribute writes, so the object headers keep their size.
        for kind, rows in new_rows.items():
            f["chains"][kind].attrs.modify("rows", np.int64(rows))
        self.games_completed = first + len(self._buffer)
        f.attrs.modify("games_completed", np.int64(self.games_completed))
        f.flush()
        n = len(self._buffer)
        self._buffer = []
        return n

    def set_attr(self, name: str, value) -> None:
        self.f.attrs.modify(name, value) if name in self.f.attrs else self.f.attrs.create(name, value)

    def close(self, compact: bool = False) -> None:
        if self.f is None:
            return
        self.commit()
        self.f.close()
        self.f = None
        if compact:
            compact_file(self.path)


def compact_file(path: str | Path, block_rows: int = 1 << 16) -> None:
    """Rewrite `path` with only committed rows and a fresh, deterministic layout (atomic replace)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".compact.tmp")
    with h5py.File(path, "r") as src:
        attrs = {k: src.attrs[k] for k in src.attrs}
        kinds = [k for k in CHAIN_KINDS if f"chains/{k}" in src]
        store_states = bool(attrs.get("store_states", False))
        names = [n.decode() if isinstance(n, bytes) else n for n in src["meta/feature_names"][:]]
        layout = _layout_of(src)
        with h5py.File(tmp, "w", libver="earliest", **_FILE_KW) as dst:
            _create_layout(dst, attrs, names, kinds, store_states, layout)
            n_games = int(attrs["games_completed"])
            for name in list(layout["games"]) + list(layout["game_str"]):
                _copy(src["games"][name], dst["games"][name], n_games, block_rows)
            for kind in kinds:
                s, d = src["chains"][kind], dst["chains"][kind]
                rows = int(s.attrs["rows"])
                for name in d:
                    _copy(s[name], d[name], rows, block_rows)
                d.attrs.modify("rows", np.int64(rows))
    os.replace(tmp, path)


def _copy(src, dst, rows: int, block_rows: int) -> None:
    dst.resize(rows, axis=0)
    for start in range(0, rows, block_rows):
        stop = min(rows, start + block_rows)
        dst[start:stop] = src[start:stop]


def settings_json(settings: dict) -> str:
    return json.dumps(settings, sort_keys=True, separators=(",", ":"))
