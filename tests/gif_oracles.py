"""Pixel-loop oracles for the GIF optimiser tests: the whole-rectangle masks that the
sparse `gifimage.kept_pixels` must agree with, and `encode_rect` (old frame, new frame).
They live here, not in the package: the writer never calls them."""
from __future__ import annotations

import numpy as np

from visualizer.export.gifimage import MATCH_UP_TO, encode_changes


def mixed_runs(same: np.ndarray, new: np.ndarray) -> np.ndarray:
    """Which unchanged pixels to make transparent: those in runs of several colours.

    A run is a stretch of unchanged pixels in scan order. A run of one colour is kept as
    it is (it may extend a neighbouring run of that colour); a run of two or more colours
    becomes one transparent run.
    """
    flat_same, flat_new = same.ravel(), new.ravel()
    starts = flat_same & np.concatenate(([True], ~flat_same[:-1]))
    run = np.cumsum(starts)                      # run number of each pixel (0 = none yet)
    colour_change = np.concatenate(([False], flat_new[1:] != flat_new[:-1]))
    inner = flat_same & ~starts & colour_change  # a colour change inside a run
    mixed = np.bincount(run[inner], minlength=run[-1] + 1) > 0
    return (flat_same & mixed[run]).reshape(same.shape)


def _leading(same: np.ndarray, new: np.ndarray) -> np.ndarray:
    """Unchanged pixels (flat) continuing the colour of the changed pixel just before
    their run, up to the first one that does not: no colour change since the run began."""
    idx = np.arange(same.size)
    starts = same & np.concatenate(([True], ~same[:-1]))
    run_start = np.maximum.accumulate(np.where(starts, idx, -1))
    change = np.concatenate(([True], new[1:] != new[:-1]))
    last_change = np.maximum.accumulate(np.where(change, idx, -1))
    return same & (last_change < run_start)


def extend_runs(same: np.ndarray, new: np.ndarray) -> np.ndarray:
    """Which unchanged pixels to make transparent: all but those that extend the run of
    the changed pixel before or after them with their own (unchanged) colour."""
    flat_same, flat_new = same.ravel(), new.ravel()
    keep = _leading(flat_same, flat_new) | _leading(flat_same[::-1], flat_new[::-1])[::-1]
    return (flat_same & ~keep).reshape(same.shape)


def matching_gaps(same: np.ndarray, new: np.ndarray, longest: int = MATCH_UP_TO
                  ) -> np.ndarray:
    """Which unchanged pixels to make transparent: all but runs of them (in scan order) that
    are of one colour, at most `longest` long, and of the colour of the changed pixel just
    before or just after them (a wall segment between two newly painted ones, say)."""
    flat_same, flat_new = same.ravel(), new.ravel()
    transparent = flat_same.copy()
    start = None
    for p in range(flat_same.size + 1):
        inside = p < flat_same.size and flat_same[p]
        if inside and start is None:
            start = p
        elif not inside and start is not None:
            run = flat_new[start:p]
            colour = run[0]
            touches = (start > 0 and flat_new[start - 1] == colour) or \
                (p < flat_new.size and flat_new[p] == colour)
            if p - start <= longest and (run == colour).all() and touches:
                transparent[start:p] = False
            start = None
    return transparent.reshape(same.shape)


def encode_rect(old: np.ndarray, new: np.ndarray, *, effort: str = "best"
                ) -> tuple[bytes, int | None, int]:
    """`gifimage.encode_changes` given the old and the new rectangle: (data, transparent
    index or None, largest index used)."""
    return encode_changes(new, np.flatnonzero(old != new), effort=effort)


