"""Where two frames differ: the bounding rectangle of the changed pixels."""
from __future__ import annotations

import numpy as np

from .base import Rect


def changed_rect(before: np.ndarray, after: np.ndarray,
                 within: Rect | None = None) -> Rect | None:
    """The smallest `(y0, y1, x0, x1)` holding every differing pixel, or None if equal.

    With `within`, pixels outside that rectangle are assumed unchanged.
    """
    oy = ox = 0
    if within is not None:
        y0, y1, x0, x1 = within
        if y0 >= y1 or x0 >= x1:
            return None
        before, after = before[y0:y1, x0:x1], after[y0:y1, x0:x1]
        oy, ox = y0, x0
    diff = before != after
    rows = np.flatnonzero(diff.any(axis=1))
    if rows.size == 0:
        return None
    r0, r1 = rows[0], rows[-1] + 1
    cols = np.flatnonzero(diff[r0:r1].any(axis=0))
    return (oy + int(r0), oy + int(r1), ox + int(cols[0]), ox + int(cols[-1]) + 1)
