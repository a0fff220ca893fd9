"""Appending rows to chunked HDF5 datasets by writing each chunk's stored bytes directly.

Why: with HDF5's own filter pipeline every commit recompresses the partly filled last chunk of every dataset, so
frequent commits (the crash-loss bound) cost the writing process several times the data's own compression time,
and with worker processes that cost competes with the games for the cores. Here a chunk is shuffled and deflated
once, by `encode_chunk`, when it is full; the partly filled last chunk is stored uncompressed with a filter mask
that says so (standard HDF5: every reader skips the masked filters) and is rewritten in place, at the same size,
until it fills. `encode_chunk` is also what compaction uses, so a finished file's chunk bytes depend only on its rows.

Caveat: after a direct write changes a chunk's filter mask, HDF5 (2.0.0 here) keeps the old mask in its
per-dataset "last chunk" lookup cache, so reading that chunk back through the same open file can decode it wrongly.
The file on disk is right. The writer never reads back what it wrote in the same session (it keeps the tail rows
itself; resume and compaction open the file afresh).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Callable

import h5py
import numpy as np

DEFLATE_LEVEL = 4  # the gzip level the datasets declare (writer.COMPRESSION)
RAW_MASK = 0b11  # filter mask of a chunk stored as is: both filters of the pipeline (shuffle, deflate) skipped


def encode_chunk(block: np.ndarray) -> bytes:
    """HDF5's shuffle then deflate filters on one whole chunk (rows x width, zero padded): the bytes to store."""
    data = np.ascontiguousarray(block)
    shuffled = data.reshape(-1).view(np.uint8).reshape(-1, data.dtype.itemsize).T.tobytes()
    return zlib.compress(shuffled, DEFLATE_LEVEL)


def decode_chunk(stored: bytes, mask: int, shape: tuple[int, ...], dtype) -> np.ndarray:
    """The chunk's rows from its stored bytes (for checks; readers go through HDF5)."""
    dtype = np.dtype(dtype)
    if mask == RAW_MASK:
        return np.frombuffer(stored, dtype=dtype).reshape(shape)
    if mask != 0:
        raise ValueError(f"filter mask {mask} is not one this writer stores")
    shuffled = np.frombuffer(zlib.decompress(stored), dtype=np.uint8)
    return np.frombuffer(shuffled.reshape(dtype.itemsize, -1).T.tobytes(), dtype=dtype).reshape(shape)


def is_direct(ds: h5py.Dataset) -> bool:
    """Fixed-size numeric rows with the shuffle + deflate pipeline: chunks this module may write itself."""
    if ds.dtype.kind not in "iuf" or ds.chunks is None:
        return False
    plist = ds.id.get_create_plist()
    filters = [plist.get_filter(i)[0] for i in range(plist.get_nfilters())]
    return filters == [h5py.h5z.FILTER_SHUFFLE, h5py.h5z.FILTER_DEFLATE]


@dataclass
class ChunkWrite:
    """One chunk to store: its first row, stored bytes and filter mask."""

    column: "DirectColumn"
    row: int
    data: bytes
    mask: int

    @property
    def index(self) -> int:
        return self.row // self.column.chunk

    @property
    def allocates(self) -> bool:
        """Never written before: HDF5 places it at the end of the file."""
        return self.index >= self.column.allocated

    @property
    def moves_committed_rows(self) -> bool:
        """Rewrites the chunk that holds committed rows at a new size, so HDF5 frees its old space and allocates
        anew: if the old chunk ended the file, the new one would start at the same address (HDF5 gives space back
        at the end of the file even under the "none" strategy), overwriting committed rows before the index points
        to their new copy. The writer makes sure something was allocated after it first."""
        c = self.column
        return self.index == c.rows // c.chunk and c.rows % c.chunk != 0 and len(self.data) != c.tail_stored

    def write(self) -> None:
        """Store it (the dataset's extent must already reach `row`)."""
        c = self.column
        c.ds.id.write_direct_chunk((self.row,) + (0,) * len(c.row_shape), self.data, filter_mask=self.mask)


