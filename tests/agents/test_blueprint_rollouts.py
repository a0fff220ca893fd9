"""Blueprint search with rollouts (`rollout=H`, `endgame=D`): the blueprint plays on in every seat before the net
scores, so near the end a candidate is worth the score it leads to."""

import pytest

from cardlab.agents.hanabi.hat import HatAgent
from cardlab.agents.registry import make_agent
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError

from tests.agents.test_search_games import _hanabi_game, nets  # noqa: F401 (the fixture)


def _fresh_hat_play_on(state, moves: int):
    """The slow reference: new hat agents that replay the whole public record before every move."""
    for _ in range(moves):
        if state.is_terminal():
            return
        q = state.current_player
        agent = HatAgent()
        agent.reset(q, 0)
        state.apply(agent.act(state.observation(q)))


@pytest.mark.parametrize("players", [2, 3])
def test_hat_rollouts_play_the_moves_fresh_hat_agents_play(players):
    state = make_game(f"hanabi:players={players}").new_initial_state(5)
    agents = [HatAgent() for _ in range(players)]
    for p, a in enumerate(agents):
        a.reset(p, p)
    checked = 0
    while not state.is_terminal():
        p = state.current_player
        obs = state.observation(p)
        action = agents[p].act(obs)
        if state.turn % 9 == 0:
            fast, slow = state.clone(), state.clone()
            agents[p].rollout(obs, fast, 12)
            _fresh_hat_play_on(slow, 12)
            assert fast.history == slow.history and fast.points == slow.points
            checked += 1
        state.apply(action)
    assert checked >= 5


def test_endgame_searches_only_when_the_deck_is_short_and_keeps_hat_otherwise(nets):  # noqa: F811
    net = nets["hanabi"]
    hat = _hanabi_game(("hat", "hat"), 7)
    kept = _hanabi_game((f"search:ckpt={net},k=2,blueprint=hat,margin=1000,rollout=50,endgame=3",) * 2, 7)
    assert kept[1] == hat[1]  # an unreachable margin: hat's game exactly
    searched = sum(a.blueprint_stats.searched for a in kept[2])
    assert 0 < searched <= 3 + 2 + 1  # the decisions with at most 3 cards left (and the final round)
    free = _hanabi_game((f"search:ckpt={net},k=2,blueprint=hat,margin=-1000,rollout=50,endgame=3",) * 2, 7)
    assert sum(a.blueprint_stats.deviations for a in free[2]) > 0


def test_with_rollouts_a_hint_may_be_replaced(nets):  # noqa: F811
    """Without rollouts hat's hints are never replaced (the net cannot see their answers); with them every legal
    action is a candidate: the teammate's replies in the rollout show what a hint told."""
    from cardlab.engine.hanabi.config import DISCARD, PLAY

    agent = make_agent(f"search:ckpt={nets['hanabi']},k=2,blueprint=hat,margin=1000,rollout=4", 0, game="hanabi")
    state = make_game("hanabi").new_initial_state(0)
    agent.reset(0, 0)
    obs = state.observation(0)
    default = agent.blueprint.act(obs)
    assert obs.cfg.decode[default][0] not in (PLAY, DISCARD)  # hat opens this deal with a hint
    assert agent.act(obs) == default
    offered = {a for _, (a,) in agent.last_result.top}
    assert offered == set(obs.legal_actions())


def test_rollout_options_are_checked(nets):  # noqa: F811
    with pytest.raises(UserError, match="give blueprint=AGENT"):
        make_agent(f"search:ckpt={nets['hanabi']},rollout=5", 0, game="hanabi")
    with pytest.raises(UserError, match="rollout must be >= 0"):
        make_agent(f"search:ckpt={nets['hanabi']},blueprint=hat,rollout=-1", 0, game="hanabi")
    with pytest.raises(UserError, match="endgame"):
        make_agent(f"search:ckpt={nets['hanabi']},blueprint=hat,endgame=-2", 0, game="hanabi")


def test_a_blueprint_without_its_own_rollout_plays_on_with_fresh_copies(nets):  # noqa: F811
    """`age` declares no rollout hook: fresh copies of it play on; the game ends normally with some searching."""
    points, actions, agents = _hanabi_game((f"search:ckpt={nets['hanabi']},k=2,blueprint=age,rollout=3,endgame=4",) * 2, 5)
    assert 0 <= points <= 25 and actions
    assert sum(a.blueprint_stats.searched for a in agents) > 0


def test_a_net_trained_at_another_player_count_is_refused_before_play(capsys):
    """The vector encoder's rows fit at any player count, and endgame rollouts may never consult the net: the
    checkpoint's own game decides, before the first game."""
    from cardlab.cli import main

    spec = "search:ckpt=hanabi-hat-4p,k=2,blueprint=hat,rollout=100,endgame=5"
    assert main(["arena", spec, "--game", "hanabi:players=2", "--games", "1"]) == 2
    assert "trained at 4 players" in capsys.readouterr().err
