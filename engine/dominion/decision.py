"""Every Dominion decision, described for agents: `DominionState.decision()` returns a `Decision`.

`options[i]` labels `state.legal_actions()[i]`. Labels are card names, None ("nothing / done / end this phase"),
or the words "all", "yes", "no", "discard", "keep". Actions are small ints (see ACTION ids below): a card's id
when the option is a card, else one of the word ids, so legal-action lists stay sorted and short.

Kinds (who decides is `player`, the state's `current_player`; `card` names the card whose prompt it is):

- "action": play an Action card from hand (card names), or None = end the action phase.
- "treasure": "all" = play every Treasure in hand (one action), a Treasure's name = play one, None = go to buying.
- "buy": an affordable supply card, or None = end the turn.
- "gain": a card to gain (Workshop, Feast, Remodel, Mine's Treasure into hand); never None.
- "trash": a card from hand to trash. Chapel: repeatable up to 4, None = done. Remodel and Mine: required (first
  edition: "Trash a card / a Treasure"). Moneylender's Copper is always trashed (one option, never asked).
- "discard": a card from hand to discard. Militia's victim: required until 3 are left; Cellar: repeatable, None = done.
- "topdeck": Bureaucrat's victim puts one of its Victory cards onto its deck.
- "reveal": Moat; "yes" = reveal it and be unaffected by the attack (`card` is the attack), "no".
- "set-aside": Library drew an Action card (`card` = "Library", options (that card, None)): the card = set it
  aside, None = keep it in hand.
- "spy": `target`'s top card was revealed (`card` is that card's name): "discard" or "keep".
- "thief-trash": which revealed Treasure of `target` to trash (card names).
- "thief-gain": gain the trashed Treasure (its name) or not (None).
- "chancellor": "yes" = put your deck into your discard pile, "no".
- "throne": the Action card to play twice (card names; Throne Room with no Action in hand does nothing, unasked).

A required prompt with a single option is resolved by the engine without asking (one Copper for Moneylender, a
Militia victim holding only Coppers), so agents only see real choices.

In another player's observation, a prompt about the decider's own hand ("trash", "discard", "topdeck", "throne",
"set-aside") has no options: they would name cards of that hidden hand. The kind, player and card stay visible.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("action", "treasure", "buy", "gain", "trash", "discard", "topdeck", "reveal", "set-aside", "spy",
         "thief-trash", "thief-gain", "chancellor", "throne")

# Word actions; card actions are card ids (0..31).
NONE, ALL, YES, NO, DISCARD, KEEP = 40, 41, 42, 43, 44, 45
WORD_LABELS: dict[int, str | None] = {NONE: None, ALL: "all", YES: "yes", NO: "no", DISCARD: "discard", KEEP: "keep"}


@dataclass(frozen=True, slots=True)
class Decision:
    kind: str  # one of KINDS
    player: int  # who decides now (== state.current_player)
    card: str | None  # the card whose prompt this is ("Cellar", "Militia"...), None for phase decisions
    options: tuple[str | None, ...]  # aligned with state.legal_actions()
    target: int | None = None  # spy / thief prompts: whose card it is
