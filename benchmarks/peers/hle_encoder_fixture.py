"""Parity of cardlab's "hle" encoder (engine/hanabi/hle_features.py) with the Hanabi Learning Environment's canonical
observation encoder, and the fixture that lets CI (which has no HLE) check it: tests/hanabi/data/hle_canonical.json.gz.

Runs under a Python that has both HLE and cardlab: a scratch venv outside the repository with
`pip install hanabi-learning-environment` (it compiles C++: cmake and g++ needed; set
SKBUILD_CONFIGURE_OPTIONS="-DCMAKE_POLICY_VERSION_MINIMUM=3.5" with a new cmake) and cardlab importable in it (copy
the system site-packages' `__editable__*cardlab*` .pth and finder into the venv, or put the repository's install on
its path). HLE plays each game (its own seeded deals; seeded random moves, or a peeking policy that keeps games long
enough to empty the deck); our engine replays the same deck order and moves, and every player's row is compared at
every position, including the opening deal and the final one.

    python hle_encoder_fixture.py verify [--games 50] [--players 2 3 4 5]    compare, print mismatches and coverage
    python hle_encoder_fixture.py fixture [--out PATH]                       write the (small) test fixture
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections import Counter
from pathlib import Path

from hanabi_learning_environment import pyhanabi

from cardlab.engine.hanabi.config import PLAY, HanabiConfig, variant_config
from cardlab.engine.hanabi.hle_features import HanabiHLE, as_hle_terminal
from cardlab.engine.hanabi.state import HanabiState

OUT = Path(__file__).resolve().parents[2] / "tests" / "hanabi" / "data" / "hle_canonical.json.gz"
MT = pyhanabi.HanabiMoveType


def hle_game(cfg: HanabiConfig, seed: int) -> pyhanabi.HanabiGame:
    return pyhanabi.HanabiGame({"players": cfg.players, "colors": cfg.colours, "ranks": cfg.ranks,
                                "hand_size": cfg.hand_size, "max_information_tokens": cfg.hints,
                                "max_life_tokens": cfg.fuses, "seed": seed, "random_start_player": False})


def to_action(cfg: HanabiConfig, move: pyhanabi.HanabiMove) -> int:
    kind = move.type()
    if kind == MT.PLAY:
        return cfg.play(move.card_index())
    if kind == MT.DISCARD:
        return cfg.discard(move.card_index())
    if kind == MT.REVEAL_COLOR:
        return cfg.hint_colour(move.target_offset(), move.color())
    if kind == MT.REVEAL_RANK:
        return cfg.hint_rank(move.target_offset(), move.rank())
    raise ValueError(f"not a player move: {move}")


def choose(state: pyhanabi.HanabiState, rng: random.Random, policy: str) -> pyhanabi.HanabiMove:
    """`random`: a uniform legal move. `peek`: plays a playable card of its own (it peeks) most of the time, else a
    random hint or discard, misplaying now and then, so games run long, empty the deck and complete fireworks."""
    legal = state.legal_moves()
    if policy == "peek":
        hand = state.player_hands()[state.cur_player()]
        plays = [m for m in legal if m.type() == MT.PLAY
                 and state.card_playable_on_fireworks(hand[m.card_index()].color(), hand[m.card_index()].rank())]
        if plays and rng.random() < 0.8:
            return rng.choice(plays)
        if rng.random() < 0.97:
            legal = [m for m in legal if m.type() != MT.PLAY] or legal
    return rng.choice(legal)


def play(cfg: HanabiConfig, seed: int, policy: str) -> dict:
    """One HLE game: the deal order (card codes), our action ints, and HLE's rows per position per player."""
    game = hle_game(cfg, seed)
    encoder = pyhanabi.ObservationEncoder(game, pyhanabi.ObservationEncoderType.CANONICAL)
    state = game.new_initial_state()
    rng = random.Random(seed)
    moves, rows, legal = [], [], []
    while True:
        if not state.is_terminal() and state.cur_player() == pyhanabi.CHANCE_PLAYER_ID:
            state.deal_random_card()
            continue
        rows.append([encoder.encode(state.observation(p)) for p in range(cfg.players)])
        if state.is_terminal():
            break
        legal.append(sorted(to_action(cfg, m) for m in state.legal_moves()))
        move = choose(state, rng, policy)
        moves.append(to_action(cfg, move))
        state.apply_move(move)
    deals = [cfg.code(item.move().color(), item.move().rank()) for item in state.move_history()
             if item.move().type() == MT.DEAL]
    return {"deals": deals, "moves": moves, "rows": rows, "legal": legal, "score": state.score(),
            "width": encoder.shape()[0],
            "information_token_items": [(item.move().type(), item.information_token()) for item in state.move_history()
                                        if item.move().type() in (MT.PLAY, MT.DISCARD)]}


