"""The GA over the age agent's constants: operators, reproducibility across workers, resume, outputs, Ctrl-C."""

from __future__ import annotations

import argparse
import csv

import pytest

from cardlab.agents.hanabi import AGENTS
from cardlab.engine.core import Rng
from cardlab.evolve import hanabi as ga
from cardlab.runtime import UserError

TINY = ga.Settings(players=2, generations=3, population=4, seed=7, games=2, confirm_games=2)


def files(out):
    return {p.name: p.read_text() for p in sorted(out.iterdir()) if p.suffix in (".yaml", ".json")}


def log_without_times(out):
    with (out / "log.csv").open() as handle:
        return [{k: v for k, v in row.items() if k != "seconds"} for row in csv.DictReader(handle)]


def test_operators_keep_genes_in_range():
    rng = Rng(1)
    a, b = ga.random_genome(rng), ga.random_genome(rng)
    c, d = ga.crossover(a, b, rng)
    for i in range(ga.N_FLOATS):
        assert min(a[i], b[i]) - 1e-12 <= c[i] <= max(a[i], b[i]) + 1e-12
        assert c[i] + d[i] == pytest.approx(a[i] + b[i])
    for i in range(ga.N_FLOATS, ga.N_GENES):
        assert {c[i], d[i]} == {a[i], b[i]}
    for _ in range(200):
        m = ga.mutate([0.0] * ga.N_FLOATS + [10, 0], 1.0, rng)
        assert all(0.0 <= x <= 1.0 for x in m[:ga.N_FLOATS]) and all(0 <= x <= 10 for x in m[ga.N_FLOATS:])
    frozen = ga.mutate([0.5] * ga.N_FLOATS + [5, 5], 0.0, rng)  # K = 0 at the last generation
    assert frozen[:ga.N_FLOATS] == [0.5] * ga.N_FLOATS


def test_breed_and_tournament():
    rng = Rng(3)
    population = [ga.random_genome(rng) for _ in range(6)]
    fitness = [0, 0, 0, 0, 0, 100]
    wins = sum(ga.tournament(population, fitness, rng) is population[5] for _ in range(600))
    assert abs(wins - 600 * (1 - (5 / 6) ** 2)) < 60
    children = ga.breed(population, fitness, 1, 10, rng)
    assert len(children) == 6 and all(len(c) == ga.N_GENES for c in children)
    assert all(isinstance(x, int) for c in children for x in c[ga.N_FLOATS:])


def test_results_do_not_depend_on_the_worker_count(tmp_path):
    one = ga.evolve(TINY, tmp_path / "one", workers=1)
    two = ga.evolve(TINY, tmp_path / "two", workers=2)
    assert one == two
    assert files(tmp_path / "one") == files(tmp_path / "two")


def test_workers_started_with_spawn_give_the_same_results(tmp_path, monkeypatch):
    """Once torch is imported the pool must not fork (a forked copy of torch's thread pool can deadlock)."""
    import multiprocessing

    started = []

    def spawn():
        started.append("spawn")
        return multiprocessing.get_context("spawn")

    monkeypatch.setattr("cardlab.arena.play.process_context", spawn)
    one = ga.evolve(TINY, tmp_path / "one", workers=1)
    two = ga.evolve(TINY, tmp_path / "two", workers=2)
    assert started and one == two
    assert files(tmp_path / "one") == files(tmp_path / "two")


def test_a_resumed_run_ends_like_an_uninterrupted_one(tmp_path):
    ga.evolve(TINY, tmp_path / "whole")
    reports = []
    with pytest.raises(ga.Interrupted):
        ga.evolve(TINY, tmp_path / "cut", report=reports.append, stop=lambda: len(reports) >= 1)
    assert (tmp_path / "cut" / "gen_000.yaml").exists() and not (tmp_path / "cut" / "gen_001.yaml").exists()
    ga.evolve(TINY, tmp_path / "cut", resume=True)
    assert files(tmp_path / "whole") == files(tmp_path / "cut")
    assert log_without_times(tmp_path / "whole") == log_without_times(tmp_path / "cut")
    assert [int(r["generation"]) for r in log_without_times(tmp_path / "cut")] == [0, 1, 2]


def test_outputs_load_as_age_params(tmp_path):
    state = ga.evolve(TINY, tmp_path)
    agent = AGENTS["age"](params=str(tmp_path / "best.yaml"))
    assert [getattr(agent.params, n) for n in ga.names()] == pytest.approx(state.best)
    for g in range(3):
        AGENTS["age"](params=str(tmp_path / f"gen_{g:03d}.yaml"))
    assert state.games_played >= TINY.population * TINY.games * 3


def test_first_individual_is_the_hand_set_agent():
    population = ga.next_population(ga.RunState(TINY), 0)
    assert population[0] == [1.0, 1.0, 1.0, 0.1, 1.0, 0.1, 1.0, 3, 3]


def args(out, **changes):
    values = dict(players=2, generations=2, population=4, out=str(out), workers=1, resume=False, seed=0, games=2,
                  confirm_games=0)
    values.update(changes)
    return argparse.Namespace(**values)


