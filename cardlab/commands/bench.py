"""`cardlab bench`: speed benchmarks (code in benchmarks/)."""

from __future__ import annotations

import json

from cardlab.runtime import UserError

HELP = "run a speed benchmark: engine, search, datagen"


def add_arguments(p) -> None:
    p.add_argument("which", choices=["engine", "search", "datagen"], help="what to measure")
    p.add_argument("--games", type=int, default=None, help="games to play (default: engine 1000, datagen 200)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--positions", type=int, default=200, help="search: seeded mid-game positions (default 200)")
    p.add_argument("--cap", type=int, default=200_000, help="search: node cap of the exhaustive reference search")
    p.add_argument("--eval", default="rho", help="search: leaf evaluator (rho, greedy, ckpt=PATH)")
    p.add_argument("--prune", default="dominance", choices=["tt", "dominance"], help="search: pruning compared with none")
    p.add_argument("--algo", default="dfs", choices=["dfs", "best"], help="search: tree walk")
    p.add_argument("--game", default=None, help="engine: any game spec (default: the Hearthstone Liège mirror "
                                                "benchmark with clone and legal-action timings)")
    p.add_argument("--agents", nargs="+", default=None, help="engine with --game: agent specs (default random)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    if args.games is not None and args.games <= 0:
        raise UserError(f"--games must be positive, got {args.games}")
    if args.which == "search":
        if args.positions <= 0 or args.cap <= 0:
            raise UserError("--positions and --cap must be positive")
        from cardlab.benchmarks import search_bench

        kwargs = dict(positions=args.positions, seed=args.seed, cap=args.cap, eval=args.eval, prune=args.prune,
                      algo=args.algo)
        if args.json:
            result = search_bench.run(**kwargs)
        else:
            from rich.progress import Progress

            with Progress(transient=True) as progress:
                task = progress.add_task("positions", total=args.positions)
                result = search_bench.run(progress=lambda n: progress.update(task, completed=n), **kwargs)
        print(json.dumps(result) if args.json else "\n".join(f"{k:>24}: {v}" for k, v in result.items()))
        return 0
    if args.which == "datagen":
        from cardlab.benchmarks import datagen_bench

        result = datagen_bench.run(games=args.games or 200, seed=args.seed)
        print(json.dumps(result) if args.json else "\n".join(f"{k:>24}: {v}" for k, v in result.items()))
        return 1 if result.get("errors") else 0
    args.games = args.games or 1000
    if args.game is not None or args.agents is not None:
        from cardlab.benchmarks import game_bench

        result = game_bench.run(args.game or "hearthstone", args.agents, args.games, args.seed)
        print(json.dumps(result) if args.json else "\n".join(f"{k:>22}: {v}" for k, v in result.items()))
        return 1 if result["errors"] else 0
    from cardlab.benchmarks import engine_bench

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
