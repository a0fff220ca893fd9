"""Game rules only: the protocol (core.py) and one package per game."""
