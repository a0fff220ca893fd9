"""Run a peer simulator's measurement script in its own interpreter, so ours and the peer's figures come from one run."""

from __future__ import annotations

import subprocess


def run_peer(python: str, script: str, *args: object, timeout: float = 900) -> str:
    """The peer's output (its games/s line), or why it did not run."""
    try:
        done = subprocess.run([python, script, *map(str, args)], capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"peer failed: {exc}"
    if done.returncode != 0:
        return f"peer exited {done.returncode}: {done.stderr.strip()[-300:]}"
    return done.stdout.strip() or "peer printed nothing"
