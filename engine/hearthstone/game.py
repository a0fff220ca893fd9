"""HearthstoneGame: decks plus rules settings; makes seeded initial states. Registry spec `hearthstone:...`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from cardlab.engine.core import ZERO_SUM, Game, Rng, derive_seed
from cardlab.engine.hearthstone.decks import (POOLS, RANDOM_POOL, Deck, deck_pool, is_deck_file, load_deck,
                                             random_deck)
from cardlab.engine.hearthstone.state import ANY_DECK, GameConfig, HearthstoneState
from cardlab.engine.registry import GameOption
from cardlab.runtime import UserError

DESCRIPTION = "Hearthstone, Classic format (VANILLA cards of hearthstone-data), 2 players"
PLAYERS = (2,)
KIND = ZERO_SUM
EXAMPLE = "hearthstone:deck=liege"
OPTIONS = {
    "deck": GameOption("liege", "one deck for both players: built-in name, deck file or deckstring"),
    "decks": GameOption(None, "agent A's deck and agent B's deck, comma-separated (decks follow the agent)",
                        parse=lambda text: tuple(p.strip() for p in text.split(","))),
    "pool": GameOption(None, f"each game draws both decks at random from this pool ({', '.join(POOLS)}); "
                             f"{RANDOM_POOL}: a random class and a random legal deck of it per seat"),
    "max_turns": GameOption(50, "a game not over after this many turns is a draw"),
    "mulligan": GameOption(False, "play the mulligan phase"),
    "positions": GameOption("relevant", "offer board positions when adjacency matters, or always",
                            choices=("relevant", "all")),
}


@dataclass(frozen=True)
class DeckChoice:
    """Which decks a game uses: one deck for both, a deck per agent, a random pair from a pool, or random decks
    (each agent a class drawn uniformly and 30 cards drawn from that class's and neutral cards, decks.random_deck)."""

    mode: str  # "same" | "pair" | "pool" | "random"
    decks: tuple[Deck, ...]
    label: str

    @classmethod
    def from_options(cls, deck: str | None = None, decks: Sequence[str] | None = None,
                     pool: str | None = None) -> "DeckChoice":
        for option, value in (("deck", deck), ("pool", pool)):
            if value is not None and not value.strip():
                raise UserError(f"{option}= is empty: give " + ("a built-in deck, a deck file or a deckstring"
                                if option == "deck" else f"a deck pool ({', '.join(POOLS)}, {RANDOM_POOL})"))
        given = sum(x is not None for x in (deck, decks, pool))
        if given > 1:
            raise UserError("give only one of deck, decks and pool (--deck, --decks, --deck-pool)")
        if decks is not None:
            if len(decks) != 2:
                raise UserError(f"decks takes two decks (agent A's, agent B's), got {len(decks)}")
            return cls("pair", (load_deck(decks[0]), load_deck(decks[1])), f"{decks[0]} vs {decks[1]}")
        if pool == RANDOM_POOL:
            return cls("random", (), f"pool {RANDOM_POOL}")
        if pool is not None:
            return cls("pool", tuple(deck_pool(pool)), f"pool {pool}")
        name = deck or "liege"
        return cls("same", (load_deck(name),), f"{name} mirror")

    def for_roles(self, rng: Rng) -> tuple[Deck, Deck]:
        """(agent A's deck, agent B's deck)."""
        if self.mode == "same":
            return self.decks[0], self.decks[0]
        if self.mode == "pair":
            return self.decks[0], self.decks[1]
        if self.mode == "random":
            return random_deck(rng), random_deck(rng)
        return self.decks[rng.randrange(len(self.decks))], self.decks[rng.randrange(len(self.decks))]

    def option(self) -> str:
        """This choice as spec options."""
        if self.mode == "pair":
            return "decks=" + ",".join(self.label.split(" vs "))
        if self.mode in ("pool", "random"):
            return "pool=" + self.label.removeprefix("pool ")
        return "deck=" + self.label.removesuffix(" mirror")


class HearthstoneGame(Game):
    name = "hearthstone"
    num_players = 2
    kind = ZERO_SUM

    def __init__(self, decks: DeckChoice | tuple[Deck | str, Deck | str] | None = None,
                 config: GameConfig | None = None) -> None:
        if decks is None:
            decks = DeckChoice.from_options()
        elif not isinstance(decks, DeckChoice):
            pair = tuple(load_deck(d) if isinstance(d, str) else d for d in decks)
            decks = (DeckChoice("same", pair[:1], f"{pair[0].name} mirror") if pair[0] == pair[1]
                     else DeckChoice("pair", pair, f"{pair[0].name} vs {pair[1].name}"))
        self.decks = decks
        self.config = config or GameConfig()
        opts = [decks.option()]
        default = GameConfig()
        for key in ("max_turns", "mulligan", "positions"):
            if getattr(self.config, key) != getattr(default, key):
                opts.append(f"{key}={str(getattr(self.config, key)).lower()}")
        self.spec = "hearthstone:" + ",".join(opts)

    def seat_decks(self, seed: int, roles: Sequence[int] | None = None) -> tuple[Deck, Deck]:
        """The deck of each seat in the game with this seed."""
        by_role = self.decks.for_roles(Rng(derive_seed("decks", seed)))
        roles = roles if roles is not None else (0, 1)
        return by_role[roles[0]], by_role[roles[1]]

    def new_initial_state(self, seed: int, roles: Sequence[int] | None = None) -> HearthstoneState:
        """Seat 0 goes first; `roles` says which agent's deck each seat gets."""
        decks = self.seat_decks(seed, roles)
        candidates = None
        if self.decks.mode == "pool":  # the opponent knows the pool, not the deck: its decks of the seat's class
            candidates = [[c.cards for c in self.decks.decks if c.hero_class == d.hero_class] for d in decks]
        elif self.decks.mode == "random":  # the opponent knows the class (the hero) and the card universe, no card
            candidates = [ANY_DECK, ANY_DECK]
        return HearthstoneState.new(self.config, [d.as_tuple() for d in decks], seed, candidates)

    def describe(self) -> str:
        return self.decks.label

    def file_attrs(self) -> dict:
        import json

        from cardlab.engine.hearthstone.carddb import card_db

        choice = self.decks
        decks = {"mode": choice.mode, "label": choice.label,
                 "decks": [{"name": d.name, "class": d.hero_class, "cards": [c.id for c in d.cards]}
                           for d in choice.decks]}
        return {"decks": json.dumps(decks, sort_keys=True), "card_data_version": card_db().source_version,
                "max_turns": int(self.config.max_turns)}

    def log_record(self) -> tuple[str, dict] | None:
        """For game logs (arena/gamelog.py): a spec that replays anywhere, with each deck file of `deck=`/`decks=`
        replaced by its deck's deckstring, and the decks' cards in the order played (the game shuffles the list it
        is given, and a deckstring lists its cards in an order of its own). None when no deck came from a file."""
        if self.decks.mode not in ("same", "pair"):
            return None
        typed = self.decks.label.removesuffix(" mirror").split(" vs ")
        files = [is_deck_file(name) for name in typed]
        if not any(files) or len(typed) != len(self.decks.decks):
            return None
        names = [d.deckstring() if is_file else name for name, d, is_file in zip(typed, self.decks.decks, files)]
        spec = HearthstoneGame(DeckChoice(self.decks.mode, self.decks.decks,
                                          " vs ".join(names) + (" mirror" if self.decks.mode == "same" else "")),
                               self.config).spec
        return spec, {"decks": [{"name": d.name, "cards": [c.id for c in d.cards]} for d in self.decks.decks]}

    def with_log_record(self, record: dict) -> "HearthstoneGame":
        """This game (made from a log's spec) with the decks of `log_record` dealt in the order played."""
        try:
            recorded = record["decks"]
            if len(recorded) != len(self.decks.decks):
                raise ValueError
            exact = []
            for deck, entry in zip(self.decks.decks, recorded):
                by_id = {card.id: card for card in deck.cards}
                cards = tuple(by_id[card_id] for card_id in entry["cards"])
                if sorted(c.id for c in cards) != sorted(c.id for c in deck.cards) or not isinstance(entry["name"], str):
                    raise ValueError
                exact.append(Deck(entry["name"], deck.hero_class, cards))
        except (KeyError, TypeError, ValueError):
            raise UserError(f"its decks do not match the deckstrings of {self.spec}") from None
        return HearthstoneGame(DeckChoice(self.decks.mode, tuple(exact), self.decks.label), self.config)

    def with_config(self, **changes) -> "HearthstoneGame":
        return HearthstoneGame(self.decks, replace(self.config, **changes))


def make_game(deck: str | None = None, decks: Sequence[str] | None = None, pool: str | None = None,
              max_turns: int = 50, mulligan: bool = False, positions: str = "relevant") -> HearthstoneGame:
    if max_turns < 2:
        raise UserError(f"max_turns must be at least 2, got {max_turns}")
    choice = DeckChoice.from_options(deck, decks, pool)
    return HearthstoneGame(choice, GameConfig(max_turns=max_turns, mulligan=mulligan, positions=positions))
