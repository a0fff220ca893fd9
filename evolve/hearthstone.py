"""Genetic algorithm over the weighted-feature Hearthstone evaluation (spec section 9).

`cardlab evolve hearthstone --agent mcts|search --opponents greedy trading --games-per-eval N --out DIR
[--generations G] [--population P] [--workers W] [--seed S] [--resume] [--deck D | --deck-pool P]
[--agent-options "iters=200"] [--selection tournament|rank] [--elitism E] [--crossover uniform|linear]`

An individual is the weight vector of `weights:PATH` (agents/hearthstone/weights.py, FEATURES order), each weight in
its range (weight_ranges()). Fitness = win rate over `--games-per-eval` games of `<agent>:eval=weights:<its YAML>,
<agent-options>` against the opponents, split evenly (N must be a multiple of their number): against opponent j,
game i has the individual first when i + j is even, so first player alternates within and across opponents.
A draw counts as no win (fitness is wins / games, the arena's win rate).

Each generation: the `--elitism` best pass unchanged; every other child comes from two parents chosen by tournament
(the fittest of TOURNAMENT_SIZE drawn with replacement) or linear rank selection (probability proportional to the
rank, worst = 1), crossed over with probability CROSSOVER_P (uniform: each weight from either parent; linear: one
child a + w (b - a) with w ~ U[0, 1]), then mutated per weight: creep with probability CREEP_P (+ N(0, (CREEP_SIGMA x
bound)^2), clipped to the range) and scramble with probability SCRAMBLE_P (re-drawn uniformly in the range).
Weights are rounded to DECIMALS places so the YAML files stay readable and hold exactly what was played.
Elites are measured again on the new generation's games, as everybody is: a lucky 20-game score does not outlive
its games (the Dominion evolution learned this).

Choice not in the spec: generation 0 is the hand-made weights (checkpoints/weights/hand-made.yaml, individual 0) plus
random perturbations of them (each weight + N(0, (INIT_SIGMA x bound)^2), clipped), not random vectors: the GA
refines a sensible evaluation instead of first rediscovering that the opponent's hero health is bad for us.

Reproducible whatever the worker count: individual k of generation t plays games 0..N-1 of the arena play loop with
run seed derive_seed(seed, t, k) (one-way), and every draw of the GA comes from a generator seeded per generation.
Resumable: DIR/state.json is rewritten after each generation (last); a resumed run replays nothing and ends with the
weights an uninterrupted run would have; --resume with a larger --generations extends a finished run (no draw depends
on the total). Outputs: gen_NNN.yaml (each generation's best, loadable with `weights:PATH`), best.yaml (the latest
generation's best), log.csv and log.json (one row per generation: generation, best_fitness, mean_fitness, ... for
`cardlab plot evolution`), and individuals/ (every measured vector, named by a hash of its text).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from cardlab.agents.hearthstone.weights import (FEATURES, load_weights, resolve_weights_path, save_weights,
                                                vector_to_weights, weight_ranges, weights_to_vector)
from cardlab.agents.registry import changed_agent_files, make_agent
from cardlab.arena.match import refuse_human_in_unattended_runs
from cardlab.arena.play import cap_workers, play_game, run_jobs, seat_roles
from cardlab.engine.core import Rng, derive_seed
from cardlab.engine.registry import make_game
from cardlab.evolve.common import (open_run_state, module_main, GameFailed, GenerationProgress, Interrupted,
                                   check_types, completed_generations, folder_is_new, is_number, out_folder,
                                   refuse_out_breaking_specs, removed_unless_saved, rendered, require,
                                   run_interruptible, save_atomically, write_csv, write_json_atomic)
from cardlab.runtime import StopOnInterrupt, UserError, releases_folders, write_text_atomically

HELP = "evolve the weighted-feature Hearthstone evaluation of mcts/search (spec section 9), win rate vs bots"

# ---------------------------------------------------------------- hyperparameters (CLI flags override the first ones)
AGENT = "mcts"  # the planner whose leaf evaluation is evolved: mcts or search
OPPONENTS = ("greedy", "trading")
GAMES_PER_EVAL = 40  # fitness games per individual, split evenly over the opponents
POPULATION = 20
GENERATIONS = 30
SELECTION = "tournament"  # or "rank" (linear ranking)
TOURNAMENT_SIZE = 3
ELITISM = 1  # best individuals copied unchanged into the next generation
CROSSOVER = "uniform"  # or "linear" (a + w (b - a), w ~ U[0, 1])
CROSSOVER_P = 0.8
CREEP_P = 0.1  # per weight: + N(0, (CREEP_SIGMA x bound)^2)
CREEP_SIGMA = 0.05
SCRAMBLE_P = 0.02  # per weight: re-drawn uniformly in its range
INIT_SIGMA = 0.1  # generation 0: hand-made + N(0, (INIT_SIGMA x bound)^2) per weight
DECIMALS = 4
START = "hand-made"  # the weights generation 0 perturbs (a shipped name or a file)
CHUNK = 10  # games per worker job
PLAIN_EVERY_S = 30.0
STATE_VERSION = 1

AGENTS = ("mcts", "search")
SELECTIONS = ("tournament", "rank")
CROSSOVERS = ("uniform", "linear")

Vector = list  # len(FEATURES) floats


# ---------------------------------------------------------------- genetic operators


def _gauss(rng: Rng) -> float:
    """A standard normal draw from the engine's Rng (Box-Muller)."""
    return math.sqrt(-2.0 * math.log(1.0 - rng.random())) * math.cos(2.0 * math.pi * rng.random())


