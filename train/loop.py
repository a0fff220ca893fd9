"""Iterated self-play (`cardlab loop`): datagen with the promoted agent -> a value net -> a gate -> anchors.

Generation 0 is the starting agent (a bot or a checkpoint). Generation k >= 1:

1. data: `games_per_gen` self-play games of the promoted agent (every seat; `start_games` while the starting
   agent is the promoted one), a datagen file;
2. train: a value net on that file (with a window > 1, merged with the files of the generations before);
3. gate: the candidate (`search:ckpt=gen-k's net`) against the promoted agent, fixed seed and node budget;
4. decision: promote or keep the incumbent (see `gate_rule`);
5. anchors: the promoted agent against each anchor agent (fixed seed), so generations compare on one scale.

Everything lives under OUT/gen-K/; OUT/loop.json names the settings, the promoted agent and the steps each
generation finished. Every step is resumable (datagen and training continue their files, arenas keep a journal),
so a rerun after Ctrl-C or a crash continues at the step it reached and writes what an uninterrupted run writes.
An arena whose agents, seed and game count equal an earlier generation's (an anchor of an agent that stayed
promoted) is copied from it rather than replayed: a fixed seed plays the same games.
"""

from __future__ import annotations

import json
import shutil
import time
from contextlib import contextmanager, nullcontext
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Callable, ContextManager, Iterator

from cardlab.engine.core import COOPERATIVE, derive_seed
from cardlab.engine.registry import make_game
from cardlab.runtime import (FolderLock, StopOnInterrupt, UserError, hold_folder, releases_folders,
                             write_text_atomically)

LOOP_FORMAT = "cardlab-loop"
LOOP_VERSION = 1

# Starting agent and anchors of a game when the user names none ("{search}" is the rho search at the loop's node
# budget). A game missing here needs --start-agent (and takes no anchors unless --anchors names some).
GAME_DEFAULTS = {
    "hearthstone": {"start": "trading", "anchors": ("trading", "greedy", "{search}")},
    "dominion": {"start": "bigmoney", "anchors": ("bigmoney", "smithy-bm")},
    "hanabi": {"start": "age", "anchors": ("age", "hinting")},
}

# The default value net: small enough for a laptop CPU; ReLU + LayerNorm as the shipped nets.
DEFAULT_TRAIN = {"hidden": [128, 128], "activation": "relu", "norm": "layer", "batch_size": 256, "max_epochs": 10,
                 "early_stopping_patience": 3, "ignore_constant_features": True}

Bar = Callable[[str, int], ContextManager[Callable[[int], None]]]


class NetToCome:
    """Stands in for a generation's value net while `--search-options` are checked, before any net exists."""

    name = "ckpt=<each generation's net>"
    monotone = False

    def evaluate(self, states: list, player: int) -> list[float]:
        return [0.0] * len(states)

    def terminal(self, state, player: int) -> float:
        return 0.0


