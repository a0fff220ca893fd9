"""Self-play runner: W worker processes play and encode games, the main process writes them in game-id order.

Each game is `arena.play.play_game` with a chain recorder as its observer: game i depends only on (seed, i) and
the roles change seats (`arena.play.seat_roles`: every seat order in turn). Workers (`workers.py`) take games in batches and send
back finished columns; the main process only appends them. Results are written in id order and committed every
`commit_every` games, so any worker count, and any kill + `--resume`, yields the same rows as one uninterrupted run.
"""

from __future__ import annotations

import contextlib
import json
import math
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from cardlab.arena.play import SEATING, Observer, play_game as play_one
from cardlab.engine.core import COOPERATIVE, Rng, derive_seed
from cardlab.engine.registry import make_game
from cardlab.runtime import StopOnInterrupt, UserError

from cardlab.datagen.chains import (CHAIN_KINDS, COLOUR, DEFAULT_GAMMA, FULL, chain_point, DEFAULT_GREEN_THRESHOLD, DEFAULT_RED_THRESHOLD,
                            DEFAULT_REWARD, ChainRecorder)
from cardlab.datagen.workers import WorkerDied, Workers, ordered_map
from cardlab.datagen.writer import (WINNER_DRAW, WINNER_ERROR, WINNER_SHARED, ChainWriter, WriteFailed, compact_file,
                                    layout_for, settings_json)

GAME_SELFPLAY, GAME_RED_TOPUP = 0, 1
# Hearthstone's encoder default lives here (its features package predates DEFAULT_ENCODER); other games declare theirs.
_DEFAULT_ENCODERS = {"hearthstone": "seed96"}
_THREAT_GAMES = ("hearthstone",)  # games with threat colours: colour chains, red top-up, eff_hp, decks


def has_threat_colours(game_name: str) -> bool:
    return game_name in _THREAT_GAMES


def default_encoder(game_name: str) -> str:
    """The encoder datagen records for a game without --encoder: its features package's DEFAULT_ENCODER."""
    from cardlab.engine.features import features_module

    if game_name in _DEFAULT_ENCODERS:
        return _DEFAULT_ENCODERS[game_name]
    module = features_module(game_name)  # cardlab's own, or the module beside an outside game's
    if module is None:
        raise UserError(f"{game_name} has no observation encoders: datagen cannot record it")
    name = getattr(module, "DEFAULT_ENCODER", None) or next(iter(getattr(module, "ENCODERS", {})), None)
    if name is None:
        raise UserError(f"{game_name} has no observation encoders: datagen cannot record it")
    return name
# Settings that must match when a run is resumed (the total game count may grow).
_RESUME_KEYS = ("game", "agents", "seed", "chains", "encoder", "gamma", "reward", "green_threshold",
                "red_threshold", "store_states", "red_topup", "topup_agent")


