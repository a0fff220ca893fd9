"""The model zoo: shipped checkpoints and genomes by name (checkpoints/zoo.yaml), so agent specs can say
`search:ckpt=liege-full-rich` instead of a path."""

from __future__ import annotations

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
    data = yaml.safe_load(path_of("zoo.yaml").read_text()) or {}
    return {name: ZooEntry(name, **{k: str(fields[k]) for k in FIELDS}) for name, fields in data.items()}


def resolve(value: str) -> str:
    """A file path for `value`: an existing file stays as it is; a zoo name becomes its shipped file."""
    if Path(value).exists():
        return value
    entry = entries().get(value)
    return str(entry.file) if entry is not None else value
