"""State <-> plain dict (JSON-ready) for logs, replays and test fixtures."""

from __future__ import annotations

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.carddb import card_db
from cardlab.engine.hearthstone.enchants import rebuild_triggers
from cardlab.engine.hearthstone.entities import Hero, Minion, Player, Weapon
from cardlab.engine.hearthstone.secrets import secret_from_id

SCHEMA = 1
NOTES = ("copy_sources", "deck_lacks", "seen_by_opponent", "hand_discounts")  # HearthstoneState's notes for determinize
_MINION_FIELDS = (
    "uid", "owner", "base_attack", "base_health", "atk_buff", "hp_buff", "aura_atk", "aura_hp", "aura_charge",
    "temp_atk", "damage", "attacks_made", "frozen", "taunt", "charge", "divine_shield", "windfury", "stealth",
    "spell_damage", "silenced", "exhausted", "pending_destroy",
)
_HERO_FIELDS = ("uid", "owner", "card_class", "max_health", "damage", "armor", "temp_atk", "attacks_made", "frozen")
_PLAYER_FIELDS = ("index", "mana", "max_mana", "overload_owed", "overload_locked", "hero_power_used", "fatigue",
                  "cards_played", "deck_name")


def _minion_to_dict(m: Minion) -> dict:
    d = {f: getattr(m, f) for f in _MINION_FIELDS}
    d["card"] = m.card.id
    d["enchants"] = [list(e) for e in m.enchants]
    return d


def state_to_dict(s) -> dict:
    from dataclasses import asdict

    players = []
    for p in s.players:
        d = {f: getattr(p, f) for f in _PLAYER_FIELDS}
        d["hero"] = {f: getattr(p.hero, f) for f in _HERO_FIELDS}
        d["hero_power"] = p.hero_power.id
        d["hand"] = [card_key(c) for c in p.hand]  # "ID+2": a card whose cost an effect changed (Freezing Trap)
        if p.hero.immune:  # only when set, so other dicts keep their shape
            d["hero"]["immune"] = True
        if p.secrets:
            d["secrets"] = [card_key(c) if c.hidden_copy else c.id for c in p.secrets]  # a stolen one: "copy:ID"
        if any(p.secret_ruled_out):
            d["secret_ruled_out"] = [list(r) for r in p.secret_ruled_out]
        if p.overload_excess:  # only when set, so other dicts keep their shape
            d["overload_excess"] = p.overload_excess
        if p.known_hand:  # only when set, so other dicts keep their shape
            d["known_hand"] = [card_key(c) for c in p.known_hand]
        d["deck"] = [c.id for c in p.deck]
        d["board"] = [_minion_to_dict(m) for m in p.board]
        d["weapon"] = None if p.weapon is None else {"card": p.weapon.card.id, "attack": p.weapon.attack,
                                                      "durability": p.weapon.durability, "uid": p.weapon.uid}
        if p.weapon is not None and p.weapon.aura_atk:
            d["weapon"]["aura_atk"] = p.weapon.aura_atk
        d["unknown_pool"] = None if p.unknown_pool is None else list(p.unknown_pool)
        if p.unseen_removed:  # absent when empty, so most dicts keep their shape
            d["unseen_removed"] = list(p.unseen_removed)
        d["minions_played"] = p.minions_played
        d["cost_effects"] = [list(e) for e in p.cost_effects]
        d["effects"] = [list(e) for e in p.effects]  # cost_auras are derived: refresh_auras rebuilds them
        # Pool decks only (absent for known decklists, so those dicts keep their shape).
        if p.deck_candidates is not None:
            d["deck_candidates"] = [list(c) for c in p.deck_candidates]
            d["deck_origin"] = None if p.deck_origin is None else list(p.deck_origin)
            d["unknown_delta"] = None if p.unknown_delta is None else [list(x) for x in p.unknown_delta]
        players.append(d)
    out = {
        "schema": SCHEMA,
        "config": asdict(s.config),
        "players": players,
        "current": s.current,
        "turn": s.turn,
        "rng": None if s.rng is None else s.rng.s,
        "next_uid": s.next_uid,
        "terminal": s.terminal,
        "winner": s.winner,
        "phase": s.phase,
        "pending": None if s.pending is None else [s.pending[0], [c.id for c in s.pending[1]]],
        "mulligan_done": list(s.mulligan_done),
    }
    # determinize's notes (HearthstoneState.copy_sources ...): only once a card made one, so other dicts keep their shape
    notes = {name: [list(seat) for seat in value] for name, value in getattr(s, "__dict__", {}).items()
             if name in NOTES}
    if notes:
        out["notes"] = notes
    return out


