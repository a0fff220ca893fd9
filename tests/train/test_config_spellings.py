"""Run configs read the YAML spellings people write for numbers and text settings as meant."""

from __future__ import annotations

import pytest

from cardlab.runtime import UserError
from cardlab.train.dqn import DQNConfig
from cardlab.train.value import ValueConfig


def test_yaml_spellings_of_numbers_and_text_settings_are_read_as_meant():
    # PyYAML reads `lr: 1e-3` as a string (YAML 1.1 wants 1.0e-3), and `devices: 1` as a number.
    cfg = ValueConfig.from_dict({"lr": "1e-3", "devices": 1}, "c.yaml")
    assert cfg.lr == 0.001 and cfg.devices == "1"
    with pytest.raises(UserError, match="c.yaml: lr: 'fast' should be float"):
        ValueConfig.from_dict({"lr": "fast"}, "c.yaml")
    assert DQNConfig.from_dict({"lr": "5e-4"}, "d.yaml").lr == 0.0005
