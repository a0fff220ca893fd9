"""Plain-text board lines, shared by replays and the terminal game.

Only what both players may see: the boards, heroes, weapons and mana of both sides (all public in Hearthstone),
counts of hidden cards, and the cards an observation already names."""

from __future__ import annotations


def _is_poisonous(m) -> bool:
    """From the minion's current triggers (silence clears them; a copy keeps them), not the printed card."""
    h = m.triggers.get("dealt_damage")
    return h is not None and any(getattr(f, "poisonous", False) for f in getattr(h, "handlers", (h,)))


def minion_text(m, to_move: bool = False) -> str:
    """`Name atk/hp [keywords]`, plus `(sleeping)` / `(attacked)` for a minion of the player to move (`to_move`)
    that cannot attack now; a frozen, 0-attack or can't-attack minion already says why."""
    cant_attack = "CANT_ATTACK" in m.card.mechanics and not m.silenced  # as Minion.can_attack reads it
    flags = [name for name, on in (
        ("taunt", m.taunt), ("charge", m.charge or m.aura_charge), ("shield", m.divine_shield),
        ("stealth", m.stealth), ("windfury", m.has_windfury), ("poisonous", _is_poisonous(m)),
        (f"spell dmg +{m.spell_damage}", m.spell_damage > 0), ("immune", "immune" in m.triggers),
        ("enraged", m.enraged), ("frozen", m.frozen), ("can't attack", cant_attack), ("silenced", m.silenced),
        (f"{m.temp_atk:+d} atk this turn", m.temp_atk != 0)) if on]
    text = f"{m.card.name} {m.attack}/{m.health}" + (f" [{', '.join(flags)}]" if flags else "")
    if to_move and not m.can_attack() and not (m.frozen or cant_attack or m.attack <= 0):
        text += " (attacked)" if m.attacks_made else " (sleeping)"
    return text


def hero_text(s, player: int) -> str:
    p = s.players[player]
    h = p.hero
    weapon = f", weapon {p.weapon.card.name} {p.weapon.attack}/{p.weapon.durability}" if p.weapon else ""
    # the hero's attack only on its own turn: weapons are sheathed on the opponent's (Player.hero_attack)
    atk = p.hero_attack() if player == s.current else 0
    locked = f" ({p.overload_locked} locked by Overload)" if p.overload_locked else ""
    owed = f", {p.overload_owed} Overload next turn" if p.overload_owed else ""
    flags = [name for name, on in (("frozen", h.frozen), ("immune", h.immune)) if on]
    return (f"P{player} {h.card_class.title()}: {h.health} hp" + (f" +{h.armor} armor" if h.armor else "")
            + (f", atk {atk}" if atk > 0 else "")
            + f", mana {p.mana}/{p.max_mana}{locked}{owed}, hand {len(p.hand)}, deck {len(p.deck)}{weapon}"
            + (f" [{', '.join(flags)}]" if flags else "")
            # an observation names an opponent's secrets only by class ("Secret (Mage)")
            + (f", secrets: {', '.join(c.name for c in p.secrets)}" if p.secrets else ""))


def _board(s, player: int) -> str:
    return " | ".join(minion_text(m, to_move=player == s.current) for m in s.players[player].board)


def board_lines(s) -> list[str]:
    lines = []
    for player in (1 - s.current, s.current):
        lines.append(hero_text(s, player))
        lines.append("   board: " + (_board(s, player) or "(empty)"))
    return lines


def observation_lines(s, me: int) -> list[str]:
    """What a person sees when it is their move: both boards, both heroes, their own hand with costs."""
    opp = 1 - me
    known = s.players[opp].known_hand  # in an observation: only those still in the hand
    held = f"; known in hand: {', '.join(c.name for c in known)}" if known else ""
    return [f"Opponent {hero_text(s, opp)}{held}",
            "  " + (_board(s, opp) or "(no minions)"),
            "",
            "  " + (_board(s, me) or "(no minions)"),
            f"You {hero_text(s, me)}",
            "Hand: " + ", ".join(f"{c.name} ({s.cost(me, c)})" for c in s.players[me].hand)]
