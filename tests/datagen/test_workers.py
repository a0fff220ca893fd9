"""datagen's worker processes: results in job order whatever finishes first, errors shown, nothing left running."""

import multiprocessing as mp
import time

import pytest

from cardlab.datagen.workers import ordered_map


def _slow_square(i: int, delay: float) -> int:
    time.sleep(delay)
    return i * i


def _fails_on_three(i: int) -> int:
    if i == 3:
        raise ValueError("job three is broken")
    return i


def test_results_come_in_job_order_even_when_later_jobs_finish_first():
    jobs = [(i, 0.05 if i % 3 == 0 else 0.0) for i in range(12)]
    assert list(ordered_map(_slow_square, jobs, 3)) == [i * i for i in range(12)]
    assert not mp.active_children()


def test_a_failing_job_raises_in_the_caller_with_the_worker_traceback():
    with pytest.raises(RuntimeError, match="job three is broken"):
        list(ordered_map(_fails_on_three, [(i,) for i in range(8)], 2))
    assert not mp.active_children()


def test_stopping_early_stops_the_workers():
    results = ordered_map(_slow_square, [(i, 0.2) for i in range(20)], 2)
    assert next(results) == 0
    results.close()
    assert not mp.active_children()


def _dies_on_two(i: int) -> int:
    if i == 2:
        import os

        os._exit(1)  # as a worker killed by a signal: no result, its pipe closes
    time.sleep(0.05)
    return i


def test_a_worker_that_dies_is_a_worker_died_error_not_a_broken_pipe():
    from cardlab.datagen.workers import WorkerDied

    with pytest.raises(WorkerDied, match="a datagen worker died"):
        list(ordered_map(_dies_on_two, [(i,) for i in range(8)], 2))
    assert not mp.active_children()


def test_a_worker_dying_after_ctrl_c_ends_datagen_as_an_interrupt(tmp_path, monkeypatch):
    """A Ctrl-C that reaches a worker while it starts kills it; with the run's own Ctrl-C flag set, that is the
    interrupt (exit 130, resumable), not an error."""
    from cardlab.datagen import runner
    from cardlab.datagen.workers import WorkerDied

    from tests.interrupting import CtrlCRequested

    def dying(*args, **kwargs):
        raise WorkerDied("a datagen worker died while playing job 0")
        yield  # a generator, as iter_records

    monkeypatch.setattr(runner, "StopOnInterrupt", CtrlCRequested)
    monkeypatch.setattr(runner, "iter_records", dying)
    summary = runner.generate(tmp_path / "d.h5", runner.DatagenSettings(agents=("random", "random"), games=4),
                              workers=2)
    assert summary.interrupted and summary.games_completed == 0
