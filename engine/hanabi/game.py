"""HanabiGame: a rules config that makes seeded initial states. Registry spec `hanabi:players=3,variant=mini,...`."""

from __future__ import annotations

from typing import Sequence

from cardlab.engine.core import COOPERATIVE, Game
from cardlab.engine.hanabi.config import BOMB_OUT, VARIANTS, HanabiConfig, variant_config
from cardlab.engine.hanabi.state import HanabiState
from cardlab.engine.registry import GameOption
from cardlab.runtime import UserError


def _int_or_default(key: str):
    """Parser for options whose default (None) means "the variant's default"."""

    def parse(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise UserError(f"game 'hanabi': {key}={text!r} should be an int") from None

    return parse


DESCRIPTION = "Hanabi, 2-5 players, cooperative (team score); mini Hanabi and HLE-style small variants"
PLAYERS = (2, 3, 4, 5)
KIND = COOPERATIVE
EXAMPLE = "hanabi:players=4"
OPTIONS = {
    "players": GameOption(2, "number of players, 2-5"),
    "variant": GameOption("full", "full Hanabi, or mini (2 colours x 1,1,1,2,2,3, own cards visible, no hints)",
                          choices=VARIANTS),
    "bomb_out": GameOption("keep", "score after the last fuse burns: keep the fireworks' sum, or zero (HLE)",
                           choices=BOMB_OUT),
    "colours": GameOption(None, "colours, 1-5 (default: the variant's)", parse=_int_or_default("colours")),
    "ranks": GameOption(None, "ranks per colour, 1-5 (default: the variant's)", parse=_int_or_default("ranks")),
    "hand_size": GameOption(None, "cards per hand (default: the variant's for the player count)",
                            parse=_int_or_default("hand_size")),
    "hints": GameOption(None, "hint tokens; 0 = no hints (default: 8, mini 0)", parse=_int_or_default("hints")),
    "fuses": GameOption(None, "fuse tokens (default: 3, mini 2)", parse=_int_or_default("fuses")),
}


class HanabiGame(Game):
    name = "hanabi"
    kind = COOPERATIVE

    def __init__(self, config: HanabiConfig | None = None) -> None:
        self.config = config or HanabiConfig()
        self.num_players = self.config.players
        self.spec = self.config.spec()

    def new_initial_state(self, seed: int, roles: Sequence[int] | None = None) -> HanabiState:
        """Seat 0 starts; every seat plays the same rules, so `roles` changes nothing."""
        return HanabiState.new(self.config, seed)

    @property
    def max_score(self) -> int:
        """The perfect score; the arena reports the share of games that reach it."""
        return self.config.max_score

    def describe(self) -> str:
        cfg = self.config
        return (f"Hanabi {cfg.variant} {cfg.players}p ({cfg.colours}x{cfg.ranks}, hand {cfg.hand_size}, "
                f"{cfg.hints} hints, {cfg.fuses} fuses, bomb-out {cfg.bomb_out})")

    def file_attrs(self) -> dict:
        return {"bomb_out": self.config.bomb_out, "max_score": self.config.max_score}


def make_game(players: int = 2, variant: str = "full", bomb_out: str = "keep", colours: int | None = None,
              ranks: int | None = None, hand_size: int | None = None, hints: int | None = None,
              fuses: int | None = None) -> HanabiGame:
    return HanabiGame(variant_config(variant, players, bomb_out, colours, ranks, hand_size, hints, fuses))
