"""Datagen for games without threat colours (Dominion, Hanabi): layout, labels from raw fields, attributes,
per-game defaults and errors, and the same resume / worker reproducibility / SIGKILL safety as Hearthstone's."""

import json
import signal

import h5py
import numpy as np
import pytest

from cardlab.datagen.reader import ChainData, check_file
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError

from tests.datagen.test_kill_resume import _content, _wait_for_games

GAMES = {
    "dominion": DatagenSettings(game="dominion", agents=("smithy-bm", "bigmoney"), games=8, seed=3),
    "hanabi": DatagenSettings(game="hanabi", agents=("hinting", "counting"), games=8, seed=3),
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game_file(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("games") / f"{request.param}.h5"
    generate(path, GAMES[request.param], commit_every=3)
    return request.param, path


def test_defaults_layout_and_attributes(game_file):
    name, path = game_file
    attrs = check_file(path)
    assert attrs["game_name"] == name and attrs["chains"] == "full"
    assert attrs["encoder"] == {"dominion": "table:players=2", "hanabi": "vector"}[name]
    assert attrs["encoder_version"] == {"dominion": 2, "hanabi": 1}[name]
    assert json.loads(attrs["agents"]) == list(GAMES[name].agents)
    assert attrs["game_kind"] == {"dominion": "zero_sum", "hanabi": "cooperative"}[name]
    assert attrs["chain_point"] == "after_turn"
    with h5py.File(path, "r") as f:
        assert "deck0" not in f["games"] and "colour" not in f["chains"]
        assert "colour" not in f["chains/full"] and "eff_hp" not in f["chains/full"]
        assert ("score" in f["games"]) == (name == "hanabi")


def test_labels_are_recomputable_from_raw_fields(game_file):
    name, path = game_file
    data = ChainData(path)
    assert len(data) > 0 and np.allclose(data.recompute_labels(), data.labels)
    games = data.games()
    for gid in range(data.n_games):
        rows = data.game_id == gid
        for p in (0, 1):
            mine = rows & (data.player == p)
            assert list(data.step[mine]) == list(range(1, mine.sum() + 1))  # one chain per player, in order
            assert (data.chain_len[mine] == mine.sum()).all()
        if name == "hanabi":  # label = the team's final score, for every row of the game
            assert (data.labels[rows] == games["score"][gid]).all()
        else:  # outcome = the sign of the player's return; the winner seat's rows are +1
            winner = games["winner"][gid]
            if winner >= 0:
                assert (data.outcome[rows & (data.player == winner)] == 1).all()
                assert (data.outcome[rows & (data.player != winner)] == -1).all()


def test_dominion_rows_are_the_states_after_each_own_turn(tmp_path):
    path = tmp_path / "s.h5"
    generate(path, DatagenSettings(game="dominion", agents=("bigmoney", "bigmoney"), games=2, store_states=True))
    data = ChainData(path)
    states = data.states(np.arange(len(data)))
    from cardlab.engine.dominion.state import DominionState

    for i, d in enumerate(states):
        s = DominionState.from_dict(d)
        p = int(data.player[i])
        assert s.is_terminal() or s.turn_owner != p  # the player's turn is over (its buys included)
        assert s.turns_taken(p) == data.step[i] or s.is_terminal()


def test_resume_and_worker_count_give_the_same_file(tmp_path):
    for name, settings in GAMES.items():
        whole = tmp_path / f"{name}-whole.h5"
        generate(whole, settings, workers=1, commit_every=3)
        two = tmp_path / f"{name}-w2.h5"
        generate(two, settings, workers=2, commit_every=2)
        part = tmp_path / f"{name}-part.h5"
        generate(part, DatagenSettings(**{**settings.__dict__, "games": 3}))
        generate(part, settings, resume=True)
        a, b, c = _content(whole), _content(two), _content(part)
        for other in (b, c):
            assert a.keys() == other.keys()
            for key in a:
                assert np.array_equal(np.asarray(a[key]), np.asarray(other[key])), (name, key)


def test_sigkill_then_resume_equals_uninterrupted_run(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    path = tmp_path / "killed.h5"
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))

    def start(games, *extra):
        cmd = [sys.executable, "-m", "cardlab.cli", "datagen", str(path), "--game", "dominion", "--games", str(games),
               "--agents", "bigmoney", "smithy-bm", "--commit-every", "2", "--quiet", "--seed", "7", *extra]
        return subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    proc = start(100000)
    try:
        _wait_for_games(path, proc, 6)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    done = int(check_file(path)["games_completed"])
    proc = start(done + 4, "--resume")
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.decode()
    reference = tmp_path / "reference.h5"
    generate(reference, DatagenSettings(game="dominion", agents=("bigmoney", "smithy-bm"), games=done + 4, seed=7))
    a, b = _content(path), _content(reference)
    assert a.keys() == b.keys()
    for key in a:
        assert np.array_equal(np.asarray(a[key]), np.asarray(b[key])), key


def test_agent_files_are_hashed_in_the_attributes(tmp_path):
    import hashlib
    from pathlib import Path

    genome = Path(__file__).resolve().parents[2] / "checkpoints" / "dominion" / "ranks-ranks.yaml"
    spec = f"extremal:genome={genome}"
    path = tmp_path / "g.h5"
    generate(path, DatagenSettings(game="dominion", agents=(spec, "bigmoney"), games=1))
    hashes = json.loads(check_file(path)["agent_checkpoints"])
    assert hashes == {spec: {"genome": hashlib.sha256(genome.read_bytes()).hexdigest()}}


@pytest.mark.parametrize("argv, message", [
    (["--game", "dominion"], "give --agents for dominion"),
    (["--game", "dominion", "--agents", "bigmoney", "bigmoney", "--chains", "full,colour"], "--chains colour is Hearthstone's"),
    (["--game", "dominion", "--agents", "bigmoney", "bigmoney", "--green-threshold", "3"], "--green-threshold is a Hearthstone option"),
    (["--game", "dominion", "--agents", "bigmoney", "bigmoney", "--red-topup", "3"], "--red-topup is a Hearthstone option"),
    (["--game", "dominion", "--agents", "bigmoney", "bigmoney", "--encoder", "seed96"], "unknown encoder 'seed96' for dominion"),
    (["--game", "hanabi", "--agents", "hinting", "hinting", "--gamma", "0.5"], "--gamma does not apply to hanabi"),
    (["--game", "dominion:players=3", "--agents", "bigmoney", "bigmoney"], "3 seats"),
])
def test_options_that_do_not_apply_are_one_line_errors(tmp_path, capsys, argv, message):
    from cardlab.cli import main

    assert main(["datagen", str(tmp_path / "x.h5"), "--quiet", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.h5").exists()


def test_cli_plain_game_run_and_inspect(tmp_path, capsys):
    from cardlab.cli import main

    out = tmp_path / "d.h5"
    assert main(["datagen", str(out), "--game", "dominion", "--agents", "bigmoney", "bigmoney", "--games", "3",
                 "--quiet"]) == 0
    capsys.readouterr()
    assert main(["inspect", str(out), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == "dominion:kingdom=first-game,players=2" and info["encoder"] == "table:players=2"
    assert info["results"]["seat0"] + info["results"]["seat1"] + info["results"]["draws"] == 3
    assert info["sha256"] == __import__("hashlib").sha256(out.read_bytes()).hexdigest()  # as a network records it
    assert main(["inspect", str(out)]) == 0
    assert "red top-up" not in capsys.readouterr().out  # a Hearthstone setting, not used here
    h = tmp_path / "h.h5"
    assert main(["datagen", str(h), "--game", "hanabi", "--agents", "hinting", "hinting", "--games", "2", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["inspect", str(h)]) == 0
    text = capsys.readouterr().out
    assert "hanabi" in text and "mean score" in text


def test_a_win_shared_by_several_dominion_players_is_not_counted_as_a_draw(tmp_path, capsys):
    import h5py

    from cardlab.cli import main
    from cardlab.datagen.writer import WINNER_SHARED

    out = tmp_path / "d4.h5"
    assert main(["datagen", str(out), "--game", "dominion:players=4", "--agents", "bigmoney", "bigmoney",
                 "bigmoney", "bigmoney", "--games", "8", "--seed", "3", "--quiet"]) == 0
    with h5py.File(out) as f:
        winners = list(f["games/winner"][:])
    assert winners[6] == WINNER_SHARED  # game 6 of this seed: two BigMoneys tie on points and turns
    capsys.readouterr()
    assert main(["inspect", str(out), "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert results["shared_wins"] == winners.count(WINNER_SHARED) and results["draws"] == winners.count(-1)



def test_inspect_lists_every_seat_also_one_that_never_won(tmp_path, capsys):
    from cardlab.cli import main

    out = tmp_path / "d4.h5"
    assert main(["datagen", str(out), "--game", "dominion:players=4", "--agents", "bigmoney", "bigmoney",
                 "bigmoney", "bigmoney", "--games", "3", "--seed", "4", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["inspect", str(out), "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert [results[f"seat{q}"] for q in range(4)] == [0, 2, 0, 0] and results["shared_wins"] == 1


@pytest.mark.parametrize("spec, agents", [("dominion", ["bigmoney", "bigmoney"]), ("hanabi", ["hat", "hat"])])
def test_a_full_chain_rows_turn_is_the_turn_it_ends_in_every_game(tmp_path, spec, agents):
    import h5py
    import numpy as np

    from cardlab.cli import main

    out = tmp_path / "t.h5"
    assert main(["datagen", str(out), "--game", spec, "--agents", *agents, "--games", "2", "--quiet"]) == 0
    with h5py.File(out) as f:
        rows = f["chains/full"]
        for game in (0, 1):
            mine = (rows["game_id"][:] == game) & (rows["player"][:] == 0)
            turns = rows["turn"][:][mine]
            # seat 0 plays turns 1, 3, 5... (2 players); rows taken after the turn ended still name the turn played
            assert list(turns) == list(range(1, 1 + 2 * len(turns), 2)), turns
