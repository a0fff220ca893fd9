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
(`layout_for`). A cooperative game's score and outcome are float32 (files from before were int16/int8); readers,
resume and compaction take the layout, dtypes included, from the file.

Writing: the numeric datasets are written chunk by chunk by `chunks.py` (each full chunk shuffled and deflated
once, the partly filled last chunk stored raw until it fills), so a commit costs little more than compressing its
rows once; strings and stored states go through HDF5's own pipeline.

Crash safety: a commit writes the rows of whole games and flushes, then bumps the counters (`rows`,
`games_completed`, in place) and flushes again, so counters on disk never cover unwritten rows. Files use
HDF5's "none" free-space strategy (freed space is not reused, except at the very end of the file), and a commit
stores new chunks before it moves a chunk that holds committed rows (`chunks.store`), so data the last committed
index points to is never overwritten; a raw last chunk is rewritten in place with the same committed bytes. A new
file appears under its name only once its layout is complete. Readers ignore rows past the counters (a killed
commit's); a resumed run writes over them, and datasets may be longer than the counters until the file is
compacted. When a run completes, the file is rewritten compactly (deterministic layout: same settings and seed give
the same bytes except `created_at`, whatever the worker count, commit size or resumes).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import h5py
import numpy as np

from cardlab.runtime import UserError, first_line

from cardlab.datagen.chains import CHAIN_KINDS, FIELDS, chain_fields
from cardlab.datagen.chunks import DirectColumn, copy_chunks, is_direct, store

FORMAT = "cardlab-chains"
SCHEMA_VERSION = 2  # 2: full chains also store colour and eff_hp
CHUNK_ROWS = 512  # fixed so that the layout is deterministic
COMPRESSION = dict(compression="gzip", compression_opts=4, shuffle=True)
GAME_FIELDS = {"seed": "i8", "a_seat": "i1", "winner": "i1", "turns": "i2", "actions": "i4", "kind": "i1",
               "error": "i1", "rows_full": "i4", "rows_colour": "i4"}
GAME_STR_FIELDS = ("deck0", "deck1")
EXTRA_GAME_FIELDS = {"score": "f4"}  # cooperative games: the team's final score (-1 for a game that failed)
WINNER_DRAW, WINNER_ERROR, WINNER_SHARED = -1, -2, -3  # shared: several players won together (3-4 player Dominion)
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


def layout_for(threat: bool = True, cooperative: bool = False) -> dict:
    """Which game and chain fields a file holds: Hearthstone's (threat colours, decks) or a game's without them;
    cooperative games add the team score."""
    games = dict(GAME_FIELDS, **(EXTRA_GAME_FIELDS if cooperative else {}))
    return {"games": games, "game_str": GAME_STR_FIELDS if threat else (),
            "chains": {kind: chain_fields(kind, threat, cooperative) for kind in CHAIN_KINDS}}


HEARTHSTONE_LAYOUT = layout_for()


def _layout_of(f: h5py.File) -> dict:
    """The layout an existing file was written with (canonical order, so compaction keeps the bytes; the file's own
    dtypes, so an older file's integer scores stay integers)."""
    have = f["games"]
    games = {k: have[k].dtype for k in {**GAME_FIELDS, **EXTRA_GAME_FIELDS} if k in have}
    chains = {}
    for kind in CHAIN_KINDS:
        if f"chains/{kind}" in f:
            g = f["chains"][kind]
            chains[kind] = {k: g[k].dtype for k in FIELDS[kind] if k in g}
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
        self._columns: dict[str, DirectColumn] = {}
        for group, rows in self._groups():
            for name, ds in group.items():
                if is_direct(ds):
                    self._columns[ds.name] = DirectColumn(ds, rows)

    def _groups(self):
        """(group, committed rows) of the games and of each chain kind."""
        yield self.f["games"], self.games_completed
        for kind in self.kinds:
            g = self.f["chains"][kind]
            yield g, int(g.attrs["rows"])

    # ---------------------------------------------------------------- opening

    @classmethod
    def create(cls, path: str | Path, attrs: dict[str, Any], feature_names, kinds, store_states: bool,
               force: bool = False, layout: dict | None = None) -> "ChainWriter":
        path = Path(path)
        if path.exists() and not force:
            raise UserError(f"{path} exists: pass --resume to continue it or --force to overwrite it")
        if path.is_file():
            refuse_if_in_use(path)  # --force must not replace a file a running datagen is writing
        # With --force the old file stays until the new one's layout is built (os.replace below).
        attrs = dict(attrs, format=FORMAT, schema_version=SCHEMA_VERSION, games_completed=np.int64(0),
                     store_states=bool(store_states))
        attrs.setdefault("created_at", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
        # Built under a temporary name and renamed when complete: a run killed while creating it leaves no
        # half-written file under `path` (a plain restart follows).
        # The temporary name is this process's own: two runs started at once never build into one file.
        _remove_stale_create_files(path)
        tmp = path.with_name(f"{path.name}.{_host()}.{os.getpid()}.create.tmp")
        try:
            with h5py.File(tmp, "w", libver="earliest", **_FILE_KW) as f:
                _create_layout(f, attrs, feature_names, kinds, store_states, layout)
            _move_into_place(tmp, path, replace=force)
            f = h5py.File(path, "a", rdcc_nbytes=_FILE_KW["rdcc_nbytes"])  # the "none" strategy is the file's
        except FileExistsError:
            tmp.unlink(missing_ok=True)
            raise UserError(f"{path} exists: another process created it a moment ago (two runs started at once?); "
                            "pass --resume to continue it or --force to overwrite it") from None
        except OSError as exc:
            tmp.unlink(missing_ok=True)  # a half-built copy (disk full...) is no use to anyone
            raise UserError(f"cannot create {path}: {_os_reason(exc)}") from None
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return cls(f, path)

    @classmethod
    def resume(cls, path: str | Path) -> "ChainWriter":
        """Open for appending after the committed counters; rows past them (a crash mid-commit) are written over.
        Every refusal comes before anything is written: the file is left byte-identical."""
        from cardlab.datagen.reader import check_file

        path = Path(path)
        if path.is_file():
            refuse_if_in_use(path, writing=True)
        attrs = check_file(path)
        version = int(attrs.get("schema_version", -1))
        if version != SCHEMA_VERSION:
            raise UserError(f"{path} has chain schema {version}; this cardlab appends schema {SCHEMA_VERSION} rows "
                            "only: start a new file")
        f = None
        try:
            f = h5py.File(path, "a", rdcc_nbytes=_FILE_KW["rdcc_nbytes"])
            for kind in CHAIN_KINDS:  # the rows appended to a chain kind always include these
                if f"chains/{kind}" in f and "features" not in f["chains"][kind]:
                    raise KeyError(f"chains/{kind}/features is missing")
            # Opening reads the committed rows of every last, partly filled chunk: damaged data shows here.
            return cls(f, path)
        except (OSError, RuntimeError, KeyError, ValueError) as exc:
            if f is not None:
                _close_quietly(f)
            raise UserError(f"{path} is damaged: reading its last committed rows failed ({first_line(exc)}), so "
                            "it cannot be resumed (write it again with `cardlab datagen --force`)") from None

    # ---------------------------------------------------------------- writing

    def add_game(self, info: dict, chains: dict[str, dict[str, np.ndarray]]) -> None:
        """Buffer one game (info: GAME_FIELDS + deck names; chains: columns per kind). Games come in id order."""
        self._check_scores(info, chains)
        self._buffer.append((info, chains))

    def _check_scores(self, info: dict, chains: dict) -> None:
        """Refuse a score that an older file's integer column cannot hold exactly (0.5, 300) rather than round it;
        Hanabi's whole scores fit, so its old files still resume and merge."""
        columns = [("games/score", self.layout["games"].get("score"), [info["score"]] if "score" in info else [])]
        columns += [(f"chains/{kind}/outcome", self.layout["chains"][kind].get("outcome"),
                     chains[kind]["outcome"] if kind in chains else []) for kind in self.kinds]
        for name, dtype, values in columns:
            values = np.asarray(values)
            if dtype is None or np.dtype(dtype).kind not in "iu" or values.dtype.kind in "iub" or not values.size:
                continue
            lo, hi = np.iinfo(dtype).min, np.iinfo(dtype).max
            bad = values[~((values == np.round(values)) & (values >= lo) & (values <= hi))]  # NaN is refused too
            if bad.size:
                raise UserError(f"{self.path} stores {name} as {np.dtype(dtype).name} (written by an older cardlab), "
                                f"which cannot hold the score {float(bad[0]):g}: write a new file")

    def _new_columns(self) -> dict[str, np.ndarray]:
        """Every dataset's new rows (by dataset path) for the buffered games."""
        first = self.games_completed
        out: dict[str, np.ndarray] = {}
        for name, dt in self.layout["games"].items():
            out[f"/games/{name}"] = np.asarray([info[name] for info, _ in self._buffer], dtype=dt)
        for name in self.layout["game_str"]:
            out[f"/games/{name}"] = np.asarray([info[name] for info, _ in self._buffer], dtype=object)
        for kind in self.kinds:
            g = self.f["chains"][kind]
            parts = [(first + j, ch[kind]) for j, (_, ch) in enumerate(self._buffer) if kind in ch]
            names = ["features", "label"] + [n for n in self.layout["chains"][kind] if n != "game_id"]
            if self.store_states:
                names.append("state")
            for name in names:
                arrays = [c[name] for _, c in parts]
                if arrays:
                    values = np.concatenate(arrays)
                elif name == "features":
                    values = np.zeros((0, g["features"].shape[1]), "f4")
                else:
                    values = np.zeros(0, dtype=object if name == "state" else g[name].dtype)
                out[f"/chains/{kind}/{name}"] = values
            out[f"/chains/{kind}/game_id"] = (
                np.concatenate([np.full(len(c["label"]), gid, dtype=np.int64) for gid, c in parts])
                if parts else np.zeros(0, dtype=np.int64))
        return out

    def commit(self) -> int:
        """Write buffered games, flush, then publish them by bumping the counters. Returns games committed.

        A write the OS refuses (disk full, quota, I/O error) closes the file and raises a UserError that says what
        the file holds now (checked by reading it back), not a traceback."""
        if not self._buffer:
            return 0
        before = self._counters()
        try:
            return self._commit()
        except OSError as exc:
            after = (before[0] + len(self._buffer),
                     {kind: rows + self._buffered_rows(kind) for kind, rows in before[1].items()})
            self.abort()
            raise _write_failure(self.path, exc, before, after) from None

    def _counters(self) -> tuple[int, dict[str, int]]:
        """(games_completed, {kind: rows}) as committed."""
        return self.games_completed, {kind: int(self.f["chains"][kind].attrs["rows"]) for kind in self.kinds}

    def _buffered_rows(self, kind: str) -> int:
        return sum(len(chains[kind]["label"]) for _, chains in self._buffer if kind in chains)

    def _commit(self) -> int:
        f = self.f
        columns = self._new_columns()
        staged, others = [], []
        for path, values in columns.items():
            column = self._columns.get(path)
            if column is None:
                others.append((f[path], values))
            elif len(values):
                writes, tail = column.stage(values)
                staged.append((column, len(values), tail, writes))

        def strings() -> None:
            for ds, values in others:
                _write_at(ds, self._committed(ds), values)

        # Phase 1: the rows, in an order that never overwrites committed bytes (chunks.store), then flush.
        writes = store([w for _, _, _, ws in staged for w in ws], [c for c, *_ in staged], between=strings)
        f.flush()
        for column, added, tail, _ in staged:
            column.accept(added, tail, writes)
        # Phase 2: publish. In-place attribute writes, so the object headers keep their size.
        for kind in self.kinds:
            g = f["chains"][kind]
            g.attrs.modify("rows", np.int64(int(g.attrs["rows"]) + len(columns[f"/chains/{kind}/label"])))
        self.games_completed += len(self._buffer)
        f.attrs.modify("games_completed", np.int64(self.games_completed))
        f.flush()
        n = len(self._buffer)
        self._buffer = []
        return n

    def _committed(self, ds) -> int:
        """Committed rows of a dataset (its group's counter)."""
        if ds.parent.name == "/games":
            return self.games_completed
        return int(ds.parent.attrs["rows"])

    def set_attr(self, name: str, value) -> None:
        before = self._counters()
        try:
            self.f.attrs.modify(name, value) if name in self.f.attrs else self.f.attrs.create(name, value)
        except OSError as exc:
            self.abort()
            raise _write_failure(self.path, exc, before, before) from None

    def close(self, compact: bool = False) -> None:
        if self.f is None:
            return
        self.commit()
        before = self._counters()
        try:
            self.f.close()
        except OSError as exc:  # the last metadata flush refused: say what the file holds
            self.f = None
            raise _write_failure(self.path, exc, before, before) from None
        self.f = None
        if compact:
            compact_file(self.path)

    def abort(self) -> None:
        """Close without committing the buffered games (after a failure); safe to call twice."""
        if self.f is not None:
            _close_quietly(self.f)
            self.f = None
        self._buffer = []


def _host() -> str:
    """This machine's name as a file-name part (a folder shared between machines holds their runs' files)."""
    import socket

    return "".join(c if c.isalnum() or c in "-_" else "_" for c in socket.gethostname()) or "host"


def _remove_stale_create_files(path: Path) -> None:
    """Temporary files of runs on this machine killed while creating `path` (their process is gone); POSIX only
    (Windows' os.kill would signal the process instead of probing it). Another machine's are left alone."""
    if os.name != "posix":
        return
    prefix = f"{path.name}.{_host()}."
    for stale in path.parent.glob(f"{prefix}*.create.tmp"):
        pid = stale.name[len(prefix):-len(".create.tmp")]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            stale.unlink(missing_ok=True)
        except OSError:
            pass  # alive under another user: not ours to remove


def _move_into_place(tmp: Path, path: Path, replace: bool) -> None:
    """Rename `tmp` to `path`; without `replace` only while `path` does not exist, checked atomically (a hard link
    fails on an existing name; FileExistsError), where the file system has hard links."""
    if not replace:
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:  # no hard links here (some network or FAT file systems): the plain rename
            if path.exists():
                raise FileExistsError(str(path)) from None
        else:
            tmp.unlink()
            return
    os.replace(tmp, path)


def in_use(path: Path, writing: bool = False) -> bool:
    """Whether another process holds the file open, tested on HDF5's own lock (a flock): a shared lock fails only
    while a writer holds it (a datagen run still writing it); with `writing=True` (we are about to append) an
    exclusive one, which readers block too (train or inspect reading it). False where it cannot tell."""
    try:
        import fcntl

        with open(path, "rb") as f:  # the lock goes with the descriptor
            fcntl.flock(f, (fcntl.LOCK_EX if writing else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except (OSError, ImportError):
        pass  # unreadable, no flock here...: the caller's own checks name what matters
    return False


def refuse_if_in_use(path: Path, writing: bool = False) -> None:
    """`in_use` as a UserError for a datagen about to replace or continue the file."""
    if in_use(path, writing):
        raise UserError(f"{path} is open in another process (a datagen run still writing it, or a train or inspect "
                        "reading it): wait for it to finish or stop it, then resume")


def refuse_if_being_written(path: Path, doing: str) -> None:
    """A reader that would take a moment's rows for the whole file (training, merging): refused while a datagen
    run is still writing it."""
    if in_use(Path(path)):
        raise UserError(f"{path} is still being written by another process (a datagen run): wait for it to finish, "
                        f"then {doing}")


def _close_quietly(f: h5py.File) -> None:
    """Close a file whose last write failed; HDF5 may refuse to flush it again, which changes nothing here."""
    try:
        f.close()
    except Exception:
        pass


def _os_reason(exc: OSError) -> str:
    """The OS's own words ("No space left on device") rather than HDF5's multi-line report around them."""
    return os.strerror(exc.errno) if exc.errno else first_line(exc)


def _on_disk(path: Path) -> tuple[int, dict[str, int], int]:
    """(games_completed, {kind: rows}, games_requested) of `path` read afresh, after reading back the committed rows
    a commit can touch (the last, partly filled chunk of every dataset); raises UserError when that fails."""
    from cardlab.datagen.reader import check_file

    attrs = check_file(path)
    try:
        with h5py.File(path, "r", locking=False) as f:
            rows = {}
            for kind in CHAIN_KINDS:
                if f"chains/{kind}" in f:
                    rows[kind] = int(f["chains"][kind].attrs["rows"])
            games = int(f.attrs["games_completed"])
            for group, n in [(f["games"], games)] + [(f["chains"][k], r) for k, r in rows.items()]:
                for ds in group.values():
                    if n:
                        ds[n - 1 - (n - 1) % ds.chunks[0]:n]
    except (OSError, RuntimeError, KeyError, ValueError) as exc:
        raise UserError(first_line(exc)) from None
    return games, rows, int(attrs["games_requested"])


class WriteFailed(UserError):
    """A write the OS refused mid-run; the message says what the file holds now (read back from disk).
    `resumable`: the file is readable and its counters cover exactly the games finished before the failure."""

    def __init__(self, message: str, reason: str, resumable: bool) -> None:
        super().__init__(message)
        self.reason = reason
        self.resumable = resumable


def _write_failure(path: Path, exc: OSError, before: tuple[int, dict], after: tuple[int, dict]) -> WriteFailed:
    """The error for a write the OS refused: what the file holds now, read back from disk (the caller adds what to
    do next: `datagen --resume`, or nothing for a merge's temporary file)."""
    reason = _os_reason(exc)
    try:
        games, rows, requested = _on_disk(path)
    except UserError as bad:
        return WriteFailed(f"{path} is damaged: writing it failed ({reason}) and it cannot be read back ({bad})",
                           reason, False)
    if (games, rows) not in (before, after):  # the counters were published in part: a torn commit
        return WriteFailed(f"{path} is damaged: writing it failed ({reason}) while publishing a commit, so its "
                           f"game count ({games}) and row counts ({rows}) disagree", reason, False)
    return WriteFailed(f"{path}: writing failed ({reason}); the file keeps the {games} finished games (of "
                       f"{requested}) and is readable as it is", reason, True)


def _write_at(ds, start: int, values) -> None:
    """Rows start.. of a dataset through HDF5's pipeline (strings, states), over any left past the counters."""
    k = len(values)
    if k == 0:
        return
    if ds.shape[0] < start + k:
        ds.resize(start + k, axis=0)
    ds[start:start + k] = values


class CompactFailed(UserError):
    """Compaction could not write its copy (`reason`: the OS's words); the file is left as it was."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def compact_file(path: str | Path, block_rows: int = 1 << 16, hint: str = "") -> None:
    """Rewrite `path` with only committed rows and a fresh, deterministic layout (atomic replace). A failure leaves
    `path` as it was and raises a UserError (`hint`: what to do next, added when the OS refused a write)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".compact.tmp")
    try:
        _compact(path, tmp, block_rows)
    except OSError as exc:  # the copy failed (disk full, damaged source): `path` is untouched, drop the copy
        tmp.unlink(missing_ok=True)
        if exc.errno:
            reason = _os_reason(exc)
            raise CompactFailed(f"{path}: compacting it failed ({reason}); the file is unchanged, with all its "
                                f"committed games, and readable as it is{hint}", reason) from None
        raise UserError(f"{path} is damaged: compacting it failed reading it back ({first_line(exc)})") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, path)


def _compact(path: Path, tmp: Path, block_rows: int) -> None:
    """The committed rows of `path` copied into `tmp` (compact_file's work)."""
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


def _copy(src, dst, rows: int, block_rows: int) -> None:
    if is_direct(src) and is_direct(dst) and src.chunks == dst.chunks:
        copy_chunks(src, dst, rows)
        return
    dst.resize(rows, axis=0)
    for start in range(0, rows, block_rows):
        stop = min(rows, start + block_rows)
        dst[start:stop] = src[start:stop]


def settings_json(settings: dict) -> str:
    return json.dumps(settings, sort_keys=True, separators=(",", ":"))
