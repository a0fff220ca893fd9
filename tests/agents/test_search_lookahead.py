"""The turn-tree search's opponent-reply look-ahead (`search:lookahead=AGENT,top=N,samples=M`)."""

from __future__ import annotations

import pytest

from cardlab.agents.evaluators import Evaluator, terminal_value
from cardlab.agents.registry import make_agent
from cardlab.agents.search.agent import TurnTreeSearch
from cardlab.agents.search.lookahead import FINISHED
from cardlab.engine.hearthstone.state import PLAY
from cardlab.runtime import UserError

from tests.engine.hs import make_state


class BoardAttack(Evaluator):
    """Own board attack: prefers a 4/5 Yeti to a 3/5 taunt, blind to the reply."""

    name = "board-attack"

    def evaluate(self, states, player):
        return [terminal_value(s, player) if s.is_terminal() else float(sum(m.attack for m in s.players[player].board))
                for s in states]


def low_health_position():
    """We have 4 health and 4 mana; their Yeti is ready to attack next turn; we hold a Yeti and a taunt."""
    s = make_state(hands=(("Chillwind Yeti", "Sen'jin Shieldmasta"), ()), boards=((), ("Chillwind Yeti",)), mana=4)
    s.players[0].hero.damage = s.players[0].hero.max_health - 4
    return s


def first_card_played(agent, s) -> str:
    agent.reset(0, 1)
    plan = agent.plan_turn(s.observation(0))
    plays = [a for a in plan if a[0] == PLAY]
    return s.players[0].hand[plays[0][1]].name


def test_the_reply_look_ahead_plays_the_taunt_that_survives_the_next_turn():
    s = low_health_position()
    blind = TurnTreeSearch(eval=BoardAttack(), prune="tt", max_nodes=500)
    assert first_card_played(blind, s) == "Chillwind Yeti"  # the tree alone: more attack, then dead to their Yeti
    ahead = TurnTreeSearch(eval=BoardAttack(), prune="tt", max_nodes=500, lookahead="trading", top=4, samples=2)
    assert first_card_played(ahead, s) == "Sen'jin Shieldmasta"
    assert ahead.lookahead_changes == 1 and ahead.lookahead.rollouts >= 4


def test_a_lethal_reply_counts_as_a_large_finite_loss():
    s = low_health_position()
    ahead = TurnTreeSearch(eval=BoardAttack(), prune="tt", max_nodes=500, lookahead="trading", top=4, samples=1)
    ahead.reset(0, 1)
    s.apply((0,))  # we pass: their Yeti goes face for 4
    assert ahead.lookahead.values([s], 0, ahead.rng) == [-FINISHED]


@pytest.mark.parametrize("spec, message", [
    ("search:top=3", "give lookahead=AGENT"),
    ("search:lookahead=search", "must be a rule agent"),
    ("search:lookahead=trading,k=2", "not with k > 1"),
    ("search:lookahead=trading,top=1", "top >= 2"),
    ("search:lookahead=nosuchagent", "nosuchagent"),
])
def test_bad_look_ahead_options_are_one_clear_error(spec, message):
    with pytest.raises(UserError, match=message):
        make_agent(spec, 0, game="hearthstone")


def test_the_look_ahead_needs_a_game_with_turns_of_several_actions():
    with pytest.raises(UserError, match="two-player zero-sum"):
        TurnTreeSearch(eval=BoardAttack(), lookahead="random", game="hanabi")


def test_samples_sets_how_many_replies_each_plan_is_scored_after():
    """`samples=3` scores each of the top 2 plans after exactly 3 opponent replies (6 rollouts per planned turn),
    not 4: a user sizing the look-ahead's cost by samples gets what was asked."""
    s = low_health_position()
    ahead = TurnTreeSearch(eval=BoardAttack(), prune="tt", max_nodes=500, lookahead="greedy", top=2, samples=3)
    ahead.reset(0, 1)
    ahead.plan_turn(s.observation(0))
    assert len(ahead.last_result.top) == 2
    assert ahead.lookahead.rollouts == 2 * 3


def test_a_leaf_where_we_are_far_ahead_is_worth_more_after_the_reply_than_one_where_we_are_behind():
    """After the opponent's reply the evaluator scores the position from the opponent's side, so the look-ahead must
    negate it: three Yetis against an empty board is good for us and the reverse bad, not the other way round (which
    would make the look-ahead pick the plans that help the opponent)."""
    from tests.engine.hs import end_turn

    agent = make_agent("search:eval=greedy,lookahead=greedy,top=2,samples=1", 0)
    agent.reset(0, 1)

    def leaf(ours, theirs):
        s = make_state(boards=(ours, theirs))
        end_turn(s)  # our turn is over: the opponent replies
        return s

    ahead, behind = leaf(["Chillwind Yeti"] * 3, ()), leaf((), ["Chillwind Yeti"] * 3)
    up, down = agent.lookahead.values([ahead, behind], 0, agent.rng)
    assert not ahead.is_terminal() and not behind.is_terminal()  # values() replies on copies; no game ends
    assert FINISHED not in (abs(up), abs(down))  # nor inside the replies (12 damage to a 30-health hero)
    assert up > 0 > down
