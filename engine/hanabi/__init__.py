"""Hanabi, 2-5 players, cooperative; the mini variant and HLE-style small variants."""

from cardlab.engine.hanabi.config import HanabiConfig, variant_config
from cardlab.engine.hanabi.state import HIDDEN, HanabiState

__all__ = ["HIDDEN", "HanabiConfig", "HanabiState", "variant_config"]
