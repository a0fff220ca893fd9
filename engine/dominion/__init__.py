"""Dominion, base set (first edition), 2-4 players."""
