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
