"""Data-generation speed: games/s and states/s per worker count, where the CPU goes, and bytes per state on disk.

Runs `datagen.runner.generate` end to end (play, record, encode, write, compact) into a temporary file, once per
worker count (`repeats` > 1 alternates the counts and keeps each one's fastest run, for a loaded machine). The CPU
split is the writing process's own CPU time (receiving games, compressing and writing chunks, compaction) against
its worker processes' (playing and encoding games); with one worker everything runs in the writing process.
"""

from __future__ import annotations

import os
import platform
import tempfile
import time
from pathlib import Path

from cardlab.datagen.runner import DatagenSettings, generate


def _children_cpu() -> float | None:
    """Joined worker processes' CPU seconds; None where the OS does not say (Windows has no `resource`)."""
    try:
        import resource
    except ImportError:
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)  # workers count once they have been joined
    return usage.ru_utime + usage.ru_stime


def _load_average() -> float | None:
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def measure(path: Path, settings: DatagenSettings, workers: int, progress=None) -> dict:
    """One run: wall time, games/s, states/s and the CPU split."""
    main0, children0 = time.process_time(), _children_cpu()
    summary = generate(path, settings, workers=workers, force=True, progress=progress)
    if summary.interrupted:  # Ctrl-C: no figures from a partial run, and no next worker count
        raise KeyboardInterrupt
    children1 = _children_cpu()
    main_s = time.process_time() - main0
    workers_s = children1 - children0 if children1 is not None and children0 is not None else None
    return {"workers": workers, "wall_s": round(summary.elapsed_s, 2),
            "games_per_s": round(summary.games_written / summary.elapsed_s, 2),
            "states_per_s": round(summary.states_written / summary.elapsed_s, 1),
            "main_cpu_s": round(main_s, 2), "workers_cpu_s": None if workers_s is None else round(workers_s, 2),
            "states": summary.states_written, "errors": summary.errors,
            "bytes_per_state": round(path.stat().st_size / max(1, summary.states_written), 1)}


def run(games: int = 200, seed: int = 0, agents: tuple[str, ...] = ("trading", "trading"),
        encoder: str = "seed96", chains: tuple[str, ...] = ("full", "colour"), workers: tuple[int, ...] = (1, 2),
        repeats: int = 1, progress=None, game: str = "hearthstone:deck=liege") -> dict:
    """`encoder=""` and `chains=()` take the game's defaults (other games than Hearthstone)."""
    settings = DatagenSettings(agents=tuple(agents), game=game, games=games, seed=seed, encoder=encoder,
                               chains=tuple(chains))
    settings.validate()
    result: dict = {"game": settings.game, "games": games, "agents": " vs ".join(agents),
                    "encoder": settings.encoder, "chains": ",".join(settings.chains),
                    "cpus": os.cpu_count(), "load_average_1m": _load_average(),
                    "python": platform.python_version()}
    best: dict[int, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeats):
            for w in workers:
                row = measure(Path(tmp) / f"bench-{w}.h5", settings, w, progress)
                if w not in best or row["games_per_s"] > best[w]["games_per_s"]:
                    best[w] = row
    for w in workers:
        row = best[w]
        for key in ("games_per_s", "states_per_s", "wall_s", "main_cpu_s", "workers_cpu_s"):
            result[f"{key}_{w}w"] = row[key]
        result["states"], result["bytes_per_state"] = row["states"], row["bytes_per_state"]
    result["errors"] = sum(row["errors"] for row in best.values())
    if 1 in best:
        for w in workers:
            if w != 1:
                result[f"scaling_{w}w"] = round(best[w]["games_per_s"] / best[1]["games_per_s"], 2)
    return result
