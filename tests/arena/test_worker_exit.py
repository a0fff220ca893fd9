"""Worker processes that loaded a network finish a match quietly."""

from __future__ import annotations

import subprocess
import sys


def test_a_match_with_network_workers_ends_without_worker_tracebacks():
    """The pool used to be terminated after its last job, so each worker's SIGTERM handler fired inside torch's
    exit handlers and printed 'Exception ignored ... SystemExit: 143' under a normal result."""
    run = subprocess.run([sys.executable, "-m", "cardlab", "arena", "search:ckpt=pool-wide-rich,max_nodes=300",
                          "trading", "--games", "4", "--workers", "2", "--seed", "1", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Exception ignored" not in run.stderr and "SystemExit" not in run.stderr, run.stderr
