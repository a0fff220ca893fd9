"""The model zoo: shipped checkpoints and genomes by name (checkpoints/zoo.yaml), so agent specs can say
`search:ckpt=liege-full-rich` instead of a path."""

from __future__ import annotations

import difflib
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from cardlab.checkpoints import path_of

FIELDS = ("game", "kind", "path", "use", "beat", "reproduce")


@dataclass(frozen=True)
class ZooEntry:
    name: str
    game: str
    kind: str
    path: str  # relative to the checkpoints package
    use: str  # an agent spec that loads it
    beat: str
    reproduce: str

    @property
    def file(self) -> Path:
        return path_of(self.path)

    def to_json(self) -> dict:
        return {"name": self.name, **{k: getattr(self, k) for k in FIELDS}, "file": str(self.file)}


@lru_cache(maxsize=1)
def entries() -> dict[str, ZooEntry]:
    data = yaml.safe_load(path_of("zoo.yaml").read_text(encoding="utf-8")) or {}
    return {name: ZooEntry(name, **{k: str(fields[k]) for k in FIELDS}) for name, fields in data.items()}


def resolve(value: str) -> str:
    """A file path for `value`: a zoo name becomes its shipped file, and so does a repository path
    `checkpoints/REST` missing here (`in_repository`); anything else stays as it is. A regular file named like a zoo
    entry is used instead (with a note on stderr); a folder of that name cannot be a checkpoint, so the zoo entry
    wins. A missing name close to a zoo name is refused with the suggestion."""
    path = Path(value)
    entry = entries().get(value)
    if entry is not None:
        if path.is_file():
            _note_shadowed(value)
            return value
        return str(entry.file)
    shipped = in_repository(value)
    if shipped is not None:
        return str(shipped)
    if value and not path.exists() and not any(c in value for c in ("/", os.sep, "+")):  # (A+B: its parts resolve)
        close = difflib.get_close_matches(value, list(entries()), n=1, cutoff=0.75)
        if close:
            from cardlab.runtime import UserError

            raise UserError(f"{value!r} is neither a file nor a shipped model: did you mean {close[0]!r}? "
                            "(`cardlab models` lists them)")
    return value


@lru_cache(maxsize=None)
def _note_shadowed(name: str) -> None:
    import multiprocessing

    if multiprocessing.parent_process() is not None:  # a worker: the main process said it already
        return
    print(f"cardlab: note: using the file {name!r} in this folder, not the shipped model of that name "
          "(`cardlab models --json` gives the shipped file's path)", file=sys.stderr)


def in_repository(value: str) -> Path | None:
    """The shipped file that the repository path `checkpoints/REST` (as the docs write it) names, when that path does
    not exist here (run outside the repository root, or a pip install); None for anything else."""
    path = Path(value)
    if not value or path.is_absolute() or len(path.parts) < 2 or path.parts[0] != "checkpoints" or path.exists():
        return None
    shipped = path_of("/".join(path.parts[1:]))
    return shipped if shipped.is_file() else None


def shipped_file(value: str) -> Path | None:
    """The shipped file a zoo name (or a missing `checkpoints/REST` path) stands for (None for anything else), as
    `resolve` would pick it."""
    entry = entries().get(value)
    if entry is not None:
        return entry.file if not Path(value).is_file() else None
    return in_repository(value)
