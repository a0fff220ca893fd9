"""`cardlab train value|dqn|qlearn`: train networks with Lightning (TensorBoard logs, checkpoints), or the reduced-state Q-learner."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

from cardlab.runtime import releases_folders

HELP = "train a value network on datagen chains (value), a DQN board model (dqn) or a reduced-state Q-learner (qlearn)"


def add_arguments(p) -> None:
    sub = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    v = sub.add_parser("value", help="state-value network (one MLP, or the threat-colour trio)")
    v.add_argument("--data", required=True, nargs="+", metavar="FILE",
                   help="HDF5 file(s) written by `cardlab datagen`; several files (same game, encoder and labels; "
                        "any deck pool) are merged into OUT/train-data.h5 first")
    v.add_argument("--config", help="YAML config (see configs/value_*.yaml); command-line options override it")
    v.add_argument("--chains", choices=["full", "colour"], help="full chains (one net) or colour chains (three nets)")
    v.add_argument("--init", metavar="CKPT",
                   help="start from this value.pt or shipped model's weights and feature normaliser (fine-tuning on "
                        "new games); the run takes its chains, colour_labels, hidden sizes, activation, norm and "
                        "ignore_constant_features (other values are refused) and, unless set, its dropout (which may "
                        "not change to or from 0); the data must have its game, encoder and card codes")
    v.add_argument("--max-epochs", type=int)
    v.add_argument("--batch-size", type=int)
    v.add_argument("--lr", type=float)
    v.add_argument("--seed", type=int)
    v.add_argument("--devices", help="auto (default): one device, the GPU when there is one; N: N GPUs with --strategy ddp "
                   "(N CPU processes without a GPU)")
    v.add_argument("--strategy", help="Lightning strategy, e.g. ddp for several GPUs")
    v.add_argument("--precision", help="e.g. 32-true, 16-mixed, bf16-mixed")
    v.add_argument("--out", default="runs/value", help="output folder (value.pt, checkpoints/, tensorboard/)")
    v.add_argument("--json", action="store_true", help="print the summary as JSON")
    v.add_argument("--resume", action="store_true",
                   help="continue the run in --out from its last completed epoch (same data and settings; "
                        "--max-epochs may grow)")
    v.set_defaults(run_what=run_value)
    try:
        from cardlab.commands import train_dqn
    except ImportError:
        return
    d = sub.add_parser("dqn", help=train_dqn.HELP)
    train_dqn.add_arguments(d)
    d.set_defaults(run_what=train_dqn.run)
    from cardlab.commands import train_qlearn

    q = sub.add_parser("qlearn", help=train_qlearn.HELP)
    train_qlearn.add_arguments(q)
    q.set_defaults(run_what=train_qlearn.run)


@releases_folders
def run_value(args) -> int:
    from cardlab.train.config import load_yaml
    from cardlab.train.value import ValueConfig, fit_value

    settings = load_yaml(args.config) if args.config else {}
    overrides = {"chains": args.chains, "max_epochs": args.max_epochs, "batch_size": args.batch_size, "lr": args.lr,
                 "seed": args.seed, "devices": args.devices, "strategy": args.strategy, "precision": args.precision,
                 "init": args.init}
    settings.update({k: v for k, v in overrides.items() if v is not None})
    if "init" in settings:  # the weights' shape comes from the checkpoint unless the user set it (then checked)
        from cardlab.train.warm_start import inherited_settings, resumed_settings

        if args.resume:  # the run's own record: its weights come from last.ckpt, the init file may be gone
            inherited = resumed_settings(Path(args.out) / "checkpoints" / "last.ckpt")
        else:
            inherited = inherited_settings(settings["init"])
        for key, value in inherited.items():
            settings.setdefault(key, value)
    cfg = ValueConfig.from_dict(settings, args.config or "options")
    if cfg.init and not args.resume:  # before the files are read or merged
        from cardlab.train.warm_start import refuse_unfit_files

        refuse_unfit_files(cfg.init, cfg, args.data)
    from cardlab.datagen.writer import refuse_if_being_written

    for name in args.data:  # before its counters are read: a run still writing is not an interrupted one
        refuse_if_being_written(name, "train on it")
    warn_incomplete(args.data)
    try:
        data = training_file(args.data, Path(args.out), args.resume)
        summary = fit_value(data, cfg, args.out, progress=not args.json, resume=args.resume,
                            source=args.config or "options")
    except KeyboardInterrupt:
        again = ["cardlab", "train", "value", "--data", *args.data, "--out", args.out, "--resume"]
        again += [part for k, v in vars(args).items() for part in (f"--{k.replace('_', '-')}", str(v))
                  if k in ("config", "chains", "init", "max_epochs", "batch_size", "lr", "seed", "devices", "strategy",
                           "precision") and v is not None]
        last = Path(args.out) / "checkpoints" / "last.ckpt"
        if not last.is_file():
            print(f"interrupted before the first epoch ended: {args.out} holds no checkpoint and no value.pt; run "
                  "the same command again to start over", file=sys.stderr)
            return 130
        print(f"interrupted: {last} holds the last completed epoch; no value.pt was "
              f"written. Continue with:\n  " + shlex.join(again), file=sys.stderr)
        return 130
    if summary["rank"] != 0:  # a further device's process: rank 0 exports and reports
        return 0
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"checkpoint: {summary['checkpoint']}")
        if summary.get("init"):
            print(f"started from: {summary['init']['checkpoint']} (weights {summary['init']['weights_sha256'][:12]})")
        print(f"tensorboard: tensorboard --logdir {summary['tensorboard']}")
        print(f"test: {summary['test']}")
        epochs = summary["epochs_run"]
        rate = summary["train_rows_per_second"]
        print(f"trained {epochs} epoch{'' if epochs == 1 else 's'} in {summary['fit_seconds']} s on {summary['device']} "
              f"({summary['precision']}" + (f", {rate} training rows/s, validation included)" if rate else ")"))
    return 0


def warn_incomplete(files: list[str]) -> None:
    """A warning for each data file an interrupted datagen left short of its requested games (it still trains)."""
    from cardlab.datagen.reader import check_file

    for name in files:
        attrs = check_file(name)
        have, wanted = int(attrs["games_completed"]), int(attrs["games_requested"])
        if have < wanted:
            print(f"cardlab train: warning: {name} holds {have} of the {wanted} games its datagen was asked for (an "
                  f"interrupted run: `cardlab datagen {name} --resume` with the same options completes it)",
                  file=sys.stderr)


def training_file(files: list[str], out: Path, resume: bool) -> str:
    """One file as given; several merged into OUT/train-data.h5 (kept: a resumed run trains on the same rows)."""
    from cardlab.runtime import UserError

    seen: dict[Path, str] = {}
    for name in files:
        again = seen.setdefault(Path(name).resolve(), name)
        if again is not name:
            raise UserError(f"--data names {name} twice ({again} and {name}): its games would be trained on twice")
    if len(files) == 1:
        return files[0]
    from cardlab.datagen.merge import merge_chain_files
    from cardlab.train.resume import refuse_used_out
    from cardlab.train.value import launched_rank

    merged = out / "train-data.h5"
    if launched_rank():  # rank 0 merged the files before it launched this process
        return str(merged)
    if resume:  # the run goes on with the rows it was trained on: only if they come from the files named now
        if merged.is_file():
            refuse_other_sources(files, merged, out)
        return str(merged)  # none: nothing was merged for this run (fit_value says what there is to resume)
    if not resume:
        refuse_used_out(out, ("value.pt", "checkpoints"))  # before merging: never overwrite a finished run's data
    made = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    from cardlab.runtime import hold_folder, remove_if_only_lock

    hold_folder(out, "training into it")  # before merging: a second run would merge into the same file
    try:
        return str(merge_chain_files(files, merged))
    except UserError:
        if made:  # a refused merge leaves no run folder behind
            remove_if_only_lock(out)
        raise


def refuse_other_sources(files: list[str], merged: Path, out: Path) -> None:
    """A resumed run's --data must name the files its train-data.h5 was merged from (same paths, in the same order,
    and not written again since: what the merge records of each, its game, agents, games and seed, must match)."""
    from cardlab.datagen.reader import check_file
    from cardlab.runtime import UserError

    try:
        recorded = json.loads(check_file(merged)["merged_from"])
        was = [str(entry["file"]) for entry in recorded]
    except (KeyError, TypeError, ValueError):
        raise UserError(f"{merged} does not record the files it was merged from; train into another --out") from None
    if [Path(f).resolve() for f in was] != [Path(f).resolve() for f in files]:
        # other paths (typed from another folder, or the files moved): the same files if their contents are
        # (merges record each file's SHA-256)
        hashes = [entry.get("sha256") for entry in recorded]
        if len(files) == len(recorded) and all(hashes):
            from cardlab.datagen.reader import file_sha256

            if [file_sha256(f) for f in files] == hashes:
                return
        raise UserError(f"{out} was trained on {' '.join(was)} (merged into {merged}), not {' '.join(files)}; "
                        "--resume with the same --data files in the same order, or train into another --out")
    for name, entry in zip(files, recorded):
        now = check_file(name)
        have = {"game": now.get("game"), "agents": now.get("agents"), "games": now.get("games_completed"),
                "seed": now.get("seed")}
        changed = [key for key in have if entry.get(key) is not None and _same(entry[key]) != _same(have[key])]
        if not changed and entry.get("sha256") is not None:
            from cardlab.datagen.reader import file_sha256

            if file_sha256(name) != entry["sha256"]:
                changed = ["contents (SHA-256)"]
        if changed:
            raise UserError(f"{name} is not the file {out} was trained on: it was written again since "
                            f"({', '.join(changed)} differ); train into another --out")


def _same(value):
    """A recorded value as merged_from's JSON holds it (tuples as lists, numbers as numbers)."""
    return json.loads(json.dumps(value, default=str))


def run(args) -> int:
    return args.run_what(args)
