"""Peer speed, like for like: pyminion (PyPI 0.4.0) playing the spec's BigMoney (Province; a Duchy with <= 5
Provinces left; an Estate with <= 2 left; else Gold, else Silver) in a mirror, 2 players, base set, next to its own
example BigMoney (Province, Gold, Silver only). Run with the peer's interpreter: python pyminion_spec_bm.py N"""
import logging
import sys
import time

from pyminion.bots.bot import Bot, BotDecider
from pyminion.bots.examples.big_money import BigMoney
from pyminion.expansions.base import base_set, duchy, estate, gold, province, silver
from pyminion.game import Game
from pyminion.simulator import Simulator

logging.disable(logging.CRITICAL)


class SpecBigMoneyDecider(BotDecider):
    def buy_priority(self, player, game):
        money = player.state.money
        provinces_left = game.supply.pile_length("Province")
        if money >= 8:
            yield province
        if money >= 5 and provinces_left <= 5:
            yield duchy
        if money >= 2 and provinces_left <= 2:
            yield estate
        if money >= 6:
            yield gold
        if money >= 3:
            yield silver


class SpecBigMoney(Bot):
    def __init__(self, player_id: str) -> None:
        super().__init__(decider=SpecBigMoneyDecider(), player_id=player_id)


n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
for name, players in (("example BM mirror", [BigMoney("a"), BigMoney("b")]),
                      ("spec BM mirror", [SpecBigMoney("a"), SpecBigMoney("b")])):
    game = Game(players=players, expansions=[base_set], log_stdout=False)
    start = time.perf_counter()
    result = Simulator(game, iterations=n).run()
    elapsed = time.perf_counter() - start
    turns = sum(r.turns for r in result.game_results) / n
    print(f"pyminion {name}: {n} games {n / elapsed:.1f} games/s, mean turns (winner's) {turns:.2f};",
          "; ".join(f"{p.player.player_id} W{p.wins} L{p.losses} T{p.ties}" for p in result.player_results))
