import pytest

from cardlab.datagen.runner import DatagenSettings, generate

FAST = ("random-action", "random-action")


@pytest.fixture(scope="session")
def small_file(tmp_path_factory):
    """20 self-play + 3 red top-up games with stored states, shared by read-only tests."""
    path = tmp_path_factory.mktemp("dg") / "small.h5"
    generate(path, DatagenSettings(agents=FAST, games=20, red_topup=3, store_states=True), commit_every=4)
    return path
