"""`cardlab inspect` fixes from an audit: wins per agent (the seats alternate), and damaged text in a chain file is
one "FILE is corrupt" error rather than a UnicodeDecodeError traceback."""

from __future__ import annotations

import json

import h5py
import numpy as np
import pytest

from cardlab.arena.match import run_match
from cardlab.cli import main
from cardlab.datagen.merge import merge_chain_files
from cardlab.datagen.reader import ChainData
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError


def _inspect(path, capsys) -> tuple[str, dict]:
    assert main(["inspect", str(path)]) == 0
    text = capsys.readouterr().out
    assert main(["inspect", str(path), "--json"]) == 0
    return text, json.loads(capsys.readouterr().out)


def test_inspect_reports_the_wins_of_each_agent_not_only_of_each_seat(tmp_path, capsys):
    """bigmoney won 8 of 8 against random, but the first player alternates: inspect said "seat 0 won 4, seat 1
    won 4" and nothing of the agents."""
    path = tmp_path / "bm.h5"
    generate(path, DatagenSettings(agents=("bigmoney", "random"), game="dominion", games=8, encoder=""))
    text, info = _inspect(path, capsys)
    assert info["results"]["agents"] == {"A": {"agent": "bigmoney", "wins": 8}, "B": {"agent": "random", "wins": 0}}
    assert "A (bigmoney) won 8, B (random) won 0" in text
    assert "seat 0 won 4, seat 1 won 4" in text  # the seats too, on their own line


def test_three_agents_wins_follow_the_seating_order_as_in_arena(tmp_path, capsys):
    specs = ("bigmoney", "random", "smithy-bm")
    path = tmp_path / "three.h5"
    generate(path, DatagenSettings(agents=specs, game="dominion:players=3", games=9, encoder=""))
    _, info = _inspect(path, capsys)
    arena = run_match(specs, "dominion:players=3", 9).wins  # the same seeds: the same games
    assert {k: v["wins"] for k, v in info["results"]["agents"].items()} == arena
    assert [v["agent"] for v in info["results"]["agents"].values()] == list(specs)


def test_a_merged_file_of_other_agents_reports_seats_only(tmp_path, capsys):
    """Its attributes are its first source's: they cannot say who played the other source's games."""
    a, b = tmp_path / "a.h5", tmp_path / "b.h5"
    generate(a, DatagenSettings(agents=("bigmoney", "random"), game="dominion", games=4, encoder=""))
    generate(b, DatagenSettings(agents=("random", "bigmoney"), game="dominion", games=4, seed=1, encoder=""))
    merge_chain_files([a, b], tmp_path / "ab.h5")
    text, info = _inspect(tmp_path / "ab.h5", capsys)
    assert "agents" not in info["results"] and "results: seat 0 won" in text
    same = tmp_path / "c.h5"
    generate(same, DatagenSettings(agents=("bigmoney", "random"), game="dominion", games=4, seed=2, encoder=""))
    merge_chain_files([a, same], tmp_path / "ac.h5")
    _, info = _inspect(tmp_path / "ac.h5", capsys)
    assert info["results"]["agents"]["A"] == {"agent": "bigmoney", "wins": 8}


def _damaged(small_file, tmp_path, how: str):
    path = tmp_path / "damaged.h5"
    path.write_bytes(small_file.read_bytes())
    with h5py.File(path, "r+") as f:
        if how == "feature name":
            f["meta/feature_names"][0] = b"\xc4bad"
        else:
            f.attrs["encoder"] = np.bytes_(b"seed\xff96")
    return path


@pytest.mark.parametrize("how, where", [("feature name", "meta/feature_names[0]"),
                                        ("encoder attribute", "its encoder attribute")])
def test_damaged_text_is_a_corrupt_file_error(small_file, tmp_path, capsys, how, where):
    path = _damaged(small_file, tmp_path, how)
    assert main(["inspect", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cardlab inspect: error: {path} is corrupt: {where} is not valid UTF-8 text")
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    with pytest.raises(UserError, match="damaged.h5 is corrupt: .* is not valid UTF-8 text"):
        ChainData(path)
