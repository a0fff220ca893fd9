"""Encoders and the views they are given: every encoder refuses to encode player p's row from another player's
observation (it hides cards p sees, and the row would silently be wrong); the `rich` layout documented in its module
docstring matches the code; Dominion's `table` stays inside the RL front ends' declared observation bounds."""

from __future__ import annotations

import re

import numpy as np
import pytest

from cardlab.engine.core import Rng
from cardlab.engine.features import get_encoder
from cardlab.engine.hearthstone.carddb import CLASSES
from cardlab.engine.hearthstone.features import rich
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError

CASES = [("dominion", "table"), ("hanabi:players=2", "vector"), ("hanabi:players=3", "vector"),
         ("hanabi:players=2", "hle"), ("hanabi:players=4", "hle"), ("hanabi:variant=mini", "mini-dqn-15"),
         ("hanabi:variant=mini", "vector"), ("hearthstone", "rich")]


def _played(spec: str, seed: int = 4, moves: int = 3):
    game = make_game(spec)
    state = game.new_initial_state(seed)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return game, state


@pytest.mark.parametrize("spec, name", CASES)
def test_another_players_observation_is_refused(spec, name):
    game, state = _played(spec)
    encoder = get_encoder(name, game)
    for p in range(game.num_players):
        truth = encoder.encode(state, p)
        assert np.array_equal(encoder.encode(state.observation(p), p), truth)  # its own view is fine
        for q in range(game.num_players):
            if q == p:
                continue
            wrong = state.observation(q)
            with pytest.raises(ValueError, match=f"player {q}'s observation cannot show player {p}'s"):
                encoder.values(wrong, p)
            with pytest.raises(ValueError, match="observation cannot show"):
                encoder.encode(wrong, p)
            with pytest.raises(ValueError, match="observation cannot show"):
                encoder.encode_many([state, wrong], [p, p])


@pytest.mark.parametrize("spec, name", [("hanabi:players=3", "hle"), ("hearthstone", "rich")])
def test_a_determinization_of_the_own_view_is_encoded(spec, name):
    game, state = _played(spec, seed=9, moves=6)
    encoder = get_encoder(name, game)
    for p in range(game.num_players):
        dealt = state.observation(p).determinize(p, Rng(3))
        assert encoder.encode(dealt, p).shape == (encoder.dim,)


# ------------------------------------------------------------ rich's documented layout

def _doc_tables():
    """(groups, player fields, minion fields) parsed from rich.py's module docstring."""
    doc = rich.__doc__
    groups = [(int(o), int(w), cols) for o, w, cols in re.findall(r"^    (\d+)\s+(\d+)\s+(\S+)", doc, re.M)]
    player = doc[doc.index("Player fields ("):doc.index("Minion fields (")]
    minion = doc[doc.index("Minion fields ("):doc.index("Values are raw")]
    fields = [[(int(k), name) for k, name in re.findall(r"^    \+(\d+)\s+(\w+)", part, re.M)]
              for part in (player, minion)]
    return groups, fields[0], fields[1]


def _pattern(columns: str) -> re.Pattern:
    """`own_minion<i>_<field>` -> a regex matching those feature names."""
    return re.compile("".join(".+" if part.startswith("<") else re.escape(part)
                              for part in re.split(r"(<[^>]+>)", columns)))


def test_rich_docstring_layout_matches_the_code():
    encoder = rich.RichEncoder()
    names = list(encoder.feature_names)
    groups, player, minion = _doc_tables()
    assert sum(width for _, width, _ in groups) == encoder.dim == len(names) == 327
    at = 0
    for offset, width, columns in groups:
        assert offset == at, (columns, offset, at)
        pattern = _pattern(columns)
        assert all(pattern.fullmatch(n) for n in names[offset:offset + width]), columns
        at += width
    assert [name for _, name in player] == list(rich.PLAYER_FIELDS)
    assert [k for k, _ in player] == list(range(len(rich.PLAYER_FIELDS)))
    assert [name for _, name in minion] == list(rich.MINION_FIELDS)
    assert [k for k, _ in minion] == list(range(len(rich.MINION_FIELDS)))
    widths = {cols: (offset, width) for offset, width, cols in groups}
    n_player, n_minion = len(rich.PLAYER_FIELDS), len(rich.MINION_FIELDS)
    for side in ("own", "enemy"):
        base, width = widths[f"{side}_<field>"]
        assert width == n_player
        assert names[base:base + n_player] == [f"{side}_{f}" for f in rich.PLAYER_FIELDS]
        base, width = widths[f"{side}_class_<class>"]
        assert width == len(CLASSES)
        assert names[base:base + width] == [f"{side}_class_{c.lower()}" for c in CLASSES]
        base, width = widths[f"{side}_minion<i>_<field>"]
        assert width == rich.BOARD_SLOTS * n_minion
        for i in range(rich.BOARD_SLOTS):
            at = base + n_minion * i
            assert names[at:at + n_minion] == [f"{side}_minion{i}_{f}" for f in rich.MINION_FIELDS]
    assert widths["own_hand<i>_card"][1] == widths["own_hand<i>_cost"][1] == rich.HAND_SLOTS
    # the prose offsets: the minion slots at 33 + 17 i, the enemy block at 152
    assert f"at 33 + {n_minion} i" in rich.__doc__ and widths["own_minion<i>_<field>"][0] == 33
    assert "enemy_<field> at 152 + k" in rich.__doc__ and widths["enemy_<field>"][0] == 152


# ------------------------------------------------------------ Dominion's turns_left bound

def test_dominion_turns_left_stays_inside_the_declared_observation_bound():
    from cardlab.engine.dominion.action_ids import OBSERVATION_HIGH
    from cardlab.engine.dominion.setup import MAX_TURN_CAP

    assert MAX_TURN_CAP <= OBSERVATION_HIGH
    for players in (2, 3, 4):
        most = MAX_TURN_CAP // players
        game = make_game(f"dominion:players={players},max_turns={most}")
        encoder = get_encoder("table", game)
        row = encoder.encode(game.new_initial_state(1), 0)
        assert row.max() <= OBSERVATION_HIGH
        assert row[encoder.feature_names.index("turns_left")] == most * players - 1
        with pytest.raises(UserError, match=f"max_turns={most + 1} is too large for {players} players: at most "
                                            f"{most}"):
            make_game(f"dominion:players={players},max_turns={most + 1}").new_initial_state(1)


def test_dominion_default_games_keep_their_turns_left():
    """The shipped Dominion net was trained on these values: the bound must not change them."""
    for players, expected in ((2, 199), (3, 299), (4, 399)):
        game = make_game(f"dominion:players={players}")
        encoder = get_encoder("table", game)
        row = encoder.encode(game.new_initial_state(1), 0)
        assert row[encoder.feature_names.index("turns_left")] == expected