def _clip(vector: Sequence[float]) -> Vector:
    return [round(min(hi, max(lo, v)), DECIMALS) for v, (lo, hi) in zip(vector, weight_ranges())]


def perturb(vector: Sequence[float], sigma: float, rng: Rng) -> Vector:
    """Every weight + N(0, (sigma x bound)^2), clipped (generation 0)."""
    return _clip([v + sigma * hi * _gauss(rng) for v, (_, hi) in zip(vector, weight_ranges())])


def select(fitness: Sequence[float], selection: str, rng: Rng) -> int:
    """A parent's index: tournament of TOURNAMENT_SIZE (ties: the first drawn) or linear rank selection."""
    if selection == "tournament":
        best = rng.randrange(len(fitness))
        for _ in range(TOURNAMENT_SIZE - 1):
            other = rng.randrange(len(fitness))
            if fitness[other] > fitness[best]:
                best = other
        return best
    order = sorted(range(len(fitness)), key=lambda i: (fitness[i], -i))  # worst first; rank = position + 1
    n = len(order)
    pick = rng.random() * n * (n + 1) / 2
    for rank, i in enumerate(order, start=1):
        pick -= rank
        if pick < 0:
            return i
    return order[-1]


def crossover(a: Sequence[float], b: Sequence[float], kind: str, rng: Rng) -> Vector:
    """One child: uniform (each weight from a or b) or linear (a + w (b - a), one w ~ U[0, 1])."""
    if kind == "uniform":
        return [y if rng.randrange(2) else x for x, y in zip(a, b)]
    w = rng.random()
    return _clip([x + w * (y - x) for x, y in zip(a, b)])


def mutate(vector: Sequence[float], rng: Rng) -> Vector:
    """Creep (small Gaussian step) with probability CREEP_P, scramble (uniform re-draw) with SCRAMBLE_P, per weight."""
    out = list(vector)
    for i, (lo, hi) in enumerate(weight_ranges()):
        if rng.random() < CREEP_P:
            out[i] += CREEP_SIGMA * hi * _gauss(rng)
        if rng.random() < SCRAMBLE_P:
            out[i] = lo + (hi - lo) * rng.random()
    return _clip(out)


def breed(population: list[Vector], fitness: list[float], settings: "Settings", rng: Rng) -> list[Vector]:
    """The next generation, same size: the elites, then selected parents crossed over and mutated."""
    order = sorted(range(len(population)), key=lambda i: (-fitness[i], i))
    children = [list(population[i]) for i in order[:settings.elitism]]
    while len(children) < settings.population:
        a = population[select(fitness, settings.selection, rng)]
        b = population[select(fitness, settings.selection, rng)]
        child = crossover(a, b, settings.crossover, rng) if rng.random() < CROSSOVER_P else list(a)
        children.append(mutate(child, rng))
    return children


# ---------------------------------------------------------------- games


