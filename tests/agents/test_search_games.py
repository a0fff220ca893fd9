"""`search:ckpt=` for Dominion and Hanabi: a tiny value net trained on a small generated file plugs into the turn
search and plays legal full games; a checkpoint of another game is refused in one line."""

import pytest

from cardlab.arena.play import play_game
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.runtime import UserError
from cardlab.train.value import ValueConfig, fit_value

DATA = {
    "dominion": DatagenSettings(game="dominion", agents=("smithy-bm", "bigmoney"), games=12, seed=1),
    "hanabi": DatagenSettings(game="hanabi", agents=("hinting", "hinting"), games=6, seed=1),
}


@pytest.fixture(scope="module")
def nets(tmp_path_factory):
    root = tmp_path_factory.mktemp("nets")
    out = {}
    for name, settings in DATA.items():
        data = root / f"{name}.h5"
        generate(data, settings)
        summary = fit_value(data, ValueConfig(max_epochs=1, batch_size=64, hidden=[16]), root / name, progress=False)
        out[name] = summary["checkpoint"]
    return out


def test_checkpoints_record_their_game(nets):
    from cardlab.models.checkpoint import load_value

    for name, path in nets.items():
        _, meta = load_value(path)
        assert meta["game"] == name and meta["game_spec"].startswith(name)
        assert meta["chain_point"] == "after_turn"
        assert meta["game_kind"] == ("cooperative" if name == "hanabi" else "zero_sum")


def test_dominion_search_with_a_net_plays_legal_full_games(nets):
    for seed in range(2):
        r = play_game("dominion", (f"search:ckpt={nets['dominion']},max_nodes=400", "bigmoney"), 5, seed)
        assert r.ok, r.error
        assert r.turns > 10


def test_dominion_search_answers_militia_with_the_baseline(nets):
    """Other players' prompts inside the planned turn go to bigmoney (SEARCH_OTHERS), not the first legal action."""
    from cardlab.agents.search.agent import others_policy

    reply = others_policy("auto", "dominion")
    assert reply is not None and others_policy("first", "dominion") is None
    assert others_policy("auto", "hanabi") is None
    r = play_game("dominion:kingdom=first-game", (f"search:ckpt={nets['dominion']},max_nodes=300,others=greedy",
                                                  "greedy"), 2, 0)
    assert r.ok, r.error


def test_hanabi_search_scores_afterstates_on_determinized_hands(nets):
    from cardlab.agents.registry import make_agent
    from cardlab.engine.registry import make_game

    r = play_game("hanabi", (f"search:ckpt={nets['hanabi']},k=3", f"search:ckpt={nets['hanabi']}"), 3, 0)
    assert r.ok, r.error
    agent = make_agent(f"search:ckpt={nets['hanabi']},k=2", 0, game="hanabi")
    state = make_game("hanabi").new_initial_state(4)
    agent.reset(0, 4)
    action = agent.act(state.observation(0))
    assert action in state.legal_actions()
    assert agent.last_result.leaves >= len(state.legal_actions())  # every action's afterstate was scored
    assert all(v < 1e6 for v, _ in agent.last_result.top)  # a score estimate, never +inf for a "win"


def test_a_checkpoint_of_another_game_is_refused(nets):
    from cardlab.agents.registry import make_agent

    with pytest.raises(UserError, match="trained for the game 'dominion', not 'hanabi'"):
        make_agent(f"search:ckpt={nets['dominion']}", 0, game="hanabi")
    with pytest.raises(UserError, match="trained for the game 'hanabi', not 'dominion'"):
        make_agent(f"search:ckpt={nets['hanabi']}", 0, game="dominion")
    with pytest.raises(UserError, match="not 'hearthstone'"):
        make_agent(f"search:ckpt={nets['dominion']}", 0, game="hearthstone")


def test_a_lookahead_is_refused_in_games_of_more_than_two_players(nets):
    """It plays the one opponent's reply: at 3 players it scored seat 1's plans from seat 0's side and crashed in
    seat 2 mid-match."""
    with pytest.raises(UserError, match="lookahead= plays the opponent's reply in two-player games; .* has 3 players"):
        play_game("dominion:players=3", (f"search:ckpt={nets['dominion']},lookahead=bigmoney", "bigmoney", "bigmoney"),
                  1, 0)


def test_a_checkpoint_for_another_setup_is_refused_in_one_line(nets):
    with pytest.raises(UserError, match="trained at 2 players; this game has 3"):
        play_game("dominion:players=3", (f"search:ckpt={nets['dominion']}", "bigmoney", "bigmoney"), 1, 0)
    # Past that check (an agent made for the game by name), the encoder still refuses the rows.
    from cardlab.agents.registry import make_agent
    from cardlab.engine.registry import make_game

    agent = make_agent(f"search:ckpt={nets['dominion']}", 0, game="dominion")
    state = make_game("dominion:players=3").new_initial_state(0)
    agent.reset(0, 0)
    with pytest.raises(UserError, match="trained on .* \\(2 players\\), not for a game of 3"):
        agent.act(state.observation(0))


