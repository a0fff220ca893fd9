"""Two cardlab runs on the same output at once (a second terminal, a retried job): the second is refused in one
line and the first's output stays whole. A lock held by another open file stands in for the other process."""

from __future__ import annotations

import json

import pytest

from cardlab.cli import main
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import FolderLock, UserError


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("conc") / "tiny.h5"
    generate(path, DatagenSettings(agents=("random-action", "random-action"), games=10, seed=4), commit_every=10)
    return path


def test_a_second_match_into_the_same_journal_is_refused_and_the_journal_stays_whole(tmp_path, capsys):
    from cardlab.arena.journal import MatchJournal
    from cardlab.arena.match import match_identity
    from cardlab.engine.registry import make_game

    journal = tmp_path / "j.jsonl"
    args = ["arena", "bigmoney", "smithy-bm", "--game", "dominion", "--games", "4", "--journal", str(journal), "--json"]
    first = MatchJournal.open(journal, match_identity(make_game("dominion"), ["bigmoney", "smithy-bm"], 0))
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "j.jsonl: another process is playing a match into this journal" in err and len(err.splitlines()) == 1
    first.close()
    assert main(args) == 0  # the journal the first run started is resumed, not damaged
    assert json.loads(capsys.readouterr().out)["games"] == 4
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 5  # the header and four games, once each


def test_a_second_training_into_the_same_out_is_refused(tiny, tmp_path, capsys):
    out = tmp_path / "out"
    with FolderLock(out, "training into it"):
        assert main(["train", "value", "--data", str(tiny), "--out", str(out), "--max-epochs", "1"]) == 2
    assert "another process is training into it" in capsys.readouterr().err
    assert not (out / "value.pt").exists() and not (out / "checkpoints").exists()


def test_a_second_evolution_in_the_same_folder_is_refused(tmp_path, capsys):
    out = tmp_path / "evo"
    with FolderLock(out, "running an evolution in it"):
        assert main(["evolve", "hanabi", "--generations", "1", "--population", "2", "--games", "2",
                     "--workers", "1", "--out", str(out)]) == 2
    assert "another process is running an evolution in it" in capsys.readouterr().err
    assert not (out / "log.csv").exists()


WRITER = "import h5py, sys, time; f = h5py.File(sys.argv[1], 'a'); print('open', flush=True); time.sleep(60)"


def test_training_on_a_file_a_datagen_run_is_still_writing_is_refused(tiny, tmp_path, capsys):
    import subprocess
    import sys

    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(tiny)], stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "open"  # HDF5's own writer lock, as a running datagen holds it
        assert main(["train", "value", "--data", str(tiny), "--out", str(tmp_path / "out"), "--max-epochs", "1"]) == 2
        err = capsys.readouterr().err
        assert "is still being written by another process (a datagen run): wait for it to finish" in err
        assert "interrupted" not in err and not (tmp_path / "out").exists()
        assert main(["inspect", str(tiny), "--json"]) == 0
        captured = capsys.readouterr()
        assert json.loads(captured.out)["being_written"] and "these figures are a snapshot" in captured.err
    finally:
        writer.kill()
        writer.wait()
    assert main(["inspect", str(tiny), "--json"]) == 0
    assert "being_written" not in json.loads(capsys.readouterr().out)


def test_a_chain_file_created_by_another_run_meanwhile_is_not_replaced(tmp_path):
    from cardlab.datagen.writer import _move_into_place

    tmp, path = tmp_path / "mine.tmp", tmp_path / "out.h5"
    tmp.write_bytes(b"mine")
    path.write_bytes(b"theirs")
    with pytest.raises(FileExistsError):
        _move_into_place(tmp, path, replace=False)
    assert path.read_bytes() == b"theirs"
    _move_into_place(tmp, path, replace=True)  # --force
    assert path.read_bytes() == b"mine" and not tmp.exists()


def test_checkpoints_are_saved_under_a_temporary_name_of_their_own(tmp_path):
    import os

    import torch

    from cardlab.models.checkpoint import save_atomically

    for name in ("a.pt", "b.pt"):
        save_atomically({"w": torch.ones(3)}, tmp_path / name)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pt", "b.pt"]  # no temporary file left
    assert (tmp_path / "a.pt").read_bytes() == (tmp_path / "b.pt").read_bytes()  # bytes independent of the name
    assert (tmp_path / "a.pt").stat().st_mode & 0o777 == 0o666 & ~_umask(os)


