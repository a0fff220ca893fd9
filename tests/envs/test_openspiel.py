"""OpenSpiel front end: the cardlab games as registered Python games pass OpenSpiel's random simulation test."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from cardlab.runtime import UserError

pyspiel = pytest.importorskip("pyspiel")

from cardlab.envs import GameCodec, openspiel_game  # noqa: E402
from cardlab.envs.openspiel_games import register_all  # noqa: E402


def test_every_game_is_registered():
    names = register_all()
    assert names == ["cardlab_dominion", "cardlab_hanabi", "cardlab_hearthstone"]
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("spec", ["hearthstone", "dominion", "hanabi:players=3", "hanabi:variant=mini"])
def test_random_sim_test_with_serialization(spec):
    game = openspiel_game(spec)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_info_follows_the_game():
    hanabi = pyspiel.load_game("cardlab_hanabi", {"players": 4})
    codec = GameCodec("hanabi:players=4")
    assert hanabi.num_players() == 4
    assert hanabi.num_distinct_actions() == codec.num_actions
    assert hanabi.observation_tensor_shape() == [codec.obs_dim]
    assert hanabi.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert (hanabi.min_utility(), hanabi.max_utility()) == (0.0, 25.0)
    hs = openspiel_game("hearthstone:decks=liege,basic-mage", seeds=10)
    assert hs.max_chance_outcomes() == 10 and hs.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_chance_outcomes_spell_the_cardlab_seed_and_states_clone_and_pickle():
    game = openspiel_game("dominion")
    codec = GameCodec("dominion")
    state = game.new_initial_state()
    for digit in (17, 2, 1):  # seed 17 + 2 * 1024 + 1 * 1024**2
        assert state.is_chance_node() and len(state.chance_outcomes()) == 1024
        state.apply_action(digit)
        if digit != 1:
            assert pickle.loads(pickle.dumps(state)).is_chance_node()  # a half-drawn seed pickles too
    seed = 17 + 2 * 1024 + 1024 ** 2
    np.testing.assert_array_equal(state.observation_tensor(0), codec.observe(codec.new_state(seed), 0))
    assert not state.is_chance_node() and state.chance_outcomes() == []  # chance only opens the game
    rng = np.random.default_rng(0)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    clone = state.clone()
    copy = pickle.loads(pickle.dumps(state))
    for other in (clone, copy):
        assert other.history() == state.history()
        assert other.cardlab_state.to_dict() == state.cardlab_state.to_dict()
    action = state.legal_actions()[0]
    clone.apply_action(action)
    assert clone.history() != state.history()  # a clone is independent
    assert "=" in state.observation_string(0)


def test_mcts_bot_runs_on_a_cardlab_game():
    from open_spiel.python.algorithms import mcts

    game = openspiel_game("hanabi:variant=mini")
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=5,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(3)
    action = bot.step(state)
    assert action in state.legal_actions()


def test_observers_other_than_the_players_own_view_are_refused():
    from open_spiel.python.observation import make_observation

    game = openspiel_game("hearthstone")
    own = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                                             private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    assert own.tensor.shape == (GameCodec("hearthstone").obs_dim,)
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=private)
        with pytest.raises(ValueError, match="own view only"):  # a public-only tensor would show the own hand
            make_observation(game, kind)


def test_pyspiel_finds_the_games_after_importing_pyspiel_and_cardlab_envs():
    import subprocess
    import sys

    code = ("import pyspiel, cardlab.envs; "
            "print(pyspiel.load_game('cardlab_hanabi', {'colours': 3}).num_distinct_actions())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-500:]
    assert int(out.stdout) > 0


def test_the_opening_chance_nodes_reach_a_billion_deals():
    # one chance node of 1024 seeds made 1024 deals, each told by its opening observation: a learner could
    # learn its own hidden cards from it
    game = openspiel_game("hanabi:players=2")
    deals = []
    for last in (0, 1):
        state = game.new_initial_state()
        for digit in (5, 0, last):
            state.apply_action(digit)
        deals.append(state.cardlab_state.to_dict())
    assert deals[0] != deals[1]  # the third digit is a different deal: 1024**3 of them
    one = openspiel_game("hanabi:players=2", seed_draws=1)
    state = one.new_initial_state()
    state.apply_action(5)
    assert not state.is_chance_node() and state.cardlab_state.to_dict() == deals[0]  # seed 5 either way


def test_a_state_pickled_before_the_seed_had_digits_still_loads():
    from cardlab.envs.openspiel_games import _unbox

    box = _unbox("hanabi", 1024, None)  # the old three-argument form: one draw of `seeds`
    assert (box.draws, box.digits, box.state) == (1, (), None)


@pytest.mark.parametrize("spec", ["hanabi:colours=3", "hanabi:players=3,hand_size=4,hints=5,fuses=2,ranks=4",
                                  "hearthstone:decks=liege,basic-mage,mulligan=true"])
def test_every_game_string_reloads_the_same_game(spec):
    """An option whose default is "the game's default" is an int parameter (-1 = unset): a text "3" came back from
    the game string as the int 3 and OpenSpiel refused it."""
    game = openspiel_game(spec)
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == game.get_parameters()
    assert again.codec.game.spec == game.codec.game.spec == GameCodec(spec).game.spec
    state = game.new_initial_state()
    for digit in (3, 0, 0):
        state.apply_action(digit)
    state.apply_action(state.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and copy.cardlab_state.to_dict() == state.cardlab_state.to_dict()
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert restored.cardlab_state.to_dict() == state.cardlab_state.to_dict()


def test_int_options_default_to_the_games_own_and_take_ints():
    assert pyspiel.load_game("cardlab_hanabi", {"colours": 3}).codec.game.config.colours == 3
    unset = pyspiel.load_game("cardlab_hanabi", {"hints": -1})  # -1: the variant's default
    assert unset.codec.game.spec == GameCodec("hanabi").game.spec
    pyspiel.random_sim_test(openspiel_game("hanabi:colours=3,hints=4"), num_sims=2, serialize=True, verbose=False)


def test_values_a_game_string_cannot_carry_are_refused_when_loaded():
    from cardlab.engine.hearthstone.decks import load_deck

    deckstring = load_deck("liege").deckstring()
    assert deckstring.endswith("=")
    with pytest.raises(UserError, match=r"deck='AAE.*cannot be carried .*'='.*deck file"):
        openspiel_game(f"hearthstone:deck={deckstring}")
    with pytest.raises(ValueError, match="deck='AAE.*cannot be carried"):
        pyspiel.load_game("cardlab_hearthstone", {"deck": deckstring})
    with pytest.raises(ValueError, match="pool='12'.*read it back as a number"):
        pyspiel.load_game("cardlab_hearthstone", {"pool": "12"})
    # a comma given in a dict travels as ';', so the game string still reloads
    game = pyspiel.load_game("cardlab_hearthstone", {"decks": "liege,basic-mage"})
    assert pyspiel.load_game(str(game)).codec.game.spec == "hearthstone:decks=liege,basic-mage"


def test_games_pickle_and_cross_a_spawned_process():
    import multiprocessing

    game = openspiel_game("hanabi:players=3,colours=4")
    copy = pickle.loads(pickle.dumps(game))
    assert type(copy) is type(game) and str(copy) == str(game)
    state = copy.new_initial_state()  # the Python side (the codec) came back too, not only the C++ game
    for digit in (1, 2, 3):
        state.apply_action(digit)
    assert state.legal_actions()
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.map(str, [game]) == [str(game)]


@pytest.mark.parametrize("spec, needle", [("hearthstone:mulligan=maybe", "mulligan='maybe' should be a bool"),
                                          ("hanabi:players=x", "players='x' should be an integer"),
                                          ("hanabi:colours=9", "colours=9 is not an integer in 1-5"),
                                          ("hanabi:nope=1", "unknown option 'nope'"),
                                          ("chess", "unknown game 'chess'")])
def test_specs_are_checked_by_the_registry(spec, needle):
    with pytest.raises(UserError, match=needle):
        openspiel_game(spec)


def test_seeds_must_be_ints():
    with pytest.raises(ValueError, match="seeds must be an int, got 'x'"):
        openspiel_game("hanabi", seeds="x")
