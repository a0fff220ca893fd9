"""Invariants every reachable Hearthstone state keeps.

The fuzz test (tests/engine/test_fuzz.py) and `cardlab bench fuzz` (benchmarks/fuzz_bench.py) check them after
every action. Each function returns messages (empty = fine) rather than asserting, so a benchmark can count
violations and go on; `check_invariants` raises for tests.
"""

from __future__ import annotations

from cardlab.engine.hearthstone.state import HIDDEN_ID, HearthstoneState

FINAL_RETURNS = ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def violations(s: HearthstoneState) -> list[str]:
    """Broken rules in a full (not observed) state: sizes, mana, health, weapons, ownership, identities."""
    out: list[str] = []
    uids: set[int] = set()
    for p in s.players:
        who = f"player {p.index}"
        if len(p.board) > 7:
            out.append(f"{who}: board over 7 ({len(p.board)})")
        if len(p.hand) > 10:
            out.append(f"{who}: hand over 10 ({len(p.hand)})")
        if not (0 <= p.mana <= 10 and 0 <= p.max_mana <= 10):
            out.append(f"{who}: mana {p.mana}/{p.max_mana}")
        if p.hero.health > p.hero.max_health or p.hero.armor < 0:
            out.append(f"{who}: hero health {p.hero.health}/{p.hero.max_health}, armor {p.hero.armor}")
        if p.weapon is not None and p.weapon.durability <= 0:
            out.append(f"{who}: broken weapon still equipped ({p.weapon})")
        if any(c.id == HIDDEN_ID for c in p.hand + p.deck):
            out.append(f"{who}: a hidden placeholder card in a full state")
        ids = [c.id for c in p.secrets]
        if len(set(ids)) != len(ids) or any(i.startswith("HIDDEN_SECRET_") for i in ids):
            out.append(f"{who}: secrets {p.secrets} repeat one or hold a hidden placeholder")
        for char in [p.hero, *p.board]:
            if char.uid in uids:
                out.append(f"{who}: uid {char.uid} used twice ({char})")
            uids.add(char.uid)
        for m in p.board:
            if not 0 < m.health <= m.max_health:
                out.append(f"{who}: {m} dead or overhealed on board")
            if m.owner != p.index:
                out.append(f"{who}: {m} on the board of player {p.index} but owned by {m.owner}")
            if m.attack < 0:
                out.append(f"{who}: {m} has negative attack")
    if not s.is_terminal() and not (s.players[0].hero.health > 0 and s.players[1].hero.health > 0):
        out.append("a hero is dead but the game goes on")
    return out


def legal_violations(s: HearthstoneState) -> list[str]:
    """The legal actions of a running game: at least one, sorted."""
    if s.is_terminal():
        return []
    legal = s.legal_actions()
    if not legal:
        return ["no legal action in a running game"]
    if legal != sorted(legal):
        return ["legal actions not sorted"]
    return []


def end_violations(s: HearthstoneState) -> list[str]:
    """A finished game: one winner and one loser, or a draw."""
    returns = s.returns()
    return [] if returns in FINAL_RETURNS else [f"final returns {returns}"]


def check_invariants(s: HearthstoneState) -> None:
    """Raise AssertionError naming every broken invariant of `s` (for tests)."""
    found = violations(s)
    assert not found, "; ".join(found)
