"""`HanabiConfig` built directly follows the same rules as a spec string: the hand size of the player count, the
variant's shape, and a `spec()` that rebuilds the config (logs, replays and data files record it)."""

from __future__ import annotations

import itertools

import pytest

from cardlab.engine.hanabi import HanabiConfig, variant_config
from cardlab.engine.hanabi.game import HanabiGame
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError

PLAYERS = (2, 3, 4, 5)


@pytest.mark.parametrize("players, hand", [(2, 5), (3, 5), (4, 4), (5, 4)])
def test_a_direct_config_deals_the_rules_hand_for_the_player_count(players, hand):
    cfg = HanabiConfig(players=players)
    assert cfg.hand_size == hand
    assert cfg == variant_config(players=players)
    state = HanabiGame(cfg).new_initial_state(0)
    assert [len(h) for h in state.hands] == [hand] * players
    assert cfg.spec() == f"hanabi:players={players}"


@pytest.mark.parametrize("players", PLAYERS)
def test_a_direct_mini_config_has_the_mini_shape(players):
    for cfg in (HanabiConfig(players=players, variant="mini"), HanabiConfig(players=players, variant="mini", hints=0)):
        assert (cfg.colours, cfg.ranks, cfg.hints, cfg.fuses, cfg.visible_own) == (2, 3, 0, 2, True)
        assert cfg.hand_size == (3 if players < 4 else 2)
        assert cfg == variant_config("mini", players)
        assert cfg.spec() == f"hanabi:players={players},variant=mini"


def test_visible_own_that_contradicts_the_variant_is_refused():
    with pytest.raises(UserError, match="visible_own=True contradicts variant=full"):
        HanabiConfig(visible_own=True)
    with pytest.raises(UserError, match="visible_own=False contradicts variant=mini"):
        HanabiConfig(variant="mini", visible_own=False)
    with pytest.raises(UserError, match="visible_own"):
        HanabiConfig(visible_own=1)
    assert HanabiConfig(visible_own=False) == HanabiConfig()
    assert HanabiConfig(variant="mini", visible_own=True) == variant_config("mini")


def test_explicit_settings_still_override_the_variant():
    cfg = HanabiConfig(players=4, hand_size=5)
    assert cfg.hand_size == 5 and cfg.spec() == "hanabi:players=4,hand_size=5"
    cfg = HanabiConfig(variant="mini", colours=5, ranks=5, fuses=3)
    assert (cfg.colours, cfg.ranks, cfg.hand_size, cfg.fuses, cfg.visible_own) == (5, 5, 3, 3, True)
    with pytest.raises(UserError, match="hints=8 is impossible in mini"):
        HanabiConfig(variant="mini", hints=8)


DIRECT = [dict(players=p, **extra) for p in PLAYERS for extra in (
    {}, {"variant": "mini"}, {"bomb_out": "zero"}, {"hand_size": 3}, {"colours": 3, "ranks": 4}, {"hints": 0},
    {"hints": 5, "fuses": 1}, {"variant": "mini", "colours": 3}, {"variant": "mini", "fuses": 3, "hand_size": 1},
    {"colours": 5, "ranks": 5, "hand_size": 5, "hints": 8, "fuses": 3, "visible_own": False})]


@pytest.mark.parametrize("kwargs", DIRECT, ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()))
def test_every_direct_config_spec_rebuilds_it(kwargs):
    cfg = HanabiConfig(**kwargs)
    assert make_game(cfg.spec()).config == cfg
    assert HanabiGame(cfg).spec == cfg.spec()
    assert HanabiConfig(**cfg.to_dict()) == cfg  # saved states (to_dict/from_dict) rebuild it too


# The canonical spec of every game the registry builds: logs and data files record these strings, so they must not
# change (checked against the code before the direct-config fix).
CANONICAL = {
    "": "hanabi:players={p}",
    "variant=full": "hanabi:players={p}",
    "variant=mini": "hanabi:players={p},variant=mini",
    "bomb_out=zero": "hanabi:players={p},bomb_out=zero",
    "hand_size=3": "hanabi:players={p},hand_size=3",
    "colours=3": "hanabi:players={p},colours=3",
    "hints=0": "hanabi:players={p},hints=0",
    "fuses=3": "hanabi:players={p}",
    "colours=5,ranks=5": "hanabi:players={p}",
    "variant=mini,colours=2,ranks=3": "hanabi:players={p},variant=mini",
    "variant=mini,fuses=3": "hanabi:players={p},variant=mini,fuses=3",
    "variant=mini,colours=5,ranks=5": "hanabi:players={p},variant=mini,colours=5,ranks=5",
}


@pytest.mark.parametrize("players, options", list(itertools.product(PLAYERS, CANONICAL)))
def test_registry_specs_are_unchanged(players, options):
    spec = f"hanabi:players={players}" + (f",{options}" if options else "")
    game = make_game(spec)
    assert game.spec == CANONICAL[options].format(p=players)
    assert make_game(game.spec).config == game.config


@pytest.mark.parametrize("players", PLAYERS)
def test_the_player_count_hand_is_written_only_when_it_differs(players):
    default = 5 if players < 4 else 4
    other = 4 if default == 5 else 5
    assert make_game(f"hanabi:players={players},hand_size={default}").spec == f"hanabi:players={players}"
    assert make_game(f"hanabi:players={players},hand_size={other}").spec == \
        f"hanabi:players={players},hand_size={other}"
