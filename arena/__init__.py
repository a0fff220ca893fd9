"""arena package."""