@dataclass(frozen=True)
class LoopSettings:
    """Everything that fixes a loop's results (workers do not): loop.json keeps them and a resume must match."""

    game: str = "hearthstone:deck=liege"
    generations: int = 3  # trained generations after generation 0 (the starting agent)
    games_per_gen: int = 200
    start_games: int = 0  # datagen games when the starting agent plays them (a cheap bot: more); 0 = games_per_gen
    gate_games: int = 100
    anchor_games: int = 50
    anchors: tuple[str, ...] | None = None  # None: the game's defaults
    start_agent: str = ""  # "": the game's default
    max_nodes: int = 1000  # node budget of every net agent (and of the default rho-search anchor)
    search_options: str = ""  # more options for the net agents, e.g. "k=2"
    encoder: str = ""  # "": the game's default encoder
    window: int = 1  # generations of data each net trains on (this one and window - 1 before it)
    train: dict = field(default_factory=dict)  # ValueConfig settings over DEFAULT_TRAIN
    seed: int = 0

    def resolved(self) -> "LoopSettings":
        """Defaults filled in, game spec in its canonical spelling; validated (UserError on impossible values)."""
        from cardlab.agents.registry import make_agent
        from cardlab.train.value import ValueConfig

        for name in ("generations", "games_per_gen", "start_games", "gate_games", "anchor_games", "max_nodes",
                     "window"):
            value = getattr(self, name)
            low = 0 if name in ("generations", "start_games") else 1
            if not isinstance(value, int) or value < low:
                raise UserError(f"--{name.replace('_', '-')} must be {'>= 0' if low == 0 else 'positive'}, "
                                f"got {value}")
        for name in ("games_per_gen", "start_games"):
            if getattr(self, name) == 1:
                raise UserError(f"--{name.replace('_', '-')} must be at least 2 (a net needs games to split), got 1")
        game = make_game(self.game)
        if game.kind == COOPERATIVE:
            for name in ("gate_games", "anchor_games"):
                if getattr(self, name) == 1:
                    raise UserError(f"--{name.replace('_', '-')} must be at least 2 for {game.name} (a t interval of "
                                    "the mean score needs two games), got 1")
        else:
            from cardlab.arena.stats import wilson_interval

            share = 1.0 / game.num_players
            least = next(n for n in range(1, 1000) if wilson_interval(n, n)[0] > share)
            if self.gate_games < least:
                raise UserError(f"--gate-games {self.gate_games} can never promote in {game.num_players}-player "
                                f"{game.name}: even {self.gate_games} wins of {self.gate_games} leave the 95% "
                                f"interval's lower end under {share:.3g}; give at least {least}")
        defaults = GAME_DEFAULTS.get(game.name, {})
        start = self.start_agent or defaults.get("start", "")
        if not start:
            raise UserError(f"give --start-agent for {game.name}: the agent generation 0 plays (e.g. random)")
        start = self._at_loop_budget(start)
        anchors = self.anchors if self.anchors is not None else tuple(
            a.format(search=f"search:max_nodes={self.max_nodes}") for a in defaults.get("anchors", ()))
        if len(set(anchors)) != len(anchors):
            raise UserError(f"--anchors names an agent twice: {' '.join(anchors)}")
        for spec in (start, *anchors):
            make_agent(spec, game=game)  # a bad spec fails now, not after an hour of games
        from cardlab.arena.match import refuse_human_in_unattended_runs

        refuse_human_in_unattended_runs((start, *anchors), "loop")
        if self.search_options:
            keys = {part.partition("=")[0].strip() for part in self.search_options.split(",")}
            clash = sorted(keys & {"ckpt", "eval"})
            if clash:
                raise UserError(f"--search-options may not set {clash[0]}: each generation's net agent plays its own "
                                "checkpoint (give a starting net with --start-agent)")
            if "max_nodes" in keys:
                raise UserError("--search-options may not set max_nodes: give the node budget with --max-nodes")
            # every option checked now, with a stand-in for the net each generation will bring
            make_agent(f"search:max_nodes={self.max_nodes},{self.search_options}", game=game.name,
                       objects={"eval": NetToCome()})
        train = {**DEFAULT_TRAIN, **self.train}
        cfg = ValueConfig.from_dict(train, "--train-config")
        from cardlab.datagen.runner import DatagenSettings, default_encoder, has_threat_colours
        from cardlab.engine.features import get_encoder
        from cardlab.train.value import refuse_oversized_net

        # what training would refuse after generation 1's data step, refused before any game (as fit_value
        # refuses a file of such a game)
        if cfg.init:
            raise UserError(f"--train-config: init: {cfg.init}: each generation's net trains from scratch on its "
                            "generations' games; to start the loop from a trained net, give --start-agent "
                            "search:ckpt=NET")
        if str(cfg.devices).strip() not in ("auto", "1"):
            raise UserError(f"--train-config: devices: {cfg.devices}: the loop trains in its own process on one "
                            "device (several devices start copies of the whole command, each running the loop); "
                            "train on several GPUs with `cardlab train value --devices N`")
        if cfg.chains == "colour" and not has_threat_colours(game.name):
            raise UserError(f"--train-config: chains: colour: colour chains are Hearthstone's; {game.name} trains "
                            "with chains: full")
        encoder = self.encoder or default_encoder(game.name)
        DatagenSettings(agents=(start,) * game.num_players, game=game.spec, encoder=encoder).validate()
        refuse_oversized_net(cfg, get_encoder(encoder, game).dim, "--train-config")
        return LoopSettings(**{**asdict(self), "game": game.spec, "start_agent": start, "anchors": tuple(anchors),
                               "train": train, "start_games": self.start_games or self.games_per_gen,
                               "encoder": encoder})

    def _at_loop_budget(self, spec: str) -> str:
        """A search start agent plays at the loop's node budget and search options, as every candidate does (the
        gate compares agents at one budget); an explicit max_nodes of its own must be that budget."""
        from cardlab.engine.registry import parse_spec

        try:
            name, options = parse_spec(spec)
        except Exception:  # noqa: BLE001 - make_agent below names what is wrong with it
            return spec
        if name != "search":
            return spec
        if "max_nodes" in options and _as_int(options["max_nodes"]) not in (None, self.max_nodes):
            raise UserError(f"--start-agent {spec}: max_nodes={options['max_nodes']} differs from --max-nodes "
                            f"{self.max_nodes}; the gate compares every generation at one node budget")
        wanted = [f"max_nodes={self.max_nodes}"] + [p.strip() for p in self.search_options.split(",") if p.strip()]
        extra = [p for p in wanted if p.partition("=")[0].strip() not in options]
        if not extra:
            return spec
        head = spec.rstrip().rstrip(",")
        return head + ("" if head.endswith(":") else "," if ":" in head else ":") + ",".join(extra)

    def to_json(self) -> dict:
        out = asdict(self)
        out["anchors"] = list(self.anchors or ())
        return out


