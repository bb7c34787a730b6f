"""The neighbourhood view's pixels on a hex or triangle grid (`grid_neighbourhood.py`
draws it): the maze's own picture with copies of it around it, placed as the lattice tiles
the plane.

On the torus every crossing of an edge is a translation: leaving through the east edge of
a hex grid with an even column count you arrive in column 0 of a copy `cols` columns to the
right, `cols × 1.5 × radius` = `cols × pitch × √3 / 2` pixels further (the columns keep
their alternation, so no vertical shift), and through the south edge in a copy `rows ×
pitch` further down. A triangle torus (even rows and columns) repeats every `cols × side /
2` = `cols × pitch × √3 / 2` pixels across and `rows × 1.5 × pitch` down. So the copies
form a 3 x 3 block, straight, with those periods. The horizontal period is irrational in
pixels: a copy is placed at the whole pixel below its true place and its shapes are
classified nudged by the rest (`GridGeometry.nudge`), so the copies tile with the maze
exactly, seams included, as the lattice does. On the plane only the maze itself is drawn,
with the same empty room around it (as the square's view on the plane).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property

from ..grids import Grid, GridKind, make_grid
from ..surfaces import surface_kind
from .grid_geometry import SQRT3, GridGeometry
from .maze_geometry import MIN_CELL

@dataclass(frozen=True)
class Copy:
    """One copy of the maze in the view: its tile (row, column offset from the centre),
    the whole pixel (y, x) its picture starts at, and the geometry its shapes are
    classified with (nudged by the rest of its true place)."""

    tile: tuple[int, int]
    origin: tuple[int, int]
    geometry: GridGeometry


@dataclass(frozen=True)
class GridViewGeometry:
    """The view of a maze on a hex or triangle `centre` geometry (cells of at least
    `MIN_CELL`, no glue marks): the centre's picture at `origin`, the copies the surface
    glues around it (none on the plane) at their `period`."""

    centre: GridGeometry

    @classmethod
    def of(cls, grid: Grid, *, cell_size: int, wall: int) -> GridViewGeometry:
        return cls(GridGeometry.of(grid, cell_size=max(cell_size, MIN_CELL), wall=wall,
                                   glue_marks=False))

    @property
    def period(self) -> tuple[float, float]:
        """How far apart (pixels down, across) the copies' true places are."""
        g = self.centre
        p = g.pitch
        if g.grid.kind == GridKind.HEX:
            return g.rows * p, g.cols * p * SQRT3 / 2
        return g.rows * 1.5 * p, g.cols * p * SQRT3 / 2

    @property
    def origin(self) -> tuple[int, int]:
        """The whole pixel (y, x) where the centre's picture starts."""
        py, px = self.period
        return int(math.ceil(py)), int(math.ceil(px))

    @property
    def shape(self) -> tuple[int, int]:
        """(height, width) of the whole view, by arithmetic."""
        (py, px), (oy, ox) = self.period, self.origin
        bh, bw = self.centre.shape
        return int(math.ceil(oy + py)) + bh, int(math.ceil(ox + px)) + bw

    @property
    def height(self) -> int:
        return self.shape[0]

    @property
    def width(self) -> int:
        return self.shape[1]

    @cached_property
    def copies(self) -> tuple[Copy, ...]:
        """The copies around the centre (not the centre itself), in reading order; the
        copies with the same nudge share one geometry."""
        tiles = [t for t, how in surface_kind(self.centre.grid.surface).tiles
                 if how == "id" and t != (0, 0)]           # straight copies only
        (py, px), (oy, ox) = self.period, self.origin
        shared: dict[tuple[float, float], GridGeometry] = {}
        out = []
        for dy, dx in sorted(tiles):
            y, x = oy + dy * py, ox + dx * px
            nudge = (y - math.floor(y), x - math.floor(x))
            if nudge not in shared:
                shared[nudge] = self.centre if nudge == (0.0, 0.0) else \
                    replace(self.centre, nudge=nudge)
            out.append(Copy((dy, dx), (math.floor(y), math.floor(x)), shared[nudge]))
        return tuple(out)


def shaped_geometry(grid: str, rows: int, cols: int, surface: str,
                    mask: tuple[str, ...] | None, *, view: bool, cell_size: int,
                    wall: int) -> GridGeometry | GridViewGeometry | None:
    """The geometry of a maze on `grid` (less `mask`), its neighbourhood view's if `view`;
    None for the plain square (whose geometries are `maze_geometry`'s)."""
    if grid == GridKind.SQUARE and mask is None:
        return None
    made = make_grid(grid, rows, cols, surface, mask)
    if view:
        return GridViewGeometry.of(made, cell_size=cell_size, wall=wall)
    return GridGeometry.of(made, cell_size=cell_size, wall=wall)


__all__ = ["Copy", "GridViewGeometry", "shaped_geometry"]
