"""Baseline agents (spec section 3): face, trading, greedy, and the shared heuristics."""

from __future__ import annotations

import math

import pytest

from cardlab.agents.hearthstone.baselines import (AGENTS, FaceAgent, GreedyAgent, TradingAgent, best_attack, first_play, plan_cards,
                              target_intent)
from cardlab.engine.hearthstone.heuristics import greedy_score, minion_value, rho, style_for_class, value
from cardlab.agents.random_agents import RandomAgent
from cardlab.agents.registry import available, make_agent
from cardlab.runtime import UserError
from cardlab.engine.hearthstone import HearthstoneGame, card_db
from cardlab.engine.hearthstone.state import ATTACK, END_TURN_ACTION, HERO_POWER, PLAY
from tests.engine.hs import make_state, minion

AGENT_SPECS = ["face", "trading", "greedy", "greedy:style=aggro", "greedy:style=ramp"]


def run_game(agents, seed: int, decks=("liege", "liege")) -> int:
    """Plays one game through observations only, checking every action is legal; returns the winner."""
    s = HearthstoneGame(decks).new_initial_state(seed)
    for seat, agent in enumerate(agents):
        agent.reset(seat, seed * 10 + seat)
    while not s.is_terminal():
        obs = s.observation(s.current)
        a = agents[s.current].act(obs)
        assert a in s.legal_actions(), f"{agents[s.current]} chose illegal {a!r}"
        s.apply(a)
    return s.winner


def act_until_turn_ends(agent, s, limit: int = 40) -> list[tuple]:
    """Lets `agent` (seated as the current player) play the rest of its turn on a real state."""
    player = s.current
    agent.reset(player, 0)
    done = []
    for _ in range(limit):
        if s.is_terminal() or s.current != player:
            break
        a = agent.act(s.observation(player))
        assert a in s.legal_actions()
        done.append(a)
        s.apply(a)
    return done


# ---------------------------------------------------------------- registry and legality

def test_registry_builds_baselines() -> None:
    assert {"face", "trading", "greedy"} <= set(available())
    assert set(AGENTS) == {"face", "trading", "greedy"}
    assert isinstance(make_agent("face"), FaceAgent)
    assert isinstance(make_agent("trading"), TradingAgent)
    g = make_agent("greedy:style=control", seed=3)
    assert isinstance(g, GreedyAgent) and g.style == "control" and g.spec() == "greedy:style=control"
    assert make_agent("greedy").spec() == "greedy"
    with pytest.raises(UserError):
        make_agent("greedy:style=sideways")


@pytest.mark.parametrize("spec", AGENT_SPECS)
def test_agents_play_legal_full_games(spec: str) -> None:
    for seed in range(3):
        opponent = make_agent(["random", "random-action", "trading"][seed], seed=seed)
        agents = [make_agent(spec, seed=seed), opponent]
        if seed % 2:
            agents.reverse()
        assert run_game(agents, seed) in (0, 1, -1)


def test_baselines_play_legal_on_basic_class_decks() -> None:
    decks = ["basic-warrior", "basic-druid", "basic-priest", "basic-rogue", "basic-shaman", "basic-paladin",
             "basic-warlock", "basic-hunter"]
    for i, deck in enumerate(decks):
        agents = [make_agent(AGENT_SPECS[i % 3], seed=i), make_agent(AGENT_SPECS[(i + 1) % 3], seed=i)]
        run_game(agents, 100 + i, decks=(deck, decks[-1 - i]))


# ---------------------------------------------------------------- hidden information

def _midgame_state(seed: int = 7, actions: int = 40):
    s = HearthstoneGame(("liege", "liege")).new_initial_state(seed)
    agents = [TradingAgent(seed=1), TradingAgent(seed=2)]
    for seat, agent in enumerate(agents):
        agent.reset(seat, seat)
    for _ in range(actions):
        s.apply(agents[s.current].act(s.observation(s.current)))
    assert not s.is_terminal()
    return s


