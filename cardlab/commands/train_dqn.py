"""`cardlab train dqn`: train a DQN board model (q57 or q8) on the board-only game; writes <out>/<variant>.pt.
With `--game hanabi:variant=mini`: the mini-Hanabi DQN by self-play (spec section 4); writes <out>/mini-dqn.pt.

Settings come from the config dataclass's defaults (DQNConfig, or MiniDQNConfig for Hanabi), then --config YAML,
then the explicit flags.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

HELP = "train a DQN board model (q57 or q8) on the board-only game, or the mini-Hanabi DQN"
GAMES = "hearthstone (default) or hanabi:variant=mini"
HS_ONLY = ("variant", "reward")  # flags that only the Hearthstone board DQN has
HANABI_ONLY = ("rewards",)


def add_arguments(p) -> None:
    p.add_argument("--game", help=f"game to train on: {GAMES}")
    p.add_argument("--rewards", help="hanabi: play,first misplay,second misplay,discard rewards, e.g. 20,-1,-10,-1")
    p.add_argument("--variant", choices=("q57", "q8"), help="57 actions (attacker x target) or 8 (attacker + target classifier)")
    p.add_argument("--games", type=int, help="training episodes (default 2000)")
    p.add_argument("--reward", choices=("terminal", "shaped"), help="terminal: +-terminal_reward at the end (config; default 100), or shaped: rho(s') - rho(s) (default)")
    p.add_argument("--gamma", type=float, help="discount per attack decision, or per learner turn with discount_per: turn in the config "
                   "(default 0.8; the thesis used 0.9 with the terminal reward)")
    p.add_argument("--seed", type=int, help="seed (default 0)")
    p.add_argument("--out", default=None, help="output folder (default runs/dqn-<variant>-<reward>)")
    p.add_argument("--config", help="YAML file with any DQNConfig option (see configs/dqn_q57.yaml)")
    p.add_argument("--progress", action="store_true", help="show Lightning's progress bar")
    p.add_argument("--json", action="store_true", help="print the final metrics as one JSON object")
    p.add_argument("--resume", action="store_true",
                   help="continue the run in --out from its <variant>-last.ckpt (same settings; --games may grow)")


def load_config(args):
    from cardlab.train.dqn import DQNConfig

    from cardlab.train.config import load_yaml

    data: dict = load_yaml(args.config) if args.config else {}
    for key in ("variant", "games", "reward", "gamma", "seed"):
        value = getattr(args, key, None)
        if value is not None:
            data[key] = value
    return DQNConfig.from_dict(data, source=args.config or "options")


def game_name(args) -> str:
    """`hearthstone` or `hanabi` from --game; any other game (or a Hanabi that is not 2-player mini) is refused."""
    from cardlab.engine.registry import make_game, parse_spec
    from cardlab.runtime import UserError

    spec = getattr(args, "game", None)
    if spec is not None and not spec.strip():
        raise UserError(f"--game is empty: give {GAMES}")
    if spec is None and getattr(args, "config", None):  # a mini-Hanabi config names its game
        from cardlab.train.config import load_yaml

        spec = load_yaml(args.config).get("game")
        if spec is not None and not isinstance(spec, str):
            raise UserError(f"{args.config}: game: {spec!r} should be a game spec such as hanabi:variant=mini")
    if spec is None:
        return "hearthstone"
    if parse_spec(spec)[0] not in ("hearthstone", "hanabi"):
        raise UserError(f"train dqn: no DQN for --game {spec} (games: {GAMES})")
    game = make_game(spec)  # bad options: the registry's own error
    if game.name == "hearthstone":
        return "hearthstone"
    if game.name == "hanabi" and getattr(game.config, "variant", "") == "mini" and game.num_players == 2:
        return "hanabi"
    raise UserError(f"train dqn: no DQN for --game {spec} (games: {GAMES})")


def refuse_other_game_flags(args, game: str) -> None:
    from cardlab.runtime import UserError

    foreign = HANABI_ONLY if game == "hearthstone" else HS_ONLY
    given = [f"--{k}" for k in foreign if getattr(args, k, None) is not None]
    if given:
        raise UserError(f"train dqn: {', '.join(given)} does not apply to {game} "
                        f"({'--game hanabi:variant=mini' if game == 'hearthstone' else 'Hearthstone'} only)")


def parse_rewards(text: str) -> list[float]:
    import math

    from cardlab.runtime import UserError

    try:
        values = [float(v) for v in text.split(",")]
    except ValueError:
        values = []
    if len(values) != 4 or not all(math.isfinite(v) for v in values):
        raise UserError(f"--rewards {text!r}: give 4 finite numbers, play,first misplay,second misplay,discard "
                        "(e.g. 20,-1,-10,-1)")
    return values


def load_hanabi_config(args):
    from cardlab.train.config import load_yaml
    from cardlab.train.hanabi_dqn import MiniDQNConfig

    data: dict = load_yaml(args.config) if args.config else {}
    for key in ("game", "games", "gamma", "seed"):
        value = getattr(args, key, None)
        if value is not None:
            data[key] = value
    if getattr(args, "rewards", None) is not None:
        data["rewards"] = parse_rewards(args.rewards)
    return MiniDQNConfig.from_dict(data, source=args.config or "options")


def run_hanabi(args) -> int:
    from cardlab.train.hanabi_dqn import EXPORT_NAME, LAST_NAME, train_mini_dqn

    cfg = load_hanabi_config(args)
    rewards = "_".join(f"{r:g}" for r in cfg.rewards)
    out = Path(args.out or f"runs/dqn-mini-hanabi-{rewards}")
    try:
        _, metrics = train_mini_dqn(cfg, out, logger=True, progress=args.progress, resume=args.resume)
    except KeyboardInterrupt:
        last = out / LAST_NAME
        again = ["cardlab", "train", "dqn", "--out", str(out)] + (["--resume"] if last.is_file() else [])
        again += [f"--{k} {v}" for k, v in vars(args).items()
                  if k in ("game", "config", "games", "rewards", "gamma", "seed") and v is not None]
        held = f"{last} holds the training so far" if last.is_file() else "no training checkpoint yet"
        print(f"interrupted: {held}; no {EXPORT_NAME} was written. Continue with:\n  " + " ".join(again),
              file=sys.stderr)
        return 130
    metrics["checkpoint"] = str(out / EXPORT_NAME)
    if args.json:
        print(json.dumps(metrics))
        return 0
    print(f"trained the mini-Hanabi DQN (rewards {cfg.rewards}, gamma {cfg.gamma}) for {metrics['episodes']} games, "
          f"{metrics['env_steps']} decisions, {metrics['updates']} updates; TensorBoard logs in {out / 'tb'}")
    if "final_eval" in metrics:
        e = metrics["final_eval"]
        print(f"greedy self-play: mean score {e['mean_score']:.2f} of 6 over {e['games']} games "
              f"(perfect {e['perfect_rate']:.1%})")
    print(f"checkpoint: {metrics['checkpoint']} (use as dqn:ckpt=... in cardlab arena --game {cfg.game})")
    return 0


def run(args) -> int:
    game = game_name(args)
    refuse_other_game_flags(args, game)
    if game == "hanabi":
        return run_hanabi(args)
    from cardlab.train.dqn import train_dqn

    cfg = load_config(args)
    out = Path(args.out or f"runs/dqn-{cfg.variant}-{cfg.reward}")
    try:
        _, metrics = train_dqn(cfg, out, logger=True, progress=args.progress, resume=args.resume)
    except KeyboardInterrupt:
        last = out / f"{cfg.variant}-last.ckpt"
        again = ["cardlab", "train", "dqn", "--out", str(out)] + (["--resume"] if last.is_file() else [])
        again += [part for k, v in vars(args).items()
                  if k in ("config", "variant", "games", "reward", "gamma", "seed") and v is not None
                  for part in (f"--{k}", str(v))]
        attacks = out / "attacks.h5"
        held = (f"{last} holds the training so far" if last.is_file()
                else "no training checkpoint yet" + (f" ({attacks} keeps the attacks recorded so far)"
                                                     if attacks.is_file() else ""))
        print(f"interrupted: {held}; no {cfg.variant}.pt was written. Continue with:\n  " + shlex.join(again),
              file=sys.stderr)
        return 130
    metrics["checkpoint"] = str(out / f"{cfg.variant}.pt")
    if args.json:
        print(json.dumps(metrics))
        return 0
    print(f"trained {cfg.variant} ({cfg.reward} reward, gamma {cfg.gamma}) for {metrics['episodes']} episodes, "
          f"{metrics['env_steps']} steps, {metrics['updates']} updates; TensorBoard logs in {out / 'tb'}")
    if "classifier" in metrics:
        c = metrics["classifier"]
        print(f"target classifier: held-out accuracy {c['heldout_accuracy']:.1%} on {c['heldout_rows']} attacks "
              f"from {c['heldout_games']} games (hit-first-legal baseline {c['heldout_baseline_first_legal']:.1%})")
    for key, value in metrics.items():
        if key.startswith(("eval_vs_", "random_policy_vs_")):
            print(f"board-only game, {key.replace('_', ' ')}: {value['win_rate']:.1%} of {value['episodes']} episodes")
    print(f"checkpoint: {metrics['checkpoint']} (use as q57:ckpt=... / q8:ckpt=... in cardlab arena)")
    return 0
