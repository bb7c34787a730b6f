"""Where a walk goes: the cells a sequence of sides leads to on a surface, computed in numpy.

A walk's step is a side of the square (0-3: N, E, S, W) chosen in the square's own
coordinates. Away from the square's edges a step is `row += dr, col += dc`, so a run of
steps is a cumulative sum; the first step that would leave the square goes through the
surface's step table (a glued edge, twisted or not, or nowhere: the walker stays put) and
the sum restarts from there. No surface is special-cased: the table does the gluing.
Generators use it to walk (`visualizer/generators/_walk.py`), renderers to replay a
`Walked` event's trail.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

_DR = np.array([-1, 0, 1, 0], dtype=np.int32)
_DC = np.array([0, 1, 0, -1], dtype=np.int32)
#: the first window searched for a step that leaves the square (doubled while none does)
_WINDOW = 256


def _first_out(cr: np.ndarray, cc: np.ndarray, base_r: int, base_c: int, rows: int,
               cols: int, a: int) -> int:
    """The first step from `a` on whose row `cr + base_r` or column `cc + base_c` (int32
    cumulative sums) leaves the `rows x cols` rectangle, or the sums' length if none does;
    searched in windows that double from `_WINDOW`."""
    k = len(cr)
    j, width = a, _WINDOW
    while j < k:
        e = min(k, j + width)
        # a negative row or column reads as a huge unsigned one: one test per axis
        bad = ((cr[j:e] + base_r).view(np.uint32) >= rows) \
            | ((cc[j:e] + base_c).view(np.uint32) >= cols)
        if bad.any():
            return j + int(bad.argmax())
        j, width = e, width * 2
    return k


def _step_out(target: np.ndarray, sides: np.ndarray, out: np.ndarray, a: int, leave: int,
              here: int) -> int:
    """Step number `leave`, the first of the run from `a` to leave the rectangle, taken
    through the step table (a glued edge, or nowhere: the walker stays put); writes and
    returns the cell it reaches (`here`: where the run started, when it left at once)."""
    before = int(out[leave - 1]) if leave > a else here
    there = int(target[before, sides[leave]])
    out[leave] = before if there < 0 else there
    return int(out[leave])


def walk_cells(target: np.ndarray, cols: int, start: int, sides: np.ndarray) -> np.ndarray:
    """The flat cell the walker stands on after each step of `sides` (uint8 0-3), starting
    from flat cell `start`, on the surface whose step table's targets are `target`
    (`[flat cell, side]`, -1 where a side leads nowhere: a step that stays put). Returns an
    int64 array as long as `sides`."""
    k = len(sides)
    out = np.empty(k, dtype=np.int64)
    if k == 0:
        return out
    rows = len(target) // cols
    cr = np.cumsum(_DR[sides], dtype=np.int32)
    cc = np.cumsum(_DC[sides], dtype=np.int32)
    cf = np.cumsum(np.array([-cols, 1, cols, -1], dtype=np.int64)[sides])
    here, a = int(start), 0
    while True:
        r0, c0 = divmod(here, cols)
        base_r = r0 - (int(cr[a - 1]) if a else 0)
        base_c = c0 - (int(cc[a - 1]) if a else 0)
        leave = _first_out(cr, cc, base_r, base_c, rows, cols, a)
        np.add(cf[a:leave], here - (int(cf[a - 1]) if a else 0), out=out[a:leave])
        if leave == k:
            return out
        here = _step_out(target, sides, out, a, leave, here)
        a = leave + 1
        if a == k:
            return out


def walk_any(moves: Sequence[Sequence[int]], start: int, sides: np.ndarray) -> np.ndarray:
    """`walk_cells` on any grid (hex, triangle, polar, a mask), step by step: `moves[cell]
    [side]` is the grid's step table as lists (made once by the caller: a walk asks batch
    after batch), a side leading nowhere a step that stays put."""
    out: list[int] = []
    append = out.append
    here = int(start)
    for side in sides.tolist():
        there = moves[here][side]
        here = here if there < 0 else there
        append(here)
    return np.array(out, dtype=np.int64)


#: a hexagon's sides (N, NE, SE, S, SW, NW) as steps in axial coordinates (q = col,
#: a = row - (col - col % 2) / 2): the same step from every cell, so a run sums up
_HEX_DQ = np.array([0, 1, 1, 0, -1, -1], dtype=np.int64)
_HEX_DA = np.array([-1, -1, 0, 1, 1, 0], dtype=np.int64)


def walk_hex(target: np.ndarray, cols: int, start: int, sides: np.ndarray) -> np.ndarray:
    """`walk_cells` on a hex grid without a mask (plane or torus): in axial coordinates a
    hexagon's side is the same step from every cell, so a run of steps is a cumulative
    sum, checked against the rectangle in row and column; the first step out of it goes
    through the step table (the torus's wrap, or nowhere: the walker stays put)."""
    k = len(sides)
    out = np.empty(k, dtype=np.int64)
    if k == 0:
        return out
    rows = len(target) // cols
    cq = np.cumsum(_HEX_DQ[sides])
    ca = np.cumsum(_HEX_DA[sides])
    here, a = int(start), 0
    while True:
        r0, q0 = divmod(here, cols)
        base_q = q0 - (int(cq[a - 1]) if a else 0)
        base_a = r0 - (q0 - (q0 & 1)) // 2 - (int(ca[a - 1]) if a else 0)
        j, width, leave = a, _WINDOW, k
        while j < k:
            e = min(k, j + width)
            q = cq[j:e] + base_q
            row = ca[j:e] + base_a + ((q - (q & 1)) >> 1)
            bad = (row < 0) | (row >= rows) | (q < 0) | (q >= cols)
            if bad.any():
                m = int(bad.argmax())
                out[j:j + m] = row[:m] * cols + q[:m]
                leave = j + m
                break
            out[j:e] = row * cols + q
            j, width = e, width * 2
        if leave == k:
            return out
        here = _step_out(target, sides, out, a, leave, here)
        a = leave + 1
        if a == k:
            return out


#: a disc cell's sides (CW, CCW, IN, OUT0 … OUT5) as steps of (ring, index in the ring)
#: between rings of the same count, where IN and OUT0 keep the index and OUT1 … lead nowhere
_POLAR_DR = np.array([0, 0, -1, 1, 0, 0, 0, 0, 0], dtype=np.int32)
_POLAR_DI = np.array([1, -1, 0, 0, 0, 0, 0, 0, 0], dtype=np.int64)
#: the first window a disc's run is searched in (runs between bands are a few hundred long)
_POLAR_WINDOW = 1024


@lru_cache(maxsize=8)
def polar_bands(counts: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """For each ring of a disc whose rings have `counts` cells: the band of rings of its
    count it lies in (first ring, end) and how many outward cells each cell of the band's
    last ring has (1 on the rim)."""
    out: list[tuple[int, int, int]] = []
    r, rows = 0, len(counts)
    while r < rows:
        end = r + 1
        while end < rows and counts[end] == counts[r]:
            end += 1
        ratio = counts[end] // counts[end - 1] if end < rows else 1
        out.extend([(r, end, ratio)] * (end - r))
        r = end
    return tuple(out)


def walk_polar(target: np.ndarray, cols: int, counts: tuple[int, ...], start: int,
               draws: np.ndarray) -> np.ndarray:
    """The flat cell after each step of a walk on a disc without a mask whose draws (uint8
    0-5) are a cell's sides CW, CCW, IN, OUT0, OUT1, OUT2 (a side it lacks leads nowhere:
    a step that stays put), the centre's OUT0 … OUT5 (`generators/_grid_walk.py`).
    Between rings of the same count (a band) a step is (ring ± 1) or (index ± 1 mod
    count), or stays put, so a run is a cumulative sum. On the outermost band the rim's
    step stays put: the ring is the sum reflected below the rim (the sum less how far its
    running maximum passed the rim). The first step out of the band (across its first
    ring, or its last one below the rim, to any of the outward cells there: the count
    grows) and every step from the centre go through the step table, and the sums restart
    from there. The same cells as `walk_any` of the sides the draws name."""
    k = len(draws)
    out = np.empty(k, dtype=np.int64)
    if k == 0:
        return out
    walk = _PolarWalk(counts, cols, draws)
    here, a = int(start), 0
    while True:
        leave = walk.run(out, here, a)
        if leave == k:
            return out
        before = int(out[leave - 1]) if leave > a else here
        side = int(draws[leave]) + (3 if before == 0 else 0)      # flat cell 0: the centre
        there = int(target[before, side])
        here = out[leave] = before if there < 0 else there
        a = leave + 1
        if a == k:
            return out


class _PolarWalk:
    """A batch of draws on a disc, summed once (`walk_polar`): `run` writes the cells of
    one run within a band."""

    def __init__(self, counts: tuple[int, ...], cols: int, sides: np.ndarray) -> None:
        self.counts, self.cols, self.sides, self.k = counts, cols, sides, len(sides)
        self.bands = polar_bands(counts)
        self.cr = np.cumsum(_POLAR_DR[sides], dtype=np.int32)   # the ring, less its start
        self.slots = self.cr * np.int64(cols)                    # ... as flat slots
        self.ci = np.cumsum(_POLAR_DI[sides])                    # the index, likewise
        self._lifted: dict[int, np.ndarray] = {}

    def lifted(self, ratio: int) -> np.ndarray:
        """The ring sums as if OUT1 … OUT(ratio-1) stepped outwards too: from the last ring
        of a band whose cells have `ratio` outward cells they leave it (one test for every
        way out: this sum leaving the band); from any other ring of the band they stay put
        and this sum stays inside it."""
        if ratio not in self._lifted:
            further = (self.sides >= 4) & (self.sides < 3 + ratio)
            self._lifted[ratio] = self.cr + further.astype(np.int32)
        return self._lifted[ratio]

    def run(self, out: np.ndarray, here: int, a: int) -> int:
        """Write the cells of the run from step `a` (the walker on flat cell `here`) until
        it leaves its band; return the step that leaves (the batch's length if none)."""
        cr, ci, cols = self.cr, self.ci, self.cols
        r0, i0 = divmod(here, cols)
        if r0 == 0:                          # the centre draws among its outward sides
            return a
        low, end, ratio = self.bands[r0]
        n, k = self.counts[r0], self.k
        base_r = r0 - (int(cr[a - 1]) if a else 0)
        base_i = i0 - (int(ci[a - 1]) if a else 0)
        rim = end == len(self.counts)
        test = None if rim else self.lifted(ratio)
        rim_max = top = len(self.counts) - 1
        j, width = a, _POLAR_WINDOW
        while j < k:
            e = min(k, j + width)
            if test is not None:
                bad = (test[j:e] + (base_r - low)).view(np.uint32) >= end - low
                m = int(bad.argmax())
                if not bad[m]:
                    m = e - j
                out[j:j + m] = self.slots[j:j + m] + (ci[j:j + m] + base_i) % n \
                    + base_r * cols
            else:               # reflected below the rim; leaves only inwards
                ring = cr[j:e] + base_r
                high = np.maximum(np.maximum.accumulate(ring), rim_max)
                rim_max = int(high[-1])
                ring -= high - top
                bad = ring < low
                m = int(bad.argmax())
                if not bad[m]:
                    m = e - j
                out[j:j + m] = ring[:m] * cols + (ci[j:j + m] + base_i) % n
            if m < e - j:
                return j + m
            j, width = e, width * 2
        return k


def trail_cells(target: np.ndarray, cols: int, start: int, trail: bytes,
                moves: Sequence[Sequence[int]] | None = None) -> np.ndarray:
    """The flat cells a `Walked` event's `trail` passes through, from flat cell `start` (the
    walker's cell before the stretch): `walk_cells` of the trail's sides, or `walk_any`
    with `moves` (the step table as lists) on a grid other than the plain square."""
    sides = np.frombuffer(trail, dtype=np.uint8)
    return walk_cells(target, cols, start, sides) if moves is None \
        else walk_any(moves, start, sides)


#: a triangle walk's draws: 0 east, 1 west, 2 the cell's third side (S up, N down)
TRI_CHOICES = 3
_TRI_DC = np.array([1, -1, 0], dtype=np.int64)
_E, _W, _S, _N = 1, 3, 2, 0           # TriSide's indices


def walk_tri(target: np.ndarray, cols: int, start: int,
             draws: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A walk on a triangle grid without a mask (plane or torus) whose draws (uint8 0-2)
    pick a cell's east, west or third side (south on an upward cell, north on a downward
    one). Returns the flat cell after each step (int64) and the side each step crossed
    (uint8, TriSide indices: a `Walked` trail). Away from the edges every step moves and
    turns the triangle over, so a run is a cumulative sum: east and west move the column,
    the third side the row, down from an upward cell and up from a downward one; the
    first step out of the rectangle goes through the step table (the torus's wrap, or
    nowhere: the walker stays put) and the sums restart from there."""
    k = len(draws)
    out = np.empty(k, dtype=np.int64)
    if k == 0:
        return out, np.empty(0, dtype=np.uint8)
    rows = len(target) // cols
    third = draws == 2
    odd = (np.arange(k) & 1).astype(bool)
    # two readings of the same draws: runs starting on an upward cell at an even step
    # (0) or the other way round (1): the third side is S at even steps for 0, N for 1
    dr = np.where(third, np.where(odd, -1, 1), 0).astype(np.int32)
    dc = _TRI_DC[draws].astype(np.int32)
    cr = (np.cumsum(dr, dtype=np.int32), np.cumsum(-dr, dtype=np.int32))
    cc = np.cumsum(dc, dtype=np.int32)
    cf = (np.cumsum(dc + cols * dr.astype(np.int64)),
          np.cumsum(dc - cols * dr.astype(np.int64)))
    side0 = np.where(draws == 0, _E, np.where(draws == 1, _W, np.where(odd, _N, _S)))
    sides = (side0.astype(np.uint8), (side0 ^ (third << 1)).astype(np.uint8))
    crossed = np.empty(k, dtype=np.uint8)
    here, a = int(start), 0
    while True:
        r0, c0 = divmod(here, cols)
        flip = ((r0 + c0) ^ a) & 1
        rr, ff = cr[flip], cf[flip]
        base_r = r0 - (int(rr[a - 1]) if a else 0)
        base_c = c0 - (int(cc[a - 1]) if a else 0)
        leave = _first_out(rr, cc, base_r, base_c, rows, cols, a)
        np.add(ff[a:leave], here - (int(ff[a - 1]) if a else 0), out=out[a:leave])
        crossed[a:leave] = sides[flip][a:leave]
        if leave == k:
            return out, crossed
        before = int(out[leave - 1]) if leave > a else here
        side = int(sides[((sum(divmod(before, cols)) ^ leave) & 1)][leave])
        there = int(target[before, side])
        here = before if there < 0 else there
        out[leave], crossed[leave] = here, side
        a = leave + 1
        if a == k:
            return out, crossed
