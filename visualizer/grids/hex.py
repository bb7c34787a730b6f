"""The hexagonal grid: flat-topped hexagons in columns, odd columns shifted down half a cell.

Cell (row, col); neighbours N (r-1, c), S (r+1, c), and for even c NE (r-1, c+1),
SE (r, c+1), NW (r-1, c-1), SW (r, c-1); for odd c NE (r, c+1), SE (r+1, c+1), NW (r, c-1),
SW (r+1, c-1). On the torus the columns' alternation must close up: an even column count;
so on the Klein bottle, whose top and bottom are glued through the mirror along column 0
(`_twist`).
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
    if surface in ("torus", "klein") and cols % 2:
        where = "the torus" if surface == "torus" else "the Klein bottle"
        return (f"a hex grid on {where} needs an even number of columns (odd columns are "
                f"shifted down half a cell, so the last column must meet the first one "
                f"shifted the other way); got {cols}")
    return sized(rows, cols)


def mirrored(side: int) -> int:
    """`side` seen in a mirror along a column (x to -x): NE and NW swap, SE and SW."""
    return (6 - side) % 6


def _build(rows: int, cols: int, surface: str) -> Tables:
    tables = offset_tables(rows, cols, surface == "torus", HexSide, _offsets,
                           lambda side: (side + 3) % 6)
    if surface == "klein":
        _twist(tables, rows, cols)
    return tables


def _twist(tables: Tables, rows: int, cols: int) -> None:
    """Glue the hex grid into a Klein bottle: left and right edges straight, as on the
    torus; the top to the bottom through the mirror along the middle of column 0 (a mirror
    line of the lattice): a move that leaves through the top or the bottom at column c
    arrives at column -c (mod cols) at the other edge, every direction mirrored (NE comes
    in as NW). With an even column count -c has c's parity, so the shifted columns meet
    shifted ones: the twist is a glide reflection of the plane of hexagons, and a move
    across a side and the move back across the side it enters by are its image and its
    inverse's (`tests/test_grids.py` checks the relation symmetric)."""
    rr, cc = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    for side in range(len(HexSide)):
        r2, c2 = _offsets(rr, cc, side)
        over = (r2 < 0) | (r2 >= rows)
        tables.target[:, side] = (r2 % rows) * cols + np.where(over, -c2, c2) % cols
        tables.entered[over, side] = (mirrored(side) + 3) % 6
        tables.flipped[over, side] = True


HEX = GridShape(GridKind.HEX, "flat-topped hexagons in columns, odd columns shifted down; "
                              "six sides (N, NE, SE, S, SW, NW)",
                HexSide, ("plane", "torus", "klein"), _shape_error, lambda rows, cols: cols, _build,
                lambda cell, side: 60.0 * side)
