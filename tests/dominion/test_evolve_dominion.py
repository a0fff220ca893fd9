"""(5+10) evolution of extremal strategies: a tiny run, identical resume, worker independence, CLI errors."""

from __future__ import annotations

import argparse
import json

import pytest

from cardlab.agents.dominion.genome import load_genome
from cardlab.evolve import dominion as evo
from cardlab.runtime import UserError

TINY = evo.Settings(model="seasonal-ratios-ranks", playing="ranks", generations=2, games=4, final_games=4, seed=3)


def outputs(out):
    """Every output but timings."""
    found = {p.name: p.read_text() for p in sorted(out.iterdir()) if p.suffix == ".yaml"}
    state = json.loads((out / "state.json").read_text())
    for row in state["rows"]:
        row.pop("seconds")
    found["state"] = state
    found["genomes"] = {p.name: p.read_text() for p in sorted((out / "genomes").iterdir())}
    return found


def test_tiny_run_writes_everything_and_resumes_identically(tmp_path):
    whole = evo.evolve(TINY, tmp_path / "whole")
    assert whole.generation == 1 and len(whole.parents) == evo.PARENTS
    names = {p.name for p in (tmp_path / "whole").iterdir()}
    assert {"gen_000_best.yaml", "gen_001_best.yaml", "best.yaml", "log.csv", "log.json", "state.json"} <= names
    best = load_genome(tmp_path / "whole" / "best.yaml")
    assert best.to_data() == whole.parents[0]
    log = json.loads((tmp_path / "whole" / "log.json").read_text())
    assert [r["generation"] for r in log["generations"]] == [0, 1]
    row = log["generations"][-1]
    assert row["final_games"] == 4 and row["final_low"] <= row["final_win_rate"] <= row["final_high"]
    assert whole.games_played >= (evo.PARENTS + 2 * evo.CHILDREN) * TINY.games
    rows = log["generations"]
    assert [r["best_so_far"] for r in rows] == [max(r["best_fitness"] for r in rows[:i + 1]) for i in range(len(rows))]

    reports = []
    with pytest.raises(evo.Interrupted):
        evo.evolve(TINY, tmp_path / "cut", report=reports.append, stop=lambda: len(reports) >= 1)
    assert not (tmp_path / "cut" / "gen_001_best.yaml").exists()
    evo.evolve(TINY, tmp_path / "cut", resume=True)
    assert outputs(tmp_path / "whole") == outputs(tmp_path / "cut")

    shorter = evo.Settings(**{**vars(TINY), "generations": 1})
    evo.evolve(shorter, tmp_path / "extended")
    evo.evolve(TINY, tmp_path / "extended", resume=True)  # a finished run extended by --generations
    assert outputs(tmp_path / "whole") == outputs(tmp_path / "extended")


def test_worker_count_changes_nothing(tmp_path):
    one = evo.Settings(generations=1, games=4, final_games=0, seed=5, model="ranks", playing="random")
    a = evo.evolve(one, tmp_path / "a", workers=1)
    b = evo.evolve(one, tmp_path / "b", workers=2)
    assert (a.parents, a.fitness) == (b.parents, b.fitness)


def args(out, **changes):
    values = dict(model="ranks", playing="ranks", kingdom="first-game", generations=1, games=2, final_games=0,
                  out=str(out), workers=1, resume=False, seed=0, tiebreak="vp")
    values.update(changes)
    return argparse.Namespace(**values)


def test_cli_registration_and_user_errors(tmp_path, capsys):
    from cardlab.commands import evolve as command

    assert command.GAMES["dominion"] == "cardlab.evolve.dominion"
    parser = argparse.ArgumentParser()
    evo.add_arguments(parser)
    parsed = parser.parse_args(["--out", str(tmp_path / "x")])
    assert (parsed.model, parsed.playing, parsed.kingdom, parsed.games, parsed.final_games) == (
        "seasonal-ratios-ranks", "ranks", "first-game", 100, 10000)
    with pytest.raises(UserError, match="--model 'ratio': unknown"):
        evo.run(args(tmp_path / "m", model="ratio"))
    with pytest.raises(UserError, match="--playing 'weighted': unknown"):
        evo.run(args(tmp_path / "m", playing="weighted"))
    with pytest.raises(UserError, match="--generations 0: must be at least 1"):
        evo.run(args(tmp_path / "g", generations=0))
    with pytest.raises(UserError, match="--kingdom 'first-game,players=3': give a kingdom's name or its ten cards"):
        evo.run(args(tmp_path / "k", kingdom="first-game,players=3"))
    with pytest.raises(UserError, match="nothing to resume"):
        evo.run(args(tmp_path / "none", resume=True))
    assert not (tmp_path / "none").exists()  # a refused resume leaves no empty folder
    assert evo.run(args(tmp_path / "r")) == 0
    assert "best.yaml" in capsys.readouterr().out
    with pytest.raises(UserError, match="already holds a run"):
        evo.run(args(tmp_path / "r"))
    with pytest.raises(UserError, match="was started with other settings: seed=0 \\(now 1\\)"):
        evo.run(args(tmp_path / "r", resume=True, seed=1))
    assert evo.run(args(tmp_path / "two", generations=2)) == 0
    with pytest.raises(UserError, match="already holds 2 generations: --generations 1 would add none"):
        evo.run(args(tmp_path / "two", generations=1, resume=True))


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
    assert "1 completed generation(s) are saved" in capsys.readouterr().err
    assert (tmp_path / "c" / "gen_000_best.yaml").exists() and not (tmp_path / "c" / "gen_001_best.yaml").exists()


