"""(5 + 10) evolution of Dominion extremal strategies against Big Money (spec sections 3-4).

`cardlab evolve dominion --model seasonal-ratios-ranks --playing ranks --kingdom first-game --generations 100
--out DIR [--workers N] [--games 100] [--final-games 10000] [--seed S] [--resume]`

Start: 5 parents, each the model's empty genome (genome.empty_genome). Generation t: 10 children, each a mutation
(genome.mutate_genome) of a parent drawn uniformly; fitness = (wins, total VP) over `--games` games against bigmoney
(`--tiebreak margin`, not in the spec: VP minus the opponent's), the extremal agent's seat drawn by a seeded coin per game; the 5 fittest of parents + children survive (parents win
ties). Choice not in the spec: parents are measured again every generation on fresh deals, as the children are, so
a genome that was lucky once cannot block selection for the rest of the run (kept fitness did exactly that in a
first 100-generation run: fitness 58/100, re-measured 0.44). The generation's best is written to
gen_NNN_best.yaml and, with --final-games N, re-measured over N games against bigmoney (seats alternating, the same
N deals for every genome, results cached per genome so an unchanged best is not replayed), with a 95% Wilson interval.

Reproducible whatever the worker count: game j of child k in generation t is game j of the arena play loop with run
seed derive_seed(seed, t, k), and every draw of the evolution comes from a generator seeded per generation.
Resumable: DIR/state.json is rewritten after each generation (last); a resumed run replays nothing and ends with the
genomes an uninterrupted run would have. --resume with a larger --generations extends a finished run (no draw
depends on the total, so it ends where a longer run would). Outputs: gen_NNN_best.yaml, best.yaml, log.csv, log.json, and
genomes/ (every measured genome, named by a hash of its text: the play loop loads `extremal:genome=FILE`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from cardlab.agents.dominion.genome import (GAINING_MODELS, PLAYING_MODELS, Genome, empty_genome, genome_from_data,
                                            mutate_genome, save_genome)
from cardlab.arena.play import Observer, cap_workers, play_game, run_jobs, seat_roles
from cardlab.arena.stats import wilson_interval
from cardlab.engine.core import Rng, derive_seed
from cardlab.engine.registry import make_game
from cardlab.evolve.common import (open_run_state, module_main, GameFailed, GenerationProgress, Interrupted,
                                   check_types, completed_generations, folder_is_new, is_number, out_folder,
                                   refuse_out_breaking_specs, removed_unless_saved, require, run_interruptible,
                                   write_csv, write_json_atomic)
from cardlab.runtime import StopOnInterrupt, UserError, releases_folders, write_text_atomically

HELP = "evolve Dominion extremal strategies, (5+10) plus-selection against Big Money (spec section 4)"

PARENTS = 5
CHILDREN = 10
GENERATIONS = 100
GAMES = 100
FINAL_GAMES = 10000
OPPONENT = "bigmoney"
CHUNK = 25  # games per worker job
PLAIN_EVERY_S = 30.0
STATE_VERSION = 1

__all__ = ["Settings", "RunState", "evolve", "run", "add_arguments", "Interrupted"]


# ---------------------------------------------------------------- games


class _FinalScores(Observer):
    """Keeps each seat's victory points at the end (the fitness tie-break)."""

    def __init__(self) -> None:
        self.points: list[int] | None = None

    def on_end(self, state, error) -> None:
        if error is None and state is not None:
            self.points = [state.victory_points(p) for p in range(len(state.returns()))]


def play_chunk(game_spec: str, agent: str, opponent: str, run_seed: int, indices: Sequence[int],
               agent_roles: Sequence[int], tiebreak: str = "vp") -> list[tuple[int, int]]:
    """(won, points) of `agent` in games `indices` of the run `run_seed`, playing role agent_roles[i]
    (role 0 sits first in even games: play_game's rotation); points are its victory points (`tiebreak` vp) or
    its victory points minus the opponent's (margin). A game that raises stops the evolution."""
    out = []
    for index, role in zip(indices, agent_roles):
        specs = [agent, opponent] if role == 0 else [opponent, agent]
        scores = _FinalScores()
        result = play_game(game_spec, specs, run_seed, index, observers=[scores])
        if result.error is not None:
            raise GameFailed(f"{agent} vs {opponent}, game {index} of run {run_seed}", result.error, result.log,
                             f"game-{run_seed}-{index:06d}.json")
        seat = seat_roles(index, len(specs)).index(role)
        points = scores.points[seat] - (scores.points[1 - seat] if tiebreak == "margin" else 0)
        out.append((int(result.returns[role] > 0), points))
    return out


