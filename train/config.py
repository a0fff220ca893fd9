"""Run configs: YAML files whose keys are a dataclass's fields; unknown keys are errors, not silent typos."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from cardlab.runtime import UserError


def load_yaml(path: str | Path) -> dict:
    """A YAML mapping of settings, with one clear error for a missing, malformed or non-mapping file."""
    import yaml

    p = Path(path)
    if not p.is_file():
        raise UserError(f"config {str(path)!r} does not exist")
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise UserError(f"{path}: invalid YAML ({exc})") from None
    if not isinstance(data, dict):
        raise UserError(f"{path}: a config must be a mapping of settings")
    return data


def config_from_dict(cls, data: dict, source: str, what: str = "setting"):
    """cls(**data) after checking every key is a field; then cls.validate(source)."""
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise UserError(f"{source}: unknown {what}(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    cfg = cls(**data)
    cfg.validate(source)
    return cfg
