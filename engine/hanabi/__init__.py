"""Hanabi, 2-5 players, cooperative; the mini variant and HLE-style small variants."""
