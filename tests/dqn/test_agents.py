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