def play_chunk(game_spec: str, agent: str, opponent: str, run_seed: int, indices: Sequence[int],
               agent_roles: Sequence[int], at: int) -> tuple[int, list[int]]:
    """(at, [won]) of `agent` in games `indices` of the run `run_seed`, playing role agent_roles[i] (role 0 sits
    first in even games: play_game's rotation). A game that raises stops the evolution."""
    wins = []
    for index, role in zip(indices, agent_roles):
        specs = [agent, opponent] if role == 0 else [opponent, agent]
        result = play_game(game_spec, specs, run_seed, index)
        if result.error is not None:
            raise GameFailed(f"{agent} vs {opponent}, game {index} of run {run_seed}", result.error, result.log,
                             f"game-{run_seed}-{index:06d}.json")
        wins.append(int(result.returns[role] > 0))
    return at, wins


def schedule(games: int, opponents: Sequence[str]) -> list[tuple[str, int, int]]:
    """(opponent, game index, the individual's role) of each fitness game: even blocks per opponent; the individual
    is first against opponent j in game i of its block when i + j is even."""
    per = games // len(opponents)
    out = []
    for j, opponent in enumerate(opponents):
        for i in range(per):
            index = j * per + i
            first = (i + j) % 2 == 0
            out.append((opponent, index, 0 if first == (seat_roles(index, 2)[0] == 0) else 1))
    return out


# ---------------------------------------------------------------- the run


@dataclass
class Settings:
    agent: str = AGENT
    agent_options: str = ""
    opponents: list = field(default_factory=lambda: list(OPPONENTS))
    games: int = GAMES_PER_EVAL
    generations: int = GENERATIONS
    population: int = POPULATION
    seed: int = 0
    game_spec: str = "hearthstone:deck=liege"
    selection: str = SELECTION
    elitism: int = ELITISM
    crossover: str = CROSSOVER
    start: str = START


@dataclass
class RunState:
    """Everything a resumed run needs: written after every generation."""

    settings: Settings
    generation: int = -1  # the last completed one
    population: list = field(default_factory=list)  # the last completed generation's vectors
    fitness: list = field(default_factory=list)  # their win rates
    rows: list = field(default_factory=list)  # the log, one row per generation
    games_played: int = 0
    agent_files: dict = field(default_factory=dict)  # SHA-256 of the files the opponents and options name

    def to_json(self) -> dict:
        return dict(asdict(self), version=STATE_VERSION)

    @classmethod
    def from_json(cls, data: dict, where: Path) -> "RunState":
        if data.get("version") != STATE_VERSION:
            raise UserError(f"{where}: not a state file of this version of the Hearthstone weights GA")
        data = dict(data)
        data.pop("version")
        check_types(Settings, data["settings"], "settings.")  # wrong-typed: TypeError, "unreadable state file"
        require(all(isinstance(o, str) for o in data["settings"].get("opponents", [])),
                "settings.opponents: not a list of agent specs")
        data["settings"] = Settings(**data["settings"])
        check_types(cls, data)
        require(data.get("generation", -1) >= -1, "generation is below -1")
        population, fitness = data.get("population", []), data.get("fitness", [])
        require(all(isinstance(v, list) and len(v) == len(FEATURES) and all(map(is_number, v)) for v in population),
                f"population: not vectors of {len(FEATURES)} weights")
        require(len(fitness) == len(population) and all(map(is_number, fitness)),
                "fitness: not one win rate per individual")
        for row in data.get("rows", []):
            require(isinstance(row, dict) and set(row) <= set(CSV_FIELDS) and is_number(row.get("best_so_far")),
                    "a log row is not one this run writes")
        require(all(isinstance(v, dict) for v in data.get("agent_files", {}).values()),
                "agent_files: not {agent spec: {option: file hash}}")
        return cls(**data)


def _agent_files(settings: Settings) -> dict:
    """The files the run's opponents and agent options name (checkpoints, weights), hashed."""
    from cardlab.agents.registry import agent_files

    return agent_files(dict.fromkeys([*settings.opponents, f"{settings.agent}:{settings.agent_options}"]))


def agent_spec(settings: Settings, weights_file: str | Path) -> str:
    options = f",{settings.agent_options}" if settings.agent_options else ""
    return f"{settings.agent}:eval=weights:{weights_file}{options}"


