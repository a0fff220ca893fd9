"""RL front ends over the game protocol: PettingZoo AEC (all seats), Gymnasium (one seat against bots) and
OpenSpiel Python games. They wrap `cardlab.engine` states through `GameCodec` (each game's own encoder and dense
action ids); no rule lives here.

Importing this package needs none of the optional libraries (`pip install "cardlab[rl]"` for Gymnasium and
PettingZoo, `cardlab[openspiel]` for OpenSpiel); building a front end without its library raises a UserError that
names the extra. When Gymnasium is installed, importing this package registers `cardlab/Hearthstone-v0`,
`cardlab/Dominion-v0` and `cardlab/Hanabi-v0` (also reachable as `gymnasium.make("cardlab.envs:cardlab/Hanabi-v0")`),
and `cardlab/<Name>-v0` (`gym_id`) for every other game registered before the import (`register_game`). A game added
later (another `register_game`, a `cardlab.games` entry point) plays through `gymnasium_env("kuhn")`, or gets its id
from `register_gymnasium(["kuhn"])`. Any game needs an RL hook module (`action_ids`, envs/codec.py) to be encoded.
"""

from __future__ import annotations

import sys
from typing import Any, Iterable

from cardlab.envs.codec import GameCodec

GYM_IDS = {"cardlab/Hearthstone-v0": "hearthstone", "cardlab/Dominion-v0": "dominion", "cardlab/Hanabi-v0": "hanabi"}


def pettingzoo_env(game_spec: str = "hearthstone", **kwargs: Any):
    """A PettingZoo AEC environment for every seat of `game_spec` (see pettingzoo_aec.CardlabAECEnv)."""
    from cardlab.envs.pettingzoo_aec import CardlabAECEnv

    return CardlabAECEnv(game_spec, **kwargs)


def gymnasium_env(game_spec: str = "hearthstone", opponent: Any = None, **kwargs: Any):
    """A Gymnasium environment: one seat of `game_spec` against agent specs in the others (gymnasium_seat.py); any
    registered game with an RL hook, whether or not it has a Gymnasium id."""
    from cardlab.envs.gymnasium_seat import CardlabGymEnv

    return CardlabGymEnv(game_spec, opponent=opponent, **kwargs)


def openspiel_game(game_spec: str = "hearthstone", seeds: int | None = None, seed_draws: int | None = None):
    """A pyspiel game for `game_spec` (registers the cardlab games with OpenSpiel first; openspiel_games.py)."""
    from cardlab.envs.openspiel_games import load_game

    return load_game(game_spec, seeds=seeds, seed_draws=seed_draws)


def gym_id(game: str) -> str:
    """The Gymnasium id of game `game`: the built-in ones' GYM_IDS, else `cardlab/<Name>-v0` (`leduc_poker`:
    `cardlab/LeducPoker-v0`)."""
    for env_id, name in GYM_IDS.items():
        if name == game:
            return env_id
    return "cardlab/" + "".join(part.capitalize() for part in game.split("_")) + "-v0"


def register_gymnasium(games: Iterable[str] | None = None) -> bool:
    """Register ids with Gymnasium when it is installed (False when it is not): the built-in games' GYM_IDS, every
    game registered now (`registry.GAMES`) and the games named in `games` (`gym_id`)."""
    try:
        import gymnasium
    except ImportError:
        return False
    from cardlab.engine.registry import GAMES

    names = [*GYM_IDS.values(), *GAMES, *(games or ())]
    for game in dict.fromkeys(names):
        env_id = gym_id(game)
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="cardlab.envs.gymnasium_seat:CardlabGymEnv",
                               kwargs={"game_spec": game})
    return True


register_gymnasium()
if "pyspiel" in sys.modules:  # `import pyspiel, cardlab.envs`: pyspiel.load_game("cardlab_hanabi") then works
    import cardlab.envs.openspiel_games  # noqa: F401  (registers the games on import)

__all__ = ["GYM_IDS", "GameCodec", "gym_id", "gymnasium_env", "openspiel_game", "pettingzoo_env", "register_gymnasium"]
