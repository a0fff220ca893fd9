"""`--game SPEC` and the Hearthstone deck shorthands (--deck, --decks, --deck-pool, --max-turns), shared by every
verb that plays games."""

from __future__ import annotations

from cardlab.runtime import UserError


def add_game_arguments(p, default_max_turns: bool = True, two_player: bool = False) -> None:
    """`two_player`: the verb plays two-player zero-sum games only (tournament): its help shows such examples."""
    examples = "hearthstone:pool=basic or dominion:kingdom=big-money (two-player zero-sum games only)" if two_player \
        else "hearthstone:pool=basic or hanabi:players=4"
    p.add_argument("--game", default=None,
                   help=f"game spec (default hearthstone:deck=liege); see `cardlab games`, e.g. {examples}")
    p.add_argument("--deck", help="hearthstone: one deck for both agents (built-in name, file or deckstring)")
    p.add_argument("--decks", nargs=2, metavar=("DECK_A", "DECK_B"), help="hearthstone: agent A's and agent B's deck")
    p.add_argument("--deck-pool", help="hearthstone: each game draws both decks from this pool (basic, classic, liege, random: a random legal deck per seat)")
    if default_max_turns:
        p.add_argument("--max-turns", type=int, default=None,
                       help="hearthstone: a game not over after this many turns is a draw; its length then counts as this + 1 (default 50)")


def refuse_empty(value, option: str, what: str) -> None:
    """An option given as "" (or blanks) is a mistake, not a request for its default (None, not given, is that)."""
    if value is not None and not str(value).strip():
        raise UserError(f"{option} is empty: give {what}")


GAME_WHAT = "a game spec such as hearthstone:deck=liege (`cardlab games` lists them)"
DECK_WHAT = "a built-in deck (`cardlab decks`), a deck file or a deckstring"
POOL_WHAT = "a deck pool (basic, classic, liege, random)"


def game_spec(args) -> str:
    """The game spec the arguments name; the deck shorthands add options to a Hearthstone spec."""
    refuse_empty(args.game, "--game", GAME_WHAT)
    refuse_empty(getattr(args, "deck", None), "--deck", DECK_WHAT)
    refuse_empty(getattr(args, "deck_pool", None), "--deck-pool", POOL_WHAT)
    for deck in getattr(args, "decks", None) or ():
        refuse_empty(deck, "a deck of --decks", DECK_WHAT)
    spec = "hearthstone" if args.game is None else args.game
    shorthands = []
    if getattr(args, "deck", None) is not None:
        shorthands.append(f"deck={args.deck}")
    if getattr(args, "decks", None):
        shorthands.append("decks=" + ",".join(args.decks))
    if getattr(args, "deck_pool", None) is not None:
        shorthands.append(f"pool={args.deck_pool}")
    if getattr(args, "max_turns", None) is not None:
        shorthands.append(f"max_turns={args.max_turns}")
    if shorthands:
        if not spec.strip().lower().startswith("hearthstone"):
            raise UserError("--deck, --decks, --deck-pool and --max-turns are Hearthstone options; "
                            f"give them inside --game for {spec.split(':')[0]}")
        from cardlab.engine.registry import parse_spec

        inside = parse_spec(spec)[1]
        for option, flag in (("deck", "--deck"), ("decks", "--decks"), ("pool", "--deck-pool"),
                             ("max_turns", "--max-turns")):
            if option in inside and any(s.startswith(option + "=") for s in shorthands):
                raise UserError(f"{flag} and {option}= in --game {spec!r} both set the {option}: give one")
        spec += ("," if ":" in spec else ":") + ",".join(shorthands)
    return spec


def make_game_from_args(args):
    from cardlab.engine.registry import make_game

    return make_game(game_spec(args))
