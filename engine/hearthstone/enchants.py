"""Named enchantments that attach behaviour to a minion (Corruption, granted deathrattles).

Minions store `(name, arg)` pairs, so states stay serialisable; the behaviour lives here.
"""

from __future__ import annotations

from typing import Callable

from cardlab.engine.hearthstone.entities import Minion

# name -> {event: handler(state, minion, arg, *event_args)} plus an optional "deathrattle": f(ctx, arg) and
# "silenced": f(state, minion, arg), run once Silence has stripped the minion (Shadow Madness ends)
ENCHANTMENTS: dict[str, dict[str, Callable]] = {}


def enchantment(name: str, **handlers: Callable) -> str:
    ENCHANTMENTS[name] = handlers
    return name


def _bind(handler: Callable, arg) -> Callable:
    return lambda s, m, *args: handler(s, m, arg, *args)


def _both(first: Callable, second: Callable) -> Callable:
    def run(s, m, *args) -> None:
        first(s, m, *args)
        second(s, m, *args)

    # the parts, so that each keeps its own queuing condition (mechanics.fire_queued: Alarm-o-Bot under Conceal)
    run.handlers = (*getattr(first, "handlers", (first,)), *getattr(second, "handlers", (second,)))
    return run


_NOT_TRIGGERS = ("deathrattle", "silenced")  # run by mechanics.resolve_deaths and mechanics.silence


def rebuild_triggers(m: Minion) -> None:
    """The minion's triggers = its card's (unless silenced) + its enchantments', in that order:
    on an event that several of them listen to, every one fires."""
    triggers = {} if m.silenced else dict(m.card.triggers)
    for name, arg in m.enchants:
        for event, handler in ENCHANTMENTS[name].items():
            if event not in _NOT_TRIGGERS:
                bound = _bind(handler, arg)
                old = triggers.get(event)
                triggers[event] = bound if old is None else _both(old, bound)
    from cardlab.engine.hearthstone.entities import NO_TRIGGERS

    m.triggers = triggers or NO_TRIGGERS


def add_enchant(m: Minion, name: str, arg=None) -> None:
    m.enchants = m.enchants + ((name, arg),)
    rebuild_triggers(m)


def remove_enchant(m: Minion, name: str) -> None:
    m.enchants = tuple(e for e in m.enchants if e[0] != name)
    rebuild_triggers(m)


# Effects on a player rather than a minion (Commanding Shout, Headcrack's return): Player.effects holds
# (name, arg) pairs. name -> {"turn_start"/"turn_end": handler(state, player, arg, turn_player) -> keep?,
# "min_health": True for "your minions can't be reduced below 1 Health"}. A handler returning False ends it.
PLAYER_EFFECTS: dict[str, dict] = {}


def player_effect(name: str, **handlers) -> str:
    PLAYER_EFFECTS[name] = handlers
    return name


def add_player_effect(p, name: str, arg=None) -> None:
    p.effects = p.effects + ((name, arg),)


def run_player_effects(s, p, event: str, turn_player: int) -> None:
    """Run player p's effects listening to `event`; drop those whose handler says they are over."""
    before = p.effects
    kept = []
    for name, arg in before:
        handler = PLAYER_EFFECTS[name].get(event)
        if handler is None or handler(s, p.index, arg, turn_player):
            kept.append((name, arg))
    if len(kept) != len(before):
        p.effects = tuple(kept) + p.effects[len(before):]  # keeping any a handler added
