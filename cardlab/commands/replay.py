"""`cardlab replay FILE`: print a saved game turn by turn."""

from __future__ import annotations

HELP = "print a saved game log turn by turn"


def add_arguments(p) -> None:
    p.add_argument("file", help="a game log written by `cardlab arena --save-games` (or an errored game)")


def run(args) -> int:
    from arena import gamelog
    from engine.hearthstone.render import board_lines

    log = gamelog.load(args.file)
    print(f"seed {log['seed']}; seat 0: {log['agents'][0]}; seat 1: {log['agents'][1]}")
    turn = None
    last = None
    for state, action in gamelog.replay_states(log, args.file):
        last = state
        if action is None:
            break
        if state.turn != turn:
            turn = state.turn
            print(f"\n=== turn {turn}: player {state.current} ({state.players[state.current].deck_name}) ===")
            for line in board_lines(state):
                print("  " + line)
        print(f"  - {state.action_to_string(action)}")
    result = log.get("result", {})
    if last is not None and last.is_terminal():
        outcome = "draw" if last.winner == -1 else f"player {last.winner} wins"
    else:
        outcome = "unfinished"
    print(f"\nresult: {outcome} after {last.turn if last else 0} turns (logged: {result})")
    if log.get("error"):
        print("the game stopped with an error:\n" + log["error"])
    return 0
