"""`cardlab play`: play against a bot in the terminal."""

from __future__ import annotations

HELP = "play a game against a bot in the terminal (actions chosen by number)"


def add_arguments(p) -> None:
    p.add_argument("--vs", default="trading", help="the bot's agent spec (default trading)")
    p.add_argument("--deck", default="liege", help="your deck (default liege)")
    p.add_argument("--bot-deck", help="the bot's deck (default: same as yours)")
    p.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    p.add_argument("--second", action="store_true", help="let the bot go first")


def run(args) -> int:
    import random

    from rich.console import Console

    from agents.registry import make_agent
    from arena.human import play_human
    from engine.hearthstone.decks import load_deck

    bot = make_agent(args.vs)
    deck = load_deck(args.deck)
    bot_deck = load_deck(args.bot_deck) if args.bot_deck else deck
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    console = Console()
    console.print(f"You ({deck.name}) vs {args.vs} ({bot_deck.name}), seed {seed}")
    try:
        play_human(bot, deck, bot_deck, seed, not args.second, input, console)
    except EOFError:
        console.print("\nbye")
    return 0
