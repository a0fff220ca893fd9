"""The thesis's red-state top-up: colour chains that start from random legal states with effective HP < 1.

Red states are rare in self-play between decent agents, so a top-up game first plays `topup_agent`
(random-action by default: it attacks and trades blindly, so threat builds up) from a normal start until the
player to act is red, then hands the game to the configured agents and records colour chains from there.
If a game ends before any red state, the search restarts from a fresh shuffle (all seeded by the game's rng).
"""

from __future__ import annotations

from cardlab.datagen.chains import effective_hp
from cardlab.engine.core import Rng
from cardlab.engine.registry import make_game

MAX_ATTEMPTS = 20


def is_red(state, player: int, red_threshold: int) -> bool:
    return effective_hp(state, player) < red_threshold


def play_to_red(state, settings, rng: Rng, roles=None) -> tuple[object, int]:
    """A non-terminal state, reached from `state` by legal play, whose player to act is red; and its action count.
    A restart deals a fresh game of the same spec with the same `roles` (each agent keeps its own deck)."""
    from cardlab.agents.registry import make_agent

    start = state.clone()
    game = make_game(settings.game)
    for attempt in range(MAX_ATTEMPTS):
        s = start.clone() if attempt == 0 else game.new_initial_state(rng.next64() & 0x7FFFFFFFFFFF, roles)
        walkers = [make_agent(settings.topup_agent), make_agent(settings.topup_agent)]
        for seat, w in enumerate(walkers):
            w.reset(seat, rng.next64())
        actions = 0
        while not s.is_terminal() and actions < 2000:
            if is_red(s, s.current_player, settings.red_threshold):
                return s, actions
            seat = s.current_player
            s.apply(walkers[seat].act(s.observation(seat)))
            actions += 1
    raise RuntimeError(f"no red state found in {MAX_ATTEMPTS} attempts")

