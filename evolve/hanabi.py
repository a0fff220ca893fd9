"""Genetic algorithm over the Hanabi `age` agent's nine constants (spec section 3).

`cardlab evolve hanabi --players N --generations 200 --out DIR [--population 50] [--workers W] [--resume] [--seed S]`

An individual is 7 floats in [0, 1] and 2 ints in [0, 10] (age_params.names() order). Each generation: tournament
selection of size 2, crossover with probability 0.8 (arithmetic for floats, uniform for ints), mutation with
probability 0.8 per individual and 0.1 per gene (a float moves by +-U[0, K], K = 1 - generation/generations; an int
by +-1), then fitness = mean score (keep convention) of 20 games with the individual in every seat; one that beats
the best so far plays 80 more and its fitness is the mean of all 100.

Reproducible whatever the worker count: game g of individual i in generation t uses the deal
derive_seed(seed, t, i, g), agents' own randomness derives from it, and the GA's draws come from a generator seeded
per generation. Resumable: DIR/state.json is rewritten after every generation, so a resumed run replays nothing and
ends exactly where an uninterrupted one would. Outputs: DIR/gen_NNN.yaml (each generation's best, loadable with
`age:params=PATH`), DIR/best.yaml (the best so far), DIR/log.csv.

A fitness game that fails (an agent raises or plays an illegal action, or the game passes its action cap) stops the
run as in the other evolutions: one line naming the game, saved in DIR/error-games/ for `cardlab replay`, and the
last completed generation stays saved for --resume (evolve/common.py:game_failed_message).

Choice not in the spec: generation 0 is random except individual 0, the source's hand-set values.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from cardlab.agents.hanabi.age import AgeAgent
from cardlab.agents.hanabi.age_params import FLOAT_PARAMS, INT_PARAMS, INT_RANGE, AgeParams, names
from cardlab.arena.play import DEFAULT_MAX_ACTIONS
from cardlab.engine.core import Rng, derive_seed
from cardlab.engine.hanabi.game import make_game
from cardlab.evolve.common import (open_run_state, module_main, GameFailed, GenerationProgress, Interrupted,
                                   check_types, completed_generations, folder_is_new, is_number, out_folder, read_csv,
                                   refuse_out_breaking_specs, removed_unless_saved, require, run_interruptible,
                                   worker_exits_on_sigterm, write_csv, write_json_atomic)
from cardlab.runtime import StopOnInterrupt, UserError, releases_folders, write_text_atomically

HELP = "evolve the Hanabi age agent's nine constants with the source's genetic algorithm"

POPULATION = 50
GENERATIONS = 200
TOURNAMENT_SIZE = 2
CROSSOVER_P = 0.8
MUTATION_P = 0.8  # per individual
GENE_MUTATION_P = 0.1  # per gene of a mutating individual
GAMES = 20
CONFIRM_GAMES = 80  # more games for an individual that beats the best so far
PLAIN_EVERY_S = 30.0  # seconds between plain progress lines off a terminal
STATE_VERSION = 1

Genome = list  # 7 floats then 2 ints, in age_params.names() order
N_FLOATS = len(FLOAT_PARAMS)
N_GENES = N_FLOATS + len(INT_PARAMS)


# ---------------------------------------------------------------- genomes


def to_params(genome: Sequence) -> AgeParams:
    return AgeParams(**dict(zip(names(), genome)))


def random_genome(rng: Rng) -> Genome:
    return [rng.random() for _ in range(N_FLOATS)] + [rng.randrange(INT_RANGE[1] + 1) for _ in INT_PARAMS]


def tournament(population: list[Genome], fitness: list[float], rng: Rng) -> Genome:
    """The fittest of TOURNAMENT_SIZE individuals drawn with replacement (ties: the first drawn)."""
    best = rng.randrange(len(population))
    for _ in range(TOURNAMENT_SIZE - 1):
        other = rng.randrange(len(population))
        if fitness[other] > fitness[best]:
            best = other
    return population[best]


def crossover(a: Genome, b: Genome, rng: Rng) -> tuple[Genome, Genome]:
    """Arithmetic for floats (children a*w + b*(1-w) and the mirror, w ~ U[0,1] per gene); uniform for ints."""
    c, d = list(a), list(b)
    for i in range(N_FLOATS):
        w = rng.random()
        c[i], d[i] = w * a[i] + (1 - w) * b[i], (1 - w) * a[i] + w * b[i]
    for i in range(N_FLOATS, N_GENES):
        if rng.randrange(2):
            c[i], d[i] = b[i], a[i]
    return c, d


def mutate(genome: Genome, k: float, rng: Rng) -> Genome:
    """Each gene with probability GENE_MUTATION_P: a float by +-U[0, k] clipped to [0, 1], an int by +-1 clipped."""
    out = list(genome)
    for i in range(N_GENES):
        if rng.random() >= GENE_MUTATION_P:
            continue
        sign = 1 if rng.randrange(2) else -1
        if i < N_FLOATS:
            out[i] = min(1.0, max(0.0, out[i] + sign * rng.random() * k))
        else:
            out[i] = min(INT_RANGE[1], max(INT_RANGE[0], out[i] + sign))
    return out


def breed(population: list[Genome], fitness: list[float], generation: int, generations: int, rng: Rng) -> list[Genome]:
    """The next generation, same size: pairs of tournament winners, crossed over and mutated."""
    k = min(1.0, max(0.0, 1 - generation / generations))
    children: list[Genome] = []
    while len(children) < len(population):
        a, b = tournament(population, fitness, rng), tournament(population, fitness, rng)
        if rng.random() < CROSSOVER_P:
            a, b = crossover(a, b, rng)
        for child in (a, b):
            if rng.random() < MUTATION_P:
                child = mutate(child, k, rng)
            children.append(list(child))
    return children[:len(population)]


# ---------------------------------------------------------------- games


def play_games(players: int, genome: Sequence, seeds: Sequence[int], names: Sequence[str] | None = None) -> list[int]:
    """Scores (keep convention) of games with `genome`'s age agent in every seat, one per deal seed.

    Checked as the arena's play loop (arena/play.py:play_game) checks its games: an action outside the legal ones,
    an exception in an agent or the engine, or a game longer than the game's `max_actions` (default
    DEFAULT_MAX_ACTIONS) raises GameFailed with the game's log (`names[k]` says which game `seeds[k]` is), which
    stops the run with one line naming the saved game; a UserError (the user's own setup) goes up as it is. The
    seeds are the GA's own (deal `seed`, agent seeds derive_seed(seed, "agent", p)), which fix its results."""
    game = make_game(players=players)
    params = to_params(genome).as_dict()
    agents = [AgeAgent(seed=0, **params) for _ in range(players)]
    max_actions = getattr(game, "max_actions", DEFAULT_MAX_ACTIONS)
    scores = []
    for k, seed in enumerate(seeds):
        actions: list = []
        state = None
        try:
            for p, agent in enumerate(agents):
                agent.reset(p, derive_seed(seed, "agent", p))
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                if len(actions) >= max_actions:
                    raise RuntimeError(f"game exceeded {max_actions} actions")
                p = state.current_player
                action = agents[p].act(state.observation(p))
                if action not in state.legal_actions():
                    raise RuntimeError(f"agent {agents[p].spec()} chose illegal action {action!r}")
                actions.append(action)
                state.apply(action)
        except UserError:  # the user's own setup: stop the run with its own message
            raise
        except Exception as exc:  # an agent or engine failure: the generation cannot be measured
            from cardlab.arena import gamelog

            error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
            roles = tuple(range(players))
            log = gamelog.game_log(game, seed, roles, [a.spec() for a in agents], actions,
                                   {"returns_by_role": None,
                                    "turns": state.turn_number if state is not None else 0}, error)
            what = names[k] if names is not None else f"age agent game with deal {seed}"
            raise GameFailed(what, error, log, f"game-{seed}.json") from None
        scores.append(state.score())
    return scores


def _play_task(task: tuple) -> tuple[object, list[int]]:
    key, players, genome, seeds, names = task
    return key, play_games(players, genome, seeds, names)


def _worker_init() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, worker_exits_on_sigterm)  # spawned too: a sudden death could hang terminate()


