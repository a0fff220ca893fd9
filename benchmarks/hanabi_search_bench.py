"""Hanabi search speed: CPU seconds a game for an agent spec (default: the README's blueprint search), agent copies
in every seat, and a hash of every move played, so two versions of the code can be checked for the same decisions.

`python benchmarks/hanabi_search_bench.py --players 4 --games 20`
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import time

from cardlab.agents.registry import make_agent
from cardlab.engine.core import derive_seed
from cardlab.engine.registry import make_game

DEFAULT = "search:ckpt=hanabi-hat-{p}p,k=8,blueprint=hat,margin=0.3,rollout=100,endgame=5"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--agent", help=f"agent spec (default {DEFAULT.format(p='N')} for N players)")
    args = parser.parse_args(argv)
    spec = args.agent or DEFAULT.format(p=args.players)
    game = make_game(f"hanabi:players={args.players}")
    agents = [make_agent(spec, args.seed, game="hanabi") for _ in range(args.players)]
    moves = hashlib.sha256()
    points = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(args.games):
        state = game.new_initial_state(derive_seed(args.seed, i))
        for seat, agent in enumerate(agents):
            agent.reset(seat, derive_seed(args.seed, i, seat))
        while not state.is_terminal():
            seat = state.current_player
            action = agents[seat].act(state.observation(seat))
            moves.update(repr(action).encode())
            state.apply(action)
        points += state.points
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{spec}, {args.players} players, {args.games} games of seed {args.seed} ({platform.python_version()})")
    print(f"  mean score {points / args.games:.2f}, moves hash {moves.hexdigest()[:16]}")
    print(f"  {cpu / args.games:.3f} CPU s a game, {wall / args.games:.3f} wall s a game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
