"""Human-readable actions and boards, for logs, replays and the terminal game."""

from __future__ import annotations

from cardlab.engine.hearthstone.state import ATTACK, CHOOSE, END_TURN, HERO_POWER, MULLIGAN, PLAY


def describe_target(s, player: int, code: int) -> str:
    if code < 0:
        return ""
    side = "own" if code < 8 else "enemy"
    slot = code & 7
    if slot == 0:
        return f"{side} hero"
    try:
        m = s.character(player, code)
    except IndexError:
        return f"{side} minion {slot}"
    text = f"{side} {m.card.name} ({m.attack}/{m.health})"
    board = s.players[m.owner].board
    twins = sum(1 for x in board if x.card is m.card and x.attack == m.attack and x.health == m.health)
    return text + (f" #{slot} from the left" if twins > 1 else "")  # two alike: which one


def describe_action(s, action: tuple) -> str:
    player = s.current
    kind = action[0]
    if kind == END_TURN:
        return "end turn"
    if kind == PLAY:
        _, index, pos, target, choice = action
        me = s.players[player]
        name = me.hand[index].name if index < len(me.hand) else f"card {index}"
        text = f"play {name}"
        if choice >= 0 and index < len(me.hand) and me.hand[index].choices:
            text += f" ({me.hand[index].choices[choice].name})"
        if target >= 0:
            text += f" -> {describe_target(s, player, target)}"
        if pos >= 0:
            text += f" at position {pos}"
        return text
    if kind == ATTACK:
        _, slot, target = action
        me = s.players[player]
        who = "hero" if slot == 0 else (me.board[slot - 1].card.name if slot - 1 < len(me.board) else f"minion {slot}")
        return f"attack with {who} -> {describe_target(s, player, target)}"
    if kind == HERO_POWER:
        target = action[1]
        name = s.players[player].hero_power.name
        return f"hero power {name}" + (f" -> {describe_target(s, player, target)}" if target >= 0 else "")
    if kind == CHOOSE:
        kind_, options = s.pending if s.pending else ("", ())
        name = options[action[1]].name if action[1] < len(options) else str(action[1])
        return f"choose {name}"
    if kind == MULLIGAN:
        hand = s.players[player].hand
        out = [c.name for i, c in enumerate(hand) if action[1] >> i & 1]
        return "mulligan " + (", ".join(out) if out else "nothing")
    return repr(action)
