"""The painter of a maze on a grid other than the plain square (hexagons, triangles, a
polar disc, a mask): the square painter's colours (`MazePainter.fill`, `face_colour`), its
noting and flushing, written into the pixels `GridGeometry` classified — a cell's inside,
each face (its half of a wall), the strip along a side."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..events import Cell
from .glue import draw_glue_marks
from .grid_geometry import GridGeometry
from .maze_paint import CHALK, CURRENT, HAND, HEADING, STICKY, WALL, MazePainter
from .palette import INDEX


class GridPainter(MazePainter):
    """Paints the state of a maze panel on a `GridGeometry` (see `MazePainter`)."""

    def __init__(self, panel: Any, geometry: GridGeometry, *, quiet: bool = False) -> None:
        super().__init__(panel, geometry, quiet=quiet)  # type: ignore[arg-type]
        self.shapes = geometry

    def picture(self) -> None:
        """Paint everything: the background, a torus's glue marks, the corners where walls
        meet, every cell."""
        if not self.on:
            return
        g = self.shapes
        self.raster[:] = INDEX["background"]
        if g.glue:
            height, width = self.raster.shape[0] - 2 * g.glue, self.raster.shape[1] - 2 * g.glue
            draw_glue_marks(self.raster, self.panel.maze.surface, g.glue, g.glue, height,
                            width, g.cell_size)
        self.raster.reshape(-1)[g.corners] = WALL
        for i in g.grid.flat_cells.tolist():
            self._paint_one(i, neighbours=False)
        self.touch(0, self.raster.shape[0], 0, self.raster.shape[1])

    def _touch_box(self, i: int) -> None:
        y0, y1, x0, x1 = self.shapes.box(i)
        if y1 > y0:
            self.touch(y0, y1, x0, x1)

    def _face_pixels(self, i: int, side: int, colour: int) -> None:
        self.raster.reshape(-1)[self.shapes.face(i, side)] = colour

    def _paint_face(self, i: int, side: int) -> None:
        """Paint face (`i`, `side`) and what an algorithm draws on it."""
        p = self.panel
        self._face_pixels(i, side, self.face_colour(i, side, self.fill(i)))
        self._touch_box(i)
        if p.chalk or p.considered or p.heading:
            self.face_marks(i, side)

    def _paint_cell(self, cell: Cell) -> None:
        self._paint_one(cell[0] * self.panel.maze.cols + cell[1], neighbours=True)

    def _paint_one(self, i: int, neighbours: bool) -> None:
        """Paint flat cell `i`: its inside, its faces, the faces across them (`neighbours`:
        their colour may follow this cell's), and what an algorithm draws on them."""
        p, g = self.panel, self.shapes
        flat = self.raster.reshape(-1)
        mine = self.fill(i)
        flat[g.inside(i)] = mine
        sides = [s for s in range(self.degree) if g.grid.exists[i, s]]
        for side in sides:
            flat[g.face(i, side)] = self.face_colour(i, side, mine)
            j = p._target[i][side]
            if neighbours and j >= 0:
                back = p._entered[i][side]
                flat[g.face(j, back)] = self.face_colour(j, back, self.fill(j))
                self._touch_box(j)
        self._touch_box(i)
        cell = divmod(i, p.maze.cols)
        walker = p.heading is not None and p.heading.cell == cell
        if walker and p.marks[cell] not in STICKY:    # the walker is the current cell
            flat[g.inside(i)] = CURRENT
        if p.chalk or p.considered or walker:
            for side in sides:
                self.face_marks(i, side)
        if walker and p.heading is not None:
            self.arrow(cell, p.heading.side)

    def _paint_cells(self, flat: np.ndarray) -> None:
        for i in flat.tolist():
            self._paint_one(i, neighbours=True)

    def face_marks(self, i: int, side: int) -> None:
        """The considered wall, the wall follower's hand and Trémaux's chalk, as a strip
        just inside the cell along the side (and its half of the wall)."""
        p, g = self.panel, self.shapes
        flat = self.raster.reshape(-1)
        colour = None
        if p.chalk and (i, side) in p.chalk:
            colour = CHALK[min(2, p.chalk[i, side])]
        cell = divmod(i, p.maze.cols)
        if p.considered and (i, side) in p.considered:
            colour = p.considered_colour
            self._face_pixels(i, side, colour)
        elif p.heading is not None and p.heading.cell == cell and p.heading.hand_side == side:
            colour = HAND
        if colour is not None:
            flat[g.strip(i, side)] = colour
            self._touch_box(i)

    def arrow(self, cell: Cell, side: int) -> None:
        """A solid triangle inside `cell`, its tip towards the middle of face `side`."""
        g = self.shapes
        i = cell[0] * self.panel.maze.cols + cell[1]
        own, face = g.inside(i), g.face(i, int(side))
        if not len(own) or not len(face):
            return
        width = self.raster.shape[1]
        oy, ox = np.divmod(own, width)
        fy, fx = np.divmod(face, width)
        cy, cx = oy.mean(), ox.mean()
        dy, dx = fy.mean() - cy, fx.mean() - cx
        norm = float(np.hypot(dy, dx)) or 1.0
        dy, dx = dy / norm, dx / norm
        reach = 0.4 * g.cell_size
        u = (oy - cy) * dy + (ox - cx) * dx          # along the heading
        v = np.abs((oy - cy) * dx - (ox - cx) * dy)  # across it
        pick = (u >= -0.6 * reach) & (u <= reach) & (v <= (reach - u) * 0.45)
        self.raster.reshape(-1)[own[pick]] = HEADING

    def chalk(self, i: int, side: int) -> None:
        """Trémaux's chalk on face (`i`, `side`): the strip along it in its count's colour."""
        self.face_marks(i, side)


__all__ = ["GridPainter"]