@dataclass(frozen=True)
class DatagenSettings:
    agents: tuple[str, ...] = ("trading", "trading")
    game: str = "hearthstone:deck=liege"
    seed: int = 0
    chains: tuple[str, ...] = ()  # () = the game's default: full,colour for Hearthstone, full for the others
    encoder: str = ""  # "" = the game's default encoder (Hearthstone seed96, Dominion table, Hanabi vector)
    gamma: float = DEFAULT_GAMMA
    reward: float = DEFAULT_REWARD
    green_threshold: int = DEFAULT_GREEN_THRESHOLD
    red_threshold: int = DEFAULT_RED_THRESHOLD
    store_states: bool = False
    games: int = 100  # self-play games; game ids games .. games + red_topup - 1 are red top-up games
    red_topup: int = 0
    topup_agent: str = "random-action"

    def __post_init__(self) -> None:
        game = make_game(self.game)
        object.__setattr__(self, "game", game.spec)  # one spelling per game in files and resumes
        if not self.encoder:
            object.__setattr__(self, "encoder", default_encoder(game.name))
        if not self.chains:
            object.__setattr__(self, "chains", CHAIN_KINDS if has_threat_colours(game.name) else (FULL,))

    def validate(self) -> None:
        from cardlab.agents.registry import make_agent
        from cardlab.engine.features import get_encoder

        if self.red_topup < 0:
            raise UserError(f"--red-topup must be >= 0, got {self.red_topup}")
        if self.games < 0 or self.games + self.red_topup <= 0:
            raise UserError(f"--games must be positive, got {self.games}")
        if self.games + self.red_topup >= 2**63 or not -2**63 <= self.seed < 2**63:  # HDF5 attributes are int64
            raise UserError(f"--games and --seed must fit in 64 bits, got {self.games} and {self.seed}")
        bad = [c for c in self.chains if c not in CHAIN_KINDS]
        if bad or not self.chains:
            raise UserError(f"--chains takes a comma list of {', '.join(CHAIN_KINDS)}, got {','.join(self.chains)!r}")
        if not 0 < self.gamma <= 1:
            raise UserError(f"--gamma must be in (0, 1], got {self.gamma}")
        if not (math.isfinite(self.reward) and self.reward > 0):  # 0 or nan would make every label 0 or nan
            raise UserError(f"--reward must be a finite number above 0, got {self.reward}")
        if self.green_threshold <= self.red_threshold:
            raise UserError(f"--green-threshold ({self.green_threshold}) must be above the red threshold "
                            f"({self.red_threshold})")
        game = make_game(self.game)
        if len(self.agents) != game.num_players:
            raise UserError(f"{game.spec} has {game.num_players} seats: give {game.num_players} --agents")
        if not has_threat_colours(game.name) and (COLOUR in self.chains or self.red_topup):
            raise UserError(f"threat-colour chains and --red-topup are Hearthstone's; use --chains full for {game.name}")
        if self.red_topup and COLOUR not in self.chains:
            raise UserError("--red-topup records colour chains: add colour to --chains")
        for spec in (*self.agents, self.topup_agent):
            make_agent(spec, game=game)  # fail fast on a bad spec, before starting workers
        get_encoder(self.encoder, game)

    @property
    def total_games(self) -> int:
        return self.games + self.red_topup


@dataclass
class GameRecord:
    index: int
    info: dict
    chains: dict = field(default_factory=dict)
    error: str | None = None

    @property
    def states(self) -> int:
        return sum(len(c["label"]) for c in self.chains.values())


# ---------------------------------------------------------------- one game (runs in workers)

_CACHE: dict = {}


def _encoder(spec: str, game):
    """The encoder `spec` sized for `game` (a Game), cached per game spec."""
    from cardlab.engine.features import get_encoder

    key = ("encoder", spec, game.spec)
    if key not in _CACHE:
        _CACHE[key] = get_encoder(spec, game)
    return _CACHE[key]


class _Recording(Observer):
    """The chain recorder as an observer of the play loop."""

    def __init__(self, recorder: ChainRecorder) -> None:
        self.recorder = recorder
        self.last_actor: int | None = None
        self.chains: dict = {}

    def before_action(self, state, action) -> None:
        self.recorder.before_action(state, action)

    def after_action(self, state, actor: int) -> None:
        self.last_actor = actor
        self.recorder.after_action(state, actor)

    def on_end(self, state, error) -> None:
        if error is None and state is not None:
            self.chains = self.recorder.finish(state, self.last_actor)


def play_game(settings: DatagenSettings, index: int) -> GameRecord:
    """Play and record game `index`; an agent or engine failure ends this game only (recorded, no rows)."""
    game = make_game(settings.game)
    topup = index >= settings.games
    kinds = (COLOUR,) if topup else settings.chains
    recorder = ChainRecorder(_encoder(settings.encoder, game), kinds, gamma=settings.gamma,
                             reward=settings.reward, green_threshold=settings.green_threshold,
                             red_threshold=settings.red_threshold, store_states=settings.store_states,
                             rng=Rng(derive_seed("encoder", settings.seed, index)),
                             cooperative=game.kind == COOPERATIVE)
    recording = _Recording(recorder)
    start = None
    prelude = [0]
    played_decks: list = []
    if topup:
        from cardlab.arena.play import seat_roles
        from cardlab.datagen.topup import play_to_red

        def start(state):
            roles = seat_roles(index, game.num_players)
            state, prelude[0] = play_to_red(state, settings, Rng(derive_seed("topup", settings.seed, index)), roles)
            played_decks[:] = [p.deck_name for p in state.players]  # a restart dealt other decks than the seed's
            return state
    r = play_one(game, settings.agents, settings.seed, index, observers=(recording,), start=start)
    a_seat = r.roles.index(0)
    info = {"seed": r.seed, "a_seat": a_seat, "winner": WINNER_ERROR, "turns": r.turns,
            "actions": r.actions + prelude[0], "kind": GAME_RED_TOPUP if topup else GAME_SELFPLAY,
            "error": 0 if r.ok else 1, "rows_full": 0, "rows_colour": 0}
    if has_threat_colours(game.name):
        decks = played_decks or [d.name for d in game.seat_decks(r.seed, r.roles)]
        info.update(deck0=decks[0], deck1=decks[1])
    chains = recording.chains if r.ok else {}
    if game.kind == COOPERATIVE:
        info["score"] = float(r.returns[0]) if r.ok else -1.0  # the score as the game gives it (0.5, 300)
    if r.ok:
        by_seat = [r.returns[role] for role in r.roles]
        winners = [seat for seat, v in enumerate(by_seat) if v > 0]
        info["winner"] = winners[0] if len(winners) == 1 else WINNER_SHARED if winners else WINNER_DRAW
    for kind, cols in chains.items():
        info[f"rows_{kind}"] = len(cols["label"])
    error = f"game {index}: {r.error}" if r.error is not None else None
    return GameRecord(index, info, chains, error)


