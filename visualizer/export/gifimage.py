"""Choosing the smallest image data for a changed rectangle of a GIF frame."""
from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from .lzw import MAX_CODES, code_size, deferred_data, image_data

EFFORTS = ("best", "fast", "fastest", "smallest")

#: per effort, re-encode a changed rectangle with deferred clears (`lzw.deferred_data`,
#: partly in Python) when Pillow's data is at least this many times what fills the LZW table
#: once (None: never). That pass costs more per pixel than Pillow's encoder and runs on more
#: frames the larger the canvas (more rectangles fill the table), so the default effort,
#: "best", leaves it out: its CPU then grows with the pixel count. The figures:
#: `python benchmarks/bench_gif.py --scaling` (docs/export.md).
DEFERRED_FROM: dict[str, float | None] = {"smallest": 1.0, "best": None, "fast": None,
                                          "fastest": None}
#: efforts that re-encode the first, whole frame with deferred clears when it fills the LZW
#: table (one image per file, so its cost grows with the pixel count)
DEFERRED_FIRST = ("best", "smallest")


@functools.lru_cache(maxsize=None)
def _table_bits(bits: int) -> int:
    """Bits of the codes that fill the LZW table once, at code size `bits`."""
    eoi = (1 << bits) + 1
    return int(np.clip(np.floor(np.log2(np.arange(eoi, MAX_CODES))) + 1, bits + 1, 12).sum())


def fills_table(data: bytes, bits: int, times: float = 1.0) -> bool:
    """Whether image data this long (at code size `bits`) filled the LZW table `times` times."""
    return len(data) * 8 > _table_bits(bits) * times


#: gaps (unchanged runs) up to this long may stay opaque ("matching" below): on seven
#: shipped scenarios 4 -> 16 saved 0.01-0.25 % of the bytes, 16 -> 32 changed them by at
#: most 0.08 % either way
MATCH_UP_TO = 16


