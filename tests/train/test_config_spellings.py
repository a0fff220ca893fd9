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


@pytest.mark.parametrize("key, value, message", [
    # "nan" and "inf" are strings to PyYAML: reading numbers written as text must not let them through
    ("shaped_terminal", "nan", "shaped_terminal: 'nan' should be float"),
    ("grad_clip", "inf", "grad_clip: 'inf' should be float"),
    # and written as YAML's own .nan / .inf they are refused by name
    ("shaped_terminal", float("nan"), "shaped_terminal must be a finite number"),
    ("grad_clip", float("inf"), "grad_clip must be finite and >= 0"),
])
def test_non_finite_numbers_are_refused_however_they_are_spelled(key, value, message):
    with pytest.raises(UserError, match=message):
        DQNConfig.from_dict({key: value}, "d.yaml")
