from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.board_game import BoardGameState, random_board_state, random_position
from cardlab.engine.hearthstone.decks import load_deck
from cardlab.engine.hearthstone.state import ATTACK, END_TURN_ACTION

DECK = load_deck("liege").as_tuple()


def test_only_attacks_and_end_turn_and_episodes_end():
    for seed in range(30):
        s = random_board_state([DECK, DECK], seed)
        assert s.players[0].board and s.players[1].board
        rng = Rng(seed)
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            assert legal[0] == END_TURN_ACTION
            assert all(a == END_TURN_ACTION or (a[0] == ATTACK and a[1] > 0) for a in legal)
            assert set(legal) <= set(s.inner.legal_actions())
            s.apply(rng.choice(legal))
            steps += 1
            assert steps < 2000
        assert s.winner in (-1, 0, 1)


def test_clone_and_dict_round_trip_continue_identically():
    s = random_board_state([DECK, DECK], 3)
    t = BoardGameState.from_dict(s.to_dict())
    c = s.clone()
    r1, r2, r3 = Rng(5), Rng(5), Rng(5)
    while not s.is_terminal():
        s.apply(r1.choice(s.legal_actions()))
        c.apply(r2.choice(c.legal_actions()))
        t.apply(r3.choice(t.legal_actions()))
    assert (s.winner, s.inner.turn) == (c.winner, c.inner.turn) == (t.winner, t.inner.turn)


def test_positions_are_seeded():
    a = random_position([DECK, DECK], 11)
    b = random_position([DECK, DECK], 11)
    assert a == b


def test_without_empty_board_rule_the_side_with_minions_plays_on_to_the_hero():
    """decide_on_empty_board=False: one empty board does not end the episode; hero deaths (or health) decide."""
    ended_by_hero, continued = 0, 0
    for seed in range(40):
        s = BoardGameState(random_position([DECK, DECK], seed), max_board_turns=200, decide_on_empty_board=False)
        rng = Rng(seed)
        while not s.is_terminal():
            sides = [bool(p.board) for p in s.players]
            if sides[0] != sides[1]:
                continued += 1
            legal = s.legal_actions()
            attacks = [a for a in legal if a != END_TURN_ACTION]
            s.apply(rng.choice(attacks) if attacks else END_TURN_ACTION)  # always attack when possible
        if s.inner.terminal:
            ended_by_hero += 1
            assert s.winner == s.inner.winner
        elif s.winner != -1:  # both boards empty: the healthier hero wins
            hp = [p.hero.health + p.hero.armor for p in s.players]
            assert not s.players[0].board and not s.players[1].board and hp[s.winner] > hp[1 - s.winner]
    assert continued > 0 and ended_by_hero > 0


def test_both_empty_draw_rule_never_pays_a_health_lead():
    """both_empty="draw": boards traded off to nothing end drawn whatever the heroes' health; "health" pays the lead."""
    drawn_with_lead = 0
    for seed in range(40):
        games = [BoardGameState(random_position([DECK, DECK], seed), max_board_turns=200,
                                decide_on_empty_board=False, both_empty=rule) for rule in ("draw", "health")]
        for s in games:
            rng = Rng(seed)
            while not s.is_terminal():
                attacks = [a for a in s.legal_actions() if a != END_TURN_ACTION]
                s.apply(rng.choice(attacks) if attacks else END_TURN_ACTION)
        draw, health = games
        assert draw.inner.to_dict() == health.inner.to_dict()  # same play, only the verdict differs
        if not draw.inner.terminal and not any(p.board for p in draw.players):
            hp = [p.hero.health + p.hero.armor for p in draw.players]
            assert draw.winner == -1
            if hp[0] != hp[1]:
                drawn_with_lead += 1
                assert health.winner == (0 if hp[0] > hp[1] else 1)
    assert drawn_with_lead > 0


def test_unknown_both_empty_rule_is_refused():
    import pytest

    with pytest.raises(ValueError, match="both_empty"):
        BoardGameState(random_position([DECK, DECK], 1), both_empty="coin")
