"""Every player: baseline bots, turn-tree search, agents that wrap trained networks."""
