"""A hexagonal rule's grid drawn as hexagons: each row sheared half a cell
(`LifeGeometry.row_shift`), each cell's square with its four corners cut, so that a cell
touches exactly Golly's six hexagonal neighbours."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..events import Side
from .life_geometry import LifeGeometry

Rect = tuple[slice, slice]


@lru_cache(maxsize=16)
def hex_mask(cell_size: int, lines: bool) -> np.ndarray:
    """The pixels of one cell's `cell_size` square that belong to its hexagon: the square
    less its grid line (first row and column) and a triangle at each corner."""
    cs = cell_size
    y, x = np.mgrid[0:cs, 0:cs]
    inner = (y >= int(lines)) & (x >= int(lines))
    k = cs // 4
    span = cs - int(lines)                        # the square's inner extent
    yi, xi = y - int(lines), x - int(lines)
    cut = np.minimum(yi, span - 1 - yi)           # rows from the nearer top or bottom edge
    side = np.minimum(xi, span - 1 - xi)          # columns from the nearer side
    return inner & (cut + side >= k - 1 if k > 1 else True)


def cell_pixels(g: LifeGeometry) -> tuple[np.ndarray, np.ndarray]:
    """For the grid area (`g.grid_h x g.grid_w` pixels): the flat index of the cell each
    pixel shows (-1 for none), and the pixels inside some cell's square (drawn as grid)."""
    cs, lines = g.cell_size, g.lines
    index = np.full((g.grid_h, g.grid_w), -1, dtype=np.int64)
    boxes = np.zeros((g.grid_h, g.grid_w), dtype=bool)
    mask = hex_mask(cs, lines)
    local = np.where(mask, 0, -1)
    row_w = g.cols * cs
    for r in range(g.rows):
        x0, y0 = g.row_shift(r), r * cs
        strip = np.tile(local, (1, g.cols))
        cols = np.repeat(np.arange(g.cols), cs)[None, :]
        index[y0:y0 + cs, x0:x0 + row_w] = np.where(strip == 0, r * g.cols + cols, -1)
        boxes[y0:y0 + cs + int(lines), x0:x0 + row_w + int(lines)] = True
    return index, boxes


def sheared_bands(g: LifeGeometry, oy: int, ox: int) -> dict[Side, tuple[list[Rect], Rect]]:
    """For each edge of a sheared grid whose first cell is at (`oy`, `ox`): the rectangles
    its band of `g.edge` pixels is drawn as (the slanted left and right edges: one a row,
    a staircase; the top and bottom take the corners), and the one its arrow sits in."""
    e, cs, rows, lines = g.edge, g.cell_size, g.rows, int(g.lines)
    row_w = g.cols * cs + lines
    first, last = ox + g.row_shift(0), ox + g.row_shift(rows - 1)
    top = (slice(oy - e, oy), slice(first - e, first + row_w + e))
    bottom = (slice(oy + g.grid_h, oy + g.grid_h + e), slice(last - e, last + row_w + e))
    left, right = [], []
    for r in range(rows):
        ys = slice(oy + r * cs, oy + (r + 1) * cs + (lines if r == rows - 1 else 0))
        x = ox + g.row_shift(r)
        left.append((ys, slice(x - e, x)))
        right.append((ys, slice(x + row_w, x + row_w + e)))
    mid = rows // 2
    return {Side.N: ([top], top), Side.S: ([bottom], bottom), Side.W: (left, left[mid]),
            Side.E: (right, right[mid])}


__all__ = ["cell_pixels", "hex_mask", "sheared_bands"]
