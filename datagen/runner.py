"""Self-play runner: W worker processes play games, the main process writes them in game-id order.

Game i depends only on (seed, i): its seed is arena.match.game_seed(seed, i), agent A sits in seat i % 2 and the
decks come from the game's own rng. Results are written in id order and committed every `commit_every` games,
so any worker count, and any kill + `--resume`, yields the same rows as one uninterrupted run.
"""

from __future__ import annotations

import signal
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from engine.core import Rng, StopOnInterrupt, UserError
from engine.hearthstone.state import GameConfig, HearthstoneState

from datagen.chains import (CHAIN_KINDS, COLOUR, DEFAULT_GAMMA, DEFAULT_GREEN_THRESHOLD, DEFAULT_RED_THRESHOLD,
                            DEFAULT_REWARD, ChainRecorder)
from datagen.writer import WINNER_DRAW, WINNER_ERROR, ChainWriter, compact_file, settings_json

MAX_ACTIONS_PER_GAME = 5000
GAME_SELFPLAY, GAME_RED_TOPUP = 0, 1
# Settings that must match when a run is resumed (the total game count may grow).
_RESUME_KEYS = ("agents", "decks", "seed", "chains", "encoder", "gamma", "reward", "green_threshold",
                "red_threshold", "store_states", "max_turns", "red_topup", "topup_agent")


@dataclass(frozen=True)
class DatagenSettings:
    agents: tuple[str, str] = ("trading", "trading")
    deck: str | None = None
    decks: tuple[str, str] | None = None
    deck_pool: str | None = None
    seed: int = 0
    chains: tuple[str, ...] = CHAIN_KINDS
    encoder: str = "seed96"
    gamma: float = DEFAULT_GAMMA
    reward: float = DEFAULT_REWARD
    green_threshold: int = DEFAULT_GREEN_THRESHOLD
    red_threshold: int = DEFAULT_RED_THRESHOLD
    store_states: bool = False
    max_turns: int = 50
    games: int = 100  # self-play games; game ids games .. games + red_topup - 1 are red top-up games
    red_topup: int = 0
    topup_agent: str = "random-action"

    def validate(self) -> None:
        from agents.registry import make_agent
        from datagen.encoders import get_encoder

        if self.games < 0 or self.red_topup < 0 or self.games + self.red_topup <= 0:
            raise UserError(f"--games must be positive, got {self.games}")
        bad = [c for c in self.chains if c not in CHAIN_KINDS]
        if bad or not self.chains:
            raise UserError(f"--chains takes a comma list of {', '.join(CHAIN_KINDS)}, got {','.join(self.chains)!r}")
        if not 0 < self.gamma <= 1:
            raise UserError(f"--gamma must be in (0, 1], got {self.gamma}")
        if self.green_threshold <= self.red_threshold:
            raise UserError(f"--green-threshold ({self.green_threshold}) must be above the red threshold "
                            f"({self.red_threshold})")
        if self.max_turns < 2:
            raise UserError(f"--max-turns must be at least 2, got {self.max_turns}")
        if self.red_topup and COLOUR not in self.chains:
            raise UserError("--red-topup records colour chains: add colour to --chains")
        for spec in (*self.agents, self.topup_agent):
            make_agent(spec)  # fail fast on a bad spec, before starting workers
        get_encoder(self.encoder)
        self.deck_choice()

    def deck_choice(self):
        from arena.match import DeckChoice

        return DeckChoice.from_options(self.deck, list(self.decks) if self.decks else None, self.deck_pool)

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


def _agent(spec: str):
    from agents.registry import make_agent

    key = ("agent", spec)
    if key not in _CACHE:
        _CACHE[key] = make_agent(spec)
    return _CACHE[key]


def _encoder(spec: str):
    from datagen.encoders import get_encoder

    key = ("encoder", spec)
    if key not in _CACHE:
        _CACHE[key] = get_encoder(spec)
    return _CACHE[key]


def _decks(settings: DatagenSettings):
    key = ("decks", settings.deck, settings.decks, settings.deck_pool)
    if key not in _CACHE:
        _CACHE[key] = settings.deck_choice()
    return _CACHE[key]