class GamePool:
    """Runs batches of (key, genome, seeds[, names]) tasks on `workers` processes (inline for 1); results by key."""

    def __init__(self, workers: int, players: int, stop: Callable[[], bool], on_games: Callable[[int], None]):
        self.players, self.stop, self.on_games = players, stop, on_games
        self.pool = None
        if workers > 1:
            from cardlab.arena.play import process_context

            # fork only while torch's thread pool has not started (a forked copy of it can deadlock the worker)
            self.pool = process_context().Pool(workers, initializer=_worker_init)

    def run(self, tasks: list[tuple]) -> dict:
        """Tasks are (key, genome, seeds) or (key, genome, seeds, names): `names` says which game each seed is, for
        the message of a failed game."""
        jobs = [(key, self.players, list(genome), task[0], task[1] if len(task) > 1 else None)
                for key, genome, *task in tasks]
        results: dict = {}
        found = map(_play_task, jobs) if self.pool is None else self.pool.imap_unordered(_play_task, jobs)
        for key, scores in found:
            results.setdefault(key, []).extend(scores)
            self.on_games(len(scores))
            if self.stop():
                raise Interrupted
        return results

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()


# ---------------------------------------------------------------- the run


@dataclass
class Settings:
    players: int = 2
    generations: int = GENERATIONS
    population: int = POPULATION
    seed: int = 0
    games: int = GAMES
    confirm_games: int = CONFIRM_GAMES