# ---------------------------------------------------------------- the run


@dataclass
class Settings:
    model: str = "seasonal-ratios-ranks"
    playing: str = "ranks"
    kingdom: str = "first-game"
    generations: int = GENERATIONS
    games: int = GAMES
    final_games: int = FINAL_GAMES
    seed: int = 0
    opponent: str = OPPONENT
    tiebreak: str = "vp"  # spec: total VP; "margin": VP minus the opponent's (not in the spec)

    @property
    def game_spec(self) -> str:
        return f"dominion:kingdom={self.kingdom},players=2"


@dataclass
class RunState:
    """Everything a resumed run needs: written after every generation."""

    settings: Settings
    generation: int = -1  # the last completed one
    parents: list = field(default_factory=list)  # genome data (Genome.to_data())
    fitness: list = field(default_factory=list)  # [wins, vp] per parent
    final: dict = field(default_factory=dict)  # genome YAML -> [wins, games] over the final games
    rows: list = field(default_factory=list)  # the log, one row per generation
    games_played: int = 0

    def to_json(self) -> dict:
        return dict(asdict(self), version=STATE_VERSION)

    @classmethod
    def from_json(cls, data: dict, where: Path) -> "RunState":
        if data.get("version") != STATE_VERSION:
            raise UserError(f"{where}: not a state file of this version of the Dominion evolution")
        data = dict(data)
        data.pop("version")
        check_types(Settings, data["settings"], "settings.")  # wrong-typed: TypeError, "unreadable state file"
        data["settings"] = Settings(**data["settings"])
        check_types(cls, data)
        require(data.get("generation", -1) >= -1, "generation is below -1")
        require(len(data.get("parents", [])) in (0, PARENTS), f"parents: not {PARENTS} genomes")
        for parent in data.get("parents", []):
            genome_from_data(parent, "a parent")  # a UserError (a ValueError): unreadable too
        for pair in data.get("fitness", []) + list(data.get("final", {}).values()):
            require(isinstance(pair, list) and len(pair) == 2 and all(map(is_number, pair)),
                    f"fitness or final entry {pair!r} is not a pair of numbers")
        for row in data.get("rows", []):
            require(isinstance(row, dict) and set(row) <= set(CSV_FIELDS) and is_number(row.get("best_fitness"))
                    and isinstance(row.get("genome"), str), "a log row is not one this run writes")
            json.loads(row["genome"])  # a ValueError: unreadable too
        return cls(**data)


