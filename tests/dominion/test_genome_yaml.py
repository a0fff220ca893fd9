"""Genome YAML files (spec section 3): round trips, every bad-genome error, models and genome mutation."""

from __future__ import annotations

import math

import pytest

from cardlab.agents.dominion import genome as gm
from cardlab.agents.dominion.choosers import RandomChooser, RanksChooser, RatiosChooser, SeasonalChooser
from cardlab.engine.core import Rng
from cardlab.runtime import UserError

SPEC_EXAMPLE = """\
gaining:
  seasonal:
    - threshold: 100
      ratios: {Gold: 0.3, Market: 0.2, Province: 0.2, Militia: 0.15, Silver: 0.15}
    - threshold: 0
      ranks: [Province, Duchy, Gold, Market, Estate]
playing:
  ranks: [Market, Militia, Gold]
"""
FIRST_GAME_SUPPLY = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Cellar", "Market",
                     "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village", "Woodcutter", "Workshop"]


def test_spec_example_round_trips(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(SPEC_EXAMPLE)
    genome = gm.load_genome(path)
    assert isinstance(genome.gaining, SeasonalChooser)
    (t1, early), (t2, late) = genome.gaining.seasons
    assert (t1, t2) == (100, 0) and isinstance(early, RatiosChooser) and early.ratios["Gold"] == pytest.approx(0.3)
    assert late.ranks == ("Province", "Duchy", "Gold", "Market", "Estate")
    assert genome.playing == RanksChooser(("Market", "Militia", "Gold"))
    assert genome.to_yaml() == SPEC_EXAMPLE  # the spec's own layout
    gm.save_genome(genome, tmp_path / "again.yaml", comment="a comment\nsecond line")
    assert gm.load_genome(tmp_path / "again.yaml") == genome
    assert (tmp_path / "again.yaml").read_text().startswith("# a comment\n# second line\n")


def test_other_forms_and_exact_floats():
    text = "gaining:\n  weighted: {Throne Room: 0.1, Gold: 0.9}\nplaying:\n  random: {}\n"
    genome = gm.genome_from_yaml(text)
    assert genome.playing == RandomChooser() and genome.to_yaml() == text
    odd = {"gaining": {"ratios": {"Gold": 1 / 3, "Silver": 1e-7, "Province": 2 / 3 - 1e-7}}, "playing": {"ranks": []}}
    g = gm.genome_from_data(odd)
    assert gm.genome_from_yaml(g.to_yaml()) == g  # full precision survives the file


def test_near_one_sums_are_renormalised():
    g = gm.genome_from_yaml("gaining:\n  ratios: {Gold: 0.5, Silver: 0.504}\nplaying:\n  random: {}\n")
    assert math.isclose(sum(g.gaining.ratios.values()), 1.0)


@pytest.mark.parametrize("text, message", [
    ("gaining:\n  ranks: [Provnce]\nplaying:\n  random: {}\n", "unknown card 'Provnce' (did you mean Province"),
    ("gaining:\n  ranks: [gold]\nplaying:\n  random: {}\n", "did you mean Gold"),
    ("gaining:\n  ratios: {Gold: 0, Silver: 1}\nplaying:\n  random: {}\n", "Gold: 0 should be a positive number"),
    ("gaining:\n  weighted: {Gold: -0.5, Silver: 1.5}\nplaying:\n  random: {}\n", "should be a positive number"),
    ("gaining:\n  ratios: {Gold: 0.2, Silver: 0.3}\nplaying:\n  random: {}\n", "values sum to 0.5, not 1"),
    ("gaining:\n  ratios: {Gold: yes}\nplaying:\n  random: {}\n", "should be a positive number"),
    ("gaining:\n  seasonal:\n    - {threshold: 100, ranks: [Gold]}\n    - {threshold: 20, ranks: [Province]}\n"
     "playing:\n  random: {}\n", "last threshold must be 0, not 20"),
    ("gaining:\n  seasonal:\n    - {threshold: 0, ranks: [Gold]}\n    - {threshold: 50, ranks: [Province]}\n"
     "playing:\n  random: {}\n", "thresholds must decrease"),
    ("gaining:\n  seasonal:\n    - {threshold: 0, seasonal: []}\nplaying:\n  random: {}\n", "seasons cannot nest"),
    ("gaining:\n  ranks: [Gold, Gold]\nplaying:\n  random: {}\n", "Gold listed more than once"),
    ("gaining:\n  ranks: [Gold]\n  ratios: {Gold: 1}\nplaying:\n  random: {}\n", "exactly one chooser"),
    ("gaining:\n  best: [Gold]\nplaying:\n  random: {}\n", "unknown key 'best'"),
    ("gaining:\n  ranks: [Gold]\n", "missing 'playing'"),
    ("gaining:\n  ranks: [Gold]\nplaying:\n  random: {Gold: 1}\n", "takes no values"),
    ("gaining: [Gold\n", "not valid YAML at line"),
    ("- Gold\n", "expected a mapping with keys gaining and playing"),
])
def test_bad_genomes_are_one_clear_error(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(UserError) as err:
        gm.load_genome(path)
    assert message in str(err.value) and str(path) in str(err.value)


def test_missing_file_and_supply_check(tmp_path):
    with pytest.raises(UserError, match="cannot read"):
        gm.load_genome(tmp_path / "nope.yaml")
    binary = tmp_path / "genome.pt"
    binary.write_bytes(b"PK\x03\x04\xff\xfe gaining")
    with pytest.raises(UserError, match=f"genome {binary}: not a text"):
        gm.load_genome(binary)
    genome = gm.genome_from_yaml("gaining:\n  ranks: [Chapel, Gold]\nplaying:\n  ranks: [Witch]\n", "genome x.yaml")
    with pytest.raises(UserError, match=r"genome x.yaml: Chapel, Witch not in this game's supply"):
        genome.check_supply(FIRST_GAME_SUPPLY, "genome x.yaml")
    gm.genome_from_yaml(SPEC_EXAMPLE).check_supply(FIRST_GAME_SUPPLY)


def test_models_start_empty_and_mutate_in_place():
    rng = Rng(3)
    for model in gm.GAINING_MODELS:
        for playing in gm.PLAYING_MODELS:
            genome = gm.empty_genome(model, playing)
            assert genome.cards() == set() and gm.genome_from_yaml(genome.to_yaml()) == genome
            for _ in range(30):
                genome = gm.mutate_genome(genome, FIRST_GAME_SUPPLY, rng)
            assert type(genome.gaining) is type(gm.empty_genome(model, playing).gaining)
            if isinstance(genome.gaining, SeasonalChooser):
                assert [t for t, _ in genome.gaining.seasons] == [100, 0]  # thresholds stay fixed
            assert genome.cards() and genome.cards() <= set(FIRST_GAME_SUPPLY)
            if playing == "random":
                assert genome.playing == RandomChooser()
            assert gm.genome_from_yaml(genome.to_yaml()) == genome
    with pytest.raises(UserError, match="unknown gaining model"):
        gm.empty_genome("ratio", "ranks")


def test_each_chromosome_mutates_about_half_the_time():
    rng = Rng(11)
    genome = gm.empty_genome("seasonal-ratios-ranks", "ranks")
    changed = [0, 0, 0]
    n = 600
    for _ in range(n):
        child = gm.mutate_genome(genome, FIRST_GAME_SUPPLY, rng)
        parts = [c for _, c in child.gaining.seasons] + [child.playing]
        for i, part in enumerate(parts):
            changed[i] += bool(part.cards())
    # each of 3 chromosomes is drawn with probability 1/2 (or as the forced one, 1/8 / 3); an empty ratios
    # chromosome changes only through its set branch (1/2), empty ranks likewise
    expected = (0.5 + 1 / 24) * 0.5
    assert all(abs(c / n - expected) < 0.06 for c in changed)
