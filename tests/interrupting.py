"""Run a `cardlab` command in a subprocess and press Ctrl-C once it has made progress."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]


def ctrl_c_when(args: list[str], ready: Callable[[], bool], timeout: float = 180.0,
                settle: float = 0.0) -> tuple[int, bytes, bytes]:
    """Start `python -m cardlab.cli ARGS`, wait until ready() (then `settle` seconds), send SIGINT; (rc, out, err)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "cardlab.cli", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        end = time.time() + timeout
        while not ready():
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.time() < end, "the command made no progress"
            time.sleep(0.02)
        time.sleep(settle)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:  # never leave a long run behind
            proc.kill()
    return proc.returncode, out, err


class CtrlCRequested:
    """Stands in for `cardlab.runtime.StopOnInterrupt` (monkeypatched): Ctrl-C has been pressed from the start."""

    requested = True

    def __init__(self, defer: bool = True) -> None:
        pass

    def __enter__(self) -> "CtrlCRequested":
        return self

    def __exit__(self, *exc) -> None:
        return None