def test_margin_tiebreak_scores_vp_minus_the_opponents(tmp_path):
    """--tiebreak margin: a Duchy-only genome's VP is large, its margin against Big Money negative."""
    path = tmp_path / "duchy.yaml"
    path.write_text("gaining:\n  ranks: [Duchy, Estate]\nplaying:\n  ranks: []\n")
    agent = f"extremal:genome={path}"
    spec = "dominion:kingdom=first-game,players=2"
    vp = evo.play_chunk(spec, agent, "bigmoney", 11, range(6), [0, 1] * 3)
    margin = evo.play_chunk(spec, agent, "bigmoney", 11, range(6), [0, 1] * 3, tiebreak="margin")
    assert [w for w, _ in vp] == [w for w, _ in margin]
    assert all(v > 0 for _, v in vp) and sum(m for _, m in margin) < 0
    assert all(m < v for (_, v), (_, m) in zip(vp, margin))


def test_an_out_path_that_would_split_the_agent_spec_is_refused_before_any_folder(tmp_path):
    with pytest.raises(UserError, match="may not contain ',' or '='"):
        evo.evolve(TINY, tmp_path / "odd,dir")
    assert not (tmp_path / "odd,dir").exists()


def test_a_margin_run_says_its_tiebreak_figure_is_a_margin(tmp_path):
    from dataclasses import replace

    evo.evolve(replace(TINY, generations=1, final_games=0, tiebreak="margin"), tmp_path / "m")
    head = (tmp_path / "m" / "best.yaml").read_text().splitlines()[1]
    assert "VP margin over the opponent" in head and "total VP" not in head


def test_resuming_another_games_run_says_so(tmp_path, capsys):
    from dataclasses import replace

    from cardlab.cli import main

    evo.evolve(replace(TINY, generations=1, final_games=0), tmp_path / "dom")
    assert main(["evolve", "hearthstone", "--resume", "--out", str(tmp_path / "dom"), "--generations", "2"]) == 2
    assert "holds another game's evolution run" in capsys.readouterr().err


def test_a_damaged_state_file_is_one_error(tmp_path, capsys):
    from dataclasses import replace

    from cardlab.cli import main

    evo.evolve(replace(TINY, generations=1, final_games=0), tmp_path / "run")
    (tmp_path / "run" / "state.json").write_text('{"version": 1, "settings": {')  # cut off by a crash
    assert main(["evolve", "dominion", "--resume", "--out", str(tmp_path / "run"), "--generations", "2"]) == 2
    assert "unreadable state file" in capsys.readouterr().err


@pytest.mark.parametrize("text, key, line", [
    ("gaining:\n  ranks: [Gold]\nplaying:\n  ranks: []\ngaining:\n  ranks: [Duchy]\n", "gaining", 5),
    ("gaining:\n  ratios: {Gold: 0.5, Silver: 0.5, Gold: 0.5}\nplaying:\n  ranks: []\n", "Gold", 2),
    (("gaining:\n  seasonal:\n    - threshold: 100\n      ranks: [Gold]\n      ranks: [Duchy]\n    - threshold: 0\n"
      "      ranks: [Province]\nplaying:\n  random: {}\n"), "ranks", 5),
])
def test_a_genome_naming_a_key_twice_is_one_error_naming_the_file_key_and_line(tmp_path, text, key, line):
    """PyYAML keeps the last of two equal keys silently: the file would play another strategy than it reads."""
    path = tmp_path / "twice.yaml"
    path.write_text(text)
    with pytest.raises(UserError, match=f"genome {path}: not valid YAML at line {line} \\(key '{key}' is given twice"):
        load_genome(path)
