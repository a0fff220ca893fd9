"""`cardlab replay FILE`: print a saved game turn by turn."""

from __future__ import annotations

HELP = "print a saved game log turn by turn"


def add_arguments(p) -> None:
    p.add_argument("file", help="a game log written by `cardlab arena --save-games` (or an errored game)")


def _renderer(game_spec: str):
    """The game's `render.board_lines(state)` when it has one (`cardlab.engine.<game>.render`, or the `render`
    module beside an outside game's module)."""
    from cardlab.engine.registry import import_game_part

    module = import_game_part(game_spec.split(":")[0].strip().lower(), "render")
    return getattr(module, "board_lines", None)


def log_game(log: dict):
    from cardlab.engine.registry import make_game

    try:
        return make_game(log["game"])
    except Exception:  # the log was already replayed with it; a failure here only loses the wording
        return None


def run(args) -> int:
    from cardlab.arena import gamelog

    log = gamelog.load(args.file)
    board_lines = _renderer(log["game"])
    seats = ", ".join(f"seat {i}: {spec}" for i, spec in enumerate(log["agents"]))
    print(f"{log['game']}, seed {log['seed']}; {seats}")
    turn = None
    last = None
    for state, action in gamelog.replay_states(log, args.file):
        last = state
        if action is None:
            break
        if (state.turn_owner, state.turn_number) != turn:
            turn = (state.turn_owner, state.turn_number)
            print(f"\n=== turn {state.turn_number}: player {state.turn_owner} ===")
            if board_lines is not None:
                for line in board_lines(state):
                    print("  " + line)
        who = "" if state.current_player == state.turn_owner else f"(player {state.current_player}) "
        print(f"  - {who}{state.action_to_string(action)}")
    result = log.get("result", {})
    if last is not None and last.is_terminal():
        values = last.returns()
        cooperative = len(set(values)) == 1 and getattr(log_game(log), "kind", "") == "cooperative"
        outcome = f"team score {values[0]:g}" if cooperative else "returns " + ", ".join(f"{v:g}" for v in values)
    else:
        outcome = "unfinished"
    print(f"\nresult: {outcome} after {last.turn_number if last else 0} turns (logged: {result})")
    if log.get("error"):
        print("the game stopped with an error:\n" + str(log["error"]))
    return 0