@dataclass
class RunState:
    """Everything a resumed run needs: written after every generation."""

    settings: Settings
    generation: int = -1  # the last completed one
    population: list = field(default_factory=list)
    fitness: list = field(default_factory=list)
    best: list | None = None
    best_fitness: float = float("-inf")
    best_generation: int = -1
    games_played: int = 0

    def to_json(self) -> dict:
        data = asdict(self)
        data["version"] = STATE_VERSION
        data["best_fitness"] = None if self.best is None else self.best_fitness
        return data

    @classmethod
    def from_json(cls, data: dict, where: Path) -> "RunState":
        if data.get("version") != STATE_VERSION:
            raise UserError(f"{where}: not a state file of this version of the Hanabi GA")
        data = dict(data)
        data.pop("version")
        check_types(Settings, data["settings"], "settings.")  # wrong-typed: TypeError, "unreadable state file"
        data["settings"] = Settings(**data["settings"])
        if data.get("best_fitness", 0) is None:
            data["best_fitness"] = float("-inf")
        check_types(cls, data)
        require(data.get("generation", -1) >= -1, "generation is below -1")
        population, fitness = data.get("population", []), data.get("fitness", [])
        genomes = population + ([data["best"]] if data.get("best") is not None else [])
        require(all(isinstance(g, list) and len(g) == N_GENES and all(map(is_number, g)) for g in genomes),
                f"population or best: not lists of the {N_GENES} constants")
        require(len(fitness) == len(population) and all(map(is_number, fitness)),
                "fitness: not one number per individual")
        return cls(**data)


