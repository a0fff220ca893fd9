import importlib.util

import pytest

from cardlab.runtime import UserError

from cardlab.datagen.reader import ChainData
from cardlab.datagen.runner import DatagenSettings, generate

from tests.datagen.conftest import FAST

HAS_RAY = importlib.util.find_spec("ray") is not None


@pytest.mark.skipif(HAS_RAY, reason="ray is installed")
def test_ray_backend_without_ray_says_how_to_install(tmp_path):
    with pytest.raises(UserError, match=r"\[ray\]"):
        generate(tmp_path / "r.h5", DatagenSettings(agents=FAST, games=2), backend="ray")


@pytest.mark.skipif(not HAS_RAY, reason="ray extra not installed")
def test_ray_backend_matches_local_workers(tmp_path):
    generate(tmp_path / "ray.h5", DatagenSettings(agents=FAST, games=6), backend="ray", workers=2)
    generate(tmp_path / "local.h5", DatagenSettings(agents=FAST, games=6), workers=1)
    a, b = ChainData(tmp_path / "ray.h5", "colour"), ChainData(tmp_path / "local.h5", "colour")
    assert (a.features == b.features).all() and (a.labels == b.labels).all()
