"""Lightning training of state-value networks on datagen chains (spec section 4).

`ChainDataModule` splits rows by game id, computes feature statistics on the training split and serves
batches; `ValueModule` holds the network (one MLP, or the colour trio), MSE on scaled labels, and logs
validation loss and the sign accuracy of the predicted value against the game outcome.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sys
import time

from dataclasses import asdict, dataclass, field
from pathlib import Path

import lightning as L
import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

from cardlab.runtime import UserError, hold_folder, releases_folders
from cardlab.models.checkpoint import load_value as load_value_checkpoint, save_value
from cardlab.models.value import ACTIVATIONS, COLOURS, NORMS, ColourTrio, ValueNet
from cardlab.train.config import config_from_dict
from cardlab.train.plain_progress import PlainProgress
from cardlab.train.resume import (StopOnCtrlC, checkpoint_damage, quiet_lightning, refuse_used_out, fit, interruptible,
                                  last_logger_version, open_resume_checkpoint, refuse_changed_settings,
                                  refuse_non_finite, refuse_shorter_than_done)
from lightning.pytorch.callbacks import ModelCheckpoint


MAX_LR = 1e30  # far above any useful rate (it diverges to NaN, which is refused); near 1e38 Adam's float32 step overflows
IGNORED_STD = 1e12  # the normaliser's scale for ignored features: (x - mean) / 1e12 is 0 for any count


@dataclass
class ValueConfig:
    """Every setting of a value-network run, with its default (YAML configs override these)."""

    chains: str = "full"  # "full" or "colour" (one net per threat colour)
    # colour trio labels: "game" = full-chain rows and labels (the game's discounted outcome), each row routed to
    # its colour's net, so the three nets' values compare directly (ours); "sub_chain" = the thesis' colour chains
    # (every action, labelled by whether the colour improves), values ranked colour first.
    colour_labels: str = "game"
    hidden: list[int] = field(default_factory=lambda: [128, 128])
    activation: str = "sigmoid"
    norm: str = "none"
    dropout: float = 0.0
    lr: float = 1e-3
    weight_decay: float = 0.0
    batch_size: int = 512
    max_epochs: int = 20
    val_fraction: float = 0.1
    test_fraction: float = 0.1
    early_stopping_patience: int = 0  # 0 = off
    precision: str = "32-true"  # "16-mixed" / "bf16-mixed" on GPUs
    seed: int = 0
    # "auto": one device, the GPU when there is one (Lightning's own "auto" would take every GPU, with processes
    # that re-run the command); N: N GPUs, or N CPU processes without one
    devices: str = "auto"
    strategy: str = "auto"  # several devices: "ddp" (the colour trio: ddp_find_unused_parameters_true)
    num_workers: int = 0
    # Features constant over the training split (a card no producing agent ever bought) carry no learned signal: with
    # this on, the normaliser maps them to 0 whatever their value, so a search never meets random first-layer weights
    # on states outside the data (ours; off by default, which keeps earlier runs' results).
    ignore_constant_features: bool = False
    # a file whose rows would take more memory than this in training (about 1.25x their features) is streamed: the
    # training split read in shuffled blocks, validation and test in order, never all at once
    max_memory_mb: int = 4096
    stream_block_rows: int = 65536
    # torch's CPU threads while training (0: torch's own default, one per core). The thread count changes how sums
    # are split, so bit-identical weights need the same count: the count used is recorded in value.pt
    threads: int = 0
    # an exported checkpoint or zoo name whose weights (and normaliser) start the run: fine-tuning on new games.
    # Its chains, colour_labels, hidden, activation, norm and ignore_constant_features must be this run's (train
    # value takes them from it), and dropout may not change to or from 0
    init: str = ""

    @classmethod
    def from_dict(cls, data: dict, source: str = "config") -> "ValueConfig":
        return config_from_dict(cls, data, source)

    @property
    def rows_kind(self) -> str:
        """The chain kind whose rows and labels training reads."""
        return "colour" if self.chains == "colour" and self.colour_labels == "sub_chain" else "full"

    def validate(self, source: str = "config") -> None:
        if self.chains not in ("full", "colour"):
            raise UserError(f"{source}: chains must be 'full' or 'colour', got {self.chains!r}")
        if self.colour_labels not in ("game", "sub_chain"):
            raise UserError(f"{source}: colour_labels must be 'game' or 'sub_chain', got {self.colour_labels!r}")
        if self.max_epochs < 1 or self.batch_size < 1 or not 0 < self.lr <= MAX_LR:  # nan fails the comparison
            raise UserError(f"{source}: max_epochs, batch_size and lr must be positive (lr at most {MAX_LR:g}), got "
                            f"{self.max_epochs}, {self.batch_size} and {self.lr}")
        if not 0 <= self.weight_decay < math.inf:
            raise UserError(f"{source}: weight_decay must be a finite number >= 0, got {self.weight_decay}")
        for name in ("val_fraction", "test_fraction"):
            if not 0 <= getattr(self, name) < 1:
                raise UserError(f"{source}: {name} must be in [0, 1), got {getattr(self, name)}")
        if self.val_fraction + self.test_fraction >= 1:
            raise UserError(f"{source}: val_fraction + test_fraction must be below 1, got {self.val_fraction} + "
                            f"{self.test_fraction}")
        if not 0 <= self.seed < 2 ** 32:
            raise UserError(f"{source}: seed must be in 0..{2 ** 32 - 1} (Lightning's range), got {self.seed}")
        if not 0 <= self.threads <= 1024:
            raise UserError(f"{source}: threads must be 0 (torch's default) or a thread count up to 1024, got "
                            f"{self.threads}")
        if self.num_workers < 0 or self.max_memory_mb < 0 or self.stream_block_rows < 1:
            raise UserError(f"{source}: num_workers and max_memory_mb must be >= 0 and stream_block_rows >= 1, got "
                            f"{self.num_workers}, {self.max_memory_mb} and {self.stream_block_rows}")
        if not self.hidden or any(not isinstance(h, int) or isinstance(h, bool) or h <= 0 for h in self.hidden):
            raise UserError(f"{source}: hidden sizes must be positive integers, got {self.hidden}")
        if self.activation not in ACTIVATIONS:
            raise UserError(f"{source}: activation must be one of {', '.join(ACTIVATIONS)}, got {self.activation!r}")
        if self.norm not in NORMS:
            raise UserError(f"{source}: norm must be one of {', '.join(NORMS)}, got {self.norm!r}")
        if not 0 <= self.dropout < 1:
            raise UserError(f"{source}: dropout must be in [0, 1), got {self.dropout}")
        if self.early_stopping_patience < 0:
            raise UserError(f"{source}: early_stopping_patience must be >= 0 (0 = off), got "
                            f"{self.early_stopping_patience}")


# bytes each parameter takes while training on the CPU: float32 weights, their gradients and Adam's two moments
TRAIN_BYTES_PER_PARAMETER = 16


def net_parameters(cfg: ValueConfig, in_dim: int) -> int:
    """Parameters (and normaliser buffers) of the network `cfg` describes on `in_dim` features, counted without
    building it: building an impossible one is what fails."""
    widths = [in_dim, *cfg.hidden, 1]
    count = sum(a * b + b for a, b in zip(widths, widths[1:])) + 2 * in_dim
    if cfg.norm in ("batch", "layer"):
        count += 2 * sum(cfg.hidden)
    return count * (len(COLOURS) if cfg.chains == "colour" else 1)


def refuse_oversized_net(cfg: ValueConfig, in_dim: int, source: str = "config") -> None:
    """A UserError naming `hidden` when the network cannot fit in this machine's memory, before any file is written
    (torch's own failure is a traceback, or a kill by the OS partway through). With CUDA only the weights are built
    in host memory; the rest lives on the GPU, whose out-of-memory error the CLI reports in one line."""
    from cardlab.train.replay import physical_memory

    have = physical_memory()
    if have is None:
        return
    n = net_parameters(cfg, in_dim)
    need = n * (4 if torch.cuda.is_available() else TRAIN_BYTES_PER_PARAMETER)
    if need > have:
        raise UserError(f"{source}: hidden {cfg.hidden}: a network of {n:,} parameters on {in_dim} features needs at "
                        f"least {need / 2 ** 30:,.1f} GiB to train, more than this machine's {have / 2 ** 30:,.1f} GiB "
                        "of memory; give smaller hidden sizes")


def _is_allocation_failure(exc: BaseException) -> bool:
    """torch's CPU allocator reports a failed allocation as a RuntimeError; CUDA's as OutOfMemoryError."""
    return isinstance(exc, MemoryError) or type(exc).__name__ == "OutOfMemoryError" or (
        isinstance(exc, RuntimeError) and "can't allocate memory" in str(exc))


class _SetupLines:
    """What `train value` says while it reads its file before the first epoch, which takes minutes on large files:
    one line when it starts, then (stderr not a terminal) a plain line every 30 s, as the CLI's other progress."""

    def __init__(self, on: bool, every_s: float | None = None) -> None:
        self.on = on
        self.every_s = every_s
        self.state = "starting"
        self.start = time.monotonic()
        self._finished = None

    def say(self, text: str) -> None:
        if self.on:
            print(f"train value: {text}", file=sys.stderr, flush=True)

    def __enter__(self) -> "_SetupLines":
        if self.on and not sys.stderr.isatty():
            import threading

            from cardlab.train.plain_progress import PLAIN_EVERY_S

            every = self.every_s if self.every_s is not None else PLAIN_EVERY_S
            self._finished = threading.Event()

            def tick() -> None:
                while not self._finished.wait(every):
                    self.say(f"setup: {self.state} ({time.monotonic() - self.start:.0f} s)")

            threading.Thread(target=tick, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        if self._finished is not None:
            self._finished.set()

    def rows(self, what: str, total: int):
        """A report(row) callback: the state reads `what: row/total rows`."""
        def report(row: int) -> None:
            self.state = f"{what}: {row:,}/{total:,} rows"

        return report


def _all_finite(t: torch.Tensor, rows: int = 16384) -> bool:
    """torch.isfinite(t).all(), a few MB at a time (torch's isfinite makes several temporaries the tensor's size)."""
    x = t.detach().cpu().numpy()
    return all(bool(np.isfinite(x[i:i + rows]).all()) for i in range(0, len(x), rows))


def label_scale_of(attrs) -> float:
    """What a chain file's labels are divided by for the loss: its label scale, else its reward magnitude."""
    return float(attrs.get("label_scale", attrs.get("reward", 100.0))) or 100.0


class ChainDataModule(L.LightningDataModule):
    """Rows of one chain kind, split by game id; normalisation statistics from the training split."""

    setup_every_s: float | None = None  # seconds between setup's plain lines (None: the CLI's 30 s)

    def __init__(self, path: str | Path, cfg: ValueConfig, progress: bool = False,
                 streaming: bool | None = None) -> None:
        """`streaming`: stream the rows (True) or load them (False); None decides by `cfg.max_memory_mb`."""
        super().__init__()
        self.path = Path(path)
        self.cfg = cfg
        self.force_streaming = streaming
        self.progress = progress
        self.label_scale = 100.0
        self.summary: dict = {}

    def setup(self, stage: str | None = None) -> None:
        if getattr(self, "_ready", False):
            return
        from cardlab.datagen.reader import ChainData, file_sha256

        # in memory when holding the rows costs at most max_memory_mb, streamed from the file otherwise
        load = "auto" if self.force_streaming is None else not self.force_streaming
        data = ChainData(self.path, kind=self.cfg.rows_kind, load=load, max_memory_mb=self.cfg.max_memory_mb)
        if self.cfg.chains == "colour" and "game_kind" in data.attrs:  # files of games without threat colours
            raise UserError(f"{self.path}: colour chains are Hearthstone's; this {data.attrs.get('game_name')} file "
                            "trains with chains: full")
        if self.cfg.chains == "colour" and "colour" not in data.fields:
            raise UserError(f"{self.path}: its full chains carry no threat colour (written by an older cardlab); "
                            "regenerate it with `cardlab datagen` or set colour_labels: sub_chain")
        self.streaming = not data.in_memory
        with _SetupLines(self.progress, self.setup_every_s) as lines:
            mb = f"about {data.memory_bytes / 2 ** 20:,.0f} MB"
            lines.say(f"reading {data.n_rows:,} rows of {self.path} (chains/{self.cfg.rows_kind}), " + (
                f"streamed in blocks of {self.cfg.stream_block_rows:,} rows (in memory {mb}, above max_memory_mb "
                f"{self.cfg.max_memory_mb})" if self.streaming else f"into memory ({mb})"))
            self._setup(data, lines)
            lines.state = f"hashing {self.path}"
            self.summary["sha256"] = file_sha256(self.path)
        self._ready = True

    def _setup(self, data, lines: _SetupLines) -> None:
        lines.state = "splitting by game"
        train_idx, val_idx, test_idx = data.split_by_game(val=self.cfg.val_fraction, test=self.cfg.test_fraction,
                                                          seed=self.cfg.seed)
        if len(train_idx) == 0:
            raise UserError(f"{self.path}: no training rows in chains/{self.cfg.rows_kind}")
        self.attrs = dict(data.attrs)
        # Labels are divided by this for the loss: the reward magnitude, or a cooperative game's best score.
        self.label_scale = label_scale_of(self.attrs)
        self.in_dim = int(data.dim)
        self.tensors = {}
        self.sizes = {"train": len(train_idx), "val": len(val_idx), "test": len(test_idx)}
        if self.streaming:
            if len(val_idx) == 0:
                raise UserError(f"{self.path}: streaming a large file needs a validation split (val_fraction > 0)")
            self.train_stream = StreamedRows(data, train_idx, self.cfg, self.label_scale)
            self.val_stream = StreamedRows(data, val_idx, self.cfg, self.label_scale, shuffle=False)
            self.test_stream = StreamedRows(data, test_idx, self.cfg, self.label_scale, shuffle=False)
            # one pass over the file: the training split's statistics, and every row's features checked finite
            self.mean, self.std, finite = streamed_stats(data, train_idx, self.cfg.stream_block_rows,
                                                         lines.rows("normalisation statistics", data.n_rows))
            lines.state = "reading the labels"
            finite = finite and bool(np.isfinite(data.field("label")).all())
        else:
            splits = [("train", train_idx), ("val", val_idx), ("test", test_idx)]
            # each split's features read once, in one pass over the file (no cached copy of the whole column)
            features = data.gather("features", train_idx, val_idx, test_idx,
                                   report=lines.rows("reading", data.n_rows))
            lines.state = "reading the labels"
            for (name, idx), x in zip(splits, features):
                colour = data.take("colour", idx) if self.cfg.chains == "colour" else np.zeros(len(idx))
                self.tensors[name] = TensorDataset(
                    torch.from_numpy(np.asarray(x, dtype=np.float32)),
                    torch.from_numpy(np.asarray(data.take("label", idx), dtype=np.float32) / self.label_scale),
                    torch.from_numpy(np.asarray(data.take("outcome", idx), dtype=np.float32)),
                    torch.from_numpy(np.asarray(colour, dtype=np.int64)),
                )
            del features, x
            lines.state = "normalisation statistics"
            train_x = self.tensors["train"].tensors[0]
            self.mean = train_x.mean(0)
            self.std = train_x.std(0) if len(train_x) > 1 else torch.ones(self.in_dim)
            finite = all(_all_finite(t) for d in self.tensors.values() for t in d.tensors[:2])
        if not (finite and _all_finite(self.mean) and _all_finite(self.std)):
            raise UserError(f"{self.path}: chains/{self.cfg.rows_kind} holds NaN or infinite features or labels; "
                            "regenerate the file")
        self.summary = {
            "file": str(self.path), "game": self.attrs.get("game"), "chains": self.cfg.chains,
            "rows_from": f"chains/{self.cfg.rows_kind}",
            "games": int(self.attrs.get("games_completed", 0)),
            "rows": dict(self.sizes),
            "streamed": self.streaming,
            "encoder": self.attrs.get("encoder"), "encoder_version": self.attrs.get("encoder_version"),
            "gamma": self.attrs.get("gamma"), "reward": self.attrs.get("reward"),
            "agents": self.attrs.get("agents"), "decks": self.attrs.get("decks"),
            "seed": self.attrs.get("seed"), "created_at": self.attrs.get("created_at"),  # --resume: the same file
            "sha256": None,  # setup() hashes the file last
        }
        if "merged_from" in self.attrs:  # `train value --data A B ...`: the first file's agents are not the whole story
            self.summary["merged_from"] = json.loads(self.attrs["merged_from"])
        self.shuffle_generator = torch.Generator().manual_seed(self.cfg.seed)

    def _loader(self, name: str, shuffle: bool, generator: torch.Generator | None = None) -> DataLoader:
        return DataLoader(self.tensors[name], batch_size=self.cfg.batch_size, shuffle=shuffle,
                          num_workers=self.cfg.num_workers,
                          generator=generator or torch.Generator().manual_seed(self.cfg.seed))

    def train_dataloader(self) -> DataLoader:
        if self.streaming:
            return DataLoader(self.train_stream, batch_size=None, num_workers=0)
        return self._loader("train", True, self.shuffle_generator)

    def shuffle_state(self) -> dict:
        """Where the training order stands after the epochs so far (saved with each Lightning checkpoint)."""
        if self.streaming:
            return {"stream_epoch": self.train_stream.epoch}
        return {"generator": self.shuffle_generator.get_state()}

    def load_shuffle_state(self, state: dict) -> None:
        key = "stream_epoch" if self.streaming else "generator"
        if key not in state:
            raise UserError(f"{self.path}: the checkpoint resumed was trained with its rows "
                            f"{'in memory' if self.streaming else 'streamed'}, this run {'streams' if self.streaming else 'loads'} "
                            "them; resume with the max_memory_mb it began with")
        if self.streaming:
            self.train_stream.epoch = int(state["stream_epoch"])
        else:
            self.shuffle_generator.set_state(state["generator"])

    def val_dataloader(self) -> DataLoader:
        if self.streaming:  # a streamed file always has validation rows
            return DataLoader(self.val_stream, batch_size=None, num_workers=0)
        return self._loader("val" if self.sizes["val"] else "train", False)

    def test_dataloader(self) -> DataLoader:
        if self.streaming:
            return DataLoader(self.test_stream if self.sizes["test"] else self.val_stream, batch_size=None,
                              num_workers=0)
        return self._loader("test" if self.sizes["test"] else "val", False)


STATS_ROWS = 4096  # rows per float64 step of the streamed statistics (a few MB of temporaries)


def streamed_stats(data, train_idx: np.ndarray, block_rows: int, report=None
                   ) -> tuple[torch.Tensor, torch.Tensor, bool]:
    """Mean and standard deviation of the training rows' features, and whether every row's features (all splits)
    are finite: one pass over the file in blocks of `block_rows` rows, float64 sums over STATS_ROWS rows at a time."""
    in_train = np.zeros(data.n_rows, dtype=bool)
    in_train[train_idx] = True
    total = np.zeros(data.dim)
    squares = np.zeros(data.dim)
    n, finite, row = 0, True, 0
    for block in data.iter_chunks(block_rows, ("features",)):
        x = block["features"]
        for a in range(0, len(x), STATS_ROWS):
            part = x[a:a + STATS_ROWS].astype(np.float64)
            finite = finite and bool(np.isfinite(part.sum()))  # float32 values: the float64 sum cannot overflow
            keep = in_train[row + a:row + a + len(part)]
            if not keep.all():
                part = part[keep]
            total += part.sum(0)
            squares += np.einsum("ij,ij->j", part, part)
            n += len(part)
        row += len(x)
        if report is not None:
            report(row)
    mean = total / n
    var = np.maximum(squares / n - mean * mean, 0.0) * n / max(1, n - 1)
    return torch.from_numpy(mean.astype(np.float32)), torch.from_numpy(np.sqrt(var).astype(np.float32)), finite


class StreamedRows(torch.utils.data.IterableDataset):
    """Rows read from the file block by block, for files larger than memory; yields whole batches. The training
    split (`shuffle`) comes in a new shuffled block order each epoch, shuffled inside blocks; validation and test
    rows in order, in the batches an in-memory loader makes."""

    def __init__(self, data, idx: np.ndarray, cfg: ValueConfig, label_scale: float, shuffle: bool = True) -> None:
        self.data = data
        self.idx = np.sort(np.asarray(idx))
        self.cfg = cfg
        self.label_scale = label_scale
        self.shuffle = shuffle
        self.epoch = 0
        self.colour = cfg.chains == "colour"

    def _batch(self, block: dict, sel) -> tuple:
        colour = block["colour"][sel] if self.colour else np.zeros(len(block["label"][sel]))
        return (torch.from_numpy(block["features"][sel].astype(np.float32)),
                torch.from_numpy((block["label"][sel] / self.label_scale).astype(np.float32)),
                torch.from_numpy(block["outcome"][sel].astype(np.float32)),
                torch.from_numpy(colour.astype(np.int64)))

    def __iter__(self):
        fields = ("features", "label", "outcome") + (("colour",) if self.colour else ())
        bs = self.cfg.batch_size
        if not self.shuffle:  # whole batches per block, so the batches are the in-memory loader's
            size = max(1, self.cfg.stream_block_rows // bs) * bs
            for block in self.data.iter_chunks(size, fields, self.idx):
                for b in range(0, len(block["label"]), bs):
                    yield self._batch(block, slice(b, b + bs))
            return
        rng = np.random.default_rng(self.cfg.seed + self.epoch)
        self.epoch += 1
        size = self.cfg.stream_block_rows
        starts = rng.permutation(range(0, len(self.idx), size))
        for start in starts:
            block = next(self.data.iter_chunks(size, fields, self.idx[start:start + size]))
            order = rng.permutation(len(block["label"]))
            for b in range(0, len(order), bs):
                yield self._batch(block, order[b:b + bs])


class ValueModule(L.LightningModule):
    def __init__(self, in_dim: int, cfg: dict, meta: dict | None = None) -> None:
        super().__init__()
        self.save_hyperparameters()
        c = ValueConfig.from_dict(cfg)
        net_kwargs = dict(hidden=c.hidden, activation=c.activation, norm=c.norm, dropout=c.dropout,
                          output_scale=float((meta or {}).get("label_scale", 100.0)))
        self.trio = c.chains == "colour"
        self.net = ColourTrio(in_dim, **net_kwargs) if self.trio else ValueNet(in_dim, **net_kwargs)
        self.cfg = c
        self.cooperative = (meta or {}).get("game_kind") == "cooperative"

    def set_normalizer(self, mean: torch.Tensor, std: torch.Tensor) -> None:
        nets = self.net.nets.values() if self.trio else [self.net]
        for net in nets:
            net.normalizer.set_stats(mean, std)

    def forward(self, x: torch.Tensor, colour: torch.Tensor | None = None) -> torch.Tensor:
        return self.net(x, colour) if self.trio else self.net(x)

    def _step(self, batch, stage: str) -> torch.Tensor:
        x, y, outcome, colour = batch
        pred = self(x, colour)
        loss = torch.nn.functional.mse_loss(pred.float(), y)
        # sync_dist: with several devices every rank must see the same val_loss (checkpoint names, early stopping)
        self.log(f"{stage}_loss", loss, prog_bar=stage != "train", on_epoch=True, on_step=False, batch_size=len(x),
                 sync_dist=True)
        decided = outcome != 0
        if decided.any() and not self.cooperative:  # a cooperative outcome is a score: no sign to predict
            acc = (torch.sign(pred[decided].float()) == torch.sign(outcome[decided])).float().mean()
            self.log(f"{stage}_sign_acc", acc, prog_bar=stage != "train", on_epoch=True, on_step=False, sync_dist=True,
                     batch_size=int(decided.sum()))
        return loss

    def training_step(self, batch, batch_idx):
        return self._step(batch, "train")

    def validation_step(self, batch, batch_idx):
        self._step(batch, "val")

    def test_step(self, batch, batch_idx):
        self._step(batch, "test")

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.cfg.lr, weight_decay=self.cfg.weight_decay)




def export_checkpoint(module: ValueModule, dm: ChainDataModule, path: Path, extra: dict | None = None) -> Path:
    """A small self-contained checkpoint: weights + everything needed to use them (no Lightning needed)."""
    meta = {
        "game": dm.attrs.get("game_name", "hearthstone"),
        "game_spec": dm.attrs.get("game"),
        "game_kind": dm.attrs.get("game_kind", "zero_sum"),
        # where the training rows took each turn's state: the search scores its leaves at the same point
        "chain_point": dm.attrs.get("chain_point", "before_end_turn"),
        "kind": "colour_trio" if module.trio else "value_net",
        "in_dim": dm.in_dim,
        "encoder": dm.attrs.get("encoder"),
        "encoder_version": int(dm.attrs.get("encoder_version", 0)),
        "encoder_options": dm.attrs.get("encoder_options", "{}"),
        **({"encoder_vocabulary": json.loads(dm.attrs["encoder_vocabulary"])} if "encoder_vocabulary" in dm.attrs else {}),
        "colour_thresholds": {"green": int(dm.attrs.get("green_threshold", 15)), "red": int(dm.attrs.get("red_threshold", 1))},
        "label_scale": dm.label_scale,
        "config": asdict(module.cfg),
        "data": dm.summary,
    }
    if extra:
        meta.update(extra)
    return save_value(path, _plain(meta), module.net.state_dict())


def _plain(value):
    """Attributes from h5py come as numpy scalars/arrays; make them JSON-like."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


__all__ = ["ValueConfig", "ChainDataModule", "ValueModule", "export_checkpoint", "load_value_checkpoint", "COLOURS"]


def log_every(dm: "ChainDataModule", cfg: ValueConfig) -> int:
    """Log every 10 batches, or every batch when an epoch is shorter (Lightning warns otherwise)."""
    batches = -(-dm.summary["rows"]["train"] // cfg.batch_size)
    return max(1, min(10, batches))


class EpochCount(L.Callback):
    """Training epochs this run completed (a resumed run counts only its own)."""

    def __init__(self) -> None:
        self.epochs = 0

    def on_train_epoch_end(self, trainer, pl_module) -> None:
        self.epochs += 1


class TrainingOrderState(L.Callback):
    """Stores the data order and torch's RNG in every Lightning checkpoint, so a resumed run repeats exactly
    the epochs an uninterrupted one would have run."""

    def __init__(self, dm: "ChainDataModule") -> None:
        self.dm = dm

    def state_dict(self) -> dict:
        state = {**self.dm.shuffle_state(), "torch_rng": torch.get_rng_state()}
        if torch.cuda.is_available():  # dropout on a GPU draws from the device's generator
            state["cuda_rng"] = torch.cuda.get_rng_state()
        if torch.backends.mps.is_available():  # Apple's GPU too
            state["mps_rng"] = torch.mps.get_rng_state()
        return state

    def load_state_dict(self, state_dict: dict) -> None:
        self.dm.load_shuffle_state(state_dict)
        torch.set_rng_state(state_dict["torch_rng"])
        if "cuda_rng" in state_dict and torch.cuda.is_available():
            torch.cuda.set_rng_state(state_dict["cuda_rng"])
        if "mps_rng" in state_dict and torch.backends.mps.is_available():
            torch.mps.set_rng_state(state_dict["mps_rng"])


class ThreadCount(L.Callback):
    """Sets torch's CPU threads for training (`threads:`, 0 keeps the count) inside each training process, after
    Lightning's launcher has set its own for a several-process run, and records the count the steps used."""

    def __init__(self, threads: int, dm: "ChainDataModule") -> None:
        self.threads, self.dm = threads, dm

    def on_fit_start(self, trainer, pl_module) -> None:
        if self.threads:
            torch.set_num_threads(self.threads)
        self.dm.summary["torch_threads"] = torch.get_num_threads()


class BestFiniteCheckpoint(ModelCheckpoint):
    """Lightning's top-k checkpoint, except that an epoch whose monitored loss is NaN or infinite is never a best
    (Lightning keeps a NaN one while it holds fewer than k), and a run folder moved between an interruption and
    its resumption keeps its best checkpoint (Lightning forgets it when the recorded folder differs)."""

    @property
    def state_key(self) -> str:
        # Lightning files a callback's state under its class name: keep ModelCheckpoint's, so that runs saved before
        # this class existed resume with their best checkpoint
        return "ModelCheckpoint" + super().state_key[len(type(self).__qualname__):]

    def check_monitor_top_k(self, trainer, current=None) -> bool:
        if current is not None and not bool(torch.isfinite(current)):
            return False
        return super().check_monitor_top_k(trainer, current)

    def load_state_dict(self, state_dict: dict) -> None:
        was = state_dict.get("dirpath")
        if was and self.dirpath and was != self.dirpath:
            def moved(path):
                return str(Path(self.dirpath) / Path(path).name) if path else path

            state_dict = {**state_dict, "dirpath": self.dirpath,
                          **{k: moved(state_dict.get(k)) for k in ("best_model_path", "kth_best_model_path",
                                                                   "last_model_path") if k in state_dict},
                          "best_k_models": {moved(k): v for k, v in (state_dict.get("best_k_models") or {}).items()}}
        super().load_state_dict(state_dict)


def resume_checkpoint(out: Path, data: str | Path, cfg: ValueConfig) -> tuple[Path, bool | None]:
    """The run's last epoch checkpoint, after checking it was trained on the same file with the same settings, and
    whether that run streamed its rows (None when not recorded): a resumed run keeps the mode it began with."""
    last = out / "checkpoints" / "last.ckpt"
    try:
        checkpoint = open_resume_checkpoint(last, "value-training")
        saved = checkpoint["hyper_parameters"]
        old_cfg, old_data = saved["cfg"], saved["meta"]["data"]["file"]
    except (KeyError, TypeError):
        raise UserError(f"{last}: not a readable value-training checkpoint (no settings)") from None
    old_cfg = {**asdict(ValueConfig()), **old_cfg}  # a setting added since the run began: it ran with the default
    refuse_changed_settings(last, old_cfg, asdict(cfg), ("max_epochs",), "--max-epochs")
    epoch = checkpoint.get("epoch")  # Lightning's count of the epoch last.ckpt closed, from 0
    refuse_shorter_than_done(last, "--max-epochs", cfg.max_epochs, epoch + 1 if isinstance(epoch, int) else None,
                             "epochs")
    from cardlab.datagen.reader import check_file, file_sha256

    before = saved["meta"]["data"]
    # the file named by another path (another folder, a relative path typed elsewhere) is the same file when its
    # SHA-256 is the recorded one
    moved = Path(old_data).resolve() != Path(data).resolve()
    same = (moved and before.get("sha256") is not None and Path(data).is_file()
            and file_sha256(data) == before["sha256"])
    if moved and not same:
        sources = before.get("merged_from")  # `--data A B`: the files named then
        was = f"{' '.join(str(s.get('file')) for s in sources)} (merged into {old_data})" if sources else old_data
        raise UserError(f"{last} was trained on {was}, not {data}")

    now = check_file(data)
    changed = [k for k, was in (("games", before.get("games")), ("seed", before.get("seed")),
                                ("created_at", before.get("created_at")))
               if was is not None and str(was) != str(now.get("games_completed" if k == "games" else k))]
    if not changed and not same and before.get("sha256") not in (None, file_sha256(data)):
        changed = ["sha256"]
    if changed:
        raise UserError(f"{data} is not the file {last} was trained on: it was written again since "
                        f"({', '.join(changed)} differ); train into another --out")
    streamed = before.get("streamed")
    return last, streamed if isinstance(streamed, bool) else None


def lightning_trainer(cfg: ValueConfig, **kwargs) -> L.Trainer:
    """L.Trainer with the config's devices, strategy and precision; Lightning's refusal of one is a UserError."""
    from lightning.fabric.utilities.exceptions import MisconfigurationException

    from lightning.pytorch.accelerators import CPUAccelerator

    devices = 1 if str(cfg.devices).strip() == "auto" else cfg.devices
    strategy = cfg.strategy
    if cfg.chains == "colour" and strategy in ("auto", "ddp") and str(devices).strip() != "1":
        strategy = "ddp_find_unused_parameters_true"  # a batch without one colour's rows leaves its net unused
    options = {"precision": cfg.precision, "strategy": strategy, "devices": devices}
    gpu = torch.cuda.is_available() or torch.backends.mps.is_available()
    if str(cfg.precision) == "16-true":  # float16 weights: the normaliser's 1e12 scale overflows, every loss is NaN
        raise UserError("--precision 16-true: float16 weights cannot hold the input normaliser's scale (the losses "
                        "would be NaN); use 16-mixed or bf16-mixed on a GPU, bf16-true, or 32-true")
    if str(cfg.precision).startswith("16") and not gpu:  # Lightning would switch to bf16 without a word
        raise UserError(f"--precision {cfg.precision}: float16 mixed precision needs a GPU and this machine has "
                        "none (on the CPU: bf16-mixed or 32-true)")
    try:
        trainer = L.Trainer(**options, **kwargs)
    except (ValueError, TypeError, MisconfigurationException) as exc:
        text = str(exc).split("\n")[0]
        named = [k for k in options if k in text.lower()] or list(options)
        given = ", ".join(f"--{k} {options[k]!r}" for k in named)
        raise UserError(f"{given}: not accepted by Lightning ({text})") from None
    if isinstance(trainer.accelerator, CPUAccelerator) and trainer.num_devices > 1 and trainer.is_global_zero:
        print(f"cardlab train: warning: no GPU, so --devices {cfg.devices} runs {trainer.num_devices} CPU processes "
              "(distributed data parallel); the weights differ from a one-process run", file=sys.stderr)
    return trainer


@releases_folders
def fit_value(data: str | Path, cfg: ValueConfig, out_dir: str | Path, progress: bool = True,
              resume: bool = False, source: str = "config") -> dict:
    """Train on one chain file, keep the best epoch by validation loss, test it, export `out_dir/value.pt`
    (summary["checkpoint"]); returns a summary.

    `source` names where cfg came from (a YAML file, "options") in errors about its settings.

    Every epoch ends with `checkpoints/last.ckpt`; `resume=True` continues from it (an interrupted run, or more
    epochs) and ends with the same weights as one uninterrupted run.
    """
    from lightning.pytorch.callbacks import EarlyStopping
    from lightning.pytorch.loggers import TensorBoardLogger

    if not isinstance(data, (str, os.PathLike)):
        raise UserError(f"fit_value trains on one file, not {type(data).__name__} {data!r}: merge several first with "
                        "cardlab.datagen.merge.merge_chain_files(files, out) (what `train value --data A B` does)")
    if not launched_rank():
        from cardlab.datagen.writer import refuse_if_being_written

        refuse_if_being_written(data, "train on it")
    out = Path(out_dir)
    if not resume and not launched_rank():  # a launched rank starts while rank 0 already writes here
        refuse_used_out(out, ("value.pt", "checkpoints"))
    quiet_lightning()  # the user sees cardlab's progress bar and summary, not Lightning's banners
    resume_from, streamed = resume_checkpoint(out, data, cfg) if resume else (None, None)
    L.seed_everything(cfg.seed, workers=True, verbose=False)
    # a resumed run keeps the mode it began with (a cardlab whose in-memory limit differs would switch it)
    dm = ChainDataModule(data, cfg, progress=progress and not launched_rank(), streaming=streamed)
    dm.setup()
    if progress and not launched_rank():
        games = dm.summary.get("games", "?")
        for split, key, then in (("validation", "val", "the best epoch is the one with the lowest training loss"),
                                 ("test", "test", "no test figures")):
            if not dm.sizes[key]:
                print(f"cardlab train: warning: no {split} games ({key}_fraction {getattr(cfg, key + '_fraction')} "
                      f"of {games} games): {then}", file=sys.stderr)
    refuse_oversized_net(cfg, dm.in_dim, source)
    try:
        module = ValueModule(dm.in_dim, asdict(cfg), meta={"label_scale": dm.label_scale, "data": dm.summary,
                                                           **({"game_kind": "cooperative"}
                                                              if dm.attrs.get("game_kind") == "cooperative" else {})})
    except (MemoryError, RuntimeError) as exc:  # fits the machine's memory, but not what is free of it now
        if not _is_allocation_failure(exc):
            raise
        raise UserError(f"{source}: hidden {cfg.hidden}: the network on {dm.in_dim} features cannot be allocated "
                        f"({net_parameters(cfg, dm.in_dim):,} parameters); give smaller hidden sizes") from None
    std = dm.std
    if cfg.ignore_constant_features:
        std = torch.where(std < 1e-6, torch.full_like(std, IGNORED_STD), std)
    module.set_normalizer(dm.mean, std)
    if cfg.init:  # a resume's weights come from last.ckpt, which keeps where the run started
        from cardlab.train.warm_start import recorded_start, warm_start

        started = recorded_start(resume_from) if resume_from is not None else warm_start(module, cfg, dm)
        module.hparams["meta"] = {**module.hparams["meta"], "init": started}  # saved with every epoch's checkpoint
    ckpt = BestFiniteCheckpoint(dirpath=out / "checkpoints", filename="best-{epoch}-{val_loss:.4f}",
                                monitor="val_loss", mode="min", save_top_k=1)
    # last.ckpt after every epoch, improved or not (save_last=True on the best-model callback writes it only when
    # val_loss improves, so a resume would redo the epochs since then)
    last = ModelCheckpoint(dirpath=out / "checkpoints", filename="last", monitor=None, save_top_k=1,
                           enable_version_counter=False)
    clock = EpochCount()
    callbacks = [ckpt, last, TrainingOrderState(dm), ThreadCount(cfg.threads, dm), StopOnCtrlC(), clock]
    if cfg.early_stopping_patience > 0:
        callbacks.append(EarlyStopping(monitor="val_loss", patience=cfg.early_stopping_patience, mode="min"))
    bar = progress
    if progress and not sys.stderr.isatty():  # a log file: plain lines, not a bar drawn only at the end
        callbacks.append(PlainProgress("train value"))
        bar = False
    logger = TensorBoardLogger(save_dir=str(out), name="tensorboard", default_hp_metric=False,
                               version=last_logger_version(out / "tensorboard", resume_from is not None))
    trainer = lightning_trainer(
        cfg, max_epochs=cfg.max_epochs, accelerator="auto", deterministic=True, logger=logger, callbacks=callbacks,
        enable_progress_bar=bar, enable_model_summary=False, log_every_n_steps=log_every(dm, cfg),
    )
    if not launched_rank():  # rank 0 holds it for the run's other processes
        hold_folder(out, "training into it")  # a second run into the same --out would mix checkpoints and curves
    out.mkdir(parents=True, exist_ok=True)  # only now: a refused setting leaves no empty run folder
    threads_before = torch.get_num_threads()
    started = time.perf_counter()
    try:
        fit(trainer, module, datamodule=dm, ckpt_path=resume_from)
    except KeyboardInterrupt:
        if resume_from is None and not (out / "checkpoints" / "last.ckpt").is_file() and not launched_rank():
            shutil.rmtree(logger.log_dir, ignore_errors=True)  # a start with nothing to continue: no stray curves
        raise
    finally:
        torch.set_num_threads(threads_before)
    fit_seconds = time.perf_counter() - started
    best = trainer.strategy.broadcast(ckpt.best_model_path)  # rank 0 saved it; every rank tests the same weights
    if best:
        if not Path(best).is_file():
            raise UserError(f"{best}: the run's best checkpoint is missing; value.pt not written")
        damage = checkpoint_damage(Path(best))
        if damage:
            raise UserError(f"{best} is damaged: {damage}; value.pt not written")
        module = ValueModule.load_from_checkpoint(best, map_location="cpu")
    # no best (every epoch's val_loss was NaN): the trained weights, which the check below refuses
    refuse_non_finite(out, "value.pt", module.net.state_dict())
    test = (interruptible(trainer, trainer.test, module, datamodule=dm, verbose=False)[0]
            if dm.sizes["test"] else {})
    refuse_non_finite(out, "value.pt", {}, test)
    history = {k: float(v) for k, v in trainer.callback_metrics.items()}
    diverged = sorted(k for k in ("train_loss", "val_loss") if k in history and not math.isfinite(history[k]))
    if diverged and trainer.is_global_zero:
        print(f"cardlab train: warning: the last epoch's {' and '.join(diverged)} is not finite (training diverged, "
              f"or the data or resumed checkpoint is damaged); value.pt holds the best finite epoch "
              f"({Path(best).name})", file=sys.stderr)
    summary = {"lightning_checkpoint": best, "tensorboard": logger.log_dir,
               "test": {k: round(float(v), 5) for k, v in test.items()}, "last_metrics": history, "data": dm.summary,
               "rank": trainer.global_rank,
               # where and how fast it trained (GPU against CPU throughput, for docs/benchmarks.md)
               "device": str(trainer.strategy.root_device), "devices": trainer.num_devices,
               "precision": str(trainer.precision), "epochs_run": clock.epochs, "fit_seconds": round(fit_seconds, 2),
               "train_rows_per_second": round(clock.epochs * dm.sizes["train"] / fit_seconds, 1)
               if fit_seconds > 0 and clock.epochs else None,
               "init": (module.hparams.get("meta") or {}).get("init")}  # where the weights started (--init)
    if trainer.is_global_zero:  # one export, by rank 0
        exported = export_checkpoint(module, dm, out / "value.pt", extra={
            "test": {k: float(v) for k, v in test.items()}, "best_epoch_ckpt": Path(best).name if best else None,
            **({"init": summary["init"]} if summary["init"] else {})})
        summary["checkpoint"] = str(exported)
    return summary


def launched_rank() -> bool:
    """This process is a further rank Lightning launched for a multi-device run (it re-runs the command)."""
    import os

    return os.environ.get("LOCAL_RANK", "0") != "0" or os.environ.get("NODE_RANK", "0") != "0"
