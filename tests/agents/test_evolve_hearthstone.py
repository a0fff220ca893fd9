"""GA over the weighted-feature evaluation (evolve/hearthstone.py): operators, a tiny run, identical resume,
worker independence, Ctrl-C, CLI errors."""

from __future__ import annotations

import argparse
import json

import pytest

from cardlab.agents.evaluators import make_evaluator
from cardlab.agents.hearthstone.weights import (FEATURES, load_weights, vector_to_weights, weight_ranges,
                                                weights_to_vector)
from cardlab.engine.core import Rng
from cardlab.evolve import hearthstone as evo
from cardlab.plots import _read_log
from cardlab.runtime import UserError

# 2 generations, population 4, 2 games per eval (one per opponent), a 20-node search: seconds
TINY = evo.Settings(agent="search", agent_options="max_nodes=20", opponents=["greedy", "trading"], games=2,
                    generations=2, population=4, seed=3)


def outputs(out):
    """Every output but timings."""
    found = {p.name: p.read_text() for p in sorted(out.iterdir()) if p.suffix == ".yaml"}
    state = json.loads((out / "state.json").read_text())
    for row in state["rows"]:
        row.pop("seconds")
    found["state"] = state
    found["individuals"] = {p.name: p.read_text() for p in sorted((out / "individuals").iterdir())}
    return found


def in_ranges(vector):
    return all(lo <= v <= hi for v, (lo, hi) in zip(vector, weight_ranges()))


def test_weights_vector_round_trip_and_ranges_hold_the_hand_made_vector():
    hand = load_weights("checkpoints/weights/hand-made.yaml")
    vector = weights_to_vector(hand)
    assert len(vector) == len(FEATURES) == len(weight_ranges()) and in_ranges(vector)
    assert vector_to_weights(vector) == {f: hand.get(f, 0.0) for f in FEATURES}


def test_operators_stay_in_range_and_do_what_they_say():
    rng = Rng(1)
    lo = [a for a, _ in weight_ranges()]
    hi = [b for _, b in weight_ranges()]
    child = evo.crossover(lo, hi, "uniform", rng)
    assert all(c in (a, b) for c, a, b in zip(child, lo, hi)) and child != lo and child != hi
    line = evo.crossover([0.0] * len(FEATURES), [1.0] * len(FEATURES), "linear", rng)
    assert len(set(line)) == 1 and 0.0 <= line[0] <= 1.0  # one w for every weight
    mutated = [evo.mutate(hi, rng) for _ in range(50)]
    assert all(in_ranges(m) for m in mutated) and any(m != hi for m in mutated)
    perturbed = evo.perturb(hi, 1.0, rng)
    assert in_ranges(perturbed) and perturbed != hi
    fitness = [0.1, 0.9, 0.5, 0.3]
    for selection in ("tournament", "rank"):
        picks = [evo.select(fitness, selection, rng) for _ in range(2000)]
        counts = [picks.count(i) for i in range(4)]
        assert counts[1] == max(counts) and counts[0] == min(counts), (selection, counts)
    settings = evo.Settings(population=4, elitism=2)
    population = [[float(i)] * len(FEATURES) for i in range(4)]
    children = evo.breed(population, fitness, settings, rng)
    assert len(children) == 4 and children[:2] == [population[1], population[2]]  # the elites, best first


def test_schedule_splits_evenly_and_alternates_the_first_player():
    from cardlab.arena.play import seat_roles

    games = evo.schedule(8, ["greedy", "trading"])
    assert [g[0] for g in games] == ["greedy"] * 4 + ["trading"] * 4
    first = [seat_roles(index, 2)[0] == role for _, index, role in games]  # the individual sits in seat 0
    assert first == [True, False, True, False, False, True, False, True]
    assert [seat_roles(i, 2)[0] == r for _, i, r in evo.schedule(2, ["greedy", "trading"])] == [True, False]


