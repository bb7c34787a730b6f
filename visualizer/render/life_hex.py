"""A hexagonal rule's grid drawn as hexagons: each row sheared half a cell
(`LifeGeometry.row_shift`), each cell's square with its four corners cut, so that a cell
touches exactly Golly's six hexagonal neighbours."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from .life_geometry import LifeGeometry


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


__all__ = ["cell_pixels", "hex_mask"]
