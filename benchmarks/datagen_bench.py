"""Data-generation speed: games/s and states/s with 1 and 2 workers, and bytes per state on disk.

Runs `datagen.runner.generate` end to end (play, record, encode, write, compact) into a temporary file.
"""

from __future__ import annotations

import os
import platform
import tempfile
from pathlib import Path

from cardlab.datagen.runner import DatagenSettings, generate


def run(games: int = 200, seed: int = 0, agents: tuple[str, str] = ("trading", "trading"),
        encoder: str = "seed96", chains: tuple[str, ...] = ("full", "colour"), workers: tuple[int, ...] = (1, 2),
        progress=None) -> dict:
    settings = DatagenSettings(agents=tuple(agents), games=games, seed=seed, encoder=encoder, chains=tuple(chains))
    result: dict = {"games": games, "agents": " vs ".join(agents), "encoder": encoder, "chains": ",".join(chains),
                    "cpus": os.cpu_count(), "python": platform.python_version()}
    with tempfile.TemporaryDirectory() as tmp:
        for w in workers:
            path = Path(tmp) / f"bench-{w}.h5"
            summary = generate(path, settings, workers=w, progress=progress)
            result[f"games_per_s_{w}w"] = round(summary.games_written / summary.elapsed_s, 2)
            result[f"states_per_s_{w}w"] = round(summary.states_written / summary.elapsed_s, 1)
            result["states"] = summary.states_written
            result["errors"] = summary.errors
            result["bytes_per_state"] = round(path.stat().st_size / max(1, summary.states_written), 1)
    if 1 in workers and 2 in workers:
        result["scaling_2w"] = round(result["games_per_s_2w"] / result["games_per_s_1w"], 2)
    return result
