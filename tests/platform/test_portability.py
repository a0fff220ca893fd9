"""What differs on macOS and Windows, checked here on Linux: start methods, worker caps, output encoding, modules
Windows lacks, and scripts that start workers without a main guard."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardlab.arena import play


def test_workers_fork_only_on_linux_and_before_torch(monkeypatch):
    monkeypatch.setattr(play, "refuse_unguarded_main", lambda: None)
    monkeypatch.delitem(sys.modules, "torch", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert play.process_context().get_start_method() == "fork"
    monkeypatch.setattr(sys, "platform", "darwin")  # fork is unsafe there (system libraries start threads)
    assert play.process_context().get_start_method() == "spawn"


def test_python_before_3_13_on_windows_runs_at_most_61_workers(monkeypatch):
    import os

    warned = []
    monkeypatch.setattr(os, "cpu_count", lambda: 128)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "version_info", (3, 12, 0))
    assert play.cap_workers(100, warned.append) == 61 and "Windows" in warned[0]
    monkeypatch.setattr(sys, "version_info", (3, 13, 0))
    assert play.cap_workers(100, warned.append) == 100


SCRIPT = """
import torch  # workers then start with spawn, which imports this script again
from cardlab.arena.match import run_match
{body}
"""


@pytest.mark.parametrize("guarded", [False, True])
def test_a_script_starting_workers_needs_a_main_guard_under_spawn(tmp_path, guarded):
    """Without the guard every spawned worker dies while starting and the pool replaces it forever: a hang."""
    call = 'print(run_match(["random", "bigmoney"], game="dominion", games=4, workers=2).wins)'
    body = f'if __name__ == "__main__":\n    {call}' if guarded else call
    script = tmp_path / "mine.py"
    script.write_text(SCRIPT.format(body=body), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    if guarded:
        assert done.returncode == 0 and "'B': 4" in done.stdout, done.stderr[-1500:]
    else:
        assert done.returncode != 0 and 'if __name__ == "__main__":' in done.stderr


def test_redirected_output_is_utf8_whatever_the_platforms_encoding(tmp_path):
    import os

    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}  # what Windows gives a redirected stdout
    done = subprocess.run([sys.executable, "-m", "cardlab", "cards", "--json"], capture_output=True, env=env,
                          timeout=120)
    assert done.returncode == 0
    text = done.stdout.decode("utf-8")  # cp1252 bytes (a curly quote is 0x92) would not decode
    assert "\u2019" in text or "é" in text or "è" in text


def test_the_datagen_benchmark_runs_without_the_resource_module(monkeypatch):
    from cardlab.benchmarks import datagen_bench

    monkeypatch.setitem(sys.modules, "resource", None)  # Windows has none: import raises
    assert datagen_bench._children_cpu() is None