class DirectColumn:
    """One dataset's append position and the committed rows of its partly filled last chunk."""

    def __init__(self, ds: h5py.Dataset, rows: int) -> None:
        self.ds = ds
        self.chunk = ds.chunks[0]
        self.row_shape = tuple(ds.shape[1:])
        self.dtype = ds.dtype
        self.extent = ds.shape[0]  # kept here: h5py asks HDF5 for the shape at every access
        self.rows = rows
        start = rows - rows % self.chunk
        self.tail = ds[start:rows]
        # Chunks at or past this index were never written (a run never shrinks a dataset: rows past the counters
        # are left from an interrupted commit and overwritten, compaction drops them).
        self.allocated = -(-self.extent // self.chunk)
        self.tail_stored = self._stored_size(start) if rows % self.chunk else 0
        self.extent_needed = rows

    def _stored_size(self, row: int) -> int:
        info = self.ds.id.get_chunk_info_by_coord((row,) + (0,) * len(self.row_shape))
        return int(info.size) if info.byte_offset is not None else 0

    def stage(self, values: np.ndarray) -> tuple[list[ChunkWrite], np.ndarray]:
        """The chunk writes that append `values` (full chunks compressed, the partly filled last one raw) and the
        new tail; nothing is written and nothing changes here."""
        values = np.asarray(values, dtype=self.dtype)
        if not len(values):
            return [], self.tail
        data = np.concatenate([self.tail, values]) if len(self.tail) else values
        first = self.rows - len(self.tail)
        full = len(data) // self.chunk
        writes = [self._write(first + j * self.chunk, data[j * self.chunk:(j + 1) * self.chunk])
                  for j in range(full)]
        rest = data[full * self.chunk:]
        if len(rest):
            pad = np.zeros((self.chunk,) + self.row_shape, dtype=values.dtype)
            pad[:len(rest)] = rest
            writes.append(ChunkWrite(self, first + full * self.chunk, pad.tobytes(), RAW_MASK))
        self.extent_needed = max(self.extent, first + len(data))
        return writes, rest

    def _write(self, row: int, block: np.ndarray) -> ChunkWrite:
        stored = encode_chunk(block)
        if len(stored) < block.nbytes:  # so a raw chunk is always the larger one and raw rewrites keep their size
            return ChunkWrite(self, row, stored, 0)
        return ChunkWrite(self, row, np.ascontiguousarray(block).tobytes(), RAW_MASK)

    def spacer(self) -> ChunkWrite:
        """A zero chunk at the first never-written index, past the rows: something allocated after every chunk
        this column wrote before (its rows get written over in place, same size, when the data reaches it)."""
        row = self.allocated * self.chunk
        self.extent_needed = max(self.extent_needed, row + 1)
        return ChunkWrite(self, row, bytes(self.chunk_bytes), RAW_MASK)

    def grow(self) -> None:
        """Extend the dataset to the rows staged (never shrinks it)."""
        if self.extent < self.extent_needed:
            self.ds.resize(self.extent_needed, axis=0)
            self.extent = self.extent_needed

    def accept(self, added: int, tail: np.ndarray, writes: list[ChunkWrite]) -> None:
        """Record a completed append of `added` rows (after its writes)."""
        self.rows += added
        self.tail = tail
        self.allocated = max([self.allocated] + [w.index + 1 for w in writes if w.column is self])
        self.tail_stored = self.chunk_bytes if len(tail) else 0

    @property
    def chunk_bytes(self) -> int:
        """Bytes of one raw chunk."""
        return self.chunk * int(np.prod(self.row_shape, dtype=np.int64)) * self.dtype.itemsize


def store(writes: list[ChunkWrite], columns: list[DirectColumn], between: Callable[[], None] = lambda: None
          ) -> list[ChunkWrite]:
    """Store one commit's chunk writes so that no committed byte is overwritten before the index points elsewhere:
    new chunks first (they go to the end of the file, past every chunk holding committed rows), then rewrites,
    then `between` (the strings and states HDF5 writes itself), then the chunks that move committed rows. When
    nothing new is allocated, a spacer chunk is, first. Returns the writes made (the spacer included)."""
    moving = [w for w in writes if w.moves_committed_rows]
    if moving and not any(w.allocates for w in writes):
        writes = [max(columns, key=lambda c: c.chunk_bytes).spacer()] + writes
    for column in columns:
        column.grow()
    for w in writes:
        if w.allocates:
            w.write()
    for w in writes:
        if not w.allocates and not w.moves_committed_rows:
            w.write()
    between()
    for w in moving:
        w.write()
    return writes


def copy_chunks(src: h5py.Dataset, dst: h5py.Dataset, rows: int) -> None:
    """Copy `rows` rows chunk by chunk: compressed full chunks byte for byte, every other chunk (raw, or the last,
    partly filled one) re-encoded from its rows, so the result depends only on the rows."""
    chunk = src.chunks[0]
    dst.resize(rows, axis=0)
    zeros = (0,) * (len(src.shape) - 1)
    for start in range(0, rows, chunk):
        stop = min(rows, start + chunk)
        mask, stored = src.id.read_direct_chunk((start,) + zeros) if stop - start == chunk else (None, b"")
        if mask != 0:
            block = np.zeros((chunk,) + src.shape[1:], dtype=src.dtype)
            block[:stop - start] = src[start:stop]
            stored = encode_chunk(block)
            mask = 0
            if len(stored) >= block.nbytes:
                stored, mask = block.tobytes(), RAW_MASK
        dst.id.write_direct_chunk((start,) + zeros, stored, filter_mask=mask)