def _positions(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Every position in the ranges [starts[i], ends[i]), in order (empty ranges skipped)."""
    lengths = ends - starts
    nonempty = lengths > 0
    starts, lengths = starts[nonempty], lengths[nonempty]
    offsets = np.cumsum(lengths) - lengths
    return np.arange(int(lengths.sum())) + np.repeat(starts - offsets, lengths)


class Kept(NamedTuple):
    """Unchanged pixels (flat positions) each candidate keeps opaque, and how many times
    the colour changes along the rectangle."""
    extend: np.ndarray | None     # "extend" (positions may repeat); None if not asked
    mixed: np.ndarray | None      # "mixed"; None if not asked
    matching: np.ndarray          # "matching"
    colour_changes: int | None    # None unless `extend` or `mixed` was asked


def _matching(flat_new: np.ndarray, changed: np.ndarray, gap_starts: np.ndarray,
              gap_ends: np.ndarray, longest: int) -> np.ndarray:
    """The pixels "matching" keeps, looking only at the pixels of the short gaps."""
    n = flat_new.size
    values = flat_new.take(changed)
    colour = flat_new.take(np.minimum(gap_starts, n - 1))
    beside = np.zeros(gap_starts.size, bool)
    beside[1:] = colour[1:] == values                # the changed pixel before the gap
    beside[:-1] |= colour[:-1] == values             # the changed pixel after it
    lengths = gap_ends - gap_starts
    short = np.flatnonzero(beside & (lengths > 0) & (lengths <= longest))
    where = _positions(gap_starts[short], gap_ends[short])
    gap = np.repeat(np.arange(short.size), lengths[short])
    other = flat_new.take(where) != colour.take(short).repeat(lengths[short])
    one_colour = np.bincount(gap[other], minlength=short.size) == 0
    return where[one_colour[gap]]


def kept_pixels(flat_new: np.ndarray, changed: np.ndarray, *, extend: bool = True,
                mixed: bool = True, longest: int = MATCH_UP_TO) -> Kept:
    """The unchanged pixels that "extend", "mixed" and "matching" keep opaque, found from
    the changed positions `changed` (sorted) and the colour changes of `flat_new`, without
    a pass per pixel over the runs (the tests compare them with whole-rectangle masks,
    tests/gif_oracles.py)."""
    n = flat_new.size
    gap_starts = np.concatenate(([0], changed + 1))  # unchanged runs between changes
    gap_ends = np.append(changed, n)
    matching_keep = _matching(flat_new, changed, gap_starts, gap_ends, longest)
    if not (extend or mixed):
        return Kept(None, None, matching_keep, None)
    colour_change = np.flatnonzero(flat_new[1:] != flat_new[:-1])
    colour_change += 1
    run_ends = np.append(colour_change, n)           # end of the colour run holding p
    mixed_keep = extend_keep = None
    if mixed:
        single = run_ends[np.searchsorted(colour_change, gap_starts, "right")] >= gap_ends
        mixed_keep = _positions(gap_starts[single], gap_ends[single])
    if extend:
        run_starts = np.concatenate(([0], colour_change))
        run = np.searchsorted(colour_change, changed, "right")   # colour run of each change
        after = np.minimum(run_ends[run], gap_ends[1:])
        before = np.maximum(run_starts[run], gap_starts[:-1])
        extend_keep = _positions(np.concatenate((changed + 1, before)),
                                 np.concatenate((after, changed)))
    return Kept(extend_keep, mixed_keep, matching_keep, colour_change.size)


Candidate = tuple[np.ndarray, "int | None"]     # (pixels, transparent index or None)


def smallest(candidates: list[Candidate], fills: float | None
             ) -> tuple[bytes, int | None, int]:
    """The shortest (image data, transparent index, largest index) among `candidates`,
    which are (pixels, transparent index) pairs; re-encoded with deferred clears if that
    is shorter, when Pillow's data fills the LZW table `fills` times (None: never)."""
    best: tuple[bytes, int | None, np.ndarray, int] | None = None
    for pixels, transparent in candidates:
        bits = code_size(pixels)
        data = image_data(pixels, bits)
        if best is None or len(data) < len(best[0]):
            best = (data, transparent, pixels, bits)
    assert best is not None, "expected at least one candidate"
    data, transparent, pixels, bits = best
    if fills is not None and fills_table(data, bits, fills):
        deferred = deferred_data(pixels, bits)
        if len(deferred) < len(data):
            data = deferred
    return data, transparent, int(pixels.max())


#: with effort "best" or "smallest", rectangles up to `ALL_CANDIDATES_UP_TO` pixels try every
#: candidate; up to `MIXED_UP_TO` (or with `MIXED_FROM_CHANGED` of their pixels changed, as in
#: Life) "matching" and "mixed"; other large ones "matching" only (one encode instead of two);
#: "opaque" only when many pixels change or it has few more colour runs than "all transparent".
#: Against trying all-transparent, mixed and opaque on every rectangle over 4096 pixels, this gave
#: 0.994-1.000 times the bytes on nine shipped scenarios, and the default scenario's large
#: rectangles (1-3 % of their pixels changed) take one encode instead of two. (Without mixed,
#: Life's large rectangles, 5-13 % changed, took 2.6 % more.)
ALL_CANDIDATES_UP_TO = 4096
MIXED_UP_TO = 1 << 17
MIXED_FROM_CHANGED = 0.05     # share of changed pixels
OPAQUE_FROM_CHANGED = 0.2     # share of changed pixels
OPAQUE_FROM_RUNS = 1.2        # opaque colour runs / all-transparent colour runs


def _runs(flat: np.ndarray) -> int:
    """How many times the colour changes along `flat`."""
    return int(np.count_nonzero(flat[1:] != flat[:-1]))


def encode_changes(new: np.ndarray, changed: np.ndarray, *, effort: str = "best"
                   ) -> tuple[bytes, int | None, int]:
    """The smallest image data drawing the rectangle `new`, given the sorted flat positions
    `changed` of the pixels that changed (every other pixel is unchanged): (data,
    transparent index or None, largest index used).

    Candidates: every unchanged pixel transparent (the only one with `effort="fastest"`);
    no transparency; unchanged pixels kept where they extend a neighbouring changed run
    ("extend"), transparent only in unchanged runs of several colours ("mixed"), or kept in
    short one-colour runs matching a changed neighbour ("matching"); rectangles over
    `ALL_CANDIDATES_UP_TO` pixels try fewer candidates (see there). A result that fills the
    LZW table `DEFERRED_FROM[effort]` times is re-encoded with deferred clears. The
    transparent index is the lowest one the changed pixels do not use, which keeps the
    LZW code size small.
    """
    flat = np.ascontiguousarray(new).ravel()
    values = flat.take(changed)
    used = np.bincount(values, minlength=256)
    transparent = int(np.flatnonzero(used == 0)[0])
    clear = np.full(flat.size, transparent, dtype=np.uint8)
    clear[changed] = values
    shape = new.shape
    candidates: list[Candidate] = []
    if effort == "fastest":
        candidates.append((clear.reshape(shape), transparent))
    else:
        every = flat.size <= ALL_CANDIDATES_UP_TO
        mixed = flat.size <= MIXED_UP_TO or changed.size >= MIXED_FROM_CHANGED * flat.size
        kept = kept_pixels(flat, changed, extend=every, mixed=mixed)
        if (every or changed.size >= OPAQUE_FROM_CHANGED * flat.size
                or (kept.colour_changes if kept.colour_changes is not None else _runs(flat))
                <= OPAQUE_FROM_RUNS * _runs(clear)):
            candidates.append((new, None))
        if every or not kept.matching.size:
            candidates.append((clear.reshape(shape), transparent))
        for keep in (kept.matching, kept.extend, kept.mixed):
            if keep is not None and keep.size:    # empty: the same as all transparent
                pixels = clear.copy()
                pixels[keep] = flat.take(keep)
                candidates.append((pixels.reshape(shape), transparent))
    data, index, top = smallest(candidates, DEFERRED_FROM[effort])
    return data, index, max(top, transparent if index is not None else 0)


def full_image(pixels: np.ndarray, *, effort: str = "best") -> tuple[bytes, int | None, int]:
    """The smallest opaque image data of `pixels`: (data, None (no transparent index),
    largest index used)."""
    return smallest([(pixels, None)], 1.0 if effort in DEFERRED_FIRST else None)