class _Runner:
    """Plays fitness games through the arena's run_jobs, checking for Ctrl-C after every job."""

    def __init__(self, settings: Settings, out: Path, workers: int, stop: Callable[[], bool],
                 on_games: Callable[[int], None]) -> None:
        self.s, self.out, self.workers, self.stop, self.on_games = settings, out, workers, stop, on_games
        (out / "individuals").mkdir(exist_ok=True)

    def spec(self, vector: Vector) -> str:
        """The agent spec of a weights file named by its content's hash (an elite reuses its file); written through
        a rename, so a full disk leaves no empty weights file behind."""
        folder = self.out / "individuals"
        text = rendered(lambda path: save_weights(vector_to_weights(vector), path), folder)
        named = folder / f"{hashlib.blake2b(text.encode(), digest_size=6).hexdigest()}.yaml"
        if not named.exists() or named.read_text(encoding="utf-8") != text:
            write_text_atomically(named, text)
        return agent_spec(self.s, named)

    def fitness(self, population: list[Vector], generation: int) -> list[float]:
        """Win rate of every individual over the generation's games (jobs in order, so the worker count changes
        nothing)."""
        jobs, owner = [], []
        games = schedule(self.s.games, self.s.opponents)
        for k, vector in enumerate(population):
            agent, run_seed = self.spec(vector), derive_seed(self.s.seed, generation, k)
            for opponent in self.s.opponents:
                mine = [(index, role) for opp, index, role in games if opp == opponent]
                for at in range(0, len(mine), CHUNK):
                    part = mine[at:at + CHUNK]
                    jobs.append((self.s.game_spec, agent, opponent, run_seed, [i for i, _ in part],
                                 [r for _, r in part], at))
                    owner.append(k)
        wins = [0] * len(population)
        for k, (_, won) in zip(owner, run_jobs(play_chunk, jobs, self.workers, ordered=True)):
            wins[k] += sum(won)
            self.on_games(len(won))
            if self.stop():
                raise Interrupted
        return [w / len(games) for w in wins]


def initial_population(settings: Settings) -> list[Vector]:
    start = _clip(weights_to_vector(load_weights(resolve_weights_path(settings.start))))
    rng = Rng(derive_seed(settings.seed, "init"))
    return [start] + [perturb(start, INIT_SIGMA, rng) for _ in range(settings.population - 1)]


