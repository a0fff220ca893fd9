"""Engine speed of any registered game: games/s of N games between agent specs, one core, through the protocol.

The loop is the arena's (agents see observations, one object per seat) minus the bookkeeping, so the figure is
what self-play and evaluation get: engine, observation and the agents' decisions together.
"""

from __future__ import annotations

import platform
import time

from cardlab.agents.registry import make_agent
from cardlab.arena.play import agent_seed, game_seed
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError


def run(game_spec: str, agents: list[str] | None = None, games: int = 1000, seed: int = 0, progress=None,
        on_end=None) -> dict:
    """`on_end(state)` sees every finished game (a benchmark's own statistics)."""
    game = make_game(game_spec)
    specs = list(agents or ["random"] * game.num_players)
    if len(specs) == 1:
        specs *= game.num_players
    if len(specs) != game.num_players:
        raise UserError(f"{game.spec} has {game.num_players} seats: give {game.num_players} agent specs (or one for "
                        f"every seat), not {len(specs)}")
    # The Game, not its name: each agent's check_game sees the variant and seats, so what the arena refuses up front
    # (hat without hint tokens, a net of another player count, mcts on a zero-sum score) is refused here too.
    players = [make_agent(s, game=game) for s in specs]
    actions = turns = errors = 0
    first_error: str | None = None
    scores: list[float] = []
    start = time.perf_counter()
    for g in range(games):
        for seat, p in enumerate(players):
            p.reset(seat, agent_seed(seed, g, seat))
        state = game.new_initial_state(game_seed(seed, g))
        try:
            while not state.is_terminal():
                seat = state.current_player
                state.apply(players[seat].act(state.observation(seat)))
                actions += 1
            turns += state.turn_number
            scores.append(state.returns()[0])
            if on_end is not None:
                on_end(state)
        except UserError:  # the user's own setup, as in the arena: stop the run
            raise
        except Exception as exc:  # counted: the benchmark reports engine errors
            errors += 1
            if first_error is None:
                first_error = f"game {g}: {type(exc).__name__}: {exc}".splitlines()[0]
        if progress is not None:
            progress(g + 1)
    elapsed = time.perf_counter() - start
    if errors == games:  # speeds of games that all failed at once would read like a (very fast) result
        raise UserError(f"all {games} games of {' vs '.join(dict.fromkeys(specs))} on {game.spec} ended in an error, "
                        f"so there is no speed to report (first: {first_error})")
    return {
        "benchmark": "engine", "game": game.spec, "agents": specs, "games": games, "errors": errors,
        **({"first_error": first_error} if first_error is not None else {}),
        "games_per_sec": round(games / elapsed, 1), "actions_per_sec": round(actions / elapsed, 1),
        "mean_actions_per_game": round(actions / max(1, games), 1),
        "mean_turns_per_game": round(turns / max(1, games - errors), 2),
        "mean_return_seat0": round(sum(scores) / max(1, len(scores)), 3),
        "python": platform.python_version(), "machine": platform.machine(),
    }
