"""Run configs: YAML files whose keys are a dataclass's fields; unknown keys are errors, not silent typos."""

from __future__ import annotations

import math
from dataclasses import fields
from pathlib import Path

from cardlab.runtime import UserError, not_a_file, yaml_problem


def load_yaml(path: str | Path) -> dict:
    """A YAML mapping of settings, with one clear error for a missing, malformed or non-mapping file."""
    import yaml

    p = Path(path)
    if not p.is_file():
        p = shipped_config(str(path))
        if p is None:
            raise UserError(not_a_file(path, "config"))
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise UserError(f"{path}: {yaml_problem(exc)}") from None
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a text file (a YAML config expected)") from None
    if not isinstance(data, dict):
        raise UserError(f"{path}: a config must be a mapping of settings")
    return data


def shipped_config(text: str) -> Path | None:
    """A config the project ships (configs/*.yaml), for `configs/NAME.yaml`, `NAME.yaml` or `NAME` given from a
    folder that does not hold it: the README's commands work from any folder. None when there is no such file."""
    from importlib.resources import files

    given = Path(text)
    if given.parent not in (Path("."), Path("configs")):
        return None
    try:
        folder = Path(str(files("cardlab.configs")))
    except ModuleNotFoundError:  # an editable install made before configs/ became a package maps no such module
        raise UserError(f"{text}: this cardlab install has no shipped configs; after `git pull`, run "
                        "`pip install -e .` again (an editable install maps cardlab's packages when installed)") from None
    for name in (given.name, given.name + ".yaml"):
        if (folder / name).is_file():
            return folder / name
    return None


def config_from_dict(cls, data: dict, source: str, what: str = "setting"):
    """cls(**data) after checking every key is a field; then cls.validate(source)."""
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise UserError(f"{source}: unknown {what}(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    types = {f.name: f.type for f in fields(cls)}
    data = {key: _coerce(value, types[key]) for key, value in data.items()}
    for key, value in data.items():
        _check_type(source, key, value, types[key])
    cfg = cls(**data)
    cfg.validate(source)
    return cfg


def _allowed(declared) -> set[str]:
    text = declared if isinstance(declared, str) else getattr(declared, "__name__", str(declared))
    return set(text.replace(" ", "").split("|"))


def _coerce(value, declared):
    """The spellings YAML reads otherwise: `lr: 1e-3` is a string to PyYAML (YAML 1.1 wants `1.0e-3`), and
    `devices: 1` or `precision: 16` are numbers where the setting is text."""
    allowed = _allowed(declared)
    if isinstance(value, str) and "float" in allowed and "str" not in allowed:
        try:
            number = float(value)
        except ValueError:
            return value
        # only finite numbers: "nan" and "inf" stay text (refused), as they were before this spelling was read
        return number if math.isfinite(number) else value
    if isinstance(value, int) and not isinstance(value, bool) and "str" in allowed and not allowed & {"int", "float"}:
        return str(value)
    return value


def _check_type(source: str, key: str, value, declared) -> None:
    """YAML gives strings, numbers, lists: refuse `max_epochs: one` or `hidden: 128` (a list expected) here, with the
    key named, rather than as a TypeError deep in training."""
    allowed = _allowed(declared)
    ok = (
        ("None" in allowed and value is None)
        or ("bool" in allowed and isinstance(value, bool))
        or ("int" in allowed and isinstance(value, int) and not isinstance(value, bool))
        or ("float" in allowed and isinstance(value, (int, float)) and not isinstance(value, bool))
        or ("str" in allowed and isinstance(value, str))
        or (any(a.startswith(("list", "tuple")) for a in allowed) and isinstance(value, (list, tuple)))
        or (any(a.startswith("dict") for a in allowed) and isinstance(value, dict))
        or not allowed & {"None", "bool", "int", "float", "str"} and not any(
            a.startswith(("list", "tuple", "dict")) for a in allowed)
    )
    if not ok:
        raise UserError(f"{source}: {key}: {value!r} should be {' or '.join(sorted(allowed))}")
