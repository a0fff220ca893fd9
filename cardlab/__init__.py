"""cardlab package."""
