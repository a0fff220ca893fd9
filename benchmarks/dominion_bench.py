"""Dominion engine speed against a peer: the BigMoney mirror and Smithy-BM vs BigMoney, 2 players, one process each.

Ours runs through the protocol with agent decisions included (`benchmarks/game_bench.py`); the peer, pyminion from
PyPI, runs its own simulator in its own interpreter (`--peer /tmp/pm/bin/python`, script
`../shared/peers/pyminion_bm.py` with pyminion's example bots, and `benchmarks/peers/pyminion_spec_bm.py` with the
spec's BigMoney, the like-for-like mirror), so both figures come from one run. Goal: >= 1,000 games/s on one core for the
BigMoney mirror, over 10x the peer's.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardlab.benchmarks import game_bench
from cardlab.benchmarks.peer import run_peer

MATCHUPS = {"BM vs BM": ["bigmoney", "bigmoney"], "SmithyBM vs BM": ["smithy-bm", "bigmoney"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kingdom", default="first-game")
    parser.add_argument("--peer", help="python interpreter with pyminion installed")
    parser.add_argument("--peer-script", action="append",
                        help="peer script(s) to run with --peer (default: ../shared/peers/pyminion_bm.py, pyminion's "
                             "example bots, and benchmarks/peers/pyminion_spec_bm.py, the spec's BigMoney in pyminion)")
    parser.add_argument("--peer-games", type=int, default=300)
    args = parser.parse_args(argv)
    for name, agents in MATCHUPS.items():
        first_turns: list[int] = []  # fidelity: the first player's turns (the source: 20.7 in the BM mirror)
        r = game_bench.run(f"dominion:kingdom={args.kingdom}", agents, args.games, args.seed,
                           on_end=lambda state: first_turns.append(state.turns_taken(0)))
        print(f"cardlab {name}: {r['games']} games {r['games_per_sec']:.1f} games/s, "
              f"{r['actions_per_sec']:.0f} actions/s, first player's turns {sum(first_turns) / len(first_turns):.2f}, "
              f"seat 0 mean return {r['mean_return_seat0']:+.3f}, errors {r['errors']}")
    if args.peer:
        here = Path(__file__).resolve().parent
        for script in args.peer_script or ["../shared/peers/pyminion_bm.py", str(here / "peers" / "pyminion_spec_bm.py")]:
            print("pyminion:", run_peer(args.peer, script, args.peer_games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
