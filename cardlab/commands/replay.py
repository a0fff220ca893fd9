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
    from cardlab.arena.gamelog import log_game as game_of

    try:
        return game_of(log)
    except Exception:  # the log was already replayed with it; a failure here only loses the wording
        return None


def run(args) -> int:
    from cardlab.arena import gamelog
    from cardlab.commands.play import public_effects

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
        effects = public_effects(state, action, -1)  # what it revealed, trashed... as the table saw it
        print(f"  - {who}{state.action_to_string(action)}" + (f": {effects}" if effects else ""))
    turns = last.turn_number if last is not None else 0
    logged_returns, logged_turns = _logged_result(log, args.file)
    agents, cooperative = log["agents"], getattr(log_game(log), "kind", "") == "cooperative"
    logged = None if logged_returns is None else \
        f"{_outcome(logged_returns, agents, cooperative)} after {logged_turns} turns"
    finished = last is not None and last.is_terminal()
    outcome = (_outcome(last.returns(), agents, cooperative) if finished else "unfinished") + f" after {turns} turns"
    # a deck file edited since (a log written before decks were stored), a log cut short or edited: another game
    if logged is not None and (not finished or not _same(last.returns(), logged_returns) or turns != logged_turns):
        from cardlab.runtime import UserError

        raise UserError(f"{args.file}: the replay does not match the log (replayed: {outcome}; logged: {logged})"
                        + ("; its actions end before the game does" if not finished else ""))
    print(f"\nresult: {outcome}" + (" (as logged)" if logged is not None else ""))
    if log.get("error"):
        print("the game stopped with an error:\n" + str(log["error"]))
    return 0


def _logged_result(log: dict, source: str) -> tuple[list[float] | None, int | None]:
    """The logged returns in seat order (the log keeps them per role: agent A, B...) and turns; (None, None) when the
    game has none (it raised, or a hand-made log has no result)."""
    from cardlab.runtime import UserError

    result = log.get("result") or {}
    by_role = result.get("returns_by_role") if isinstance(result, dict) else ()
    if by_role is None:
        return None, None
    roles = log["roles"]  # a permutation of the seats: replay_states checked it
    turns = result.get("turns") if isinstance(result, dict) else None
    if not (isinstance(by_role, list) and len(by_role) == len(roles)
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in by_role)
            and isinstance(turns, int) and not isinstance(turns, bool)):
        raise UserError(f"{source}: malformed game log ('result' {result!r} should hold one return per agent "
                        "and the turns)")
    return [float(by_role[role]) for role in roles], turns


def _same(values: list[float], logged: list[float]) -> bool:
    return len(values) == len(logged) and all(abs(a - b) < 1e-9 for a, b in zip(values, logged))


def _outcome(values: list[float], agents: list[str], cooperative: bool) -> str:
    """The result in seat order, naming each winning seat's agent: "returns -1, 1 by seat: seat 1 (trading) wins",
    "returns 0, 0 by seat: a draw", "team score 17"."""
    if cooperative:
        return f"team score {values[0]:g}"
    returns = "returns " + ", ".join(f"{v:g}" for v in values) + " by seat: "
    if all(v == 0 for v in values):
        return returns + "a draw"
    best = max(values)
    won = [f"{seat} ({agents[seat] if seat < len(agents) else '?'})" for seat, v in enumerate(values) if v == best]
    if len(won) == 1:
        return returns + f"seat {won[0]} wins"
    return returns + "seats " + ", ".join(won[:-1]) + f" and {won[-1]} share the win"
