"""Leaf evaluation with a trained value network (one MLP or the threat-colour trio), batched, CPU or GPU.

Checkpoints are the small files `cardlab train value` exports (`value.pt`): weights plus the game, the encoder
name/version, normalisation, architecture and a data summary, so they load without Lightning.

Game-agnostic: the checkpoint names its game (a checkpoint of another game is refused) and its encoder, which is
rebuilt for that game's setup (Dominion's player count, Hanabi's deck shape) from the game spec of its training
data. Leaves are scored where the training rows were taken (`chain_point`: just before END_TURN for Hearthstone,
after the turn for Dominion and Hanabi), and a finished cooperative game is worth its score (what the net
estimates), not +inf.

Speed (the search scores tens of thousands of leaves a game): rows are built by the encoder's batched path, the
forward pass runs under `torch.inference_mode`, and on the CPU with one intra-op thread (`threads=1`): for these
small MLPs and batches of about 64 rows, a second thread made a pass 8-18x slower in wall time and 7-15x more CPU
on the 2-core development machine (threads wait on each other, and the other core is usually busy); the process's
own setting is restored after each pass. `stats` counts passes, rows, and the time spent encoding and in the
network (EvalStats), which is how `cardlab bench search-net` reports batch sizes, on a GPU too.

`ValueNetEnsemble` (`ckpt=A+B+C`) averages several networks' values: a search takes the maximum over thousands of
leaves, so one network's errors are what it picks; members with the same encoder share one encoding pass.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

import torch

from cardlab.runtime import UserError
from cardlab.models.checkpoint import load_value
from cardlab.models.value import ColourTrio

from cardlab.agents.evaluators import EvalStats, Evaluator, terminal_value

log = logging.getLogger(__name__)

COLOUR_OFFSET = (1000.0, 0.0, -1000.0)  # green, yellow, red: larger than any label (|label| <= reward)


def load_value_checkpoint(path: str | Path, game: str = "hearthstone"):
    """(network in eval mode, meta) from an exported checkpoint (format: models/checkpoint.py) or a model-zoo name
    (`cardlab models`), as agent specs take them."""
    from cardlab.checkpoints.zoo import resolve

    return load_value(resolve(str(path)), game)


def split_finished(evaluator, states: list, player: int) -> tuple[list, list, list]:
    """(values with finished games already scored, indices of the live states, the live states); counts the
    finished ones in `evaluator.stats`."""
    out = [0.0] * len(states)
    live = []
    for i, s in enumerate(states):
        if s.is_terminal():
            out[i] = evaluator.terminal(s, player)
        else:
            live.append(i)
    evaluator.stats.terminal += len(states) - len(live)
    live_states = states if len(live) == len(states) else [states[i] for i in live]
    return out, live, live_states


class ValueNetEvaluator(Evaluator):
    """evaluate(states, player) -> values in label units (about -100..100), larger = better for player."""

    before_end_turn = True  # Hearthstone's datagen records full and colour chains before END_TURN
    # A learned value need not grow with the features the turn tree's dominance pruning compares: with prune=auto
    # a search prunes transpositions only (agents/search/agent.py), whether it got `ckpt=PATH` or this object.
    monotone = False

    def __init__(self, path: str | Path, device: str = "auto", game="hearthstone", threads: int = 1) -> None:
        """`game`: the game the search plays (a name or a Game); a checkpoint of another game is refused.
        `threads`: torch intra-op threads during a CPU forward pass (0 = leave the process's setting)."""
        # Encoders live with their game (engine/<game>/features); the network only sees their tensors.
        from cardlab.engine.features import get_encoder

        game_name = game if isinstance(game, str) else game.name
        self.net, self.meta = load_value_checkpoint(path, game_name)
        self.path = str(path)
        self.name = f"ckpt={path}"
        self.before_end_turn = self.meta.get("chain_point", "before_end_turn") == "before_end_turn"
        self.cooperative = self.meta.get("game_kind") == "cooperative"
        try:
            self.encoder = get_encoder(self.meta["encoder"], self._encoder_game(game))
        except UserError as exc:
            raise UserError(f"{path}: its encoder cannot be built here ({exc})") from None
        if "encoder_vocabulary" in self.meta:  # the card codes the net was trained on, whatever the card data now
            try:
                self.encoder.use_vocabulary(self.meta["encoder_vocabulary"])
            except (ValueError, TypeError) as exc:
                raise UserError(f"{path}: its card codes do not fit its encoder ({exc})") from None
        want = int(self.meta.get("encoder_version", 0))
        if self.encoder.version != want or self.encoder.dim != int(self.meta["in_dim"]):
            raise UserError(
                f"{path}: trained with encoder {self.meta['encoder']} v{want} (dim {self.meta['in_dim']}), "
                f"but this cardlab has v{self.encoder.version} (dim {self.encoder.dim}); retrain or use a matching version")
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        try:
            self.device = torch.device(device)
            self.net.to(self.device)
        except (RuntimeError, AssertionError) as exc:  # a device this machine lacks: torch asserts or raises
            raise UserError(f"{path}: cannot put the network on device {device!r} ({str(exc).splitlines()[0]})") from None
        self.threads = int(threads) if self.device.type == "cpu" else 0
        self.stats = EvalStats()
        if self.device.type != "cpu":
            log.info("value network %s on %s", path, self.device)
        self.trio = isinstance(self.net, ColourTrio)
        # Trios trained on game labels predict the same quantity in every colour; sub-chain trios do not.
        self.rank_by_colour = self.trio and self.meta["config"].get("colour_labels", "sub_chain") == "sub_chain"
        thresholds = self.meta.get("colour_thresholds") or {}
        self.green = int(thresholds.get("green", 15))
        self.red = int(thresholds.get("red", 1))
        # Seats of the training game: a net trained at 4 players says nothing reliable about 2-player states,
        # even where the encoder's width would let it score them.
        trained = self._encoder_game(self.meta.get("game", "hearthstone"))
        self.players = None if isinstance(trained, str) else trained.num_players

    def reseed(self, seed: int) -> None:
        """seed96:random_slots shuffles minion slots: per game, not carried over from earlier games."""
        self.encoder.reseed(seed)

    def _encoder_game(self, game):
        """What the encoder is sized for: the game played when given as a Game, else the training data's game."""
        if not isinstance(game, str):
            return game
        spec = self.meta.get("game_spec")
        if spec and self.meta.get("game", "hearthstone") != "hearthstone":
            from cardlab.engine.registry import make_game

            return make_game(spec)
        return game

    def terminal(self, state, player: int) -> float:
        """A finished game: its score for cooperative games (label units), else +inf / -inf / 0."""
        if self.cooperative:
            return float(state.returns()[player])
        return terminal_value(state, player)

    def _rows(self, states: list, player: int):
        """The encoder's rows for `states`, refused in one line when they do not fit the network."""
        if self.players is not None and states and states[0].num_players != self.players:
            raise UserError(f"{self.path}: trained on {self.meta.get('game_spec')} ({self.players} players), not "
                            f"for a game of {states[0].num_players}: use a checkpoint trained at this player count")
        try:
            rows = self.encoder.encode_many(states, player)
        except (ValueError, IndexError) as exc:
            why = str(exc).split("; build the encoder")[0]  # that advice is for library callers building encoders
            raise UserError(f"{self.path}: its encoder {self.meta['encoder']} (dim {self.meta['in_dim']}, for "
                            f"{self.meta.get('game_spec') or self.meta.get('game')}) does not fit this game: {why}; "
                            "use a checkpoint trained on this game's setup") from None
        if rows.shape[1] != int(self.meta["in_dim"]):
            raise UserError(f"{self.path}: trained on {self.meta['in_dim']} features of "
                            f"{self.meta.get('game_spec') or self.meta.get('game')}, this game's rows have "
                            f"{rows.shape[1]}: use a checkpoint trained on this game's setup")
        return rows

    def colour(self, state, player: int) -> int:
        """0 green, 1 yellow, 2 red, with the thresholds of the training data (spec section 4)."""
        from cardlab.engine.hearthstone.threat import colour_of, effective_hp

        return int(colour_of(effective_hp(state, player), self.green, self.red))

    def evaluate(self, states: list, player: int) -> list[float]:
        out, live, live_states = split_finished(self, states, player)
        if not live:
            return out
        stats = self.stats
        t0 = time.perf_counter()
        rows = self._rows(live_states, player)
        t1 = time.perf_counter()
        values = self._forward(rows, live_states, player)
        stats.encode_s += t1 - t0
        stats.forward_s += time.perf_counter() - t1
        stats.forwards += 1
        stats.rows += len(live)
        stats.batch_sizes[len(live)] += 1
        for i, v in zip(live, values):
            out[i] = v
        return out

    def _forward(self, rows, states: list, player: int) -> list[float]:
        """The network's values for encoded `rows` (states: the same leaves, for the trio's colours)."""
        previous = torch.get_num_threads() if self.threads else 0
        if previous and previous != self.threads:
            torch.set_num_threads(self.threads)
        try:
            with torch.inference_mode():
                x = torch.from_numpy(rows)
                if self.device.type != "cpu":
                    x = x.to(self.device)
                if self.trio:
                    colours = [self.colour(s, player) for s in states]
                    values = self.net.value(x, torch.tensor(colours, device=self.device)).float().cpu()
                    if self.rank_by_colour:
                        # Sub-chain nets predict whether their colour improves or worsens, so values of different
                        # colours are not comparable: rank by colour first, the net breaks ties within a colour.
                        values = values + torch.tensor([COLOUR_OFFSET[c] for c in colours])
                else:
                    values = self.net.value(x)
                return values.float().cpu().numpy().tolist()
        finally:
            if previous and previous != self.threads:
                torch.set_num_threads(previous)

    def __repr__(self) -> str:
        return f"<ValueNetEvaluator {self.path} {self.meta['kind']} {self.meta['encoder']}>"



class ValueNetEnsemble(Evaluator):
    """The mean of several value networks of one game and chain point (`ckpt=A+B+C`), in label units."""

    monotone = False  # as its members (ValueNetEvaluator.monotone)

    def __init__(self, paths: list, device: str = "auto", game="hearthstone", threads: int = 1) -> None:
        if len(paths) < 2:
            raise UserError("an ensemble needs at least two checkpoints (ckpt=A+B)")
        self.members = [ValueNetEvaluator(p, device, game, threads) for p in paths]
        first = self.members[0]
        for m in self.members[1:]:
            if (m.before_end_turn, m.cooperative, m.meta.get("game")) != \
                    (first.before_end_turn, first.cooperative, first.meta.get("game")):
                raise UserError(f"{m.path}: not scored like {first.path} (game, chain point or labels differ); "
                                "an ensemble averages networks trained on the same kind of data")
        self.paths = [str(p) for p in paths]
        self.name = "ckpt=" + "+".join(self.paths)
        self.before_end_turn = first.before_end_turn
        self.stats = EvalStats()
        # Members with the same encoder (name, version, width, card codes) share one encoding of the leaves.
        self.groups: dict[tuple, list] = {}
        for m in self.members:
            key = (m.meta["encoder"], int(m.meta.get("encoder_version", 0)), int(m.meta["in_dim"]),
                   tuple(m.encoder.vocabulary() or ()))
            self.groups.setdefault(key, []).append(m)

    def terminal(self, state, player: int) -> float:
        return self.members[0].terminal(state, player)

    def reseed(self, seed: int) -> None:
        for m in self.members:
            m.reseed(seed)

    def evaluate(self, states: list, player: int) -> list[float]:
        out, live, live_states = split_finished(self, states, player)
        if not live:
            return out
        stats = self.stats
        total = [0.0] * len(live)
        for members in self.groups.values():
            t0 = time.perf_counter()
            rows = members[0]._rows(live_states, player)
            t1 = time.perf_counter()
            for m in members:
                for j, v in enumerate(m._forward(rows, live_states, player)):
                    total[j] += v
            stats.encode_s += t1 - t0
            stats.forward_s += time.perf_counter() - t1
        stats.forwards += 1
        stats.rows += len(live)
        stats.batch_sizes[len(live)] += 1
        n = len(self.members)
        for i, v in zip(live, total):
            out[i] = v / n
        return out

    def __repr__(self) -> str:
        return f"<ValueNetEnsemble {' + '.join(self.paths)}>"
