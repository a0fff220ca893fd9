"""The Hanabi and Dominion speed benchmarks run and report comparable figures (the timings themselves live in
docs/benchmarks.md, not in tests)."""

from __future__ import annotations

from cardlab.benchmarks import dominion_bench, hanabi_bench


def test_hanabi_bench_reports_protocol_and_rl_front_end_play(capsys):
    result = hanabi_bench.run(games=5, players=3, seed=1)
    for key in ("uniform", "random", "uniform+rl"):
        assert result[key]["games"] == 5 and result[key]["games_per_s"] > 0 and result[key]["moves_per_game"] > 5
    assert result["uniform"]["moves_per_game"] == result["uniform+rl"]["moves_per_game"]  # the same games
    assert hanabi_bench.main(["--games", "3"]) == 0
    assert "uniform+rl" in capsys.readouterr().out


def test_dominion_bench_prints_both_matchups_and_a_missing_peer_is_named(capsys, tmp_path):
    assert dominion_bench.main(["--games", "3", "--peer", str(tmp_path / "no-python"), "--peer-games", "1"]) == 0
    out = capsys.readouterr().out
    assert "cardlab BM vs BM: 3 games" in out and "cardlab SmithyBM vs BM: 3 games" in out
    assert out.count("pyminion: peer failed") == 2  # both peer scripts were tried with the given interpreter
