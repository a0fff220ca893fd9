"""`cardlab play`: play any game against bots in the terminal (the same play loop as the arena)."""

from __future__ import annotations

from cardlab.commands.gameargs import add_game_arguments, make_game_from_args

HELP = "play a game against bots in the terminal (actions chosen by number)"


def add_arguments(p) -> None:
    p.add_argument("--vs", default=None, nargs="+",
                   help="the bots' agent specs, one per other seat or one for all (default: trading for "
                        "Hearthstone, age for Hanabi, bigmoney for Dominion)")
    add_game_arguments(p)
    p.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 moves first; default 0)")


DEFAULT_BOT = {"hearthstone": "trading", "hanabi": "age", "dominion": "bigmoney"}


def run(args) -> int:
    import random

    from rich.console import Console
    from rich.markup import escape

    from cardlab.agents.human import HumanAgent, InputEnded, QuitGame, observation_printer
    from cardlab.agents.registry import make_agent
    from cardlab.arena.play import agent_seed, game_seed
    from cardlab.runtime import UserError

    game = make_game_from_args(args)
    n = game.num_players
    if not 0 <= args.seat < n:
        raise UserError(f"--seat must be between 0 and {n - 1} for {game.spec}")
    bots = args.vs or [DEFAULT_BOT.get(game.name, "random")]
    if len(bots) == 1:
        bots = bots * (n - 1)
    if len(bots) != n - 1:
        raise UserError(f"--vs takes one spec or {n - 1} (one per other seat), got {len(bots)}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    console = Console(emoji=False)  # a deck file named "a:fire:.txt" is printed as named
    agents = []
    for seat in range(n):
        agent = HumanAgent(game=game.name, console=console) if seat == args.seat else \
            make_agent(bots.pop(0), game=game)
        agent.reset(seat, agent_seed(seed, 0, seat))
        agents.append(agent)
    state = game.new_initial_state(game_seed(seed, 0))
    # deck names and file names, the game spec and agent specs are the user's text, not markup ("mage [v2].txt")
    console.print(escape(f"{game.describe()} ({game.spec}), seed {seed}; you are seat {args.seat}; bots: "
                         + ", ".join(a.spec() for i, a in enumerate(agents) if i != args.seat)))
    try:
        while not state.is_terminal():
            seat = state.current_player
            action = agents[seat].act(state.observation(seat))
            seen = state.public_action_string(action, args.seat) if seat != args.seat else ""  # no hidden names
            effects = public_effects(state, action, args.seat)
            state.apply(action)
            outcome = state.public_outcome_string(args.seat)  # what the move turned face up (Hanabi's card)
            if seen or effects or outcome:
                who = f"player {seat}" if seat != args.seat else "you"
                console.print(f"[cyan]{who}:[/cyan] " + escape(", ".join(t for t in (seen, effects, outcome) if t)))
    except (InputEnded, EOFError):
        console.print("\ncardlab play: input ended before the game did")
        return 1
    except QuitGame:
        console.print("\nbye")
        return 0
    printer = observation_printer(game.name)
    if printer is not None:  # the final table: the last plays happened after the person's last look
        for line in printer(state.observation(args.seat), args.seat):
            console.print(escape(line))
    returns = state.returns()
    if game.kind == "cooperative":
        console.print(f"Game over: the team scored {returns[0]:g}.")
    else:
        console.print(outcome_line(returns, args.seat))
    return 0


def public_effects(state, action, viewer: int) -> str:
    """What `viewer` sees come of `action` beyond its own words, told before it is applied: a game whose state has
    `public_outcome_of(action, viewer)` (Dominion: the cards an attack revealed or trashed, also where the engine
    chose for a player with one option) works it out from the state before the action; "" for the others."""
    describe = getattr(state, "public_outcome_of", None)
    return describe(action, viewer) if describe is not None else ""


def outcome_line(returns: list[float], seat: int) -> str:
    """The person's result; a win shared by k players (3-4 player Dominion) returns 1/k to each."""
    mine = returns[seat]
    if mine < 0:
        return "You lose."
    if mine == 0:
        return "Draw."
    shared = sum(1 for r in returns if r == mine)
    return "You win!" if shared == 1 else f"You share the win with {shared - 1} other player{'s' if shared > 2 else ''}."
