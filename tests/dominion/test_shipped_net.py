"""The shipped Dominion value net (checkpoints/dominion-sbm-explore) in the turn search: buys a user would expect."""

from __future__ import annotations

import pytest

from cardlab.agents.registry import make_agent

from tests.dominion.positions import position


def _buys_after_turn(hand, deck, supply=None):
    """Let the searched agent play player 0's whole turn; the cards it gained."""
    s = position(hand, deck=deck, supply=supply or {})
    before = s.owned_counts(0)
    agent = make_agent("search:ckpt=dominion-sbm-explore", seed=3, game="dominion")
    agent.reset(0, 3)
    while not s.is_terminal() and s.turn_owner == 0 and s.current_player == 0:
        s.apply(agent.act(s.observation(0)))
    after = s.owned_counts(0)
    return {c: after.get(c, 0) - before.get(c, 0) for c in after if after.get(c, 0) != before.get(c, 0)}


@pytest.mark.parametrize("provinces,wanted", [
    (2, {"Province"}),  # near the end $8 is a Province
    (8, {"Province", "Gold"}),  # on turn 1 a Gold is as good (Big Money variants take either)
])
def test_eight_coins_buy_a_province_near_the_end(provinces, wanted):
    gained = _buys_after_turn(["Gold", "Gold", "Silver", "Estate", "Estate"], deck=["Copper"] * 10,
                              supply={"Province": provinces})
    assert len(gained) == 1 and set(gained) <= wanted, gained


@pytest.mark.parametrize("hand,wanted", [
    (["Gold", "Copper", "Estate", "Estate", "Estate"], {"Gold", "Silver", "Smithy"}),  # $6 early: money or Smithy
    (["Silver", "Copper", "Estate", "Estate", "Estate"], {"Silver"}),  # $3: Silver, not a cheap action or junk
])
def test_early_buys_are_money_not_junk(hand, wanted):
    gained = _buys_after_turn(hand, deck=["Copper"] * 10)
    assert len(gained) == 1 and set(gained) <= wanted, gained


def test_a_net_from_another_kingdom_is_played_with_one_warning(caplog):
    from cardlab.engine.registry import make_game

    game = make_game("dominion:kingdom=big-money")
    with caplog.at_level("WARNING"):
        agent = make_agent("search:ckpt=dominion-sbm-explore", seed=3, game=game)
        agent.check_game(game)
        make_agent("search:ckpt=dominion-sbm-explore", seed=3, game=make_game("dominion"))
    warnings = [r.getMessage() for r in caplog.records if "may not carry over" in r.getMessage()]
    assert len(warnings) == 1 and "kingdom=first-game" in warnings[0] and "kingdom=big-money" in warnings[0]
