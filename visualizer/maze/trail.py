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