def test_an_interrupted_state_file_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    """Evolution and loop state files, CSV logs, game logs: Ctrl-C mid-write keeps the last whole file."""
    from cardlab.evolve.common import read_csv, write_csv, write_json_atomic

    state, log = tmp_path / "state.json", tmp_path / "log.csv"
    write_json_atomic(state, {"generation": 3})
    write_csv(log, ["generation", "best"], [{"generation": 1, "best": 40}])

    class Interrupt:  # its str() is called while the file is being written
        def __str__(self):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_csv(log, ["generation", "best"], [{"generation": 1, "best": 40}, {"generation": 2, "best": Interrupt()}])
    with pytest.raises(TypeError):
        write_json_atomic(state, {"generation": object()})
    assert read_csv(log) == [{"generation": "1", "best": "40"}]
    assert json.loads(state.read_text()) == {"generation": 3}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.csv", "state.json"]


def _umask(os) -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_folder_lock_is_free_again_once_released(tmp_path):
    lock = FolderLock(tmp_path / "run", "training into it").acquire()
    with pytest.raises(UserError, match="another process is training into it"):
        FolderLock(tmp_path / "run", "training into it").acquire()
    lock.release()
    FolderLock(tmp_path / "run", "training into it").acquire().release()


def test_the_train_command_called_from_python_frees_its_folder_when_done(tiny, tmp_path, capsys):
    """`--data A B` locks --out before merging; a notebook calling the command must not keep a terminal's resume
    out once it returned."""
    other = tmp_path / "other.h5"
    generate(other, DatagenSettings(agents=("random-action", "random-action"), games=10, seed=5), commit_every=10)
    out = tmp_path / "out"
    assert main(["train", "value", "--data", str(tiny), str(other), "--out", str(out), "--max-epochs", "1",
                 "--json"]) == 0, capsys.readouterr().err
    FolderLock(out, "training into it").acquire().release()  # nothing of this process holds it any more


def test_fit_value_takes_any_path_like(tiny, tmp_path):
    from cardlab.train.value import ValueConfig, fit_value

    class Where:
        def __fspath__(self) -> str:
            return str(tiny)

    assert fit_value(Where(), ValueConfig(max_epochs=1, hidden=[8]), tmp_path / "p", progress=False)["checkpoint"]


def test_redirected_output_keeps_its_error_handler():
    """stderr's backslashreplace shows an undecodable file name instead of failing to print the error."""
    from cardlab import cli

    class Stream:
        encoding, errors = "latin-1", "backslashreplace"
        got: dict = {}

        def isatty(self) -> bool:
            return False

        def reconfigure(self, **kwargs) -> None:
            self.got.update(kwargs)

    import sys

    stream = Stream()
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = stream
    try:
        cli._utf8_when_redirected()
    finally:
        sys.stdout, sys.stderr = saved
    assert stream.got == {"encoding": "utf-8", "errors": "backslashreplace"}


def test_an_interrupted_merge_leaves_no_temporary_copy(tiny, tmp_path, monkeypatch):
    from cardlab.datagen import merge, writer

    other = tmp_path / "other.h5"
    generate(other, DatagenSettings(agents=("random-action", "random-action"), games=10, seed=6), commit_every=10)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt  # Ctrl-C while the merged copy is compacted

    monkeypatch.setattr(writer, "compact_file", interrupted)
    with pytest.raises(KeyboardInterrupt):
        merge.merge_chain_files([tiny, other], tmp_path / "merged.h5")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.h5"]


def test_a_run_killed_while_creating_its_file_leaves_no_temporary_file_for_long(tmp_path):
    import subprocess
    import sys

    from cardlab.datagen.writer import _host

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f"out.h5.{_host()}.{int(dead.stdout)}.create.tmp"  # its process has exited
    stale.write_bytes(b"half a layout")
    elsewhere = tmp_path / f"out.h5.another-machine.{int(dead.stdout)}.create.tmp"  # a shared folder
    elsewhere.write_bytes(b"another machine's run")
    generate(tmp_path / "out.h5", DatagenSettings(agents=("random-action", "random-action"), games=2, seed=1))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["out.h5", elsewhere.name])


def test_a_merge_whose_compaction_fails_says_the_output_was_not_written(tiny, tmp_path, monkeypatch):
    import errno

    from cardlab.datagen import merge, writer

    other = tmp_path / "other.h5"
    generate(other, DatagenSettings(agents=("random-action", "random-action"), games=10, seed=7), commit_every=10)

    def full(path, tmp, block_rows):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(writer, "_compact", full)
    with pytest.raises(UserError, match=r"cannot write .*merged\.h5: No space left on device; .*merged\.h5 was not written"):
        merge.merge_chain_files([tiny, other], tmp_path / "merged.h5")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.h5"]


def test_inspect_says_when_a_run_was_stopped_while_compacting(tiny, tmp_path, capsys):
    import shutil

    copy = tmp_path / "c.h5"
    shutil.copyfile(tiny, copy)
    (tmp_path / "c.h5.compact.tmp").write_bytes(b"")  # what a kill during the final compaction leaves
    assert main(["inspect", str(copy), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["compaction_interrupted"] and "--resume" in captured.err
