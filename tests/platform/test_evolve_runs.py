"""What every `cardlab evolve` game shares about its run folder: an empty --out is refused, a full disk is one line
saying what is saved, a run stopped (Ctrl-C, SIGTERM) before its first generation leaves no folder, and a state file
with a wrong-typed field is one "unreadable" error."""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardlab.cli import main
from cardlab.evolve import dominion, hanabi, hearthstone

GAMES = ("dominion", "hanabi", "hearthstone")
MODULES = {"dominion": dominion, "hanabi": hanabi, "hearthstone": hearthstone}
ROOT = Path(__file__).resolve().parents[2]


def argv(game: str, out, generations: int = 1, workers: int = 1) -> list[str]:
    """A run of about a second: the fewest games each game's checks allow."""
    more = {"dominion": ["--model", "ranks", "--games", "2", "--final-games", "0"],
            "hanabi": ["--population", "2", "--games", "1", "--confirm-games", "0"],
            "hearthstone": ["--agent", "search", "--agent-options", "max_nodes=20", "--opponents", "greedy",
                            "--games-per-eval", "1", "--population", "2"]}[game]
    return ["evolve", game, *more, "--generations", str(generations), "--workers", str(workers), "--out", str(out)]


def on_first_game(monkeypatch, game: str, then) -> None:
    """Call `then()` when the run's first fitness game starts (inline: --workers 1)."""
    module = MODULES[game]
    name = "play_games" if game == "hanabi" else "play_chunk"
    real = getattr(module, name)
    calls = []

    def first(*a, **k):
        if not calls:
            calls.append(1)
            then()
        return real(*a, **k)

    monkeypatch.setattr(module, name, first)


class CtrlCPressed:
    """Stands in for StopOnInterrupt: `pressed()` is the user's Ctrl-C (the run stops after the job)."""

    requested = False

    def __init__(self, defer: bool = True) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None

    @classmethod
    def pressed(cls) -> None:
        cls.requested = True


# ---------------------------------------------------------------- --out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("out", ["", "  "])
def test_an_empty_out_is_refused_and_nothing_lands_in_the_current_folder(tmp_path, monkeypatch, capsys, game, out):
    monkeypatch.chdir(tmp_path)
    assert main(argv(game, out)) == 2
    err = capsys.readouterr().err
    assert f"--out {out!r}: empty" in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_blank_out_is_refused_by_the_python_api_too(tmp_path, monkeypatch):
    from cardlab.runtime import UserError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError, match="--out ' ': empty"):
        hanabi.evolve(hanabi.Settings(generations=1, population=2, games=1, confirm_games=0), Path(" "))
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- a full disk


