"""The square grid: four sides, N E S W, on every surface; its tables are the surface's own
(`Surface.step_table`), unchanged."""
from __future__ import annotations

import numpy as np

from ..events import Side
from ..surfaces import SURFACES, make_surface
from .kinds import GridKind, GridShape, Tables


def _shape_error(rows: int, cols: int, surface: str) -> str | None:
    return SURFACES[surface].shape_error(rows, cols)


def _build(rows: int, cols: int, surface: str) -> Tables:
    target, entered, flipped = make_surface(surface, rows, cols).step_table
    return Tables(np.ones((rows, cols), dtype=bool), target, entered, flipped,
                  np.ones(target.shape, dtype=bool))


SQUARE = GridShape(GridKind.SQUARE, "square cells, four sides (N, E, S, W)", Side,
                   tuple(SURFACES), _shape_error, lambda rows, cols: cols, _build,
                   lambda cell, side: 90.0 * side)