def test_cli_run_and_user_errors(tmp_path, capsys):
    parser = argparse.ArgumentParser()
    ga.add_arguments(parser)
    parsed = parser.parse_args(["--players", "3", "--out", str(tmp_path / "x"), "--generations", "5"])
    assert (parsed.players, parsed.generations, parsed.population, parsed.games) == (3, 5, 50, 20)
    assert ga.run(args(tmp_path / "r")) == 0
    assert "best fitness" in capsys.readouterr().out
    with pytest.raises(UserError, match="already holds a run"):
        ga.run(args(tmp_path / "r"))
    with pytest.raises(UserError, match="was started with"):
        ga.run(args(tmp_path / "r", resume=True, seed=1))
    with pytest.raises(UserError, match="--resume must keep it"):  # the mutation step depends on the total
        ga.run(args(tmp_path / "r", resume=True, generations=3))
    assert ga.run(args(tmp_path / "r", resume=True)) == 0  # already complete: nothing to do
    with pytest.raises(UserError, match="nothing to resume"):
        ga.run(args(tmp_path / "none", resume=True))
    (tmp_path / "r" / "state.json").write_text("[]")  # valid JSON, not a state
    with pytest.raises(UserError, match="unreadable state file"):
        ga.run(args(tmp_path / "r", resume=True))
    with pytest.raises(UserError, match="--players 6"):
        ga.run(args(tmp_path / "p", players=6))


def test_ctrl_c_exits_130_after_saving(tmp_path, monkeypatch, capsys):
    class Requested:
        requested = False

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return None

    flag = Requested()
    real_write = ga.write_generation

    def write_then_interrupt(*a, **k):
        real_write(*a, **k)
        flag.requested = True  # Ctrl-C during generation 1

    monkeypatch.setattr(ga, "StopOnInterrupt", lambda: flag)
    monkeypatch.setattr(ga, "write_generation", write_then_interrupt)
    assert ga.run(args(tmp_path / "c", generations=3)) == 130
    assert "interrupted" in capsys.readouterr().err
    assert (tmp_path / "c" / "gen_000.yaml").exists() and not (tmp_path / "c" / "gen_001.yaml").exists()


def test_plain_progress_lines_off_a_terminal(monkeypatch):
    import io

    monkeypatch.setattr(ga, "PLAIN_EVERY_S", 0.0)
    stream = io.StringIO()
    progress = ga._Progress(TINY, 0, stream)
    progress.on_games(5)
    progress.report("generation 1/3: best 1.00")
    progress.close()
    lines = stream.getvalue().splitlines()
    assert lines and lines[-1].startswith("evolve hanabi: generation 1/3") and "5 games" in lines[-1]


def test_the_log_is_rewritten_whole_or_not_at_all(tmp_path, monkeypatch):
    """A resume trims log.csv to the saved generations; a kill while rewriting it must not lose rows."""
    from cardlab.evolve import common

    log = tmp_path / "log.csv"
    common.write_csv(log, ["generation"], [{"generation": 0}, {"generation": 1}])
    before = log.read_bytes()

    class Killed(Exception):
        pass

    def killed(self, rows):
        raise Killed

    monkeypatch.setattr(common.csv.DictWriter, "writerows", killed)
    with pytest.raises(Killed):
        common.write_csv(log, ["generation"], [{"generation": 0}])
    assert log.read_bytes() == before


def test_more_workers_than_cpus_are_capped_with_a_warning(tmp_path, monkeypatch, capsys):
    """As dominion and hearthstone do: more processes than CPUs only slow the run down."""
    import os

    started = []

    class Pool(ga.GamePool):
        def __init__(self, workers, *a, **k):
            started.append(workers)
            super().__init__(workers, *a, **k)

    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    monkeypatch.setattr(ga, "GamePool", Pool)
    assert ga.run(args(tmp_path / "w", workers=16, generations=1)) == 0
    assert "evolve hanabi: warning: --workers 16 is more than the 1 CPUs here; using 1" in capsys.readouterr().err
    assert started == [1]


def test_an_out_path_that_would_split_the_params_spec_is_refused_before_any_folder(tmp_path):
    """best.yaml is used as age:params=OUT/best.yaml: a ',' or '=' in OUT would split that spec."""
    with pytest.raises(UserError, match="may not contain ',' or '='"):
        ga.run(args(tmp_path / "a=b,c"))
    assert not (tmp_path / "a=b,c").exists()


def test_a_run_begun_in_such_a_folder_by_an_earlier_cardlab_still_resumes(tmp_path, monkeypatch):
    """The refusal came later than runs that were already under way in such folders: --resume continues them."""
    import cardlab.evolve.hanabi as hanabi

    out = tmp_path / "players=2"
    monkeypatch.setattr(hanabi, "refuse_out_breaking_specs", lambda out: None)  # as an earlier cardlab did
    assert ga.run(args(out)) == 0
    monkeypatch.undo()
    assert ga.run(args(out, resume=True)) == 0
