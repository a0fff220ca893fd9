"""Reduced-state Q-learning (spec section 10): a tabular or a network learner playing Hearthstone against a bot.

Read top to bottom: settings (QLearnConfig), the two learners (one Q update each), one training game
(`play_training_game`), and the run (`train_qlearn`). The learner plays one seat of every game, first player
alternating (game i is arena's game i: the same state and agent seeds); the opponent is any agent spec.

Each learner decision is one step: state s, reduced action a, the spec's shaped reward r (measured on the true state
right after the action, before the opponent answers, which is why this loop is ours rather than arena's
`play_game`), then at the learner's next decision s' the update
    Q(s,a) <- Q(s,a) + alpha (r + gamma max_a' Q(s',a') - Q(s,a)),
with the max over the reduced actions legal in s', and no bootstrap when the game ended. There is no win/loss reward.
The network regresses Q(s,a) on that same updated value (squared error, plain SGD, lr 0.01), so alpha and
gamma mean the same for both learners.

Exploration while training is epsilon-greedy, default epsilon 0.1: ours, the spec gives none.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

import numpy as np
import torch

from cardlab.agents.hearthstone.qlearn import encode_pairs, greedy, q_values
from cardlab.agents.registry import make_agent
from cardlab.arena.play import agent_seed, game_seed, seat_roles
from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.reduced import (N_ACTIONS, deck_slots, group_actions, reduced_state, state_index,
                                                step_reward)
from cardlab.engine.hearthstone.state import CHOOSE, MULLIGAN
from cardlab.engine.registry import make_game
from cardlab.models.qlearn import LEARNERS, QNet, QTable, save_net, save_table
from cardlab.runtime import StopOnInterrupt, UserError, hold_folder, releases_folders, remove_if_only_lock

FILE_NAMES = {"table": "qtable.npz", "net": "qnet.pt"}
CURVE_EVERY = 500  # games per point of the training win-rate curve kept in the metadata


@dataclass
class QLearnConfig:
    learner: str = "table"  # "table" or "net"
    alpha: float = 0.1  # learning rate of the Q update (the source's best: 0.1)
    gamma: float = 0.01  # discount per learner step (the source's best: 0.01)
    games: int = 5000  # training games (the source: 5,000)
    seed: int = 0
    deck: str | None = None  # one deck for both players (default liege)
    deck_pool: str | None = None  # or each game draws both decks from this pool (basic, liege)
    opponent: str = "random"  # the source trained in its Fireplace setting against a random player
    epsilon: float = 0.1  # exploration while training (ours)
    lr: float = 0.01  # the network's SGD step (the source's)
    hidden: int = 200  # the network's hidden width (the source's)

    def check(self) -> None:
        """One line per bad setting, as a UserError (exit 2)."""
        if self.learner not in LEARNERS:
            raise UserError(f"--learner {self.learner!r}: choose table or net")
        if not 0.0 < self.alpha <= 1.0:
            raise UserError(f"--alpha {self.alpha}: must be in (0, 1]")
        if not 0.0 <= self.gamma <= 1.0:
            raise UserError(f"--gamma {self.gamma}: must be in [0, 1]")
        if self.games < 1:
            raise UserError(f"--games {self.games}: must be at least 1")
        if not 0.0 <= self.epsilon <= 1.0:
            raise UserError(f"--epsilon {self.epsilon}: must be in [0, 1]")
        if self.lr <= 0:
            raise UserError(f"--lr {self.lr}: must be positive")
        if self.deck is not None and self.deck_pool is not None:
            raise UserError("give only one of --deck and --deck-pool")

    def game_spec(self) -> str:
        if self.deck_pool is not None:
            return f"hearthstone:pool={self.deck_pool}"
        return f"hearthstone:deck={self.deck or 'liege'}"


# ---------------------------------------------------------------- learners

class TableLearner:
    """Tabular Q-learning over the sparse table."""

    def __init__(self, cfg: QLearnConfig) -> None:
        self.model = QTable(N_ACTIONS)
        self.alpha = cfg.alpha

    def q(self, values: tuple[int, ...], index: int, actions: list[int]) -> np.ndarray:
        return self.model.values(index, actions)

    def update(self, values: tuple[int, ...], index: int, action: int, target: float) -> None:
        self.model.update(index, action, self.alpha, target)


class NetLearner:
    """Q(s,a) by the 177 -> 200 -> 1 network: one SGD step toward the Q update's new value per learner step."""

    def __init__(self, cfg: QLearnConfig) -> None:
        with torch.random.fork_rng():
            torch.manual_seed(cfg.seed)
            self.model = QNet(hidden=cfg.hidden)
        self.alpha = cfg.alpha
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg.lr)

    def q(self, values: tuple[int, ...], index: int, actions: list[int]) -> np.ndarray:
        return q_values(self.model, values, index, actions)

    def update(self, values: tuple[int, ...], index: int, action: int, target: float) -> None:
        q = self.model(encode_pairs(values, [action]))[0]
        wanted = q.detach() + self.alpha * (target - q.detach())
        loss = 0.5 * (q - wanted) ** 2
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()


def make_learner(cfg: QLearnConfig) -> TableLearner | NetLearner:
    return TableLearner(cfg) if cfg.learner == "table" else NetLearner(cfg)


# ---------------------------------------------------------------- one game