def evaluate(pool: GamePool, state: RunState, population: list[Genome], generation: int) -> tuple[list[float], int]:
    """Fitness of every individual, and how many got the confirmation games. Confirmations go in individual order
    (each can raise the bar for the next), their games in parallel, so the worker count changes nothing."""
    s = state.settings
    seeds = [[derive_seed(s.seed, generation, i, g) for g in range(s.games)] for i in range(len(population))]
    scores = pool.run([(i, population[i], seeds[i], _names(generation, i, 0, s.games))
                       for i in range(len(population))])
    fitness = []
    confirmed = 0
    chunk = max(1, s.confirm_games // 8)
    for i, genome in enumerate(population):
        games = scores[i]
        mean = sum(games) / len(games)
        if mean > state.best_fitness and s.confirm_games > 0:
            extra = [derive_seed(s.seed, generation, i, g) for g in range(s.games, s.games + s.confirm_games)]
            more = pool.run([((i, j), genome, extra[j:j + chunk],
                              _names(generation, i, s.games + j, min(chunk, len(extra) - j)))
                             for j in range(0, len(extra), chunk)])
            for j in range(0, len(extra), chunk):
                games = games + more[(i, j)]
            mean = sum(games) / len(games)
            confirmed += 1
        if mean > state.best_fitness:
            state.best, state.best_fitness, state.best_generation = list(genome), mean, generation
        state.games_played += len(games)
        fitness.append(mean)
    return fitness, confirmed


def _names(generation: int, individual: int, first: int, count: int) -> list[str]:
    """What the message of a failed game calls games first..first+count-1 of an individual (GameFailed's `what`)."""
    return [f"age agent of individual {individual}, generation {generation}, game {g}"
            for g in range(first, first + count)]


def next_population(state: RunState, generation: int) -> list[Genome]:
    s = state.settings
    if generation == 0:
        rng = Rng(derive_seed(s.seed, "init"))
        default = AgeParams().as_dict()
        return [[default[n] for n in names()]] + [random_genome(rng) for _ in range(s.population - 1)]
    rng = Rng(derive_seed(s.seed, "breed", generation))
    return breed(state.population, state.fitness, generation, s.generations, rng)


CSV_FIELDS = ["generation", "best_fitness", "mean_fitness", "best_so_far", "best_so_far_generation", "confirmed",
              "games_played", "seconds"] + names()


def write_generation(out: Path, state: RunState, generation: int, fitness: list[float], confirmed: int,
                     seconds: float) -> None:
    """Generation's best YAML, best-so-far YAML, a CSV row, then the state file (last: a crash in between redoes
    the generation on resume)."""
    best_i = max(range(len(fitness)), key=lambda i: (fitness[i], -i))
    genome = state.population[best_i]
    comment = (f"Hanabi age agent, {state.settings.players} players: generation {generation} best "
               f"(individual {best_i}), fitness {fitness[best_i]:.3f}\nseed {state.settings.seed}")
    # (save_params's text, written through a rename: a full disk leaves the previous best.yaml whole)
    write_text_atomically(out / f"gen_{generation:03d}.yaml", to_params(genome).to_yaml(comment))
    write_text_atomically(out / "best.yaml", to_params(state.best).to_yaml(
        f"Hanabi age agent, {state.settings.players} players: best so far, fitness {state.best_fitness:.3f} "
        f"(generation {state.best_generation})\nseed {state.settings.seed}"))
    row = {"generation": generation, "best_fitness": round(fitness[best_i], 4),
           "mean_fitness": round(sum(fitness) / len(fitness), 4), "best_so_far": round(state.best_fitness, 4),
           "best_so_far_generation": state.best_generation, "confirmed": confirmed,
           "games_played": state.games_played, "seconds": round(seconds, 2)}
    row.update({n: (round(v, 6) if isinstance(v, float) else v) for n, v in zip(names(), genome)})
    log = out / "log.csv"
    # rewritten whole through a rename, not appended: a full disk must not leave half a row to resume after
    write_csv(log, CSV_FIELDS, read_csv(log) + [row])
    write_json_atomic(out / "state.json", state.to_json())


def trim_log(out: Path, last_generation: int) -> None:
    """Drop log rows a crash left after the last saved generation."""
    log = out / "log.csv"
    if log.exists():
        write_csv(log, CSV_FIELDS, [r for r in read_csv(log) if int(r["generation"]) <= last_generation])


@releases_folders
def evolve(settings: Settings, out: Path, workers: int = 1, resume: bool = False,
           stop: Callable[[], bool] = lambda: False, report: Callable[[str], None] | None = None,
           on_games: Callable[[int], None] = lambda n: None) -> RunState:
    """Run (or resume) the GA to its last generation unless `stop()` turns true; returns the saved state.
    Raises Interrupted when stopped mid-generation (the saved state is the previous generation's); a run that
    created `out` and is left before saving a generation removes what it wrote there."""
    out = Path(out)
    if not resume:  # best.yaml is used as age:params=OUT/best.yaml; a run an earlier cardlab began may go on
        refuse_out_breaking_specs(out)
    made = folder_is_new(out)
    state = open_run_state(out, settings, resume, RunState, extendable=False)
    with removed_unless_saved(out, made):  # stopped before generation 0 was saved: no folder left
        if resume:
            trim_log(out, state.generation)
        else:
            (out / "log.csv").unlink(missing_ok=True)
        pool = GamePool(workers, settings.players, stop, on_games)
        try:
            for generation in range(state.generation + 1, settings.generations):
                if stop():
                    raise Interrupted
                start = time.monotonic()
                population = next_population(state, generation)
                fitness, confirmed = evaluate(pool, state, population, generation)
                state.generation, state.population, state.fitness = generation, population, fitness
                write_generation(out, state, generation, fitness, confirmed, time.monotonic() - start)
                if report is not None:
                    report(f"generation {generation + 1}/{settings.generations}: best {max(fitness):.2f}, "
                           f"mean {sum(fitness) / len(fitness):.2f}, best so far {state.best_fitness:.2f}")
        finally:
            pool.close()
    return state


# ---------------------------------------------------------------- command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=2, help="players per game, 2-5 (default 2)")
    parser.add_argument("--generations", type=int, default=GENERATIONS, help=f"default {GENERATIONS}")
    parser.add_argument("--population", type=int, default=POPULATION, help=f"default {POPULATION}")
    parser.add_argument("--out", required=True, help="directory for state.json, log.csv and the YAML params")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="game processes (default: all cores)")
    parser.add_argument("--resume", action="store_true", help="continue the run saved in --out")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--games", type=int, default=GAMES, help=f"games per fitness (default {GAMES})")
    parser.add_argument("--confirm-games", type=int, default=CONFIRM_GAMES,
                        help=f"more games for a new best (default {CONFIRM_GAMES})")


