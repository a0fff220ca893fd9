"""The q57 / q8 full-game agents play legal games in the arena."""

import pytest
import torch

from cardlab.engine.hearthstone.features.board import CLASSIFIER_FEATURES, FEATURES, N8, N57
from cardlab.agents.hearthstone.q_agents import export_checkpoint, load_board_model
from cardlab.agents.registry import make_agent
from cardlab.arena.play import play_game
from cardlab.runtime import UserError
from cardlab.models.qnet import QNetwork, TargetClassifier


@pytest.fixture(scope="module")
def q8_ckpt(tmp_path_factory):
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("q8") / "q8.pt"
    torch.save(export_checkpoint("q8", QNetwork(FEATURES, N8), TargetClassifier(CLASSIFIER_FEATURES), {}), path)
    return path


def _play(spec_a, spec_b, games=4, seed=3):
    for i in range(games):
        r = play_game("hearthstone", (spec_a, spec_b), seed, i)
        assert r.ok, r.error
        assert r.turns > 2


def test_q57_agent_plays_legal_games(trained_q57):
    _, _, out = trained_q57
    _play(f"q57:ckpt={out / 'q57.pt'}", "random")
    _play(f"q57:ckpt={out / 'q57.pt'}", "trading", games=2)


def test_q8_agent_plays_legal_games(q8_ckpt):
    _play(f"q8:ckpt={q8_ckpt}", "trading")


def test_q57_beats_random_in_the_full_game(trained_q57):
    from cardlab.arena.match import run_match

    _, _, out = trained_q57
    report = run_match((f"q57:ckpt={out / 'q57.pt'}", "random"), "hearthstone", 10, seed=5)
    assert report.errors == 0 and report.wins["A"] >= 8


def test_wrong_or_missing_checkpoint_is_a_user_error(q8_ckpt, tmp_path):
    with pytest.raises(UserError, match="needs ckpt"):
        make_agent("q57")
    with pytest.raises(UserError, match="not q57|a q8 checkpoint"):
        make_agent(f"q57:ckpt={q8_ckpt}")
    with pytest.raises(UserError, match="does not exist"):
        load_board_model(tmp_path / "none.pt")
    bad = tmp_path / "bad.pt"
    bad.write_bytes(b"not a checkpoint")
    with pytest.raises(UserError):
        load_board_model(bad)


def test_damaged_weights_are_refused_by_their_hash(q8_ckpt, tmp_path):
    ckpt = torch.load(q8_ckpt, weights_only=False)
    name = next(iter(ckpt["classifier"]["state_dict"]))
    ckpt["classifier"]["state_dict"][name] = ckpt["classifier"]["state_dict"][name] + 1e-3  # a few flipped bits
    damaged = tmp_path / "damaged.pt"
    torch.save(ckpt, damaged)
    with pytest.raises(UserError, match="damaged.pt: the weights do not match their recorded SHA-256"):
        load_board_model(damaged)


def test_value_leaf_adds_rho_for_shaped_models(trained_q57):
    """leaf=value scores a card-play leaf as rho(leaf) + max Q (shaped Q counts only future rho gains)."""
    import numpy as np

    from cardlab.engine.hearthstone.features.board import encode_board
    from cardlab.engine.hearthstone.heuristics import rho
    from cardlab.agents.hearthstone.q_agents import play_sequences
    from cardlab.engine.hearthstone import HearthstoneGame

    _, _, out = trained_q57
    agent = make_agent(f"q57:ckpt={out / 'q57.pt'},leaf=value")
    assert agent.leaf == "value" and agent.model.reward == "shaped"
    state = HearthstoneGame().new_initial_state(4)
    while state.legal_actions()[0][0] == 5 or state.turn < 5:  # mulligans, then pass until there is mana
        state.apply(state.legal_actions()[0])
    leaves = [leaf for _, leaf in play_sequences(state, state.current) if not leaf.is_terminal()]
    feats = np.stack([encode_board(leaf, state.current) for leaf in leaves])
    masks = np.stack([agent.model.mask(leaf.legal_actions()) for leaf in leaves])
    q = agent.model.q_values(feats)
    best = np.where(masks, q, -np.inf).max(axis=1)
    scores = agent.model.leaf_scores(feats, masks, "max")
    assert np.allclose(scores, best, atol=1e-5)
    with pytest.raises(UserError, match="leaf must be one of"):
        make_agent(f"q57:ckpt={out / 'q57.pt'},leaf=median")
    # With a flat Q, leaf=value plays the sequence with the best rho; leaf=mean keeps "play nothing" (the first).
    flat = lambda f, m, how="mean": np.zeros(len(f), dtype=np.float32)  # noqa: E731
    agent.model.leaf_scores = flat
    plan = agent.plan_cards(state, state.current)
    rhos = {tuple(seq): rho(leaf, state.current) for seq, leaf in play_sequences(state, state.current)}
    assert plan and rhos[tuple(plan)] == max(rhos.values()) > rhos[()]
    mean_agent = make_agent(f"q57:ckpt={out / 'q57.pt'}")
    mean_agent.model.leaf_scores = flat
    assert mean_agent.plan_cards(state, state.current) == []


