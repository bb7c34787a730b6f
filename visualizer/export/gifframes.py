"""The changes of many GIF frames at once, in the colour table's slots.

For each frame: the pixels whose slot changes, the rectangle around them, their positions
in it, the rectangle's transparent index and the runs of changed pixels. They are found by
numpy calls over all the frames' changes together (`frame_changes`), because a numpy call
costs more than its work on one frame's few thousand changed pixels: a few dozen calls a
frame would cost about as much CPU as Pillow's LZW of the frame. The GIF writer hands over
the frames it holds (`gif.GifWriter`, up to its lookahead), or one frame at a time after.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from .base import Rect
from .gifcolours import ColourTable

_ONE = np.array(1, np.int64)     # a comparison with a 0-d array costs less than with an int


class Runs(NamedTuple):
    """The runs of changed pixels (positions next to each other) of one rectangle, and
    the gaps of unchanged pixels around them (one more gap than runs, every gap but the
    first and the last at least one pixel long)."""

    edges: np.ndarray    # 0, run 0's start, its end, run 1's start, ..., the pixel count
    pieces: np.ndarray   # the lengths of gap 0, run 0, gap 1, ..., the last gap
    starts: np.ndarray   # each gap's first position (the last pixel's for an empty gap)
    bounds: np.ndarray   # where each gap's inner steps and each run's steps begin
    nonempty: np.ndarray  # whether each gap holds a pixel
    long: np.ndarray     # ... two pixels or more
    first: np.ndarray    # each run's first changed pixel's index
    last: np.ndarray     # ... and its last one's
    clear_runs: int      # the colour runs with every gap transparent
    top: int             # the largest index of a changed pixel (0 if none)


class Change(NamedTuple):
    """What one frame changes on the canvas."""

    where: np.ndarray         # the canvas's flat positions whose slot changes (scan order)
    slots: np.ndarray         # ... their new slots
    rect: Rect                # the rectangle around them (y0, y1, x0, x1)
    changed: np.ndarray       # their flat positions in the rectangle
    transparent: int | None   # the lowest slot none of them uses (None: they use all 256)
    runs: Runs


def runs_of(changed: np.ndarray, values: np.ndarray, size: int) -> Runs:
    """The `Runs` of a rectangle of `size` pixels whose sorted flat positions `changed`
    changed to `values`."""
    k = changed.size
    if not k:
        empty = np.zeros(0, np.uint8)
        return _runs_in(np.array([0, size], np.int64), np.array([0]), np.array([2]),
                        np.array([size]), empty, empty, np.array([0]), np.array([0]),
                        np.array([0]))[0]
    cut = (changed[1:] - changed[:-1] != _ONE).nonzero()[0]   # a run ends before these
    edges = np.empty(2 * cut.size + 4, np.int64)
    edges[0], edges[1], edges[-2], edges[-1] = 0, changed[0], changed[k - 1] + 1, size
    edges[2:-2:2] = changed.take(cut)
    edges[2:-2:2] += 1
    edges[3:-2:2] = changed.take(cut + 1)
    first = values.take(np.concatenate(([0], cut + 1)))
    last = values.take(np.append(cut, k - 1))
    inside = np.count_nonzero(values[1:] != values[:-1]) - \
        np.count_nonzero(first[1:] != last[:-1])
    return _runs_in(edges, np.array([0]), np.array([edges.size]), np.array([size]), first,
                    last, np.array([first.size]), np.array([inside]),
                    np.array([values.max()]))[0]


def _runs_in(edges: np.ndarray, offset: np.ndarray, span: np.ndarray, size: np.ndarray,
             first: np.ndarray, last: np.ndarray, runs: np.ndarray, inside: np.ndarray,
             top: np.ndarray) -> list[Runs]:
    """The `Runs` of rectangles whose edges (0, start, end, ..., size) lie one after the
    other in `edges`, rectangle i's `span[i]` of them from `offset[i]`, around `runs[i]`
    runs (their first and last indices in `first` and `last`, from the sum of the runs
    before), `size[i]` pixels, `inside[i]` index changes inside its runs and largest
    changed index `top[i]`: each array for all the rectangles at once, then sliced."""
    pieces = edges[1:] - edges[:-1]                 # (across two rectangles: unused)
    nonempty, long = pieces > 0, pieces > 1
    last_pixel = np.repeat(size - 1, span)
    starts = np.minimum(edges, last_pixel)
    bounds = edges - ((np.arange(edges.size) - np.repeat(offset, span)) & 1)
    np.clip(bounds, 0, last_pixel - 1, out=bounds)  # only where a gap has no inside
    ends = offset + span - 2                        # the last gap's piece
    clear = 2 * runs - 2 + nonempty[offset] + nonempty[ends] + inside
    first_run = np.cumsum(runs) - runs
    out = []
    for o, s, r, n, c, t in zip(offset.tolist(), span.tolist(), first_run.tolist(),
                                runs.tolist(), clear.tolist(), top.tolist()):
        gaps = slice(o, o + s - 1, 2)
        out.append(Runs(edges[o:o + s], pieces[o:o + s - 1], starts[gaps],
                        bounds[o:o + s - 1], nonempty[gaps], long[gaps], first[r:r + n],
                        last[r:r + n], max(c, 0), t))
    return out


def frame_changes(frames: Sequence[tuple[np.ndarray, np.ndarray, np.ndarray]],
                  table: ColourTable, width: int) -> list[Change | None]:
    """One `Change` per frame, None for a frame that changes no slot, from each frame's
    changed flat positions (sorted), palette indices after and palette indices before
    (the frames in order, each against the one before; the colour table assigns slots
    to new colours as it meets them)."""
    sizes = np.array([frame[0].size for frame in frames], np.int64)
    where = np.concatenate([frame[0] for frame in frames])
    slots = table.map(np.concatenate([frame[1] for frame in frames]))
    moved = slots != table.lut.take(np.concatenate([frame[2] for frame in frames]))
    count = sizes
    if np.count_nonzero(moved) < moved.size:       # equal colours share a slot
        still = (~moved).nonzero()[0]
        count = sizes - np.bincount(np.searchsorted(np.cumsum(sizes), still, "right"),
                                    minlength=sizes.size)
        where, slots = where[moved], slots[moved]
    live = count.nonzero()[0]
    if not live.size:
        return [None] * sizes.size
    count = count[live]
    start = np.cumsum(count) - count
    rows = ((where + 0.5) * (1 / width)).astype(np.int64)   # where // width, exactly:
    columns = where - rows * width                         # (far from whole numbers)
    y0, y1 = rows.take(start), rows.take(start + count - 1) + 1
    x0 = np.minimum.reduceat(columns, start)
    x1 = np.maximum.reduceat(columns, start) + 1
    changed = rows * np.repeat(x1 - x0, count)
    changed += columns
    changed -= np.repeat(y0 * (x1 - x0) + x0, count)
    runs = _runs(changed, slots, start, count, (y1 - y0) * (x1 - x0))
    used = np.repeat(np.arange(0, 256 * live.size, 256), count)
    used += slots
    free = np.bincount(used, minlength=live.size * 256).reshape(-1, 256) == 0
    transparent = free.argmax(axis=1)
    has_free = free[np.arange(live.size), transparent]
    ends = (start + count).tolist()
    out: list[Change | None] = [None] * sizes.size
    for i, (f, a, b, rect, clear, ok) in enumerate(zip(
            live.tolist(), start.tolist(), ends,
            zip(y0.tolist(), y1.tolist(), x0.tolist(), x1.tolist()),
            transparent.tolist(), has_free.tolist())):
        out[f] = Change(where[a:b], slots[a:b], rect, changed[a:b], clear if ok else None,
                        runs[i])
    return out


def _runs(changed: np.ndarray, slots: np.ndarray, start: np.ndarray, count: np.ndarray,
          size: np.ndarray) -> list[Runs]:
    """The `Runs` of each changing frame's rectangle (`size` pixels), from all the frames'
    changed positions in their rectangles and slots together (frame i's from `start[i]`,
    `count[i]` of them)."""
    frames = start.size
    new_run = np.empty(changed.size, bool)
    new_run[0] = True
    np.not_equal(changed[1:] - changed[:-1], _ONE, out=new_run[1:])
    new_run[start] = True
    run_start = new_run.nonzero()[0]
    run_last = np.append(run_start[1:], changed.size) - 1
    run_frame = np.searchsorted(start, run_start, "right") - 1
    runs = np.bincount(run_frame, minlength=frames)
    step = ((slots[1:] != slots[:-1]) & ~new_run[1:]).nonzero()[0]
    inside = np.bincount(np.searchsorted(start, step + 1, "right") - 1, minlength=frames)
    top = np.maximum.reduceat(slots, start)
    span = 2 * runs + 2                            # 0, start, end, ..., size
    offset = np.cumsum(span) - span
    edges = np.empty(int(span.sum()), np.int64)
    edges[offset] = 0
    edges[offset + span - 1] = size
    first_run = np.cumsum(runs) - runs
    at = offset.take(run_frame) + 1 + 2 * (np.arange(run_start.size) - first_run.take(run_frame))
    edges[at] = changed.take(run_start)
    edges[at + 1] = changed.take(run_last) + 1
    return _runs_in(edges, offset, span, size, slots.take(run_start), slots.take(run_last),
                    runs, inside, top)