def _check(args: argparse.Namespace) -> Settings:
    if not 2 <= args.players <= 5:
        raise UserError(f"--players {args.players}: Hanabi takes 2-5 players")
    for flag, value, low in (("--generations", args.generations, 1), ("--population", args.population, 2),
                             ("--workers", args.workers, 1), ("--games", args.games, 1),
                             ("--confirm-games", args.confirm_games, 0)):
        if value < low:
            raise UserError(f"{flag} {value}: must be at least {low}")
    return Settings(args.players, args.generations, args.population, args.seed, args.games, args.confirm_games)


class _Progress(GenerationProgress):
    """The shared generation bar, titled for this GA (PLAIN_EVERY_S read at start, so tests can shorten it)."""

    def __init__(self, settings: Settings, done_generations: int, stream=None) -> None:
        super().__init__("evolve hanabi", settings.generations, done_generations, stream, PLAIN_EVERY_S)


def run(args: argparse.Namespace) -> int:
    """0 when the run completes, 130 after Ctrl-C (the last completed generation is saved)."""
    from cardlab.arena.play import cap_workers

    settings = _check(args)
    workers = cap_workers(args.workers, warn=lambda m: print(f"evolve hanabi: warning: {m}", file=sys.stderr))
    out = out_folder(args.out)
    done = completed_generations(out, args.resume)
    progress = _Progress(settings, done)
    state = run_interruptible("evolve hanabi", progress, out, lambda stop, report, on_games: evolve(
        settings, out, workers, args.resume, stop=stop, report=report, on_games=on_games), StopOnInterrupt)
    if state is None:
        return 130
    print(f"evolve hanabi: best fitness {state.best_fitness:.3f} (generation {state.best_generation}) "
          f"-> {out / 'best.yaml'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    return module_main("hanabi", HELP, add_arguments, run, argv)


if __name__ == "__main__":
    sys.exit(main())
