"""Full-game agents over the DQN board models (spec section 6): `q57:ckpt=PATH` and `q8:ckpt=PATH`.

A turn: (1) the hand model, a tree over card plays and hero power on a determinized clone of the observation,
whose leaves (the states after each play sequence, "play nothing" included) are scored by the board model as the
mean Q over the leaf's legal board actions; the best leaf's sequence is played. (2) The board model attacks: argmax
of the masked Q values (q8: the attacker, then the target classifier picks the target) until it chooses END_TURN.
A weapon swing the board models cannot express goes face when no taunt is in the way.

`plan=turn` (ours) puts the board model's own attack moves into the hand tree, so plays and attacks interleave
(clear a taunt, then play), and ends the turn on the leaf with the highest Q(leaf, END_TURN) (+ rho for shaped
models) instead of attacking greedily; the plan is made again when the board differs from the one it expected.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import numpy as np
import torch

from cardlab.engine.core import Action, State

from cardlab.runtime import UserError, not_a_file
from cardlab.engine.hearthstone.state import ATTACK, CHOOSE, END_TURN_ACTION, HERO_POWER, MULLIGAN, PLAY

from cardlab.agents.base import Agent
from cardlab.engine.hearthstone.heuristics import rho
from cardlab.engine.hearthstone.features.board import (END8, ENCODER_NAME, ENCODER_VERSION, N8, N57, board_actions,
                                classifier_input,
                                encode_board, index57_to_action, mask8, mask57, target_mask)
from cardlab.models.checkpoint import check_digest, weights_digest
from cardlab.models.qnet import (QNetwork, TargetClassifier, build_classifier, build_qnet, masked_argmax, masked_max,
                         masked_mean)

ENEMY_HERO = 8
# How the hand model scores a leaf: "mean" Q over legal board actions (spec section 6), "max" Q, or "value" =
# max Q plus, for shaped-reward models (whose Q counts only future rho gains), rho of the leaf itself.
LEAF_SCORES = ("mean", "max", "value")
# What the hand tree plans: "cards" (spec: card plays and hero power, then the board model attacks greedily) or
# "turn" (ours: card plays and the board model's own attack moves interleaved; a leaf is the turn ended there,
# scored Q(leaf, END_TURN), plus rho of the leaf for shaped models)
PLANS = ("cards", "turn")


def pick_target(classifier: TargetClassifier, features: np.ndarray, legal: list[tuple], slot: int) -> tuple:
    """The classifier's legal target for the minion in `slot` (which must have a legal attack)."""
    tmask = torch.from_numpy(target_mask(legal, slot))
    device = next(classifier.parameters()).device  # on GPU while it sits inside a DQN module being trained there
    with torch.no_grad():
        logits = classifier(torch.from_numpy(classifier_input(features, slot)).to(device).unsqueeze(0))[0]
    return (ATTACK, slot, 8 + int(masked_argmax(logits.cpu(), tmask)))