def replay_deck(cfg: HanabiConfig, deals: list[int]) -> list[int]:
    """Our engine's deck (the next card last): the dealt cards in deal order, the never-dealt ones before them."""
    left = Counter({code: cfg.copies[code] for code in range(cfg.num_codes)})
    left.subtract(deals)
    rest = [code for code in range(cfg.num_codes) for _ in range(left[code])]
    return rest + deals[::-1]


def bits(row) -> str:
    """A 0/1 row as hex (4 bits a digit, the first bit the highest of the first digit, zero-padded at the end)."""
    text = "".join("1" if x else "0" for x in row)
    text += "0" * (-len(text) % 4)
    return "".join(f"{int(text[i:i + 4], 2):x}" for i in range(0, len(text), 4))


def compare(cfg: HanabiConfig, record: dict, coverage: Counter) -> list[str]:
    """Replay in our engine; every difference as text (rows, legal moves, end of game)."""
    encoder = HanabiHLE(cfg)
    state = HanabiState._dealt(cfg, replay_deck(cfg, record["deals"]))
    problems = []
    names = encoder.feature_names
    for step, hle_rows in enumerate(record["rows"]):
        for p in range(cfg.players):
            ours = encoder.values(state, p)
            if ours != encoder.values(state.observation(p), p):
                problems.append(f"step {step} player {p}: full state and observation rows differ")
            if len(ours) != len(hle_rows[p]):
                problems.append(f"width {len(ours)} != HLE {len(hle_rows[p])}")
                return problems
            if state.terminal and state.history and state.history[-1].drawn_id >= 0:
                coverage["terminal rows with a drawn replacement (known difference)"] += 1
                if [int(x) for x in ours] == list(hle_rows[p]):
                    problems.append(f"step {step} player {p}: the known terminal difference did not show")
            ours = as_hle_terminal(encoder, state, p, ours)
            diff = [names[i] + f"(ours {int(ours[i])})" for i in range(len(ours)) if int(ours[i]) != hle_rows[p][i]]
            if diff:
                problems.append(f"step {step}{' (terminal)' if state.terminal else ''} player {p}: {diff[:8]}")
        coverage["positions"] += 1
        coverage["rows"] += cfg.players
        if state.deck == () and not state.terminal:
            coverage["deck empty"] += 1
        if state.history and state.history[-1].kind == PLAY and state.history[-1].success \
                and cfg.rank_of[state.history[-1].card] == cfg.ranks - 1:
            coverage["firework completed at " + ("max tokens" if state.hint_tokens == cfg.hints else "< max")] += 1
        if step < len(record["moves"]):
            if state.terminal:
                problems.append(f"step {step}: our game is over, HLE's is not")
                return problems
            if state.legal_actions() != record["legal"][step]:
                problems.append(f"step {step}: legal moves differ: ours {state.legal_actions()}, "
                                f"HLE {record['legal'][step]}")
            state.apply(record["moves"][step])
    if not state.terminal:
        problems.append("HLE's game is over, ours is not")
    elif record["score"] != HanabiState.score(state) and not (state.fuses_left == 0 and record["score"] == 0):
        problems.append(f"score {state.score()} != HLE {record['score']}")  # HLE scores a bomb-out 0
    return problems


