"""A match's journal: one JSON line per finished game, so an interrupted match resumes where it stopped.

Game i depends only on (seed, i), so replaying the missing indices gives the report an uninterrupted match gives
(timings aside). The first line names the match; a journal of another match is refused.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import IO, Callable

from cardlab.runtime import UserError, lock_exclusively

JOURNAL_FORMAT = "cardlab-arena-journal"
JOURNAL_VERSION = 2


class MatchJournal:
    """`done`: the indices of the games the journal holds. Records are handed to `on_game` as they are read, not
    kept: a journal of a million games would otherwise be held whole in memory."""

    def __init__(self, path: Path, handle: IO[str], done: set[int]) -> None:
        self.path, self._handle, self.done = path, handle, done

    @classmethod
    def open(cls, path: str | Path, match: dict, on_game: Callable[[dict], None] = lambda game: None) -> "MatchJournal":
        """Create the journal, or read the games an earlier run of the same match finished (each index once, in
        the order they finished, to `on_game`)."""
        path = Path(path)
        try:
            return cls._open(path, match, on_game)
        except OSError as exc:
            parent = next((p for p in path.parents if p.exists()), None)
            why = (f"{parent} is a file, not a folder" if parent is not None and not parent.is_dir()
                   else exc.strerror or str(exc))
            raise UserError(f"{path}: cannot use as an arena journal ({why})") from None

    @classmethod
    def _open(cls, path: Path, match: dict, on_game: Callable[[dict], None]) -> "MatchJournal":
        done: set[int] = set()
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a", encoding="utf-8")  # never truncates: another process may be writing it
        try:
            lock_exclusively(handle, path, "playing a match into this journal")
            return cls._read_or_start(path, handle, match, on_game, done)
        except BaseException:
            handle.close()
            raise

    @classmethod
    def _read_or_start(cls, path: Path, handle, match: dict, on_game: Callable[[dict], None],
                       done: set[int]) -> "MatchJournal":
        if path.stat().st_size > 0:
            with path.open("rb") as f:
                first = f.readline()
            try:
                header = json.loads(first) if first.endswith(b"\n") else None
            except ValueError:
                header = None
            if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
                raise UserError(f"{path}: not an arena journal; give another --journal file")
            if header.get("version") != JOURNAL_VERSION:
                raise UserError(f"{path}: arena journal version {header.get('version')} is from another cardlab; "
                                "give another --journal file")
            recorded = header.get("match")
            if not _same_match(recorded, match):
                raise UserError(f"{path}: journal of another match ({_differences(recorded, match)}); "
                                "give another --journal file or the same game, agents and seed")
            from cardlab.agents.registry import changed_agent_files

            changed = changed_agent_files(recorded.get("agent_files") or {}, match.get("agent_files") or {})
            if changed:
                raise UserError(f"{path}: journal of a match played with other files behind {', '.join(changed)} "
                                "(their SHA-256 differs now); give another --journal file or the same files")
            roles = len(match.get("agents", ())) if isinstance(match, dict) else 0

            def found(game: dict) -> None:
                done.add(game["index"])
                on_game(game)

            whole = read_games(path, found, roles)
            if whole < path.stat().st_size:  # a line cut short by a kill: dropped
                handle.flush()
                handle.truncate(whole)
        else:
            handle.write(json.dumps({"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "match": match}) + "\n")
            handle.flush()
        return cls(path, handle, done)

    def add(self, game: dict) -> None:
        self._handle.write(json.dumps(game) + "\n")
        self._handle.flush()
        self.done.add(int(game["index"]))

    def close(self) -> None:
        self._handle.close()


def read_games(path: Path, on_game: Callable[[dict], None], roles: int = 0) -> int:
    """Hand each finished game of the journal at `path` to `on_game` (the first record of each index, in the order
    written) and return the bytes up to the end of the last complete line (a line cut short by a kill is not a game).
    A line that is not a game record (`roles` returns each, 0: any number) is a UserError: the journal is damaged."""
    seen: set[int] = set()
    with Path(path).open("rb") as f:
        whole = len(f.readline())  # the header
        for number, line in enumerate(f, start=2):
            if not line.endswith(b"\n"):
                break
            whole += len(line)
            try:
                game = json.loads(line)
                if not _is_game_record(game, roles):
                    raise ValueError
            except (ValueError, KeyError, TypeError, OverflowError):  # (an int too large for a float)
                raise UserError(f"{path}: line {number} is not a game record; the journal is damaged") from None
            if game["index"] not in seen:  # (a damaged line further on still refuses the whole run)
                seen.add(game["index"])
                on_game(game)
    return whole


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _is_game_record(game, roles: int) -> bool:
    """A finished game as MatchJournal.add writes it: an index >= 0, the turns, and one return per role (or None for
    a game that ended in an error). Anything else would be counted as a game that was never played."""
    if not isinstance(game, dict) or not isinstance(game.get("index"), int) or isinstance(game["index"], bool):
        return False
    if "returns" not in game:
        return False
    returns = game["returns"]
    if returns is not None and not (isinstance(returns, list) and all(_number(v) for v in returns)
                                    and (not roles or len(returns) == roles)):
        return False
    ms = game.get("ms")
    return (game["index"] >= 0 and isinstance(game.get("turns"), int) and isinstance(ms, dict)
            and all(isinstance(v, list) and all(_number(x) for x in v) for v in ms.values()))


def _same_match(recorded, match: dict) -> bool:
    """Game, agents and seed agree (the agents' file hashes are compared apart: a journal from before they were
    recorded lacks them)."""
    if not isinstance(recorded, dict):
        return False

    def strip(d: dict) -> dict:
        return {k: v for k, v in d.items() if k != "agent_files"}

    return strip(recorded) == strip(match)


def _differences(old, new: dict) -> str:
    if not isinstance(old, dict):
        return "no match description"
    keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return "differs in " + ", ".join(keys)