def test_tiny_run_writes_everything_and_resumes_identically(tmp_path):
    whole = evo.evolve(TINY, tmp_path / "whole")
    assert whole.generation == 1 and len(whole.population) == 4 and whole.games_played == 2 * 4 * 2
    assert all(in_ranges(v) for v in whole.population)
    names = {p.name for p in (tmp_path / "whole").iterdir()}
    assert {"gen_000.yaml", "gen_001.yaml", "best.yaml", "log.csv", "log.json", "state.json"} <= names
    log = json.loads((tmp_path / "whole" / "log.json").read_text())
    assert [r["generation"] for r in log["generations"]] == [0, 1]
    row = log["generations"][-1]
    assert 0 <= row["mean_fitness"] <= row["best_fitness"] <= 1 and row["best_wins"] == row["best_fitness"] * 2
    best = whole.population[row["best_individual"]]
    assert load_weights(tmp_path / "whole" / "best.yaml") == vector_to_weights(best) == row["weights"]
    ev = make_evaluator(f"weights:{tmp_path / 'whole' / 'gen_000.yaml'}", "hearthstone")  # loadable by weights:PATH
    assert set(ev.weights) <= set(FEATURES)
    # generation 0: the hand-made weights first, then perturbations of them
    gen0 = log["generations"][0]
    hand = weights_to_vector(load_weights("checkpoints/weights/hand-made.yaml"))
    assert evo.initial_population(TINY)[0] == hand and len(set(map(tuple, evo.initial_population(TINY)))) == 4
    assert gen0["weights"] == vector_to_weights(evo.initial_population(TINY)[gen0["best_individual"]])
    name, columns = _read_log(tmp_path / "whole")  # what `cardlab plot evolution` reads
    assert columns["generation"] == [0, 1] and len(columns["best_fitness"]) == len(columns["mean_fitness"]) == 2

    reports = []
    with pytest.raises(evo.Interrupted):
        evo.evolve(TINY, tmp_path / "cut", report=reports.append, stop=lambda: len(reports) >= 1)
    assert not (tmp_path / "cut" / "gen_001.yaml").exists()
    evo.evolve(TINY, tmp_path / "cut", resume=True)
    assert outputs(tmp_path / "whole") == outputs(tmp_path / "cut")

    shorter = evo.Settings(**{**vars(TINY), "generations": 1})
    evo.evolve(shorter, tmp_path / "extended")
    evo.evolve(TINY, tmp_path / "extended", resume=True)  # a finished run extended by --generations
    assert outputs(tmp_path / "whole") == outputs(tmp_path / "extended")


def test_worker_count_changes_nothing(tmp_path):
    settings = evo.Settings(**{**vars(TINY), "agent": "mcts", "agent_options": "iters=10", "games": 4,
                               "generations": 1, "selection": "rank", "crossover": "linear", "seed": 5})
    a = evo.evolve(settings, tmp_path / "a", workers=1)
    b = evo.evolve(settings, tmp_path / "b", workers=2)
    assert (a.population, a.fitness) == (b.population, b.fitness)


def args(out, **changes):
    values = dict(agent="search", agent_options="max_nodes=20", opponents=["greedy", "trading"], games_per_eval=2,
                  out=str(out), generations=1, population=2, workers=1, seed=0, resume=False, deck=None,
                  deck_pool=None, selection="tournament", elitism=1, crossover="uniform", start="hand-made")
    values.update(changes)
    return argparse.Namespace(**values)


@pytest.mark.parametrize("changes, words", [
    (dict(agent="greedy"), "--agent 'greedy': the evolved evaluation plugs into mcts or search"),
    (dict(agent_options="eval=rho"), "eval= is the evolved weights"),
    (dict(agent_options="bogus=1"), "unknown option 'bogus'"),
    (dict(opponents=["nobody"]), "unknown agent 'nobody'"),
    (dict(selection="roulette"), "--selection 'roulette': one of tournament, rank"),
    (dict(crossover="blend"), "--crossover 'blend': one of uniform, linear"),
    (dict(games_per_eval=3), "--games-per-eval 3: must be a multiple of the 2 opponents"),
    (dict(generations=0), "--generations 0: must be at least 1"),
    (dict(population=1), "--population 1: must be at least 2"),
    (dict(elitism=2), "--elitism 2: must be less than --population 2"),
    (dict(deck="liege", deck_pool="basic"), "give one of them"),
    (dict(start="no/such.yaml"), "does not exist"),
    (dict(workers=0), "--workers 0: must be at least 1"),
])
def test_cli_user_errors(tmp_path, changes, words):
    with pytest.raises(UserError, match=words.replace("(", r"\(")):
        evo.run(args(tmp_path / "x", **changes))
    assert not (tmp_path / "x").exists()


