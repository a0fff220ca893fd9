"""Weighted-feature evaluation (agents/hearthstone/weights.py): features, YAML errors, make_evaluator, search."""

from __future__ import annotations

import math

import pytest

from cardlab.agents.evaluators import make_evaluator
from cardlab.agents.hearthstone.weights import FEATURES, WeightsEvaluator, features, load_weights
from cardlab.agents.registry import make_agent
from cardlab.agents.search.tree import TurnTree
from cardlab.checkpoints import path_of
from cardlab.runtime import UserError
from tests.engine.hs import make_state

HAND_MADE = "checkpoints/weights/hand-made.yaml"


def position():
    s = make_state(hands=(("Fireball", "Arcane Intellect"), ("Frostbolt",)),
                   boards=(("Sen'jin Shieldmasta", "Argent Squire"), ("Bloodfen Raptor",)), mana=3)
    s.players[0].hero.damage, s.players[0].hero.armor = 10, 2
    return s


def test_features_read_both_sides():
    f = features(position(), 0)
    assert f["own_hero_health"] == 22 and f["opp_hero_health"] == 30
    assert (f["own_minions"], f["own_minion_attack"], f["own_minion_health"]) == (2, 4, 6)
    assert (f["own_taunt_health"], f["own_divine_shield"], f["opp_minion_attack"]) == (5, 1, 3)
    assert (f["own_hand"], f["opp_hand"], f["own_deck"]) == (2, 1, len(position().players[0].deck))
    assert f["own_weapon_attack"] == 0 and set(f) == set(FEATURES)
    assert features(position(), 1)["own_minions"] == 1


def test_value_is_the_weighted_sum_and_terminals_are_infinite():
    ev = WeightsEvaluator({"own_minion_attack": 2.0, "opp_hero_health": -0.5})
    s = position()
    assert ev.evaluate([s], 0) == [2.0 * 4 - 0.5 * 30]
    s.players[1].hero.damage = 30
    s.end_game(0)
    assert ev.evaluate([s], 0) == [math.inf] and ev.evaluate([s], 1) == [-math.inf]


def test_shipped_hand_made_weights_load_through_make_evaluator():
    weights = load_weights(path_of("weights/hand-made.yaml"))
    assert set(weights) <= set(FEATURES) and weights["opp_hero_health"] < 0 < weights["own_minions"]
    for text in (f"weights:{path_of('weights/hand-made.yaml')}", "weights:hand-made", f"weights:{HAND_MADE}"):
        ev = make_evaluator(text, "hearthstone")
        assert isinstance(ev, WeightsEvaluator) and ev.weights == weights


@pytest.mark.parametrize("text, words", [
    ("own_minions: 1\nbogus_feature: 2\n", "unknown feature.*bogus_feature"),
    ("own_minions: lots\n", "not finite numbers: own_minions"),
    ("own_minions: true\n", "not finite numbers: own_minions"),
    ("- own_minions\n", "expected a mapping"),
    ("own_minions: [1\n", "not valid YAML"),
])
def test_yaml_errors_name_the_file(tmp_path, text, words):
    path = tmp_path / "w.yaml"
    path.write_text(text)
    with pytest.raises(UserError, match=words) as info:
        make_evaluator(f"weights:{path}", "hearthstone")
    assert str(path) in str(info.value)


def test_missing_file_and_missing_path_are_clear():
    with pytest.raises(UserError, match="does not exist"):
        make_evaluator("weights:no/such.yaml", "hearthstone")
    with pytest.raises(UserError, match="needs a file"):
        make_evaluator("weights", "hearthstone")
    with pytest.raises(UserError, match="takes no argument"):
        make_evaluator("rho:3", "hearthstone")


def test_the_turn_tree_search_and_mcts_take_weights():
    s = make_state(boards=(("Boulderfist Ogre", "Chillwind Yeti", "Bloodfen Raptor"), ("Sen'jin Shieldmasta",)), mana=0)
    s.players[1].hero.damage = 24
    tree = TurnTree(make_evaluator("weights:hand-made"), prune="tt", max_nodes=0, max_ms=0)
    assert tree.search(s.clone(), 0).value == math.inf
    for spec in (f"search:eval=weights:{HAND_MADE}", f"mcts:iters=50,eval=weights:{HAND_MADE}"):
        agent = make_agent(spec)
        agent.reset(0, 1)
        assert agent.act(s.observation(0)) in s.legal_actions()


def test_search_prunes_only_transpositions_with_weights():
    assert make_agent("search:eval=weights:hand-made").tree.prune == "tt"
    assert make_agent("search").tree.prune == "dominance"


def test_a_binary_file_or_a_folder_as_weights_is_named_as_such(tmp_path):
    binary = tmp_path / "value.pt"
    binary.write_bytes(b"\x80\x02\x8a\x0alz\xfc\x9c")
    with pytest.raises(UserError, match="not a text"):
        make_evaluator(f"weights:{binary}", "hearthstone")
    with pytest.raises(UserError, match="is a directory"):
        make_evaluator(f"weights:{tmp_path}", "hearthstone")