def configs(players: list[int], extra: bool) -> list[HanabiConfig]:
    out = [variant_config(players=p) for p in players]
    if extra:  # HLE's small presets and a few odd shapes
        out += [variant_config(players=2, colours=2, ranks=5, hand_size=2, hints=3, fuses=1),
                variant_config(players=2, colours=1, ranks=5, hand_size=2, hints=3, fuses=1),
                variant_config(players=3, colours=3, ranks=4, hand_size=3, hints=5, fuses=2),
                variant_config(players=4, colours=4, ranks=2, hand_size=3, hints=2, fuses=4),
                variant_config(players=5, colours=5, ranks=1, hand_size=2, hints=1, fuses=1),
                variant_config(players=2, colours=5, ranks=5, hand_size=7, hints=10, fuses=5)]
    return out


def verify(games: int, players: list[int], extra: bool) -> int:
    total = 0
    info_token_discards = 0
    for cfg in configs(players, extra):
        coverage = Counter()
        bad = 0
        for g in range(games):
            record = play(cfg, seed=1000 + g, policy="peek" if g % 2 else "random")
            info_token_discards += sum(1 for kind, token in record["information_token_items"]
                                       if kind == MT.DISCARD and token)
            problems = compare(cfg, record, coverage)
            if problems:
                bad += 1
                if bad <= 3:
                    print(f"  {cfg.spec()} game {g}: " + "; ".join(problems[:4]))
        total += bad
        print(f"{cfg.spec()}: {games} games, {coverage['positions']} positions, {coverage['rows']} rows, "
              f"{bad} games with mismatches; coverage {dict(coverage)}")
    print(f"(HLE history items of discards flagged information_token: {info_token_discards})")
    return 1 if total else 0


def fixture(out: Path) -> None:
    """A few games per player count (long peeking games: an empty deck, completed fireworks; short random ones:
    misplays, a bomb-out with cards left in the deck) and one peeking game of each odd shape."""
    games = []
    coverage = Counter()
    plan = [(variant_config(players=p), seed, policy) for p in (2, 3, 4, 5)
            for seed, policy in ((7, "peek"), (8, "random"), (9, "random"))]
    plan += [(cfg, 20 + i, "peek") for i, cfg in enumerate(configs([], True))]
    for cfg, seed, policy in plan:
        record = play(cfg, seed, policy)
        problems = compare(cfg, record, coverage)
        if problems:
            sys.exit(f"{cfg.spec()} seed {seed}: not in parity: {problems[:3]}")
        games.append({"config": cfg.to_dict(), "seed": seed, "policy": policy, "deals": record["deals"],
                      "moves": record["moves"], "score": record["score"],
                      "width": record["width"],
                      "rows": [[bits(row) for row in position] for position in record["rows"]]})
    print(f"coverage {dict(coverage)}")
    data = {"encoder": "hle", "version": HanabiHLE.version, "source": "hanabi-learning-environment 0.0.4, "
            "CanonicalObservationEncoder; rows[position][player] as hex bitstrings, 4 bits a digit",
            "games": games}
    out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":")).encode()
    with open(out, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as f:
        f.write(text)  # no name or time in the header: the same games give the same bytes
    print(f"{out}: {len(games)} games, {sum(len(g['rows']) for g in games)} positions, {out.stat().st_size} bytes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    v = sub.add_parser("verify")
    v.add_argument("--games", type=int, default=50)
    v.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    v.add_argument("--no-extra", action="store_true", help="only the full game per player count")
    f = sub.add_parser("fixture")
    f.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if args.command == "verify":
        return verify(args.games, args.players, not args.no_extra)
    fixture(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