# ---------------------------------------------------------------- the state file

class LoopState:
    """OUT/loop.json: settings, the promoted agent, each generation's finished steps and figures."""

    def __init__(self, path: Path, data: dict) -> None:
        self.path, self.data = path, data

    @classmethod
    def open(cls, out: Path, settings: LoopSettings) -> "LoopState":
        path = out / "loop.json"
        mine = settings.to_json()
        if path.exists():
            data = _read_loop_file(path, "; give another --out")
            stored = data["settings"]
            if stored.get("start_agent") != mine["start_agent"] and isinstance(stored.get("start_agent"), str):
                # a loop begun before search start agents took the loop's budget: the same --start-agent now
                # resolves with max_nodes= added, which is not a change of the user's options
                try:
                    if replace(settings, start_agent=stored["start_agent"])._at_loop_budget(
                            stored["start_agent"]) == mine["start_agent"]:
                        stored["start_agent"] = mine["start_agent"]
                except UserError:
                    pass
            was, now = _flat(stored), _flat(mine)
            changed = sorted(k for k in set(was) | set(now) if k != "generations" and was.get(k) != now.get(k))
            if changed:
                diff = ", ".join(f"{k}={was.get(k)!r} (now {now.get(k)!r})" for k in changed)
                raise UserError(f"{out} holds a loop with other settings: {diff}; rerun with the same options "
                                "(only --generations may grow) or give another --out")
            if isinstance(stored.get("generations"), int) and settings.generations < stored["generations"]:
                raise UserError(f"{out} holds a loop of {stored['generations']} generations; --generations may only "
                                f"grow (got {settings.generations}): rerun with {stored['generations']} or more, or "
                                "give another --out")
            data["settings"]["generations"] = settings.generations
        else:
            if out.exists() and not out.is_dir():
                raise UserError(f"--out {out} is a file, not a folder")
            if out.is_dir() and any(p.name != FolderLock.NAME for p in out.iterdir()):  # a lock file alone: empty
                raise UserError(f"--out {out} is not empty and holds no loop.json; give a new folder")
            out.mkdir(parents=True, exist_ok=True)
            data = {"format": LOOP_FORMAT, "version": LOOP_VERSION, "settings": mine, "generations": {},
                    "promoted": None}
        hold_folder(out, "running a loop in it")  # two loops would play into the same journals and files
        state = cls(path, data)
        state.save()
        return state

    def gen(self, k: int) -> dict:
        return self.data["generations"].setdefault(str(k), {"steps": [], "seconds": {}})

    def done(self, k: int, step: str) -> bool:
        return step in self.gen(k)["steps"]

    def finish(self, k: int, step: str, seconds: float, **figures) -> None:
        g = self.gen(k)
        g.update(figures)
        if step not in g["steps"]:
            g["steps"].append(step)
        g["seconds"][step] = round(seconds, 1)
        self.save()

    def save(self) -> None:
        write_text_atomically(self.path, json.dumps(self.data, indent=1) + "\n")  # a crash never leaves half of it


def _flat(settings: dict) -> dict:
    """Settings with the training config's keys spelled train.KEY, so a refusal names the one that changed."""
    out = {k: v for k, v in settings.items() if k != "train"}
    out.update({f"train.{k}": v for k, v in (settings.get("train") or {}).items()})
    return out


# ---------------------------------------------------------------- agents, seeds, rules

def _as_int(text) -> int | None:
    """An option's integer value as the agent will read it (None when it is not one: the agent refuses it)."""
    try:
        return int(str(text).strip())
    except ValueError:
        return None


def net_agent(ckpt: Path, settings: LoopSettings) -> str:
    """The search agent playing a generation's net at the loop's node budget."""
    extra = f",{settings.search_options}" if settings.search_options else ""
    return f"search:ckpt={ckpt},max_nodes={settings.max_nodes}{extra}"


