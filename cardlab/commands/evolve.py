"""`cardlab evolve GAME ...`: evolutionary search over agent parameters (one subcommand per game in evolve/)."""

from __future__ import annotations

import importlib

HELP = "evolve agent parameters with a genetic algorithm (fitness from games), resumable"

GAMES = {"hanabi": "cardlab.evolve.hanabi", "dominion": "cardlab.evolve.dominion",
         "hearthstone": "cardlab.evolve.hearthstone"}


def _present() -> dict:
    found = {}
    for game, module in GAMES.items():
        try:
            found[game] = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    return found


def add_arguments(p) -> None:
    sub = p.add_subparsers(dest="game", metavar="GAME", required=True)
    for game, module in _present().items():
        text = getattr(module, "HELP", f"evolve {game} agents")
        q = sub.add_parser(game, help=text.replace("%", "%%"), description=text)
        module.add_arguments(q)
        q.set_defaults(evolve_run=module.run)


def run(args) -> int:
    return int(args.evolve_run(args) or 0)
