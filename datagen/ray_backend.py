"""Optional Ray backend (`--backend ray`, extra: pip install -e ".[ray]"): the same games on a Ray cluster.

Each game is one Ray task; results are taken back in game-id order with a bounded window, so the file is the
same as with local workers. Connects to RAY_ADDRESS when set (an existing cluster), else starts a local one
with `workers` CPUs. Experimental: not exercised in CI (ray is not installed there).
"""

from __future__ import annotations

import os
from collections import deque
from typing import Iterator

from cardlab.runtime import UserError


def iter_records_ray(settings, start: int, stop: int, workers: int) -> Iterator:
    try:
        import ray
    except ImportError:
        raise UserError("--backend ray needs the optional ray extra: pip install -e \".[ray]\" "
                        "(or use the default --backend process)") from None
    from cardlab.datagen.runner import play_game

    if not ray.is_initialized():
        if os.environ.get("RAY_ADDRESS"):
            ray.init(address=os.environ["RAY_ADDRESS"])
        else:
            ray.init(num_cpus=workers, include_dashboard=False)
    task = ray.remote(num_cpus=1)(play_game)
    window = max(2, 4 * workers)
    pending: deque = deque()
    for i in range(start, stop):
        pending.append(task.remote(settings, i))
        if len(pending) >= window:
            yield ray.get(pending.popleft())
    while pending:
        yield ray.get(pending.popleft())