def test_cli_registration_run_resume_errors_and_exit_2(tmp_path, capsys):
    from cardlab.cli import main
    from cardlab.commands import evolve as command

    assert command.GAMES["hearthstone"] == "cardlab.evolve.hearthstone"
    parser = argparse.ArgumentParser()
    evo.add_arguments(parser)
    parsed = parser.parse_args(["--out", str(tmp_path / "x")])
    assert (parsed.agent, parsed.opponents, parsed.selection, parsed.crossover, parsed.elitism) == (
        evo.AGENT, list(evo.OPPONENTS), evo.SELECTION, evo.CROSSOVER, evo.ELITISM)
    with pytest.raises(UserError, match="nothing to resume"):
        evo.run(args(tmp_path / "none", resume=True))
    assert evo.run(args(tmp_path / "r")) == 0
    assert "best.yaml" in capsys.readouterr().out
    with pytest.raises(UserError, match="already holds a run"):
        evo.run(args(tmp_path / "r"))
    with pytest.raises(UserError, match="was started with"):
        evo.run(args(tmp_path / "r", resume=True, seed=1))
    code = main(["evolve", "hearthstone", "--agent", "random", "--out", str(tmp_path / "c")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and "--agent 'random'" in err


def test_ctrl_c_exits_130_after_saving(tmp_path, monkeypatch, capsys):
    class Requested:
        requested = False

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return None

    flag = Requested()
    real_write = evo.write_generation

    def write_then_interrupt(*a, **k):
        real_write(*a, **k)
        flag.requested = True  # Ctrl-C during generation 1

    monkeypatch.setattr(evo, "StopOnInterrupt", lambda: flag)
    monkeypatch.setattr(evo, "write_generation", write_then_interrupt)
    assert evo.run(args(tmp_path / "c", generations=3)) == 130
    assert "interrupted" in capsys.readouterr().err
    assert (tmp_path / "c" / "gen_000.yaml").exists() and not (tmp_path / "c" / "gen_001.yaml").exists()


def test_plain_progress_line_names_the_generations_best(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(evo, "PLAIN_EVERY_S", 0.0)
    assert evo.run(args(tmp_path / "p", generations=2)) == 0
    err = capsys.readouterr().err
    assert "evolve hearthstone: generation 1/2: best" in err and "mean" in err


def test_a_real_ctrl_c_keeps_the_last_completed_generation(tmp_path):
    from tests.interrupting import ctrl_c_when

    out = tmp_path / "sig"
    rc, _, err = ctrl_c_when(["evolve", "hearthstone", "--agent", "search", "--agent-options", "max_nodes=20",
                              "--games-per-eval", "2", "--population", "2", "--generations", "500", "--workers", "1",
                              "--out", str(out)], ready=lambda: (out / "gen_000.yaml").exists())
    assert rc == 130 and b"interrupted" in err
    saved = json.loads((out / "state.json").read_text())["generation"]
    assert 0 <= saved < 499 and (out / f"gen_{saved:03d}.yaml").exists()
    assert not (out / f"gen_{saved + 1:03d}.yaml").exists()
    assert len(json.loads((out / "log.json").read_text())["generations"]) == saved + 1


def test_an_opponent_named_twice_is_refused(tmp_path, capsys):
    from cardlab.cli import main

    assert main(["evolve", "hearthstone", "--opponents", "greedy", "greedy", "--games-per-eval", "4",
                 "--population", "2", "--generations", "1", "--out", str(tmp_path / "dup")]) == 2
    assert "greedy given twice" in capsys.readouterr().err and not (tmp_path / "dup").exists()


def test_options_are_spelt_in_full(tmp_path, capsys):
    from cardlab.cli import main

    with pytest.raises(SystemExit):  # `--game` is not an abbreviation of `--games` here
        main(["evolve", "hanabi", "--game", "3", "--generations", "1", "--out", str(tmp_path / "ab")])
    assert "unrecognized arguments: --game 3" in capsys.readouterr().err


def test_a_resume_is_refused_when_an_opponents_file_changed_since(tmp_path):
    """The same opponent spec with another weights file behind it: the resumed generations would be measured
    against another agent (the spec alone was compared)."""
    from dataclasses import replace

    weights = tmp_path / "w.yaml"
    weights.write_bytes(open("checkpoints/weights/hand-made.yaml", "rb").read())
    settings = replace(TINY, opponents=["greedy", f"search:eval=weights:{weights},max_nodes=20"], generations=1)
    evo.evolve(settings, tmp_path / "run")
    weights.write_bytes(open("checkpoints/weights/evolved-search-liege.yaml", "rb").read())
    with pytest.raises(UserError, match="other files behind search:eval=weights:.*w.yaml"):
        evo.evolve(replace(settings, generations=2), tmp_path / "run", resume=True)
