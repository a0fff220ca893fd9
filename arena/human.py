"""A person against a bot in the terminal: the board drawn with rich, actions chosen by number."""

from __future__ import annotations

from typing import Callable

from engine.hearthstone.decks import Deck
from engine.hearthstone.render import hero_text, minion_text
from engine.hearthstone.state import GameConfig, HearthstoneState


def render(console, s: HearthstoneState, me: int) -> None:
    from rich.panel import Panel

    opp = 1 - me
    lines = [f"[bold]Opponent[/bold] {hero_text(s, opp)}",
             "  " + (" | ".join(minion_text(m) for m in s.players[opp].board) or "(no minions)"),
             "",
             "  " + (" | ".join(minion_text(m) for m in s.players[me].board) or "(no minions)"),
             f"[bold]You[/bold] {hero_text(s, me)}",
             "Hand: " + ", ".join(f"{c.name} ({s.cost(me, c)})" for c in s.players[me].hand)]
    console.print(Panel("\n".join(lines), title=f"turn {s.turn}"))


def play_human(bot, deck_you: Deck, deck_bot: Deck, seed: int, you_first: bool,
               ask: Callable[[str], str], console, config: GameConfig | None = None) -> int:
    """Returns +1 if the person won, -1 if the bot won, 0 for a draw; ask() raising EOFError quits."""
    me = 0 if you_first else 1
    decks = [deck_you, deck_bot] if me == 0 else [deck_bot, deck_you]
    s = HearthstoneState.new(config or GameConfig(), [d.as_tuple() for d in decks], seed)
    bot.reset(1 - me, seed + 1)
    while not s.is_terminal():
        if s.current != me:
            action = bot.act(s.observation(1 - me))
            console.print(f"[cyan]bot:[/cyan] {s.action_to_string(action)}")
            s.apply(action)
            continue
        render(console, s, me)
        legal = s.legal_actions()
        for i, a in enumerate(legal):
            console.print(f"  {i:>2}. {s.action_to_string(a)}")
        while True:
            answer = ask("your action (number, q to quit): ").strip().lower()
            if answer in ("q", "quit", "exit"):
                raise EOFError
            if answer.isdigit() and int(answer) < len(legal):
                s.apply(legal[int(answer)])
                break
            console.print(f"[red]please type a number from 0 to {len(legal) - 1}[/red]")
    outcome = 0 if s.winner == -1 else (1 if s.winner == me else -1)
    console.print({1: "You win!", -1: "The bot wins.", 0: "Draw."}[outcome])
    return outcome
