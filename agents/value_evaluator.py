"""Leaf evaluation with a trained value network (one MLP or the threat-colour trio), batched, CPU or GPU.

Checkpoints are the small files `cardlab train value` exports (`value.pt`): weights plus the encoder
name/version, normalisation, architecture and a data summary, so they load without Lightning.
"""

from __future__ import annotations

from pathlib import Path

import torch

from cardlab.runtime import UserError
from cardlab.models.checkpoint import load_value
from cardlab.models.value import ColourTrio

from cardlab.agents.evaluators import Evaluator, terminal_value

COLOUR_OFFSET = (1000.0, 0.0, -1000.0)  # green, yellow, red: larger than any label (|label| <= reward)


def load_value_checkpoint(path: str | Path, game: str = "hearthstone"):
    """(network in eval mode, meta) from an exported checkpoint (format: models/checkpoint.py)."""
    return load_value(path, game)


class ValueNetEvaluator(Evaluator):
    """evaluate(states, player) -> values in label units (about -100..100), larger = better for player."""

    before_end_turn = True  # datagen records full and colour chains before END_TURN

    def __init__(self, path: str | Path, device: str = "auto") -> None:
        # Encoders live with their game (engine/<game>/features); the network only sees their tensors.
        from cardlab.engine.features import get_encoder

        self.net, self.meta = load_value_checkpoint(path)
        self.path = str(path)
        self.name = f"ckpt={path}"
        try:
            self.encoder = get_encoder(self.meta["encoder"], self.meta.get("game", "hearthstone"))
        except UserError as exc:
            raise UserError(f"{path}: its encoder cannot be built here ({exc})") from None
        want = int(self.meta.get("encoder_version", 0))
        if self.encoder.version != want or self.encoder.dim != int(self.meta["in_dim"]):
            raise UserError(
                f"{path}: trained with encoder {self.meta['encoder']} v{want} (dim {self.meta['in_dim']}), "
                f"but this cardlab has v{self.encoder.version} (dim {self.encoder.dim}); retrain or use a matching version")
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        self.device = torch.device(device)
        self.net.to(self.device)
        self.trio = isinstance(self.net, ColourTrio)
        # Trios trained on game labels predict the same quantity in every colour; sub-chain trios do not.
        self.rank_by_colour = self.trio and self.meta["config"].get("colour_labels", "sub_chain") == "sub_chain"
        thresholds = self.meta.get("colour_thresholds") or {}
        self.green = int(thresholds.get("green", 15))
        self.red = int(thresholds.get("red", 1))

    def colour(self, state, player: int) -> int:
        """0 green, 1 yellow, 2 red, with the thresholds of the training data (spec section 4)."""
        from cardlab.engine.hearthstone.threat import colour_of, effective_hp

        return int(colour_of(effective_hp(state, player), self.green, self.red))

    @torch.no_grad()
    def evaluate(self, states: list, player: int) -> list[float]:
        out = [0.0] * len(states)
        live = [i for i, s in enumerate(states) if not s.terminal]
        for i, s in enumerate(states):
            if s.terminal:
                out[i] = terminal_value(s, player)
        if not live:
            return out
        x = torch.from_numpy(self.encoder.encode_many([states[i] for i in live], player)).to(self.device)
        if self.trio:
            colours = [self.colour(states[i], player) for i in live]
            values = self.net.value(x, torch.tensor(colours, device=self.device)).float().cpu()
            if self.rank_by_colour:
                # Sub-chain nets predict whether their colour improves or worsens, so values of different colours
                # are not comparable: rank by colour first, the net breaks ties within a colour.
                values = values + torch.tensor([COLOUR_OFFSET[c] for c in colours])
        else:
            values = self.net.value(x)
        for i, v in zip(live, values.float().cpu().numpy().tolist()):
            out[i] = v
        return out

    def __repr__(self) -> str:
        return f"<ValueNetEvaluator {self.path} {self.meta['kind']} {self.meta['encoder']}>"

