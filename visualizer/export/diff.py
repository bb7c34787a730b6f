"""Where two frames differ: the bounding rectangle of the changed pixels."""
from __future__ import annotations

import numpy as np

from .base import Rect


def changed_rect(before: np.ndarray, after: np.ndarray) -> Rect | None:
    """The smallest `(y0, y1, x0, x1)` holding every differing pixel, or None if equal."""
    diff = before != after
    rows = np.flatnonzero(diff.any(axis=1))
    if rows.size == 0:
        return None
    r0, r1 = int(rows[0]), int(rows[-1]) + 1
    cols = np.flatnonzero(diff[r0:r1].any(axis=0))
    return (r0, r1, int(cols[0]), int(cols[-1]) + 1)