class _Runner:
    """Plays fitness and final games through the arena's run_jobs, checking for Ctrl-C after every job."""

    def __init__(self, settings: Settings, out: Path, workers: int, stop: Callable[[], bool],
                 on_games: Callable[[int], None]) -> None:
        self.s, self.out, self.workers, self.stop, self.on_games = settings, out, workers, stop, on_games
        (out / "genomes").mkdir(exist_ok=True)

    def spec(self, genome: Genome) -> str:
        """The agent spec of a genome file named by its content's hash (a surviving parent reuses its file)."""
        text = genome.to_yaml()
        path = self.out / "genomes" / f"{hashlib.blake2b(text.encode(), digest_size=6).hexdigest()}.yaml"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_text_atomically(path, text)  # a full disk leaves no empty genome a worker would fail to read
        return f"extremal:genome={path}"

    def play(self, batches: list[tuple[str, int, list[int], list[int]]]) -> list[list[tuple[int, int]]]:
        """Per batch (agent spec, run seed, game indices, agent roles): the (won, vp) list, in batch order."""
        jobs, owner = [], []
        for b, (agent, run_seed, indices, roles) in enumerate(batches):
            for at in range(0, len(indices), CHUNK):
                jobs.append((self.s.game_spec, agent, self.s.opponent, run_seed, indices[at:at + CHUNK],
                             roles[at:at + CHUNK], at, self.s.tiebreak))
                owner.append(b)
        results: list[dict[int, list]] = [{} for _ in batches]
        for b, (at, games) in zip(owner, run_jobs(_indexed_chunk, jobs, self.workers, ordered=True)):
            results[b][at] = games
            self.on_games(len(games))
            if self.stop():
                raise Interrupted
        return [[g for at in sorted(r) for g in r[at]] for r in results]

    def fitness(self, genomes: list[Genome], generation: int, keys: list) -> list[list[int]]:
        """[wins, total VP] per genome; seats by a coin from the genome's own seeded generator."""
        batches = []
        for genome, key in zip(genomes, keys):
            coin = Rng(derive_seed(self.s.seed, "seats", generation, key))
            roles = [coin.randrange(2) for _ in range(self.s.games)]
            batches.append((self.spec(genome), derive_seed(self.s.seed, generation, key),
                            list(range(self.s.games)), roles))
        return [[sum(w for w, _ in games), sum(v for _, v in games)] for games in self.play(batches)]

    def final(self, genome: Genome) -> list[int]:
        """[wins, games] over the final games: the same deals for every genome, seats alternating."""
        n = self.s.final_games
        games = self.play([(self.spec(genome), derive_seed(self.s.seed, "final"), list(range(n)), [0] * n)])[0]
        return [sum(w for w, _ in games), n]


def _indexed_chunk(game_spec, agent, opponent, run_seed, indices, roles, at, tiebreak="vp"):
    return at, play_chunk(game_spec, agent, opponent, run_seed, indices, roles, tiebreak)


def supply_cards(settings: Settings) -> list[str]:
    """The chromosomes' card universe: the game's supply (kingdom + base cards), sorted for reproducibility."""
    game = make_game(settings.game_spec)
    return sorted(game.new_initial_state(0).supply_counts())


def _key(fitness: Sequence[int]) -> tuple[int, int]:
    return (fitness[0], fitness[1])


def step(state: RunState, runner: _Runner, universe: list[str], generation: int) -> dict:
    """One generation: (initial parents,) 10 children, plus-selection, final measurement; returns the log row."""
    s = state.settings
    start = time.monotonic()
    if not state.parents:
        state.parents = [empty_genome(s.model, s.playing).to_data()] * PARENTS
    parents = [genome_from_data(d, "state.json") for d in state.parents]
    rng = Rng(derive_seed(s.seed, "mutate", generation))
    children = [mutate_genome(parents[rng.randrange(PARENTS)], universe, rng) for _ in range(CHILDREN)]
    # parents are measured again on this generation's fresh deals: a lucky score does not outlive its games
    fitness = runner.fitness(parents + children, generation,
                             [f"p{i}" for i in range(PARENTS)] + list(range(CHILDREN)))
    state.games_played += (PARENTS + CHILDREN) * s.games
    pool = list(zip(parents + children, fitness))
    order = sorted(range(len(pool)), key=lambda i: (-pool[i][1][0], -pool[i][1][1], i))  # parents win ties
    survivors = [pool[i] for i in order[:PARENTS]]
    state.parents = [g.to_data() for g, _ in survivors]
    state.fitness = [list(f) for _, f in survivors]
    best, best_fitness = survivors[0]
    row = {"generation": generation, "best_fitness": round(best_fitness[0] / s.games, 4),
           "mean_fitness": round(sum(f[0] for _, f in survivors) / (PARENTS * s.games), 4),
           "best_so_far": round(max([best_fitness[0] / s.games] + [r["best_fitness"] for r in state.rows]), 4),
           "best_wins": best_fitness[0],
           "best_vp": best_fitness[1], "children_selected": sum(1 for i in order[:PARENTS] if i >= PARENTS)}
    if s.final_games > 0:
        text = best.to_yaml()
        if text not in state.final:
            state.final[text] = runner.final(best)
            state.games_played += s.final_games
        wins, n = state.final[text]
        low, high = wilson_interval(wins, n)
        row.update(final_games=n, final_win_rate=round(wins / n, 4), final_low=round(low, 4),
                   final_high=round(high, 4))
    row.update(games_played=state.games_played, seconds=round(time.monotonic() - start, 2),
               genome=json.dumps(best.to_data(), separators=(",", ":")))
    return row


