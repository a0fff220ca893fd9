"""Starting a value-network run from an exported checkpoint's weights (`init:`), e.g. a shipped net fine-tuned on
one's own games. The new run keeps the checkpoint's normaliser: its first layer was learned on those feature
scales, so re-normalising with the new data's statistics would undo what it knows."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cardlab.runtime import UserError

# settings that shape the weights: a run started from a checkpoint takes these from it (train value fills in those
# the user left unset, and a different value is refused, since the weights would not fit)
ARCHITECTURE = ("chains", "colour_labels", "hidden", "activation", "norm")
# what train value also takes from it when unset: dropout may change, but not between none and some (a dropout
# layer shifts the layers' names), and which features the normaliser ignores is the checkpoint's
INHERITED = ARCHITECTURE + ("dropout", "ignore_constant_features")


def load_init(name: str):
    """(network, meta) of the checkpoint or zoo name `name`; errors say they are about the init checkpoint."""
    from cardlab.agents.value_evaluator import load_value_checkpoint

    if not isinstance(name, str) or not name.strip():
        raise UserError(f"init: {name!r} is not a checkpoint: give a value.pt path or a shipped model's name "
                        "(`cardlab models`)")
    try:
        return load_value_checkpoint(name, None)
    except UserError as exc:
        text = str(exc)
        if "not a cardlab value checkpoint" in text:
            text += " (a DQN or Q-learning model cannot start a value network)"
        raise UserError(f"init {name}: {text}") from None


def inherited_settings(name: str) -> dict:
    """The settings of INHERITED the checkpoint `name` was trained with."""
    _, meta = load_init(name)
    config = meta.get("config") or {}
    return {key: config[key] for key in INHERITED if key in config}


def refuse_unfit_data(name: str, meta: dict, path, attrs: dict, in_dim: int | None = None) -> None:
    """One error naming the checkpoint when its weights cannot read the rows of the file `path` (its attributes)."""
    game = attrs.get("game_name", "hearthstone")
    if meta.get("game") != game:
        raise UserError(f"init {name}: trained for the game {meta.get('game')!r}, but {path} holds {game!r} games")
    data = {"encoder": attrs.get("encoder"), "encoder_version": int(attrs.get("encoder_version", 0)),
            "encoder_options": attrs.get("encoder_options", "{}"), **({"in_dim": in_dim} if in_dim is not None else {})}
    for key, value in data.items():
        theirs = meta.get(key)
        if key == "encoder_version":
            theirs = int(theirs or 0)
        if theirs != value:
            raise UserError(f"init {name}: trained on {key} {theirs!r}, but {path} has {value!r}; write the data "
                            "with the checkpoint's encoder (`cardlab datagen --encoder`) or train from scratch")
    if "encoder_vocabulary" in attrs and "encoder_vocabulary" in meta:
        vocabulary = attrs["encoder_vocabulary"]
        if (json.loads(vocabulary) if isinstance(vocabulary, str) else list(vocabulary)) != list(meta["encoder_vocabulary"]):
            raise UserError(f"init {name}: its card codes differ from those of {path} (written with other card "
                            "data); train from scratch on this file")
    from cardlab.train.value import label_scale_of

    if float(meta.get("label_scale", 100.0)) != label_scale_of(attrs):
        raise UserError(f"init {name}: its labels are scaled by {meta.get('label_scale')}, those of {path} by "
                        f"{label_scale_of(attrs)}")
    if meta.get("kind") == "colour_trio":
        have = {"green": int(attrs.get("green_threshold", 15)), "red": int(attrs.get("red_threshold", 1))}
        if dict(meta.get("colour_thresholds") or have) != have:
            raise UserError(f"init {name}: its colour thresholds {meta.get('colour_thresholds')} differ from those of "
                            f"{path} ({have})")


def refuse_unfit_settings(name: str, meta: dict, cfg) -> None:
    """One error naming the checkpoint when the run's settings would not fit its weights."""
    trio = cfg.chains == "colour"
    kind = "colour_trio" if trio else "value_net"
    if meta.get("kind") != kind:
        raise UserError(f"init {name}: it is a {meta.get('kind')}, but this run trains a {kind} (chains: {cfg.chains}); "
                        "leave chains unset to take the checkpoint's")
    config = meta.get("config") or {}
    for key in ARCHITECTURE + ("ignore_constant_features",):
        mine = getattr(cfg, key)
        theirs = config.get(key, mine)
        if key == "colour_labels" and not trio:
            continue  # one net: the setting has no effect
        if theirs != mine:
            raise UserError(f"init {name}: trained with {key} {theirs!r}, this run asks for {mine!r}; a run started "
                            f"from its weights keeps its {', '.join(ARCHITECTURE)} and ignore_constant_features")
    theirs = float(config.get("dropout", 0.0))
    if (theirs > 0) != (cfg.dropout > 0):
        raise UserError(f"init {name}: trained with dropout {theirs:g}, this run asks for {cfg.dropout:g}; dropout may "
                        "change, but not between 0 and more (the layers would not line up)")


def refuse_unfit_files(name: str, cfg, files) -> None:
    """Before any file is read or merged: the checkpoint against the settings and every file's attributes."""
    from cardlab.datagen.reader import check_file

    _, meta = load_init(name)
    for path in files:
        refuse_unfit_data(name, meta, path, check_file(path))
    refuse_unfit_settings(name, meta, cfg)


def warm_start(module, cfg, dm) -> dict:
    """Load cfg.init's weights (and normaliser) into `module`; returns what value.pt records of where it started."""
    net, meta = load_init(cfg.init)
    refuse_unfit_data(cfg.init, meta, dm.path, dm.attrs, dm.in_dim)
    refuse_unfit_settings(cfg.init, meta, cfg)
    module.net.load_state_dict(net.state_dict())
    warn_ignored_features(cfg.init, module, dm)
    return {"checkpoint": cfg.init, "weights_sha256": meta.get("weights_sha256")}


def warn_ignored_features(name: str, module, dm) -> None:
    """The checkpoint's normaliser maps features it saw constant to 0 (ignore_constant_features): say so when they
    vary in the new data, since the fine-tuned net cannot learn from them."""
    from cardlab.train.value import IGNORED_STD

    nets = module.net.nets.values() if module.trio else [module.net]
    std = next(iter(nets)).normalizer.std
    ignored = (std >= IGNORED_STD / 10) & (dm.std.to(std.dtype) > 1e-6)
    count = int(ignored.sum())
    if count:
        print(f"cardlab train: warning: {count} feature(s) vary in {dm.path} but {name} ignores them (constant in its "
              "own training data): the fine-tuned net cannot learn from them", file=sys.stderr)


def resumed_settings(last: Path) -> dict:
    """The settings of INHERITED a run started with init was trained with (from its last checkpoint)."""
    from cardlab.train.resume import open_resume_checkpoint

    try:
        saved = open_resume_checkpoint(last, "value-training")["hyper_parameters"]["cfg"]
    except (KeyError, TypeError):
        return {}  # resume_checkpoint says what is wrong with it
    return {key: saved[key] for key in INHERITED if key in saved}


def recorded_start(last: Path) -> dict | None:
    """The `init` record a run's last checkpoint carries (a resume keeps where the run started, whatever the init
    file holds now)."""
    from cardlab.train.resume import open_resume_checkpoint

    try:
        return open_resume_checkpoint(last, "value-training")["hyper_parameters"]["meta"].get("init")
    except (KeyError, TypeError, AttributeError):
        return None
