"""Saved games: everything needed to replay one game exactly (seed, decks, rules, actions)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from engine.core import UserError

FORMAT = "cardlab-game"
VERSION = 1


def game_log(state_config, decks, seed: int, agents: list[str], actions: list, result: dict, error: str | None) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "hearthstone",
        "seed": seed,
        "config": asdict(state_config),
        # Card order matters: the state's seeded shuffle starts from it.
        "decks": [{"name": d.name, "class": d.hero_class, "cards": [c.id for c in d.cards]} for d in decks],
        "agents": agents,
        "actions": [list(a) for a in actions],
        "result": result,
        "error": error,
    }


def save(log: dict, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(log) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def load(path: str | Path) -> dict:
    path = Path(path)
    if not path.is_file():
        raise UserError(f"game log {str(path)!r} does not exist")
    try:
        log = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: not a cardlab game log ({exc})") from None
    if not isinstance(log, dict) or log.get("format") != FORMAT:
        raise UserError(f"{path}: not a cardlab game log (missing format {FORMAT!r})")
    if log.get("version") != VERSION:
        raise UserError(f"{path}: game log version {log.get('version')} is not supported (expected {VERSION})")
    return log


def replay_states(log: dict, source: str = "game log"):
    """Yield (state_before, action) for each logged action, then (final_state, None)."""
    from engine.hearthstone.carddb import CardError, card_db
    from engine.hearthstone.decks import validate
    from engine.hearthstone.state import GameConfig, HearthstoneState

    try:
        db = card_db()
        decks = [validate(d["name"], d["class"], [db.get(c) for c in d["cards"]]) for d in log["decks"]]
        state = HearthstoneState.new(GameConfig(**log["config"]), [d.as_tuple() for d in decks], log["seed"])
    except (KeyError, TypeError) as exc:
        raise UserError(f"{source}: malformed game log ({exc!r})") from None
    except CardError as exc:
        raise UserError(f"{source}: {exc}") from None
    for i, raw in enumerate(log["actions"]):
        action = tuple(raw)
        if action not in state.legal_actions():
            raise UserError(f"{source}: action {i} {action} is not legal on replay (log from another engine version?)")
        yield state, action
        state.apply(action)
    yield state, None
