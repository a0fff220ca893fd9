"""`cardlab bench`: speed benchmarks (code in benchmarks/)."""

from __future__ import annotations

import json
import math
import sys

from cardlab.runtime import UserError, write_text_atomically

HELP = "run a benchmark: engine, search, search-net, datagen, fuzz"



def _json(result: dict) -> str:
    """The result as strict JSON: a figure that could not be measured (NaN, infinity) is null, which `jq` and
    other strict readers accept."""
    def clean(value):
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [clean(v) for v in value]
        return value

    return json.dumps(clean(result), allow_nan=False)

def add_arguments(p) -> None:
    p.add_argument("which", choices=["engine", "search", "search-net", "datagen", "fuzz"],
                   help="what to measure (fuzz: random and scripted Hearthstone games with invariant checks after "
                        "every action; search-net: games/s of the search with a value network, time split, batch "
                        "sizes, decisions per game)")
    p.add_argument("--games", type=int, default=None, help="games to play (default: engine 1000, datagen 200, "
                                                           "fuzz 1000, search-net 20)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--start", type=int, default=None, help="fuzz: index of the first game (split a long run over "
                                                        "runs: --start 0, --start N, ...)")
    p.add_argument("--workers", type=int, default=None, help="fuzz: worker processes (default 1)")
    p.add_argument("--positions", type=int, default=None, help="search: seeded mid-game positions (default 200)")
    p.add_argument("--cap", type=int, default=None, help="search: node cap of the exhaustive reference search")
    p.add_argument("--eval", default=None, help="search: leaf evaluator (rho, greedy, ckpt=PATH), several "
                                                 "comma-separated, or 'all' (rho, greedy, the shipped value networks): "
                                                 "one agreement row each")
    p.add_argument("--prune", default=None, choices=["tt", "dominance"], help="search: pruning compared with none")
    p.add_argument("--algo", default=None, choices=["dfs", "best"], help="search: tree walk")
    p.add_argument("--game", default=None, help="engine: any game spec (default: the Hearthstone Liège mirror "
                                                "benchmark with clone and legal-action timings); search-net: the "
                                                "game (default hearthstone:deck=liege); datagen: the game (default "
                                                "the Liège mirror; others with their default encoder)")
    p.add_argument("--agents", nargs="+", default=None,
                   help="engine with --game: agent specs (default random); search-net: the searched agent and its "
                        "opponent (default search:ckpt=liege-full-rich trading); datagen: one spec per seat "
                        "(default trading trading, random with --game)")
    p.add_argument("--decisions", default=None, help="search-net: write the searched agent's actions per game to "
                                                     "this JSON file")
    p.add_argument("--compare", default=None, help="search-net: count the decisions that differ from this file's "
                                                   "(written by --decisions on the same games, e.g. before a change)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


# Which benchmarks read each option (the others would ignore it: refused rather than measuring something else),
# and the defaults of the options that are not the same for every benchmark.
_APPLIES = {"games": ("engine", "datagen", "fuzz", "search-net"), "start": ("fuzz",), "workers": ("fuzz",),
            "positions": ("search",), "cap": ("search",), "eval": ("search",), "prune": ("search",),
            "algo": ("search",), "game": ("engine", "datagen", "search-net"),
            "agents": ("engine", "datagen", "search-net"), "decisions": ("search-net",), "compare": ("search-net",)}
_DEFAULTS = {"start": 0, "workers": 1, "positions": 200, "cap": 200_000, "eval": "rho", "prune": "dominance",
             "algo": "dfs"}


def _check_options(args) -> None:
    for option, benches in _APPLIES.items():
        if getattr(args, option) is not None and args.which not in benches:
            raise UserError(f"--{option} does not apply to `cardlab bench {args.which}` (it is read by: "
                            f"{', '.join(benches)})")
    for option, default in _DEFAULTS.items():
        if getattr(args, option) is None:
            setattr(args, option, default)


def run(args) -> int:
    from cardlab.commands.gameargs import GAME_WHAT, refuse_empty

    refuse_empty(args.game, "--game", GAME_WHAT)
    _check_options(args)
    if args.agents is not None:
        from cardlab.arena.match import refuse_human_in_unattended_runs

        refuse_human_in_unattended_runs(args.agents, f"bench {args.which}")  # a timing with a person in it
    if args.games is not None and args.games <= 0:
        raise UserError(f"--games must be positive, got {args.games}")
    if args.which == "search":
        if args.positions <= 0 or args.cap <= 0:
            raise UserError("--positions and --cap must be positive")
        from cardlab.benchmarks import search_bench

        evals = search_bench.parse_evals(args.eval)
        if not evals:
            raise UserError("--eval: give an evaluator (rho, greedy, ckpt=PATH, several comma-separated, or all)")
        if len(evals) > 1:
            return _search_many(args, evals)
        kwargs = dict(positions=args.positions, seed=args.seed, cap=args.cap, eval=evals[0], prune=args.prune,
                      algo=args.algo)
        if args.json:
            result = search_bench.run(**kwargs)
        else:
            from rich.progress import Progress

            with Progress(transient=True) as progress:
                task = progress.add_task("positions", total=args.positions)
                result = search_bench.run(progress=lambda n: progress.update(task, completed=n), **kwargs)
        print(_json(result) if args.json else "\n".join(f"{k:>24}: {v}" for k, v in result.items()))
        return 0
    if args.which == "fuzz":
        return _fuzz(args)
    if args.which == "search-net":
        return _search_net(args)
    if args.which == "datagen":
        from cardlab.benchmarks import datagen_bench

        kwargs = {}
        if args.game is not None:  # another game: its own default agents (random), encoder and chains
            from cardlab.engine.registry import make_game

            seats = make_game(args.game).num_players
            kwargs = {"game": args.game, "encoder": "", "chains": (), "agents": ("random",) * seats}
        if args.agents is not None:
            kwargs["agents"] = tuple(args.agents)
        result = datagen_bench.run(games=args.games or 200, seed=args.seed, **kwargs)
        print(_json(result) if args.json else "\n".join(f"{k:>24}: {v}" for k, v in result.items()))
        return 1 if result.get("errors") else 0
    args.games = args.games or 1000
    if args.game is not None or args.agents is not None:
        from cardlab.benchmarks import game_bench

        result = game_bench.run(args.game or "hearthstone", args.agents, args.games, args.seed)
        print(_json(result) if args.json else "\n".join(f"{k:>22}: {v}" for k, v in result.items()))
        if result["errors"]:  # exit 1 says that some games failed; this line says why
            print(f"cardlab bench: {result['errors']} of {result['games']} games ended in an error (first: "
                  f"{result['first_error']})", file=sys.stderr)
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
        print(_json(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 1 if result["errors"] else 0


def _search_many(args, evals: list[str]) -> int:
    """bench search with several evaluators: one agreement row each, on the same positions."""
    from cardlab.agents.evaluators import make_evaluator
    from cardlab.benchmarks import search_bench

    for name in evals:
        make_evaluator(name)  # a bad name is one clear error before any search runs
    kwargs = dict(positions=args.positions, seed=args.seed, cap=args.cap, prune=args.prune, algo=args.algo)
    if args.json:
        result = search_bench.run_many(evals, **kwargs)
        print(_json(result))
        return 0
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task("positions x evaluators", total=args.positions * len(evals))
        result = search_bench.run_many(evals, progress=lambda n: progress.update(task, completed=n), **kwargs)
    print(search_bench.agreement_table(result))
    return 0


def _fuzz(args) -> int:
    import sys

    from cardlab.benchmarks import fuzz_bench
    from cardlab.commands.progress import progress_bar

    if args.start < 0:
        raise UserError(f"--start must be >= 0, got {args.start}")
    games = args.games or 1000
    warn = lambda text: print(f"warning: {text}", file=sys.stderr)  # noqa: E731
    with progress_bar("fuzz games", games, quiet=args.json) as update:
        result = fuzz_bench.run(games, args.workers, args.start, args.seed, progress=update, warn=warn)
    if args.json:
        print(_json(result))
    else:
        for key, value in result.items():
            if key == "first_violations":
                print(f"{key:>22}: {len(value)} shown" if value else f"{key:>22}: none")
                for line in value:
                    print(f"{'':>24}{line}")
            else:
                print(f"{key:>22}: {value}")
    if result["interrupted"]:
        done = result["games"]
        print(f"cardlab bench: interrupted after {done} of {games} games; the figures above cover those games only "
              f"(games {args.start}..{args.start + done - 1}); the rest: --start {args.start + done} "
              f"--games {games - done}", file=sys.stderr)
        return 1 if result["violations"] else 130
    return 1 if result["violations"] else 0


def _is_decisions_file(path) -> bool:
    """Whether `path` holds a --decisions record (safe to replace), not some other file the user keeps."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(record, dict) and isinstance(record.get("games"), dict) and "agent" in record


def _search_net(args) -> int:
    """bench search-net: seeded search + network games, timed; decisions saved and compared on request."""
    from pathlib import Path

    from cardlab.benchmarks import search_net_bench
    from cardlab.commands.progress import progress_bar

    old = None
    if args.compare is not None:
        try:
            old = json.loads(Path(args.compare).read_text(encoding="utf-8"))
            old["games"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise UserError(f"--compare {args.compare}: not a decisions file written by --decisions ({exc})") from None
    if args.compare is not None and not (isinstance(old["games"], dict) and old["games"]):
        raise UserError(f"--compare {args.compare}: holds no games' decisions (an empty or damaged decisions file)")
    if args.decisions is not None and not Path(args.decisions).absolute().parent.is_dir():
        raise UserError(f"--decisions {args.decisions}: its folder does not exist")
    if args.decisions is not None and Path(args.decisions).exists() and not _is_decisions_file(Path(args.decisions)):
        raise UserError(f"--decisions {args.decisions}: exists and is not a decisions file from an earlier run; "
                        "it would be overwritten: give another name")
    if args.agents is not None and len(args.agents) != 2:
        raise UserError(f"search-net: --agents takes the searched agent and its opponent, got {len(args.agents)} specs")
    agent, opponent = args.agents or (search_net_bench.DEFAULT_AGENT, search_net_bench.DEFAULT_OPPONENT)
    games = args.games or 20
    with progress_bar("search-net games", games, quiet=args.json) as update:
        result, record = search_net_bench.run(games=games, seed=args.seed, agent=agent, opponent=opponent,
                                              game=args.game or search_net_bench.DEFAULT_GAME, progress=update)
    if args.decisions is not None and not result["interrupted"]:  # a partial record must not replace a full one
        try:
            write_text_atomically(args.decisions, json.dumps(record) + "\n")  # a kill leaves the old record
        except OSError as exc:
            raise UserError(f"--decisions {args.decisions}: cannot write it ({exc.strerror})") from None
    if old is not None:
        check = result["decision_check"] = search_net_bench.compare_decisions(record, old)
        if check["games_not_compared"]:  # a shorter baseline: those games' decisions were not checked at all
            held = len(old["games"])
            print(f"warning: --compare {args.compare} holds the decisions of {held} game{'s' if held != 1 else ''}, "
                  f"so {check['games_not_compared']} of the {result['games']} games played were not compared",
                  file=sys.stderr)
    if args.json:
        print(_json(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    if result["interrupted"]:  # Ctrl-C: the figures cover the finished games only
        print(f"cardlab bench: interrupted after {result['games']} of {games} games; the figures above cover those "
              "games only (run the same command again for the full benchmark)", file=sys.stderr)
        return 130
    return 1 if old is not None and result["decision_check"]["decisions_differing"] else 0
