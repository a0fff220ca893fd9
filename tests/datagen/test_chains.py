import numpy as np

from cardlab.datagen.chains import ChainRecorder, ThreatColour, _Raw, colour_of, discounted_labels
from cardlab.engine.hearthstone.features import get_encoder


def test_discounted_labels():
    lab = discounted_labels(np.array([1, 2, 3]), np.array([3, 3, 3]), np.array([1, 1, 1]), 0.9, 100)
    assert np.allclose(lab, [81, 90, 100])
    assert np.allclose(discounted_labels([1], [1], [-1], 0.5, 10), [-10])


def test_colours():
    assert colour_of(0) == ThreatColour.RED and colour_of(1) == ThreatColour.YELLOW
    assert colour_of(15) == ThreatColour.GREEN and colour_of(14) == ThreatColour.YELLOW
    assert colour_of(5, green_threshold=5) == ThreatColour.GREEN


def _colour_rows(eff_hps, players, returns):
    rec = ChainRecorder(get_encoder("seed96"), ("colour",), gamma=0.5, reward=10, green_threshold=10)
    raw = _Raw(player=list(players), turn=[1] * len(players), eff_hp=list(eff_hps),
               features=[[0.0] * 96 for _ in players])
    return rec._label("colour", raw, returns)


def test_colour_sub_chains_and_signs():
    # player 0: green green yellow red red yellow, then wins; player 1: one yellow row, loses
    cols = _colour_rows([20, 12, 5, 0, -3, 4, 6], [0, 0, 0, 0, 0, 0, 1], [1.0, -1.0])
    p0 = cols["player"] == 0
    assert list(cols["colour"][p0]) == [0, 0, 1, 2, 2, 1]
    assert list(cols["sub_chain"][p0]) == [0, 0, 1, 2, 2, 3]
    assert list(cols["step"][p0]) == [1, 2, 1, 1, 2, 1]
    assert list(cols["chain_len"][p0]) == [2, 2, 1, 2, 2, 1]
    assert list(cols["sub_outcome"][p0]) == [-1, -1, -1, 1, 1, 1]  # worse, worse, better, win
    assert list(cols["next_colour"][p0]) == [1, 1, 2, 1, 1, -1]
    assert np.allclose(cols["label"][p0], [-5, -10, -10, 5, 10, 10])
    p1 = cols["player"] == 1
    assert list(cols["sub_outcome"][p1]) == [-1] and list(cols["outcome"][p1]) == [-1]


def test_red_topup_games_record_the_decks_they_played_and_keep_each_agents_deck(tmp_path):
    import json
    import zlib

    import h5py
    import numpy as np

    from cardlab.datagen.runner import DatagenSettings, generate
    from cardlab.engine.hearthstone.state import HearthstoneState

    path = tmp_path / "t.h5"
    settings = DatagenSettings(agents=("random-action", "random-action"), games=1, red_topup=16, seed=1,
                               game="hearthstone:decks=basic-mage,basic-warrior", store_states=True)
    generate(path, settings, commit_every=17)
    with h5py.File(path) as f:
        games, colour = f["games"], f["chains/colour"]
        name = lambda v: v.decode() if isinstance(v, bytes) else v  # noqa: E731
        for i in range(1, 17):  # the top-up games: some restart from a fresh deal before they reach red
            decks = [name(games["deck0"][i]), name(games["deck1"][i])]
            assert decks[int(games["a_seat"][i])] == "Basic Mage"  # agent A keeps its own deck
            row = np.flatnonzero(colour["game_id"][:] == i)[0]
            state = HearthstoneState.from_dict(json.loads(zlib.decompress(
                np.asarray(colour["state"][row], dtype=np.uint8).tobytes())))
            assert [p.deck_name for p in state.players] == decks


def test_three_player_dominion_outcomes_are_win_or_loss_signs(tmp_path):
    """With 3 players a loser's return is a fraction (-0.5) and a shared win +0.5: the stored outcome must still be
    -1 or +1, not 0 (which would label every loser's row as a draw, worth nothing)."""
    from cardlab.datagen.reader import ChainData
    from cardlab.datagen.runner import DatagenSettings, generate

    path = tmp_path / "d3.h5"
    generate(path, DatagenSettings(agents=("bigmoney",) * 3, games=4, game="dominion:players=3"))
    d = ChainData(path, "full")
    for gid in np.unique(d.game_id):
        outcomes = set(np.unique(d.outcome[d.game_id == gid]).tolist())
        assert outcomes == {-1, 1}, (gid, outcomes)
    assert (np.sign(d.labels) == d.outcome).all()
