"""datagen package."""
