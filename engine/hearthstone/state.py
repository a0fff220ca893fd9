"""Hearthstone game state: the engine protocol (engine/core.py) over the rules kernel.

Actions are tuples of ints, compared and sorted as tuples:
    (END_TURN,)
    (PLAY, hand_index, board_position or -1, target or -1, choice or -1)
    (ATTACK, attacker_slot, target)          slot 0 = hero, i = board[i - 1]
    (HERO_POWER, target or -1)
    (CHOOSE, option)                         a pending in-card choice (Tracking)
    (MULLIGAN, mask)                         bit i set = replace starting card i
Targets are relative to the acting player: side * 8 + slot, side 0 = own, 1 = enemy.
Identical cards in hand give identical outcomes, so only the first copy's plays are offered.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from cardlab.engine.core import Rng, State
from cardlab.engine.hearthstone import costs
from cardlab.engine.hearthstone.enchants import run_player_effects
from cardlab.engine.hearthstone import mechanics as mech
from cardlab.engine.hearthstone import secrets as secret_rules
from cardlab.engine.hearthstone.carddb import (HIDDEN_COPY_ID, MINION, SPELL, WEAPON, CardDef, card_db, hand_only_ids,
                                                  pool_cards, public_id)
from cardlab.engine.hearthstone.entities import Hero, Minion, Player, Weapon

END_TURN, PLAY, ATTACK, HERO_POWER, CHOOSE, MULLIGAN = 0, 1, 2, 3, 4, 5
END_TURN_ACTION = (END_TURN,)
HIDDEN_ID = "HIDDEN"
# A seat's deck candidates when its deck is random (`pool=random`): no decklist, any legal deck of the hero's class.
ANY_DECK: tuple = ()


@dataclass(frozen=True)
class GameConfig:
    """Rules settings that are ours to choose (spec section 1 marks them)."""

    max_turns: int = 50  # a game not over after this many turns is a draw (SabberStone competition rule)
    mulligan: bool = False
    positions: str = "relevant"  # "relevant": offer board positions only when adjacency matters; "all": always
    hero_health: int = 30


class IllegalActionError(ValueError):
    pass


class HearthstoneState(State):
    __slots__ = ("config", "players", "current", "turn", "rng", "next_uid", "terminal", "winner", "phase",
                 "pending", "mulligan_done", "_legal", "revealed")

    # Notes for determinize, per seat, on facts the hidden cards alone cannot tell. Class defaults, not slots: a
    # state gets its own (in its __dict__; State has no __slots__) only once a card makes one, so clone and
    # observation pay for them only in such games (serialize.py keeps them, under "notes").
    # copy_sources[i]: sorted ids of the cards seat i's hidden copies were copied from (its opponent's deck at a
    #   Thoughtsteal, hand at a Mind Vision; note_copies). Hidden from seat i: they name its opponent's cards.
    copy_sources: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    # deck_lacks[i]: minion races seat i's deck publicly holds none of (Sense Demons made a Worthless Imp).
    deck_lacks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    # seen_by_opponent[i]: ids of cards of seat i's hand that its opponent saw there (Mind Vision copied them) and
    #   that have not left it in plain sight since. Hidden from seat i: it does not see which card was copied.
    seen_by_opponent: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    # hand_discounts[i]: the cost changes of seat i's hidden hand cards that are public, which card not (Far
    #   Sight's draw costs 3 less: -3), until a card with that change is played.
    hand_discounts: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    # ------------------------------------------------------------ construction

    @classmethod
    def new(cls, config: GameConfig, decks: list[tuple[str, str, list[CardDef]]], seed: int,
            candidates: list | None = None) -> "HearthstoneState":
        """decks: per seat (name, hero class, cards). Seat 0 goes first.

        candidates: for decks drawn from a pool, per seat the decklists (lists of cards) that seat's deck could be
        as far as the opponent knows (the pool's decks of its hero class), or ANY_DECK for a random deck (the
        opponent knows the hero's class and the card universe only); None = decklists known to both."""
        db = card_db()
        s = cls.__new__(cls)
        s.config = config
        s.rng = Rng(seed)
        s.next_uid = 1
        s.turn = 0
        s.current = 0
        s.terminal = False
        s.winner = None
        s.pending = None
        s.mulligan_done = [False, False]
        s._legal = None
        s.revealed = ()
        s.players = []
        from cardlab.engine.hearthstone.carddb import HERO_POWER_IDS

        for seat, (name, hero_class, cards) in enumerate(decks):
            hero = Hero(s.new_uid(), seat, hero_class, config.hero_health)
            deck = list(cards)
            s.rng.shuffle(deck)
            player = Player(seat, hero, db.get(HERO_POWER_IDS[hero_class]), deck, name)
            if candidates is not None:
                player.deck_origin = tuple(sorted(c.id for c in cards))
                player.deck_candidates = (ANY_DECK if not candidates[seat] else
                                          tuple(sorted({tuple(sorted(c.id for c in d)) for d in candidates[seat]}
                                                       | {player.deck_origin})))
            s.players.append(player)
        for _ in range(3):
            mech.draw(s, 0)
        for _ in range(4):
            mech.draw(s, 1)
        if config.mulligan:
            s.phase = "mulligan"
        else:
            s._begin_play()
        return s

    def _begin_play(self) -> None:
        self.phase = "play"
        mech.add_to_hand(self, 1, card_db().coin, known=True)
        self.current = 0
        self.turn = 1
        self._start_turn()

    def new_uid(self) -> int:
        uid = self.next_uid
        self.next_uid = uid + 1
        return uid

    def end_game(self, winner: int) -> None:
        """winner: 0 or 1, or -1 for a draw."""
        self.terminal = True
        self.winner = winner

    # ------------------------------------------------------------ protocol

    @property
    def current_player(self) -> int:
        return -1 if self.terminal else self.current

    @property
    def turn_number(self) -> int:
        return self.turn

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.terminal

    def returns(self) -> list[float]:
        if not self.terminal or self.winner == -1:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def clone(self) -> "HearthstoneState":
        s = HearthstoneState.__new__(HearthstoneState)
        s.config = self.config
        s.players = [self.players[0].copy(), self.players[1].copy()]
        s.current = self.current
        s.turn = self.turn
        s.rng = Rng(self.rng.s) if self.rng is not None else None
        s.next_uid = self.next_uid
        s.terminal = self.terminal
        s.winner = self.winner
        s.phase = self.phase
        s.pending = self.pending
        s.mulligan_done = self.mulligan_done[:]
        s._legal = self._legal  # legal actions depend on the state only; the list is never mutated
        s.revealed = self.revealed
        if self.__dict__:
            _copy_notes(self, s)
        return s

    # ------------------------------------------------------------ addressing

    def character(self, player: int, code: int):
        """The character a target code names, from `player`'s point of view."""
        p = self.players[player if code < 8 else 1 - player]
        slot = code & 7
        return p.hero if slot == 0 else p.board[slot - 1]

    def code_of(self, player: int, char) -> int:
        side = 0 if char.owner == player else 8
        if char.is_hero:
            return side
        return side + self.players[char.owner].board.index(char) + 1

    def cost(self, player: int, card: CardDef) -> int:
        c = card.cost
        if card.cost_mod is not None:
            c += card.cost_mod(self, player)
        p = self.players[player]
        if p.cost_auras or p.cost_effects:  # auras and effects on costs (engine.hearthstone.costs)
            return costs.current_cost(self, player, card, c)
        return c if c > 0 else 0

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[tuple]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[tuple]:
        if self.terminal:
            return []
        if self.phase == "mulligan":
            n = len(self.players[self.current].hand)
            return [(MULLIGAN, mask) for mask in range(1 << n)]
        if self.pending is not None:
            return [(CHOOSE, i) for i in range(len(self.pending[1]))]
        me = self.players[self.current]
        opp = self.players[1 - self.current]
        acts: list[tuple] = [END_TURN_ACTION]
        mana = me.mana
        board_full = len(me.board) >= mech.BOARD_LIMIT
        seen: set = set()
        for i, card in enumerate(me.hand):
            if card in seen:
                continue  # identical cards give identical outcomes: offer the first copy only
            seen.add(card)
            if self.cost(self.current, card) > mana:
                continue
            self._play_actions(i, card, board_full, acts)
        # Attacks
        enemy_taunts = [i + 1 for i, m in enumerate(opp.board) if m.taunt and not m.stealth]
        if enemy_taunts:
            defenders = [8 + i for i in enemy_taunts]
        else:
            defenders = ([] if opp.hero.immune else [8]) + [8 + i + 1 for i, m in enumerate(opp.board) if not m.stealth]
        hero = me.hero
        if not hero.frozen and me.hero_attack() > 0:
            limit = 2 if (me.weapon is not None and me.weapon.card.windfury) else 1
            if hero.attacks_made < limit:
                for d in defenders:
                    acts.append((ATTACK, 0, d))
        for i, m in enumerate(me.board):
            if m.can_attack():
                for d in defenders:
                    acts.append((ATTACK, i + 1, d))
        # Hero power
        hp = me.hero_power
        if not me.hero_power_used and self.cost(self.current, hp) <= mana and (hp.requires is None or hp.requires(self, self.current)):
            if hp.target is not None:
                for t in hp.target.codes(self, self.current, spell=True):
                    acts.append((HERO_POWER, t))
            else:
                acts.append((HERO_POWER, -1))
        return acts

    def _play_actions(self, i: int, card: CardDef, board_full: bool, acts: list) -> None:
        player = self.current
        if card.requires is not None and not card.requires(self, player):
            return
        kind = card.type
        if kind == MINION:
            if board_full:
                return
            positions = self._positions(card)
            options = card.choices or (None,)
            # A Combo-only battlecry (SI:7 Agent) asks for a target only when the combo is on.
            combo_only = card.combo is not None and card.effect is None and self.players[player].cards_played == 0
            for pos in positions:
                for c, option in enumerate(options):
                    rule = None if combo_only else (option or card).target
                    choice = c if option is not None else -1
                    targets = rule.codes(self, player) if rule is not None else ()
                    if targets:
                        for t in targets:
                            acts.append((PLAY, i, pos, t, choice))
                    else:
                        acts.append((PLAY, i, pos, -1, choice))
            if card.choices:  # Choose One minions: options of one position interleave by target
                start = len(acts) - sum(1 for a in reversed(acts) if a[0] == PLAY and a[1] == i)
                acts[start:] = sorted(acts[start:])
            return
        if card.choices:
            found = []
            for c, option in enumerate(card.choices):
                if option.requires is not None and not option.requires(self, player):
                    continue
                if option.target is not None:
                    found.extend((PLAY, i, -1, t, c) for t in option.target.codes(self, player, spell=True))
                else:
                    found.append((PLAY, i, -1, -1, c))
            found.sort()
            acts.extend(found)
            return
        if card.target is not None:
            # a weapon's Battlecry (Perdition's Blade) is not a spell: Elusive minions are fair targets, and with
            # no target at all it is played without one
            targets = card.target.codes(self, player, spell=card.type == SPELL)
            for t in targets:
                acts.append((PLAY, i, -1, t, -1))
            if not targets and card.type != SPELL:
                acts.append((PLAY, i, -1, -1, -1))
        else:
            acts.append((PLAY, i, -1, -1, -1))

    def _positions(self, card: CardDef) -> range:
        n = len(self.players[self.current].board)
        if self.config.positions == "all" or card.adjacency or any(m.card.adjacency for m in self.players[self.current].board):
            return range(n + 1)
        return range(n, n + 1)

    # ------------------------------------------------------------ applying actions

    def apply(self, action: tuple) -> None:
        legal = self._legal if self._legal is not None else self._compute_legal()
        if action not in legal:
            raise IllegalActionError(f"illegal action {action!r} in turn {self.turn} for player {self.current}")
        self._legal = None
        if self.revealed:
            self.revealed = ()
        kind = action[0]
        if kind == END_TURN:
            self._end_turn()
        elif kind == PLAY:
            self._play(action[1], action[2], action[3], action[4])
        elif kind == ATTACK:
            self._attack(action[1], action[2])
        elif kind == HERO_POWER:
            self._hero_power(action[1])
        elif kind == CHOOSE:
            self._choose(action[1])
        elif kind == MULLIGAN:
            self._mulligan(action[1])

    def _play(self, index: int, position: int, target_code: int, choice: int) -> None:
        player = self.current
        me = self.players[player]
        card = me.hand[index]
        me.mana -= self.cost(player, card)  # priced while in hand (Mountain Giant counts the other cards)
        me.hand.pop(index)
        if me.known_hand:
            mech.left_hand(me, card)
        if self.__dict__:
            _note_played(self, player, card)
        if me.cost_effects:
            costs.card_played(me, card)
        combo = me.cards_played > 0
        me.cards_played += 1
        if card.type != SPELL:  # a spell's Overload is owed once it resolves: a countered one owes none
            me.overload_owed += card.overload
        target = self.character(player, target_code) if target_code >= 0 else None
        option = card.choices[choice] if choice >= 0 else None
        body = option if option is not None else card
        effect = card.combo if (combo and card.combo is not None) else body.effect
        if card.type == MINION:
            me.minions_played += 1
            # In play it is the printed card again (a cost change stays with the card in hand: Shadowstep, Far Sight)
            m = Minion(getattr(card, "base", card), self.new_uid(), player)
            me.board.insert(position if 0 <= position <= len(me.board) else len(me.board), m)
            mech.refresh_auras(self)
            mech.fire(self, "card_played", player, card)
            mech.fire(self, mech.SUMMONING, m)  # "whenever you summon" sees the minion before its Battlecry
            transformed: list = []  # what the Battlecry transformed (itself or another minion)
            if effect is not None:
                ctx = mech.Ctx(self, player, m, card, target, position)
                ctx.transformed = transformed
                effect(ctx)
            mech.refresh_auras(self)
            mech.resolve_deaths(self)  # the Battlecry's deaths end its phase: a Knife Juggler Deathwing destroyed is gone
            if m in me.board:  # not when its battlecry took it away (Lord Jaraxxus became the hero)
                # After Play (the opponent's Snipe, Mirror Entity, Repentance), then After Summon (Knife Juggler,
                # Sword of Justice): Hearthstone Wiki, Sword of Justice
                if self.players[1 - player].secrets:
                    secret_rules.on_minion_played(self, m)
                mech.fire(self, mech.SUMMONED, m)
            elif getattr(effect, "kind", None) == "become_hero" and self.players[1 - player].secrets:
                secret_rules.on_minion_played(self, m, became_hero=True)  # Mirror Entity copies Lord Jaraxxus
            # A minion its own Battlecry transformed (Faceless Manipulator, Druid of the Claw) or one it transformed
            # (Tinkmaster) gets one more "whenever summoned" phase as the new minion, after the After Summon
            # phase (Hearthstone Wiki, Transformation): a Faceless copying a Murloc grows a Murloc Tidecaller.
            for x in transformed:
                if x in self.players[x.owner].board:
                    mech.fire(self, mech.SUMMONING, x)
        elif card.type == SPELL:
            countered = False
            if self.players[1 - player].secrets:  # Counterspell, Spellbender
                target, countered = secret_rules.on_spell(self, player, target)
            if countered:
                # Played but never cast: "whenever you play a card" (Illidan, Questing Adventurer) still triggers,
                # "whenever / after you cast a spell" (Mana Wyrm, Wild Pyromancer) do not (Hearthstone Wiki,
                # Counterspell: since patch 11.2.0); the mana is spent and Combo counts the card.
                mech.fire(self, "card_played", player, card)
                effect = None
            else:
                # both "whenever" triggers resolve in play order (Illidan before a Violet Teacher played later)
                mech.fire_together(self, ("spell_cast", "card_played"), player, card)
                me.overload_owed += card.overload
            if effect is not None:
                effect(mech.Ctx(self, player, None, card, target, -1, mech.spell_power(self, player),
                                mech.spell_multiplier(self, player)))
            # "After you cast a spell" (Wild Pyromancer): once the spell's deaths are resolved, and after the pick
            # of a spell that asks one (Tracking: the picked card is drawn as part of the spell; `_choose` fires it)
            mech.resolve_deaths(self)
            if not countered and self.pending is None:
                mech.fire(self, "spell_done", player, card)
        elif card.type == WEAPON:
            mech.fire(self, "card_played", player, card)
            me.weapon = Weapon(card, self.new_uid())
            if effect is not None:
                effect(mech.Ctx(self, player, me.weapon, card, target))
        mech.resolve_deaths(self)
        mech.refresh_auras(self)

    def _attack(self, slot: int, target_code: int) -> None:
        player = self.current
        me = self.players[player]
        defender = self.character(player, target_code)
        if slot == 0:
            attacker = me.hero
            attacker.attacks_made += 1
            mech.fire(self, "hero_attack", player)
            amount = me.hero_attack()
        else:
            attacker = me.board[slot - 1]
            attacker.attacks_made += 1
            attacker.stealth = False
            h = attacker.triggers.get("self_attacks")  # Blessing of Wisdom
            if h is not None:
                h(self, attacker, defender)
            amount = attacker.attack
        if self.players[1 - player].secrets:  # secrets may redirect or cancel the attack
            defender = secret_rules.on_attack(self, attacker, defender)
            if defender is None:
                if slot == 0:
                    attacker.immune = False
                return
            amount = me.hero_attack() if slot == 0 else attacker.attack
        back = 0 if defender.is_hero else defender.attack
        mech.deal_damage(self, defender, amount, attacker)
        if back:
            mech.deal_damage(self, attacker, back, defender)
        if slot == 0 and me.weapon is not None:
            wear = me.weapon.card.triggers.get("weapon_wear")  # a weapon that wears its own way (Gorehowl)
            if wear is not None:
                wear(self, me.weapon, player, defender)
            else:
                me.weapon.durability -= 1
                if me.weapon.durability <= 0:
                    mech.destroy_weapon(self, player)
        if slot == 0:
            attacker.immune = False  # Gladiator's Longbow: Immune only while attacking
        mech.resolve_deaths(self)

    def _hero_power(self, target_code: int) -> None:
        player = self.current
        me = self.players[player]
        hp = me.hero_power
        me.mana -= self.cost(player, hp)
        me.hero_power_used = True
        target = self.character(player, target_code) if target_code >= 0 else None
        if hp.effect is not None:
            hp.effect(mech.Ctx(self, player, me.hero, hp, target, -1, 0, mech.spell_multiplier(self, player)))
        mech.resolve_deaths(self)
        mech.refresh_auras(self)

    def _choose(self, option: int) -> None:
        kind, options = self.pending
        self.pending = None
        from cardlab.engine.hearthstone.choices import PENDING_CHOICES, SPELL_CHOICES

        PENDING_CHOICES[kind](self, self.current, options, option)
        mech.resolve_deaths(self)
        spell = SPELL_CHOICES.get(kind)
        if spell is not None:  # the spell that asked has now resolved: "after you cast a spell" (_play)
            mech.fire(self, "spell_done", self.current, card_db().get(spell))
            mech.resolve_deaths(self)
            mech.refresh_auras(self)

    def _mulligan(self, mask: int) -> None:
        me = self.players[self.current]
        keep = [c for i, c in enumerate(me.hand) if not mask >> i & 1]
        returned = [c for i, c in enumerate(me.hand) if mask >> i & 1]
        me.hand = keep
        for _ in returned:
            mech.draw(self, self.current)
        me.deck.extend(returned)
        self.rng.shuffle(me.deck)
        self.mulligan_done[self.current] = True
        if all(self.mulligan_done):
            self._begin_play()
        else:
            self.current = 1 - self.current

    def _end_turn(self) -> None:
        player = self.current
        mech.fire(self, "turn_end", player)
        for p in self.players:
            if p.effects:  # player effects (engine.hearthstone.enchants.PLAYER_EFFECTS)
                run_player_effects(self, p, "turn_end", player)
        mech.fire(self, mech.LATE_TURN_END, player)
        mech.resolve_deaths(self)
        if self.terminal:
            return
        for p in self.players:
            p.hero.temp_atk = 0
            p.hero.immune = False  # Ice Block: "this turn"
            for m in p.board:
                m.temp_atk = 0
        me = self.players[player]
        if me.cost_effects:
            costs.turn_ended(me)
        # Frozen characters thaw at the end of their own turn unless they used up their attacks during it (a
        # Windfury one frozen after its first attack thaws: Hearthstone Wiki, Freeze, since patch 22.4), or could
        # not have attacked (a minion summoned or taken this turn without Charge stays frozen through its next turn).
        hero_attacks = 2 if (me.weapon is not None and me.weapon.card.windfury) else 1
        if me.hero.frozen and me.hero.attacks_made < hero_attacks:
            me.hero.frozen = False
        for m in me.board:
            if m.frozen and m.attacks_made < (2 if m.has_windfury else 1) and (
                    not m.exhausted or m.charge or m.aura_charge):
                m.frozen = False
        self.current = 1 - player
        self.turn += 1
        if self.turn > self.config.max_turns:
            self.end_game(-1)
            return
        self._start_turn()

    def _start_turn(self) -> None:
        player = self.current
        me = self.players[player]
        me.max_mana = min(mech.MAX_MANA, me.max_mana + 1)
        me.overload_locked = me.overload_owed
        me.overload_owed = 0
        me.mana = max(0, me.max_mana - me.overload_locked)
        # Overload beyond the crystals still counts: this turn's Coin or Innervate pays it off first
        me.overload_excess = max(0, me.overload_locked - me.max_mana)
        me.hero_power_used = False
        me.cards_played = 0
        me.minions_played = 0
        me.hero.attacks_made = 0
        for m in me.board:
            m.exhausted = False
            m.attacks_made = 0
        mech.fire_queued(self, "turn_start", player)
        for p in self.players:
            if p.effects:
                run_player_effects(self, p, "turn_start", player)
        mech.resolve_deaths(self)
        if self.terminal:
            return
        mech.draw(self, player)
        mech.resolve_deaths(self)

    # ------------------------------------------------------------ information sets

    def observation(self, player: int) -> "HearthstoneState":
        """Hidden: the opponent's hand, both decks' order, future randomness.

        With the opponent's decklist known (the usual assumption in this field), the multiset of their hand +
        deck follows from public plays and stays visible as `unknown_pool`. A deck drawn from a pool is not
        known: the observer sees the candidate decklists (`deck_candidates`) and what public plays added to
        and removed from the hidden cards (`unknown_delta`), never which candidate it is nor its name. A random
        deck (`deck_candidates == ANY_DECK`) is the same with no decklist: any legal deck of the hero's class.
        """
        s = self.clone()
        s.rng = None
        s._legal = None
        hidden = hidden_card()
        for p in s.players:
            if p.index == player:
                p.unknown_pool = tuple(sorted(c.id for c in p.deck))
                p.deck = [hidden] * len(p.deck)
            else:
                # Cards the observer cannot tell apart: hand, deck, secrets, the options of a choice it does not
                # see (Tracking) and cards that left unseen. determinize deals the surplus back out of the game.
                if p.deck_candidates is not None:
                    if p.unknown_delta is None:
                        p.unknown_delta = _delta(p.deck_origin, _unseen_ids(s, p))
                    p.deck_origin = None
                    p.deck_name = ""
                elif p.unknown_pool is None:
                    p.unknown_pool = tuple(sorted(_unseen_ids(s, p)))
                p.unseen_removed = ()  # folded into the cards it cannot tell apart
                secret_rules.hide(p)  # the secrets' number and class only; their cards count as hidden cards
                p.known_hand = _known_in(p.known_hand, p.hand)
                p.hand = [hidden] * len(p.hand)
                p.deck = [hidden] * len(p.deck)
        if s.pending is not None and s.current != player:
            s.pending = (s.pending[0], tuple(hidden for _ in s.pending[1]))
        if s.__dict__:
            _hide_own_notes(s, player)
        return s

    def determinize(self, player: int, rng: Rng) -> "HearthstoneState":
        s = self.clone()
        db = card_db()
        me = s.players[player]
        # An opponent's hidden copy came from the observer's cards: it is rebuilt from the cards it was copied from
        # (copy_sources: the deck at a Thoughtsteal, the hand at a Mind Vision). Without that note (a position built
        # by hand or read from a file): from the hand; with the hand empty from the deck; with both empty from the
        # observer's decklist, or from the cards its class may hold (never an unplayable placeholder).
        own_deck = [db.get(c) for c in me.unknown_pool] if me.unknown_pool is not None and not me.hand else me.deck
        copy_source = (me.hand or own_deck or [db.get(c) for c in me.deck_origin or ()]
                       or _class_cards(me.hero.card_class))
        for p in s.players:
            if p.index == player:
                pool = [db.get(c) for c in p.unknown_pool] if p.unknown_pool is not None else p.deck[:]
                rng.shuffle(pool)
                p.deck = pool
            else:
                sources = s.copy_sources[p.index]
                from_view = p.unknown_delta is not None or p.unknown_pool is not None
                if p.unknown_delta is not None:
                    lacks = s.deck_lacks[p.index]
                    for _ in range(_LACKS_TRIES if lacks else 1):
                        if p.deck_candidates == ANY_DECK:
                            origin = _sample_random_deck(p, rng)
                        else:
                            origin = _sample_candidate(p.deck_candidates, _deck_must_hold(p), rng,
                                                       _hidden_secrets(p))
                        ids = _apply_delta(origin, p.unknown_delta)
                        if not lacks or _hand_bound(ids, lacks) <= len(p.hand):
                            break  # a deck that publicly lacks a race: its hidden ones must fit in the hand
                    pool = pool_cards(ids, copy_source, rng, sources)
                    hand_only = _any_hand_only(p.unknown_delta[0])  # a decklist holds none: what was added
                    p.deck_origin = origin
                    p.unknown_delta = None
                elif p.unknown_pool is not None:
                    pool = pool_cards(p.unknown_pool, copy_source, rng, sources)
                    hand_only = _any_hand_only(p.unknown_pool)
                else:
                    pool = p.hand + p.deck
                    if s.hand_discounts[p.index]:  # dealt again below, to any hand card
                        pool = [getattr(c, "base", c) for c in pool]
                    hand_only = any(map(_HAND_ONLY, pool))
                    p.known_hand = _known_in(p.known_hand, p.hand)
                known = _take_known(p.known_hand, pool)  # The Coin, returned minions: back in the hand
                seen_ids = s.seen_by_opponent[p.index]  # what Mind Vision showed this observer: in the hand
                seen = _take_seen(seen_ids, pool, len(p.hand) - len(known), known) if seen_ids else []
                if p.secrets:
                    pool = secret_rules.deal_secrets(p, pool, rng, sources)
                rng.shuffle(pool)
                n = len(p.hand) - len(known) - len(seen)
                lacks = s.deck_lacks[p.index]
                if hand_only or lacks:
                    pool = _hand_first(pool, n, lacks, rng)
                p.hand = known + seen + pool[:n]
                if s.hand_discounts[p.index]:
                    _discount_hand(p, len(known) + len(seen), s.hand_discounts[p.index], rng)
                p.deck, out = pool[n:n + len(p.deck)], pool[n + len(p.deck):]
                p.known_hand = tuple(known)
                if from_view:  # the observation's surplus: the choice it did not see, then the unseen cards
                    if s.pending is not None and s.current == p.index:
                        k = len(s.pending[1])
                        s.pending, out = (s.pending[0], tuple(out[:k])), out[k:]
                    p.unseen_removed = tuple(public_id(c) for c in out)
            p.unknown_pool = None
        s.rng = Rng(rng.next64())
        s._legal = None
        return s

    # ------------------------------------------------------------ search hooks

    def search_keys(self, player: int, dominance: bool = True):
        """Transposition, dominance, symmetry and public keys for a search of `player`'s turn from here."""
        from cardlab.engine.hearthstone.keys import HearthstoneSearchKeys

        return HearthstoneSearchKeys(self, player, dominance)

    def unsearched_action(self):
        """Mulligan: keep the starting hand (the turn-tree agents cannot score a mulligan; it is off by default)."""
        return (MULLIGAN, 0) if self.phase == "mulligan" and not self.terminal else None

    def end_turn_action(self):
        """The action that ends the turn now, or None (a pending choice must be answered first)."""
        legal = self._legal if self._legal is not None else self.legal_actions()
        return END_TURN_ACTION if END_TURN_ACTION in legal else None

    def end_turn_is_quiet(self) -> bool:
        """True when ending the turn now cannot end the game: no turn limit reached, no end- or start-of-turn
        trigger or player effect anywhere, and the next player has a card to draw (no fatigue). The search then
        skips building the END_TURN child of a leaf it scores before END_TURN (that child only tells whether
        the game ended)."""
        if self.terminal or self.pending is not None or self.turn + 1 > self.config.max_turns:
            return False
        if not self.players[1 - self.current].deck:
            return False
        for p in self.players:
            if p.effects:
                return False
            for m in p.board:
                t = m.triggers
                if t and ("turn_end" in t or "turn_start" in t or mech.LATE_TURN_END in t):
                    return False
            w = p.weapon
            if w is not None:
                t = w.card.triggers
                if t and ("turn_end" in t or "turn_start" in t):
                    return False
        return True

    # ------------------------------------------------------------ text and serialisation

    def action_to_string(self, action: tuple) -> str:
        from cardlab.engine.hearthstone.describe import describe_action

        return describe_action(self, action)

    def public_action_string(self, action: tuple, viewer: int) -> str:
        """Another player's mulligan, Secret and card choice (Tracking) show no card names."""
        if viewer != self.current:
            kind = action[0]
            if kind == MULLIGAN:
                n = bin(action[1]).count("1")
                return f"mulligan {n} card{'s' if n != 1 else ''}"
            if kind == CHOOSE:
                return "choose a card"
            if kind == PLAY and action[1] < len(self.players[self.current].hand):
                card = self.players[self.current].hand[action[1]]
                if secret_rules.is_secret(card):
                    return f"play a Secret ({card.card_class.title()})"
        return self.action_to_string(action)

    def __str__(self) -> str:
        """The whole table for a debug render (the RL envs' render()), like Dominion's and Hanabi's: both boards
        (render.board_lines) and both hands, but not the decks' order or the generator, which no one sees."""
        from cardlab.engine.hearthstone.render import board_lines

        if self.terminal:
            result = "a draw" if self.winner in (None, -1) else f"player {self.winner} wins"
            lines = [f"game over after turn {self.turn}: {result}"]
        else:
            lines = [f"turn {self.turn}: player {self.current} to move ({self.phase})"]
        lines += board_lines(self)
        lines += [f"P{p.index} hand: " + (", ".join(c.name for c in p.hand) or "(empty)") for p in self.players]
        if self.pending is not None:
            lines.append(f"P{self.current} chooses one of: " + ", ".join(c.name for c in self.pending[1]))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        from cardlab.engine.hearthstone.serialize import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "HearthstoneState":
        from cardlab.engine.hearthstone.serialize import state_from_dict

        return state_from_dict(data)

    def public_outcome_string(self, viewer: int) -> str:
        """The secrets the action just applied revealed (everyone sees a secret that triggers: its name)."""
        return ", ".join(f"{'your' if owner == viewer else 'their'} {name} was revealed"
                         for owner, name in self.revealed)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, HearthstoneState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def _delta(origin: tuple[str, ...], now) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(ids added, ids removed) from the multiset `origin` to the multiset `now` (every observation of a pool or
    random deck computes it: a plain dict, several times faster than Counter arithmetic)."""
    counts: dict[str, int] = {}
    for c in origin:
        counts[c] = counts.get(c, 0) + 1
    for c in now:
        counts[c] = counts.get(c, 0) - 1
    added: list[str] = []
    removed: list[str] = []
    for c, n in counts.items():
        if n < 0:
            added.extend([c] * -n)
        elif n > 0:
            removed.extend([c] * n)
    added.sort()
    removed.sort()
    return tuple(added), tuple(removed)


def _apply_delta(origin: tuple[str, ...], delta: tuple) -> list[str]:
    from collections import Counter

    added, removed = delta
    return sorted(((Counter(origin) - Counter(removed)) + Counter(added)).elements())


def _unseen_ids(s: "HearthstoneState", p: Player) -> list[str]:
    """Public ids of the cards p's opponent cannot tell apart: hand, deck, secrets, the options of p's choice
    in progress (Tracking) and the cards that left unseen."""
    choosing = s.pending[1] if s.pending is not None and s.current == p.index else ()
    return [*(public_id(c) for c in (*p.hand, *p.deck, *p.secrets, *choosing)), *p.unseen_removed]


def _deck_must_hold(p: Player) -> list[str]:
    """Ids the starting deck held for certain: the cards seen leaving the hidden cards (`unknown_delta`'s removed
    ids), and each known hand card the public plays did not add (a minion played and returned to the hand)."""
    from collections import Counter

    added, removed = p.unknown_delta
    spare = Counter(added)
    need = list(removed)
    for card in p.known_hand:
        pid = public_id(card)
        if spare[pid] > 0:
            spare[pid] -= 1
        else:
            need.append(pid)
    return need


def _sample_candidate(candidates: tuple, must_hold: list[str], rng: Rng,
                      secrets: tuple[str, tuple] = ("", ())) -> tuple[str, ...]:
    """A candidate decklist holding the cards it must (`_deck_must_hold`) and the secrets in play (`secrets`:
    (class, exclusions) as `_hidden_secrets` gives them: its cards left must give each hidden secret of the hero's
    class a different secret of that class that secret is not ruled out to be); uniform among those; the public
    plays' likelihood under each candidate is not weighed."""
    from collections import Counter

    removed = Counter(must_hold)
    hero_class, excluded = secrets
    db = card_db()

    def fits(candidate: tuple[str, ...]) -> bool:
        held = Counter(candidate)
        if removed - held:
            return False
        if not excluded:
            return True
        left = held - removed
        return secret_rules.can_deal(excluded, [cid for cid in left if _class_secret(db.get(cid), hero_class)])

    return rng.choice([c for c in candidates if fits(c)] or list(candidates))


def _class_secret(card: CardDef, hero_class: str) -> bool:
    return secret_rules.is_secret(card) and card.card_class == hero_class


def _hidden_secrets(p: Player) -> tuple[str, tuple[tuple[str, ...], ...]]:
    """(hero class, per hidden secret of that class in play, in the order played, the ids it is publicly ruled
    out to be (`secret_ruled_out`)): as an observer sees them, each came from the player's own deck."""
    hero_class = p.hero.card_class
    return hero_class, tuple(r for c, r in zip(p.secrets, secret_rules.ruled_out(p))
                             if secret_rules.is_hidden(c) and c.card_class == hero_class)


def _sample_random_deck(p: Player, rng: Rng) -> tuple[str, ...]:
    """For an observed random deck (ANY_DECK): a legal deck of the hero's class holding the cards it must
    (`_deck_must_hold`) and, for each hidden secret of the class in play, a different secret of the class that
    secret is not ruled out to be (it came from this deck); the rest drawn as random decks are
    (decks.random_deck_ids). Not the exact posterior: what the public plays say about the cards still hidden is
    not weighed."""
    from collections import Counter

    from cardlab.engine.hearthstone.decks import DECK_SIZE, deck_universe, random_deck_ids

    hero_class, excluded = _hidden_secrets(p)
    required = _deck_must_hold(p)
    if excluded:
        universe = deck_universe(hero_class)
        room = Counter(c.id for c in universe if _class_secret(c, hero_class)) - Counter(required)
        choices = sorted(room)
        k = min(len(excluded), len(choices), DECK_SIZE - len(required))
        for i in range(k):
            # a secret it may be, leaving the later ones one each (all of them when nothing fits: hand-built)
            later = excluded[i + 1:k]
            allowed = [x for x in choices if x not in excluded[i]
                       and (not later or secret_rules.can_deal(later, [y for y in choices if y != x]))] or choices
            pick = allowed[rng.randrange(len(allowed))]
            choices.remove(pick)
            required.append(pick)
    return tuple(random_deck_ids(hero_class, rng, required))


def _class_cards(hero_class: str) -> list[CardDef]:
    from cardlab.engine.hearthstone.decks import deck_universe

    return list(deck_universe(hero_class))


def hidden_card() -> CardDef:
    """A placeholder for a card the observer cannot see."""
    db = card_db()
    if HIDDEN_ID in db.by_id:
        return db.by_id[HIDDEN_ID]
    card = CardDef({
        "id": HIDDEN_ID, "dbf_id": 0, "name": "Hidden card", "type": "SPELL", "card_class": "NEUTRAL",
        "rarity": "INVALID", "cost": 99, "attack": 0, "health": 0, "durability": 0, "race": "",
        "collectible": False, "mechanics": [], "text": "", "spell_damage": 0, "overload": 0,
    })
    db.by_id[HIDDEN_ID] = card
    return card


def _known_in(known: tuple, hand: list) -> tuple:
    """The known cards that are in the hand (each hand card answers one)."""
    if not known:
        return ()
    left = list(hand)
    out = []
    for k in known:
        for i, c in enumerate(left):
            if mech.same_card(k, c):
                out.append(k)
                del left[i]
                break
    return tuple(out)


def _take_known(known: tuple, pool: list) -> list:
    """Take each known card's stand-in (same public id) out of a determinization's pool; the known cards
    themselves (cost changes included) go to the hand. A known card the pool cannot account for is dropped."""
    out = []
    for k in known:
        pid = public_id(k)
        for i, c in enumerate(pool):
            if public_id(c) == pid:
                del pool[i]
                out.append(k)
                break
    return out


_HAND_ONLY = attrgetter("hand_only")
_LACKS_TRIES = 20  # decklists sampled at most, for one whose hidden minions of a race its deck lacks fit the hand


def _any_hand_only(ids: tuple[str, ...]) -> bool:
    """Whether public ids of hidden cards name one that can only be in the hand (`_hand_first`): a marker or a
    card no deck holds (a set lookup per id: determinize runs often)."""
    return not hand_only_ids().isdisjoint(ids)


def _hand_bound(ids: list[str], races: tuple[str, ...]) -> int:
    """How many of these hidden cards' ids can only be in the hand (`_hand_first`): a marker or a card no deck
    holds, or a minion of a race the deck lacks."""
    by_id = card_db().by_id
    n = 0
    for cid in ids:
        c = by_id.get(cid)
        if c is None or c.hand_only or (c.type == MINION and c.race in races):
            n += 1
    return n


def _hand_first(pool: list, n: int, lacks: tuple[str, ...], rng: Rng) -> list:
    """A shuffled determinization pool reordered so that its first n cards, the hidden hand, hold the cards that
    can only be in the hand: cards no deck holds (`CardDef.hand_only`: hidden copies, Dream cards, Worthless
    Imps; an effect put them in the hand, and no Classic card puts a card in a deck) and minions of a race the deck
    publicly lacks (`deck_lacks`). Their identity may be resampled, where they are is public. More of them than
    the hand holds (a copy Flare destroyed as a secret): the rest go last, among the cards that left unseen."""
    forced: list = []
    rest: list = []
    for c in pool:
        if c.hand_only or (lacks and c.type == MINION and c.race in lacks):
            forced.append(c)
        else:
            rest.append(c)
    if not forced:
        return pool
    k = min(len(forced), n)
    hand = forced[:k] + rest[:n - k]
    rng.shuffle(hand)
    return hand + rest[n - k:] + forced[k:]


# ------------------------------------------------------------ determinize's notes (HearthstoneState.copy_sources,
# deck_lacks, seen_by_opponent, hand_discounts): set on the true state by the cards that learn them, updated by
# _play and by discards (mech.discard)

from cardlab.engine.hearthstone.serialize import NOTES as _NOTES  # noqa: E402  (serialize keeps them too)


def _copy_notes(src: HearthstoneState, dst: HearthstoneState) -> None:
    d = src.__dict__
    for name in _NOTES:
        if name in d:
            setattr(dst, name, d[name])


def _with_seat(pair: tuple, seat: int, value) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _hide_own_notes(s: HearthstoneState, player: int) -> None:
    """In `player`'s observation: the notes only its opponent may read (the opponent's cards its copies came
    from; which of its cards the opponent saw)."""
    if s.copy_sources[player]:
        s.copy_sources = _with_seat(s.copy_sources, player, ())
    if s.seen_by_opponent[player]:
        s.seen_by_opponent = _with_seat(s.seen_by_opponent, player, ())


def _note_played(s: HearthstoneState, player: int, card: CardDef, shown: bool = False) -> None:
    """`card` left `player`'s hand to be played: its name is public, unless it is a secret (then its class).
    shown: it left face up another way (discarded): its name is public, a secret's too."""
    secret = not shown and secret_rules.is_secret(card)
    ids = s.copy_sources[player]
    if card.hidden_copy and ids and card.id in ids and not secret:  # one fewer of it among the other copies
        i = ids.index(card.id)
        s.copy_sources = _with_seat(s.copy_sources, player, ids[:i] + ids[i + 1:])
    seen = s.seen_by_opponent[player]
    if seen:
        if secret:  # the opponent cannot tell which: any seen secret of the class may be the one played
            by_id = card_db().by_id
            seen = tuple(x for x in seen if not _class_secret(by_id[x], card.card_class))
        elif card.id in seen:
            i = seen.index(card.id)
            seen = seen[:i] + seen[i + 1:]
        s.seen_by_opponent = _with_seat(s.seen_by_opponent, player, seen)
    discounts = s.hand_discounts[player]
    if discounts and getattr(card, "base", None) is not None:
        delta = card.cost - card.base.cost
        if delta in discounts:  # its cost is public once played: the discounted card has left the hand
            i = discounts.index(delta)
            s.hand_discounts = _with_seat(s.hand_discounts, player, discounts[:i] + discounts[i + 1:])


def note_discarded(s: HearthstoneState, player: int, cards, whole_hand: bool = False) -> None:
    """`cards` left `player`'s hand discarded, shown to both players (mech.discard): each leaves the notes as a
    played card would. whole_hand (Deathwing): nothing noted of that hand is left in it."""
    for card in cards:
        _note_played(s, player, card, shown=True)
    if whole_hand:
        if s.seen_by_opponent[player]:
            s.seen_by_opponent = _with_seat(s.seen_by_opponent, player, ())
        if s.hand_discounts[player]:
            s.hand_discounts = _with_seat(s.hand_discounts, player, ())


def note_hand_discount(s: HearthstoneState, player: int, delta: int) -> None:
    """A card drawn into `player`'s hand unseen by its opponent costs `delta` more, in plain sight (Far Sight)."""
    s.hand_discounts = _with_seat(s.hand_discounts, player, (*s.hand_discounts[player], delta))


def _discount_hand(p: Player, start: int, deltas: tuple[int, ...], rng: Rng) -> None:
    """Determinization: the public cost changes (`hand_discounts`) go to random dealt hand cards from `start` on
    that a deck can hold (Far Sight draws from the deck), one each; at most as many as there are such cards."""
    from cardlab.engine.hearthstone.dsl_secrets import cost_changed

    slots = [i for i in range(start, len(p.hand)) if not p.hand[i].hand_only]
    for delta in deltas:
        if not slots:
            return
        i = slots.pop(rng.randrange(len(slots)))
        p.hand[i] = cost_changed(p.hand[i], delta)


def note_seen(s: HearthstoneState, player: int, card_id: str) -> None:
    """`player`'s opponent saw that `player`'s hand holds this card (Mind Vision copied it)."""
    s.seen_by_opponent = _with_seat(s.seen_by_opponent, player, (*s.seen_by_opponent[player], card_id))


def _take_seen(ids: tuple[str, ...], pool: list, room: int, known: list) -> list:
    """The cards the observer saw in this hand (`seen_by_opponent`), taken out of a determinization's pool (at
    most `room`: a note that outlived its card, as in a position built by hand, must not grow the hand), less
    those a known card of the hand (`known`) already accounts for. A card the pool cannot account for is skipped."""
    by_id = card_db().by_id
    out: list = []
    ids = list(ids)
    for k in known:
        if k.id in ids:
            ids.remove(k.id)
    for x in ids:
        if len(out) >= room:
            break
        card = by_id[x]
        pid = public_id(card)
        for i, c in enumerate(pool):
            if c.id == x or (pid != x and public_id(c) == pid):  # the card, or a Dream card's stand-in
                del pool[i]
                out.append(c if c.id == x else card)
                break
    return out


def note_copies(s: HearthstoneState, player: int, source_ids) -> None:
    """`player` is making hidden copies of cards among `source_ids` (its opponent's deck or hand, now). Added to
    the ids its earlier copies came from while it still holds one of them (in hand, as a secret, or destroyed
    unseen: what its opponent's view counts as copies), else they replace those ids."""
    p = s.players[player]
    held = (any(c.hidden_copy for c in p.hand) or any(c.hidden_copy for c in p.secrets)
            or HIDDEN_COPY_ID in p.unseen_removed)
    ids = tuple(sorted((*s.copy_sources[player], *source_ids) if held else source_ids))
    s.copy_sources = _with_seat(s.copy_sources, player, ids)


def note_deck_lacks(s: HearthstoneState, player: int, race: str) -> None:
    """A public search of `player`'s deck found no minion of `race` (Sense Demons): none is in it now, and none
    can get in (no Classic card puts a card in a deck)."""
    lacks = s.deck_lacks[player]
    if race not in lacks:
        s.deck_lacks = _with_seat(s.deck_lacks, player, (*lacks, race))