CSV_FIELDS = ["generation", "best_fitness", "mean_fitness", "best_so_far", "best_wins", "best_vp",
              "children_selected", "final_games", "final_win_rate", "final_low", "final_high", "games_played",
              "seconds", "genome"]


def _tiebreak_words(s: Settings) -> str:
    """What the log's best_vp column holds: the genome's total VP, or with --tiebreak margin its VP minus the
    opponent's."""
    return "VP margin over the opponent" if s.tiebreak == "margin" else "total VP"


def _comment(state: RunState, row: dict, what: str) -> str:
    s = state.settings
    lines = [f"Dominion extremal strategy, {s.model} gaining / {s.playing} playing, kingdom {s.kingdom}: {what}",
             f"fitness {row['best_wins']}/{s.games} wins vs {s.opponent} ({_tiebreak_words(s)} {row['best_vp']}), "
             f"seed {s.seed}"]
    if "final_win_rate" in row:
        lines.append(f"final: win rate {row['final_win_rate']:.3f} [{row['final_low']:.3f}, {row['final_high']:.3f}]"
                     f" over {row['final_games']} games vs {s.opponent}")
    return "\n".join(lines)


def write_generation(out: Path, state: RunState, row: dict) -> None:
    """The generation's best, best.yaml (the latest generation's best: plus-selection never loses it), the logs
    from the saved rows, then the state file (last: a crash in between redoes the generation on resume)."""
    generation = row["generation"]
    best = genome_from_data(state.parents[0], "state")
    save_genome(best, out / f"gen_{generation:03d}_best.yaml", _comment(state, row, f"generation {generation} best"))
    save_genome(best, out / "best.yaml", _comment(state, row, f"best after generation {generation}"))
    write_csv(out / "log.csv", CSV_FIELDS, state.rows)
    log = {"settings": asdict(state.settings), "generations": [dict(r, genome=json.loads(r["genome"]))
                                                                for r in state.rows]}
    write_text_atomically(out / "log.json", json.dumps(log, indent=1) + "\n")
    write_json_atomic(out / "state.json", state.to_json())


@releases_folders
def evolve(settings: Settings, out: Path, workers: int = 1, resume: bool = False,
           stop: Callable[[], bool] = lambda: False, report: Callable[[str], None] | None = None,
           on_games: Callable[[int], None] = lambda n: None) -> RunState:
    """Run (or resume) to the last generation unless `stop()` turns true; returns the saved state.
    Raises Interrupted when stopped mid-generation (the saved state is the previous generation's); a run that
    created `out` and is left before saving a generation removes what it wrote there."""
    _check_settings(settings)
    refuse_out_breaking_specs(out)
    universe = supply_cards(settings)
    made = folder_is_new(out)
    state = open_run_state(out, settings, resume, RunState)  # only --generations may change
    with removed_unless_saved(out, made, "genomes"):  # stopped before generation 0 was saved: no folder left
        runner = _Runner(settings, out, workers, stop, on_games)
        for generation in range(state.generation + 1, settings.generations):
            if stop():
                raise Interrupted
            work = RunState(**{**vars(state), "parents": list(state.parents), "fitness": list(state.fitness),
                               "final": dict(state.final), "rows": list(state.rows)})
            row = step(work, runner, universe, generation)  # on Interrupted, `state` stays the last saved one
            work.rows.append(row)
            work.generation = generation
            state = work
            write_generation(out, state, row)
            if report is not None:
                final = (f", final {row['final_win_rate']:.3f} [{row['final_low']:.3f}, {row['final_high']:.3f}]"
                         if "final_win_rate" in row else "")
                report(f"generation {generation + 1}/{settings.generations}: best "
                       f"{row['best_wins']}/{settings.games} wins{final}")
    return state


