"""The wheel installs one top-level package, `cardlab`, carries its data, and works outside a source checkout."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYERS = {"cardlab": "cardlab", "engine": "cardlab.engine", "agents": "cardlab.agents", "datagen": "cardlab.datagen",
          "models": "cardlab.models", "train": "cardlab.train", "arena": "cardlab.arena",
          "benchmarks": "cardlab.benchmarks", "evolve": "cardlab.evolve", "checkpoints": "cardlab.checkpoints",
          "envs": "cardlab.envs"}


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = set()
    for folder, package in LAYERS.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((package, *rel)))
    assert found - listed == set(), "add these to [tool.setuptools] packages"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # Build with the installed setuptools when it can make wheels by itself (>= 70.1), else in pip's isolated env.
    import importlib.util

    import setuptools

    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    local = (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None
    isolation = ["--no-build-isolation"] if local else []
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-q", "-w", str(out), str(ROOT)],
                   check=True, capture_output=True)
    return next(out.glob("cardlab-*.whl"))


def test_wheel_has_only_the_cardlab_namespace_and_its_data(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    assert tops == {"cardlab"}
    assert "cardlab/engine/hearthstone/data/cards.json" in names
    assert "cardlab/checkpoints/liege-full-rich/value.pt" in names
    assert "cardlab/checkpoints/pool-full-rich/value.pt" in names  # the quickstart's network
    assert any(re.match(r"cardlab/engine/hearthstone/decks/liege\.txt", n) for n in names)


def test_installed_wheel_runs_from_another_directory(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    # cardlab's dependencies from this environment (a venv's own too: --system-site-packages would give the base
    # interpreter's), as plain paths: their .pth files, this checkout's editable install among them, are not run
    import site

    inner = subprocess.run([str(py), "-c", "import site; print(site.getsitepackages()[0])"], check=True,
                           capture_output=True, text=True).stdout.strip()
    (Path(inner) / "outer-environment.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True,
                   capture_output=True)
    work = tmp_path / "elsewhere"
    work.mkdir()
    (work / "models.py").write_text("# a user's own module named like a cardlab layer\n")
    where = subprocess.run([str(py), "-c", "import cardlab, sys; print(cardlab.__file__)"], cwd=work,
                           capture_output=True, text=True, check=True).stdout
    assert str(venv) in where  # the wheel, not the source checkout
    engine = subprocess.run([str(py), "-c", "import engine"], cwd=work, capture_output=True, text=True)
    assert engine.returncode != 0 and "No module named 'engine'" in engine.stderr
    quick = subprocess.run([str(py), "-m", "cardlab.cli", "quickstart", "--games", "2", "--workers", "1",
                            "--opponents", "random", "--json"], cwd=work, capture_output=True, text=True, timeout=600)
    assert quick.returncode == 0, quick.stderr
    assert '"games": 2' in quick.stdout
