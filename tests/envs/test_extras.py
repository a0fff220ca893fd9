"""cardlab.envs imports without the optional libraries; building a front end then names the extra to install."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = r"""
import sys

class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("gymnasium", "pettingzoo", "pyspiel", "open_spiel"):
            raise ImportError(f"blocked {name}")

sys.meta_path.insert(0, Block())
import cardlab.envs
from cardlab.runtime import UserError

assert cardlab.envs.register_gymnasium() is False
builders = [(lambda: cardlab.envs.pettingzoo_env("hanabi"), "rl"), (lambda: cardlab.envs.gymnasium_env("hanabi"), "rl"),
            (lambda: cardlab.envs.openspiel_game("hanabi"), "openspiel")]
for build, extra in builders:
    try:
        build()
    except UserError as exc:
        assert f"cardlab[{extra}]" in str(exc), exc
    else:
        raise SystemExit(f"built without {extra}")
codec = cardlab.envs.GameCodec("hanabi")  # the codec itself needs numpy only
assert codec.observe(codec.new_state(0), 0).shape == (codec.obs_dim,)
print("ok")
"""


def test_import_without_extras_and_clear_error():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_front_end_builders_are_not_shadowed_by_their_modules():
    import importlib

    import cardlab.envs

    for module in ("pettingzoo_aec", "gymnasium_seat", "openspiel_games"):
        try:
            importlib.import_module(f"cardlab.envs.{module}")
        except Exception:  # an extra missing here is test_import_without_extras's business
            pass
    assert all(callable(getattr(cardlab.envs, name)) and not isinstance(getattr(cardlab.envs, name), type(cardlab))
               for name in ("pettingzoo_env", "gymnasium_env", "openspiel_game"))