def step(state: RunState, runner: _Runner, generation: int) -> dict:
    """One generation: breed (or start), measure everybody; returns the log row."""
    s = state.settings
    begin = time.monotonic()
    if generation == 0:
        population = initial_population(s)
    else:
        population = breed(state.population, state.fitness, s, Rng(derive_seed(s.seed, "breed", generation)))
    fitness = runner.fitness(population, generation)
    state.population, state.fitness = population, fitness
    state.games_played += len(population) * (s.games // len(s.opponents)) * len(s.opponents)
    best = max(range(len(fitness)), key=lambda i: (fitness[i], -i))
    previous = max((r["best_so_far"] for r in state.rows), default=-1.0)
    row = {"generation": generation, "best_fitness": round(fitness[best], 4),
           "mean_fitness": round(sum(fitness) / len(fitness), 4),
           "best_so_far": round(max(previous, fitness[best]), 4), "best_individual": best,
           "best_wins": round(fitness[best] * s.games), "games": s.games, "games_played": state.games_played,
           "seconds": round(time.monotonic() - begin, 2)}
    row.update(vector_to_weights(population[best]))
    return row


CSV_FIELDS = ["generation", "best_fitness", "mean_fitness", "best_so_far", "best_individual", "best_wins", "games",
              "games_played", "seconds"] + list(FEATURES)


def _comment(state: RunState, row: dict, what: str) -> str:
    s = state.settings
    return "\n".join([
        f"Hearthstone weighted-feature evaluation evolved by `cardlab evolve hearthstone` (spec section 9): {what}",
        f"fitness {row['best_wins']}/{s.games} wins of {agent_spec(s, 'THIS_FILE')} vs {' + '.join(s.opponents)}",
        f"game {s.game_spec}, seed {s.seed}, population {s.population}, selection {s.selection}, "
        f"crossover {s.crossover}, elitism {s.elitism}",
        f"use: eval=weights:PATH (e.g. search:eval=weights:PATH or mcts:eval=weights:PATH)"])


def write_generation(out: Path, state: RunState, row: dict) -> None:
    """The generation's best, best.yaml, the logs from the saved rows, then the state file (last: a crash in
    between redoes the generation on resume)."""
    generation = row["generation"]
    best = vector_to_weights(state.population[row["best_individual"]])
    save_atomically(out / f"gen_{generation:03d}.yaml",
                    lambda path: save_weights(best, path, _comment(state, row, f"generation {generation} best")))
    save_atomically(out / "best.yaml",  # the previous generation's stays whole if this write fails
                    lambda path: save_weights(best, path, _comment(state, row,
                                                                   f"best of generation {generation} (the latest)")))
    write_csv(out / "log.csv", CSV_FIELDS, state.rows)
    log = {"settings": asdict(state.settings),
           "generations": [{**{k: v for k, v in r.items() if k not in FEATURES},
                            "weights": {f: r[f] for f in FEATURES}} for r in state.rows]}
    write_text_atomically(out / "log.json", json.dumps(log, indent=1) + "\n")
    write_json_atomic(out / "state.json", state.to_json())


def check_settings(s: Settings) -> None:
    """Every option a user can get wrong, as one-line UserErrors, before any game is played."""
    if s.agent not in AGENTS:
        raise UserError(f"--agent {s.agent!r}: the evolved evaluation plugs into {' or '.join(AGENTS)}")
    if "eval=" in s.agent_options.replace(" ", ""):
        raise UserError(f"--agent-options {s.agent_options!r}: eval= is the evolved weights; give the other options")
    if s.selection not in SELECTIONS:
        raise UserError(f"--selection {s.selection!r}: one of {', '.join(SELECTIONS)}")
    if s.crossover not in CROSSOVERS:
        raise UserError(f"--crossover {s.crossover!r}: one of {', '.join(CROSSOVERS)}")
    if not s.opponents:
        raise UserError("--opponents: give at least one opponent agent (e.g. greedy trading)")
    if len(set(s.opponents)) != len(s.opponents):
        twice = sorted({o for o in s.opponents if s.opponents.count(o) > 1})
        raise UserError(f"--opponents: {', '.join(twice)} given twice (each opponent plays an equal share of the "
                        "games; name it once)")
    for flag, value, low in (("--generations", s.generations, 1), ("--population", s.population, 2),
                             ("--games-per-eval", s.games, 1), ("--elitism", s.elitism, 0)):
        if value < low:
            raise UserError(f"{flag} {value}: must be at least {low}")
    if s.elitism >= s.population:
        raise UserError(f"--elitism {s.elitism}: must be less than --population {s.population}")
    if s.games % len(s.opponents):
        raise UserError(f"--games-per-eval {s.games}: must be a multiple of the {len(s.opponents)} opponents "
                        "(games are split evenly)")
    game = make_game(s.game_spec)
    if game.name != "hearthstone":
        raise UserError(f"game {s.game_spec!r}: the weighted-feature evaluation is Hearthstone's")
    load_weights(resolve_weights_path(s.start))
    make_agent(agent_spec(s, resolve_weights_path(s.start)), game=game.name)
    for opponent in s.opponents:
        make_agent(opponent, game=game.name)
    refuse_human_in_unattended_runs(s.opponents, "evolve")


@releases_folders
def evolve(settings: Settings, out: Path, workers: int = 1, resume: bool = False,
           stop: Callable[[], bool] = lambda: False, report: Callable[[str], None] | None = None,
           on_games: Callable[[int], None] = lambda n: None) -> RunState:
    """Run (or resume) to the last generation unless `stop()` turns true; returns the saved state.
    Raises Interrupted when stopped mid-generation (the saved state is the previous generation's); a run that
    created `out` and is left before saving a generation removes what it wrote there."""
    check_settings(settings)
    refuse_out_breaking_specs(out)
    made = folder_is_new(out)
    state = open_run_state(out, settings, resume, RunState)  # only --generations may change
    with removed_unless_saved(out, made, "individuals"):  # stopped before generation 0 was saved: no folder left
        files = _agent_files(settings)
        changed = changed_agent_files(state.agent_files, files)  # (states written before they were recorded: {})
        if changed:  # the same spec, another file: the resumed generations would be measured against other agents
            raise UserError(f"{out}: the run was started with other files behind {', '.join(changed)} (their "
                            "SHA-256 differs now); resume with the same files or start another --out")
        state.agent_files = files
        runner = _Runner(settings, out, workers, stop, on_games)
        for generation in range(state.generation + 1, settings.generations):
            if stop():
                raise Interrupted
            work = RunState(**{**vars(state), "rows": list(state.rows)})
            row = step(work, runner, generation)  # on Interrupted, `state` stays the last saved one
            work.rows.append(row)
            work.generation = generation
            state = work
            write_generation(out, state, row)
            if report is not None:
                report(f"generation {generation + 1}/{settings.generations}: best {row['best_fitness']:.3f} "
                       f"({row['best_wins']}/{settings.games}), mean {row['mean_fitness']:.3f}")
    return state


# ---------------------------------------------------------------- command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--agent", default=AGENT, help=f"planner using the weights: mcts or search (default {AGENT})")
    parser.add_argument("--agent-options", default="",
                        help="the planner's other options, e.g. 'iters=200' or 'max_nodes=300' (eval= is the weights)")
    parser.add_argument("--opponents", nargs="+", default=list(OPPONENTS),
                        help=f"fixed opponents, games split evenly (default {' '.join(OPPONENTS)})")
    parser.add_argument("--games-per-eval", type=int, default=GAMES_PER_EVAL,
                        help=f"fitness games per individual (default {GAMES_PER_EVAL})")
    parser.add_argument("--out", required=True, help="directory for state.json, logs and the weight YAMLs")
    parser.add_argument("--generations", type=int, default=GENERATIONS, help=f"default {GENERATIONS}")
    parser.add_argument("--population", type=int, default=POPULATION, help=f"default {POPULATION}")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="game processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--resume", action="store_true", help="continue the run saved in --out")
    parser.add_argument("--deck", help="one deck for both sides (default liege)")
    parser.add_argument("--deck-pool", help="each game draws both decks from this pool (basic, classic, liege, random)")
    parser.add_argument("--selection", default=SELECTION, help=f"tournament or rank (default {SELECTION})")
    parser.add_argument("--elitism", type=int, default=ELITISM,
                        help=f"best individuals kept unchanged each generation (default {ELITISM})")
    parser.add_argument("--crossover", default=CROSSOVER, help=f"uniform or linear (default {CROSSOVER})")
    parser.add_argument("--start", default=START,
                        help=f"weights generation 0 perturbs: a shipped name or a YAML file (default {START})")


