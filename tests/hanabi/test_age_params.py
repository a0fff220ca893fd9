"""The age agent's nine constants: options, YAML files, and one UserError naming the file or value when bad."""

from __future__ import annotations

import pytest

from cardlab.agents.hanabi import AGENTS
from cardlab.agents.hanabi.age_params import AgeParams, load_params, names, save_params
from cardlab.runtime import UserError


def test_defaults_are_the_source_values():
    p = AgeParams()
    assert (p.play_told, p.play_uncertain, p.discard_useless_strict, p.discard_useless_lenient, p.discard_safe_strict,
            p.discard_safe_lenient, p.discard_uncertain, p.old_rank_hint, p.old_colour_hint) == \
        (1.0, 1.0, 1.0, 0.1, 1.0, 0.1, 1.0, 3, 3)
    assert len(names()) == 9


def test_yaml_round_trip_with_comments(tmp_path):
    params = AgeParams(0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 2, 10)
    path = tmp_path / "p.yaml"
    save_params(params, path, comment="fitness 18.5 over 100 games")
    assert path.read_text().startswith("# fitness")
    assert load_params(path) == params


@pytest.mark.parametrize("text, needle", [
    ("play_told: 1.5\n", "play_told=1.5"),
    ("old_rank_hint: 11\n", "old_rank_hint=11"),
    ("old_rank_hint: 2.5\n", "old_rank_hint=2.5"),
    ("discard_uncertain: high\n", "discard_uncertain='high'"),
    ("play_toldd: 0.5\n", "unknown parameter 'play_toldd'"),
    ("play_told: [1\n", "not valid YAML"),
    ("- 1\n- 2\n", "mapping"),
    ("", "mapping"), ("# nothing\n", "mapping"), ("{}\n", "mapping"),  # not silently the default constants
])
def test_bad_files_are_one_user_error_naming_the_file(tmp_path, text, needle):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(UserError) as info:
        AGENTS["age"](params=str(path))
    assert str(path) in str(info.value) and needle in str(info.value)


def test_missing_file(tmp_path):
    with pytest.raises(UserError, match="nope.yaml"):
        AGENTS["age"](params=str(tmp_path / "nope.yaml"))


@pytest.mark.parametrize("options, needle", [
    ({"play_told": -0.1}, "play_told=-0.1"), ({"old_colour_hint": -1}, "old_colour_hint=-1"),
])
def test_bad_options(options, needle):
    with pytest.raises(UserError, match=needle):
        AGENTS["age"](**options)


def test_spec_strings_through_the_agent_registry(tmp_path):
    from cardlab.agents.registry import make_agent

    agent = make_agent("age:play_told=0.9,old_rank_hint=5", game="hanabi")
    assert agent.params.play_told == 0.9 and agent.params.old_rank_hint == 5
    path = tmp_path / "best.yaml"
    save_params(AgeParams(play_uncertain=0.6), path)
    assert make_agent(f"age:params={path}", game="hanabi").params.play_uncertain == 0.6
    assert type(make_agent("random", game="hanabi")).__name__ == "RandomHanabiAgent"
    with pytest.raises(UserError):
        make_agent("age:play_told=2", game="hanabi")


def test_an_option_overrides_the_params_file_even_at_its_hand_set_value(tmp_path):
    from cardlab.agents.registry import make_agent

    path = tmp_path / "evolved.yaml"
    save_params(AgeParams(play_told=0.8, old_rank_hint=5), path)
    agent = make_agent(f"age:params={path},play_told=1.0,old_rank_hint=3", game="hanabi")
    assert agent.params.play_told == 1.0 and agent.params.old_rank_hint == 3
    assert "play_told=1.0" in agent.spec() and "old_rank_hint=3" in agent.spec()
    assert make_agent(f"age:params={path}", game="hanabi").params.play_told == 0.8


def test_an_empty_params_option_is_refused():
    from cardlab.agents.registry import make_agent

    with pytest.raises(UserError, match="params= needs a YAML file"):
        make_agent("age:params=", game="hanabi")