@pytest.mark.parametrize("spec", AGENT_SPECS)
def test_agents_ignore_the_hidden_opponent_hand(spec: str) -> None:
    s = _midgame_state()
    me = s.current
    opp = s.players[1 - me]
    assert opp.hand and opp.deck
    twin = s.clone()
    # Same public information, different hidden cards: swap the opponent's hand with the top of its deck.
    tp = twin.players[1 - me]
    k = min(len(tp.hand), len(tp.deck))
    tp.hand[:k], tp.deck[-k:] = tp.deck[-k:], tp.hand[:k]
    assert [c.id for c in tp.hand] != [c.id for c in opp.hand]
    obs_a, obs_b = s.observation(me), twin.observation(me)
    assert all(c.id == "HIDDEN" for c in obs_a.players[1 - me].hand)
    assert obs_a.to_dict() == obs_b.to_dict()
    for seed in range(3):
        a, b = make_agent(spec, seed=seed), make_agent(spec, seed=seed)
        a.reset(me, seed)
        b.reset(me, seed)
        choice = a.act(obs_a)
        assert choice in s.legal_actions()
        assert b.act(obs_b) == choice


# ---------------------------------------------------------------- trading

def test_trading_takes_lethal_over_trades() -> None:
    s = make_state(boards=(("Chillwind Yeti", "Bloodfen Raptor"), ("Murloc Raider",)))
    s.players[1].hero.damage = 23  # 7 health left = 4 + 3
    assert best_attack(s, 0)[2] == 8
    act_until_turn_ends(TradingAgent(), s)
    assert s.is_terminal() and s.winner == 0


def test_trading_breaks_a_taunt_for_lethal() -> None:
    s = make_state(boards=(("Chillwind Yeti", "Boulderfist Ogre"), ("Frostwolf Grunt",)))
    s.players[1].hero.damage = 24  # 6 health: Yeti kills the Grunt, the Ogre goes face
    assert best_attack(s, 0) == (ATTACK, 1, 9)
    act_until_turn_ends(TradingAgent(), s)
    assert s.is_terminal() and s.winner == 0


def test_trading_burns_for_lethal() -> None:
    s = make_state(hands=(("Fireball", "Chillwind Yeti"), ()), boards=((), ("Murloc Raider",)), mana=4)
    s.players[1].hero.damage = 25
    act_until_turn_ends(TradingAgent(), s)
    assert s.is_terminal() and s.winner == 0


def test_trading_makes_a_valuable_trade() -> None:
    # 3/2 into a 1/1: worth v(3/1) - [v(3/2) - v(1/1)] + 1 ~ 1.33 > 0.2 x 3 for going face.
    s = make_state(boards=(("Bloodfen Raptor",), ("Wisp",)), mana=0)
    assert best_attack(s, 0) == (ATTACK, 1, 9)
    act_until_turn_ends(TradingAgent(), s)
    assert not s.players[1].board and s.players[0].board[0].health == 1
    # 2/3 into a 2/1 (survives): ~1.10 > 0.4 face.
    s = make_state(boards=(("River Crocolisk",), ("Murloc Raider",)))
    assert best_attack(s, 0) == (ATTACK, 1, 9)
    # 3/2 into a 2/1 trades both away: -1.06 is below the -1 threshold, so the Raptor goes face.
    s = make_state(boards=(("Bloodfen Raptor",), ("Murloc Raider",)))
    assert best_attack(s, 0) == (ATTACK, 1, 8)


def test_trading_goes_face_rather_than_a_bad_trade() -> None:
    s = make_state(boards=(("Murloc Raider",), ("Boulderfist Ogre",)))
    assert best_attack(s, 0) == (ATTACK, 1, 8)


def test_trading_turn_order_play_attack_play() -> None:
    s = make_state(hands=(("Chillwind Yeti",), ()), boards=(("Bloodfen Raptor",), ("Murloc Raider",)), mana=4)
    actions = act_until_turn_ends(TradingAgent(), s)
    assert [a[0] for a in actions] == [PLAY, ATTACK, 0]


def test_trading_targets_buffs_friendly_and_damage_enemy() -> None:
    db = card_db()
    assert target_intent(db.get("Shattered Sun Cleric"))[0] == "help"
    assert target_intent(db.get("Abusive Sergeant"))[0] == "help"
    assert target_intent(db.get("Fireball"))[0] == "harm"
    assert target_intent(db.get("Frostbolt"))[0] == "harm"
    assert target_intent(db.get("Polymorph"))[0] == "harm"
    assert target_intent(db.get("Holy Light")) == ("help", True)
    s = make_state(hands=(("Abusive Sergeant",), ()), boards=(("Wisp",), ("Murloc Raider",)), mana=1)
    a = TradingAgent().act(s.observation(0))
    assert a[0] == PLAY and a[3] == 1  # the buff goes to our Wisp
    s = make_state(hands=(("Frostbolt",), ()), boards=(("Wisp",), ("Murloc Raider", "River Crocolisk")), mana=2)
    a = TradingAgent().act(s.observation(0))
    assert a[0] == PLAY and a[3] in (9, 10)  # damage goes to an enemy minion