def _game_spec(args: argparse.Namespace) -> str:
    if args.deck and args.deck_pool:
        raise UserError("--deck and --deck-pool: give one of them")
    if args.deck_pool:
        return f"hearthstone:pool={args.deck_pool}"
    return f"hearthstone:deck={args.deck or 'liege'}"


def _check(args: argparse.Namespace) -> Settings:
    settings = Settings(args.agent, args.agent_options.strip(), list(args.opponents), args.games_per_eval,
                        args.generations, args.population, args.seed, _game_spec(args), args.selection,
                        args.elitism, args.crossover, args.start)
    check_settings(settings)
    if args.workers < 1:
        raise UserError(f"--workers {args.workers}: must be at least 1")
    return settings


def run(args: argparse.Namespace) -> int:
    """0 when the run completes, 130 after Ctrl-C (the last completed generation is saved)."""
    settings = _check(args)
    workers = cap_workers(args.workers, warn=lambda m: print(f"evolve hearthstone: warning: {m}", file=sys.stderr))
    out = out_folder(args.out)
    done = completed_generations(out, args.resume)
    progress = GenerationProgress("evolve hearthstone", settings.generations, done, every_s=PLAIN_EVERY_S)
    state = run_interruptible("evolve hearthstone", progress, out, lambda stop, report, on_games: evolve(
        settings, out, workers, args.resume, stop=stop, report=report, on_games=on_games), StopOnInterrupt)
    if state is None:
        return 130
    if state.rows:
        row = state.rows[-1]
        print(f"evolve hearthstone: generation {row['generation']} best {row['best_wins']}/{settings.games} wins "
              f"vs {' + '.join(settings.opponents)} -> {out / 'best.yaml'} (this generation's best; every "
              f"generation's is in gen_NNN.yaml, the best fitness so far {row['best_so_far']:.3f})")
    return 0


def main(argv: list[str] | None = None) -> int:
    return module_main("hearthstone", HELP, add_arguments, run, argv)


if __name__ == "__main__":
    sys.exit(main())
