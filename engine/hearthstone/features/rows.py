"""Fast conversion of encoder rows to float32 arrays.

Encoders build rows as Python lists of small integers. Turning a Python list into numpy costs about 50 ns per
element through the generic path (every element is a Python object to inspect), which was half of the search's
encoding time. Most features are small non-negative integers (flags, counts, stats), and `bytearray(list)` reads
those in a few ns each; anything else (card indices above 255, a negative value, a float) makes `bytearray`
raise, and the generic path then converts that batch. Both paths give exactly the same float32 values.
"""

from __future__ import annotations

import numpy as np


def small_ints_to_float32(flat: list, rows: int, width: int) -> np.ndarray:
    """`flat` (rows * width values, row-major) as a (rows, width) float32 array, exactly as np.asarray would."""
    try:
        raw = np.frombuffer(bytearray(flat), dtype=np.uint8)
    except (ValueError, TypeError):
        return np.asarray(flat, dtype=np.float32).reshape(rows, width)
    return raw.astype(np.float32).reshape(rows, width)
