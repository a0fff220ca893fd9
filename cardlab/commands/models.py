"""`cardlab models`: the model zoo, every shipped checkpoint and genome with what it beat and how to rebuild it."""

from __future__ import annotations

import json

HELP = "list the shipped checkpoints and genomes (the model zoo); agent specs may name them (search:ckpt=NAME)"


def add_arguments(p) -> None:
    p.add_argument("--game", default=None,
                   help="only this game's models (by the spec's game name: options such as players= or kingdom= "
                        "are not matched; each model's description names the setup it was made for)")
    p.add_argument("--json", action="store_true", help="print a JSON list")


def run(args) -> int:
    from cardlab.checkpoints.zoo import entries
    from cardlab.commands.gameargs import GAME_WHAT, refuse_empty
    from cardlab.runtime import UserError

    refuse_empty(args.game, "--game", GAME_WHAT + ", or leave --game out for every game's models")
    wanted = None
    if args.game is not None:
        # the spec as every verb's --game reads it (HANABI, hanabi:players=4): its game's models; a bad option is the
        # registry's error, and so is an unknown game, after the answer to the question asked
        from cardlab.engine.registry import available, make_game, parse_spec

        try:
            wanted = make_game(args.game).name
        except UserError as exc:
            if parse_spec(args.game)[0] in available():
                raise
            raise UserError(f"no shipped models for game {args.game.strip()!r}: {exc}") from None
    zoo = [e for e in entries().values() if wanted in (None, e.game)]
    if wanted is not None and not zoo:
        games = sorted({e.game for e in entries().values()})
        raise UserError(f"no shipped models for game {wanted!r} (models exist for: {', '.join(games)})")
    if args.json:
        print(json.dumps([e.to_json() for e in zoo], indent=1))
        return 0
    for e in zoo:
        print(f"{e.name}  ({e.game}: {e.kind})")
        for label, value in (("use", e.use), ("beat", e.beat), ("reproduce", e.reproduce), ("file", e.file)):
            print(f"  {label + ':':<11}{value}")
    return 0
