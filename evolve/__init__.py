"""Genetic and evolution-strategy loops over agent parameters; fitness from matches."""
