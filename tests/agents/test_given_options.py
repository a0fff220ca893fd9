"""Search and MCTS options that another pass reads: refused when given without it, even at their default value;
spec() text unchanged for valid specs; messages that name what the user gave (audit fixes)."""

from __future__ import annotations

import logging

import pytest

from cardlab.agents.registry import make_agent
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError

BLUEPRINT = "search:ckpt=hanabi-hat-2p,blueprint=hat"


@pytest.mark.parametrize("option", ["prune=tt", "algo=best", "max_ms=5", "batch=2", "prune=auto", "batch=64"])
def test_a_blueprint_search_refuses_the_tree_options_it_never_reads(option):
    """blueprint= scores the rule agent's candidates without a turn tree: these options changed no game."""
    name = option.split("=")[0]
    with pytest.raises(UserError, match=f"search: {name}= sets the turn tree, which blueprint= does not build"):
        make_agent(f"{BLUEPRINT},{option}", game="hanabi")


def test_a_blueprint_search_names_every_tree_option_given_in_one_error():
    with pytest.raises(UserError, match="prune=, batch= set the turn tree") as err:
        make_agent(f"{BLUEPRINT},max_nodes=5,batch=2,prune=tt", game="hanabi")
    assert str(err.value).count("\n") == 0


def test_a_blueprint_search_keeps_the_node_budget_cardlab_loop_gives_every_search():
    """`cardlab loop --game hanabi --search-options ...blueprint=hat...` plays this spec (docs/results/loop_hanabi)."""
    from cardlab.checkpoints.zoo import resolve

    spec = "search:ckpt=hanabi-hat-2p,max_nodes=1000,k=8,blueprint=hat,margin=0.3,rollout=8,endgame=10"
    assert make_agent(spec, game=make_game("hanabi")).spec() == (
        f"search:blueprint=hat,endgame=10,eval=ckpt={resolve('hanabi-hat-2p')},k=8,margin=0.3,max_nodes=1000,"
        "rollout=8")


@pytest.mark.parametrize("spec, needle", [
    ("search:top=8,samples=4,max_nodes=100", "top= and samples= set the opponent-reply look-ahead"),
    ("search:top=8", "top= and samples="),
    ("search:samples=4", "top= and samples="),
    ("search:margin=0", "margin= and z= compare candidates with a blueprint's action"),
    ("search:z=0", "margin= and z="),
    ("search:rollout=0", "rollout= and endgame= play on with a blueprint"),
    ("search:endgame=-1", "rollout= and endgame="),
    ("search:margin=0,z=0,rollout=0,endgame=-1", "margin= and z="),
])
def test_options_given_at_their_default_without_their_pass_are_refused(spec, needle):
    """The check is whether the option was given, not whether it differs from its default."""
    with pytest.raises(UserError, match=needle):
        make_agent(spec)


