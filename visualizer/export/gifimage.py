"""Choosing the smallest image data for a changed rectangle of a GIF frame."""
from __future__ import annotations

import numpy as np

from .lzw import MAX_CODES, code_size, deferred_data, image_data

EFFORTS = ("best", "fast", "fastest")


#: re-encode with deferred clears only when Pillow's data is this many times what fills
#: the LZW table once: below it the gain is small (measured: 1.5x keeps 85% of the gain
#: on the Life benchmark for 65% of the time)
DEFERRED_FROM = 1.5


def fills_table(data: bytes, bits: int, times: float = 1.0) -> bool:
    """Whether image data this long (at code size `bits`) filled the LZW table `times` times."""
    eoi = (1 << bits) + 1
    widths = np.clip(np.floor(np.log2(np.arange(eoi, MAX_CODES))) + 1, bits + 1, 12)
    return len(data) * 8 > widths.sum() * times


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
    their run, up to the first one that does not."""
    starts = same & np.concatenate(([True], ~same[:-1]))
    run = np.cumsum(starts)
    before = np.concatenate(([-1], new[:-1].astype(np.int16)))
    run_colour = np.full(run[-1] + 1, -1, np.int16)
    run_colour[run[starts]] = before[starts]
    mismatch = same & (new != run_colour[run])
    count = np.cumsum(mismatch)
    base = np.zeros(run[-1] + 1, np.int64)
    base[run[starts]] = count[starts] - mismatch[starts]
    return same & (count - base[run] == 0)


def extend_runs(same: np.ndarray, new: np.ndarray) -> np.ndarray:
    """Which unchanged pixels to make transparent: all but those that extend the run of
    the changed pixel before or after them with their own (unchanged) colour."""
    flat_same, flat_new = same.ravel(), new.ravel()
    keep = _leading(flat_same, flat_new) | _leading(flat_same[::-1], flat_new[::-1])[::-1]
    return (flat_same & ~keep).reshape(same.shape)


def smallest(candidates, effort: str) -> tuple[bytes, int | None, int]:
    """The shortest (image data, transparent index, largest index) among `candidates`,
    which are (pixels, transparent index) pairs."""
    best = None
    for pixels, transparent in candidates:
        bits = code_size(pixels)
        data = image_data(pixels, bits)
        if best is None or len(data) < len(best[0]):
            best = (data, transparent, pixels, bits)
    data, transparent, pixels, bits = best
    if effort == "best" and fills_table(data, bits, DEFERRED_FROM):
        deferred = deferred_data(pixels, bits)
        if len(deferred) < len(data):
            data = deferred
    return data, transparent, int(pixels.max())


def encode_rect(old: np.ndarray, new: np.ndarray, *, effort: str = "best"
                ) -> tuple[bytes, int | None, int]:
    """The smallest image data drawing `new` over `old`: (data, transparent index or None,
    largest index used).

    Candidates: every unchanged pixel transparent; unchanged pixels kept where they
    extend a neighbouring changed run (`extend_runs`); with `effort="best"` also only
    unchanged runs of several colours transparent (`mixed_runs`) and no transparency, and
    a large result is re-encoded with deferred LZW clears. `effort="fastest"` tries the
    first only. The transparent index is the lowest one the changed pixels do not use,
    which keeps the LZW code size small. (On the benchmark scenes the four candidates won
    226/43/41/0 maze and 238/0/46/15 Life rectangles.)
    """
    same = old == new
    used = np.bincount(new[~same], minlength=256)
    transparent = int(np.flatnonzero(used == 0)[0])
    t = np.uint8(transparent)
    candidates = [(np.where(same, t, new), transparent)]
    if effort != "fastest":
        candidates.append((np.where(extend_runs(same, new), t, new), transparent))
    if effort == "best":
        candidates.append((np.where(mixed_runs(same, new), t, new), transparent))
        candidates.append((new, None))
    data, index, top = smallest(candidates, effort)
    return data, index, max(top, transparent if index is not None else 0)


def full_image(pixels: np.ndarray, *, effort: str = "best") -> tuple[bytes, None, int]:
    """The smallest opaque image data of `pixels`: (data, None, largest index used)."""
    return smallest([(pixels, None)], effort)
