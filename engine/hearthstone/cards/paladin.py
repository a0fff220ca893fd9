"""paladin cards."""

from engine.hearthstone.dsl import *  # noqa: F401,F403

CARDS = {
}