MAX_BATCH = 8  # games per worker job: fewer, bigger messages between the worker processes and the writer


def play_games(settings: DatagenSettings, start: int, stop: int) -> list[GameRecord]:
    """Games start..stop-1 as one worker job."""
    return [play_game(settings, i) for i in range(start, stop)]


def game_batches(start: int, stop: int, workers: int) -> list[tuple[int, int]]:
    """Worker jobs as game ranges: up to MAX_BATCH games, shrinking towards the end of the run (a quarter of each
    worker's share of what is left) so that no worker finishes long after the others. The file never depends on it."""
    out = []
    i = start
    while i < stop:
        size = max(1, min(MAX_BATCH, (stop - i) // (4 * workers)))
        out.append((i, i + size))
        i += size
    return out


def iter_records(settings: DatagenSettings, start: int, stop: int, workers: int,
                 pool: Workers | None = None) -> Iterator[GameRecord]:
    """Records of games start..stop-1, in id order, whatever the worker count (`pool`: workers already started)."""
    if workers <= 1 and pool is None:
        for i in range(start, stop):
            yield play_game(settings, i)
        return
    jobs = [(settings, a, b) for a, b in game_batches(start, stop, workers)]
    for records in (pool.map(jobs) if pool is not None else ordered_map(play_games, jobs, workers)):
        yield from records


# ---------------------------------------------------------------- a whole run (main process)

def file_attrs(settings: DatagenSettings) -> dict:
    """Self-describing attributes of a new file."""
    import json
    from importlib import metadata

    from cardlab.engine.features import get_encoder

    game = make_game(settings.game)
    enc = get_encoder(settings.encoder, game)
    try:
        engine_version = metadata.version("cardlab")
    except metadata.PackageNotFoundError:
        engine_version = "unknown"
    extra = game.file_attrs()
    plain = asdict(settings)
    plain["agents"] = list(settings.agents)
    plain["chains"] = list(settings.chains)
    return {
        "generator": "cardlab datagen",
        "encoder": enc.spec, "encoder_version": enc.version, "encoder_dim": enc.dim,
        "gamma": float(settings.gamma), "reward": float(settings.reward),
        "green_threshold": int(settings.green_threshold), "red_threshold": int(settings.red_threshold),
        "chains": ",".join(settings.chains),
        "game": game.spec, "game_name": game.name,
        "agents": json.dumps(list(settings.agents)),
        "agent_seats": SEATING,
        "seed": int(settings.seed), "seeds": "game i: cardlab.arena.play.game_seed(seed, i)",
        "games_requested": int(settings.total_games), "red_topup": int(settings.red_topup),
        "engine_version": engine_version,
        "settings": settings_json(plain), **extra,
    } | _game_attrs(settings, game) | _vocabulary_attrs(enc)


def _vocabulary_attrs(enc) -> dict:
    """The ids behind the encoder's integer codes (rich: card ids), so a network trained on the file codes cards
    the same way after the card data changes."""
    ids = enc.vocabulary()
    return {} if ids is None else {"encoder_vocabulary": json.dumps(ids)}


def _game_attrs(settings: DatagenSettings, game) -> dict:
    """Attributes of files of games other than Hearthstone (whose files keep their exact bytes): the game's kind,
    where chains take a turn's state, how labels scale; and, for any game, the hashes of files the agents load."""
    out: dict = {}
    checkpoints = agent_checkpoints(settings.agents)
    if checkpoints:
        out["agent_checkpoints"] = json.dumps(checkpoints, sort_keys=True)
    if has_threat_colours(game.name):
        return out
    out["game_kind"] = game.kind
    out["chain_point"] = chain_point(game.new_initial_state(0))
    if game.kind == COOPERATIVE:
        max_score = getattr(game, "max_score", None)  # the Game attribute the arena reads too
        out["label_scale"] = float(max_score or settings.reward)
        out["label"] = "the team's final score (outcome); gamma and reward are not used"
    else:
        out["label"] = ("gamma**(chain_len - step) * reward * outcome, outcome = the sign of the player's return "
                        "(+1 won, -1 lost, 0 draw)")
    return out


def agent_checkpoints(agents) -> dict:
    """{agent spec: {option: sha256 of the file}} for every agent option naming a file (a checkpoint, a genome)."""
    from cardlab.agents.registry import agent_files

    return agent_files(agents)


def _check_resume(path: Path, attrs: dict, settings: DatagenSettings) -> None:
    """Refuse to continue `path` (its attributes, read before it is opened for writing) with other settings."""
    import json

    if "settings" not in attrs:
        raise UserError(f"{path} is damaged: its settings attribute is missing, so it cannot be resumed")
    stored = json.loads(attrs["settings"])
    from cardlab.agents.registry import changed_agent_files

    changed = changed_agent_files(json.loads(attrs.get("agent_checkpoints") or "{}"),
                                  agent_checkpoints(settings.agents))
    if changed:  # the same spec, another file: the resumed games would come from other agents
        raise UserError(f"{path} was generated with other files behind {', '.join(changed)} (their SHA-256 "
                        "differs now); resume with the same files or write a new file")
    mine = json.loads(settings_json({**asdict(settings), "agents": list(settings.agents),
                                     "chains": list(settings.chains)}))
    for key in _RESUME_KEYS:
        if stored.get(key) != mine.get(key):
            raise UserError(f"{path} was generated with {key}={stored.get(key)!r}, not {mine.get(key)!r}; "
                            f"resume with the same settings or write a new file")
    if attrs.get("agent_seats", SEATING) != SEATING and len(set(settings.agents[1:])) > 1:
        # written when three or more agents only rotated: resumed games would seat them another way
        raise UserError(f"{path} seated its agents by rotation only (agent r in seat (r + i) % seats); this cardlab "
                        "plays every seat order, so its games would differ: write a new file")
    if "encoder_vocabulary" in attrs:  # rows coded with other card codes cannot join the file
        from cardlab.engine.features import get_encoder
        from cardlab.engine.registry import make_game

        if json.loads(attrs["encoder_vocabulary"]) != get_encoder(settings.encoder, make_game(settings.game)).vocabulary():
            raise UserError(f"{path} was encoded with other card data (its card codes differ from this cardlab's); "
                            "write a new file")
    if settings.red_topup and stored.get("games") != settings.games:
        raise UserError(f"{path} has red top-up games after game {stored.get('games')}: resume with --games "
                        f"{stored.get('games')}")
    have, total = int(attrs["games_completed"]), settings.total_games
    if have > total:
        raise UserError(f"{path} already holds {have} games, more than the {total} requested")


@dataclass
class RunSummary:
    path: str
    games_completed: int
    games_written: int
    states_written: int
    errors: int
    elapsed_s: float
    interrupted: bool = False
    first_error: str | None = None

    def refuse_all_errors(self, then: str = "fix the cause and rerun with --force") -> None:
        """A UserError when every game this run played ended in an error (the file keeps them, as any run's)."""
        if self.games_written and self.errors == self.games_written:
            first = (self.first_error or "").strip().splitlines()[0] if self.first_error else "?"
            raise UserError(f"all {self.games_written} games this run played ended in an error, so {self.path} "
                            f"holds no data from them (first: {first}); {then}")


def generate(path: str | Path, settings: DatagenSettings, *, workers: int = 1, resume: bool = False,
             force: bool = False, commit_every: int = 16, compact: bool = True, backend: str = "process",
             progress: Callable[[int, int], None] | None = None) -> RunSummary:
    """Play settings.total_games games into `path` (or continue them with resume=True)."""
    if not str(path).strip():  # Path("") is ".", the current directory
        raise UserError("give an output file name (OUT.h5)")
    path = Path(path)
    if path.is_dir():
        raise UserError(f"{path} is a directory, not a data file: give a file name, e.g. {path / 'chains.h5'}")
    if workers <= 0:
        raise UserError(f"--workers must be positive, got {workers}")
    if backend not in ("process", "ray"):
        raise UserError(f"unknown backend {backend!r} (process, ray)")
    settings.validate()
    from cardlab.arena.match import plays_human

    person = plays_human(settings.agents)  # a person at this terminal: games in this process, Ctrl-C at once
    if person and backend == "ray":
        raise UserError("agent 'human' plays at this terminal: not with --backend ray (its workers have none)")
    if person and workers > 1:
        print("cardlab datagen: warning: agent 'human' plays at this terminal: using 1 worker", file=sys.stderr)
        workers = 1
    if backend == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise UserError("--backend ray needs the optional ray extra: pip install -e \".[ray]\" "
                            "(or use the default --backend process)")
        from cardlab.datagen.ray_backend import iter_records_ray as records_fn
    else:
        records_fn = iter_records
    t0 = time.perf_counter()
    # Worker processes start before the file is opened: they must never hold its descriptor (nor HDF5's lock).
    if backend == "process" and workers > 1:
        from cardlab.agents.registry import refuse_unsendable
        from cardlab.arena.play import process_context

        if process_context().get_start_method() != "fork":  # forked workers inherit every agent
            refuse_unsendable((*settings.agents, settings.topup_agent))
    pool = Workers(play_games, workers) if backend == "process" and workers > 1 else contextlib.nullcontext()
    with pool:
        try:
            writer = _open_writer(path, settings, resume, force)
            start = writer.games_completed
            total = settings.total_games
            records = (iter_records(settings, start, total, workers, pool) if isinstance(pool, Workers)
                       else records_fn(settings, start, total, workers))
            written = states = errors = 0
            first_error = None
            interrupted = False
            with StopOnInterrupt(defer=not person) as stop:
                try:
                    for rec in records:
                        writer.add_game(rec.info, rec.chains)
                        written += 1
                        states += rec.states
                        if rec.error is not None:
                            errors += 1
                            first_error = first_error or rec.error
                        if written % commit_every == 0:
                            writer.commit()
                        if progress is not None:
                            progress(start + written, states)
                        if stop.requested:
                            raise KeyboardInterrupt
                    writer.commit()
                except WorkerDied:
                    if not stop.requested:
                        raise
                    interrupted = True  # the Ctrl-C also reached a worker that was still starting: it is an interrupt
                    writer.commit()
                except KeyboardInterrupt:
                    interrupted = True
                    writer.commit()  # games already received are complete: keep them
                finally:
                    records.close()  # an unfinished run stops its workers now, not when they run out of jobs
                    done = writer.games_completed
                    writer.close()
        except WriteFailed as exc:  # the OS refused a write (disk full...): say what to do with what is kept
            then = ("free space (or fix the cause) and continue with --resume and the same settings" if exc.resumable
                    else "write it again with --force once the cause is fixed")
            raise UserError(f"{exc}; {then}") from None
    if compact and not interrupted and done >= total:
        try:
            compact_file(path, hint="; continue with --resume and the same settings to compact it once there is space")
        except KeyboardInterrupt:  # every game is in, the file uncompacted: --resume compacts it, so say so
            interrupted = True
    return RunSummary(str(path), done, written, states, errors, time.perf_counter() - t0, interrupted, first_error)


def _open_writer(path: Path, settings: DatagenSettings, resume: bool, force: bool) -> ChainWriter:
    """The run's file: resumed (same settings, the game count may grow) or created."""
    if resume and path.exists():
        from cardlab.datagen.reader import check_file
        from cardlab.datagen.writer import refuse_if_in_use

        # Every check reads the file before it is opened for writing: a refused resume leaves it byte-identical.
        if path.is_file():
            refuse_if_in_use(path, writing=True)
        _check_resume(path, check_file(path), settings)
        writer = ChainWriter.resume(path)
        if int(writer.f.attrs["games_requested"]) != settings.total_games:
            writer.set_attr("games_requested", settings.total_games)
            settings_plain = json.loads(writer.f.attrs["settings"])
            settings_plain["games"] = settings.games
            writer.set_attr("settings", settings_json(settings_plain))
        return writer
    from cardlab.engine.features import get_encoder

    game = make_game(settings.game)
    return ChainWriter.create(path, file_attrs(settings), get_encoder(settings.encoder, game).feature_names,
                              settings.chains, settings.store_states, force=force,
                              layout=layout_for(threat=has_threat_colours(game.name),
                                                cooperative=game.kind == COOPERATIVE))
