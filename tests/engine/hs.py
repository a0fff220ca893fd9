"""Helpers for card and rules tests: build exact positions and play named cards."""

from __future__ import annotations

from cardlab.engine.hearthstone import card_db
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone.entities import Minion
from cardlab.engine.hearthstone.state import ATTACK, HERO_POWER, PLAY, GameConfig, HearthstoneState

FILLER = "Chillwind Yeti"


def make_state(
    classes: tuple[str, str] = ("MAGE", "MAGE"),
    hands: tuple = ((), ()),
    boards: tuple = ((), ()),
    mana: int = 10,
    decks: tuple | None = None,
    seed: int = 0,
    config: GameConfig | None = None,
) -> HearthstoneState:
    """Player 0 to act with `mana` mana; boards hold minions that may attack; hands hold exactly `hands`."""
    db = card_db()
    deck_cards = decks or ([FILLER] * 20, [FILLER] * 20)
    s = HearthstoneState.new(
        config or GameConfig(),
        [(f"test{i}", classes[i], [db.get(c) for c in deck_cards[i]]) for i in range(2)],
        seed,
    )
    for i, p in enumerate(s.players):
        p.hand = [db.get(c) for c in hands[i]]
        p.board = []
        for name in boards[i]:
            m = Minion(db.get(name), s.new_uid(), i)
            m.exhausted = False
            p.board.append(m)
        p.mana = p.max_mana = mana
    mech.refresh_auras(s)
    s._legal = None
    return s


def minion(s: HearthstoneState, player: int, name: str, nth: int = 0) -> Minion:
    found = [m for m in s.players[player].board if m.card.name == name]
    assert len(found) > nth, f"no {name} on player {player}'s board: {s.players[player].board}"
    return found[nth]


def target_code(s: HearthstoneState, target) -> int:
    """Accepts -1, a code, a character, or 'own hero' / 'enemy hero'."""
    if target is None:
        return -1
    if isinstance(target, int):
        return target
    if target == "own hero":
        return 0
    if target == "enemy hero":
        return 8
    return s.code_of(s.current, target)


def play(s: HearthstoneState, name: str, target=None, position: int | None = None, choice: int = -1) -> None:
    """Play the first card called `name` from the current player's hand; asserts the play is legal."""
    hand = s.players[s.current].hand
    index = next((i for i, c in enumerate(hand) if c.name == name or c.id == name), None)
    assert index is not None, f"{name} not in hand {hand}"
    code = target_code(s, target)
    options = [a for a in s.legal_actions() if a[0] == PLAY and a[1] == index and a[3] == code and a[4] == choice]
    if position is not None:
        options = [a for a in options if a[2] == position]
    assert options, f"playing {name} at target {code} is not legal; legal: {s.legal_actions()}"
    s.apply(options[-1])


def can_play(s: HearthstoneState, name: str, target=None) -> bool:
    hand = s.players[s.current].hand
    index = next((i for i, c in enumerate(hand) if c.name == name), None)
    if index is None:
        return False
    acts = [a for a in s.legal_actions() if a[0] == PLAY and a[1] == index]
    if target is None:
        return bool(acts)
    return any(a[3] == target_code(s, target) for a in acts)


def attack(s: HearthstoneState, attacker, target) -> None:
    slot = 0 if attacker == "own hero" else s.players[s.current].board.index(attacker) + 1
    action = (ATTACK, slot, target_code(s, target))
    assert action in s.legal_actions(), f"attack {action} not legal; legal: {s.legal_actions()}"
    s.apply(action)


def hero_power(s: HearthstoneState, target=None) -> None:
    action = (HERO_POWER, target_code(s, target))
    assert action in s.legal_actions(), f"hero power {action} not legal; legal: {s.legal_actions()}"
    s.apply(action)


def end_turn(s: HearthstoneState) -> None:
    s.apply((0,))
