"""`cardlab play --game hanabi` shows a person what their seat may see: other hands, own hint knowledge, tokens."""

from cardlab.engine.hanabi.render import observation_lines
from cardlab.engine.registry import make_game


def _after_hint_to(player: int):
    state = make_game("hanabi:players=2").new_initial_state(5)
    assert state.current_player != player
    hint = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("hint"))
    text = state.action_to_string(hint)
    state.apply(hint)
    return state, text


def test_own_cards_hidden_partner_cards_and_hint_knowledge_shown():
    state, hint = _after_hint_to(1)
    lines = observation_lines(state, 1)
    own = next(line for line in lines if line.strip().startswith("you:"))
    partner = next(line for line in lines if "player 0:" in line)
    assert own.count("??") == 5, own  # own cards never shown in full Hanabi
    for card in state.hands[0]:
        assert state.cfg.card_name(card) in partner
    told = hint.split()[-1]  # the hinted colour letter or rank digit appears in the touched cards' knowledge
    assert f"[{told}]" in own
    assert "hint tokens 7/8" in lines[1]


def test_mini_shows_own_cards_and_discards():
    state = make_game("hanabi:variant=mini").new_initial_state(2)
    discard = next(a for a in state.legal_actions() if state.action_to_string(a) == "discard slot 0")
    card = state.cfg.card_name(state.hands[0][0])
    state.apply(discard)
    lines = observation_lines(state, 1)
    assert "??" not in " ".join(lines)  # mini: players see their own cards too
    assert card in next(line for line in lines if line.startswith("discards"))
