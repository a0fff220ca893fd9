"""Heroes, minions, weapons and players: small slotted objects with explicit, cheap copies."""

from __future__ import annotations

from cardlab.engine.hearthstone.carddb import CardDef

NO_TRIGGERS: dict = {}


class Character:
    """Shared by heroes and minions: health is max_health - damage."""

    __slots__ = ("uid", "owner", "damage", "temp_atk", "attacks_made", "frozen")
    is_hero = False

    @property
    def health(self) -> int:
        return self.max_health - self.damage  # type: ignore[attr-defined]


class Hero(Character):
    __slots__ = ("card_class", "max_health", "armor", "immune", "pending_destroy")
    is_hero = True

    def __init__(self, uid: int, owner: int, card_class: str, health: int = 30) -> None:
        self.uid = uid
        self.owner = owner
        self.card_class = card_class
        self.max_health = health
        self.damage = 0
        self.armor = 0
        self.temp_atk = 0
        self.attacks_made = 0
        self.frozen = False
        self.immune = False  # takes no damage, can't be attacked or targeted by the enemy (Ice Block, Gladiator's Longbow)
        self.pending_destroy = False  # destroyed (Sacrificial Pact on Lord Jaraxxus): no heal saves it

    def copy(self) -> "Hero":
        h = Hero.__new__(Hero)
        h.uid = self.uid
        h.owner = self.owner
        h.card_class = self.card_class
        h.max_health = self.max_health
        h.damage = self.damage
        h.armor = self.armor
        h.temp_atk = self.temp_atk
        h.attacks_made = self.attacks_made
        h.frozen = self.frozen
        h.immune = self.immune
        h.pending_destroy = self.pending_destroy
        return h

    # Heroes have no stealth, taunt or shields in the Classic pool.
    stealth = False
    taunt = False
    divine_shield = False

    def __repr__(self) -> str:
        return f"<Hero p{self.owner} {self.health}+{self.armor}>"


class Minion(Character):
    __slots__ = (
        "card", "base_attack", "base_health", "atk_buff", "hp_buff", "aura_atk", "aura_hp",
        "aura_charge", "taunt", "charge", "divine_shield", "windfury", "stealth", "spell_damage",
        "silenced", "exhausted", "pending_destroy", "triggers", "enchants",
    )

    def __init__(self, card: CardDef, uid: int, owner: int) -> None:
        self.card = card
        self.uid = uid
        self.owner = owner
        self.base_attack = card.attack
        self.base_health = card.health
        self.atk_buff = 0
        self.hp_buff = 0
        self.aura_atk = 0
        self.aura_hp = 0
        self.aura_charge = False
        self.temp_atk = 0
        self.damage = 0
        self.attacks_made = 0
        self.frozen = False
        self.taunt = card.taunt
        self.charge = card.charge
        self.divine_shield = card.divine_shield
        self.windfury = card.windfury
        self.stealth = card.stealth
        self.spell_damage = card.spell_damage
        self.silenced = False
        self.exhausted = True
        self.pending_destroy = False
        self.triggers = card.triggers or NO_TRIGGERS
        self.enchants: tuple = ()  # (name, arg) pairs from engine.hearthstone.enchants: serialisable

    def copy(self) -> "Minion":
        m = Minion.__new__(Minion)
        m.card = self.card
        m.uid = self.uid
        m.owner = self.owner
        m.base_attack = self.base_attack
        m.base_health = self.base_health
        m.atk_buff = self.atk_buff
        m.hp_buff = self.hp_buff
        m.aura_atk = self.aura_atk
        m.aura_hp = self.aura_hp
        m.aura_charge = self.aura_charge
        m.temp_atk = self.temp_atk
        m.damage = self.damage
        m.attacks_made = self.attacks_made
        m.frozen = self.frozen
        m.taunt = self.taunt
        m.charge = self.charge
        m.divine_shield = self.divine_shield
        m.windfury = self.windfury
        m.stealth = self.stealth
        m.spell_damage = self.spell_damage
        m.silenced = self.silenced
        m.exhausted = self.exhausted
        m.pending_destroy = self.pending_destroy
        m.triggers = self.triggers
        m.enchants = self.enchants
        return m

    @property
    def enraged(self) -> bool:
        return self.damage > 0 and not self.silenced and (self.card.enrage_attack or self.card.enrage_windfury)

    @property
    def attack(self) -> int:
        a = self.base_attack + self.atk_buff + self.temp_atk + self.aura_atk
        if self.damage and self.card.enrage_attack and not self.silenced:
            a += self.card.enrage_attack
        return a if a > 0 else 0

    @property
    def max_health(self) -> int:
        return self.base_health + self.hp_buff + self.aura_hp

    @property
    def has_windfury(self) -> bool:
        return self.windfury or (self.card.enrage_windfury and self.damage > 0 and not self.silenced)

    @property
    def is_dead(self) -> bool:
        return self.pending_destroy or self.base_health + self.hp_buff + self.aura_hp <= self.damage

    def can_attack(self) -> bool:
        if self.frozen or (self.exhausted and not (self.charge or self.aura_charge)):
            return False
        if self.attack <= 0:
            return False
        if "CANT_ATTACK" in self.card.mechanics and not self.silenced:
            return False
        return self.attacks_made < (2 if self.has_windfury else 1)

    def __repr__(self) -> str:
        return f"<{self.card.name} {self.attack}/{self.health} p{self.owner}>"