# ---------------------------------------------------------------- command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", default="seasonal-ratios-ranks",
                        help=f"gaining model: {', '.join(GAINING_MODELS)} (default seasonal-ratios-ranks)")
    parser.add_argument("--playing", default="ranks", help=f"playing model: {', '.join(PLAYING_MODELS)} "
                                                           "(default ranks)")
    parser.add_argument("--kingdom", default="first-game", help="a named kingdom (default first-game); not random: the "
                                                                     "chromosomes' cards come from one fixed supply")
    parser.add_argument("--generations", type=int, default=GENERATIONS, help=f"default {GENERATIONS}")
    parser.add_argument("--out", required=True, help="directory for state.json, logs and the genome YAMLs")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="game processes (default: all cores)")
    parser.add_argument("--games", type=int, default=GAMES, help=f"fitness games per genome (default {GAMES})")
    parser.add_argument("--final-games", type=int, default=FINAL_GAMES,
                        help=f"games re-measuring each generation's best, 0 for none (default {FINAL_GAMES})")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--tiebreak", choices=("vp", "margin"), default="vp",
                        help="fitness ties on wins broken by total VP (the spec, default) or by VP minus the "
                             "opponent's (margin: steers away from Duchy-only genomes that score VP but never win)")
    parser.add_argument("--resume", action="store_true", help="continue the run saved in --out")


def _check_settings(s: Settings) -> None:
    if s.model not in GAINING_MODELS:
        raise UserError(f"--model {s.model!r}: unknown (models: {', '.join(GAINING_MODELS)})")
    if s.playing not in PLAYING_MODELS:
        raise UserError(f"--playing {s.playing!r}: unknown (models: {', '.join(PLAYING_MODELS)})")
    if s.kingdom.strip().lower() == "random":
        raise UserError("--kingdom random: evolution needs one fixed kingdom (its supply is the chromosomes' cards)")
    if "=" in s.kingdom:  # it went into the game spec as it was: "option 'players' is given twice"
        raise UserError(f"--kingdom {s.kingdom!r}: give a kingdom's name or its ten cards separated by commas, no "
                        "other game options (the evolution plays 2-player games against its opponent)")
    for flag, value, low in (("--generations", s.generations, 1), ("--games", s.games, 1),
                             ("--final-games", s.final_games, 0)):
        if value < low:
            raise UserError(f"{flag} {value}: must be at least {low}")


def _check(args: argparse.Namespace) -> Settings:
    settings = Settings(args.model, args.playing, args.kingdom, args.generations, args.games, args.final_games,
                        args.seed, tiebreak=args.tiebreak)
    _check_settings(settings)
    if args.workers < 1:
        raise UserError(f"--workers {args.workers}: must be at least 1")
    return settings


def run(args: argparse.Namespace) -> int:
    """0 when the run completes, 130 after Ctrl-C (the last completed generation is saved)."""
    settings = _check(args)
    workers = cap_workers(args.workers, warn=lambda m: print(f"evolve dominion: warning: {m}", file=sys.stderr))
    out = out_folder(args.out)
    done = completed_generations(out, args.resume)
    progress = GenerationProgress("evolve dominion", settings.generations, done, every_s=PLAIN_EVERY_S)
    state = run_interruptible("evolve dominion", progress, out, lambda stop, report, on_games: evolve(
        settings, out, workers, args.resume, stop=stop, report=report, on_games=on_games), StopOnInterrupt)
    if state is None:
        return 130
    row = state.rows[-1] if state.rows else None
    if row is not None:
        final = (f"; final win rate {row['final_win_rate']:.3f} [{row['final_low']:.3f}, {row['final_high']:.3f}] "
                 f"over {row['final_games']} games" if "final_win_rate" in row else "")
        print(f"evolve dominion: best {row['best_wins']}/{settings.games} wins vs {settings.opponent}{final} "
              f"-> {out / 'best.yaml'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    return module_main("dominion", HELP, add_arguments, run, argv)


if __name__ == "__main__":
    sys.exit(main())
