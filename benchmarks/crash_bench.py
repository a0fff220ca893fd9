"""Crash safety of `cardlab datagen`: SIGKILL runs at random moments, reopen, resume, compare with a clean run.

Each trial starts `cardlab datagen FILE --games N`, kills it with SIGKILL after a random delay, checks that the
file opens and its committed counters are consistent, resumes it to N games, and compares every dataset and
attribute (timestamps aside) with one uninterrupted run of the same seed. Reports lost or duplicated games
(goal 0) and files that did not open after the kill.

    python benchmarks/crash_bench.py --trials 20 --games 60 --workers 1
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import h5py
import numpy as np

from cardlab.datagen.reader import check_file
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError

AGENTS = ("random-action", "random-action")


def _start(path: Path, games: int, seed: int, workers: int, resume: bool) -> subprocess.Popen:
    cmd = [sys.executable, "-c", "import sys; from cardlab.cli import main; sys.exit(main())", "datagen", str(path),
           "--games", str(games), "--agents", *AGENTS, "--seed", str(seed), "--workers", str(workers),
           "--commit-every", "4", "--quiet"] + (["--resume"] if resume else [])
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _content(path: Path) -> dict:
    with h5py.File(path, "r") as f:
        out = {k: f.attrs[k] for k in f.attrs if k != "created_at"}
        f.visititems(lambda name, obj: out.__setitem__(name, obj[()]) if isinstance(obj, h5py.Dataset) else None)
    return out


def _same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(np.asarray(a[k]), np.asarray(b[k])) for k in a)


def trial(folder: Path, games: int, seed: int, workers: int, delay: float, reference: dict) -> dict:
    path = folder / f"killed_{seed}_{delay:.3f}.h5"
    proc = _start(path, games, seed, workers, resume=False)
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    row = {"delay_s": round(delay, 3), "existed": path.exists()}
    if not path.exists():  # killed before the file was created: a plain restart
        row.update(opened=True, committed=0)
    else:
        try:
            row.update(opened=True, committed=int(check_file(path)["games_completed"]))
        except UserError as exc:
            row.update(opened=False, committed=None, error=str(exc))
            return row
    proc = _start(path, games, seed, workers, resume=path.exists())
    _, err = proc.communicate(timeout=600)
    row["resume_rc"] = proc.returncode
    if proc.returncode != 0:
        row["error"] = err.decode()[-300:]
        return row
    got = _content(path)
    done = int(got["games_completed"])
    row["games_after_resume"] = done
    row["lost_or_duplicated"] = abs(done - games) + len(got["games/seed"]) - len(set(got["games/seed"].tolist()))
    row["identical_to_clean_run"] = _same(got, reference)
    path.unlink()
    return row


def run(trials: int, games: int, workers: int, seed: int) -> dict:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        clean = folder / "clean.h5"
        generate(clean, DatagenSettings(agents=AGENTS, games=games, seed=seed), workers=1)
        reference = _content(clean)
        timed = folder / "timed.h5"
        start = time.perf_counter()
        _start(timed, games, seed, workers, resume=False).wait()  # the whole command, start-up included
        clean_s = time.perf_counter() - start
        if not _same(_content(timed), reference):
            raise SystemExit("a clean command-line run differs from the in-process one: fix that first")
        # kill anywhere from interpreter start-up to the end of a run
        rows = [trial(folder, games, seed, workers, rng.uniform(0.2, clean_s), reference) for _ in range(trials)]
    return {"benchmark": "datagen crash safety (SIGKILL, then --resume)", "trials": trials, "games": games,
            "workers": workers, "seed": seed, "clean_run_s": round(clean_s, 2),
            "files_not_opening": sum(not r["opened"] for r in rows),
            "killed_with_games_committed": sum(1 for r in rows if r.get("committed")),
            "lost_or_duplicated_games": sum(r.get("lost_or_duplicated", 0) for r in rows),
            "resume_failures": sum(1 for r in rows if r.get("resume_rc", 0) != 0),
            "identical_to_clean_run": sum(1 for r in rows if r.get("identical_to_clean_run")),
            "trials_detail": rows, "machine": platform.machine(), "python": platform.python_version()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--trials", type=int, default=20)
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    report = run(args.trials, args.games, args.workers, args.seed)
    print(json.dumps(report, indent=1))
    return 0 if report["files_not_opening"] == report["lost_or_duplicated_games"] == report["resume_failures"] == 0 \
        and report["identical_to_clean_run"] == args.trials else 1


if __name__ == "__main__":
    sys.exit(main())
