"""The mini-Hanabi DQN (spec section 4): encoder, action mapping, reward accounting, a tiny training run that plays
through the arena, checkpoint errors and the CLI's refusals."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

import numpy as np
import pytest
import torch

from cardlab.agents.registry import make_agent
from cardlab.cli import main
from cardlab.commands import train_dqn
from cardlab.engine.features import get_encoder
from cardlab.engine.hanabi.features import MINI_ACTIONS, mask, to_action, to_index
from cardlab.runtime import UserError
from cardlab.train.hanabi_dqn import MiniDQNConfig, MiniDQNModule, action_reward, train_mini_dqn
from tests.hanabi.positions import position

REWARDS = (20.0, -1.0, -10.0, -1.0)


def mini(hands, **kw):
    return position(hands, variant="mini", **kw)


def test_encoder_layout_on_a_hand_built_state():
    enc = get_encoder("mini-dqn-15", game="hanabi")
    assert enc.dim == 15 and enc.version == 1
    # the deck ran out: seat 1 holds two cards, its third slot is empty
    s = mini([["R1", "Y2", "R3"], ["Y1", "Y3"]], fireworks="R1", fuses=1, fill_deck=False, current=1)
    row = enc.encode(s, 1)
    expected = [1.0, 1 / 3, 1.0, 1.0, 0.0, 0.0,  # own (seat 1): Y1, Y3, empty
                0.5, 1 / 3, 1.0, 2 / 3, 0.5, 1.0,  # partner: R1, Y2, R3
                1 / 3, 0.0, 0.5]  # fireworks R1 Y0, 1 of 2 fuses
    np.testing.assert_allclose(row, expected, rtol=0, atol=1e-6)
    assert row.dtype == np.float32
    np.testing.assert_array_equal(row, enc.encode(s.observation(1), 1))  # the observation gives the same row
    assert list(enc.encode(s, 0)[:6]) == pytest.approx(expected[6:12])  # seat 0's own cards come first for it


def test_action_mapping_round_trip_and_legal_mask():
    s = mini([["R1", "Y2", "R3"], ["Y1", "Y3"]], fill_deck=False, current=1)
    cfg = s.cfg
    for index in range(MINI_ACTIONS):
        assert to_index(to_action(index, cfg), cfg) == index
    assert [to_action(i, cfg) for i in range(6)] == [cfg.play(0), cfg.play(1), cfg.play(2),
                                                     cfg.discard(0), cfg.discard(1), cfg.discard(2)]
    assert mask(s).tolist() == [True, True, False, True, True, False]  # no slot 2 once the deck ran out
    assert sorted(to_action(i, cfg) for i in np.flatnonzero(mask(s))) == s.legal_actions()
    with pytest.raises(ValueError):
        to_action(6, cfg)


def test_reward_of_each_action_kind():
    """Seat 0 plays R1, seat 1 misplays Y3 (first fuse), seat 0 discards, seat 1 misplays R3 (last fuse)."""
    s = mini([["R1", "Y2", "R2"], ["Y3", "R3", "Y1"]])
    cfg = s.cfg
    for action, reward in [(cfg.play(0), 20.0), (cfg.play(0), -1.0), (cfg.discard(0), -1.0), (cfg.play(0), -10.0)]:
        before = s.clone()
        s.apply(action)
        assert action_reward(before, s, action, REWARDS) == reward
    assert s.is_terminal() and s.score() == 1
    with pytest.raises(ValueError):
        action_reward(before, s, cfg.hint_colour(1, 0), REWARDS)  # a hint: mini Hanabi has none


def _module(**overrides) -> MiniDQNModule:
    cfg = dict(asdict(MiniDQNConfig()), rewards=list(REWARDS), buffer_size=64, batch_size=8, warmup_steps=8)
    cfg.update(overrides)
    return MiniDQNModule(cfg)


@pytest.mark.parametrize("scope", ["team", "own"])
def test_transitions_run_from_a_seats_decision_to_its_next_and_count_rewards(scope):
    """Seat 0 plays R1 (+20), seat 1 misplays Y3 (first misplay -1), seat 0 discards (-1), seat 1 misplays R3
    (second misplay -10, game over). Seat 0's transitions: (+20 [-1 with its partner's]), then the end."""
    m = _module(reward_scope=scope, gamma=0.5)
    m.env.state = mini([["R1", "Y2", "R2"], ["Y3", "R3", "Y1"]])
    script = iter([0, 0, 3, 0])  # network indices: play 0, play 0 (Y3), discard 0, play 0 (R3)
    m.act_index = lambda obs, legal: next(script)
    for _ in range(4):
        m.env_step()
    assert m.episodes == 1 and m.recent[-1] == 1
    b = m.buffer
    rows = {(int(a), float(r), bool(d)) for a, r, d in zip(b.action[:b.size], b.ret[:b.size], b.done[:b.size])}
    team = scope == "team"
    assert b.size == 4
    assert rows == {(0, 20.0 + (-1.0 if team else 0.0), False),  # seat 0: R1, partner's first misplay
                    (0, -1.0 + (-1.0 if team else 0.0), False),  # seat 1: Y3 misplay, partner's discard
                    (3, -1.0 + (-10.0 if team else 0.0), True),  # seat 0: discard, then partner's last misplay
                    (0, -10.0, True)}  # seat 1: the misplay that ends the game
    not_done = b.done[:b.size] == 0
    assert np.all(b.discount[:b.size][not_done] == 0.5)


def test_tiny_training_run_exports_a_checkpoint_that_plays_in_the_arena(tmp_path, capsys):
    cfg = MiniDQNConfig(games=40, warmup_steps=32, batch_size=16, buffer_size=500, eval_every=20, eval_games=5,
                        final_eval_games=10, target_sync_every=20)
    out = tmp_path / "run"
    module, metrics = train_mini_dqn(cfg, out)
    assert metrics["episodes"] == 40 and metrics["updates"] > 0 and len(metrics["evaluations"]) == 2
    ckpt = torch.load(out / "mini-dqn.pt", weights_only=False)
    assert ckpt["encoder"] == "mini-dqn-15" and ckpt["game"] == "hanabi:players=2,variant=mini"
    assert ckpt["config"]["rewards"] == [20.0, -1.0, -10.0, -1.0] and len(ckpt["weights_sha256"]) == 64
    assert list((out / "tb").rglob("events.out.tfevents*"))
    agent = make_agent(f"dqn:ckpt={out / 'mini-dqn.pt'}", game="hanabi")
    assert agent.spec() == f"dqn:ckpt={out / 'mini-dqn.pt'}"
    # the run's Lightning checkpoint plays too
    spec = f"dqn:ckpt={out / 'mini-dqn.pt'}"
    capsys.readouterr()
    assert main(["arena", spec, f"dqn:ckpt={out / 'mini-dqn-last.ckpt'}", "--game", "hanabi:variant=mini",
                 "--games", "10", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 10 and report["errors"] == 0 and 0 <= report["mean_score"] <= 6


def test_a_run_extended_with_resume_ends_with_the_weights_of_one_run_that_long(tmp_path):
    base = dict(games=40, warmup_steps=32, batch_size=16, buffer_size=500, eval_every=10, eval_games=2,
                final_eval_games=0, target_sync_every=7, n_step=3, double=True)
    whole, _ = train_mini_dqn(MiniDQNConfig(**base), tmp_path / "whole", logger=False)
    train_mini_dqn(MiniDQNConfig(**{**base, "games": 15}), tmp_path / "parts")
    resumed, metrics = train_mini_dqn(MiniDQNConfig(**base), tmp_path / "parts", resume=True)
    assert metrics["episodes"] == 40 and (resumed.env_steps, resumed.updates) == (whole.env_steps, whole.updates)
    for (name, x), (_, y) in zip(whole.online.state_dict().items(), resumed.online.state_dict().items()):
        assert torch.equal(x, y), name
    with pytest.raises(UserError, match="other settings \\(gamma\\)"):
        train_mini_dqn(MiniDQNConfig(**{**base, "gamma": 0.5}), tmp_path / "parts", resume=True)
    with pytest.raises(UserError, match="has already trained 40 games; --resume continues it with --games 40 or more, not 15"):
        train_mini_dqn(MiniDQNConfig(**{**base, "games": 15}), tmp_path / "parts", resume=True)
    again, _ = train_mini_dqn(MiniDQNConfig(**base), tmp_path / "parts", resume=True)
    assert again.updates == whole.updates  # a finished run resumed (Ctrl-C in the final evaluation) adds nothing
    for (name, x), (_, y) in zip(whole.online.state_dict().items(), again.online.state_dict().items()):
        assert torch.equal(x, y), name


def test_a_checkpoint_for_another_model_or_a_damaged_one_is_refused_by_name(tmp_path):
    foreign = tmp_path / "q57.pt"
    torch.save({"kind": "dqn_board_model", "encoder": "board86"}, foreign)
    with pytest.raises(UserError, match=r"q57\.pt: not a mini-Hanabi DQN checkpoint"):
        make_agent(f"dqn:ckpt={foreign}", game="hanabi")
    from cardlab.agents.hanabi.dqn_agent import export_checkpoint
    from cardlab.models.qnet import QNetwork

    good = export_checkpoint(QNetwork(15, 6, [8], "leaky_relu"), "hanabi:players=2,variant=mini", {})
    other = dict(good, encoder="mini-dqn-99")
    torch.save(other, tmp_path / "other.pt")
    with pytest.raises(UserError, match=r"other\.pt: encoder mini-dqn-99"):
        make_agent(f"dqn:ckpt={tmp_path / 'other.pt'}", game="hanabi")
    damaged = dict(good, state_dict={k: v + 1 for k, v in good["state_dict"].items()})
    torch.save(damaged, tmp_path / "damaged.pt")
    with pytest.raises(UserError, match=r"damaged\.pt: the weights do not match"):
        make_agent(f"dqn:ckpt={tmp_path / 'damaged.pt'}", game="hanabi")
    with pytest.raises(UserError, match="does not exist"):
        make_agent(f"dqn:ckpt={tmp_path / 'missing.pt'}", game="hanabi")


def _args(*argv):
    p = argparse.ArgumentParser()
    train_dqn.add_arguments(p)
    return p.parse_args(list(argv))


@pytest.mark.parametrize("argv, message", [
    (["--game", "dominion"], "no DQN for --game dominion"),
    (["--game", "hanabi"], "no DQN for --game hanabi"),  # full Hanabi
    (["--game", "hanabi:variant=mini,players=3"], "no DQN for --game"),
    (["--game", "hanabi:variant=mini", "--rewards", "1,2,3"], "give 4 finite numbers"),
    (["--game", "hanabi:variant=mini", "--variant", "q8"], "--variant does not apply to hanabi"),
    (["--rewards", "5,-5,-10,0"], "--rewards does not apply to hearthstone"),
])
def test_cli_refuses_other_games_and_options_with_one_line(tmp_path, argv, message):
    with pytest.raises(UserError, match=message) as err:
        train_dqn.run(_args(*argv, "--out", str(tmp_path / "out")))
    assert "\n" not in str(err.value)
    assert not (tmp_path / "out").exists()


def test_cli_config_file_errors_name_the_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("rewards: [1, 2]\n")
    with pytest.raises(UserError, match="bad.yaml: rewards must be 4 numbers"):
        train_dqn.run(_args("--game", "hanabi:variant=mini", "--config", str(bad)))


def test_a_config_naming_its_game_needs_no_game_option(tmp_path):
    # configs/dqn_mini_hanabi_best.yaml says `game: hanabi:variant=mini`: without --game it was read as a
    # Hearthstone DQN config and refused for its "unknown options" game, rewards...
    cfg = tmp_path / "mini.yaml"
    cfg.write_text("game: hanabi:variant=mini\nrewards: [1, 2]\n")
    with pytest.raises(UserError, match="mini.yaml: rewards must be 4 numbers"):
        train_dqn.run(_args("--config", str(cfg), "--out", str(tmp_path / "out")))
    cfg.write_text("game: 3\n")
    with pytest.raises(UserError, match="game: 3 should be a game spec"):
        train_dqn.run(_args("--config", str(cfg), "--out", str(tmp_path / "out")))


def test_the_shipped_mini_dqn_scores_far_above_random():
    from cardlab.arena.match import run_match

    dqn = run_match(["dqn:ckpt=mini-dqn"], "hanabi:variant=mini", games=200, seed=0).to_json()
    rnd = run_match(["random"], "hanabi:variant=mini", games=200, seed=0).to_json()
    assert dqn["ci95"][0] > 5.0 and rnd["ci95"][1] < 2.0  # the model card: 5.75 against random's 1.44 (max 6)
