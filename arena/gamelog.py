"""Saved games: everything needed to replay one game exactly (game spec, seed, seating, actions)."""

from __future__ import annotations

import json
from pathlib import Path

from cardlab.runtime import UserError, not_a_file, write_text_atomically

FORMAT = "cardlab-game"
# 3: a game may add "game_record" (its `log_record()`: Hearthstone's deck files as deckstrings plus the cards in the
# order played); only such logs are written as version 3, so an older cardlab refuses them rather than replay
# another game, and every other log is read as before. Version 2 logs name a deck file as typed: they replay where
# that path still resolves.
VERSION = 3
READABLE_VERSIONS = (2, 3)


def game_log(game, seed: int, roles, agents: list[str], actions: list, result: dict,
             error: str | None) -> dict:
    """Everything that replays one game: `log_game(log).new_initial_state(seed, roles)` then the actions. `game` is
    the Game played (or its spec); a game whose spec depends on local files gives a portable one by `log_record()`."""
    spec, record = (game, None) if isinstance(game, str) else (game.spec, None)
    hook = getattr(game, "log_record", None)
    portable = hook() if hook is not None else None
    if portable is not None:
        spec, record = portable
    log = {
        "format": FORMAT,
        "version": VERSION if record is not None else 2,
        "game": spec,
        "seed": seed,
        "roles": list(roles),
        "agents": agents,  # per seat
        "actions": [list(a) if isinstance(a, tuple) else a for a in actions],
        "result": result,
        "error": error,
    }
    if record is not None:
        log["game_record"] = record
    return log


def log_game(log: dict):
    """The game a log was played in: `make_game(log["game"])`, with its "game_record" applied (the game's
    `with_log_record`) when it has one."""
    from cardlab.engine.registry import make_game

    game = make_game(log["game"])
    record = log.get("game_record")
    if record is None:
        return game
    apply = getattr(game, "with_log_record", None)
    if apply is None:
        raise UserError(f"malformed game log ({log['game']!r} takes no game_record)")
    try:
        return apply(record)
    except UserError as exc:
        raise UserError(f"malformed game log (game_record: {exc})") from None


def save(log: dict, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_text_atomically(path, json.dumps(log) + "\n")


def load(path: str | Path) -> dict:
    path = Path(path)
    if not path.is_file():
        raise UserError(not_a_file(path, "game log"))
    try:  # utf-8-sig: a byte-order mark (a Windows editor's save) is not part of the JSON
        log = json.loads(path.read_text(encoding="utf-8-sig"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: not a cardlab game log ({exc})") from None
    except RecursionError:  # brackets nested thousands deep: no log is
        raise UserError(f"{path}: not a cardlab game log (nested too deeply)") from None
    if not isinstance(log, dict) or log.get("format") != FORMAT:
        raise UserError(f"{path}: not a cardlab game log (missing format {FORMAT!r})")
    if log.get("version") not in READABLE_VERSIONS:
        raise UserError(f"{path}: game log version {log.get('version')} is not supported (expected "
                        f"{' or '.join(map(str, READABLE_VERSIONS))})")
    missing = [key for key in ("game", "seed", "roles", "agents", "actions") if key not in log]
    if missing:
        raise UserError(f"{path}: not a complete cardlab game log (no {', '.join(repr(k) for k in missing)})")
    if not isinstance(log["game"], str) or not isinstance(log["agents"], list):
        raise UserError(f"{path}: malformed game log ('game' must be a string and 'agents' a list)")
    return log


def replay_states(log: dict, source: str = "game log"):
    """Yield (state_before, action) for each logged action, then (final_state, None)."""
    try:
        game = log_game(log)
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
            raise UserError(f"{source}: action {i} {action} is not legal on replay (a log from another engine "
                            "version, or a deck file changed since?)")
        yield state, action
        state.apply(action)
    yield state, None