def data_games(settings: LoopSettings, agent_generation: int) -> int:
    """Datagen games of a generation whose data `agent_generation`'s agent plays."""
    return settings.start_games if agent_generation == 0 else settings.games_per_gen


def data_seed(settings: LoopSettings, k: int) -> int:
    return derive_seed("loop-data", settings.seed, k) % (2**31)


def gate_seed(settings: LoopSettings) -> int:
    """One seed for every gate: each candidate meets its incumbent in the same deals."""
    return derive_seed("loop-gate", settings.seed) % (2**31)


def anchor_seed(settings: LoopSettings) -> int:
    return derive_seed("loop-anchors", settings.seed) % (2**31)


def gate_rule(game) -> str:
    if game.kind == COOPERATIVE:
        return ("promote when the lower end of the 95% t interval of the mean gain per deal (the candidate team's "
                "score minus the incumbent team's; both teams play the same seeds) is above 0")
    share = "0.5" if game.num_players == 2 else f"1/{game.num_players}"
    return (f"promote when the lower end of the 95% Wilson interval of the candidate's win rate against the "
            f"incumbent is above {share} (draws and errors count as non-wins; first player rotating)")


def _scores(report: dict) -> list[float] | None:
    """A cooperative report's scores, from its distribution (None when the report has none)."""
    dist = report.get("score_distribution")
    if not dist:
        return None
    return [float(score) for score, n in dist.items() for _ in range(int(n))]


def decide(game, gate: dict, incumbent_team: dict | None = None, gains: list[float] | None = None) -> dict:
    """The gate's verdict from the arena result(s), with the figures it compared. The comparison uses the exact
    interval and mean, recomputed from the counts (the reports' figures are rounded to 4 decimals).

    Cooperative games: `gains` are the per-deal score differences of the two teams on the same seeds (from the
    matches' journals); pairing removes the deals' own spread, so a gain of a tenth of a point shows in hundreds of
    games. Without them (a journal deleted) the older, unpaired rule: the candidate's lower end above the incumbent's
    mean."""
    from cardlab.arena.stats import mean_interval, wilson_interval

    if game.kind == COOPERATIVE:
        scores, team = _scores(gate), _scores(incumbent_team)
        mean = sum(team) / len(team) if team else incumbent_team["mean_score"]
        verdict = {"candidate_mean_score": gate["mean_score"], "candidate_ci95": gate["ci95"],
                   "incumbent_mean_score": mean, "incumbent_ci95": incumbent_team["ci95"]}
        if gains is not None:
            gain, low, high = mean_interval(gains)  # one deal has no spread: never enough to promote
            return {"promoted": len(gains) >= 2 and low > 0, **verdict, "gain": round(gain, 4),
                    "gain_ci95": [round(low, 4), round(high, 4)], "paired_deals": len(gains), "rule": gate_rule(game)}
        low = mean_interval(scores)[1] if scores else gate["ci95"][0]
        return {"promoted": low > mean, **verdict,
                "rule": "promote when the lower end of the candidate team's 95% t interval of the mean score is "
                        "above the incumbent team's mean score (unpaired: the gate's journals are gone)"}
    threshold = 1.0 / game.num_players
    wins = gate.get("wins", {}).get("A")
    low = wilson_interval(wins, gate["games"])[0] if wins is not None and gate.get("games") else gate["ci95"][0]
    return {"promoted": low > threshold, "win_rate": gate["win_rate"], "ci95": gate["ci95"],
            "threshold": round(threshold, 4), "rule": gate_rule(game)}


# ---------------------------------------------------------------- the loop

@dataclass
class LoopContext:
    """What a run needs besides its settings: where, how many workers, how to report."""

    out: Path
    settings: LoopSettings
    workers: int = 1
    log: Callable[[str], None] = lambda line: None
    bar: Bar = lambda title, total: nullcontext(lambda done: None)
    game: object = None
    state: LoopState | None = None
    stop: StopOnInterrupt | None = None

    def gen_dir(self, k: int) -> Path:
        return self.out / f"gen-{k}"

    def checkpoint(self, k: int) -> Path:
        return self.gen_dir(k) / "train" / "value.pt"

    def agent(self, k: int) -> str:
        return self.settings.start_agent if k == 0 else net_agent(self.checkpoint(k).resolve(), self.settings)


