"""Merging chain files: one training file from several datagen runs (`cardlab loop`'s data window).

The first source is copied and the others' games are appended through the writer, so the result has the writer's
layout and crash-safety and is compacted like any finished run. Game ids are renumbered in order (file after file),
which keeps the split by game whole. Files must agree on everything a row's meaning depends on (game name, encoder,
labels, chain kinds, fields); they may differ in how the game was set up (Hearthstone's deck pool, a Dominion
kingdom), since a row means the same under any deal. Attributes other than the counters come from the first
source, and `merged_from` lists every source with its game spec.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Sequence

import h5py
import numpy as np

from cardlab.datagen.reader import check_file
from cardlab.datagen.writer import ChainWriter, CompactFailed, WriteFailed, refuse_if_being_written
from cardlab.runtime import UserError

# Attributes that fix what a row means: sources that differ in any of them cannot share one training file.
MUST_MATCH = ("game_name", "encoder", "encoder_version", "encoder_dim", "chains", "gamma", "reward",
              "green_threshold", "red_threshold", "store_states", "game_kind", "label", "chain_point")
# Sources are read and committed in blocks of whole games, of at most BLOCK_GAMES games and BLOCK_BYTES bytes of rows
# (fixed-size columns; more only when one game alone has more), so a merge's memory does not grow with its files.
BLOCK_GAMES = 1 << 12
BLOCK_BYTES = 16 << 20


def merge_chain_files(sources: Sequence[str | Path], out: str | Path) -> Path:
    """Write `out` with every committed game of `sources`, in order; returns its path."""
    sources = [Path(s) for s in sources]
    out = Path(out)
    if not sources:
        raise UserError("merge: no source files")
    if out in sources or any(out.resolve() == s.resolve() for s in sources):
        raise UserError(f"merge: {out} is also a source")
    for source in sources:
        refuse_if_being_written(source, "use it")
    attrs = [check_file(s) for s in sources]
    for path, a in zip(sources[1:], attrs[1:]):
        for key in MUST_MATCH:
            if a.get(key) != attrs[0].get(key):
                raise UserError(f"cannot merge {path} with {sources[0]}: {key} differs "
                                f"({a.get(key)!r} vs {attrs[0].get(key)!r})")
        vocabularies = (a.get("encoder_vocabulary"), attrs[0].get("encoder_vocabulary"))
        if vocabularies[0] != vocabularies[1]:
            if None in vocabularies:  # a file from before card codes were recorded: its codes are unknown
                without = path if vocabularies[0] is None else sources[0]
                raise UserError(f"cannot merge {path} with {sources[0]}: {without} does not record its card codes "
                                "(written before they were kept), so its rows may code cards differently; "
                                "regenerate it")
            raise UserError(f"cannot merge {path} with {sources[0]}: their card codes differ (encoded with "
                            "different card data); regenerate one of them")
    _refuse_repeated_games(sources, attrs)
    tmp = out.with_name(out.name + ".merge.tmp")
    writer = None
    try:  # from the first byte copied to the compacted file: an interrupt or failure leaves no temporary copy
        shutil.copyfile(sources[0], tmp)
        writer = ChainWriter.resume(tmp)
        for path in sources[1:]:
            with h5py.File(path, "r", locking=False) as src:
                _check_same_layout(path, src, writer)
                for block in _blocks(src, writer):  # committed block by block: memory stays bounded
                    for info, chains in block:
                        writer.add_game(info, chains)
                    writer.commit()
        total = writer.games_completed
        writer.set_attr("games_requested", np.int64(total))
        from cardlab.datagen.reader import file_sha256

        writer.set_attr("merged_from", json.dumps([
            {"file": str(p), "game": a.get("game"), "games": int(a["games_completed"]), "seed": a.get("seed"),
             "agents": a.get("agents"), "sha256": file_sha256(p)}  # `train value --resume` compares the contents
            for p, a in zip(sources, attrs)]))
        writer.close(compact=True)
    except (WriteFailed, CompactFailed) as exc:  # about the temporary copy, which goes: say what the user sees
        tmp.unlink(missing_ok=True)
        raise UserError(f"cannot write {out}: {exc.reason}; {out} was not written") from None
    except BaseException:
        if writer is not None:
            writer.abort()  # the file may already be closed by a failed write
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(out)
    return out


def _refuse_repeated_games(sources: list[Path], attrs: list[dict]) -> None:
    """Two sources holding the same game (a copied file, datagen run twice with one --seed, a file merged into
    another): merged, one game would sit in the training and the test split at once and inflate the test figures.
    A game is told by its own record (deal seed, actions, turns, winner, rows of each chain...), not by its file's
    attributes: a merged file's attributes are its first source's, and two runs of one --seed with other agents
    deal the same seeds but play other games."""
    seen: dict[tuple, Path] = {}
    for path, a in zip(sources, attrs):
        n = int(a["games_completed"])
        with h5py.File(path, "r", locking=False) as f:
            columns = [f["games"][name][:n].tolist() for name in sorted(f["games"])]
        for record in zip(*columns):
            first = seen.setdefault(record, path)
            if first is not path:
                raise UserError(f"cannot merge {path} with {first}: they hold the same games (a copy, the same "
                                "datagen --seed and agents twice, or a file already merged into the other), which "
                                "would put one game in both the training and the test split")


def _check_same_layout(path: Path, src: h5py.File, writer: ChainWriter) -> None:
    names = [n.decode() if isinstance(n, bytes) else n for n in src["meta/feature_names"][:]]
    mine = [n.decode() if isinstance(n, bytes) else n for n in writer.f["meta/feature_names"][:]]
    if names != mine:
        raise UserError(f"cannot merge {path}: its feature names differ from the first file's")
    kinds = list(writer.kinds)
    if sorted(src["chains"].keys()) != sorted(kinds):
        raise UserError(f"cannot merge {path}: it holds chains {', '.join(src['chains'])}, not {', '.join(kinds)}")
    if set(src["games"].keys()) != set(writer.layout["games"]) | set(writer.layout["game_str"]):
        raise UserError(f"cannot merge {path}: its per-game fields differ from the first file's")


def _blocks(src: h5py.File, writer: ChainWriter):
    """The committed games of `src`, in id order, in blocks of whole games (see BLOCK_BYTES), each a list of
    (info, chains) in the form ChainWriter.add_game takes: rows are read by ranges, never the whole file."""
    n_games = int(src.attrs["games_completed"])
    bounds = {kind: _game_bounds(src["chains"][kind], n_games) for kind in writer.kinds}
    size = np.zeros(n_games + 1, dtype=np.int64)  # bytes of the rows of games 0..i-1
    for kind in writer.kinds:
        g = src["chains"][kind]
        size += bounds[kind] * sum(ds.dtype.itemsize * int(np.prod(ds.shape[1:], dtype=np.int64))
                                   for name, ds in g.items() if name != "game_id")
    first = 0
    while first < n_games:
        stop = int(np.searchsorted(size, size[first] + BLOCK_BYTES, side="right")) - 1  # games first..stop-1 fit
        stop = min(max(stop, first + 1), first + BLOCK_GAMES, n_games)  # a game is never split across blocks
        yield _games(src, writer, first, stop, bounds)
        first = stop


def _game_bounds(g: h5py.Group, n_games: int) -> np.ndarray:
    """Row bounds of each committed game in a chain group: game i holds rows bounds[i]:bounds[i + 1]. Rows are
    written game after game, so each game's rows form one block of the ascending game_id column (read by parts)."""
    rows = int(g.attrs["rows"])
    ids = np.arange(n_games + 1)
    bounds = np.zeros(n_games + 1, dtype=np.int64)
    step = max(1, BLOCK_BYTES // 8)
    for start in range(0, rows, step):
        bounds += np.searchsorted(g["game_id"][start:min(rows, start + step)], ids, side="left")
    return bounds


def _games(src: h5py.File, writer: ChainWriter, first: int, stop: int, bounds: dict[str, np.ndarray]) -> list:
    """(info, chains) of games first..stop-1 of `src`, in id order."""
    games = {name: src["games"][name][first:stop] for name in src["games"]}
    base = {kind: int(b[first]) for kind, b in bounds.items()}
    columns = {}
    for kind in writer.kinds:
        g = src["chains"][kind]
        columns[kind] = {name: g[name][base[kind]:int(bounds[kind][stop])] for name in g if name != "game_id"}
    out = []
    for i in range(first, stop):
        info = {name: _scalar(values[i - first]) for name, values in games.items()}
        chains = {}
        for kind in writer.kinds:
            lo, hi = bounds[kind][i] - base[kind], bounds[kind][i + 1] - base[kind]
            if hi > lo:
                chains[kind] = {name: col[lo:hi] for name, col in columns[kind].items()}
        out.append((info, chains))
    return out


def _scalar(value):
    if isinstance(value, bytes):
        return value.decode()
    return value.item() if isinstance(value, np.generic) else value