def _turn_with_attackers(seed: int = 4):
    """A Liège-mirror state where the player to move has minions that can attack and cards it can play."""
    from cardlab.agents.registry import make_agent as make
    from cardlab.engine.hearthstone import HearthstoneGame
    from cardlab.engine.hearthstone.state import MULLIGAN

    state = HearthstoneGame().new_initial_state(seed)
    bots = [make("trading", seed=1), make("trading", seed=2)]
    for i, bot in enumerate(bots):
        bot.reset(i, seed + i)
    while not state.is_terminal():
        p = state.current
        me = state.players[p]
        if state.turn >= 8 and any(m.can_attack() for m in me.board) and state.legal_actions()[0][0] != MULLIGAN:
            return state
        state.apply(bots[p].act(state.observation(p)))
    raise AssertionError("no such state in this game")


def test_turn_plan_interleaves_attacks_and_ends_on_the_best_leaf(trained_q57):
    """plan=turn: one tree over plays and the model's attacks; with a flat Q a shaped model ends on the leaf
    with the highest rho, which here includes attacks (the cards-only plan cannot)."""
    import numpy as np

    from cardlab.engine.hearthstone.heuristics import rho
    from cardlab.engine.hearthstone.state import ATTACK, CHOOSE, END_TURN
    from cardlab.agents.hearthstone.q_agents import _hand_moves, play_sequences

    _, _, out = trained_q57
    agent = make_agent(f"q57:ckpt={out / 'q57.pt'},plan=turn")
    state = _turn_with_attackers()
    p = state.current
    agent.reset(p, 0)
    agent.model.end_scores = lambda f: np.zeros(len(f), dtype=np.float32)
    plan, expected = agent.plan_turn(state, p)
    assert len(expected) == len(plan) and any(a[0] == ATTACK for a in plan)
    moves = lambda s: _hand_moves(s.legal_actions()) + agent.model.attack_moves(s, p, s.legal_actions())  # noqa: E731
    leaves = {tuple(seq): leaf for seq, leaf in play_sequences(state, p, agent.max_nodes, moves)}
    best = max(rho(leaf, p) for leaf in leaves.values() if not leaf.is_terminal())
    assert rho(leaves[tuple(plan)], p) == pytest.approx(best)
    # the agent plays that plan move by move in the real game, then ends the turn
    s = state.clone()
    for a in plan:
        assert agent.act(s.observation(p)) == a
        s.apply(a)
        while not s.is_terminal() and s.current == p and s.legal_actions()[0][0] == CHOOSE:
            s.apply(agent.act(s.observation(p)))
    if not s.is_terminal():
        assert agent.act(s.observation(p))[0] in (ATTACK, END_TURN)  # a weapon swing or the end


def test_q8_turn_plan_attacks_with_the_classifier_target(q8_ckpt):
    from cardlab.engine.hearthstone.state import ATTACK

    agent = make_agent(f"q8:ckpt={q8_ckpt},plan=turn")
    state = _turn_with_attackers()
    p = state.current
    legal = state.legal_actions()
    moves = agent.model.attack_moves(state, p, legal)
    ready = sorted({a[1] for a in legal if a[0] == ATTACK and a[1] > 0})
    assert [a[1] for a in moves] == ready and all(a in legal for a in moves)
    _play(f"q8:ckpt={q8_ckpt},plan=turn", "trading")


def test_turn_plan_options_are_checked(q8_ckpt):
    with pytest.raises(UserError, match="plan must be one of"):
        make_agent(f"q8:ckpt={q8_ckpt},plan=game")
    with pytest.raises(UserError, match="plan=turn scores its leaves"):
        make_agent(f"q8:ckpt={q8_ckpt},plan=turn,leaf=value")


class _Payload:
    def __reduce__(self):  # unpickling would call this: an exported model must never run code
        return (print, ("code ran",))


def test_an_exported_model_holding_code_is_refused_unread(tmp_path, capsys):
    import torch

    from cardlab.agents.hanabi.dqn_agent import load_checkpoint
    from cardlab.agents.hearthstone.q_agents import load_board_model
    from cardlab.runtime import UserError

    bad = tmp_path / "model.pt"
    torch.save({"kind": "dqn_board_model", "payload": _Payload()}, bad)
    for load in (load_board_model, load_checkpoint):
        with pytest.raises(UserError, match="cannot read checkpoint"):
            load(bad)
    assert "code ran" not in capsys.readouterr().out
