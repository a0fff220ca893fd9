"""Reduced-state Q-learning (spec section 10): the state and action mapping, the shaped reward, learning, files, CLI."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import numpy as np
import pytest
import torch

from cardlab.agents.hearthstone.qlearn import NET_IN_DIM, QLearnAgent, encode_pairs, greedy, q_values
from cardlab.agents.registry import make_agent
from cardlab.arena.match import run_match
from cardlab.arena.stats import wilson_interval
from cardlab.cli import main
from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone.decks import load_deck
from cardlab.engine.hearthstone.reduced import (ATTACK_BASE, END_TURN_INDEX, HERO_POWER_BASE, N_ACTIONS, N_STATES,
                                                UNKNOWN_CARD, card_slots, deck_slots, group_actions, reduce_action,
                                                reduced_state, state_index, step_reward)
from cardlab.engine.hearthstone.state import ATTACK, END_TURN_ACTION, HERO_POWER, PLAY
from cardlab.models.qlearn import QNet, QTable, load_qlearn, save_net, save_table
from cardlab.runtime import UserError
from cardlab.train import qlearn as trainer
from cardlab.train.qlearn import QLearnConfig, train_qlearn
from tests.engine.hs import make_state

LIEGE_SLOTS = card_slots(c.id for c in load_deck("liege").cards)


def slot_of(name: str) -> int:
    return LIEGE_SLOTS[card_db().get(name).id]


def play_action(s, name: str, target: int) -> tuple:
    index = next(i for i, c in enumerate(s.players[s.current].hand) if c.name == name)
    return next(a for a in s.legal_actions() if a[0] == PLAY and a[1] == index and a[3] == target)


# ---------------------------------------------------------------- state

def test_reduced_state_counts_hand_cards_by_cost_with_caps():
    hand = ["Wisp", *["Abusive Sergeant"] * 5, "Bloodfen Raptor", "Fireball", "Fireball", "Mountain Giant"]
    s = make_state(hands=(hand, ()), mana=7)
    values = reduced_state(s, 0)
    # mana 7; cost 1: 5 capped at 4; cost 2: 1; cost 4: 2; the 12-cost giant counts as 10 (its cost is not reduced
    # here: 10 cards in hand make it cost 2); the 0-cost Wisp is not counted
    giant_cost = s.cost(0, card_db().get("Mountain Giant"))
    expected = [7, 4, 1, 0, 2, 0, 0, 0, 0, 0, 0]
    expected[min(giant_cost, 10)] += 1
    assert list(values) == expected


def test_state_index_is_a_bijection_onto_the_spec_table():
    assert N_STATES == 760_320
    top = (10, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1)
    assert state_index(top) == N_STATES - 1
    assert state_index((0,) * 11) == 0
    rng = np.random.default_rng(0)
    seen = {}
    for _ in range(2000):
        v = tuple(int(rng.integers(0, m + 1)) for m in top)
        seen.setdefault(state_index(v), v)
        assert seen[state_index(v)] == v


def test_card_slots_follow_the_deck_order_and_read_the_own_deck():
    liege = load_deck("liege")
    assert len(LIEGE_SLOTS) == len(liege.counts()) == 18
    ordered = sorted(LIEGE_SLOTS, key=LIEGE_SLOTS.get)
    costs = [card_db().get(c).cost for c in ordered]
    assert costs == sorted(costs) and LIEGE_SLOTS[card_db().get("Abusive Sergeant").id] == 0
    s = make_state(hands=(["Fireball"], ()), decks=(["Chillwind Yeti"] * 20, ["Wisp"] * 20))
    assert set(deck_slots(s, 0)) == {card_db().get("Fireball").id, card_db().get("Chillwind Yeti").id}


# ---------------------------------------------------------------- actions

def test_card_and_hero_power_actions_map_to_slot_and_target_class():
    s = make_state(hands=(["Fireball", "Chillwind Yeti", "Wisp"], ()), boards=(["Bloodfen Raptor"], ["Wisp"]))
    fb = slot_of("Fireball")
    assert reduce_action(s, 0, play_action(s, "Fireball", 8), LIEGE_SLOTS) == fb * 5 + 3  # enemy hero
    assert reduce_action(s, 0, play_action(s, "Fireball", 9), LIEGE_SLOTS) == fb * 5 + 4  # enemy minion
    assert reduce_action(s, 0, play_action(s, "Fireball", 0), LIEGE_SLOTS) == fb * 5 + 1  # own hero
    assert reduce_action(s, 0, play_action(s, "Fireball", 1), LIEGE_SLOTS) == fb * 5 + 2  # own minion
    assert reduce_action(s, 0, play_action(s, "Chillwind Yeti", -1), LIEGE_SLOTS) == slot_of("Chillwind Yeti") * 5
    assert reduce_action(s, 0, play_action(s, "Wisp", -1), LIEGE_SLOTS) == UNKNOWN_CARD  # not in the Liège deck
    assert reduce_action(s, 0, (HERO_POWER, 9), LIEGE_SLOTS) == HERO_POWER_BASE + 4
    assert reduce_action(s, 0, (HERO_POWER, 8), LIEGE_SLOTS) == HERO_POWER_BASE + 3
    assert reduce_action(s, 0, END_TURN_ACTION, LIEGE_SLOTS) == END_TURN_INDEX == 166


def test_attacks_map_to_attacker_type_and_predicted_outcome():
    s = make_state(boards=(["Chillwind Yeti", "Bloodfen Raptor"],
                           ["Bloodfen Raptor", "Boulderfist Ogre", "Argent Squire", "Chillwind Yeti"]))
    minion_base = ATTACK_BASE + 5
    yeti, raptor = 1, 2
    assert reduce_action(s, 0, (ATTACK, yeti, 8), LIEGE_SLOTS) == minion_base + 0  # enemy hero
    assert reduce_action(s, 0, (ATTACK, raptor, 9), LIEGE_SLOTS) == minion_base + 1  # 3/2 into 3/2: both die
    assert reduce_action(s, 0, (ATTACK, yeti, 10), LIEGE_SLOTS) == minion_base + 2  # 4/5 into 6/7: attacker dies
    assert reduce_action(s, 0, (ATTACK, yeti, 9), LIEGE_SLOTS) == minion_base + 3  # 4/5 into 3/2: target dies
    assert reduce_action(s, 0, (ATTACK, yeti, 11), LIEGE_SLOTS) == minion_base + 4  # divine shield: both survive
    assert reduce_action(s, 0, (ATTACK, yeti, 12), LIEGE_SLOTS) == minion_base + 4  # 4/5 into 4/5
    w = make_state(classes=("WARRIOR", "MAGE"), hands=(["Fiery War Axe"], ()), boards=((), ["Bloodfen Raptor"]))
    w.apply(play_action(w, "Fiery War Axe", -1))
    assert reduce_action(w, 0, (ATTACK, 0, 9), LIEGE_SLOTS) == ATTACK_BASE + 3  # hero 3 attack kills the raptor
    groups = group_actions(s, 0, s.legal_actions(), LIEGE_SLOTS)
    assert sorted(sum(groups.values(), [])) == sorted(s.legal_actions())


def test_greedy_breaks_ties_toward_the_end_of_the_turn():
    assert greedy([3, 20, END_TURN_INDEX], np.array([0.0, 0.0, 0.0])) == END_TURN_INDEX
    assert greedy([3, 20, END_TURN_INDEX], np.array([1.0, 1.0, 0.0])) == 3
    assert greedy([3, 20, END_TURN_INDEX], np.array([1.0, 2.0, 0.0])) == 20


def test_network_input_is_state_plus_action_one_hot():
    x = encode_pairs((10, 4, 0, 0, 0, 0, 0, 0, 0, 0, 1), [5, END_TURN_INDEX])
    assert x.shape == (2, NET_IN_DIM) == (2, 177)
    assert x[0, :11].tolist() == [1.0, 1.0] + [0.0] * 8 + [1.0]
    assert x[0, 11 + 5] == 1 and x[0, 11:].sum() == 1
    assert x[1, 11:].sum() == 0  # end of the turn: no one-hot


# ---------------------------------------------------------------- reward

def test_reward_of_card_plays_attacks_and_hero_power():
    s = make_state(hands=(["Chillwind Yeti"], ()), boards=(["Chillwind Yeti"], ["Bloodfen Raptor"]))
    a = play_action(s, "Chillwind Yeti", -1)
    after = s.clone(); after.apply(a)
    assert step_reward(s, a, after, 0, 10) == 10.0
    face = (ATTACK, 1, 8)
    after = s.clone(); after.apply(face)
    assert step_reward(s, face, after, 0, 10) == 10.0 + 4.0  # +10 attack the hero, +1 per damage
    trade = (ATTACK, 1, 9)
    after = s.clone(); after.apply(trade)
    assert step_reward(s, trade, after, 0, 10) == -10.0  # a non-taunt minion
    t = make_state(boards=(["Chillwind Yeti"], ["Sen'jin Shieldmasta"]))
    after = t.clone(); after.apply((ATTACK, 1, 9))
    assert step_reward(t, (ATTACK, 1, 9), after, 0, 10) == 10.0  # a taunt
    after = s.clone(); after.apply((HERO_POWER, 8))
    assert step_reward(s, (HERO_POWER, 8), after, 0, 10) == 1.0  # Fireblast: 1 damage to the enemy hero
    lock = make_state(classes=("WARLOCK", "MAGE"))
    after = lock.clone(); after.apply((HERO_POWER, -1))
    assert step_reward(lock, (HERO_POWER, -1), after, 0, 10) == -10.0  # Life Tap hurts the own hero


def test_reward_of_ending_the_turn():
    s = make_state(hands=(["Chillwind Yeti"], ()), mana=5)
    after = s.clone(); after.apply(END_TURN_ACTION)
    assert step_reward(s, END_TURN_ACTION, after, 0, 5) == -100.0  # the Yeti was still playable
    done = make_state(hands=(["Boulderfist Ogre"], ()), mana=2)  # 3 of 5 mana used, the Ogre is too dear
    after = done.clone(); after.apply(END_TURN_ACTION)
    assert step_reward(done, END_TURN_ACTION, after, 0, 5) == pytest.approx(6.0)
    attack_left = make_state(boards=(["Bloodfen Raptor"], ()), mana=0)
    after = attack_left.clone(); after.apply(END_TURN_ACTION)
    assert step_reward(attack_left, END_TURN_ACTION, after, 0, 3) == -100.0  # an attack was still possible


# ---------------------------------------------------------------- learning and files

def win_rate(ckpt: Path, games: int = 100) -> float:
    report = run_match([f"qlearn:ckpt={ckpt}", "random"], "hearthstone:deck=liege", games=games, workers=1, seed=1)
    return report.win_rate


def test_a_few_thousand_games_teach_the_table_to_beat_random(tmp_path):
    untrained = save_table(tmp_path / "empty.npz", QTable(N_ACTIONS), {"games": 0})
    assert win_rate(untrained) == 0.0  # an empty table passes every turn
    # 3,000 of the shipped table's 5,000 games (about 10 s): 700 games still lose to random (0.05 against 0.5).
    summary = train_qlearn(QLearnConfig(learner="table", alpha=0.1, gamma=0.01, games=3000, seed=0), tmp_path / "t")
    table, meta = load_qlearn(summary["checkpoint"])
    assert meta["games"] == 3000 and meta["learner"] == "table" and meta["deck"] == "deck=liege"
    assert summary["entries"] > 1000 and len(table.rows) == summary["states"] > 1000
    # ending the turn with a card in hand is punished wherever it was tried
    ends = [row[END_TURN_INDEX] for row in table.rows.values() if row[END_TURN_INDEX] != 0]
    assert ends and np.mean(np.array(ends) < 0) > 0.5
    rate = win_rate(Path(summary["checkpoint"]))
    assert wilson_interval(round(rate * 100), 100)[0] > 0.5  # beats random, not merely plays (0.77 here)


def test_the_network_learner_learns_and_its_file_round_trips(tmp_path):
    summary = train_qlearn(QLearnConfig(learner="net", alpha=0.1, gamma=0.01, games=40, seed=3), tmp_path)
    net, meta = load_qlearn(summary["checkpoint"])
    assert isinstance(net, QNet) and meta["alpha"] == 0.1 and meta["gamma"] == 0.01 and meta["seed"] == 3
    fresh = QNet()
    x = encode_pairs((3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0), [0, 5, END_TURN_INDEX])
    with torch.no_grad():
        assert not torch.allclose(net(x), fresh(x))  # trained away from an initial network
        # the agent's numpy inference computes the same network
        assert q_values(net, (3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0), 0, [0, 5, END_TURN_INDEX]) == \
            pytest.approx(net(x).double().numpy(), abs=1e-4)
    again = save_net(tmp_path / "copy.pt", net, {k: v for k, v in meta.items() if k not in ("weights_sha256",)})
    net2, _ = load_qlearn(again)
    with torch.no_grad():
        assert torch.equal(net(x), net2(x))
    agent = make_agent(f"qlearn:ckpt={summary['checkpoint']}")
    assert isinstance(agent, QLearnAgent) and agent.spec() == f"qlearn:ckpt={summary['checkpoint']}"


def test_table_file_round_trips_exactly(tmp_path):
    table = QTable(N_ACTIONS)
    table.update(17, 3, 0.5, 10.0)
    table.update(17, END_TURN_INDEX, 0.8, -100.0)
    table.update(N_STATES - 1, 150, 1.0, 2.5)
    path = save_table(tmp_path / "q.npz", table, {"alpha": 0.5})
    loaded, meta = load_qlearn(path)
    assert meta["entries"] == 3 and meta["alpha"] == 0.5
    for state in (17, N_STATES - 1):
        assert np.array_equal(loaded.rows[state], table.rows[state])
    assert q_values(loaded, (0,) * 11, 17, [3, END_TURN_INDEX]).tolist() == pytest.approx([5.0, -80.0])
    assert q_values(loaded, (0,) * 11, 99, [3]).tolist() == [0.0]  # unvisited


def test_damaged_or_foreign_files_are_refused_with_one_error(tmp_path):
    table = QTable(N_ACTIONS)
    table.update(5, 2, 1.0, 7.0)
    good = save_table(tmp_path / "q.npz", table, {"alpha": 1.0})
    with np.load(good) as data:
        keys, values, meta = data["keys"], data["values"].copy(), data["meta"]
    values[0] = 8.0  # one changed number, recorded hash unchanged
    tampered = tmp_path / "tampered.npz"
    with open(tampered, "wb") as f:
        np.savez_compressed(f, keys=keys, values=values, meta=meta)
    with pytest.raises(UserError, match="SHA-256"):
        load_qlearn(tampered)
    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes(good.read_bytes()[:200])
    with pytest.raises(UserError):
        load_qlearn(truncated)
    net_path = save_net(tmp_path / "n.pt", QNet(), {})
    blob = torch.load(net_path, weights_only=True)
    blob["state_dict"]["body.0.bias"][0] += 1.0
    torch.save(blob, tmp_path / "n_bad.pt")
    with pytest.raises(UserError, match="damaged"):
        load_qlearn(tmp_path / "n_bad.pt")
    foreign = tmp_path / "value.pt"
    torch.save({"meta": {"format": "cardlab-value"}, "state_dict": {}}, foreign)
    with pytest.raises(UserError, match="not a reduced-state Q-learning checkpoint"):
        load_qlearn(foreign)
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a checkpoint at all")
    for path in (junk, truncated, tmp_path / "n_bad.pt", tmp_path / "missing.npz"):
        with pytest.raises(UserError):
            make_agent(f"qlearn:ckpt={path}")
    with pytest.raises(UserError, match="ckpt"):
        make_agent("qlearn")


# ---------------------------------------------------------------- CLI

def test_cli_trains_and_reports(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["train", "qlearn", "--learner", "table", "--alpha", "0.8", "--gamma", "0.8", "--games", "20",
                 "--out", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 20 and Path(summary["checkpoint"]) == out / "qtable.npz"
    assert (out / "qtable.npz").is_file()


@pytest.mark.parametrize("extra", [
    ["--alpha", "0"], ["--alpha", "1.5"], ["--gamma", "-0.1"], ["--games", "0"], ["--epsilon", "2"],
    ["--deck", "no-such-deck"], ["--opponent", "no-such-bot"], ["--deck", "liege", "--deck-pool", "basic"],
])
def test_cli_refuses_bad_options_in_one_line(tmp_path, capsys, extra):
    args = {"--learner": "table", "--alpha": "0.1", "--gamma": "0.01", "--games": "5", "--out": str(tmp_path / "o")}
    for k, v in zip(extra[::2], extra[1::2]):
        args[k] = v
    argv = ["train", "qlearn"] + [x for kv in args.items() for x in kv]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("cardlab train: error:") and "\n" not in err
    assert not (tmp_path / "o" / "qtable.npz").exists()


def test_cli_refuses_an_out_that_is_a_file_before_training(tmp_path, capsys):
    taken = tmp_path / "file"
    taken.write_text("x")
    assert main(["train", "qlearn", "--learner", "net", "--alpha", "0.1", "--gamma", "0.1", "--games", "100000",
                 "--out", str(taken)]) == 2
    assert "exists and is not a directory" in capsys.readouterr().err


def test_cli_refuses_an_unknown_learner(tmp_path):
    with pytest.raises(SystemExit) as exc:
        main(["train", "qlearn", "--learner", "forest", "--alpha", "0.1", "--gamma", "0.1", "--games", "5",
              "--out", str(tmp_path)])
    assert exc.value.code == 2


def test_ctrl_c_exits_130_and_writes_nothing(tmp_path, monkeypatch, capsys):
    real = trainer.play_training_game

    def interrupted_after_two(game, learner, opponent, cfg, index):
        if index == 2:
            os.kill(os.getpid(), signal.SIGINT)  # as a Ctrl-C would: the flag stops the run between games
        return real(game, learner, opponent, cfg, index)

    monkeypatch.setattr(trainer, "play_training_game", interrupted_after_two)
    out = tmp_path / "run"
    assert main(["train", "qlearn", "--learner", "table", "--alpha", "0.1", "--gamma", "0.01", "--games", "50",
                 "--out", str(out)]) == 130
    assert "interrupted after 3 of 50 games: nothing was written" in capsys.readouterr().err
    assert not (out / "qtable.npz").exists() and not list(tmp_path.rglob("*.tmp"))


def test_cli_refuses_to_overwrite_a_trained_table_unless_forced(tmp_path, capsys):
    argv = ["train", "qlearn", "--learner", "table", "--alpha", "0.8", "--gamma", "0.8", "--games", "3",
            "--out", str(tmp_path), "--json"]
    assert main(argv) == 0
    first = (tmp_path / "qtable.npz").read_bytes()
    capsys.readouterr()
    assert main(argv[:-1] + ["--seed", "5", "--json"]) == 2
    assert "qtable.npz exists" in capsys.readouterr().err
    assert (tmp_path / "qtable.npz").read_bytes() == first
    assert main(argv + ["--force", "--seed", "5"]) == 0


def test_a_save_stopped_by_ctrl_c_leaves_no_temporary_file(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(np, "savez_compressed", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_table(tmp_path / "q.npz", QTable(N_ACTIONS), {"games": 1})
    monkeypatch.setattr(torch, "save", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_net(tmp_path / "n.pt", QNet(), {"games": 1})
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_run_leaves_no_new_folder(tmp_path):
    """"nothing was written" holds for the --out folder the run created too (it held only its lock)."""
    def stop(n):
        if n == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        train_qlearn(QLearnConfig(learner="table", alpha=0.1, gamma=0.1, games=50, seed=0), tmp_path / "new",
                     progress=stop)
    assert not (tmp_path / "new").exists()
