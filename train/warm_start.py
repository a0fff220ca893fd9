"""Starting a value-network run from an exported checkpoint's weights (`init:`), e.g. a shipped net fine-tuned on
one's own games. The new run keeps the checkpoint's normaliser: its first layer was learned on those feature
scales, so re-normalising with the new data's statistics would undo what it knows."""

from __future__ import annotations

import json

from cardlab.runtime import UserError

# settings that shape the weights: a run started from a checkpoint takes these from it (train value fills in those
# the user left unset, and a different value is refused, since the weights would not fit)
ARCHITECTURE = ("chains", "colour_labels", "hidden", "activation", "norm")
# and what train value takes from it as a default only (the user may change it)
INHERITED = ARCHITECTURE + ("dropout",)


def load_init(name: str, game: str | None = None):
    """(network, meta) of the checkpoint or zoo name `name`, with the errors every checkpoint reader gives."""
    from cardlab.agents.value_evaluator import load_value_checkpoint

    return load_value_checkpoint(name, game)


def inherited_settings(name: str) -> dict:
    """The settings of INHERITED the checkpoint `name` was trained with."""
    _, meta = load_init(name)
    config = meta.get("config") or {}
    return {key: config[key] for key in INHERITED if key in config}


def refuse_unfit_init(name: str, meta: dict, cfg, dm, trio: bool) -> None:
    """One error naming the checkpoint when its weights cannot start a run on this data with these settings."""
    kind = "colour_trio" if trio else "value_net"
    if meta.get("kind") != kind:
        raise UserError(f"init {name}: it is a {meta.get('kind')}, but this run trains a {kind} (chains: {cfg.chains}); "
                        "leave chains unset to take the checkpoint's")
    config = meta.get("config") or {}
    for key in ARCHITECTURE:
        mine = getattr(cfg, key)
        theirs = config.get(key, mine)
        if key == "colour_labels" and not trio:
            continue  # one net: the setting has no effect
        if theirs != mine:
            raise UserError(f"init {name}: trained with {key} {theirs!r}, this run asks for {mine!r}; a run started "
                            f"from its weights keeps its {', '.join(ARCHITECTURE)}")
    attrs = dm.attrs
    data = {"encoder": attrs.get("encoder"), "encoder_version": int(attrs.get("encoder_version", 0)),
            "encoder_options": attrs.get("encoder_options", "{}"), "in_dim": dm.in_dim}
    for key, value in data.items():
        theirs = meta.get(key)
        if key == "encoder_version":
            theirs = int(theirs or 0)
        if theirs != value:
            raise UserError(f"init {name}: trained on {key} {theirs!r}, but {dm.path} has {value!r}; write the data "
                            "with the checkpoint's encoder (`cardlab datagen --encoder`) or train from scratch")
    if "encoder_vocabulary" in attrs and "encoder_vocabulary" in meta:
        if json.loads(attrs["encoder_vocabulary"]) != list(meta["encoder_vocabulary"]):
            raise UserError(f"init {name}: its card codes differ from those of {dm.path} (written with other card data); "
                            "train from scratch on this file")
    if float(meta.get("label_scale", 100.0)) != float(dm.label_scale):
        raise UserError(f"init {name}: its labels are scaled by {meta.get('label_scale')}, those of {dm.path} by "
                        f"{dm.label_scale}")
    if trio:
        have = {"green": int(attrs.get("green_threshold", 15)), "red": int(attrs.get("red_threshold", 1))}
        if dict(meta.get("colour_thresholds") or have) != have:
            raise UserError(f"init {name}: its colour thresholds {meta.get('colour_thresholds')} differ from those of "
                            f"{dm.path} ({have})")


def warm_start(module, cfg, dm) -> dict:
    """Load cfg.init's weights (and normaliser) into `module`; returns what value.pt records of where it started."""
    game = dm.attrs.get("game_name", "hearthstone")
    net, meta = load_init(cfg.init, game)
    refuse_unfit_init(cfg.init, meta, cfg, dm, module.trio)
    module.net.load_state_dict(net.state_dict())
    return {"checkpoint": cfg.init, "weights_sha256": meta.get("weights_sha256")}
