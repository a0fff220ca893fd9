"""A game written outside cardlab's packages, as a pip-installed plugin would be: `tinynim`.

Its game module is `game`; its other parts are the sibling modules `features`, `agents`, `evaluators`, `render` and
`action_ids`, which cardlab finds from the game module's path once the game is registered
(`register_game("tinynim", "tests.platform.plugin_game.game")` or a `cardlab.games` entry point).
"""