class BoardModel:
    """A trained board model: Q-network (57 or 8 actions) plus, for q8, the target classifier. CPU inference."""

    def __init__(self, variant: str, qnet: QNetwork, classifier: TargetClassifier | None = None,
                 reward: str = "shaped") -> None:
        if variant not in ("q57", "q8"):
            raise ValueError(f"unknown variant {variant!r} (q57 or q8)")
        if variant == "q8" and classifier is None:
            raise ValueError("the q8 board model needs a target classifier")
        self.variant = variant
        self.qnet = qnet.eval()
        self.classifier = classifier.eval() if classifier is not None else None
        self.n_actions = N57 if variant == "q57" else N8
        self.reward = reward  # "shaped": Q counts future rho gains, so a state's worth is rho(s) + max Q

    def mask(self, legal: list[tuple]) -> np.ndarray:
        return mask57(legal) if self.variant == "q57" else mask8(legal)

    def q_values(self, features: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            return self.qnet(torch.from_numpy(np.asarray(features, dtype=np.float32))).numpy()

    def leaf_scores(self, features: np.ndarray, masks: np.ndarray, how: str = "mean") -> np.ndarray:
        """The hand model's leaf score per row: mean Q over the legal board actions (spec), or the max."""
        with torch.no_grad():
            q = self.qnet(torch.from_numpy(features))
            m = torch.from_numpy(masks)
            return (masked_mean(q, m) if how == "mean" else masked_max(q, m)).numpy()

    def end_scores(self, features: np.ndarray) -> np.ndarray:
        """Q(row, END_TURN) per row: the value of ending the turn on that board."""
        with torch.no_grad():
            return self.qnet(torch.from_numpy(features))[:, self.n_actions - 1].numpy()

    def attack_moves(self, state, player: int, legal: list[tuple]) -> list[tuple]:
        """The minion attacks this model can choose in `state`: every legal one for q57, the classifier's target
        for each ready attacker for q8."""
        attacks = [a for a in board_actions(legal) if a != END_TURN_ACTION]
        if self.variant == "q57" or not attacks:
            return attacks
        features = encode_board(state, player)
        slots = sorted({a[1] for a in attacks})
        return [pick_target(self.classifier, features, legal, slot) for slot in slots]

    def index_to_action(self, index: int, features: np.ndarray, legal: list[tuple]) -> tuple:
        if self.variant == "q57":
            return index57_to_action(index)
        if index == END8:
            return END_TURN_ACTION
        return pick_target(self.classifier, features, legal, index + 1)

    def choose(self, state, player: int, legal: list[tuple]) -> tuple:
        """The board model's move among `legal` (a minion attack or END_TURN)."""
        features = encode_board(state, player)
        m = self.mask(legal)
        with torch.no_grad():
            q = self.qnet(torch.from_numpy(features).unsqueeze(0))[0]
        index = int(masked_argmax(q, torch.from_numpy(m)))
        return self.index_to_action(index, features, legal)


def export_checkpoint(variant: str, qnet: QNetwork, classifier: TargetClassifier | None, config: dict,
                      metrics: dict | None = None) -> dict:
    """The self-contained file the agents load: variant, encoder, training config, both networks, and a SHA-256
    of all their weights (checked on load: a damaged copy must not play with silently wrong weights)."""
    out = {
        "kind": "dqn_board_model", "variant": variant, "encoder": ENCODER_NAME, "encoder_version": ENCODER_VERSION,
        "config": dict(config), "qnet_config": qnet.config, "state_dict": qnet.state_dict(),
        "classifier": None if classifier is None else {"config": classifier.config, "state_dict": classifier.state_dict()},
        "metrics": dict(metrics or {}),
    }
    out["weights_sha256"] = weights_digest(_all_weights(out))
    return out


def _all_weights(ckpt: dict) -> dict:
    weights = {f"qnet.{k}": v for k, v in ckpt["state_dict"].items()}
    if ckpt.get("classifier") is not None:
        weights.update({f"classifier.{k}": v for k, v in ckpt["classifier"]["state_dict"].items()})
    return weights


def load_board_model(path: str | Path, variant: str | None = None) -> BoardModel:
    """Load a board model from an exported .pt or a Lightning .ckpt of train.dqn; checks variant and encoder."""
    path = Path(path)
    if not path.is_file():
        raise UserError(not_a_file(path, "checkpoint"))
    try:
        # an exported model (.pt) is read as tensors and plain data only, never code; a Lightning .ckpt
        # (a training run's own resume file, with numpy state in it) needs the full unpickler
        ckpt: dict[str, Any] = torch.load(path, map_location="cpu", weights_only=path.suffix.lower() != ".ckpt")
    except Exception as exc:  # torch raises many kinds for a damaged file
        raise UserError(f"{path}: cannot read checkpoint ({type(exc).__name__})") from None
    if isinstance(ckpt, dict) and "dqn_export" in ckpt:
        ckpt = ckpt["dqn_export"]
    if not isinstance(ckpt, dict) or ckpt.get("kind") != "dqn_board_model":
        raise UserError(f"{path}: not a DQN board-model checkpoint")
    if ckpt.get("encoder") != ENCODER_NAME or ckpt.get("encoder_version") != ENCODER_VERSION:
        raise UserError(f"{path}: encoder {ckpt.get('encoder')} v{ckpt.get('encoder_version')}, "
                        f"this code reads {ENCODER_NAME} v{ENCODER_VERSION}")
    if variant is not None and ckpt["variant"] != variant:
        raise UserError(f"{path}: a {ckpt['variant']} checkpoint, not {variant}")
    check_digest(path, ckpt, _all_weights(ckpt))
    qnet = build_qnet(ckpt["qnet_config"])
    qnet.load_state_dict(ckpt["state_dict"])
    classifier = None
    if ckpt.get("classifier") is not None:
        classifier = build_classifier(ckpt["classifier"]["config"])
        classifier.load_state_dict(ckpt["classifier"]["state_dict"])
    return BoardModel(ckpt["variant"], qnet, classifier, reward=str(ckpt.get("config", {}).get("reward", "shaped")))


# ---------------------------------------------------------------- hand model

def _hand_moves(legal: list[tuple]) -> list[tuple]:
    return [a for a in legal if a[0] == PLAY or a[0] == HERO_POWER]


def play_sequences(state, player: int, max_nodes: int = 400,
                   moves: Callable[[Any], list[tuple]] | None = None) -> list[tuple[list[tuple], Any]]:
    """(sequence, resulting state) for play sequences from `state` (a full state), depth first, the empty one first.

    Identical resulting boards are kept once (different orders of the same plays); at most `max_nodes` states
    are expanded, so a big hand stays fast. A pending in-card choice is resolved by its first option.
    `moves(state)` lists the moves to try (default: card plays and the hero power).
    """
    moves = moves or (lambda s: _hand_moves(s.legal_actions()))
    out: list[tuple[list[tuple], Any]] = [([], state)]
    seen: set = set()
    stack: list[tuple[list[tuple], Any]] = [([], state)]
    expanded = 0
    while stack and expanded < max_nodes:
        seq, s = stack.pop()
        expanded += 1
        for a in reversed(moves(s)):
            child = s.clone()
            try:
                child.apply(a)
                while not child.is_terminal() and child.current == player and child.legal_actions()[0][0] == CHOOSE:
                    child.apply(child.legal_actions()[0])
            except ValueError:
                continue
            key = _board_key(child, player)
            if key in seen:
                continue
            seen.add(key)
            item = (seq + [a], child)
            out.append(item)
            if not child.is_terminal() and child.current == player:
                stack.append(item)
    return out


def _expected_keys(state, player: int, seq: list[tuple]) -> list[tuple]:
    """The board key before each move of `seq` played from `state` (in-card choices: the first option, as in
    play_sequences)."""
    s = state.clone()
    keys = []
    for a in seq:
        keys.append(_board_key(s, player))
        s.apply(a)
        while not s.is_terminal() and s.current == player and s.legal_actions()[0][0] == CHOOSE:
            s.apply(s.legal_actions()[0])
    return keys


def _board_key(s, player: int) -> tuple:
    """What a later decision depends on: boards, heroes, hand size, mana and hero-power use."""
    me, opp = s.players[player], s.players[1 - player]
    def side(p):
        return (p.hero.health, p.hero.armor, p.mana, p.hero_power_used, len(p.hand),
                tuple((m.card.id, m.attack, m.health, m.taunt, m.divine_shield, m.can_attack(), m.frozen) for m in p.board),
                None if p.weapon is None else (p.weapon.attack, p.weapon.durability))
    return (s.terminal, s.winner, side(me), side(opp), tuple(c.id for c in me.hand))


class QAgent(Agent):
    """Hand tree + board model (spec section 6). Subclasses fix the variant."""

    variant = "q57"

    def __init__(self, seed: int = 0, ckpt: str = "", max_nodes: int = 400, leaf: str = "mean",
                 plan: str = "cards") -> None:
        if not ckpt:
            raise UserError(f"agent {self.name!r} needs ckpt=PATH (a checkpoint from `cardlab train dqn --variant {self.variant}`)")
        if leaf not in LEAF_SCORES:
            raise UserError(f"agent {self.name!r}: leaf must be one of {', '.join(LEAF_SCORES)}, got {leaf!r}")
        if plan not in PLANS:
            raise UserError(f"agent {self.name!r}: plan must be one of {', '.join(PLANS)}, got {plan!r}")
        if max_nodes < 1:  # (0 would expand nothing: the agent could only end its turns)
            raise UserError(f"agent {self.name!r}: max_nodes must be >= 1, got {max_nodes}")
        if plan == "turn" and leaf != "mean":
            raise UserError(f"agent {self.name!r}: plan=turn scores its leaves by Q(END_TURN); leave leaf= out")
        opts: dict[str, Any] = {"ckpt": ckpt}
        if max_nodes != 400:
            opts["max_nodes"] = max_nodes
        if leaf != "mean":
            opts["leaf"] = leaf
        if plan != "cards":
            opts["plan"] = plan
        super().__init__(seed, **opts)
        self.leaf = leaf
        self.plan = plan
        self.model = load_board_model(ckpt, self.variant)
        self.max_nodes = max_nodes
        self._plan: list[tuple] = []
        self._expected: list[tuple] = []
        self._planned_turn = -1

    def reset(self, player: int, seed: int) -> None:
        super().reset(player, seed)
        self._plan = []
        self._expected = []
        self._planned_turn = -1

    def act(self, observation: State) -> Action:
        s = observation
        legal = s.legal_actions()
        if legal[0][0] == MULLIGAN:
            return (MULLIGAN, 0)
        if legal[0][0] == CHOOSE:  # the turn plan assumed the first option
            return legal[0] if self.plan == "turn" else legal[self.rng.randrange(len(legal))]
        player = s.current
        if self.plan == "turn":
            return self._act_turn_plan(s, player, legal)
        if self._planned_turn != s.turn:
            self._planned_turn = s.turn
            self._plan = self.plan_cards(s, player) if _hand_moves(legal) else []
        if self._plan:
            action = self._plan.pop(0)
            if action in legal:
                return action
            self._plan = []  # a random outcome changed the world: stop playing cards this turn
        action = self.model.choose(s, player, legal)
        if action == END_TURN_ACTION:
            swing = self._weapon_swing(legal)
            if swing is not None:
                return swing
        return action

    def plan_cards(self, observation, player: int) -> list[tuple]:
        """The hand model: the play sequence whose resulting board the board model likes best."""
        full = observation.determinize(player, self.rng)
        leaves = play_sequences(full, player, self.max_nodes)
        best_seq: list[tuple] = []
        scored = []
        for seq, leaf in leaves:
            if leaf.is_terminal():
                if leaf.winner == player:
                    return seq  # a sequence that wins now beats any board
                continue
            if leaf.current != player:
                continue
            scored.append((seq, leaf))
        if not scored:
            return best_seq
        feats = np.stack([encode_board(leaf, player) for _, leaf in scored])
        masks = np.stack([self.model.mask(leaf.legal_actions()) for _, leaf in scored])
        scores = self.model.leaf_scores(feats, masks, "mean" if self.leaf == "mean" else "max")
        if self.leaf == "value" and self.model.reward == "shaped":
            scores = scores + np.array([rho(leaf, player) for _, leaf in scored], dtype=scores.dtype)
        return scored[int(np.argmax(scores))][0]  # ties: the first, i.e. fewer plays

    def _act_turn_plan(self, s: State, player: int, legal: list[tuple]) -> Action:
        """plan=turn: follow the turn's plan; plan again when the board is not the one the plan expected (a random
        outcome, a drawn card), since later moves name slots of the expected board."""
        if (self._planned_turn != s.turn or (self._plan and self._plan[0] not in legal)
                or (self._expected and _board_key(s, player) != self._expected[0])):
            self._planned_turn = s.turn
            self._plan, self._expected = self.plan_turn(s, player)
        if self._plan:
            self._expected.pop(0)
            return self._plan.pop(0)
        return self._weapon_swing(legal) or END_TURN_ACTION

    def plan_turn(self, observation, player: int) -> tuple[list[tuple], list[tuple]]:
        """Card plays and attacks (the board model's own moves) in one tree; the turn ends at the leaf whose
        Q(END_TURN) (+ rho for shaped models) is highest. Returns the moves and the board key expected before each."""
        full = observation.determinize(player, self.rng)

        def moves(state) -> list[tuple]:
            legal = state.legal_actions()
            return _hand_moves(legal) + self.model.attack_moves(state, player, legal)

        best: list[tuple] | None = None
        scored = []
        for seq, leaf in play_sequences(full, player, self.max_nodes, moves):
            if leaf.is_terminal():
                if leaf.winner == player:
                    best = seq
                    break
                continue
            if leaf.current == player:
                scored.append((seq, leaf))
        if best is None:
            if not scored:
                return [], []
            scores = self.model.end_scores(np.stack([encode_board(leaf, player) for _, leaf in scored]))
            if self.model.reward == "shaped":
                scores = scores + np.array([rho(leaf, player) for _, leaf in scored], dtype=scores.dtype)
            best = scored[int(np.argmax(scores))][0]  # ties: the first found
        return list(best), _expected_keys(full, player, best)

    @staticmethod
    def _weapon_swing(legal: list[tuple]) -> tuple | None:
        if (ATTACK, 0, ENEMY_HERO) in legal:
            return (ATTACK, 0, ENEMY_HERO)
        return None


class Q57Agent(QAgent):
    name = "q57"
    variant = "q57"


class Q8Agent(QAgent):
    name = "q8"
    variant = "q8"


AGENTS = {"q57": Q57Agent, "q8": Q8Agent}