def play_game(settings: DatagenSettings, index: int) -> GameRecord:
    """Play and record game `index`; an agent or engine failure ends this game only (recorded, no rows)."""
    from arena.match import game_seed

    gseed = game_seed(settings.seed, index)
    rng = Rng(gseed)
    deck_a, deck_b = _decks(settings).for_game(rng)
    a_seat = index % 2
    seat_decks = (deck_a, deck_b) if a_seat == 0 else (deck_b, deck_a)
    seat_specs = settings.agents if a_seat == 0 else settings.agents[::-1]
    topup = index >= settings.games
    kinds = (COLOUR,) if topup else settings.chains
    recorder = ChainRecorder(_encoder(settings.encoder), kinds, gamma=settings.gamma, reward=settings.reward,
                             green_threshold=settings.green_threshold, red_threshold=settings.red_threshold,
                             store_states=settings.store_states, rng=rng.spawn())
    config = GameConfig(max_turns=settings.max_turns)
    info = {"seed": gseed, "a_seat": a_seat, "winner": WINNER_ERROR, "turns": 0, "actions": 0,
            "kind": GAME_RED_TOPUP if topup else GAME_SELFPLAY, "error": 0, "rows_full": 0, "rows_colour": 0,
            "deck0": seat_decks[0].name, "deck1": seat_decks[1].name}
    error = None
    chains: dict = {}
    try:
        agents = [_agent(seat_specs[0]), _agent(seat_specs[1])]
        for seat, agent in enumerate(agents):
            agent.reset(seat, rng.next64())
        state_seed = rng.next64() & 0x7FFFFFFFFFFF
        state = HearthstoneState.new(config, [d.as_tuple() for d in seat_decks], state_seed)
        actions = 0
        if topup:
            from datagen.topup import play_to_red

            state, actions = play_to_red(state, settings, rng, seat_decks)
        last_actor = None
        while not state.is_terminal():
            if actions >= MAX_ACTIONS_PER_GAME:
                raise RuntimeError(f"game exceeded {MAX_ACTIONS_PER_GAME} actions")
            seat = state.current
            action = agents[seat].act(state.observation(seat))
            if action not in state.legal_actions():
                raise RuntimeError(f"agent {seat_specs[seat]} chose illegal action {action!r}")
            recorder.before_action(state, action)
            state.apply(action)
            actions += 1
            last_actor = seat
            recorder.after_action(state, seat)
        chains = recorder.finish(state, last_actor)
        info.update(winner=WINNER_DRAW if state.winner == -1 else state.winner, turns=state.turn, actions=actions)
    except Exception as exc:  # noqa: BLE001 - counted in the file, never fatal for the run
        error = f"game {index}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}"
        chains = {}
        info["error"] = 1
    for kind, cols in chains.items():
        info[f"rows_{kind}"] = len(cols["label"])
    return GameRecord(index, info, chains, error)


def _worker_init() -> None:
    from arena.match import _worker_init as arena_worker_init

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process handles Ctrl-C and commits
    _CACHE.clear()
    arena_worker_init()


def _play_star(job) -> GameRecord:
    return play_game(*job)


