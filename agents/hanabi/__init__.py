"""Hanabi rule-based agents: random, almost-random, hinting, counting, age."""
