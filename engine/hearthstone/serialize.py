"""State <-> plain dict (JSON-ready) for logs, replays and test fixtures."""

from __future__ import annotations

from cardlab.engine.core import Rng
from cardlab.engine.hearthstone.carddb import card_db
from cardlab.engine.hearthstone.enchants import rebuild_triggers
from cardlab.engine.hearthstone.entities import Hero, Minion, Player, Weapon

SCHEMA = 1
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
        d["hand"] = [c.id for c in p.hand]
        d["deck"] = [c.id for c in p.deck]
        d["board"] = [_minion_to_dict(m) for m in p.board]
        d["weapon"] = None if p.weapon is None else {"card": p.weapon.card.id, "attack": p.weapon.attack,
                                                      "durability": p.weapon.durability, "uid": p.weapon.uid}
        d["unknown_pool"] = None if p.unknown_pool is None else list(p.unknown_pool)
        players.append(d)
    return {
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
        p = Player(d["index"], hero, db.get(d["hero_power"]), [db.get(c) for c in d["deck"]], d["deck_name"])
        for f in _PLAYER_FIELDS:
            setattr(p, f, d[f])
        p.hand = [db.get(c) for c in d["hand"]]
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
            p.weapon = w
        p.unknown_pool = None if d["unknown_pool"] is None else tuple(d["unknown_pool"])
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
    return s
