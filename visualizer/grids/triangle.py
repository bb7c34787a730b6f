"""The triangular grid: cell (row, col) points up when row + col is even.

Neighbours W (r, c-1), E (r, c+1), and S (r+1, c) for an upward cell, N (r-1, c) for a
downward one; an upward cell has no N side, a downward one no S side. On the torus the
up/down alternation must close up both ways: even row and column counts.
"""
from __future__ import annotations

from enum import IntEnum

import numpy as np

from .kinds import GridKind, GridShape, Tables, offset_tables, sized


class TriSide(IntEnum):
    """A side of a triangle: N (downward cells only), E, S (upward cells only), W."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def opposite(self) -> "TriSide":
        return TriSide((self + 2) % 4)


_DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))


def upward(row: int, col: int) -> bool:
    """True when the triangle (row, col) points up."""
    return (row + col) % 2 == 0


def _offsets(rr: np.ndarray, cc: np.ndarray, side: int) -> tuple[np.ndarray, np.ndarray]:
    return rr + _DELTA[side][0], cc + _DELTA[side][1]


def _shape_error(rows: int, cols: int, surface: str) -> str | None:
    if surface == "torus" and (cols % 2 or rows % 2):
        return (f"a triangle grid on the torus needs an even number of columns and of rows "
                f"(up and down triangles alternate both ways, so the last must meet the "
                f"first pointing the other way); got {rows} rows x {cols} columns")
    return sized(rows, cols)


def _build(rows: int, cols: int, surface: str) -> Tables:
    rr, cc = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    up = (rr + cc) % 2 == 0
    exists = np.ones((rows * cols, 4), dtype=bool)
    exists[up, TriSide.N] = False
    exists[~up, TriSide.S] = False
    return offset_tables(rows, cols, surface == "torus", TriSide, _offsets,
                         lambda side: (side + 2) % 4, exists)


def _angle(cell: tuple[int, int], side: int) -> float:
    """An upward triangle's sides face 60° (E), 180° (S), 300° (W); a downward one's
    0° (N), 120° (E), 240° (W)."""
    if upward(*cell):
        return {TriSide.E: 60.0, TriSide.S: 180.0, TriSide.W: 300.0}.get(TriSide(side), 0.0)
    return {TriSide.N: 0.0, TriSide.E: 120.0, TriSide.W: 240.0}.get(TriSide(side), 180.0)


TRIANGLE = GridShape(GridKind.TRIANGLE, "triangles pointing up and down in turn; three "
                                        "sides each (W, E, and S up / N down)",
                     TriSide, ("plane", "torus"), _shape_error, lambda rows, cols: cols,
                     _build, _angle)
