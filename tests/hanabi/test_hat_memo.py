"""`hat`'s memoised questions and boards answer exactly what computing them afresh answers."""

from cardlab.agents.hanabi.cards import Board, planes
from cardlab.agents.hanabi.hat import HatAgent
from cardlab.engine.core import derive_seed
from cardlab.engine.registry import make_game


def test_memoised_questions_and_boards_match_fresh_ones():
    checked = 0
    for players in (2, 4):
        game = make_game(f"hanabi:players={players}")
        agents = [HatAgent(0) for _ in range(players)]
        for i in range(6):
            state = game.new_initial_state(derive_seed(3, i))
            for p, agent in enumerate(agents):
                agent.reset(p, derive_seed(3, i, p))
            while not state.is_terminal():
                p = state.current_player
                obs = state.observation(p)
                pk = agents[p].knowledge(obs)
                board, weights = pk.board_and_weights()
                fresh = Board(pk.cfg, pk.fireworks, pk.discards)
                assert (board.playable, board.useless, board.critical) == (fresh.playable, fresh.useless,
                                                                           fresh.critical)
                assert weights == planes(pk.counts())
                _, size = pk.layout(p)
                for k in range(players):
                    if k == p or not pk.hands[k]:
                        continue
                    q = pk.question(k, size, board, weights)
                    new = pk._ask(tuple(pk.masks[c] for c in pk.hands[k]), size, fresh, planes(pk.counts()))
                    assert (q.plays, q.x, q.groups) == (new.plays, new.x, new.groups)
                    checked += 1
                state.apply(agents[p].act(obs))
    assert checked > 500
