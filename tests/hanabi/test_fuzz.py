"""Random games for every player count and the mini variant, with the invariants checked after every action."""

from __future__ import annotations

import pytest

from cardlab.agents.hanabi import AGENTS
from cardlab.engine.core import Rng
from cardlab.engine.hanabi import knowledge as kn
from cardlab.engine.hanabi.state import HIDDEN, HanabiState
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError
from tests.hanabi.positions import card_census

# the rule-based agents; `dqn` needs a trained checkpoint and plays mini Hanabi only (tests/hanabi/test_mini_dqn.py)
RULE_AGENTS = {name: factory for name, factory in AGENTS.items() if name != "dqn"}

SPECS = ["hanabi:players=2", "hanabi:players=3", "hanabi:players=4", "hanabi:players=5", "hanabi:variant=mini",
         "hanabi:variant=mini,players=4", "hanabi:players=3,colours=3,ranks=3,hand_size=3,hints=3,fuses=1",
         "hanabi:players=2,hints=0", "hanabi:players=5,hand_size=10"]


def check_invariants(s: HanabiState) -> None:
    cfg = s.cfg
    census = card_census(s)
    assert all(census[code] == cfg.copies[code] for code in range(cfg.num_codes))
    assert 0 <= s.hint_tokens <= cfg.hints and 0 <= s.fuses_left <= cfg.fuses
    assert s.points == sum(s.fireworks) <= cfg.max_score
    assert all(len(h) <= cfg.hand_size for h in s.hands)
    for hand, know, ids in zip(s.hands, s.knowledge, s.card_ids):
        assert len(hand) == len(know) == len(ids)
        for card, k in zip(hand, know):
            assert kn.may_be(k, cfg.colour_of[card], cfg.rank_of[card])  # hints never lie
    legal = s.legal_actions()
    if s.is_terminal():
        assert legal == [] and s.current_player == -1
    else:
        assert legal and legal == sorted(set(legal)) and all(0 <= a < cfg.num_actions for a in legal)
        assert 0 <= s.current_player < cfg.players


@pytest.mark.parametrize("spec", SPECS)
def test_uniform_random_games_keep_the_invariants(spec):
    game = make_game(spec)
    for g in range(25):
        s = game.new_initial_state(g)
        rng = Rng(1000 + g)
        moves = 0
        check_invariants(s)
        while not s.is_terminal():
            legal = s.legal_actions()
            if g % 2 == 0 and s.fuses_left == 1:  # even games stop playing at the last fuse to reach the deck's end
                legal = [a for a in legal if a >= s.cfg.hand_size] or legal
            action = legal[rng.randrange(len(legal))]
            if moves % 7 == 0:  # every legal action applies to a clone; an illegal one raises
                for a in legal:
                    s.clone().apply(a)
                illegal = [a for a in range(s.cfg.num_actions) if a not in s.legal_actions()]
                for a in illegal[:3]:
                    with pytest.raises(ValueError):
                        s.clone().apply(a)
            if moves % 5 == 0:
                p = s.current_player
                obs = s.observation(p)
                assert obs.legal_actions() == s.legal_actions()
                if not s.cfg.visible_own:
                    assert set(obs.hands[p]) <= {HIDDEN}
                d = obs.determinize(p, Rng(moves))
                check_invariants(d)
            s.apply(action)
            moves += 1
            check_invariants(s)
            assert moves < 200
        assert s.turn_number == moves


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_agent_plays_legal_games(players):
    game = make_game(f"hanabi:players={players}")
    for name, factory in RULE_AGENTS.items():
        agents = [factory(seed=p) for p in range(players)]
        for g in range(3):
            for p, a in enumerate(agents):
                a.reset(p, 17 * g + p)
            s = game.new_initial_state(g)
            while not s.is_terminal():
                p = s.current_player
                action = agents[p].act(s.observation(p))
                assert action in s.legal_actions(), (name, action)
                s.apply(action)
                check_invariants(s)


def test_agents_play_mini_and_small_variants():
    specs = ("hanabi:variant=mini", "hanabi:players=3,colours=2,ranks=3,hand_size=2,hints=2", "hanabi:hints=0,players=3")
    for spec in specs:
        game = make_game(spec)
        for name, factory in RULE_AGENTS.items():
            agents = [factory(seed=p) for p in range(game.num_players)]
            if name == "hat" and game.config.hints == 0:  # hat guessing speaks through hints: a clear refusal
                agents[0].reset(0, 0)
                with pytest.raises(UserError, match="hat needs hint tokens"):
                    agents[0].act(game.new_initial_state(0).observation(0))
                continue
            for g in range(5):
                for p, a in enumerate(agents):
                    a.reset(p, g * 7 + p)
                s = game.new_initial_state(g)
                while not s.is_terminal():
                    p = s.current_player
                    action = agents[p].act(s.observation(p))
                    assert action in s.legal_actions(), (spec, name, action)
                    s.apply(action)