class Weapon:
    __slots__ = ("card", "attack", "durability", "uid", "aura_atk")

    def __init__(self, card: CardDef, uid: int) -> None:
        self.card = card
        self.attack = card.attack  # includes aura_atk
        self.durability = card.durability
        self.uid = uid
        self.aura_atk = 0  # the part of `attack` an aura gives (Spiteful Smith); refresh_auras takes it back

    def copy(self) -> "Weapon":
        w = Weapon.__new__(Weapon)
        w.card = self.card
        w.attack = self.attack
        w.durability = self.durability
        w.uid = self.uid
        w.aura_atk = self.aura_atk
        return w

    def __repr__(self) -> str:
        return f"<{self.card.name} {self.attack}/{self.durability}>"


class Player:
    __slots__ = (
        "index", "hero", "hero_power", "hand", "deck", "board", "weapon", "mana", "max_mana",
        "overload_owed", "overload_locked", "overload_excess", "hero_power_used", "fatigue", "cards_played",
        "unknown_pool", "deck_name", "deck_candidates", "deck_origin", "unknown_delta",
        "minions_played", "cost_auras", "cost_effects", "effects", "secrets", "secret_ruled_out", "known_hand",
        "unseen_removed",
    )

    def __init__(self, index: int, hero: Hero, hero_power: CardDef, deck: list[CardDef], deck_name: str = "") -> None:
        self.index = index
        self.hero = hero
        self.hero_power = hero_power
        self.hand: list[CardDef] = []
        self.deck = deck  # the top card is deck[-1]
        self.board: list[Minion] = []
        self.weapon: Weapon | None = None
        self.mana = 0
        self.max_mana = 0
        self.overload_owed = 0
        self.overload_locked = 0
        self.overload_excess = 0  # this turn's Overload beyond the crystals: mana gained this turn pays it first
        self.hero_power_used = False
        self.fatigue = 0
        self.cards_played = 0  # this turn, for Combo
        self.minions_played = 0  # this turn (Pint-Sized Summoner)
        # engine.hearthstone.costs: adjusters from auras in play (derived by refresh_auras) and stored cost effects
        self.cost_auras: tuple = ()
        self.cost_effects: tuple = ()
        # (name, arg) pairs of effects on the player (engine.hearthstone.enchants.PLAYER_EFFECTS): serialisable
        self.effects: tuple = ()
        # Active secrets in the order played (engine.hearthstone.secrets); placeholders in an opponent's observation
        self.secrets: tuple = ()
        # Per active secret (same order): ids of the secrets it cannot be, learnt from events it let pass
        self.secret_ruled_out: tuple = ()
        # In an observation: the sorted ids of hidden cards (hand + deck) this player may hold.
        self.unknown_pool: tuple[str, ...] | None = None
        self.deck_name = deck_name
        # A deck drawn from a pool: the decklists it could be (public: the pool's decks of this hero class), each
        # as sorted card ids, and which one it is (hidden from the opponent). None for a known decklist.
        self.deck_candidates: tuple[tuple[str, ...], ...] | None = None
        self.deck_origin: tuple[str, ...] | None = None
        # In an observation of a pool deck: what the public game did to the hidden cards (hand + deck) since the
        # start, (ids added, ids removed) against the starting deck; the same whichever candidate it is.
        self.unknown_delta: tuple[tuple[str, ...], tuple[str, ...]] | None = None
        # Cards of this hand that both players know (The Coin, a minion returned to it, King Mukla's Bananas):
        # an opponent's determinization keeps them in the hand.
        self.known_hand: tuple[CardDef, ...] = ()
        # Public ids of cards that left this player's hidden cards unseen by the opponent (Tracking's discards,
        # secrets Flare destroyed): the opponent's view keeps counting them among the cards it cannot tell apart.
        self.unseen_removed: tuple[str, ...] = ()

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.index = self.index
        p.hero = self.hero.copy()
        p.hero_power = self.hero_power
        p.hand = self.hand[:]
        p.deck = self.deck[:]
        p.board = [m.copy() for m in self.board]
        p.weapon = self.weapon.copy() if self.weapon is not None else None
        p.mana = self.mana
        p.max_mana = self.max_mana
        p.overload_owed = self.overload_owed
        p.overload_locked = self.overload_locked
        p.overload_excess = self.overload_excess
        p.hero_power_used = self.hero_power_used
        p.fatigue = self.fatigue
        p.cards_played = self.cards_played
        p.minions_played = self.minions_played
        p.cost_auras = self.cost_auras
        p.cost_effects = self.cost_effects
        p.effects = self.effects
        p.secrets = self.secrets
        p.secret_ruled_out = self.secret_ruled_out
        p.unknown_pool = self.unknown_pool
        p.deck_name = self.deck_name
        p.deck_candidates = self.deck_candidates
        p.deck_origin = self.deck_origin
        p.unknown_delta = self.unknown_delta
        p.known_hand = self.known_hand
        p.unseen_removed = self.unseen_removed
        return p

    def hero_attack(self) -> int:
        """The hero's attack on its own turn (weapons are sheathed on the opponent's)."""
        a = self.hero.temp_atk + (self.weapon.attack if self.weapon is not None else 0)
        return a if a > 0 else 0