def state_from_dict(data: dict):
    from cardlab.engine.hearthstone.state import GameConfig, HearthstoneState

    db = card_db()
    s = HearthstoneState.__new__(HearthstoneState)
    s.config = GameConfig(**data["config"])
    s.players = []
    for d in data["players"]:
        hd = d["hero"]
        hero = Hero(hd["uid"], hd["owner"], hd["card_class"], hd["max_health"])
        for f in _HERO_FIELDS:
            setattr(hero, f, hd[f])
        hero.immune = hd.get("immune", False)
        p = Player(d["index"], hero, db.get(d["hero_power"]), [db.get(c) for c in d["deck"]], d["deck_name"])
        for f in _PLAYER_FIELDS:
            setattr(p, f, d[f])
        p.hand = [card_from_key(c) for c in d["hand"]]
        p.secrets = tuple(card_from_key(c) if c.startswith("copy:") else secret_from_id(c) for c in d.get("secrets", ()))
        p.known_hand = tuple(card_from_key(c) for c in d.get("known_hand", ()))
        p.overload_excess = d.get("overload_excess", 0)
        p.secret_ruled_out = tuple(tuple(r) for r in d.get("secret_ruled_out", ()))
        for md in d["board"]:
            m = Minion(db.get(md["card"]), md["uid"], md["owner"])
            for f in _MINION_FIELDS:
                setattr(m, f, md[f])
            m.enchants = tuple(tuple(e) for e in md["enchants"])
            rebuild_triggers(m)
            p.board.append(m)
        if d["weapon"] is not None:
            w = Weapon(db.get(d["weapon"]["card"]), d["weapon"]["uid"])
            w.attack = d["weapon"]["attack"]
            w.durability = d["weapon"]["durability"]
            w.aura_atk = d["weapon"].get("aura_atk", 0)
            p.weapon = w
        p.unknown_pool = None if d["unknown_pool"] is None else tuple(d["unknown_pool"])
        p.unseen_removed = tuple(d.get("unseen_removed", ()))
        p.minions_played = d.get("minions_played", 0)
        p.cost_effects = tuple(tuple(e) for e in d.get("cost_effects", ()))
        p.effects = tuple(tuple(e) for e in d.get("effects", ()))
        if d.get("deck_candidates") is not None:
            p.deck_candidates = tuple(tuple(c) for c in d["deck_candidates"])
            p.deck_origin = None if d.get("deck_origin") is None else tuple(d["deck_origin"])
            delta = d.get("unknown_delta")
            p.unknown_delta = None if delta is None else (tuple(delta[0]), tuple(delta[1]))
        s.players.append(p)
    s.current = data["current"]
    s.turn = data["turn"]
    s.rng = None if data["rng"] is None else Rng(data["rng"])
    s.next_uid = data["next_uid"]
    s.terminal = data["terminal"]
    s.winner = data["winner"]
    s.phase = data["phase"]
    s.pending = None if data["pending"] is None else (data["pending"][0], tuple(db.get(c) for c in data["pending"][1]))
    s.mulligan_done = list(data["mulligan_done"])
    s._legal = None
    s.revealed = ()  # (the secrets the last action revealed: what a person is told, not part of the position)
    for name, seats in data.get("notes", {}).items():
        if name in NOTES:
            setattr(s, name, tuple(tuple(seat) for seat in seats))
    if any(m.card.aura is not None for p in s.players for m in p.board):
        from cardlab.engine.hearthstone.mechanics import refresh_auras

        refresh_auras(s)  # derives the players' cost_auras (aura bonuses come out as stored)
    return s


def card_key(card) -> str:
    from cardlab.engine.hearthstone.dsl_secrets import card_key as key

    return key(card)


def card_from_key(key: str):
    from cardlab.engine.hearthstone.dsl_secrets import card_from_key as from_key

    return from_key(key)
