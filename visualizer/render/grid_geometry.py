"""Where a maze's pixels are on a grid other than the plain square: hexagons, triangles, the
rings of a polar disc (its walls true arcs), and masked grids of any kind.

Each cell is a shape (a polygon, or a ring sector); its sides are pieces of its outline,
one per side index of the grid. The picture is classified once, pixel by pixel
(`GridGeometry.tables`): a pixel is a cell's inside, one *face* of a wall (the half of the
wall on that cell's side: the two faces of a wall between two cells are its two halves, a
border wall's outer half belongs to its one face), a *corner* where walls meet (always wall
colour), or background. Painting a cell, a face or a strip along a side is then writing
one colour at a list of pixels. The size of the picture is arithmetic alone (`of`), as the
layout and the budget need; the classification is made when first drawn.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..events import Cell
from ..grids import Grid, GridKind, PolarSide, make_grid, ring_counts
from ..grids.triangle import upward
from ..surfaces import surface_kind
from .glue import glue_margin
from .maze_geometry import Rect

SQRT3 = math.sqrt(3.0)
#: what a pixel's code means beyond cells and faces
BACKGROUND, CORNER = -1, -2


@dataclass(frozen=True)
class Tables:
    """The classified picture: `code[y, x]` is BACKGROUND, CORNER, or `(degree + 1) * cell
    + 1 + side` for a face and `(degree + 1) * cell` for an inside; `order` the flat pixels
    sorted by code and `starts` where each code's pixels begin in it; `near` and `depth`,
    for inside pixels, the nearest side and how far from it (pixels)."""

    code: np.ndarray
    order: np.ndarray
    starts: np.ndarray
    near: np.ndarray
    depth: np.ndarray


@dataclass(frozen=True)
class GridGeometry:
    """The pixel layout of a maze on `grid`: cells `cell_size` across inside, walls `wall`
    thick, drawn `pad` pixels in from the picture's edge. Same fields as the square's
    `MazeGeometry` where they mean the same (`rows`, `cols`, `cell_size`, `wall`,
    `margin`, `framed`, `shape`)."""

    grid: Grid
    cell_size: int
    wall: int
    #: the band around the picture that holds the glue marks of a torus (0: none)
    glue: int = 0
    #: a shift (y, x) of less than a pixel of every shape but the disc's (a copy of the
    #: maze in the neighbourhood view, placed where the lattice puts it: `grid_view.py`)
    nudge: tuple[float, float] = (0.0, 0.0)

    margin = 0
    framed = False

    @classmethod
    def of(cls, grid: Grid, *, cell_size: int, wall: int,
           glue_marks: bool = True) -> GridGeometry:
        """The geometry of a maze on `grid`; on a glued surface (a hex or triangle
        torus) a band around it for the glue marks, unless `glue_marks` is False."""
        glue = glue_margin(surface_kind(grid.surface), cell_size) if glue_marks else 0
        return cls(grid, cell_size, max(1, wall), glue)

    @property
    def rows(self) -> int:
        return self.grid.rows

    @property
    def cols(self) -> int:
        return self.grid.cols

    @property
    def pitch(self) -> int:
        """The distance between two neighbouring cells' centres, across a wall."""
        return self.cell_size + self.wall

    @property
    def pad(self) -> float:
        """Where the shapes begin: room for the outer half of the border walls, and a
        quarter pixel off the pixel grid, so that no wall runs through a row of pixel
        centres (each half of a wall gets its own pixels)."""
        return self.glue + self.wall + 1.25

    @property
    def pads(self) -> tuple[float, float]:
        """Where the shapes begin in y and in x: `pad`, nudged."""
        return self.pad + self.nudge[0], self.pad + self.nudge[1]

    @property
    def shape(self) -> tuple[int, int]:
        """(height, width) of the whole picture, by arithmetic."""
        p, rows, cols, kind = self.pitch, self.rows, self.cols, self.grid.kind
        if kind == GridKind.HEX:
            radius = p / SQRT3
            h = rows * p + (p / 2 if cols > 1 else 0.0)
            w = 1.5 * radius * (cols - 1) + 2 * radius
        elif kind == GridKind.TRIANGLE:
            side = p * SQRT3
            h, w = rows * 1.5 * p, (cols + 1) * side / 2
        elif kind == GridKind.POLAR:
            h = w = 2 * rows * p
        else:
            h, w = rows * p, cols * p
        return int(math.ceil(h + 2 * self.pad)), int(math.ceil(w + 2 * self.pad))

    @property
    def height(self) -> int:
        return self.shape[0]

    @property
    def width(self) -> int:
        return self.shape[1]

    # --- shapes ----------------------------------------------------------------------------

    def centre(self, cell: Cell) -> tuple[float, float]:
        """The (y, x) of the middle of `cell`."""
        r, c = cell
        p, kind = self.pitch, self.grid.kind
        py, px = self.pads
        if kind == GridKind.HEX:
            radius = p / SQRT3
            return py + p / 2 + r * p + (p / 2 if c % 2 else 0.0), px + radius + 1.5 * radius * c
        if kind == GridKind.TRIANGLE:
            side, h = p * SQRT3, 1.5 * p
            y = py + r * h + (2 * h / 3 if upward(r, c) else h / 3)
            return y, px + c * side / 2 + side / 2
        if kind == GridKind.POLAR:
            mid = self.pad + self.rows * p
            if r == 0:
                return mid, mid
            n = ring_counts(self.rows)[r]
            angle = 2 * math.pi * (c + 0.5) / n
            return mid - (r + 0.5) * p * math.cos(angle), mid + (r + 0.5) * p * math.sin(angle)
        return py + (r + 0.5) * p, px + (c + 0.5) * p

    def polygon(self, cell: Cell) -> list[tuple[float, float]]:
        """The corners (y, x) of a polygon cell, so that side k runs from corner `k` to
        corner `k + 1` (a side the cell does not have: a point, at a triangle's apex)."""
        r, c = cell
        p, kind = self.pitch, self.grid.kind
        pad_y, pad_x = self.pads
        if kind == GridKind.HEX:
            y, x = self.centre(cell)
            radius = p / SQRT3
            return [(y + radius * math.sin(math.radians(a)), x + radius * math.cos(math.radians(a)))
                    for a in (240, 300, 0, 60, 120, 180)]
        if kind == GridKind.TRIANGLE:
            side, h = p * SQRT3, 1.5 * p
            y0, x0 = pad_y + r * h, pad_x + c * side / 2
            if upward(r, c):      # N (none: the apex), E, S, W
                apex, right, left = (y0, x0 + side / 2), (y0 + h, x0 + side), (y0 + h, x0)
                return [apex, apex, right, left]
            tl, tr, bottom = (y0, x0), (y0, x0 + side), (y0 + h, x0 + side / 2)
            return [tl, tr, bottom, bottom]
        y0, x0 = pad_y + r * p, pad_x + c * p      # a square: N, E, S, W
        return [(y0, x0), (y0, x0 + p), (y0 + p, x0 + p), (y0 + p, x0)]

    # --- the classified picture ----------------------------------------------------------

    @cached_property
    def tables(self) -> Tables:
        """Every pixel classified (see the module's docstring)."""
        d = self.grid.degree + 1
        height, width = self.shape
        code = np.full((height, width), BACKGROUND, dtype=np.int64)
        near = np.full((height, width), -1, dtype=np.int64)
        depth = np.zeros((height, width))
        if self.grid.kind == GridKind.POLAR:
            self._polar(code, near, depth, d)
        else:
            for cell in self.grid.cells:
                self._polygon_cell(cell, code, near, depth, d)
            for cell in self.grid.cells:
                self._outer_half(cell, code, d)
        flat = code.reshape(-1)
        order = np.argsort(flat, kind="stable")
        top = (self.rows * self.cols) * d + 1
        starts = np.searchsorted(flat[order], np.arange(top + 1))
        return Tables(code, order, starts, near, depth)

    def _box(self, cell: Cell, grow: float) -> tuple[np.ndarray, np.ndarray, slice, slice]:
        """The pixel centres (y, x grids) of `cell`'s bounding box grown by `grow`."""
        corners = self.polygon(cell)
        ys, xs = [y for y, _ in corners], [x for _, x in corners]
        height, width = self.shape
        y0, y1 = max(0, int(min(ys) - grow)), min(height, int(math.ceil(max(ys) + grow)) + 1)
        x0, x1 = max(0, int(min(xs) - grow)), min(width, int(math.ceil(max(xs) + grow)) + 1)
        yy, xx = np.mgrid[y0:y1, x0:x1]
        return yy + 0.5, xx + 0.5, slice(y0, y1), slice(x0, x1)

    def _edges(self, cell: Cell, yy: np.ndarray, xx: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
        """For the pixel centres (yy, xx): the distance to each side of `cell` (inf for a
        side it does not have), and whether each lies inside the polygon."""
        corners = self.polygon(cell)
        i = cell[0] * self.cols + cell[1]
        exists = self.grid.exists[i]
        dist = np.full((self.grid.degree,) + yy.shape, np.inf)
        inside = np.ones(yy.shape, dtype=bool)
        for k in range(self.grid.degree):
            (ay, ax), (by, bx) = corners[k], corners[(k + 1) % len(corners)]
            ey, ex = by - ay, bx - ax
            length2 = ey * ey + ex * ex
            if length2 == 0.0:
                continue
            inside &= (ex * (yy - ay) - ey * (xx - ax)) >= 0.0
            if exists[k]:
                t = np.clip(((yy - ay) * ey + (xx - ax) * ex) / length2, 0.0, 1.0)
                dist[k] = np.hypot(yy - (ay + t * ey), xx - (ax + t * ex))
        return dist, inside

    def _polygon_cell(self, cell: Cell, code: np.ndarray, near: np.ndarray,
                      depth: np.ndarray, d: int) -> None:
        """Classify the pixels inside `cell`'s polygon: inside, a face, or a corner."""
        yy, xx, ys, xs = self._box(cell, 0.0)
        dist, inside = self._edges(cell, yy, xx)
        half = self.wall / 2.0
        close = dist < half
        count = close.sum(axis=0)
        nearest = dist.argmin(axis=0)
        i = cell[0] * self.cols + cell[1]
        here = np.where(count == 0, d * i, np.where(count == 1, d * i + 1 + nearest, CORNER))
        box = code[ys, xs]
        box[inside] = here[inside]
        near[ys, xs][inside] = nearest[inside]
        depth[ys, xs][inside] = dist.min(axis=0)[inside]

    def _outer_half(self, cell: Cell, code: np.ndarray, d: int) -> None:
        """The outer half of `cell`'s border walls: background pixels within half a wall of
        a side with no cell across (corners where two of them meet)."""
        i = cell[0] * self.cols + cell[1]
        border = self.grid.exists[i] & (self.grid.step_table[0][i] < 0)
        if not border.any():
            return
        yy, xx, ys, xs = self._box(cell, self.wall)
        dist, inside = self._edges(cell, yy, xx)
        dist[~border] = np.inf
        close = (dist < self.wall / 2.0) & ~inside
        count = close.sum(axis=0)
        box = code[ys, xs]
        free = box == BACKGROUND
        face = d * i + 1 + dist.argmin(axis=0)
        box[free & (count == 1)] = face[free & (count == 1)]
        box[free & (count > 1)] = CORNER

    def _polar(self, code: np.ndarray, near: np.ndarray, depth: np.ndarray, d: int) -> None:
        """Classify every pixel of a disc by its radius and angle: walls on the rings are
        arcs, walls between the cells of a ring run along radii."""
        rows, p, half = self.rows, self.pitch, self.wall / 2.0
        counts = ring_counts(rows)
        height, width = self.shape
        mid = self.pad + rows * p
        yy, xx = np.mgrid[0:height, 0:width]
        dy, dx = yy + 0.5 - mid, xx + 0.5 - mid
        rho = np.hypot(dy, dx)
        phi = np.mod(np.arctan2(dx, -dy), 2 * math.pi)          # clockwise from north
        ring = np.minimum((rho / p).astype(np.int64), rows - 1)
        n = np.array(counts, dtype=np.int64)[ring]
        step = 2 * math.pi / n
        index = np.minimum((phi / step).astype(np.int64), n - 1)
        outer = np.array(list(counts[1:]) + [counts[-1]], dtype=np.int64)[ring] // n
        outer = np.where(ring == rows - 1, 1, outer)
        k = np.minimum(((phi - index * step) / (step / outer)).astype(np.int64), outer - 1)
        inf = np.full(rho.shape, np.inf)
        to_in = np.where(ring > 0, rho - ring * p, inf)
        to_out = (ring + 1) * p - rho
        to_ccw = np.where(ring > 0, rho * (phi - index * step), inf)
        to_cw = np.where(ring > 0, rho * ((index + 1) * step - phi), inf)
        # a split of the outward arc (where two outward cells meet) is a corner too
        part = step / outer
        to_split = np.where(outer > 1, rho * np.abs(phi - index * step - part *
                                                    np.round((phi - index * step) / part)),
                            inf)
        to_split = np.where((np.round((phi - index * step) / part) % outer) == 0, inf, to_split)
        dist = np.stack([to_cw, to_ccw, to_in, to_out])
        close = dist < half
        count = close.sum(axis=0) + ((to_split < half) & (to_out < half))
        side = np.array([PolarSide.CW, PolarSide.CCW, PolarSide.IN, PolarSide.OUT0])[
            dist.argmin(axis=0)]
        side = np.where(side == PolarSide.OUT0, PolarSide.OUT0 + k, side)
        flat = ring * self.cols + index
        present = self.grid.present.reshape(-1)[flat]
        inside_disc = rho < rows * p
        cell_code = np.where(count == 0, d * flat, np.where(count == 1, d * flat + 1 + side,
                                                            CORNER))
        keep = inside_disc & present
        code[keep] = cell_code[keep]
        near[keep] = side[keep]
        depth[keep] = dist.min(axis=0)[keep]
        rim = ~inside_disc & (rho < rows * p + half) & present
        code[rim] = (d * flat + 1 + PolarSide.OUT0)[rim]
        self._polar_masked_halves(code, flat, side, dist, keep, d)

    def _polar_masked_halves(self, code: np.ndarray, flat: np.ndarray, side: np.ndarray,
                             dist: np.ndarray, keep: np.ndarray, d: int) -> None:
        """On a masked disc, the half of a wall on a missing cell's side belongs to the
        cell across (drawn as its border wall)."""
        if self.grid.mask is None:
            return
        target, entered, _ = self.grid.step_table
        full = make_grid(GridKind.POLAR, self.rows, 1, "plane").step_table[0]
        lost = ~keep & (code == BACKGROUND) & (dist.min(axis=0) < self.wall / 2.0)
        for y, x in zip(*np.nonzero(lost)):
            j = int(full[flat[y, x], side[y, x]])
            if j >= 0 and self.grid.present.reshape(-1)[j]:
                back = int(np.nonzero(full[j] == flat[y, x])[0][0])
                code[y, x] = d * j + 1 + back

    # --- what a painter asks -------------------------------------------------------------

    def pixels(self, code: int) -> np.ndarray:
        """The flat pixels whose code is `code` (a cell's inside or one face)."""
        t = self.tables
        return t.order[t.starts[code]:t.starts[code + 1]]

    def inside(self, i: int) -> np.ndarray:
        """The flat pixels of flat cell `i`'s inside."""
        return self.pixels((self.grid.degree + 1) * i)

    def face(self, i: int, side: int) -> np.ndarray:
        """The flat pixels of face (`i`, `side`): its half of the wall."""
        return self.pixels((self.grid.degree + 1) * i + 1 + side)

    @cached_property
    def corners(self) -> np.ndarray:
        """The flat pixels where walls meet (always wall colour)."""
        return np.flatnonzero(self.tables.code.reshape(-1) == CORNER)

    def strip(self, i: int, side: int) -> np.ndarray:
        """A band just inside flat cell `i` along `side` (where a considered wall, the wall
        under a hand or chalk shows, wider than a thin wall)."""
        own = self.inside(i)
        t = self.tables
        band = max(1, self.cell_size // 6) + self.wall / 2.0
        pick = (t.near.reshape(-1)[own] == side) & (t.depth.reshape(-1)[own] < band)
        return own[pick]

    @cached_property
    def boxes(self) -> np.ndarray:
        """Each flat cell's rectangle (y0, y1, x0, x1) around its inside and faces."""
        t, d, width = self.tables, self.grid.degree + 1, self.shape[1]
        out = np.zeros((self.rows * self.cols, 4), dtype=np.int64)
        flat = t.code.reshape(-1)
        mine = np.flatnonzero(flat >= 0)
        cell = flat[mine] // d
        ys, xs = np.divmod(mine, width)
        out[:, 0] = out[:, 2] = np.iinfo(np.int64).max
        np.minimum.at(out[:, 0], cell, ys)
        np.maximum.at(out[:, 1], cell, ys + 1)
        np.minimum.at(out[:, 2], cell, xs)
        np.maximum.at(out[:, 3], cell, xs + 1)
        out[out[:, 1] == 0] = 0
        return out

    def box(self, i: int) -> Rect:
        """The rectangle (y0, y1, x0, x1) of flat cell `i` and its faces."""
        y0, y1, x0, x1 = self.boxes[i].tolist()
        return y0, y1, x0, x1

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """The top-left pixel of a `cell_size` square around the middle of the inside of
        `cell` (where a question's ring goes round it, as round a square cell)."""
        own = self.inside(cell[0] * self.cols + cell[1])
        if not len(own):
            y, x = self.centre(cell)
        else:
            ys, xs = np.divmod(own, self.shape[1])
            y, x = float(ys.mean()) + 0.5, float(xs.mean()) + 0.5
        return int(round(y - self.cell_size / 2)), int(round(x - self.cell_size / 2))

    def cell_at(self, y: float, x: float) -> Cell | None:
        """The cell whose inside or face is under pixel (y, x), or None."""
        height, width = self.shape
        yi, xi = int(y), int(x)
        if not (0 <= yi < height and 0 <= xi < width):
            return None
        code = int(self.tables.code[yi, xi])
        if code < 0:
            return None
        return divmod(code // (self.grid.degree + 1), self.cols)

    def face_rect(self, cell: Cell, side: int) -> Rect:
        """The rectangle (y0, y1, x0, x1) around face (`cell`, `side`)."""
        px = self.face(cell[0] * self.cols + cell[1], side)
        if not len(px):
            return 0, 0, 0, 0
        ys, xs = np.divmod(px, self.shape[1])
        return int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1


def grid_geometry(grid: str, rows: int, cols: int, surface: str,
                  mask: tuple[str, ...] | None, *, cell_size: int,
                  wall: int) -> GridGeometry | None:
    """The geometry of a maze on `grid` (less `mask`), or None for the plain square (whose
    geometry is `MazeGeometry`)."""
    if grid == GridKind.SQUARE and mask is None:
        return None
    return GridGeometry.of(make_grid(grid, rows, cols, surface, mask), cell_size=cell_size,
                           wall=wall)


__all__ = ["BACKGROUND", "CORNER", "GridGeometry", "grid_geometry"]
