"""SIGKILL a running `cardlab datagen`, check the file, resume, and compare with an uninterrupted run."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import h5py
import numpy as np
import pytest

from cardlab.datagen.reader import ChainData, check_file
from cardlab.datagen.runner import DatagenSettings, generate

from tests.datagen.conftest import FAST

ROOT = Path(__file__).resolve().parents[2]


def _start(path: Path, games: int, *extra: str) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "cardlab.cli", "datagen", str(path), "--games", str(games),
           "--agents", *FAST, "--commit-every", "2", "--quiet", "--seed", "7", *extra]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_for_games(path: Path, proc: subprocess.Popen, at_least: int, timeout: float = 180.0) -> None:
    end = time.time() + timeout
    while time.time() < end:
        assert proc.poll() is None, proc.stderr.read().decode()
        try:
            with h5py.File(path, "r", locking=False) as f:
                if int(f.attrs["games_completed"]) >= at_least:
                    return
        except Exception:  # the writer is mid-commit or the file does not exist yet
            pass
        time.sleep(0.01)
    pytest.fail("datagen made no progress")


def _content(path: Path) -> dict:
    with h5py.File(path, "r") as f:
        out = {k: f.attrs[k] for k in f.attrs if k != "created_at"}
        f.visititems(lambda name, obj: out.__setitem__(name, obj[()]) if isinstance(obj, h5py.Dataset) else None)
    return out


def test_sigkill_then_resume_equals_uninterrupted_run(tmp_path):
    path = tmp_path / "killed.h5"
    proc = _start(path, 100000)
    try:
        _wait_for_games(path, proc, 6)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    attrs = check_file(path)  # opens, consistent counters
    done = int(attrs["games_completed"])
    assert done >= 6
    for kind in ("full", "colour"):
        d = ChainData(path, kind)
        assert d.game_id.max() < done and d.games()[f"rows_{kind}"].sum() == len(d)
    total = done + 6
    proc = _start(path, total, "--resume")
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.decode()
    reference = tmp_path / "reference.h5"
    generate(reference, DatagenSettings(agents=FAST, games=total, seed=7), workers=1)
    a, b = _content(path), _content(reference)
    assert a.keys() == b.keys()
    for key in a:
        assert np.array_equal(np.asarray(a[key]), np.asarray(b[key])), key
    assert a["games_completed"] == total


def test_ctrl_c_leaves_a_valid_file_and_says_how_to_resume(tmp_path):
    path = tmp_path / "interrupted.h5"
    proc = _start(path, 100000)
    try:
        _wait_for_games(path, proc, 2)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=180)
    finally:
        if proc.poll() is None:  # never leave a 100000-game run behind
            proc.kill()
    assert proc.returncode == 130
    assert b"--resume" in err
    assert check_file(path)["games_completed"] >= 2
