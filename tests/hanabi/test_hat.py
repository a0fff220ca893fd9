"""The hat (information strategy) agent: every teammate decodes a hint to what the hinter encoded, public knowledge is
the same for everyone and never rules out the true card, the agent keeps no hidden memory, and it plays well."""

from __future__ import annotations

import pytest

from cardlab.agents.hanabi import AGENTS
from cardlab.engine.core import Rng
from cardlab.engine.hanabi.config import HINT_COLOUR, PLAY
from cardlab.engine.registry import make_game
from cardlab.runtime import UserError
from tests.hanabi.positions import position, tell


def replay(observation):
    """Public knowledge at an observation, as a fresh hat agent (same conventions, no cache) rebuilds it."""
    return AGENTS["hat"]().knowledge(observation)


def team(players: int, game_seed: int):
    agents = [AGENTS["hat"](seed=p) for p in range(players)]
    for p, agent in enumerate(agents):
        agent.reset(p, game_seed * 7 + p)
    return agents


def play_game(spec: str, seed: int, on_move=None):
    game = make_game(spec)
    state = game.new_initial_state(seed)
    agents = team(game.num_players, seed)
    while not state.is_terminal():
        p = state.current_player
        obs = state.observation(p)
        action = agents[p].act(obs)
        assert action in obs.legal_actions()
        if on_move is not None:
            on_move(state, p, obs, action, agents)
        state.apply(action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_teammate_decodes_what_the_hinter_encoded(players):
    hints = 0

    def check(state, p, obs, action, agents):
        nonlocal hints
        if state.cfg.decode[action][0] < HINT_COLOUR:
            return
        hints += 1
        pk = replay(obs)  # the hinter's public knowledge before its hint
        value, encoded = pk.hint_to_give(p, obs.hands)
        after = state.clone()
        after.apply(action)
        views = [replay(after.observation(q)) for q in range(players)]
        for q in range(players):
            assert views[q].last_answers == dict(encoded), f"player {q} decoded another hint"
            assert views[q].masks == views[0].masks  # the same public knowledge for everyone
        for q, ids in enumerate(after.card_ids):  # and it never rules the true card out
            for i, card in zip(ids, after.hands[q]):
                assert views[0].masks[i] >> card & 1

    for seed in range(3):
        play_game(f"hanabi:players={players}", seed, check)
    assert hints > 20


def test_no_hidden_memory_a_fresh_agent_acts_the_same():
    rng = Rng(5)
    checked = 0

    def check(state, p, obs, action, agents):
        nonlocal checked
        if rng.random() < 0.3:
            fresh = AGENTS["hat"](seed=99)
            fresh.reset(p, 12345)
            assert fresh.act(obs) == action
            checked += 1

    for players in (2, 3, 4, 5):
        play_game(f"hanabi:players={players}", 11 + players, check)
    assert checked > 50


def test_plays_a_card_it_was_told_is_playable():
    s = position([["Y3", "G4", "R3", "B2", "W3"], ["W4", "G3", "Y4", "B4", "W2"]], fireworks="R2", hints=4)
    tell(s, 0, 2, colour="R", rank=3)
    agent = AGENTS["hat"]()
    agent.reset(0, 0)
    assert agent.act(s.observation(0)) == s.cfg.play(2)


def test_plays_what_a_hat_hint_showed():
    """Whenever a player plays a card its knowledge proves playable (mostly learnt from hat hints), it succeeds; and
    most of the team's plays are such sure plays."""
    sure = successes = 0

    def check(state, p, obs, action, agents):
        nonlocal sure, successes
        if state.cfg.decode[action][0] != PLAY:
            return
        pk = replay(obs)
        slot = action
        mask = pk.masks[obs.card_ids[p][slot]]
        from cardlab.agents.hanabi.cards import Board
        if mask and not mask & ~Board.of(obs).playable:
            sure += 1
            card = state.hands[p][slot]
            assert state.fireworks[state.cfg.colour_of[card]] == state.cfg.rank_of[card]
            successes += 1

    for seed in range(4):
        play_game("hanabi:players=4", seed, check)
    assert sure > 60


@pytest.mark.parametrize("spec", ["hanabi:players=2", "hanabi:players=3", "hanabi:players=4", "hanabi:players=5",
                                  "hanabi:players=3,colours=3,ranks=3,hand_size=2", "hanabi:players=5,hand_size=1",
                                  "hanabi:players=4,hints=1,fuses=1", "hanabi:players=2,hand_size=3"])
def test_legal_actions_only(spec):
    for seed in range(6):
        state = play_game(spec, 100 + seed)
        assert state.is_terminal()


def test_mean_score_at_four_players():
    scores = [play_game("hanabi:players=4", 1000 + seed).score() for seed in range(50)]
    assert sum(scores) / len(scores) > 20


def test_no_hints_is_a_user_error():
    state = make_game("hanabi:players=2,variant=mini").new_initial_state(0)
    agent = AGENTS["hat"]()
    agent.reset(0, 0)
    with pytest.raises(UserError, match="hat needs hint tokens"):
        agent.act(state.observation(0))


def test_spec_through_the_registry():
    from cardlab.agents.registry import make_agent
    agent = make_agent("hat:hint_floor=2,risk=0.9", game="hanabi")
    assert agent.spec() == "hat:hint_floor=2,risk=0.9"
    with pytest.raises(UserError):
        AGENTS["hat"](risk=1.5)


def test_explore_plays_or_discards_at_random_and_is_off_by_default():
    from cardlab.agents.registry import make_agent
    from cardlab.engine.hanabi.config import DISCARD

    state = make_game("hanabi:players=2").new_initial_state(5)
    plain, never, always = AGENTS["hat"](), AGENTS["hat"](explore=0.0), AGENTS["hat"](explore=1.0)
    for a in (plain, never, always):
        a.reset(0, 5)
    kinds = set()
    for _ in range(40):
        if state.is_terminal():
            break
        obs = state.observation(state.current_player)
        assert never.act(obs) == plain.act(obs)
        action = always.act(obs)
        kinds.add(obs.cfg.decode[action][0])
        state.apply(plain.act(obs))
    assert kinds <= {PLAY, DISCARD}
    assert make_agent("hat:explore=0.05", game="hanabi").spec() == "hat:explore=0.05"
    with pytest.raises(UserError, match="explore=2.0 is not in"):
        AGENTS["hat"](explore=2.0)


def test_belief_deals_explain_what_the_teammate_did():
    """A blueprint search deals its own hand so that hat, in the dealt world, would have made the teammate's last move:
    mask-only deals often contradict it (the teammate's silence about a playable card is information too)."""
    state = make_game("hanabi:players=2").new_initial_state(21)
    agents = [AGENTS["hat"](), AGENTS["hat"]()]
    for p, a in enumerate(agents):
        a.reset(p, p)
    rng = Rng(1)
    explained = {"belief": 0, "masks": 0}
    checks = 0
    while not state.is_terminal():
        p = state.current_player
        obs = state.observation(p)
        if state.history:
            last = state.history[-1]
            for kind in explained:
                dealt = (agents[p].belief_deal(obs, rng) if kind == "belief"
                         else obs.determinize(p, rng, masks=agents[p].belief_masks(obs)))
                judge = AGENTS["hat"]()
                judge.reset(last.player, 0)
                explained[kind] += judge.act(dealt.rewind(1).observation(last.player)) == last.action
            checks += 1
        state.apply(agents[p].act(obs))
    assert explained["belief"] >= 0.95 * checks
    assert explained["masks"] < explained["belief"]


def test_rewind_gives_the_earlier_full_states():
    state = make_game("hanabi:players=3").new_initial_state(9)
    agents = [AGENTS["hat"]() for _ in range(3)]
    for p, a in enumerate(agents):
        a.reset(p, p)
    saved = [state.clone()]
    while not state.is_terminal():
        p = state.current_player
        state.apply(agents[p].act(state.observation(p)))
        saved.append(state.clone())
    for k in range(len(saved)):
        assert state.rewind(k).to_dict() == saved[-1 - k].to_dict()
    with pytest.raises(ValueError, match="full state"):
        saved[5].observation(0).rewind(1)
    with pytest.raises(ValueError, match="cannot rewind"):
        saved[5].rewind(6)


@pytest.mark.parametrize("game, players", [("hanabi:players=4,colours=1,ranks=5,hand_size=1", 4),
                                           ("hanabi:players=2,hand_size=1", 2)])
def test_hat_plays_one_card_hands_to_the_end(game: str, players: int) -> None:
    from cardlab.arena.play import play_game

    for i in range(60):  # in the last round every teammate's hand can be empty: nothing to hint
        result = play_game(game, ["hat"] * players, 1, i)
        assert result.error is None, (i, result.error)