@pytest.mark.parametrize("game, spec, text", [
    ("hearthstone", "search", "search"),
    ("hearthstone", "search:max_nodes=20000,k=1,algo=dfs,batch=64,prune=auto,max_ms=0", "search"),
    ("hearthstone", "search:eval=rho", "search"),
    ("hearthstone", "search:eval=greedy,max_nodes=300,prune=tt", "search:eval=greedy,max_nodes=300,prune=tt"),
    ("hearthstone", "search:ckpt=liege-full-rich,lookahead=greedy",
     "search:eval=ckpt={liege-full-rich},lookahead=greedy,samples=4,top=8"),
    ("hearthstone", "search:ckpt=liege-full-rich,lookahead=greedy,top=8,samples=4",
     "search:eval=ckpt={liege-full-rich},lookahead=greedy,samples=4,top=8"),
    ("hearthstone", "search:ckpt=liege-full-rich,lookahead=greedy,top=3",
     "search:eval=ckpt={liege-full-rich},lookahead=greedy,samples=4,top=3"),
    ("hanabi", f"{BLUEPRINT},margin=0,z=0,rollout=0,endgame=-1", "search:blueprint=hat,eval=ckpt={hanabi-hat-2p}"),
    ("hanabi", "search:ckpt=hanabi-hat-2p,k=8,blueprint=hat,margin=0.3,rollout=100,endgame=5",
     "search:blueprint=hat,endgame=5,eval=ckpt={hanabi-hat-2p},k=8,margin=0.3,rollout=100"),
    ("dominion", "search:ckpt=dominion-sbm-explore,others=bigmoney",
     "search:eval=ckpt={dominion-sbm-explore},others=bigmoney"),
    ("hearthstone", "mcts:per=action,rollout=end,eval=auto", "mcts"),
    ("hearthstone", "mcts:per=turn,rollout=random,cp=0.5,batch=4,k=2,ms=0,iters=100",
     "mcts:batch=4,cp=0.5,iters=100,k=2,per=turn,rollout=random"),
    ("hanabi", "mcts:per=action,eval=score", "mcts:eval=score"),
])
def test_spec_text_of_valid_specs_is_unchanged(game, spec, text):
    """spec() names agents in results, journals and match identities: the sentinel defaults must not show."""
    from cardlab.checkpoints.zoo import resolve

    for name in ("liege-full-rich", "hanabi-hat-2p", "dominion-sbm-explore"):
        text = text.replace("{" + name + "}", str(resolve(name)))
    assert make_agent(spec, game=game).spec() == text


def test_a_blueprint_search_keeps_k_and_the_evaluator():
    agent = make_agent(f"{BLUEPRINT},k=3,margin=0.2,z=0.5", game="hanabi")
    assert agent.k == 3 and agent.margin == 0.2 and agent.z == 0.5
    assert type(agent.margin) is float and type(agent.tree.max_nodes) is int  # plain values, not the sentinels


@pytest.mark.parametrize("option", ["per=turn", "rollout=random", "per=turn,rollout=random"])
def test_mcts_refuses_turn_options_in_a_game_whose_every_action_is_a_turn(option):
    with pytest.raises(UserError, match=f"mcts: {option.replace(',', ' and ')} changes? nothing in hanabi"):
        make_agent(f"mcts:iters=10,{option}", game=make_game("hanabi"))


def test_mcts_keeps_turn_options_where_turns_have_several_actions_and_defaults_in_hanabi():
    assert make_agent("mcts:iters=10,per=turn,rollout=random", game=make_game("hearthstone")).per == "turn"
    assert make_agent("mcts:iters=10,per=action,rollout=end", game=make_game("hanabi")).spec() == "mcts:iters=10"


def test_the_other_variant_warning_is_printed_once_per_arena(monkeypatch, caplog):
    """The arena builds a checking agent and one per seat; each sees the game: the warning is meant once."""
    from cardlab.agents.search import agent as search_agent
    from cardlab.arena import play
    from cardlab.arena.match import run_match

    monkeypatch.setattr(search_agent, "_WARNED", set(), raising=False)
    monkeypatch.setattr(play, "_AGENTS", {})
    with caplog.at_level(logging.WARNING):
        run_match(["search:ckpt=dominion-sbm-explore,max_nodes=20", "bigmoney"],
                  game="dominion:kingdom=big-money", games=2, seed=1)
    warnings = [r for r in caplog.records if "was trained on" in r.getMessage()]
    assert len(warnings) == 1 and "dominion:kingdom=big-money" in warnings[0].getMessage()


def test_rho_is_called_the_search_default_only_when_it_was_defaulted():
    with pytest.raises(UserError, match=r"'rho' \(the search's default\) is Hearthstone's"):
        make_agent("search", game="dominion")
    for spec in ("search:eval=rho", "mcts:eval=rho"):
        with pytest.raises(UserError, match="evaluator 'rho' is Hearthstone's; give ckpt=PATH") as err:
            make_agent(spec, game=make_game("dominion"))
        assert "default" not in str(err.value)


def test_a_number_option_that_is_not_one_reads_as_english():
    with pytest.raises(UserError, match="max_nodes='abc' should be an integer$"):
        make_agent("search:max_nodes=abc")
    with pytest.raises(UserError, match="max_ms='x' should be a number$"):
        make_agent("search:max_ms=x")