class _FullFile:
    """A writable file on a full disk: created (as the OS does) but no byte goes in."""

    def __init__(self, handle) -> None:
        self._handle = handle

    def write(self, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    writelines = write

    def __getattr__(self, name):
        return getattr(self._handle, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._handle.close()

    def __iter__(self):
        return iter(self._handle)


def full_disk(monkeypatch, under: Path, when=lambda: True) -> None:
    """Every file opened for writing under `under` (by io.open: Path.write_text, os.fdopen) fails to take a byte
    while `when()` holds: the disk is full."""
    real_open = io.open

    def opened(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        if any(c in mode for c in "wax+") and when():
            try:
                path = os.readlink(f"/proc/self/fd/{handle.fileno()}")
            except OSError:
                return handle
            if path.startswith(str(under)) and not path.endswith(".cardlab.lock"):
                return _FullFile(handle)
        return handle

    monkeypatch.setattr(io, "open", opened)


needs_proc = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to name a file")


@needs_proc
@pytest.mark.parametrize("game", GAMES)
def test_a_full_disk_before_the_first_generation_names_the_folder_and_leaves_no_empty_file(tmp_path, monkeypatch,
                                                                                          capsys, game):
    out = tmp_path / "small" / "x"
    full_disk(monkeypatch, tmp_path / "small")
    assert main(argv(game, out, generations=3)) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert f"cannot write in {out}" in err and "no space left on device" in err
    assert "no generation was completed: free space and run the command again" in err
    assert not out.exists()  # nothing was saved: no folder --resume would call empty, no 0-byte genome


@needs_proc
@pytest.mark.parametrize("game", GAMES)
def test_a_full_disk_after_a_generation_says_what_is_saved_and_the_run_resumes(tmp_path, monkeypatch, capsys, game):
    out = tmp_path / "run"
    full_disk(monkeypatch, tmp_path, when=lambda: (out / "state.json").exists())
    assert main(argv(game, out, generations=2)) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert f"cannot write in {out}" in err
    assert f"1 completed generation(s) are saved in {out}: free space and continue with --resume" in err
    assert not [p for p in out.rglob("*") if p.is_file() and p.stat().st_size == 0 and p.name != ".cardlab.lock"]
    assert not list(out.rglob("*.tmp"))
    monkeypatch.undo()  # space freed
    assert main(argv(game, out, generations=2) + ["--resume"]) == 0
    assert json.loads((out / "state.json").read_text())["generation"] == 1
    assert main(argv(game, tmp_path / "whole", generations=2)) == 0
    assert (out / "best.yaml").read_text() == (tmp_path / "whole" / "best.yaml").read_text()


def test_another_os_error_says_to_fix_the_cause(tmp_path, monkeypatch, capsys):
    def read_only(*a, **k):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), "r/gen_000.yaml")

    monkeypatch.setattr(hanabi, "write_generation", read_only)
    assert main(argv("hanabi", tmp_path / "r")) == 2
    err = capsys.readouterr().err
    assert f"cannot write in {tmp_path / 'r'} (r/gen_000.yaml): read-only file system" in err
    assert "no generation was completed: fix the cause and run the command again" in err


# ---------------------------------------------------------------- stopped before the first generation


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_before_the_first_generation_leaves_no_folder(tmp_path, monkeypatch, capsys, game):
    out = tmp_path / "k1"
    monkeypatch.setattr(CtrlCPressed, "requested", False)
    monkeypatch.setattr(MODULES[game], "StopOnInterrupt", CtrlCPressed)
    on_first_game(monkeypatch, game, CtrlCPressed.pressed)
    assert main(argv(game, out, generations=3)) == 130
    assert "no generation was completed: run the command again" in capsys.readouterr().err
    assert not out.exists()
    monkeypatch.undo()
    assert main(argv(game, out)) == 0  # the same command, as the message says


class SigtermUnhandled(Exception):
    pass


def _unhandled(signum, frame):
    raise SigtermUnhandled("the run left SIGTERM to the handler it found")


@pytest.fixture
def sigterm_guard():
    """Where a run left SIGTERM to its default action, it would kill pytest: fail the test instead."""
    previous = signal.signal(signal.SIGTERM, _unhandled)
    yield _unhandled
    signal.signal(signal.SIGTERM, previous)


@pytest.mark.parametrize("game", GAMES)
def test_sigterm_before_the_first_generation_leaves_no_folder(tmp_path, monkeypatch, capsys, sigterm_guard, game):
    out = tmp_path / "k1"
    on_first_game(monkeypatch, game, lambda: os.kill(os.getpid(), signal.SIGTERM))
    assert main(argv(game, out, generations=3)) == 130
    assert "no generation was completed: run the command again" in capsys.readouterr().err
    assert not out.exists()
    assert signal.getsignal(signal.SIGTERM) is sigterm_guard  # given back


def test_sigterm_after_a_generation_keeps_it_for_resume(tmp_path, monkeypatch, capsys, sigterm_guard):
    out = tmp_path / "k2"
    real = hanabi.write_generation

    def write_then_term(*a, **k):
        real(*a, **k)
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(hanabi, "write_generation", write_then_term)
    assert main(argv("hanabi", out, generations=3)) == 130
    assert f"1 completed generation(s) are saved in {out} (continue with --resume)" in capsys.readouterr().err
    assert json.loads((out / "state.json").read_text())["generation"] == 0


def test_a_folder_the_user_made_or_one_holding_other_files_stays(tmp_path, monkeypatch, capsys):
    mine, other = tmp_path / "mine", tmp_path / "other"
    mine.mkdir()
    for out, before in ((mine, lambda: None), (other, lambda: (other / "notes.txt").write_text("mine"))):
        monkeypatch.setattr(CtrlCPressed, "requested", False)
        monkeypatch.setattr(dominion, "StopOnInterrupt", CtrlCPressed)

        def stop(before=before):
            before()
            CtrlCPressed.pressed()

        on_first_game(monkeypatch, "dominion", stop)
        assert main(argv("dominion", out, generations=2)) == 130
        monkeypatch.undo()
    assert mine.is_dir() and (other / "notes.txt").read_text() == "mine"
    assert list((other / "genomes").iterdir())  # not a file of it was removed


def _group_sigterm(args: list[str], out: Path) -> tuple[int, bytes, float]:
    """Run `cardlab ARGS` in a process group of its own and send the group SIGTERM (as `timeout` and batch
    schedulers do) once the run folder exists; (exit status, stderr, seconds it took to stop)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "cardlab.cli", *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        end = time.time() + 120
        while not (out / ".cardlab.lock").exists():
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.time() < end, "the run did not start"
            time.sleep(0.02)
        time.sleep(1.0)  # the workers are playing
        os.killpg(proc.pid, signal.SIGTERM)
        sent = time.time()
        _, err = proc.communicate(timeout=60)
        return proc.returncode, err, time.time() - sent
    finally:
        if proc.poll() is None:  # a hung pool: never leave it behind
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
@pytest.mark.parametrize("game", ["dominion", "hanabi"])
def test_a_sigterm_to_the_whole_group_stops_a_run_with_workers(tmp_path, game):
    """The workers die of the group's signal too: the parent must neither wait for their jobs nor hang on the
    pool's queue lock a dead worker held."""
    out = tmp_path / "t"
    args = argv(game, out, generations=2, workers=2)
    more = {"dominion": ["--games", "60"], "hanabi": ["--population", "16", "--games", "40"]}[game]
    rc, err, took = _group_sigterm(args + more, out)
    assert rc == 130 and b"interrupted" in err and b"Traceback" not in err, err.decode()
    assert took < 30
    assert (out / "state.json").exists() or not out.exists()


# ---------------------------------------------------------------- the state file


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field, value", [("generation", "x"), ("generation", True), ("fitness", "x"),
                                          ("rows", {}), ("settings.seed", "1"), ("population", [["x"]]),
                                          ("parents", [{"gaining": "?"}])])
def test_a_wrong_typed_state_field_is_one_unreadable_error(tmp_path, capsys, game, field, value):
    out = tmp_path / "run"
    assert main(argv(game, out)) == 0
    state = json.loads((out / "state.json").read_text())
    record, key = (state["settings"], field.split(".")[1]) if "." in field else (state, field)
    if key not in record:
        pytest.skip(f"no {field} in a {game} state")
    record[key] = value
    (out / "state.json").write_text(json.dumps(state))
    capsys.readouterr()
    assert main(argv(game, out, generations=2) + ["--resume"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert f"{out / 'state.json'}: unreadable state file" in err
