"""`cardlab datagen OUT.h5`: self-play games recorded as labelled state chains in an HDF5 file."""

from __future__ import annotations

import sys

HELP = "play self-play games and record labelled state chains (full / threat-colour) to HDF5"


def add_arguments(p) -> None:
    from cardlab.commands.gameargs import add_game_arguments

    p.add_argument("out", metavar="OUT.h5", help="the HDF5 file to write")
    p.add_argument("--games", type=int, default=100, help="self-play games in total (default 100)")
    p.add_argument("--agents", nargs="+", metavar="AGENT", default=None,
                   help="one agent spec per seat (Hearthstone default: trading trading); seats change from game to "
                        "game: A plays first in even games, and three or more agents play every seat order in turn")
    add_game_arguments(p)
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1; the file does not depend on it)")
    p.add_argument("--seed", type=int, default=0, help="run seed; game i depends only on (seed, i)")
    p.add_argument("--chains", default=None,
                   help="chain kinds to record: full,colour (default: both for Hearthstone, full for other games)")
    p.add_argument("--encoder", default=None,
                   help="state encoder spec (default: the game's: Hearthstone seed96 (or rich, "
                        "seed96:random_slots=true), Dominion table, Hanabi vector)")
    p.add_argument("--gamma", type=float, default=None, help="label discount (default 0.9; zero-sum games)")
    p.add_argument("--reward", type=float, default=None, help="label reward magnitude (default 100; zero-sum games)")
    p.add_argument("--green-threshold", type=int, default=None,
                   help="hearthstone: effective HP at or above this is green (ours; default 15); below 1 is red")
    p.add_argument("--red-topup", type=int, default=0, metavar="N",
                   help="N extra games recording colour chains from random red states (thesis top-up)")
    p.add_argument("--store-states", action="store_true", help="also store each row's state (JSON, compressed)")
    p.add_argument("--resume", action="store_true", help="continue OUT.h5 up to --games (same settings)")
    p.add_argument("--force", action="store_true", help="overwrite OUT.h5 if it exists")
    p.add_argument("--commit-every", type=int, default=16, help="games per commit (a crash loses at most these)")
    p.add_argument("--backend", choices=["process", "ray"], default="process",
                   help="process (default) or ray (optional extra: pip install -e '.[ray]')")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _settings(args):
    from cardlab.commands.gameargs import game_spec
    from cardlab.datagen.runner import DatagenSettings, has_threat_colours
    from cardlab.engine.core import COOPERATIVE
    from cardlab.engine.registry import make_game
    from cardlab.runtime import UserError

    game = make_game(game_spec(args))
    if not has_threat_colours(game.name):
        for flag, value in (("--green-threshold", args.green_threshold), ("--red-topup", args.red_topup or None)):
            if value is not None:
                raise UserError(f"{flag} is a Hearthstone option (threat colours); {game.name} has none")
        if args.chains is not None and "colour" in args.chains:
            raise UserError(f"--chains colour is Hearthstone's (threat colours); {game.name} records --chains full")
    if game.kind == COOPERATIVE:
        for flag, value in (("--gamma", args.gamma), ("--reward", args.reward)):
            if value is not None:
                raise UserError(f"{flag} does not apply to {game.name}: a cooperative game's label is the final score")
    if args.agents is None:
        if not has_threat_colours(game.name):
            raise UserError(f"give --agents for {game.name}: one agent spec per seat ({game.num_players}), e.g. "
                            f"--agents {' '.join(['random'] * game.num_players)}")
        args.agents = ["trading", "trading"]
    from cardlab.arena.match import refuse_human_without_terminal

    refuse_human_without_terminal(args.agents)  # (an unattended run would write a file of failed games)
    chains = tuple(c.strip() for c in args.chains.split(",") if c.strip()) if args.chains is not None else ()
    if args.chains is not None and not chains:
        raise UserError(f"--chains {args.chains!r} names no chain kind (full, colour or full,colour)")
    options = {k: v for k, v in (("gamma", args.gamma), ("reward", args.reward),
                                 ("green_threshold", args.green_threshold)) if v is not None}
    return DatagenSettings(
        agents=tuple(args.agents), game=game.spec, seed=args.seed, chains=chains, encoder=args.encoder or "",
        store_states=args.store_states, games=args.games, red_topup=args.red_topup, **options)


def run(args) -> int:
    from cardlab.runtime import UserError
    from cardlab.datagen.runner import generate

    if args.resume and args.force:
        raise UserError("give --resume or --force, not both")
    if args.commit_every <= 0:
        raise UserError(f"--commit-every must be positive, got {args.commit_every}")
    settings = _settings(args)
    from cardlab.arena.play import cap_workers

    workers = cap_workers(args.workers, lambda msg: print(f"cardlab datagen: warning: {msg}", file=sys.stderr))
    kwargs = dict(workers=workers, resume=args.resume, force=args.force, commit_every=args.commit_every,
                  backend=args.backend)
    if args.quiet:
        summary = generate(args.out, settings, **kwargs)
    else:
        from cardlab.commands.progress import progress_bar

        from cardlab.arena.match import plays_human

        # no bar redrawn over a person's board and prompt
        with progress_bar(f"datagen {args.out}", settings.total_games, quiet=plays_human(settings.agents)) as update:
            summary = generate(args.out, settings, progress=lambda done, states: update(done), **kwargs)
    if not summary.interrupted:
        summary.refuse_all_errors()
    rate = summary.games_written / summary.elapsed_s if summary.elapsed_s else 0.0
    print(f"{summary.path}: {summary.games_completed}/{settings.total_games} games complete; this run wrote "
          f"{summary.games_written} games, {summary.states_written} states ({rate:.1f} games/s); errors {summary.errors}")
    if summary.first_error:
        print(f"first game error: {summary.first_error}", file=sys.stderr)
    if summary.interrupted:
        print(f"interrupted: the file holds the {summary.games_completed} completed games. Continue with:\n"
              f"  cardlab datagen {args.out} --resume " + " ".join(_resume_args(args)), file=sys.stderr)
        return 130
    return 0


def _resume_args(args) -> list[str]:
    out = ["--games", str(args.games), "--agents", *args.agents, "--seed", str(args.seed)]
    if args.chains is not None:
        out += ["--chains", args.chains]
    if args.encoder is not None:
        out += ["--encoder", args.encoder]
    for flag, value in (("--game", args.game), ("--deck", args.deck), ("--deck-pool", args.deck_pool)):
        if value:
            out += [flag, value]
    if args.decks:
        out += ["--decks", *args.decks]
    if args.gamma is not None:
        out += ["--gamma", str(args.gamma)]
    if args.reward is not None:
        out += ["--reward", str(args.reward)]
    if args.green_threshold is not None:
        out += ["--green-threshold", str(args.green_threshold)]
    if args.red_topup:
        out += ["--red-topup", str(args.red_topup)]
    if args.max_turns is not None:
        out += ["--max-turns", str(args.max_turns)]
    if args.store_states:
        out.append("--store-states")
    if args.workers != 1:
        out += ["--workers", str(args.workers)]
    if args.commit_every != 16:
        out += ["--commit-every", str(args.commit_every)]
    return out
