"""Paired comparison of two Hanabi agents on the same deals: `python scripts/hanabi_paired.py SPEC_A SPEC_B --games N`.

Both teams (agent copies in every seat) play deal i of `--seed` for i < N; the report is each team's mean score and
the mean per-deal difference A - B with its 95% interval, which is far narrower than the difference of two
independent means when A mostly plays B's moves (a blueprint search against its blueprint). For `search` agents
with a blueprint it also counts the moves that differ from the blueprint's.
"""

from __future__ import annotations

import argparse
import json
import statistics

from cardlab.agents.registry import make_agent
from cardlab.engine.core import derive_seed
from cardlab.engine.registry import make_game


def team_scores(spec: str, game_spec: str, games: int, seed: int) -> tuple[list[int], int]:
    game = make_game(game_spec)
    agents = [make_agent(spec, seed, game="hanabi") for _ in range(game.num_players)]
    scores = []
    for i in range(games):
        state = game.new_initial_state(derive_seed(seed, i))
        for p, agent in enumerate(agents):
            agent.reset(p, derive_seed(seed, i, p))
        while not state.is_terminal():
            p = state.current_player
            state.apply(agents[p].act(state.observation(p)))
        scores.append(state.points)
    deviations = sum(a.blueprint_stats.deviations for a in agents if getattr(a, "blueprint", None) is not None)
    return scores, deviations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--game", default="hanabi:players=2")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write both teams' scores per deal to this file")
    args = parser.parse_args()
    a, dev_a = team_scores(args.a, args.game, args.games, args.seed)
    b, dev_b = team_scores(args.b, args.game, args.games, args.seed)
    diff = [x - y for x, y in zip(a, b)]
    mean = statistics.mean(diff)
    half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5 if len(diff) > 1 else float("nan")
    print(f"{args.game}, {args.games} deals of seed {args.seed}")
    for spec, scores, dev in ((args.a, a, dev_a), (args.b, b, dev_b)):
        m = statistics.mean(scores)
        h = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else float("nan")
        perfect = sum(1 for x in scores if x == 25) / len(scores)
        print(f"  {spec}: mean {m:.3f} [{m - h:.3f}, {m + h:.3f}], {perfect:.1%} perfect, "
              f"{dev / len(scores):.2f} moves a game off its blueprint")
    print(f"  A - B per deal: {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"game": args.game, "seed": args.seed, "games": args.games, "a": args.a, "b": args.b,
                       "scores_a": a, "scores_b": b, "deviations_a": dev_a, "mean_diff": mean,
                       "diff_ci95": [mean - half, mean + half]}, f)


if __name__ == "__main__":
    main()