def play_training_game(game, learner: TableLearner | NetLearner, opponent, cfg: QLearnConfig,
                       index: int) -> dict:
    """Play game `index` (the learner is role 0), updating the learner after every one of its steps.

    Returns the learner's result (+1/0/-1), its steps and the summed reward.
    """
    roles = seat_roles(index, 2)
    seat = roles.index(0)
    state = game.new_initial_state(game_seed(cfg.seed, index), roles)
    opponent.reset(1 - seat, agent_seed(cfg.seed, index, 1 - seat))
    rng = Rng(agent_seed(cfg.seed, index, seat))
    slots: dict[str, int] | None = None
    pending: tuple | None = None  # (values, index, action, reward) of the step awaiting its s'
    turn_seen, turn_mana = -1, 0
    steps, total = 0, 0.0
    while not state.is_terminal():
        current = state.current_player
        view = state.observation(current)
        if current != seat:
            state.apply(opponent.act(view))
            continue
        legal = view.legal_actions()
        if legal[0][0] == MULLIGAN:
            state.apply((MULLIGAN, 0))
            continue
        if legal[0][0] == CHOOSE:  # an in-card choice is outside the reduced actions
            state.apply(legal[rng.randrange(len(legal))])
            continue
        if slots is None:
            slots = deck_slots(view, seat)
        if view.turn != turn_seen:
            turn_seen, turn_mana = view.turn, view.players[seat].mana
        groups = group_actions(view, seat, legal, slots)
        actions = sorted(groups)
        values = reduced_state(view, seat)
        s_index = state_index(values)
        q = learner.q(values, s_index, actions)
        if pending is not None:
            learner.update(pending[0], pending[1], pending[2], pending[3] + cfg.gamma * float(np.max(q)))
        if cfg.epsilon > 0 and rng.random() < cfg.epsilon:
            chosen = actions[rng.randrange(len(actions))]
        else:
            chosen = greedy(actions, q)
        options = groups[chosen]
        action = options[rng.randrange(len(options))]
        state.apply(action)
        reward = step_reward(view, action, state, seat, turn_mana)
        pending = (values, s_index, chosen, reward)
        steps += 1
        total += reward
    if pending is not None:
        learner.update(pending[0], pending[1], pending[2], pending[3])  # terminal: nothing to bootstrap from
    result = state.returns()[seat]
    return {"result": result, "steps": steps, "reward": total}


# ---------------------------------------------------------------- the run

@releases_folders
def train_qlearn(cfg: QLearnConfig, out_dir: str | Path,
                 progress: Callable[[int], None] | None = None) -> dict:
    """Train for cfg.games games and write <out_dir>/qtable.npz or qnet.pt; returns a summary.

    The checkpoint is written once, after the last game, atomically: an interrupted run (KeyboardInterrupt,
    raised between games after a Ctrl-C) leaves no checkpoint behind that could pass for a finished one.
    """
    cfg.check()
    game = make_game(cfg.game_spec())  # a bad deck or pool: the registry's one-line error
    opponent = make_agent(cfg.opponent, seed=cfg.seed, game="hearthstone")  # a bad spec: before any folder
    made = not Path(out_dir).exists()
    Path(out_dir).mkdir(parents=True, exist_ok=True)  # an unusable --out fails now, not after the last game
    hold_folder(out_dir, "training into it")
    try:
        return _train(cfg, out_dir, game, opponent, progress)
    except BaseException:
        if made:  # "nothing was written": no new folder holding only the lock either
            remove_if_only_lock(out_dir)
        raise


def _train(cfg: QLearnConfig, out_dir, game, opponent, progress) -> dict:
    learner = make_learner(cfg)
    torch.set_num_threads(1)  # the network is tiny: threads only add overhead
    results: list[float] = []
    steps = 0
    start = time.monotonic()
    with StopOnInterrupt() as stop:
        for i in range(cfg.games):
            if stop.requested:
                raise KeyboardInterrupt
            info = play_training_game(game, learner, opponent, cfg, i)
            results.append(info["result"])
            steps += info["steps"]
            if progress is not None:
                progress(i + 1)
    seconds = time.monotonic() - start
    wins = np.array(results) > 0
    curve = [round(float(wins[i:i + CURVE_EVERY].mean()), 4) for i in range(0, len(wins), CURVE_EVERY)]
    meta = {"game": "hearthstone", "deck": cfg.game_spec().removeprefix("hearthstone:"), "games": cfg.games,
            "alpha": cfg.alpha, "gamma": cfg.gamma, "seed": cfg.seed, "opponent": cfg.opponent,
            "epsilon": cfg.epsilon, "config": asdict(cfg), "steps": steps,
            "train_win_rate_curve": curve, "train_win_rate_every": CURVE_EVERY}
    path = Path(out_dir) / FILE_NAMES[cfg.learner]
    if cfg.learner == "table":
        save_table(path, learner.model, meta)
        keys = learner.model.entries()[0]
        meta["entries"] = int(len(keys))  # what the file holds: the nonzero entries and their states
        meta["states"] = int(len(np.unique(keys // N_ACTIONS)))
    else:
        save_net(path, learner.model, meta)
    return {"checkpoint": str(path), "learner": cfg.learner, "games": cfg.games, "steps": steps,
            "seconds": round(seconds, 1), "train_win_rate": round(float(wins.mean()), 4),
            "last_win_rate": curve[-1], **({"states": meta["states"], "entries": meta["entries"]}
                                           if cfg.learner == "table" else {})}
