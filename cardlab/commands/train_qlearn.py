"""`cardlab train qlearn`: reduced-state Q-learning (spec section 10), a table or a small network, on Hearthstone.

Writes <out>/qtable.npz (--learner table) or <out>/qnet.pt (--learner net), for the agent `qlearn:ckpt=PATH`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cardlab.runtime import UserError

HELP = "reduced-state Q-learning (table or network) against a bot; writes qtable.npz or qnet.pt"


def add_arguments(p) -> None:
    p.add_argument("--learner", required=True, choices=("table", "net"),
                   help="table: sparse Q-table over 760,320 reduced states; net: 177 -> 200 sigmoid -> 1, SGD")
    p.add_argument("--alpha", type=float, required=True, help="Q-update step, in (0, 1] (source: 0.8 or 0.1)")
    p.add_argument("--gamma", type=float, required=True,
                   help="discount per learner step, in [0, 1] (source: 0.8 or 0.01)")
    p.add_argument("--games", type=int, required=True, help="training games (source: 5000)")
    p.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    p.add_argument("--deck", help="one deck for both players (default liege)")
    p.add_argument("--deck-pool", help="or each game draws both decks from this pool (basic, liege)")
    p.add_argument("--opponent", default="random", help="the training opponent's agent spec (default random)")
    p.add_argument("--epsilon", type=float, default=0.1,
                   help="epsilon-greedy exploration while training (default 0.1, ours: the source gives none)")
    p.add_argument("--out", required=True, help="output folder")
    p.add_argument("--force", action="store_true", help="overwrite a checkpoint already in --out")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")


def run(args) -> int:
    from cardlab.commands.progress import progress_bar
    from cardlab.train.qlearn import QLearnConfig, train_qlearn

    cfg = QLearnConfig(learner=args.learner, alpha=args.alpha, gamma=args.gamma, games=args.games, seed=args.seed,
                       deck=args.deck, deck_pool=args.deck_pool, opponent=args.opponent, epsilon=args.epsilon)
    cfg.check()
    from cardlab.arena.match import refuse_human_in_unattended_runs

    refuse_human_in_unattended_runs([cfg.opponent], "train qlearn")
    target = Path(args.out) / ("qtable.npz" if cfg.learner == "table" else "qnet.pt")
    if target.exists() and not args.force:
        raise UserError(f"{target} exists: a second run would overwrite it; choose another --out or add --force")
    done = {"games": 0}
    try:
        with progress_bar(f"train qlearn {cfg.learner}", cfg.games, quiet=args.json) as update:
            def tick(n: int) -> None:
                done["games"] = n
                update(n)

            summary = train_qlearn(cfg, args.out, progress=tick)
    except KeyboardInterrupt:
        print(f"interrupted after {done['games']} of {cfg.games} games: nothing was written "
              f"(the checkpoint is written only when every game is played)", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(summary))
        return 0
    extra = f", {summary['states']} states, {summary['entries']} entries" if "states" in summary else ""
    print(f"trained the {cfg.learner} learner (alpha {cfg.alpha}, gamma {cfg.gamma}) for {summary['games']} games "
          f"against {cfg.opponent} in {summary['seconds']} s: {summary['steps']} steps{extra}; training win rate "
          f"{summary['train_win_rate']:.1%}, last {min(500, cfg.games)} games {summary['last_win_rate']:.1%}")
    print(f"checkpoint: {summary['checkpoint']} (use as qlearn:ckpt=... in cardlab arena)")
    return 0
