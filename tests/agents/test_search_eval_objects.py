"""A search given its evaluator as an object prunes as the same evaluator named in a spec does: value networks
(one, an ensemble, or whatever a `set_ckpt_loader` loader returns for a checkpoint) are not monotone, so prune=auto
keeps to transpositions (tt), and the agent's spec() rebuilds the same tree."""

from __future__ import annotations

import pytest

from cardlab.agents import evaluators
from cardlab.agents.evaluators import Evaluator, make_evaluator
from cardlab.agents.registry import make_agent
from cardlab.agents.search.agent import TurnTreeSearch
from cardlab.agents.value_evaluator import ValueNetEnsemble, ValueNetEvaluator
from cardlab.checkpoints.zoo import resolve

NET = "liege-full-rich"
OTHER = "pool-full-rich"


def tree_settings(agent: TurnTreeSearch) -> tuple:
    t = agent.tree
    return (t.prune, t.max_nodes, t.max_ms, t.algo, t.batch_size, t.keep_top, t.before_end_turn, agent.k)


@pytest.fixture(scope="module")
def net():
    return ValueNetEvaluator(resolve(NET))


@pytest.fixture(scope="module")
def ensemble():
    return make_evaluator(f"ckpt={NET}+{OTHER}")


def test_value_net_evaluators_say_they_are_not_monotone(net, ensemble):
    assert isinstance(ensemble, ValueNetEnsemble)
    assert ValueNetEvaluator.monotone is False and ValueNetEnsemble.monotone is False
    assert net.monotone is False and ensemble.monotone is False


@pytest.mark.parametrize("which", ["net", "made", "ensemble"])
def test_an_evaluator_object_prunes_as_its_spec_does_and_the_spec_rebuilds_the_same_tree(which, net, ensemble):
    evaluator = {"net": net, "made": make_evaluator(f"ckpt={NET}"), "ensemble": ensemble}[which]
    agent = TurnTreeSearch(eval=evaluator, max_nodes=300)
    from_text = TurnTreeSearch(eval=evaluator.name, max_nodes=300)
    assert agent.tree.prune == from_text.tree.prune == "tt"
    rebuilt = make_agent(agent.spec())
    assert rebuilt.spec() == agent.spec() and tree_settings(rebuilt) == tree_settings(agent)
    # an explicit level still wins, and the heuristic evaluators keep dominance
    assert TurnTreeSearch(eval=evaluator, prune="dominance").tree.prune == "dominance"
    assert TurnTreeSearch(eval=make_evaluator("rho")).tree.prune == "dominance"


class Loaded(Evaluator):
    """What a loader given to set_ckpt_loader might return: an evaluator that says nothing about monotonicity."""

    def __init__(self, path: str) -> None:
        self.name = f"ckpt={path}"

    def evaluate(self, states: list, player: int) -> list[float]:
        return [0.0] * len(states)


def test_a_checkpoint_loaders_evaluator_prunes_transpositions_only_as_a_spec_or_an_object(monkeypatch):
    monkeypatch.setattr(evaluators, "_CKPT_LOADER", Loaded)
    by_spec = TurnTreeSearch(eval=f"ckpt={NET}")
    loaded = make_evaluator(f"ckpt={NET}")
    assert isinstance(by_spec.evaluator, Loaded) and isinstance(loaded, Loaded)
    by_object = TurnTreeSearch(eval=loaded)
    assert by_spec.tree.prune == by_object.tree.prune == "tt"
    assert tree_settings(make_agent(by_object.spec())) == tree_settings(by_object)
