"""Peer speed, HLE's C++ core through pyhanabi (hanabi-learning-environment 0.0.4), uniform random legal moves, with
no rl_env dictionaries: `raw` takes the legal moves from the state, `obs` from the acting player's observation (as
cardlab's protocol does). Run with the peer's interpreter: python hle_pyhanabi.py N [players]"""
import random
import sys
import time

from hanabi_learning_environment import pyhanabi

n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
game = pyhanabi.HanabiGame({"players": players, "random_start_player": False})
for mode in ("raw", "obs"):
    rng = random.Random(0)
    moves = 0
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.cur_player() == pyhanabi.CHANCE_PLAYER_ID:
                state.deal_random_card()
                continue
            legal = state.observation(state.cur_player()).legal_moves() if mode == "obs" else state.legal_moves()
            state.apply_move(legal[rng.randrange(len(legal))])
            moves += 1
    elapsed = time.perf_counter() - start
    print(f"HLE pyhanabi {mode} {players}p: {n} games {elapsed:.2f}s {n / elapsed:.1f} games/s {moves / n:.1f} moves/game")
