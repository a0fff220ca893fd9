"""Saved games: everything needed to replay one game exactly (game spec, seed, seating, actions)."""

from __future__ import annotations

import json
from pathlib import Path

from cardlab.runtime import UserError, not_a_file, write_text_atomically

FORMAT = "cardlab-game"
VERSION = 2


def game_log(game_spec: str, seed: int, roles, agents: list[str], actions: list, result: dict,
             error: str | None) -> dict:
    """Everything that replays one game: `make_game(game).new_initial_state(seed, roles)` then the actions."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game_spec,
        "seed": seed,
        "roles": list(roles),
        "agents": agents,  # per seat
        "actions": [list(a) if isinstance(a, tuple) else a for a in actions],
        "result": result,
        "error": error,
    }


def save(log: dict, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_text_atomically(path, json.dumps(log) + "\n")


def load(path: str | Path) -> dict:
    path = Path(path)
    if not path.is_file():
        raise UserError(not_a_file(path, "game log"))
    try:
        log = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: not a cardlab game log ({exc})") from None
    if not isinstance(log, dict) or log.get("format") != FORMAT:
        raise UserError(f"{path}: not a cardlab game log (missing format {FORMAT!r})")
    if log.get("version") != VERSION:
        raise UserError(f"{path}: game log version {log.get('version')} is not supported (expected {VERSION})")
    missing = [key for key in ("game", "seed", "roles", "agents", "actions") if key not in log]
    if missing:
        raise UserError(f"{path}: not a complete cardlab game log (no {', '.join(repr(k) for k in missing)})")
    if not isinstance(log["game"], str) or not isinstance(log["agents"], list):
        raise UserError(f"{path}: malformed game log ('game' must be a string and 'agents' a list)")
    return log


def replay_states(log: dict, source: str = "game log"):
    """Yield (state_before, action) for each logged action, then (final_state, None)."""
    from cardlab.engine.registry import make_game

    try:
        game = make_game(log["game"])
        roles = tuple(log["roles"])
        players = getattr(game, "num_players", len(roles))
        if sorted(roles) != list(range(players)):
            raise UserError(f"malformed game log: 'roles' {list(roles)} should order the {players} seats "
                            f"(a permutation of 0..{players - 1})")
        state = game.new_initial_state(int(log["seed"]), roles)
        actions = [tuple(a) if isinstance(a, list) else a for a in log["actions"]]
        for i, action in enumerate(actions):  # 41.0 would pass `in legal_actions()` (41.0 == 41), then break apply
            if not all(type(x) is int for x in (action if isinstance(action, tuple) else (action,))):
                raise UserError(f"malformed game log: action {i} {action!r} is not made of integers")
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        if isinstance(exc, UserError):
            raise UserError(f"{source}: {exc}") from None
        raise UserError(f"{source}: malformed game log ({exc!r})") from None
    for i, action in enumerate(actions):
        if action not in state.legal_actions():
            raise UserError(f"{source}: action {i} {action} is not legal on replay (log from another engine version?)")
        yield state, action
        state.apply(action)
    yield state, None
