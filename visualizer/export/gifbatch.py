"""The gaps and the "matching" candidates of large GIF rectangles, many at once.

A large rectangle's unchanged pixels are cut into "gaps" around the runs of its changed
pixels; whether each gap has one colour, and whether that colour matches a changed pixel
beside it, decide which gaps a candidate keeps (`gifimage`). Finding this rectangle by
rectangle took a few dozen numpy calls each, and a numpy call costs more than its work on
one frame; here the rectangles' pixels lie one after the other in one buffer and each step
is one call over all of them (`prepare_at_once`). The results are the same arrays, cut into
one `Prepared` per rectangle; `gifimage` calls it with one rectangle too.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .gifframes import Runs

#: gaps (unchanged runs) up to this long may stay opaque ("matching"): on seven shipped
#: scenarios 4 -> 16 saved 0.01-0.25 % of the bytes, 16 -> 32 changed them by at most
#: 0.08 % either way
MATCH_UP_TO = 16

Candidate = tuple[np.ndarray, "int | None", int]   # flat pixels, transparent index, their top


def bits_for(top: int) -> int:
    """The LZW code size of pixels whose largest index is `top` (`lzw.code_size`)."""
    return max(2, top.bit_length())


class Gaps(NamedTuple):
    """A rectangle (flat, scan order) cut into the runs of its changed pixels (positions
    next to each other) and the runs of unchanged pixels around them, its "gaps": one
    more gap than changed runs, every gap but the first and the last at least one pixel
    long. `pieces` are the lengths of gap 0, run 0, gap 1, run 1, ..., the last gap."""
    changed: np.ndarray    # the changed pixels' positions
    values: np.ndarray     # ... and indices
    pieces: np.ndarray     # the lengths of the gaps and runs, in scan order
    lengths: np.ndarray    # each gap's length
    colour: np.ndarray     # the gap's colour if it has one (`single`)
    single: np.ndarray     # whether the gap is of one colour (and not empty)
    nonempty: np.ndarray   # whether the gap is not empty
    matches: np.ndarray    # how many of the changed pixels beside it are of that colour
    runs_clear: int        # the colour runs with every gap transparent
    top: int               # the largest index of a changed pixel
    steps: np.ndarray      # flat[1:] != flat[:-1]


class Prepared(NamedTuple):
    """What a large rectangle's candidates are chosen from (`gifimage.encode_prepared`)."""
    gaps: Gaps
    keep: np.ndarray          # the gaps that may keep their colour (one colour, in the codes)
    clear: np.ndarray         # each gap's index when it does not (0 for an empty gap)
    matching: Candidate       # the "matching" candidate
    runs_matching: int        # its colour runs
    runs_keep: int            # those of "mixed" (every gap in `keep` kept)
    extra: int                # the pixels "mixed" keeps beyond "matching"


class Rectangle(NamedTuple):
    """A large rectangle to prepare: where its pixels begin in the buffer, how many, and
    its changes (sorted positions, indices, the free transparent index, their runs)."""

    offset: int
    size: int
    changed: np.ndarray
    values: np.ndarray
    transparent: int
    runs: Runs


def _steps_inside(buffer: np.ndarray, rectangles: list[Rectangle], offset: np.ndarray,
                  piece_count: np.ndarray, gap_piece: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Where the index changes along `buffer` (False from one rectangle to the next), and
    whether it changes inside each gap (the steps [start, end - 1) of the gap at
    `gap_piece` among the pieces, each rectangle's `piece_count` from its `offset`)."""
    steps = buffer[1:] != buffer[:-1]
    steps[offset[1:] - 1] = False
    if not steps.size:                                  # one pixel: no gap holds two
        return steps, np.zeros(gap_piece.size, bool)
    bounds = np.concatenate([r.runs.bounds for r in rectangles]) + np.repeat(offset,
                                                                             piece_count)
    return steps, np.logical_or.reduceat(steps, bounds).take(gap_piece)


def prepare_at_once(buffer: np.ndarray, rectangles: list[Rectangle]) -> list[Prepared]:
    """The `Prepared` of each rectangle in `buffer` (flat uint8, the rectangles' pixels at
    their offsets, in order, and nothing after the last). A colour run of "matching" or
    "mixed" ends at each change of index along the pixels, where the transparent index
    (none of the changed pixels') meets a kept colour; so each kept gap merges with the
    changed pixels beside it of its colour (`matches`), and the runs are counted from the
    gaps without a pass over the pixels."""
    offset = np.array([r.offset for r in rectangles], np.int64)
    gap_count = np.array([r.runs.starts.size for r in rectangles], np.int64)
    run_count = gap_count - 1
    gap_at = np.cumsum(gap_count) - gap_count              # each one's first gap
    piece_count = 2 * gap_count - 1                        # gap, run, gap, ..., gap
    piece_at = np.cumsum(piece_count) - piece_count
    gap_piece = np.repeat(piece_at, gap_count) + 2 * (np.arange(int(gap_count.sum()))
                                                     - np.repeat(gap_at, gap_count))
    steps, inside = _steps_inside(buffer, rectangles, offset, piece_count, gap_piece)
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
    limit = np.array([(1 << bits_for(max(r.runs.top, r.transparent))) - 1 for r in rectangles],
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
