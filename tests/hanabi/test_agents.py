"""Each rule-based agent's defining behaviour on hand-built positions."""

from __future__ import annotations

from collections import Counter

from cardlab.agents.hanabi import AGENTS
from cardlab.engine.hanabi.config import DISCARD, HINT_COLOUR, HINT_RANK, PLAY
from cardlab.engine.registry import make_game
from tests.hanabi.positions import position, tell


def decide(name: str, state, seed: int = 0, **options):
    agent = AGENTS[name](seed=seed, **options)
    agent.reset(state.current_player, seed)
    return agent.act(state.observation(state.current_player))


def kind(state, action) -> int:
    return state.cfg.decode[action][0]


HANDS = [["Y3", "G4", "W2", "B2", "R3"], ["W3", "W4", "G3", "Y4", "B4"]]  # nothing playable on empty fireworks


# ---------------------------------------------------------------- random


def test_random_chooses_the_kind_of_move_first():
    def kinds(hints):
        s = position(HANDS, hints=hints)
        agent = AGENTS["random"](seed=1)
        agent.reset(0, 1)
        obs = s.observation(0)
        return Counter(kind(s, agent.act(obs)) for _ in range(3000))

    full = kinds(8)  # no discarding: play or hint, 1/2 each, although hints are most legal actions
    assert full[DISCARD] == 0 and abs(full[PLAY] - 1500) < 150
    empty = kinds(0)
    assert empty[HINT_COLOUR] + empty[HINT_RANK] == 0 and abs(empty[PLAY] - 1500) < 150
    some = kinds(4)
    assert all(abs(n - 1000) < 120 for n in (some[PLAY], some[DISCARD], some[HINT_COLOUR] + some[HINT_RANK]))
    assert abs(some[HINT_COLOUR] - some[HINT_RANK]) < 150


# ---------------------------------------------------------------- almost-random


def test_almost_random_plays_what_positive_hints_prove():
    s = position(HANDS, fireworks="R2", hints=4)
    tell(s, 0, 4, colour="R", rank=3)
    assert decide("almost-random", s) == s.cfg.play(4)
    s = position([["Y3", "G4", "W2", "R1", "B2"], HANDS[1]], hints=4)
    tell(s, 0, 3, rank=1)  # every firework is empty: any 1 plays
    assert decide("almost-random", s) == s.cfg.play(3)


def test_almost_random_does_not_guess():
    s = position(HANDS, fireworks="R1", hints=4)
    tell(s, 0, 3, rank=2)  # a 2, but only red is at 1
    for seed in range(30):
        assert kind(s, decide("almost-random", s, seed)) in (HINT_COLOUR, HINT_RANK)


def test_almost_random_discards_anything_but_a_known_top_card():
    s = position([["Y3", "G4", "W5", "B2", "R3"], HANDS[1]], hints=0)
    tell(s, 0, 2, rank=5)
    choices = {decide("almost-random", s, seed) for seed in range(60)}
    assert choices == {s.cfg.discard(i) for i in (0, 1, 3, 4)}


def test_almost_random_never_bombs():
    game = make_game("hanabi:players=3")
    for g in range(15):
        agents = [AGENTS["almost-random"](seed=p) for p in range(3)]
        for p, a in enumerate(agents):
            a.reset(p, g * 3 + p)
        s = game.new_initial_state(g)
        while not s.is_terminal():
            p = s.current_player
            s.apply(agents[p].act(s.observation(p)))
        assert s.fuses_left == 3


# ---------------------------------------------------------------- hinting


def test_hinting_tells_the_rank_of_a_playable_card_first():
    s = position([HANDS[0], ["W3", "W4", "B1", "Y4", "B4"]], hints=4)
    assert decide("hinting", s) == s.cfg.hint_rank(1, 0)


def test_hinting_completes_the_missing_half():
    s = position([HANDS[0], ["W3", "W4", "B2", "Y4", "B4"]], fireworks="B1", hints=4)
    tell(s, 1, 2, rank=2)
    assert decide("hinting", s) == s.cfg.hint_colour(1, 4)


def test_hinting_prefers_the_next_player():
    s = position([HANDS[0], ["W3", "W4", "G3", "Y4", "B1"], ["R1", "W2", "G2", "Y2", "B2"]], hints=4)
    assert decide("hinting", s) == s.cfg.hint_rank(1, 0)


def test_hinting_discards_when_nothing_is_worth_a_hint():
    s = position([HANDS[0], ["W3", "W4", "B1", "Y4", "B4"]], hints=4)
    tell(s, 1, 2, colour="B", rank=1)  # the partner knows already
    assert kind(s, decide("hinting", s)) == DISCARD
    s = position(HANDS, hints=8)  # no discarding: a random hint
    assert kind(s, decide("hinting", s)) in (HINT_COLOUR, HINT_RANK)


# ---------------------------------------------------------------- counting


def test_counting_plays_when_every_remaining_possibility_is_playable():
    # R2 in truth; "not blue" leaves R2 Y2 G2 W2, all playable on these fireworks
    s = position([["Y3", "G4", "W2", "R2", "R3"], HANDS[1]], fireworks="R1 Y1 G1 W1", hints=4)
    tell(s, 0, 3, rank=2, not_colours="B")
    assert decide("counting", s) == s.cfg.play(3)
    assert decide("hinting", s) != s.cfg.play(3)  # positive hints alone do not prove it