@releases_folders
def run_loop(out: str | Path, settings: LoopSettings, workers: int = 1, log: Callable[[str], None] | None = None,
             bar: Bar | None = None) -> dict:
    """Run (or continue) the loop in `out` up to settings.generations; returns loop.json's content.

    Ctrl-C (or KeyboardInterrupt from a step) stops at once with every finished step kept; a rerun continues.
    """
    out = Path(out)
    if "," in str(out.resolve()):
        raise UserError(f"--out {out}: the path may not contain a comma (agent specs name the checkpoints in it)")
    settings = settings.resolved()
    ctx = LoopContext(out, settings, workers)
    ctx.log = log or ctx.log
    ctx.bar = bar or ctx.bar
    ctx.game = make_game(settings.game)
    ctx.state = LoopState.open(out, settings)
    with StopOnInterrupt() as stop:
        ctx.stop = stop
        _generation_zero(ctx)
        for k in range(1, settings.generations + 1):
            _generation(ctx, k)
    ctx.state.data["done"] = all(ctx.state.done(k, "anchors") for k in range(settings.generations + 1))
    ctx.state.save()
    return ctx.state.data


@contextmanager
def _step(ctx: LoopContext, k: int, step: str) -> Iterator[dict]:
    """Around one step's body: a progress line before and after, its figures and seconds into loop.json (which
    then counts the step as done). Stops first on a Ctrl-C that arrived between steps."""
    _stop_if_asked(ctx)
    figures: dict = {}
    t0 = time.perf_counter()
    ctx.log(f"gen {k}/{ctx.settings.generations}: {step} ...")
    yield figures
    seconds = time.perf_counter() - t0
    ctx.state.finish(k, step, seconds, **figures)
    ctx.log(f"gen {k}/{ctx.settings.generations}: {step} done ({seconds:.1f} s)"
            + (f": {figures['summary']}" if "summary" in figures else ""))


def _stop_if_asked(ctx: LoopContext) -> None:
    """A Ctrl-C that arrived between two steps' own handlers (merging files, loading agents) stops here."""
    if ctx.stop is not None and ctx.stop.requested:
        raise KeyboardInterrupt


def _generation_zero(ctx: LoopContext) -> None:
    g = ctx.gen_dir(0)
    g.mkdir(exist_ok=True)
    if ctx.state.data["promoted"] is None:
        _write_json(g / "config.json", {"generation": 0, "agent": ctx.settings.start_agent,
                                        "settings": ctx.settings.to_json()})
        _write_json(g / "decision.json", {"generation": 0, "promoted": True, "agent": ctx.settings.start_agent,
                                          "rule": "the starting agent"})
        ctx.state.data["promoted"] = {"generation": 0, "agent": ctx.settings.start_agent}
        ctx.state.finish(0, "decision", 0.0, agent=ctx.settings.start_agent, promoted=True)
    if not ctx.state.done(0, "anchors"):
        with _step(ctx, 0, "anchors") as figures:
            figures.update(_anchors(ctx, 0))


def _generation(ctx: LoopContext, k: int) -> None:
    state, settings = ctx.state, ctx.settings
    if state.done(k, "anchors"):
        return
    g = ctx.gen_dir(k)
    g.mkdir(exist_ok=True)
    if "incumbent" not in state.gen(k):  # fixed when the generation starts: its data and gate use this agent
        state.gen(k)["incumbent"] = dict(state.data["promoted"])
        state.save()
    inc = state.gen(k)["incumbent"]
    inc_spec = ctx.agent(inc["generation"])
    cand_spec = ctx.agent(k)
    window = list(range(max(1, k - settings.window + 1), k + 1))
    _write_json(g / "config.json", {
        "generation": k, "incumbent": {"generation": inc["generation"], "agent": inc_spec}, "candidate": cand_spec,
        "data": {"file": "data.h5", "agents": [inc_spec] * ctx.game.num_players, "seed": data_seed(settings, k),
                 "games": data_games(settings, inc["generation"]),
                 "encoder": settings.encoder},
        "train": {"data_generations": window, "config": settings.train},
        "gate": {"games": settings.gate_games, "seed": gate_seed(settings), "rule": gate_rule(ctx.game)},
        "anchors": {"agents": list(settings.anchors), "games": settings.anchor_games, "seed": anchor_seed(settings)},
        "settings": settings.to_json()})
    if not state.done(k, "data"):
        with _step(ctx, k, "data") as figures:
            figures.update(_datagen(ctx, k, inc_spec, data_games(settings, inc["generation"])))
    if not state.done(k, "train"):
        with _step(ctx, k, "train") as figures:
            figures.update(_train(ctx, k, window))
    if not state.done(k, "gate"):
        with _step(ctx, k, "gate") as figures:
            figures.update(_gate(ctx, k, cand_spec, inc_spec))
    if not state.done(k, "decision"):
        with _step(ctx, k, "decision") as figures:
            gate = _read_json(g / "gate.json")
            team = _read_json(g / "gate-incumbent.json") if ctx.game.kind == COOPERATIVE else None
            gains = _paired_gains(ctx, g / "gate.json", g / "gate-incumbent.json") if team is not None else None
            verdict = decide(ctx.game, gate, team, gains)
            decision = {"generation": k, "candidate": cand_spec, "incumbent": inc_spec,
                        "incumbent_generation": inc["generation"], **verdict}
            _write_json(g / "decision.json", decision)
            if verdict["promoted"]:
                state.data["promoted"] = {"generation": k, "agent": cand_spec}
            figures.update({key: verdict[key] for key in ("gain", "gain_ci95") if key in verdict})
            figures.update(promoted=verdict["promoted"],
                           summary=("promoted" if verdict["promoted"] else "kept generation "
                                    f"{inc['generation']}") + f" ({_gate_text(ctx.game, verdict, gate, gains)})")
    if not state.done(k, "anchors"):
        with _step(ctx, k, "anchors") as figures:
            figures.update(_anchors(ctx, k))


