"""Hanabi engine speed: random play through the protocol (observation -> agent -> apply), agent decisions included.

Two random players: `uniform` (uniform over legal actions, what HLE's peer script plays) and `random` (the spec's
type-first random agent). The peer, the Hanabi Learning Environment's Python interface, runs in its own interpreter
when one is given (`--hle /tmp/hle/bin/python --hle-script .../hle_random.py`), so both figures come from one run.
Goal: >= 2x HLE's games/s with uniform random play at 2 players.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

from cardlab.agents.base import Agent
from cardlab.agents.hanabi import AGENTS
from cardlab.benchmarks.peer import run_peer
from cardlab.engine.core import derive_seed
from cardlab.engine.hanabi.game import make_game


class UniformAgent(Agent):
    """Uniform over legal actions (cardlab's generic random; kept here so the benchmark stands alone)."""

    name = "uniform"

    def act(self, observation):
        legal = observation.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def play(games: int, players: int, seed: int, agent: str = "uniform", before_move=None, label: str = "") -> dict:
    """Play `games` games with one agent kind in every seat; speed and scores under both bomb-out conventions.
    `before_move(state)` runs before every move (the RL front ends' per-move work)."""
    game = make_game(players=players)
    factory = UniformAgent if agent == "uniform" else AGENTS[agent]
    agents = [factory(seed=p) for p in range(players)]
    moves = points = zero = 0
    start = time.perf_counter()
    for g in range(games):
        for p, a in enumerate(agents):
            a.reset(p, derive_seed(seed, g, p))
        state = game.new_initial_state(derive_seed(seed, g))
        while not state.is_terminal():
            if before_move is not None:
                before_move(state)
            p = state.current_player
            state.apply(agents[p].act(state.observation(p)))
            moves += 1
        points += state.points
        zero += state.points if state.fuses_left > 0 else 0
    elapsed = time.perf_counter() - start
    return {"agent": label or agent, "players": players, "games": games, "seconds": elapsed,
            "games_per_s": games / elapsed, "moves_per_game": moves / games, "mean_score_keep": points / games,
            "mean_score_zero": zero / games}


def play_rl(games: int, players: int, seed: int) -> dict:
    """Uniform random play as an RL user of the front ends sees it, like HLE's rl_env: before every move, every
    player's encoded observation (the `vector` row) and legal-action mask (envs/codec.py). The same games as
    play(..., "uniform")."""
    from cardlab.envs.codec import GameCodec

    codec = GameCodec(f"hanabi:players={players}")

    def encode_every_seat(state) -> None:
        for p in range(players):
            codec.observe(state, p)
            codec.mask(state, p)

    return play(games, players, seed, "uniform", before_move=encode_every_seat, label="uniform+rl")


def run(games: int = 2000, players: int = 2, seed: int = 0) -> dict:
    """Both random players; `uniform` is the one comparable with HLE's peer script."""
    return {"uniform": play(games, players, seed, "uniform"), "random": play(games, players, seed, "random"),
            "uniform+rl": play_rl(games, players, seed),
            "python": platform.python_version(), "machine": platform.machine()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hle", help="python interpreter with hanabi-learning-environment installed")
    parser.add_argument("--hle-script", action="append",
                        help="peer script(s) to run with --hle (default: ../shared/peers/hle_random.py, rl_env, and "
                             "benchmarks/peers/hle_pyhanabi.py, HLE's core without rl_env's dictionaries)")
    parser.add_argument("--hle-games", type=int, default=500)
    args = parser.parse_args(argv)
    result = run(args.games, args.players, args.seed)
    for key in ("uniform", "random", "uniform+rl"):
        r = result[key]
        scores = (f" mean score {r['mean_score_keep']:.3f} keep / {r['mean_score_zero']:.3f} zero"
                  if key != "uniform+rl" else " (every player's vector row and mask at each move)")
        print(f"cardlab {r['agent']:10s} {r['players']}p: {r['games']} games {r['seconds']:.2f}s "
              f"{r['games_per_s']:.1f} games/s {r['moves_per_game']:.1f} moves/game" + scores)
    if args.hle:
        here = Path(__file__).resolve().parent
        for script in args.hle_script or ["../shared/peers/hle_random.py", str(here / "peers" / "hle_pyhanabi.py")]:
            print(run_peer(args.hle, script, args.hle_games, args.players))
    return 0


if __name__ == "__main__":
    sys.exit(main())
