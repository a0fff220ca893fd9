"""Datagen runs that cannot give data: the right option named, and a run whose every game failed exits non-zero."""

from __future__ import annotations

import pytest

from cardlab.cli import main


def test_a_negative_red_topup_is_named(tmp_path, capsys):
    assert main(["datagen", str(tmp_path / "x.h5"), "--games", "2", "--red-topup", "-1", "--quiet"]) == 2
    assert "--red-topup must be >= 0, got -1" in capsys.readouterr().err
    assert not (tmp_path / "x.h5").exists()


def test_a_checkpoint_for_another_variant_is_refused_before_the_file_is_made(tmp_path, capsys):
    out = tmp_path / "x.h5"
    assert main(["datagen", str(out), "--game", "hanabi", "--agents", "dqn:ckpt=mini-dqn", "dqn:ckpt=mini-dqn",
                 "--games", "2", "--quiet"]) == 2
    assert "encodes 2-player mini Hanabi" in capsys.readouterr().err
    assert not out.exists()


def test_a_run_whose_every_game_failed_exits_2(tmp_path, capsys, monkeypatch):
    from cardlab.agents import registry
    from cardlab.agents.random_agents import RandomAgent

    class Crashing(RandomAgent):
        def act(self, observation):
            raise RuntimeError("boom")

    monkeypatch.setattr(registry, "_BY_GAME", {})
    monkeypatch.setitem(registry._FACTORIES, "crashing", lambda seed=0: Crashing(seed))
    assert main(["datagen", str(tmp_path / "x.h5"), "--game", "hanabi", "--agents", "crashing", "crashing",
                 "--games", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "all 2 games this run played ended in an error" in err and "boom" in err and "complete" not in err


def _datagen(*argv: str) -> int:
    return main(["datagen", *argv, "--agents", "random", "random", "--quiet"])


def test_a_refused_resume_leaves_the_file_byte_identical(tmp_path, capsys):
    out = tmp_path / "g5.h5"
    assert _datagen(str(out), "--games", "5") == 0
    before = out.read_bytes()
    assert _datagen(str(out), "--games", "3", "--resume") == 2
    assert "g5.h5 already holds 5 games, more than the 3 requested" in capsys.readouterr().err
    assert out.read_bytes() == before


def test_resuming_a_file_with_damaged_data_names_it_and_leaves_it_alone(tmp_path, capsys):
    import h5py

    out = tmp_path / "d.h5"
    assert _datagen(str(out), "--games", "4") == 0
    with h5py.File(out, "r") as f:  # the last (partly filled) chunk of the features: resume reads it back
        ds = f["chains/full/features"]
        info = ds.id.get_chunk_info_by_coord((ds.shape[0] - 1 - (ds.shape[0] - 1) % ds.chunks[0], 0))
    data = bytearray(out.read_bytes())
    data[info.byte_offset:info.byte_offset + info.size] = b"\xff" * info.size
    out.write_bytes(bytes(data))
    assert _datagen(str(out), "--games", "6", "--resume") == 2
    err = capsys.readouterr().err
    assert "d.h5 is damaged" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert out.read_bytes() == bytes(data)


@pytest.mark.parametrize("reward", ["0", "-5", "inf", "nan"])
def test_a_reward_that_is_not_finite_and_positive_is_refused_before_the_file_is_made(tmp_path, capsys, reward):
    out = tmp_path / "r.h5"
    assert _datagen(str(out), "--games", "2", f"--reward={reward}") == 2
    assert "--reward must be a finite number above 0" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("option", [["--seed", str(10**24)], ["--games", str(10**20)]])
def test_a_seed_or_game_count_past_64_bits_is_refused_and_leaves_no_file(tmp_path, capsys, option):
    out = tmp_path / "s.h5"
    assert _datagen(str(out), "--games", "1", *option) == 2
    assert "must fit in 64 bits" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # no file, no .create.tmp


def test_a_bad_bool_encoder_option_is_refused(tmp_path, capsys):
    out = tmp_path / "x.h5"
    assert _datagen(str(out), "--games", "2", "--encoder", "seed96:random_slots=maybe") == 2
    assert "random_slots='maybe' should be a bool" in capsys.readouterr().err
    assert not out.exists()


def test_a_directory_or_empty_name_is_not_an_output_file(tmp_path, capsys):
    folder = tmp_path / "runs"
    (folder / "keep.txt").parent.mkdir()
    (folder / "keep.txt").write_text("mine")
    for extra in ((), ("--force",), ("--resume",)):
        assert _datagen(str(folder), "--games", "2", *extra) == 2
        assert "runs is a directory, not a data file" in capsys.readouterr().err
    assert [p.name for p in folder.iterdir()] == ["keep.txt"] and (folder / "keep.txt").read_text() == "mine"
    assert _datagen("", "--games", "2") == 2
    assert "give an output file name" in capsys.readouterr().err


def test_a_full_disk_keeps_the_finished_games_and_resume_continues(tmp_path, capsys, monkeypatch):
    import errno

    from cardlab.datagen import writer
    from cardlab.datagen.reader import check_file

    real_store, calls = writer.store, []

    def store(*args, **kwargs):  # the second commit finds the disk full
        calls.append(1)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_store(*args, **kwargs)

    monkeypatch.setattr(writer, "store", store)
    out = tmp_path / "x.h5"
    assert _datagen(str(out), "--games", "6", "--commit-every", "2") == 2
    err = capsys.readouterr().err
    assert "x.h5: writing failed (No space left on device); the file keeps the 2 finished games (of 6)" in err
    assert "--resume" in err and "Traceback" not in err
    assert check_file(out)["games_completed"] == 2
    monkeypatch.setattr(writer, "store", real_store)
    assert _datagen(str(out), "--games", "6", "--commit-every", "2", "--resume") == 0
    assert check_file(out)["games_completed"] == 6


def test_inspect_verify_finds_damage_that_the_summary_does_not_read(tmp_path, capsys):
    import h5py

    out = tmp_path / "d.h5"
    assert _datagen(str(out), "--games", "4") == 0
    assert main(["inspect", str(out), "--verify"]) == 0
    assert "verified: every committed row" in capsys.readouterr().out
    with h5py.File(out, "r") as f:  # the first chunk of the features, which the summary never decompresses
        info = f["chains/full/features"].id.get_chunk_info(0)
    data = bytearray(out.read_bytes())
    data[info.byte_offset:info.byte_offset + info.size] = b"\xff" * info.size
    out.write_bytes(bytes(data))
    assert main(["inspect", str(out)]) == 0
    capsys.readouterr()
    assert main(["inspect", str(out), "--verify"]) == 2
    err = capsys.readouterr().err
    assert "d.h5 is damaged: reading /chains/full/features rows 0-" in err and len(err.strip().splitlines()) == 1


def test_a_damaged_games_table_is_one_line_not_a_traceback(tmp_path, capsys):
    import h5py

    out = tmp_path / "g.h5"
    assert _datagen(str(out), "--games", "4") == 0
    with h5py.File(out, "r") as f:  # the per-game records the summary reads (winners, turns)
        name = next(k for k in f["games"] if f["games"][k].chunks)
        info = f["games"][name].id.get_chunk_info(0)
    data = bytearray(out.read_bytes())
    data[info.byte_offset:info.byte_offset + info.size] = b"\xff" * info.size
    out.write_bytes(bytes(data))
    for argv in (["inspect", str(out)], ["inspect", str(out), "--json"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "g.h5 is corrupt: reading its games table failed" in err and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1


def test_a_settings_attribute_that_is_not_json_or_a_missing_label_column_is_named(tmp_path, capsys):
    import h5py

    out = tmp_path / "s.h5"
    assert _datagen(str(out), "--games", "3") == 0
    with h5py.File(out, "a") as f:
        f.attrs["settings"] = "{not json"
    for argv in (["inspect", str(out)], ["datagen", str(out), "--games", "4", "--agents", "random", "random",
                                         "--quiet", "--resume"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "s.h5 is damaged: its settings attribute is not valid JSON" in err and "Traceback" not in err
    out = tmp_path / "l.h5"
    assert _datagen(str(out), "--games", "3") == 0
    with h5py.File(out, "a") as f:
        del f["chains/full/label"]
    before = out.read_bytes()
    for argv in (["inspect", str(out)], ["datagen", str(out), "--games", "4", "--agents", "random", "random",
                                         "--quiet", "--resume"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "l.h5 is damaged: chains/full/label is missing" in err and "Traceback" not in err
    assert out.read_bytes() == before


def test_a_file_another_process_is_writing_is_neither_resumed_nor_overwritten(tmp_path, capsys):
    import subprocess
    import sys

    out = tmp_path / "busy.h5"
    assert _datagen(str(out), "--games", "3") == 0
    def hold(mode: str):
        holder = subprocess.Popen([sys.executable, "-c", f"import h5py, sys, time; f = h5py.File(sys.argv[1], '{mode}');"
                                   " print('open', flush=True); time.sleep(60)", str(out)], stdout=subprocess.PIPE,
                                  text=True)
        assert holder.stdout.readline().strip() == "open"
        return holder

    for mode, refused in (("a", ("--resume", "--force")), ("r", ("--resume",))):  # a writer, then a reader (train)
        holder = hold(mode)
        try:
            for extra in refused:
                assert _datagen(str(out), "--games", "5", extra) == 2
                err = capsys.readouterr().err
                assert "busy.h5 is open in another process" in err and "damaged" not in err, (mode, extra, err)
        finally:
            holder.kill()
            holder.wait()
    from cardlab.datagen.reader import check_file

    assert int(check_file(out)["games_completed"]) == 3  # neither replaced nor appended to


@pytest.mark.parametrize("chains", [",", " , "])
def test_chains_that_name_no_kind_are_refused(tmp_path, capsys, chains):
    assert _datagen(str(tmp_path / "c.h5"), "--games", "2", "--chains", chains) == 2
    assert "names no chain kind" in capsys.readouterr().err
    assert not (tmp_path / "c.h5").exists()


def test_a_resume_is_refused_when_an_agents_file_changed_since(tmp_path, capsys):
    from cardlab.checkpoints import path_of

    genome, out = tmp_path / "g.yaml", tmp_path / "d.h5"
    genome.write_bytes(path_of("dominion/seasonal-ratios-ranks-margin.yaml").read_bytes())
    argv = ["datagen", str(out), "--game", "dominion", "--agents", f"extremal:genome={genome}", "bigmoney", "--quiet"]
    assert main([*argv, "--games", "3"]) == 0
    before = out.read_bytes()
    genome.write_bytes(path_of("dominion/ranks-random.yaml").read_bytes())
    assert main([*argv, "--games", "6", "--resume"]) == 2
    assert "other files behind extremal:genome=" in capsys.readouterr().err and out.read_bytes() == before


def test_ctrl_c_while_the_finished_file_is_compacted_says_how_to_go_on(tmp_path, capsys, monkeypatch):
    import cardlab.datagen.runner as runner

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "compact_file", interrupted)
    out = tmp_path / "c.h5"
    assert _datagen(str(out), "--games", "3") == 130
    err = capsys.readouterr().err
    assert "holds the 3 completed games" in err and "--resume" in err
    monkeypatch.undo()
    assert _datagen(str(out), "--games", "3", "--resume") == 0  # compacts it


@pytest.mark.parametrize("agents, refused", [(["bigmoney", "smithy-bm", "greedy"], True),
                                             (["smithy-bm", "bigmoney", "bigmoney"], False)])
def test_a_file_whose_three_agents_only_rotated_is_not_resumed_with_every_seat_order(tmp_path, capsys, agents,
                                                                                      refused):
    """Files written before every seat order was played: their resumed games would seat three agents otherwise (A
    plus copies of B seat the same specs either way, so those resume)."""
    import h5py

    out = tmp_path / "d3.h5"
    argv = ["datagen", str(out), "--game", "dominion:players=3", "--agents", *agents, "--quiet"]
    assert main([*argv, "--games", "3"]) == 0
    with h5py.File(out, "a") as f:
        f.attrs["agent_seats"] = "agent r in seat (r + i) % seats of game i (two agents: A in seat i % 2)"
    before = out.read_bytes()
    assert main([*argv, "--games", "6", "--resume"]) == (2 if refused else 0)
    if refused:
        assert "seated its agents by rotation only" in capsys.readouterr().err and out.read_bytes() == before
