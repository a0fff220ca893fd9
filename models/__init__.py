"""Plain torch modules: value MLPs, Q-networks, the target classifier. No Lightning, no I/O."""
