"""Plain-text board lines, shared by replays and the terminal game."""

from __future__ import annotations


def minion_text(m) -> str:
    flags = [name for name, on in (("taunt", m.taunt), ("shield", m.divine_shield), ("stealth", m.stealth),
                                    ("frozen", m.frozen), ("windfury", m.has_windfury), ("silenced", m.silenced)) if on]
    return f"{m.card.name} {m.attack}/{m.health}" + (f" [{', '.join(flags)}]" if flags else "")


def hero_text(s, player: int) -> str:
    p = s.players[player]
    h = p.hero
    weapon = f", weapon {p.weapon.card.name} {p.weapon.attack}/{p.weapon.durability}" if p.weapon else ""
    return (f"P{player} {h.card_class.title()}: {h.health} hp" + (f" +{h.armor} armor" if h.armor else "")
            + f", mana {p.mana}/{p.max_mana}, hand {len(p.hand)}, deck {len(p.deck)}{weapon}"
            + (" [immune]" if h.immune else "")
            # an observation names an opponent's secrets only by class ("Secret (Mage)")
            + (f", secrets: {', '.join(c.name for c in p.secrets)}" if p.secrets else ""))


def board_lines(s) -> list[str]:
    lines = []
    for player in (1 - s.current, s.current):
        p = s.players[player]
        lines.append(hero_text(s, player))
        lines.append("   board: " + (" | ".join(minion_text(m) for m in p.board) or "(empty)"))
    return lines


def observation_lines(s, me: int) -> list[str]:
    """What a person sees when it is their move: both boards, both heroes, their own hand with costs."""
    opp = 1 - me
    known = s.players[opp].known_hand  # in an observation: only those still in the hand
    held = f"; known in hand: {', '.join(c.name for c in known)}" if known else ""
    return [f"Opponent {hero_text(s, opp)}{held}",
            "  " + (" | ".join(minion_text(m) for m in s.players[opp].board) or "(no minions)"),
            "",
            "  " + (" | ".join(minion_text(m) for m in s.players[me].board) or "(no minions)"),
            f"You {hero_text(s, me)}",
            "Hand: " + ", ".join(f"{c.name} ({s.cost(me, c)})" for c in s.players[me].hand)]
