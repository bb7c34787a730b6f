"""The gaps and the "matching" candidates of many large GIF rectangles at once.

`gifimage.prepare` does this for one rectangle in a few dozen numpy calls, each of which
costs more than its work on one frame; here the rectangles' pixels lie one after the other
in one buffer and each step is one call over all of them (`prepare_at_once`). The results
are the same arrays, cut into one `gifimage.Prepared` per rectangle.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .gifframes import Runs
from .gifimage import MATCH_UP_TO, Gaps, Prepared, _bits


class Rectangle(NamedTuple):
    """A large rectangle to prepare: where its pixels begin in the buffer, how many, and
    its changes (sorted positions, indices, the free transparent index, their runs)."""

    offset: int
    size: int
    changed: np.ndarray
    values: np.ndarray
    transparent: int
    runs: Runs


def prepare_at_once(buffer: np.ndarray, rectangles: list[Rectangle]) -> list[Prepared]:
    """The `Prepared` of each rectangle in `buffer` (flat uint8, the rectangles' pixels at
    their offsets, in order, and nothing after the last), as `gifimage.prepare` finds them
    one at a time."""
    offset = np.array([r.offset for r in rectangles], np.int64)
    gap_count = np.array([r.runs.starts.size for r in rectangles], np.int64)
    run_count = gap_count - 1
    gap_at = np.cumsum(gap_count) - gap_count              # each one's first gap
    piece_count = 2 * gap_count - 1                        # gap, run, gap, ..., gap
    piece_at = np.cumsum(piece_count) - piece_count
    gap_piece = np.repeat(piece_at, gap_count) + 2 * (np.arange(int(gap_count.sum()))
                                                     - np.repeat(gap_at, gap_count))
    steps = buffer[1:] != buffer[:-1]
    steps[offset[1:] - 1] = False                         # from one rectangle to the next
    inside = np.logical_or.reduceat(
        steps, np.concatenate([r.runs.bounds for r in rectangles])
        + np.repeat(offset, piece_count)).take(gap_piece)
    gap_offset = np.repeat(offset, gap_count)
    colour = buffer.take(np.concatenate([r.runs.starts for r in rectangles]) + gap_offset)
    nonempty = np.concatenate([r.runs.nonempty for r in rectangles])
    lengths = np.concatenate([r.runs.pieces[0::2] for r in rectangles])
    single = nonempty & ~(inside & (lengths > 1))
    before = np.repeat(gap_at, run_count) + np.arange(int(run_count.sum())) - \
        np.repeat(np.cumsum(run_count) - run_count, run_count)   # the gap before each run
    matches = np.zeros(colour.size, np.uint8)
    matches[before] += colour.take(before) == np.concatenate([r.runs.first for r in rectangles])
    matches[before + 1] += colour.take(before + 1) == \
        np.concatenate([r.runs.last for r in rectangles])
    matches *= single
    transparent = np.array([r.transparent for r in rectangles], np.uint8)
    limit = np.array([(1 << _bits(max(r.runs.top, r.transparent))) - 1 for r in rectangles],
                     np.uint8)
    keep = single & (colour <= np.repeat(limit, gap_count))
    matching = keep & (matches > 0) & (lengths <= MATCH_UP_TO)
    clear = nonempty * np.repeat(transparent, gap_count)
    kept_matches = np.add.reduceat(matches * matching, gap_at, dtype=np.int64)
    keep_matches = np.add.reduceat(matches * keep, gap_at, dtype=np.int64)
    extra = np.add.reduceat(lengths * (keep & ~matching), gap_at)
    index = np.zeros(int(piece_count.sum()), np.uint8)     # one per piece
    index[gap_piece] = np.where(matching, colour, clear)
    pixels = np.repeat(index, np.concatenate([r.runs.pieces for r in rectangles]))
    pixels[np.concatenate([r.changed + r.offset for r in rectangles])] = \
        np.concatenate([r.values for r in rectangles])
    top = np.maximum.reduceat(index, piece_at)
    out = []
    for i, r in enumerate(rectangles):
        g = slice(int(gap_at[i]), int(gap_at[i] + gap_count[i]))
        o, n = r.offset, r.size
        gaps = Gaps(r.changed, r.values, r.runs.pieces, lengths[g], colour[g], single[g],
                    nonempty[g], matches[g], r.runs.clear_runs, r.runs.top, steps[o:o + n - 1])
        candidate = (pixels[o:o + n], r.transparent, max(r.runs.top, int(top[i])))
        out.append(Prepared(gaps, keep[g], clear[g], candidate,
                            r.runs.clear_runs - int(kept_matches[i]),
                            r.runs.clear_runs - int(keep_matches[i]), int(extra[i])))
    return out
