"""`cardlab bench`: speed benchmarks (code in benchmarks/)."""

from __future__ import annotations

import json

from engine.core import UserError

HELP = "run a speed benchmark: engine"


def add_arguments(p) -> None:
    p.add_argument("which", choices=["engine"], help="what to measure")
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    if args.games <= 0:
        raise UserError(f"--games must be positive, got {args.games}")
    from benchmarks import engine_bench

    if args.json:
        result = engine_bench.run(args.games, args.seed)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as progress:
            task = progress.add_task("random games", total=args.games)
            result = engine_bench.run(args.games, args.seed, progress=lambda n: progress.update(task, completed=n))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 1 if result["errors"] else 0