def _hanabi_game(specs, seed):
    """(final score, every action) of one 2-player Hanabi game with these agent specs."""
    from cardlab.agents.registry import make_agent
    from cardlab.engine.registry import make_game

    state = make_game("hanabi").new_initial_state(seed)
    agents = [make_agent(spec, 0, game="hanabi") for spec in specs]
    for p, a in enumerate(agents):
        a.reset(p, seed + p)
    actions = []
    while not state.is_terminal():
        p = state.current_player
        actions.append(agents[p].act(state.observation(p)))
        state.apply(actions[-1])
    return state.points, actions, agents


def test_hanabi_blueprint_search_keeps_to_the_blueprint_unless_the_net_beats_it(nets):
    net = nets["hanabi"]
    hat = _hanabi_game(("hat", "hat"), 7)
    never = _hanabi_game((f"search:ckpt={net},k=2,blueprint=hat,margin=1000",) * 2, 7)
    assert never[1] == hat[1]  # an unreachable margin plays the blueprint's games exactly
    assert all(a.blueprint_stats.deviations == 0 for a in never[2])
    assert sum(a.blueprint_stats.searched for a in never[2]) > 10  # but it did score the alternatives
    free = _hanabi_game((f"search:ckpt={net},k=2,blueprint=hat,margin=-1000",) * 2, 7)
    stats = [a.blueprint_stats for a in free[2]]
    assert sum(s.deviations for s in stats) > 0  # any alternative beats it: the best-scored one is played


def test_hanabi_blueprint_search_deviates_only_to_plays_and_discards_and_never_from_a_hint(nets):
    from cardlab.agents.registry import make_agent
    from cardlab.engine.hanabi.config import DISCARD, PLAY
    from cardlab.engine.registry import make_game

    agents = [make_agent(f"search:ckpt={nets['hanabi']},k=2,blueprint=hat,margin=-1000", 0, game="hanabi")
              for _ in range(2)]
    state = make_game("hanabi").new_initial_state(3)
    for p, a in enumerate(agents):
        a.reset(p, 3 + p)
    hints_kept = deviations = 0
    while not state.is_terminal():
        p = state.current_player
        obs = state.observation(p)
        default = agents[p].blueprint.act(obs)
        action = agents[p].act(obs)
        if obs.cfg.decode[default][0] in (PLAY, DISCARD):
            offered = {a for _, (a,) in agents[p].last_result.top}
            assert offered and {obs.cfg.decode[a][0] for a in offered} <= {PLAY, DISCARD}
            deviations += action != default
        else:
            hints_kept += 1
            assert action == default
        state.apply(action)
    assert hints_kept > 0 and deviations > 0


def test_hanabi_blueprint_deals_follow_the_conventions_answers():
    """A hat blueprint's deals respect what its convention taught: every dealt own card fits its belief mask."""
    from cardlab.agents.hanabi.hat import HatAgent
    from cardlab.engine.core import Rng
    from cardlab.engine.registry import make_game

    state = make_game("hanabi").new_initial_state(11)
    agents = [HatAgent(), HatAgent()]
    for p, a in enumerate(agents):
        a.reset(p, p)
    narrowed = 0
    rng = Rng(0)
    while not state.is_terminal() and state.turn < 40:
        p = state.current_player
        obs = state.observation(p)
        masks = agents[p].belief_masks(obs)
        full = (1 << obs.cfg.num_codes) - 1
        narrowed += sum(m != full for m in masks)
        dealt = obs.determinize(p, rng, masks=masks)
        assert all(m >> card & 1 for m, card in zip(masks, dealt.hands[p]))
        assert all(m >> card & 1 for m, card in zip(masks, state.hands[p]))  # the true hand fits too
        state.apply(agents[p].act(obs))
    assert narrowed > 0


def test_blueprint_is_refused_for_games_with_multi_action_turns(nets):
    from cardlab.agents.registry import make_agent

    with pytest.raises(UserError, match="every action is a turn"):
        make_agent(f"search:ckpt={nets['dominion']},blueprint=bigmoney", 0, game="dominion")
    with pytest.raises(UserError, match="unknown agent 'nosuch'"):
        make_agent(f"search:ckpt={nets['hanabi']},blueprint=nosuch", 0, game="hanabi")
    with pytest.raises(UserError, match="give blueprint=AGENT"):
        make_agent(f"search:ckpt={nets['hanabi']},margin=1", 0, game="hanabi")
    with pytest.raises(UserError, match="z must be finite and >= 0"):
        make_agent(f"search:ckpt={nets['hanabi']},blueprint=hat,z=-1", 0, game="hanabi")


@pytest.mark.parametrize("spec", ["search:max_nodes=50", "mcts:iters=20"])
def test_a_search_never_reset_for_its_seat_refuses_to_plan_for_another(spec):
    """A loop of one's own that forgets `reset(seat, seed)`: the agent in seat 1 would plan as player 0 and play
    its opponent's best moves without a word."""
    from cardlab.agents.registry import make_agent
    from cardlab.engine.registry import make_game
    from cardlab.runtime import UserError

    state = make_game("hearthstone").new_initial_state(3)
    agent = make_agent(spec, seed=1, game="hearthstone")
    while state.current_player != 1 or state.phase == "mulligan":
        state.apply(state.legal_actions()[0])
    with pytest.raises(UserError, match=r"plays player 0 but is asked to act for player 1: call agent.reset"):
        agent.act(state.observation(1))
    agent.reset(1, 7)
    assert agent.act(state.observation(1)) in state.legal_actions()
