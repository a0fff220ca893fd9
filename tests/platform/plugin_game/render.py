"""tinynim for people: `cardlab replay` prints board_lines, the `human` agent observation_lines."""

from __future__ import annotations


def board_lines(state) -> list[str]:
    return [f"pile: {'o' * state.stones} ({state.stones})"]


def observation_lines(state, player: int) -> list[str]:
    return [*board_lines(state), f"you are player {player}"]
