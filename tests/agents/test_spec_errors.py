"""Agent specs and evaluators: repeated options, evaluator names and directories get a correct one-line error."""

from __future__ import annotations

import pytest

from cardlab.agents.evaluators import make_evaluator
from cardlab.agents.registry import make_agent, parse_spec
from cardlab.cli import main
from cardlab.runtime import UserError


def test_an_option_given_twice_is_refused():
    with pytest.raises(UserError, match="option 'max_nodes' is given twice"):
        parse_spec("search:max_nodes=-5,max_nodes=7")


def test_hanabi_evaluator_messages_do_not_blame_the_user_for_the_default():
    with pytest.raises(UserError, match="'rho' \\(the search's default\\) is Hearthstone's") as err:
        make_agent("search", game="hanabi")
    assert "ckpt=PATH" in str(err.value) and "one of none" not in str(err.value)
    with pytest.raises(UserError, match="unknown evaluator 'none': hanabi has no named evaluators"):
        make_evaluator("none", "hanabi")


def test_a_directory_for_a_file_is_called_a_directory(tmp_path, capsys):
    with pytest.raises(UserError, match="is a directory, not a file"):
        make_agent(f"search:ckpt={tmp_path}")
    with pytest.raises(UserError, match="is a directory, not a file"):
        make_agent(f"dqn:ckpt={tmp_path}", game="hanabi")
    assert main(["decks", str(tmp_path)]) == 2
    assert "is a directory, not a file" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["search:ckpt=,max_nodes=50", "mcts:ckpt=,iters=10", "search:ckpt= "])
def test_an_empty_ckpt_is_refused_not_played_without_a_network(spec):
    with pytest.raises(UserError, match="ckpt= needs a checkpoint file or model name"):
        make_agent(spec)


@pytest.mark.parametrize("spec, game, needle", [
    # NaN fails every comparison: it switched the time limit (or the blueprint's test) off without a word.
    ("search:max_ms=nan", "hearthstone", "max_ms must be finite"),
    ("search:max_ms=inf", "hearthstone", "max_ms must be finite"),
    ("search:ckpt=hanabi-hat-2p,blueprint=hat,margin=nan", "hanabi", "margin must be a finite number"),
    ("search:ckpt=hanabi-hat-2p,blueprint=hat,z=nan", "hanabi", "z must be finite"),
    # An explicit default evaluator is still an evaluator: ckpt= silently won before.
    ("search:eval=rho,ckpt=pool-wide-rich", "hearthstone", "either eval=... or ckpt=PATH, not both"),
    ("mcts:eval=auto,ckpt=pool-wide-rich", "hearthstone", "either eval=... or ckpt=PATH, not both"),
    # k trees cannot share fewer nodes or iterations than k: the budget was exceeded.
    ("search:max_nodes=2,k=3", "hearthstone", "k=3 trees need at least one node each"),
    ("mcts:iters=2,k=3", "hearthstone", "k=3 trees need at least one iteration each"),
    ("search:ckpt=hanabi-hat-2p,blueprint=mcts", "hanabi", "blueprint must be a rule agent"),
    ("search:ckpt=hanabi-hat-2p,blueprint=human", "hanabi", "blueprint must be a rule agent"),
    ("search:lookahead=human", "hearthstone", "lookahead policy must be a rule agent"),
    ("search:ckpt=dominion-sbm-explore,others=human", "dominion", "others= answers other players' decisions"),
    ("search:ckpt=dominion-sbm-explore,others=mcts", "dominion", "others= answers other players' decisions"),
])
def test_options_that_would_change_the_search_silently_are_refused(spec, game, needle):
    with pytest.raises(UserError, match=needle):
        make_agent(spec, game=game)


def test_the_default_evaluators_can_still_be_named():
    assert make_agent("search:eval=rho").spec() == "search"
    assert make_agent("mcts:eval=auto").spec() == "mcts"


@pytest.mark.parametrize("spec, game, words", [
    ("search:eval=greedy-aggro:control", "hearthstone", "'greedy-aggro' takes no argument"),  # was read as control
    ("q57:ckpt=q57-shaped,max_nodes=0", "hearthstone", "max_nodes must be >= 1"),  # only ever ended its turns
    ("q8:ckpt=q8-shaped,max_nodes=-5", "hearthstone", "max_nodes must be >= 1"),
    ("human:ask=foo", "hearthstone", "set from code"),  # crashed at its first move
    ("search:ckpt=dominion-sbm-explore,others=", "dominion", "others= needs a rule agent"),  # played first options
    ("search:others=greedy", "hearthstone", "hearthstone has none"),  # accepted and never asked
    ("search:ckpt=hanabi-hat-2p,blueprint=hat,z=2", "hanabi", "give k >= 2"),  # no spread with one guess
])
def test_options_that_were_misread_or_crashed_later_are_refused(spec, game, words):
    with pytest.raises(UserError, match=words):
        make_agent(spec, game=game)


def test_a_negative_mcts_budget_is_named_once():
    with pytest.raises(UserError) as err:
        make_agent("mcts:iters=-1")
    assert "iters and ms must be finite" in str(err.value) and "trees need at least" not in str(err.value)
