"""Fixtures shared by the plugin tests (outside games and agents)."""

from __future__ import annotations

import multiprocessing as mp

import pytest


@pytest.fixture
def spawn_only(monkeypatch):
    """Workers start with spawn, as they do once torch is imported, and two of them may run here; counts the pools."""
    import os

    started = []

    def spawn():
        started.append("spawn")
        return mp.get_context("spawn")

    monkeypatch.setattr("cardlab.arena.play.process_context", spawn)
    monkeypatch.setattr("cardlab.datagen.workers.process_context", spawn)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    return started
