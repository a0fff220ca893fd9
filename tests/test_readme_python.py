"""The README's "From Python" example runs as printed (in a fresh process: it registers an agent)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readmes_python_example_runs(tmp_path):
    section = README.read_text(encoding="utf-8").split("## From Python", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (tmp_path / "runs" / "tiny" / "value.pt").is_file() and (tmp_path / "tiny.h5").is_file()
    assert "{'A': 0, 'B': 20}" in done.stdout  # first legal action against BigMoney, 20 games
