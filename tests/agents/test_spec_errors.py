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
    assert main(["decks", str(tmp_path)]) == 2
    assert "is a directory, not a file" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["search:ckpt=,max_nodes=50", "mcts:ckpt=,iters=10", "search:ckpt= "])
def test_an_empty_ckpt_is_refused_not_played_without_a_network(spec):
    with pytest.raises(UserError, match="ckpt= needs a checkpoint file or model name"):
        make_agent(spec)
