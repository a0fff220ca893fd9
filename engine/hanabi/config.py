"""Hanabi settings (players, deck shape, tokens, scoring) and the tables they imply: card codes and the action layout.

Cards are ints, `code = colour * ranks + rank` (both 0-based), so hands and decks are tuples of small ints that clones
share. Actions are dense ints, HLE's layout except that plays come before discards (HLE numbers discards first; hints
line up with its move indices):

    [0, H)                          play the card in slot i
    [H, 2H)                         discard the card in slot i
    [2H, 2H + (P-1)C)               hint colour c to the player `offset` seats on: 2H + (offset-1)C + c
    [2H + (P-1)C, 2H + (P-1)(C+R))  hint rank r likewise: 2H + (P-1)C + (offset-1)R + r

with H the hand size, P players, C colours and R ranks. Slots count from the oldest card; a drawn card goes last.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from cardlab.runtime import UserError

COLOUR_NAMES = "RYGWB"
VARIANTS = ("full", "mini")
BOMB_OUT = ("keep", "zero")
PLAY, DISCARD, HINT_COLOUR, HINT_RANK = 0, 1, 2, 3


def copies_of_rank(rank: int, ranks: int) -> int:
    """Copies of each card of a colour: three of the lowest rank, one of the highest, two of the others (HLE's rule;
    ranks=3 gives mini Hanabi's 1,1,1,2,2,3)."""
    if rank == 0:
        return 3
    return 1 if rank == ranks - 1 else 2


def variant_defaults(variant: str, players: int) -> dict:
    """The shape a variant has at a player count: what every setting left unset (None) becomes (spec section 1 and 4).

    full: 5 colours x 5 ranks, hand 5 (2-3 players) or 4 (4-5), 8 hints, 3 fuses, own cards hidden. mini: 2 colours x
    3 ranks, hand 3 (2-3 players) or 2 (4-5), no hints, 2 fuses, and players see their own cards.
    """
    small = isinstance(players, int) and not isinstance(players, bool) and players >= 4
    if variant == "mini":
        return dict(colours=2, ranks=3, hand_size=2 if small else 3, hints=0, fuses=2, visible_own=True)
    return dict(colours=5, ranks=5, hand_size=4 if small else 5, hints=8, fuses=3, visible_own=False)


SHAPE = ("colours", "ranks", "hand_size", "hints", "fuses")  # the settings a spec string may override


@dataclass(frozen=True)
class HanabiConfig:
    """One game's rules. `hints == 0` means a game without hints, where discarding is always allowed.

    A setting left at None takes the variant's value for the player count (`variant_defaults`): `HanabiConfig(
    players=4)` deals hands of 4, `HanabiConfig(variant="mini")` is mini Hanabi's 2 x 3 deck. `visible_own` belongs to
    the variant (only mini shows players their own cards); a contradicting value is refused, so `spec()` always
    rebuilds the config.
    """

    players: int = 2
    colours: int | None = None
    ranks: int | None = None
    hand_size: int | None = None
    hints: int | None = None
    fuses: int | None = None
    bomb_out: str = "keep"
    visible_own: bool | None = None
    variant: str = "full"

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise UserError(f"hanabi: variant={self.variant!r} is not one of {', '.join(VARIANTS)}")
        for key, value in variant_defaults(self.variant, self.players).items():
            if getattr(self, key) is None:
                object.__setattr__(self, key, value)
        self._validate()
        c, r, h, p = self.colours, self.ranks, self.hand_size, self.players
        derived = {
            "num_codes": c * r,
            "max_score": c * r,
            "colour_of": tuple(code // r for code in range(c * r)),
            "rank_of": tuple(code % r for code in range(c * r)),
            "copies": tuple(copies_of_rank(code % r, r) for code in range(c * r)),
            "first_discard": h,
            "first_colour_hint": 2 * h,
            "first_rank_hint": 2 * h + (p - 1) * c,
            "num_actions": 2 * h + (p - 1) * (c + r),
            "fresh_knowledge": ((1 << c) - 1) | (((1 << r) - 1) << 8),
        }
        derived["deck_size"] = sum(derived["copies"])
        derived["decode"] = tuple(self._decode(a) for a in range(derived["num_actions"]))
        for key, value in derived.items():
            object.__setattr__(self, key, value)

    def _validate(self) -> None:
        def bad(key: str, value, why: str) -> UserError:
            return UserError(f"hanabi: {key}={value!r} {why}")

        if self.bomb_out not in BOMB_OUT:
            raise bad("bomb_out", self.bomb_out, f"is not one of {', '.join(BOMB_OUT)}")
        for key, low, high in (("players", 2, 5), ("colours", 1, 5), ("ranks", 1, 5), ("hand_size", 1, 10),
                               ("hints", 0, 99), ("fuses", 1, 99)):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise bad(key, value, f"is not an integer in {low}-{high}")
        own = variant_defaults(self.variant, self.players)["visible_own"]
        if self.visible_own is not own:
            if not isinstance(self.visible_own, bool):
                raise bad("visible_own", self.visible_own, "is not True or False")
            raise bad("visible_own", self.visible_own,
                      f"contradicts variant={self.variant}, where players {'see' if own else 'cannot see'} their own "
                      f"cards (only variant=mini shows them)")
        if self.variant == "mini" and self.hints != 0:
            raise bad("hints", self.hints, "is impossible in mini Hanabi (it has no hints)")
        deck = sum(copies_of_rank(r, self.ranks) for r in range(self.ranks)) * self.colours
        if self.players * self.hand_size > deck:
            raise bad("hand_size", self.hand_size, f"needs {self.players * self.hand_size} cards for {self.players} "
                                                   f"players but the deck has {deck}")

    def _decode(self, action: int) -> tuple[int, int, int]:
        """(kind, slot or player offset, colour or rank)."""
        h, c, r = self.hand_size, self.colours, self.ranks
        if action < h:
            return PLAY, action, -1
        if action < 2 * h:
            return DISCARD, action - h, -1
        if action < 2 * h + (self.players - 1) * c:
            k = action - 2 * h
            return HINT_COLOUR, k // c + 1, k % c
        k = action - 2 * h - (self.players - 1) * c
        return HINT_RANK, k // r + 1, k % r

    # ------------------------------------------------------------ actions

    def play(self, slot: int) -> int:
        return slot

    def discard(self, slot: int) -> int:
        return self.hand_size + slot

    def hint_colour(self, offset: int, colour: int) -> int:
        """Hint `colour` to the player `offset` seats after the giver (1 = next player)."""
        return 2 * self.hand_size + (offset - 1) * self.colours + colour

    def hint_rank(self, offset: int, rank: int) -> int:
        return 2 * self.hand_size + (self.players - 1) * self.colours + (offset - 1) * self.ranks + rank

    # ------------------------------------------------------------ cards

    def code(self, colour: int, rank: int) -> int:
        return colour * self.ranks + rank

    def card_code(self, name: str) -> int:
        """The code of `R1`-style text (tests, fixtures, people)."""
        colour, rank = COLOUR_NAMES.find(name[:1].upper()), int(name[1:]) - 1
        if not 0 <= colour < self.colours or not 0 <= rank < self.ranks:
            raise ValueError(f"no card {name!r} in a {self.colours}x{self.ranks} deck")
        return self.code(colour, rank)

    def card_name(self, code: int) -> str:
        """`R1`..`B5`; `??` for a card the viewer cannot see."""
        if code < 0:
            return "??"
        return f"{COLOUR_NAMES[code // self.ranks]}{code % self.ranks + 1}"

    # ------------------------------------------------------------ spec

    def spec(self) -> str:
        """The canonical registry string: players, then every setting that differs from the variant's default.

        It rebuilds this config exactly (`make_game(spec).config == self`); a config it could not rebuild is refused
        rather than written down wrong (the constructor already refuses the one setting no spec names, visible_own)."""
        default = variant_defaults(self.variant, self.players)
        parts = [f"players={self.players}"]
        if self.variant != "full":
            parts.append(f"variant={self.variant}")
        if self.bomb_out != "keep":
            parts.append(f"bomb_out={self.bomb_out}")
        overrides = {key: getattr(self, key) for key in SHAPE if getattr(self, key) != default[key]}
        parts += [f"{key}={value}" for key, value in overrides.items()]
        if variant_config(self.variant, self.players, self.bomb_out, **overrides) != self:
            raise UserError(f"hanabi: no spec string rebuilds {self!r}")
        return "hanabi:" + ",".join(parts)

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def variant_config(variant: str = "full", players: int = 2, bomb_out: str = "keep", colours: int | None = None,
                   ranks: int | None = None, hand_size: int | None = None, hints: int | None = None,
                   fuses: int | None = None) -> HanabiConfig:
    """A config from a variant's defaults with any setting overridden (None = the variant's default).

    full: 5 colours x 5 ranks, hand 5 (2-3 players) or 4, 8 hints, 3 fuses. mini: 2 colours x 3 ranks, hand 3 (2-3
    players) or 2, no hints, 2 fuses, and players see their own cards.
    """
    return HanabiConfig(players=players, colours=colours, ranks=ranks, hand_size=hand_size, hints=hints, fuses=fuses,
                        bomb_out=bomb_out, variant=variant)