def _datagen(ctx: LoopContext, k: int, agent: str, games: int) -> dict:
    from cardlab.datagen.chains import COLOUR, FULL
    from cardlab.datagen.runner import DatagenSettings, generate
    from cardlab.train.value import ValueConfig

    settings = ctx.settings
    cfg = ValueConfig.from_dict(settings.train, "--train-config")
    chains = (FULL, COLOUR) if cfg.rows_kind == COLOUR else (FULL,)
    data = DatagenSettings(agents=(agent,) * ctx.game.num_players, game=settings.game, seed=data_seed(settings, k),
                           chains=chains, encoder=settings.encoder, games=games)
    path = ctx.gen_dir(k) / "data.h5"
    with ctx.bar(f"gen {k}: datagen", data.total_games) as update:
        summary = generate(path, data, workers=ctx.workers, resume=path.exists(),
                           progress=lambda done, states: update(done))
    if summary.interrupted:
        raise KeyboardInterrupt
    summary.refuse_all_errors(f"fix the cause, delete {path} and run the loop again")
    return {"data": {"games": summary.games_completed, "errors": summary.errors},
            "summary": f"{summary.games_completed} games, {summary.errors} errors"}


def _train(ctx: LoopContext, k: int, window: list[int]) -> dict:
    from cardlab.train.value import ValueConfig, fit_value

    cfg = ValueConfig.from_dict(ctx.settings.train, "--train-config")
    data = ctx.gen_dir(k) / "data.h5"
    if len(window) > 1:
        from cardlab.datagen.merge import merge_chain_files

        data = merge_chain_files([ctx.gen_dir(j) / "data.h5" for j in window], ctx.gen_dir(k) / "train-data.h5")
    out = ctx.gen_dir(k) / "train"
    resume = (out / "checkpoints" / "last.ckpt").is_file()
    if not resume and out.exists():
        shutil.rmtree(out)  # a run that stopped before its first epoch ended: nothing to continue
    _stop_if_asked(ctx)
    summary = fit_value(data, cfg, out, progress=False, resume=resume, source="--train-config")
    test = summary["test"]
    return {"train": {"rows": summary["data"]["rows"], "test": test},
            "summary": ", ".join(f"{key} {value:.3f}" for key, value in sorted(test.items()))}


def _gate(ctx: LoopContext, k: int, cand: str, inc: str) -> dict:
    settings, g = ctx.settings, ctx.gen_dir(k)
    if ctx.game.kind == COOPERATIVE:  # each team alone, on the same seeds
        gate = _arena(ctx, k, [cand], settings.gate_games, gate_seed(settings), g / "gate.json", "gate")
        team = _arena(ctx, k, [inc], settings.gate_games, gate_seed(settings), g / "gate-incumbent.json",
                      "gate (incumbent team)")
        return {"gate": {"mean_score": gate["mean_score"], "ci95": gate["ci95"],
                         "incumbent_mean_score": team["mean_score"], "incumbent_ci95": team["ci95"]}}
    gate = _arena(ctx, k, [cand, inc], settings.gate_games, gate_seed(settings), g / "gate.json", "gate")
    return {"gate": {"win_rate": gate["win_rate"], "ci95": gate["ci95"]}}


