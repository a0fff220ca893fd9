"""Does a blueprint rollout after each plan help Dominion's net search? (It does not: docs/results.md, issue 18.)

`python scripts/dominion_rollout_probe.py --turns H [--plain] --games N --seed S --json OUT`

The searcher is `search:ckpt=dominion-sbm-explore,k=4`. `--plain` plays it as shipped. Otherwise its candidate plans
(the trees' best plans, as with k=4) are each replayed on `--deals` fresh determinizations; after each, `--policy`
plays on in every seat (the opponent's reply turn, then H more turns), and the state where the last of those turns
ends is scored by the net from the side of the player whose turn it was (negated for the opponent), or by the
result if the game ended. The plan with the best mean is played: Hanabi's rollout search, on Dominion's turns.
Games are those of `cardlab arena` with the same seed (first player alternating).
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool

from cardlab.agents.registry import make_agent
from cardlab.agents.search.agent import TurnTreeSearch, replay
from cardlab.arena.play import agent_seed, cached_game, game_seed, seat_roles
from cardlab.arena.stats import wilson_interval

GAME = "dominion:kingdom=first-game"
NET = "dominion-sbm-explore"


class RolloutSearch(TurnTreeSearch):
    """k=4 net search whose candidate plans are scored after `turns` more turns of `policy` in every seat."""

    def __init__(self, seed: int, policy: str, deals: int, turns: int) -> None:
        super().__init__(seed=seed, ckpt=NET, k=4, game="dominion")
        self.deals, self.turns = deals, turns
        self.policy = [make_agent(policy, seed, game="dominion") for _ in range(2)]
        self._observation = None

    def plan_turn(self, observation):
        self._observation = observation
        return super().plan_turn(observation)

    def _play_on(self, state, seed: int):
        for seat, agent in enumerate(self.policy):
            agent.reset(seat, seed + seat)
        owner, ended = state.turn_owner, 0
        while not state.is_terminal():
            if state.turn_owner != owner:
                owner, ended = state.turn_owner, ended + 1
                if ended > self.turns:
                    break
            seat = state.current_player
            state.apply(self.policy[seat].act(state.observation(seat)))
        return state

    def _value(self, end, player: int) -> float:
        if end.is_terminal():
            r = end.returns()[player]
            return 1.0 if r > 0 else -1.0 if r < 0 else 0.0
        last = 1 - end.turn_owner  # whose turn just ended: the net scores end-of-turn states from that side
        v = float(self.evaluator.evaluate([end], last)[0])
        return v if last == player else -v

    def _plan_k(self, dets, player):
        plans: dict[tuple, None] = {}
        results = [self.tree.search(det.clone(), player) for det in dets]
        for result in results:
            for _, seq in result.top:
                plans.setdefault(tuple(seq), None)
        seqs = list(plans)
        best = seqs[0]
        if len(seqs) > 1:  # the same deals and rollout seeds for every plan (common random numbers)
            deals = [self._observation.determinize(player, self.rng) for _ in range(self.deals)]
            seeds = [self.rng.randrange(2**30) for _ in deals]
            means = []
            for seq in seqs:
                ends = [self._play_on(replay(d, seq, player, False, self.reply), s) for d, s in zip(deals, seeds)]
                means.append(sum(self._value(e, player) for e in ends) / len(ends))
            best = seqs[max(range(len(seqs)), key=lambda i: (means[i], -i))]
        results[0].actions = list(best)
        return results[0], list(best)


def play(job: tuple) -> tuple[float, int]:
    index, args = job
    game = cached_game(GAME)
    roles = seat_roles(index, 2)
    agents = []
    for seat in range(2):
        if roles[seat] == 0:
            agents.append(make_agent(f"search:ckpt={NET},k=4", 0, game="dominion") if args.plain
                          else RolloutSearch(0, args.policy, args.deals, args.turns))
        else:
            agents.append(make_agent(args.opponent, 0, game="dominion"))
    for seat, agent in enumerate(agents):
        agent.reset(seat, agent_seed(args.seed, index, seat))
    state = game.new_initial_state(game_seed(args.seed, index), roles)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat].act(state.observation(seat)))
    return state.returns()[roles.index(0)], state.turn_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plain", action="store_true", help="the shipped k=4 search, no rollouts")
    parser.add_argument("--turns", type=int, default=0, help="turns played on after the opponent's reply")
    parser.add_argument("--deals", type=int, default=8, help="determinizations each plan is played on")
    parser.add_argument("--policy", default="extremal:genome=dominion-srr-margin", help="the rollout policy")
    parser.add_argument("--opponent", default="bigmoney")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", default=None, help="write the result here")
    args = parser.parse_args()
    start = time.time()
    with Pool(args.workers) as pool:
        games = pool.map(play, [(i, args) for i in range(args.games)], chunksize=1)
    wins = sum(1 for r, _ in games if r > 0)
    losses = sum(1 for r, _ in games if r < 0)
    lo, hi = wilson_interval(wins, args.games)
    report = {"agent": f"search:ckpt={NET},k=4" + ("" if args.plain else
                                                   f" + rollouts(policy={args.policy}, deals={args.deals}, "
                                                   f"turns={args.turns})"),
              "opponent": args.opponent, "game": GAME, "games": args.games, "seed": args.seed,
              "first_player": "alternating", "wins": wins, "losses": losses, "draws": args.games - wins - losses,
              "win_rate": round(wins / args.games, 4), "ci95": [round(lo, 4), round(hi, 4)],
              "mean_turns": round(sum(t for _, t in games) / args.games, 1), "wall_s": round(time.time() - start)}
    print(json.dumps(report))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
