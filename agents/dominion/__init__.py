"""Dominion strategies: BigMoney, greedy, Smithy-BM and the evolvable extremal strategies."""