def test_counting_counts_the_cards_it_sees():
    # A 2 of unknown colour; every firework but blue is at 1 and both B2s are in sight: it is playable.
    s = position([["Y3", "G4", "W2", "R2", "R3"], ["W3", "B2", "G3", "B2", "Y4"]], fireworks="R1 Y1 G1 W1", hints=4)
    tell(s, 0, 3, rank=2)
    assert decide("counting", s) == s.cfg.play(3)


def test_counting_discards_a_surely_useless_card():
    s = position([["Y3", "G4", "R1", "B2", "R3"], HANDS[1]], fireworks="R2", hints=4)
    tell(s, 0, 2, colour="R", not_ranks=[3, 4, 5])  # R1 or R2: both already played
    assert decide("counting", s) == s.cfg.discard(2)


# ---------------------------------------------------------------- age


def hinted_position(newest: bool):
    """Player 1 hints red to player 0, whose only red card (R2, playable on R1) is its newest or its oldest card."""
    hand = ["Y3", "G4", "W2", "B2", "R2"] if newest else ["R2", "Y3", "G4", "W2", "B2"]
    s = position([hand, ["W3", "W4", "G3", "Y4", "B4"]], fireworks="R1", hints=4, current=1)
    s.apply(s.cfg.hint_colour(1, 0))
    return s


def test_age_plays_a_newest_card_that_was_just_hinted():
    s = hinted_position(newest=True)
    assert decide("age", s) == s.cfg.play(4)
    assert decide("counting", s) != s.cfg.play(4)  # the hint alone does not prove it playable


def test_age_does_not_play_an_older_hinted_card():
    s = hinted_position(newest=False)
    assert kind(s, decide("age", s)) != PLAY


def test_age_strict_play_threshold_is_a_parameter():
    s = hinted_position(newest=True)
    assert kind(s, decide("age", s, play_uncertain=1.0, play_told=1.0)) == PLAY
    s2 = position(HANDS, fireworks="R1", hints=4)
    for slot, name in enumerate(HANDS[0][:4]):
        tell(s2, 0, slot, colour=name[0], rank=int(name[1]))  # known, none playable
    tell(s2, 0, 4, colour="R")  # R3 in truth: a red card, and about a fifth of the unseen reds are R2
    assert kind(s2, decide("age", s2)) != PLAY
    assert decide("age", s2, play_told=0.2) == s2.cfg.play(4)


def test_age_hints_a_playable_newest_card():
    s = position([HANDS[0], ["W3", "W4", "G3", "Y4", "B1"]], hints=4)
    action = decide("age", s)
    assert action in (s.cfg.hint_rank(1, 0), s.cfg.hint_colour(1, 4))


def test_age_saves_a_last_copy_without_touching_a_new_unplayable_card():
    s = position([HANDS[0], ["W3", "G5", "G3", "Y4", "B4"]], hints=8)
    action = decide("age", s)
    assert action == s.cfg.hint_rank(1, 4)  # the 5 is not the newest card: a save
    s = position([HANDS[0], ["W3", "W4", "G3", "B4", "G5"]], hints=8)
    for seed in range(20):  # the 5 is the newest: any hint touching it would say "play"
        action = decide("age", s, seed)
        assert action not in (s.cfg.hint_rank(1, 4), s.cfg.hint_colour(1, 2))


def test_age_discards_a_hinted_card_that_became_useless():
    # Player 1 tells player 0 its newest card is red ("playable": R2); player 2 then plays its own R2.
    s = position([["Y3", "G4", "W2", "B2", "R2"], ["W3", "W4", "G3", "Y4", "B4"], ["R2", "Y4", "G3", "W3", "B3"]],
                 fireworks="R1", hints=4, current=1)
    s.apply(s.cfg.hint_colour(2, 0))
    s.apply(s.cfg.play(0))
    assert s.fireworks[0] == 2 and s.current_player == 0
    assert decide("age", s) == s.cfg.discard(4)


def test_age_discards_a_hinted_card_that_counting_proves_useless():
    # Player 1 tells player 0 its middle card is a 1 (not the newest: a "keep" hint) after every 1 was played;
    # counting proves it useless, and age (which builds on counting) discards it rather than an unknown card.
    s = position([["G3", "Y3", "R1", "B3", "W5"], ["G4", "Y4", "W4", "B4", "R4"]], fireworks="R1 Y1 G1 W1 B1",
                 hints=4, current=1)
    s.apply(s.cfg.hint_rank(1, 0))
    assert decide("counting", s) == s.cfg.discard(2)
    for seed in range(5):
        assert decide("age", s, seed) == s.cfg.discard(2)


def test_age_reads_params_from_options_and_files(tmp_path):
    from cardlab.agents.hanabi.age_params import AgeParams, save_params

    agent = AGENTS["age"](play_told=0.5, old_rank_hint=7)
    assert agent.params.play_told == 0.5 and agent.params.old_rank_hint == 7
    assert agent.spec() == "age:old_rank_hint=7,play_told=0.5"
    path = tmp_path / "best.yaml"
    save_params(AgeParams(discard_uncertain=0.25, old_colour_hint=9), path, comment="generation 3\nfitness 18.2")
    agent = AGENTS["age"](params=str(path), play_told=0.75)
    assert (agent.params.discard_uncertain, agent.params.old_colour_hint, agent.params.play_told) == (0.25, 9, 0.75)
