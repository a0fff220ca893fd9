"""`cardlab loop --out DIR`: iterated self-play (datagen -> value net -> gate -> anchors), resumable."""

from __future__ import annotations

import sys
from pathlib import Path

HELP = ("iterated self-play: each generation plays datagen games with the promoted agent, trains a value net, gates "
        "search + net against the promoted agent (promoted only when the lower end of its 95 percent interval "
        "clears 0.5) and measures anchors; rerun the same command to continue after Ctrl-C or a crash")


def add_arguments(p) -> None:
    from cardlab.commands.gameargs import add_game_arguments

    p.add_argument("--out", required=True, metavar="DIR",
                   help="loop folder: DIR/loop.json and DIR/gen-K/ (data.h5, train/value.pt, config.json, "
                        "gate.json, anchors/, decision.json)")
    add_game_arguments(p)
    p.add_argument("--generations", type=int, default=3, help="generations to train after generation 0 (default 3)")
    p.add_argument("--games-per-gen", type=int, default=200, help="datagen games per generation (default 200)")
    p.add_argument("--start-games", type=int, default=0,
                   help="datagen games of a generation whose data the starting agent plays (a cheap bot: give more "
                        "to seed the first net; default --games-per-gen)")
    p.add_argument("--gate-games", type=int, default=100,
                   help="candidate vs promoted agent games per gate, first player alternating (default 100)")
    p.add_argument("--anchor-games", type=int, default=50, help="games against each anchor per generation (default 50)")
    p.add_argument("--anchors", nargs="*", metavar="AGENT", default=None,
                   help="agents the promoted agent meets every generation (Hearthstone default: trading greedy "
                        "search:max_nodes=MAX_NODES; Dominion: bigmoney smithy-bm; Hanabi: age hinting, as "
                        "teammates); --anchors with no agent: none")
    p.add_argument("--start-agent", default=None, metavar="AGENT",
                   help="generation 0's agent, which plays the first datagen (Hearthstone default trading, Dominion "
                        "bigmoney, Hanabi age); a checkpoint works too: search:ckpt=liege-full-rich")
    p.add_argument("--max-nodes", type=int, default=1000,
                   help="node budget of every search + net agent (default 1000; also the rho-search anchor's)")
    p.add_argument("--search-options", default="", metavar="K=V,...",
                   help="more options of the search + net agents, e.g. k=2 (see `search` in the README)")
    p.add_argument("--encoder", default=None, help="datagen encoder spec (default: the game's, e.g. seed96; rich)")
    p.add_argument("--window", type=int, default=1,
                   help="generations of data each net trains on: this one and WINDOW-1 before it (default 1)")
    p.add_argument("--train-config", metavar="YAML", help="value-net settings (configs/value_*.yaml keys) over the "
                                                          "loop's small default (2 x 128 ReLU + LayerNorm, 10 epochs)")
    p.add_argument("--max-epochs", type=int, default=None, help="override the training config's max_epochs")
    p.add_argument("--workers", type=int, default=1, help="worker processes for games (results do not depend on it)")
    p.add_argument("--seed", type=int, default=0, help="loop seed: data, gate and anchor seeds derive from it")
    p.add_argument("--quiet", action="store_true", help="no progress bars (step lines still print)")


def settings_from_args(args):
    from cardlab.commands.gameargs import game_spec
    from cardlab.train.loop import LoopSettings

    train: dict = {}
    if args.train_config:
        from cardlab.train.config import load_yaml

        train = load_yaml(args.train_config)
    if args.max_epochs is not None:
        train["max_epochs"] = args.max_epochs
    return LoopSettings(game=game_spec(args), generations=args.generations, games_per_gen=args.games_per_gen,
                        start_games=args.start_games,
                        gate_games=args.gate_games, anchor_games=args.anchor_games,
                        anchors=tuple(args.anchors) if args.anchors is not None else None,
                        start_agent=args.start_agent or "", max_nodes=args.max_nodes,
                        search_options=args.search_options, encoder=args.encoder or "", window=args.window,
                        train=train, seed=args.seed)


def run(args) -> int:
    from cardlab.arena.play import cap_workers
    from cardlab.commands.progress import progress_bar
    from cardlab.train.loop import run_loop

    settings = settings_from_args(args)
    workers = cap_workers(args.workers, lambda msg: print(f"cardlab loop: warning: {msg}", file=sys.stderr))

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    def bar(title: str, total: int):
        return progress_bar(title, total, quiet=args.quiet)

    try:
        data = run_loop(args.out, settings, workers=workers, log=log, bar=bar)
    except KeyboardInterrupt:
        if not Path(args.out).is_dir():
            print(f"interrupted before the loop began: nothing was written to {args.out}", file=sys.stderr)
            return 130
        print(f"interrupted: the finished steps are kept in {args.out}; run the same command again to continue "
              "from the step it reached", file=sys.stderr)
        return 130
    print_summary(data)
    print(f"figure: {draw_figure(Path(args.out))}")
    return 0


def draw_figure(out: Path) -> str:
    """DIR/loop.png (the anchors and gates per generation), or how to draw it once matplotlib is installed."""
    from cardlab.plots import loop_generations
    from cardlab.runtime import UserError

    try:
        return str(loop_generations(out, out / "loop.png"))
    except UserError as exc:  # no matplotlib: the loop's results stand without the figure
        return f"not drawn ({exc}); then: cardlab plot loop {out} --out {out / 'loop.png'}"


def print_summary(data: dict) -> None:
    """One line per generation: the gate's verdict and the promoted agent against each anchor."""
    for key in sorted(data["generations"], key=int):
        g = data["generations"][key]
        parts = [f"gen {key}:"]
        gate = g.get("gate")
        if gate is not None:
            if "win_rate" in gate:
                parts.append(f"gate {gate['win_rate']:.1%} [{gate['ci95'][0]:.1%}, {gate['ci95'][1]:.1%}]")
            else:
                parts.append(f"gate mean {gate['mean_score']:.2f} [{gate['ci95'][0]:.2f}, {gate['ci95'][1]:.2f}] "
                             f"vs {gate['incumbent_mean_score']:.2f}")
                if "gain" in g:  # the paired comparison the decision used
                    lo, hi = g["gain_ci95"]
                    parts.append(f"gain {g['gain']:+.2f} [{lo:+.2f}, {hi:+.2f}] per deal")
            parts.append("promoted" if g.get("promoted") else "rejected")
        elif key == "0":
            parts.append(f"start agent {g.get('agent', '')}")
        for anchor, f in g.get("anchors", {}).items():
            if "win_rate" in f:
                parts.append(f"| {anchor} {f['win_rate']:.1%} [{f['ci95'][0]:.1%}, {f['ci95'][1]:.1%}]")
            else:
                parts.append(f"| with {anchor} {f['mean_score']:.2f} [{f['ci95'][0]:.2f}, {f['ci95'][1]:.2f}]")
        print(" ".join(parts))
    promoted = data.get("promoted") or {}
    print(f"promoted: generation {promoted.get('generation')} ({promoted.get('agent')})")
