"""The polar grid: a disc of `rows` rings, on the plane only.

Ring 0 is one centre cell; ring r has count(r-1) x ratio cells, with
ratio = round((2π·r/rows) / count(r-1) / (1/rows)) (5 rings: 1, 6, 12, 24, 24 cells).
Cell (ring, i); neighbours clockwise (ring, i+1 mod n) and counter-clockwise (ring, i-1 mod
n), inward (ring-1, i // ratio), outward the cells of ring+1 whose inward cell it is (OUT0,
OUT1 … in clockwise order). The slots are `rows x count(rows-1)`: ring r uses its first
count(r) of them. The outer ring's OUT0 side is the disc's rim (a border wall).
"""
from __future__ import annotations

import math
from enum import IntEnum
from functools import lru_cache

import numpy as np

from .kinds import GridKind, GridShape, Tables, sized


class PolarSide(IntEnum):
    """A side of a ring sector: clockwise, counter-clockwise, inward, and its outward
    sides OUT0 … OUT5 (clockwise)."""

    CW = 0
    CCW = 1
    IN = 2
    OUT0 = 3
    OUT1 = 4
    OUT2 = 5
    OUT3 = 6
    OUT4 = 7
    OUT5 = 8


@lru_cache(maxsize=64)
def ring_counts(rows: int) -> tuple[int, ...]:
    """The number of cells in each ring of a `rows`-ring disc."""
    counts = [1]
    for r in range(1, rows):
        ratio = round((2 * math.pi * r / rows) / counts[-1] / (1 / rows))
        counts.append(counts[-1] * max(1, ratio))
    return tuple(counts)


def ratio(rows: int, ring: int) -> int:
    """How many cells of `ring` share one inward cell (ring >= 1)."""
    counts = ring_counts(rows)
    return counts[ring] // counts[ring - 1]


def _shape_error(rows: int, cols: int, surface: str) -> str | None:
    problem = sized(rows, 1)
    if problem is None and rows > 1 and max(ratio(rows, r) for r in range(1, rows)) > 6:
        return f"a polar grid of {rows} rings splits a cell into more than six"
    return problem


def _build(rows: int, cols: int, surface: str) -> Tables:
    counts = ring_counts(rows)
    width = counts[-1]
    present = np.zeros((rows, width), dtype=bool)
    n, degree = rows * width, len(PolarSide)
    target = np.full((n, degree), -1, dtype=np.int64)
    entered = np.zeros((n, degree), dtype=np.int8)
    exists = np.zeros((n, degree), dtype=bool)
    for ring, count in enumerate(counts):
        present[ring, :count] = True
        base = ring * width
        i = np.arange(count)
        if ring > 0:
            exists[base + i, :PolarSide.IN + 1] = True
            target[base + i, PolarSide.CW] = base + (i + 1) % count
            entered[base + i, PolarSide.CW] = PolarSide.CCW
            target[base + i, PolarSide.CCW] = base + (i - 1) % count
            entered[base + i, PolarSide.CCW] = PolarSide.CW
            k = counts[ring] // counts[ring - 1]
            target[base + i, PolarSide.IN] = (ring - 1) * width + i // k
            entered[base + i, PolarSide.IN] = PolarSide.OUT0 + i % k
        if ring + 1 < rows:
            k = counts[ring + 1] // count
            for j in range(k):
                exists[base + i, PolarSide.OUT0 + j] = True
                target[base + i, PolarSide.OUT0 + j] = (ring + 1) * width + i * k + j
                entered[base + i, PolarSide.OUT0 + j] = PolarSide.IN
        else:
            exists[base + i, PolarSide.OUT0] = True
    return Tables(present, target, entered, np.zeros((n, degree), dtype=bool), exists)


def _angle(cell: tuple[int, int], side: int) -> float:
    """Seen from the cell's centre, looking outward: outward sides ahead (spread over the
    arc), clockwise to the right, inward behind, counter-clockwise to the left."""
    if side == PolarSide.CW:
        return 90.0
    if side == PolarSide.IN:
        return 180.0
    if side == PolarSide.CCW:
        return 270.0
    return -30.0 + 10.0 * (side - PolarSide.OUT0)


POLAR = GridShape(GridKind.POLAR, "rings round a centre cell, cells split outward as the "
                                  "rings grow (rows = rings)",
                  PolarSide, ("plane",), _shape_error,
                  lambda rows, cols: ring_counts(rows)[-1], _build, _angle)
