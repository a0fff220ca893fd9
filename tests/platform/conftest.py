"""Fixtures shared by the plugin tests (outside games and agents)."""

from __future__ import annotations

import multiprocessing as mp

import pytest


class _CountingSpawn:
    """The spawn context, recording every pool and worker process started through it."""

    def __init__(self, started: list) -> None:
        self._ctx, self._started = mp.get_context("spawn"), started

    def Pool(self, *args, **kwargs):  # noqa: N802 (multiprocessing's name)
        self._started.append("pool")
        return self._ctx.Pool(*args, **kwargs)

    def Process(self, *args, **kwargs):  # noqa: N802
        self._started.append("worker")
        return self._ctx.Process(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._ctx, name)


@pytest.fixture
def spawn_only(monkeypatch):
    """Workers start with spawn, as they do once torch is imported, and two of them may run here; the list records
    the pools and worker processes started."""
    import os

    started: list = []
    context = _CountingSpawn(started)
    monkeypatch.setattr("cardlab.arena.play.process_context", lambda: context)
    monkeypatch.setattr("cardlab.datagen.workers.process_context", lambda: context)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    return started
