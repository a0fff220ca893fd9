"""Imports follow the layer table of docs/ARCHITECTURE.md: a test fails when one runs against it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# folder -> cardlab packages its modules may import (besides itself and cardlab.runtime)
ALLOWED = {
    "engine": set(),
    "models": set(),
    "checkpoints": set(),  # shipped files and the zoo's name -> file table
    "agents": {"engine", "models", "checkpoints"},
    "arena": {"engine", "agents"},
    "datagen": {"engine", "agents", "arena"},
    "evolve": {"engine", "agents", "arena"},
    "train": {"engine", "models", "datagen", "agents", "arena"},
    "benchmarks": {"engine", "agents", "arena", "datagen", "models", "train", "evolve", "cardlab", "checkpoints", "envs"},
    "envs": {"engine", "agents", "arena"},  # RL front ends: games through their hooks, opponents from the registry
}
# third-party packages a layer must not use
FORBIDDEN_THIRD_PARTY = {"engine": {"torch", "h5py", "lightning"}, "models": {"lightning", "h5py"},
                         "arena": {"lightning", "h5py"}, "envs": {"torch", "lightning", "h5py"}}


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module


def _violations() -> list[str]:
    bad = []
    for folder, allowed in ALLOWED.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            for line, name in _imports(path):
                parts = name.split(".")
                where = f"{path.relative_to(ROOT)}:{line} imports {name}"
                if parts[0] in ("engine", "agents", "datagen", "models", "train", "arena", "benchmarks", "evolve"):
                    bad.append(where + " (use the cardlab. name)")
                elif parts[0] == "cardlab":
                    layer = parts[1] if len(parts) > 1 else ""
                    if layer not in (folder, "runtime") and layer not in allowed:
                        bad.append(where)
                elif parts[0] in FORBIDDEN_THIRD_PARTY.get(folder, ()):
                    bad.append(where)
    return bad


def test_imports_follow_the_layer_table():
    assert _violations() == []


def test_game_agnostic_layers_do_not_import_a_game():
    """Outside a game's folders, only registries and adapters named here may name a game package."""
    # Hearthstone-only pieces outside its folders: threat-colour chains and their red top-up, the DQN board models;
    adapters = {"datagen/chains.py", "datagen/topup.py", "datagen/attacks.py", "train/dqn.py",
                "train/target_classifier.py", "train/qlearn.py",  # the reduced-state Q-learner (spec section 10)
                "train/hanabi_dqn.py"}  # and a Hanabi-only one: the mini-Hanabi DQN (spec section 4)
    bad = []
    for folder in ("arena", "datagen", "train", "models", "envs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            if rel in adapters:
                continue
            for line, name in _imports(path):
                if any(f"cardlab.{layer}.{game}" in name for layer in ("engine", "agents")
                       for game in ("hearthstone", "dominion", "hanabi")):
                    bad.append(f"{rel}:{line} imports {name}")
    assert bad == []
