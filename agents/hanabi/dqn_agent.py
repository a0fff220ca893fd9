"""`dqn:ckpt=PATH`: the mini-Hanabi DQN (spec section 4) as an agent, and its checkpoint format.

A checkpoint (`cardlab train dqn --game hanabi:variant=mini` writes `<out>/mini-dqn.pt`) is self-contained: the game
spec, the encoder's name and version, the training config, the Q-network's shape and weights, and a SHA-256 of the
weights checked on load (a damaged copy must not play with silently wrong weights). The agent plays the greedy legal
action of the encoded observation; both seats may share one checkpoint (self-play trained one shared network).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.agents.base import Agent
from cardlab.engine.hanabi.features import MINI_DQN, MINI_DQN_VERSION, MiniDQN15, check_mini, mask, to_action
from cardlab.engine.hanabi.state import HanabiState
from cardlab.runtime import UserError, not_a_file

if TYPE_CHECKING:  # torch loads only when a dqn agent is made: the other Hanabi agents stay quick to start
    from cardlab.models.qnet import QNetwork

KIND = "hanabi_dqn"


def export_checkpoint(qnet: "QNetwork", game: str, config: dict, metrics: dict | None = None) -> dict:
    """The file the agent loads; `game` is the registry spec the network was trained on."""
    from cardlab.models.checkpoint import weights_digest

    state = {k: v.detach().cpu().clone() for k, v in qnet.state_dict().items()}
    return {
        "kind": KIND, "game": game, "encoder": MINI_DQN, "encoder_version": MINI_DQN_VERSION,
        "config": dict(config), "qnet_config": dict(qnet.config), "state_dict": state,
        "metrics": dict(metrics or {}), "weights_sha256": weights_digest(state),
    }


def load_checkpoint(path: str | Path) -> tuple["QNetwork", dict]:
    """(Q-network in eval mode, the checkpoint's metadata) from a mini-dqn.pt or the run's Lightning .ckpt; one
    clear error, naming the file, for anything else."""
    import torch

    from cardlab.models.checkpoint import check_digest
    from cardlab.models.qnet import build_qnet

    path = Path(path)
    if not path.is_file():
        raise UserError(not_a_file(path, "checkpoint"))
    try:
        # an exported model (.pt) is read as tensors and plain data only, never code; a Lightning .ckpt
        # (a training run's own resume file, with numpy state in it) needs the full unpickler
        ckpt: Any = torch.load(path, map_location="cpu", weights_only=path.suffix.lower() != ".ckpt")
    except Exception as exc:  # noqa: BLE001 - torch raises many kinds for a damaged or foreign file
        raise UserError(f"{path}: cannot read checkpoint ({type(exc).__name__})") from None
    if isinstance(ckpt, dict) and "dqn_export" in ckpt:
        ckpt = ckpt["dqn_export"]
    if not isinstance(ckpt, dict) or ckpt.get("kind") != KIND:
        found = ckpt.get("kind") if isinstance(ckpt, dict) else type(ckpt).__name__
        raise UserError(f"{path}: not a mini-Hanabi DQN checkpoint (found {found!r}; "
                        "`cardlab train dqn --game hanabi:variant=mini` writes one)")
    if ckpt.get("encoder") != MINI_DQN or ckpt.get("encoder_version") != MINI_DQN_VERSION:
        raise UserError(f"{path}: encoder {ckpt.get('encoder')} v{ckpt.get('encoder_version')}, "
                        f"this code reads {MINI_DQN} v{MINI_DQN_VERSION}")
    check_digest(path, ckpt, ckpt["state_dict"])
    qnet = build_qnet(ckpt["qnet_config"])
    try:
        qnet.load_state_dict(ckpt["state_dict"])
    except (RuntimeError, KeyError) as exc:
        raise UserError(f"{path}: weights do not match the network in its metadata ({exc})") from None
    return qnet.eval(), {k: v for k, v in ckpt.items() if k != "state_dict"}


def greedy_index(qnet: "QNetwork", features: np.ndarray, legal: np.ndarray) -> int:
    """The legal network index with the highest Q value."""
    import torch

    from cardlab.models.qnet import masked_argmax

    with torch.no_grad():
        q = qnet(torch.from_numpy(features).unsqueeze(0))[0]
    return int(masked_argmax(q, torch.from_numpy(legal)))


class MiniDQNAgent(Agent):
    """Greedy over the legal plays and discards by the trained Q-network."""

    name = "dqn"

    def __init__(self, seed: int = 0, ckpt: str = "") -> None:
        if not ckpt:
            raise UserError("agent 'dqn' needs ckpt=PATH (a mini-dqn.pt from "
                            "`cardlab train dqn --game hanabi:variant=mini`)")
        super().__init__(seed, ckpt=ckpt)
        import torch

        # one sample through a 15-256-256-6 net: a thread pool only adds waiting (50x slower on a busy machine)
        torch.set_num_threads(1)
        self.path = ckpt
        self.qnet, self.meta = load_checkpoint(ckpt)
        self.encoder = MiniDQN15()

    def check_game(self, game) -> None:
        check_mini(game.config, f"agent 'dqn' ({self.path})")

    def act(self, observation: HanabiState) -> int:
        try:
            check_mini(observation.cfg, f"agent 'dqn' ({self.path})")
        except UserError as exc:
            raise ValueError(str(exc)) from None
        features = self.encoder.encode(observation, observation.current)
        return to_action(greedy_index(self.qnet, features, mask(observation)), observation.cfg)


AGENTS = {"dqn": MiniDQNAgent}