# ---------------------------------------------------------------- card-play planner

def _costs(s, plan):
    return [it.cost for it in plan]


def test_planner_prefers_expensive_cards_for_the_same_mana() -> None:
    s = make_state(hands=(("Murloc Raider", "River Crocolisk", "Magma Rager", "Chillwind Yeti", "Bloodfen Raptor"), ()),
                   mana=4)
    plan = plan_cards(s, 0, hero_power=False)
    assert _costs(s, plan) == [4]
    assert s.players[0].hand[first_play(s, 0, plan).index].name == "Chillwind Yeti"


def test_planner_spends_all_mana_first() -> None:
    s = make_state(hands=(("Chillwind Yeti", "Magma Rager", "Magma Rager", "Murloc Raider"), ()), mana=6)
    assert _costs(s, plan_cards(s, 0, hero_power=False)) == [3, 3]


def test_planner_uses_the_coin_only_when_it_enables_a_card() -> None:
    coin = card_db().coin.id
    s = make_state(hands=(("Murloc Raider", coin, "Magma Rager"), ()), mana=2)
    plan = plan_cards(s, 0, hero_power=False)
    assert sorted(it.kind for it in plan) == ["coin", "minion"] and _costs(s, plan)[0] == 3
    assert first_play(s, 0, plan).kind == "coin"
    s = make_state(hands=((coin, "Bloodfen Raptor"), ()), mana=2)
    assert [it.kind for it in plan_cards(s, 0, hero_power=False)] == ["minion"]


def test_planner_hero_power_rules() -> None:
    s = make_state(hands=(("Chillwind Yeti",), ()), mana=6)
    assert sorted(it.kind for it in plan_cards(s, 0)) == ["minion", "power"]
    s = make_state(hands=(("Magma Rager",), ()), mana=5)
    assert [it.kind for it in plan_cards(s, 0)] == ["minion"]  # power below 6 mana costs 1e16
    s = make_state(hands=(("Chillwind Yeti",), ()), mana=6)
    s.players[0].hero.damage = 28
    assert [it.kind for it in plan_cards(s, 0)] == ["minion"]  # own hero at 2 health: no hero power


def test_planner_never_fills_a_full_board() -> None:
    s = make_state(hands=(("Magma Rager", "Arcane Intellect"), ()), boards=(("Wisp",) * 7, ()), mana=3)
    plan = plan_cards(s, 0, hero_power=False)
    assert [s.players[0].hand[it.index].name for it in plan] == ["Arcane Intellect"]
    s = make_state(hands=(("Murloc Raider", "Murloc Raider", "Wisp"), ()), boards=(("Wisp",) * 5, ()), mana=3)
    assert sum(it.kind == "minion" for it in plan_cards(s, 0, hero_power=False)) == 2


# ---------------------------------------------------------------- face

def test_face_attacks_and_burns_the_enemy_hero() -> None:
    s = make_state(hands=(("Fireball",), ()), boards=(("Chillwind Yeti",), ("Murloc Raider",)), mana=4)
    actions = act_until_turn_ends(FaceAgent(), s)
    assert actions[0][0] == PLAY and actions[0][3] == 8
    assert (ATTACK, 1, 8) in actions
    assert s.players[1].hero.health == 30 - 6 - 4


def test_face_hits_the_taunt_when_forced() -> None:
    s = make_state(boards=(("Chillwind Yeti",), ("Sen'jin Shieldmasta", "Murloc Raider")), mana=0)
    assert FaceAgent().act(s.observation(0)) == (ATTACK, 1, 9)


def test_face_uses_fireblast_on_the_enemy_hero() -> None:
    s = make_state(boards=((), ("Murloc Raider",)), mana=2)
    assert FaceAgent().act(s.observation(0)) == (HERO_POWER, 8)


# ---------------------------------------------------------------- greedy