def _anchors(ctx: LoopContext, k: int) -> dict:
    """The promoted agent against each anchor (cooperative games: in a team with the anchor's copies)."""
    promoted = ctx.agent(ctx.state.data["promoted"]["generation"])
    figures, texts = {}, []
    for i, anchor in enumerate(ctx.settings.anchors):
        path = ctx.gen_dir(k) / "anchors" / f"anchor-{i}.json"
        r = _arena(ctx, k, [promoted, anchor], ctx.settings.anchor_games, anchor_seed(ctx.settings), path,
                   f"anchor {anchor}")
        key = "mean_score" if ctx.game.kind == COOPERATIVE else "win_rate"
        figures[anchor] = {key: r[key], "ci95": r["ci95"]}
        texts.append(f"{anchor} {_figure(r)}")
    text = "; ".join(texts)
    return {"anchors": figures, "promoted_generation": ctx.state.data["promoted"]["generation"],
            **({"summary": text} if text else {})}


def _arena(ctx: LoopContext, k: int, specs: list[str], games: int, seed: int, path: Path, title: str) -> dict:
    """One match, written to `path` as `cardlab arena --json` writes it; copied from an earlier generation when
    one played the same match, resumed from its journal when a run stopped in it."""
    from cardlab.arena.match import role_specs, run_match

    _stop_if_asked(ctx)
    specs = list(role_specs(ctx.game, specs))
    earlier = _earlier_match(ctx, k, specs, games, seed)
    if earlier is not None:
        result = dict(_read_json(earlier), reused_from=str(earlier.relative_to(ctx.out)))
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        journal = path.with_suffix(".journal")
        with ctx.bar(f"gen {k}: {title}", games) as update:
            report = run_match(specs, ctx.game, games, workers=ctx.workers, seed=seed, journal=journal,
                               progress=update, log_dir=ctx.gen_dir(k) / "error-games" / path.stem)  # one folder per match
        # the journal keeps the failed games, so a rerun would read them back rather than play them
        report.refuse_all_errors(f"fix the cause, delete {journal} and run the loop again")
        result = report.to_json()
    _write_json(path, result)
    return result


def _earlier_match(ctx: LoopContext, k: int, specs: list[str], games: int, seed: int) -> Path | None:
    """An arena result of an earlier generation with the same game, agents, games and seed (the same games)."""
    want = {"game": ctx.game.spec, "games": games, "seed": seed, "agents": specs}
    for j in range(k):
        g = ctx.gen_dir(j)
        for path in sorted([*g.glob("gate*.json"), *g.glob("anchors/anchor-*.json")]):
            data = _read_json(path)
            if "reused_from" in data:
                continue
            have = {"game": data.get("game"), "games": data.get("games"), "seed": data.get("seed"),
                    "agents": [data.get("agents", {}).get(label) for label in sorted(data.get("agents", {}))]}
            if have == want:
                return path
    return None


def _exact_figures(report: dict) -> tuple[float, float, float]:
    """(rate or mean score, low, high) of an arena report, recomputed from its counts (win rate: the Wilson
    interval of A's wins; cooperative: the t interval of the score distribution, kept within 0..max_score, as the
    arena computes it). The report's own figures are rounded to 4 decimals, and rounding those a second time
    can move the last printed digit (89/100: ci95 0.9375 printed 93.8%, the bound is 0.93746, 93.7%); they are
    used only when the counts are missing."""
    from cardlab.arena.stats import mean_interval, rate_interval

    if "mean_score" in report:
        scores = _scores(report)
        if not scores:
            return (report["mean_score"], *report["ci95"])
        mean, lo, hi = mean_interval(scores)
        if report.get("max_score") is not None:
            lo, hi = max(lo, 0.0), min(hi, float(report["max_score"]))
        return (mean, lo, hi)
    wins = report.get("wins", {}).get("A")
    if wins is None or not report.get("games"):
        return (report["win_rate"], *report["ci95"])
    return rate_interval(wins, report["games"])


def _figure(report: dict) -> str:
    """`rate [low, high]` (or `mean [low, high]`) of an arena report, each figure rounded once from the counts."""
    value, lo, hi = _exact_figures(report)
    if "mean_score" in report:
        return f"{value:.2f} [{lo:.2f}, {hi:.2f}]"
    return f"{value:.1%} [{lo:.1%}, {hi:.1%}]"


