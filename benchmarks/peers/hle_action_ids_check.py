"""Check cardlab's "hle" action ids (engine/hanabi/action_ids.py) against HLE's move uids, every config HLE and our
engine share among 2-5 players x (5 colours, 5 ranks, the rules' hand: 5 at 2-3 players, 4 at 4-5), (3, 5, hands of 2),
(2, 3, hands of 3). Runs under a Python with HLE and cardlab (see hle_encoder_fixture.py); prints one "ok" line per
config, fails on the first mismatch."""
from hanabi_learning_environment import pyhanabi
from cardlab.engine.hanabi.config import variant_config
from cardlab.engine.hanabi.action_ids import HanabiHLEActionIds
from cardlab.runtime import UserError

MT = pyhanabi.HanabiMoveType
for players in (2, 3, 4, 5):
    for colours, ranks, hand in ((5, 5, None), (3, 5, 2), (2, 3, 3)):
        try:
            cfg = variant_config(players=players, colours=colours, ranks=ranks, hand_size=hand)  # None: the rules' hand
        except UserError:  # a deck too small for the hands: not a config either engine plays
            continue
        g = pyhanabi.HanabiGame({"players": players, "colors": colours, "ranks": ranks, "hand_size": cfg.hand_size,
                                 "max_information_tokens": cfg.hints, "max_life_tokens": cfg.fuses, "seed": 1})
        ids = HanabiHLEActionIds(cfg.num_actions, cfg.hand_size)
        assert g.max_moves() == cfg.num_actions, (players, g.max_moves(), cfg.num_actions)
        for uid in range(g.max_moves()):
            m = g.get_move(uid); k = m.type()
            a = (cfg.play(m.card_index()) if k == MT.PLAY else cfg.discard(m.card_index()) if k == MT.DISCARD else
                 cfg.hint_colour(m.target_offset(), m.color()) if k == MT.REVEAL_COLOR else
                 cfg.hint_rank(m.target_offset(), m.rank()))
            assert ids.to_id(a) == uid and ids.to_action(uid) == a, (players, uid, m, a)
        print(players, colours, ranks, cfg.hand_size, "ok", g.max_moves())
