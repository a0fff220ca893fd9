"""Attacks recorded from trading-vs-trading games, for the 8-action model's target classifier (spec section 6).

One row per minion attack: board86 features from the attacker's side before the attack, the attacker slot (1..7),
the chosen target (0 = enemy hero, j = enemy minion j), the legal-target mask, game id and player.
Rows are appended a whole game at a time, so a crashed run leaves only completed games; `games_done` counts them
and a resumed run continues from that game index (seeds depend only on the index: no duplicates).
"""

from __future__ import annotations

from pathlib import Path

import h5py
import numpy as np

from cardlab.arena.play import Observer, play_game
from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.features.board import (ENCODER_NAME, ENCODER_VERSION, FEATURES, N_TARGETS,
                                                       encode_board, target_mask)
from cardlab.engine.hearthstone.state import ATTACK
from cardlab.runtime import UserError

FORMAT = "cardlab-attacks-1"


class _AttackRecorder(Observer):
    """Collects every minion attack of a game with the board it was chosen on."""

    def __init__(self) -> None:
        self.feats, self.slots, self.targets, self.masks, self.who = [], [], [], [], []

    def before_action(self, state, action) -> None:
        if action[0] == ATTACK and action[1] > 0:
            seat = state.current_player
            self.feats.append(encode_board(state, seat))
            self.slots.append(action[1])
            self.targets.append(action[2] - 8)
            self.masks.append(target_mask(state.legal_actions(), action[1]))
            self.who.append(seat)


def record_game(seed: int, deck: str = "liege", agents: tuple[str, str] = ("trading", "trading"),
                max_turns: int = 50) -> dict[str, np.ndarray]:
    """Play game `seed` of the one play loop and return its minion attacks as column arrays."""
    rec = _AttackRecorder()
    result = play_game(f"hearthstone:deck={deck},max_turns={max_turns}", agents, seed, 0, observers=(rec,))
    if result.error is not None:
        raise RuntimeError(result.error)
    n = len(rec.slots)
    return {
        "features": np.asarray(rec.feats, dtype=np.float32).reshape(n, FEATURES),
        "attacker": np.asarray(rec.slots, dtype=np.int8),
        "target": np.asarray(rec.targets, dtype=np.int8),
        "target_mask": np.asarray(rec.masks, dtype=bool).reshape(n, N_TARGETS),
        "player": np.asarray(rec.who, dtype=np.int8),
    }


def _append(f: h5py.File, name: str, values: np.ndarray) -> None:
    ds = f[name]
    n = ds.shape[0]
    ds.resize(n + len(values), axis=0)
    ds[n:] = values


def write_attacks(path: str | Path, games: int, seed: int = 0, deck: str = "liege",
                  agents: tuple[str, str] = ("trading", "trading")) -> int:
    """Record `games` games into `path` (created or resumed). Returns the number of rows in the file."""
    path = Path(path)
    mode = "a" if path.exists() else "w"
    try:
        f = h5py.File(path, mode)
    except OSError as exc:
        raise UserError(f"{path}: cannot open as HDF5 ({exc})") from None
    with f:
        if "features" not in f:
            f.attrs.update({"format": FORMAT, "encoder": ENCODER_NAME, "encoder_version": ENCODER_VERSION,
                            "seed": seed, "deck": deck, "agents": ",".join(agents), "games_done": 0})
            f.create_dataset("features", (0, FEATURES), maxshape=(None, FEATURES), dtype="f4", chunks=(1024, FEATURES))
            for name, dtype in (("attacker", "i1"), ("target", "i1"), ("player", "i1"), ("game", "i4")):
                f.create_dataset(name, (0,), maxshape=(None,), dtype=dtype, chunks=(4096,))
            f.create_dataset("target_mask", (0, N_TARGETS), maxshape=(None, N_TARGETS), dtype=bool, chunks=(4096, N_TARGETS))
        elif f.attrs.get("format") != FORMAT or int(f.attrs.get("seed", -1)) != seed or f.attrs.get("deck") != deck:
            raise UserError(f"{path}: holds attacks of another run (format/seed/deck differ); use a new file")
        start = _complete_games(f)
        from cardlab.runtime import StopOnInterrupt

        with StopOnInterrupt() as stop:  # a Ctrl-C ends the run between games, never inside a game's rows
            for g in range(start, games):
                if stop.requested:
                    raise KeyboardInterrupt
                rows = record_game(Rng(seed * 1_000_003 + g).next64(), deck, agents)
                for name, values in rows.items():
                    _append(f, name, values)
                _append(f, "game", np.full(len(rows["attacker"]), g, dtype=np.int32))
                f.attrs["games_done"] = g + 1
                f.flush()
            if stop.requested:
                raise KeyboardInterrupt
        return int(f["attacker"].shape[0])


COLUMNS = ("features", "attacker", "target", "target_mask", "player", "game")


def _complete_games(f: h5py.File) -> int:
    """The games whose rows are all in the file; rows a killed run appended after them are cut off. The `game`
    column is appended last and `games_done` after it, so the complete games are those both count."""
    game = f["game"][:]
    done = int(f.attrs["games_done"]) if "games_done" in f.attrs else (int(game.max()) + 1 if len(game) else 0)
    # rows of game indices below `done`, in every column (game ids rise through the file)
    keep = int(np.searchsorted(game, done))
    if any(f[name].shape[0] < keep for name in COLUMNS):  # cannot happen unless the file was edited
        raise UserError(f"{f.filename}: its columns hold different numbers of rows; delete it to record again")
    for name in COLUMNS:
        if f[name].shape[0] != keep:
            f[name].resize(keep, axis=0)
    f.attrs["games_done"] = done
    f.flush()
    return done


def read_attacks(path: str | Path) -> dict[str, np.ndarray]:
    """All columns of an attacks file, checked for format and encoder."""
    path = Path(path)
    if not path.exists():
        raise UserError(f"{path}: no such attacks file")
    try:
        with h5py.File(path, "r") as f:
            if f.attrs.get("format") != FORMAT or f.attrs.get("encoder") != ENCODER_NAME:
                raise UserError(f"{path}: not a {FORMAT} file with encoder {ENCODER_NAME}")
            columns = {k: f[k][:] for k in COLUMNS}
    except OSError as exc:
        raise UserError(f"{path}: cannot read HDF5 ({exc})") from None
    if len({len(v) for v in columns.values()}) != 1:  # a recording killed mid-game, not yet resumed
        raise UserError(f"{path}: its columns hold different numbers of rows (a recording was stopped mid-game); "
                        "run the same command again to repair and complete it")
    return columns