def test_greedy_scores_on_built_positions() -> None:
    s = make_state(boards=(("Chillwind Yeti",), ()))
    assert greedy_score(s, 0, "aggro") == 1000 + 4
    assert greedy_score(s, 0, "control") == 1000 + 50 + 4
    assert greedy_score(s, 0, "ramp") == 5000 + 50 + 4 + 10 * 5 + 20 * 4
    s = make_state(boards=(("Chillwind Yeti",), ("Sen'jin Shieldmasta",)))
    s.players[1].hero.damage = 3
    s.players[0].hero.armor = 2
    assert greedy_score(s, 0, "aggro") == -1000 * 5 + 4 + 1000 * 5
    assert greedy_score(s, 0, "control") == 25 * (0 - 5) + 4 + 10 * 5
    assert greedy_score(s, 0, "ramp") == 4 + 10 * 5 + 10 * 0 + 20 * 1
    assert greedy_score(s, 1, "control") == 25 * 5 + 3 - 10 * 5
    s.players[1].hero.damage = 30
    assert greedy_score(s, 0, "ramp") == math.inf and greedy_score(s, 1, "ramp") == -math.inf
    with pytest.raises(ValueError):
        greedy_score(s, 0, "tempo")


def test_greedy_style_from_class() -> None:
    assert style_for_class("WARRIOR") == "aggro"
    assert style_for_class("MAGE") == "control"
    assert style_for_class("DRUID") == style_for_class("PRIEST") == "ramp"
    s = make_state(classes=("WARRIOR", "MAGE"))
    assert GreedyAgent().style_of(s, 0) == "aggro" and GreedyAgent().style_of(s, 1) == "control"
    assert GreedyAgent(style="ramp").style_of(s, 0) == "ramp"


def test_greedy_takes_the_best_one_step_action() -> None:
    # Control: killing the enemy's only minion (board clear +1000) beats face damage.
    s = make_state(boards=(("Chillwind Yeti",), ("Murloc Raider",)), mana=0)
    g = GreedyAgent(style="control")
    assert g.act(s.observation(0)) == (ATTACK, 1, 9)
    # Aggro: a lethal attack scores +inf.
    s = make_state(boards=(("Chillwind Yeti",), ("Murloc Raider",)), mana=0)
    s.players[1].hero.damage = 26
    assert GreedyAgent(style="aggro").act(s.observation(0)) == (ATTACK, 1, 8)
    # Nothing improves the score: END_TURN (first in legal order) wins the tie.
    s = make_state(mana=0)
    assert GreedyAgent(style="ramp").act(s.observation(0)) == END_TURN_ACTION


# ---------------------------------------------------------------- heuristics

def test_minion_value_and_rho() -> None:
    s = make_state(boards=(("Chillwind Yeti", "Sen'jin Shieldmasta"), ("Murloc Raider",)))
    yeti = minion(s, 0, "Chillwind Yeti")
    assert minion_value(yeti) == pytest.approx((4.5 * 5 ** 1.5) ** 0.4)
    assert minion_value(minion(s, 0, "Sen'jin Shieldmasta")) == pytest.approx((3.5 * 5 ** 1.5 + 0.5) ** 0.4)
    assert value(3, 0) == 0.0
    yeti.damage = 5
    assert minion_value(yeti) == 0.0
    yeti.damage = 0
    assert rho(s, 0) > 0 and rho(s, 1) == pytest.approx(-rho(s, 0))
    empty = make_state()
    assert rho(empty, 0) == 0.0
    empty.players[1].hero.damage = 10
    assert rho(empty, 0) == pytest.approx(1.0)


# ---------------------------------------------------------------- strength sanity check

def test_trading_beats_random() -> None:
    wins = 0
    games = 20
    for seed in range(games):
        agents = [TradingAgent(seed=seed), RandomAgent(seed=seed + 1)]
        if seed % 2:
            agents.reverse()
        winner = run_game(agents, 1000 + seed)
        wins += winner == (seed % 2)
    assert wins >= 16, f"trading won {wins}/{games} against random"


def _low_warrior_with_axe(enemy: str):
    s = make_state(("WARRIOR", "MAGE"), hands=(["Fiery War Axe"], []), boards=((), [enemy]), mana=2)
    s.players[0].hero.damage = 28  # 2 Health: any 3-Attack minion kills the hero that hits it
    s.players[0].hero_power_used = True
    s._legal = None
    return s


@pytest.mark.parametrize("spec", ["trading", "face"])
@pytest.mark.parametrize("enemy", ["Bloodfen Raptor", "Sen'jin Shieldmasta"])
def test_baselines_never_attack_with_a_hero_the_hit_would_kill(spec: str, enemy: str) -> None:
    s = _low_warrior_with_axe(enemy)
    agent = make_agent(spec, seed=1)
    agent.reset(0, 1)
    while not s.is_terminal() and s.current == 0:
        s.apply(agent.act(s.observation(0)))
    assert not s.is_terminal() and s.players[0].hero.health == 2