def iter_records(settings: DatagenSettings, start: int, stop: int, workers: int) -> Iterator[GameRecord]:
    """Records of games start..stop-1, in id order, whatever the worker count."""
    jobs = ((settings, i) for i in range(start, stop))
    if workers <= 1:
        for job in jobs:
            yield _play_star(job)
        return
    from arena.match import process_context

    pool = process_context().Pool(workers, initializer=_worker_init)
    try:
        yield from pool.imap(_play_star, jobs, chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


# ---------------------------------------------------------------- a whole run (main process)

def file_attrs(settings: DatagenSettings) -> dict:
    """Self-describing attributes of a new file."""
    import json
    from importlib import metadata

    from engine.hearthstone.carddb import card_db
    from datagen.encoders import get_encoder

    enc = get_encoder(settings.encoder)
    choice = settings.deck_choice()
    try:
        engine_version = metadata.version("cardlab")
    except metadata.PackageNotFoundError:
        engine_version = "unknown"
    decks = {"mode": choice.mode, "label": choice.label,
             "decks": [{"name": d.name, "class": d.hero_class, "cards": [c.id for c in d.cards]} for d in choice.decks]}
    plain = asdict(settings)
    plain["agents"] = list(settings.agents)
    plain["chains"] = list(settings.chains)
    return {
        "generator": "cardlab datagen",
        "encoder": enc.spec, "encoder_version": enc.version, "encoder_dim": enc.dim,
        "gamma": float(settings.gamma), "reward": float(settings.reward),
        "green_threshold": int(settings.green_threshold), "red_threshold": int(settings.red_threshold),
        "chains": ",".join(settings.chains),
        "agents": json.dumps(list(settings.agents)), "agent_seats": "agent A in seat i % 2 of game i",
        "decks": json.dumps(decks, sort_keys=True),
        "seed": int(settings.seed), "seeds": "game i: arena.match.game_seed(seed, i)",
        "max_turns": int(settings.max_turns),
        "games_requested": int(settings.total_games), "red_topup": int(settings.red_topup),
        "engine_version": engine_version, "card_data_version": card_db().source_version,
        "settings": settings_json(plain),
    }


def _check_resume(path: Path, writer: ChainWriter, settings: DatagenSettings) -> None:
    import json

    stored = json.loads(writer.f.attrs["settings"])
    mine = json.loads(settings_json({**asdict(settings), "agents": list(settings.agents),
                                     "chains": list(settings.chains)}))
    for key in _RESUME_KEYS + ("deck", "decks", "deck_pool"):
        if stored.get(key) != mine.get(key):
            raise UserError(f"{path} was generated with {key}={stored.get(key)!r}, not {mine.get(key)!r}; "
                            f"resume with the same settings or write a new file")
    if settings.red_topup and stored.get("games") != settings.games:
        raise UserError(f"{path} has red top-up games after game {stored.get('games')}: resume with --games "
                        f"{stored.get('games')}")


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


def generate(path: str | Path, settings: DatagenSettings, *, workers: int = 1, resume: bool = False,
             force: bool = False, commit_every: int = 16, compact: bool = True, backend: str = "process",
             progress: Callable[[int, int], None] | None = None) -> RunSummary:
    """Play settings.total_games games into `path` (or continue them with resume=True)."""
    path = Path(path)
    if workers <= 0:
        raise UserError(f"--workers must be positive, got {workers}")
    if backend not in ("process", "ray"):
        raise UserError(f"unknown backend {backend!r} (process, ray)")
    settings.validate()
    if backend == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise UserError("--backend ray needs the optional ray extra: pip install -e \".[ray]\" "
                            "(or use the default --backend process)")
        from datagen.ray_backend import iter_records_ray as records_fn
    else:
        records_fn = iter_records
    if resume and path.exists():
        writer = ChainWriter.resume(path)
        try:
            _check_resume(path, writer, settings)
        except UserError:
            writer.f.close()
            raise
        if int(writer.f.attrs["games_requested"]) != settings.total_games:
            writer.set_attr("games_requested", settings.total_games)
            settings_plain = __import__("json").loads(writer.f.attrs["settings"])
            settings_plain["games"] = settings.games
            writer.set_attr("settings", settings_json(settings_plain))
    else:
        from datagen.encoders import get_encoder

        writer = ChainWriter.create(path, file_attrs(settings), get_encoder(settings.encoder).feature_names,
                                    settings.chains, settings.store_states, force=force)
    start = writer.games_completed
    total = settings.total_games
    if start > total:
        writer.close()
        raise UserError(f"{path} already holds {start} games, more than the {total} requested")
    written = states = errors = 0
    first_error = None
    interrupted = False
    t0 = time.perf_counter()
    with StopOnInterrupt() as stop:
        try:
            for rec in records_fn(settings, start, total, workers):
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
        except KeyboardInterrupt:
            interrupted = True
            writer.commit()  # games already received are complete: keep them
        finally:
            done = writer.games_completed
            writer.close()
    if compact and not interrupted and done >= total:
        compact_file(path)
    return RunSummary(str(path), done, written, states, errors, time.perf_counter() - t0, interrupted, first_error)
