"""The hexagonal grid: flat-topped hexagons in columns, odd columns shifted down half a cell.

Cell (row, col); neighbours N (r-1, c), S (r+1, c), and for even c NE (r-1, c+1),
SE (r, c+1), NW (r-1, c-1), SW (r, c-1); for odd c NE (r, c+1), SE (r+1, c+1), NW (r, c-1),
SW (r+1, c-1). On the torus the columns' alternation must close up: an even column count.
"""
from __future__ import annotations

from enum import IntEnum

import numpy as np

from .kinds import GridKind, GridShape, Tables, offset_tables, sized


class HexSide(IntEnum):
    """A side of a hexagon, clockwise from north."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    @property
    def opposite(self) -> "HexSide":
        return HexSide((self + 3) % 6)


#: (row, col) offsets by side, for even and for odd columns
_EVEN = ((-1, 0), (-1, 1), (0, 1), (1, 0), (0, -1), (-1, -1))
_ODD = ((-1, 0), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def _offsets(rr: np.ndarray, cc: np.ndarray, side: int) -> tuple[np.ndarray, np.ndarray]:
    odd = cc & 1
    dr = np.where(odd == 1, _ODD[side][0], _EVEN[side][0])
    dc = np.where(odd == 1, _ODD[side][1], _EVEN[side][1])
    return rr + dr, cc + dc


def _shape_error(rows: int, cols: int, surface: str) -> str | None:
    if surface == "torus" and cols % 2:
        return (f"a hex grid on the torus needs an even number of columns (odd columns are "
                f"shifted down half a cell, so the last column must meet the first one "
                f"shifted the other way); got {cols}")
    return sized(rows, cols)


def _build(rows: int, cols: int, surface: str) -> Tables:
    return offset_tables(rows, cols, surface == "torus", HexSide, _offsets,
                         lambda side: (side + 3) % 6)


HEX = GridShape(GridKind.HEX, "flat-topped hexagons in columns, odd columns shifted down; "
                              "six sides (N, NE, SE, S, SW, NW)",
                HexSide, ("plane", "torus"), _shape_error, lambda rows, cols: cols, _build,
                lambda cell, side: 60.0 * side)