def _journal_scores(ctx: LoopContext, result: Path) -> dict[int, float] | None:
    """Game index -> the team's score, from the journal of the match `result` reports (or of the earlier
    generation's match it was copied from; a game that ended in an error scores 0, as errors count as non-wins in
    a zero-sum gate); None when that journal is gone."""
    data = _read_json(result)
    if "reused_from" in data:
        result = ctx.out / data["reused_from"]
    journal = result.with_suffix(".journal")
    if not journal.is_file():
        return None
    from cardlab.arena.journal import read_games

    scores: dict[int, float] = {}

    def score(game: dict) -> None:
        failed = game.get("error_log") or not game.get("returns")  # a team that crashes scores nothing
        scores[int(game["index"])] = 0.0 if failed else float(game["returns"][0])

    read_games(journal, score)
    return scores


def _paired_gains(ctx: LoopContext, gate: Path, team: Path) -> list[float] | None:
    """The candidate team's score minus the incumbent team's, deal by deal (the same seeds), or None."""
    cand, inc = _journal_scores(ctx, gate), _journal_scores(ctx, team)
    if not cand or not inc:
        return None
    common = sorted(set(cand) & set(inc))
    return [cand[i] - inc[i] for i in common]


def _gate_text(game, verdict: dict, gate: dict | None = None, gains: list[float] | None = None) -> str:
    """The decision's summary. With the gate's arena report (and the paired gains), its figures are rounded once
    from the counts (see `_exact_figures`); without them, from the verdict's 4-decimal figures."""
    if game.kind == COOPERATIVE and "gain" in verdict:
        gain, (lo, hi) = verdict["gain"], verdict["gain_ci95"]
        if gains:
            from cardlab.arena.stats import mean_interval

            gain, lo, hi = mean_interval(gains)
        mean = _exact_figures(gate)[0] if gate is not None else verdict["candidate_mean_score"]
        return (f"candidate mean {mean:.2f} vs incumbent "
                f"{verdict['incumbent_mean_score']:.2f}: gain {gain:+.2f} [{lo:+.2f}, {hi:+.2f}] "
                f"per deal over {verdict['paired_deals']} deals")
    if game.kind == COOPERATIVE:
        mean, (lo, hi) = verdict["candidate_mean_score"], verdict["candidate_ci95"]
        if gate is not None:
            mean, lo, hi = _exact_figures(gate)
        return (f"candidate mean {mean:.2f} [{lo:.2f}, {hi:.2f}] vs incumbent "
                f"{verdict['incumbent_mean_score']:.2f}")
    rate, (lo, hi) = verdict["win_rate"], verdict["ci95"]
    if gate is not None:
        rate, lo, hi = _exact_figures(gate)
    return f"candidate {rate:.1%} [{lo:.1%}, {hi:.1%}] vs threshold {verdict['threshold']:.0%}"


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(path, json.dumps(data, indent=1) + "\n")


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict):
        raise UserError(f"{path} is damaged (not a JSON object written by cardlab loop)")
    return data


def _read_loop_file(path: Path, hint: str = "") -> dict:
    """loop.json's content after checking its fields' types; a UserError naming it otherwise."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        gens, promoted = data["generations"], data.get("promoted")
        ok = (data.get("format") == LOOP_FORMAT and isinstance(data["settings"], dict) and isinstance(gens, dict)
              and all(k.isdigit() and isinstance(g, dict) and isinstance(g.get("steps"), list)
                      and isinstance(g.get("seconds"), dict) for k, g in gens.items())
              and (promoted is None or isinstance(promoted, dict) and isinstance(promoted.get("generation"), int)))
    except (ValueError, UnicodeDecodeError, KeyError, TypeError, AttributeError):
        ok = False
    if not ok:
        raise UserError(f"{path} is not a cardlab loop file (or is damaged){hint}")
    return data


def read_loop(out: str | Path) -> dict:
    """A loop folder's loop.json plus each generation's decision and arena results (for plots and reports)."""
    out = Path(out)
    path = out / "loop.json"
    if not path.is_file():
        raise UserError(f"{out}: no loop.json (give a `cardlab loop --out` folder)")
    data = _read_loop_file(path)
    gens = []
    for key in sorted(data["generations"], key=int):
        k = int(key)
        g = out / f"gen-{k}"
        entry = {"generation": k, **data["generations"][key]}
        for name in ("decision", "gate", "gate-incumbent"):
            if (g / f"{name}.json").is_file():
                entry[name.replace("-", "_") + "_result"] = _read_json(g / f"{name}.json")
        gens.append(entry)
    return {**data, "generation_list": gens}


__all__ = ["LoopSettings", "run_loop", "read_loop", "decide", "gate_rule", "GAME_DEFAULTS", "DEFAULT_TRAIN"]
