"""Where a maze panel's pixels are, by arithmetic alone: the one source of a maze picture's
size (the panel, the layout and the resource budget all read it), and of the pixels of each
cell and wall (a cell's whole block as offsets, for painting many at once; the wall
follower's arrow inside a cell); and the same for the neighbourhood view, the maze with
copies of itself around it.

A maze of `rows x cols` cells draws each cell's inside `cell_size` pixels square, with
walls `wall` pixels thick between and around them (a block maze has no thin walls: its
walls are cells). On a glued surface the maze sits in a margin that shows the
identifications of its edges; a block maze on the plane gets a frame instead, since no
wall shows its edge.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..events import Cell, Side
from ..surfaces import Surface, SurfaceKind, surface_kind
from .glue import glue_margin

Rect = tuple[int, int, int, int]
#: the smallest cell (inside, pixels) the neighbourhood view draws: a smaller `cell_size` is
#: raised to it, since nine copies of 5-pixel cells cannot be read from the back of a room
MIN_CELL = 8


@dataclass(frozen=True)
class MazeGeometry:
    """The pixel layout of one maze picture: `wall` is the thickness drawn (0 for a block
    maze), `margin` the band around the maze (glue marks, or a block maze's frame:
    `framed`)."""

    rows: int
    cols: int
    cell_size: int
    wall: int
    margin: int
    framed: bool

    @classmethod
    def of(cls, rows: int, cols: int, *, cell_size: int, wall: int,
           surface: str | Surface | SurfaceKind = "plane", glue_marks: bool = True,
           blocks: bool = False) -> MazeGeometry:
        """The geometry of a `rows x cols` maze on `surface` with cells of `cell_size` and
        walls of `wall` pixels (none drawn for a block maze, `blocks`); `glue_marks=False`
        leaves out the margin showing the gluings."""
        kind = surface_kind(surface) if isinstance(surface, str) else surface
        drawn = 0 if blocks else wall
        margin = glue_margin(kind, cell_size) if glue_marks else 0
        framed = not drawn and not margin and not kind.gluings
        if framed:
            margin = max(1, wall)
        return cls(rows, cols, cell_size, drawn, margin, framed)

    @property
    def pitch(self) -> int:
        """Pixels from one cell's inside to the next one's."""
        return self.cell_size + self.wall

    @property
    def edge(self) -> int:
        """The first pixel (row and column) of the first cell's inside."""
        return self.margin + self.wall

    @property
    def maze_height(self) -> int:
        """The height of the maze itself, its outer walls included (no margin)."""
        return self.rows * self.pitch + self.wall

    @property
    def maze_width(self) -> int:
        return self.cols * self.pitch + self.wall

    @property
    def height(self) -> int:
        """The height of the whole picture, margin included."""
        return self.maze_height + 2 * self.margin

    @property
    def width(self) -> int:
        return self.maze_width + 2 * self.margin

    @property
    def shape(self) -> tuple[int, int]:
        """(height, width) of the whole picture."""
        return self.height, self.width

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """The top-left pixel of the inside of `cell`."""
        pitch, edge = self.pitch, self.edge
        return edge + cell[0] * pitch, edge + cell[1] * pitch

    def cell_at(self, y: float, x: float) -> Cell | None:
        """The cell under pixel (y, x), or None outside the maze."""
        pitch, edge = self.pitch, self.edge
        r, c = int((y - edge) // pitch), int((x - edge) // pitch)
        return (r, c) if 0 <= r < self.rows and 0 <= c < self.cols else None

    def face_rect(self, cell: Cell, side: Side | int) -> Rect:
        """The pixels (y0, y1, x0, x1) of the wall on `side` of `cell`."""
        y, x = self.cell_origin(cell)
        s, w = self.cell_size, self.wall
        if side == Side.N:
            return y - w, y, x, x + s
        if side == Side.S:
            return y + s, y + s + w, x, x + s
        if side == Side.W:
            return y, y + s, x - w, x
        return y, y + s, x + s, x + s + w

    def inner_strip(self, cell: Cell, side: Side | int) -> Rect:
        """A thin strip along `side` just inside `cell` (where a considered wall or the wall
        under a hand shows, wider than a thin wall)."""
        y, x = self.cell_origin(cell)
        s = self.cell_size
        d = max(1, s // 6)
        if side == Side.N:
            return y, y + d, x, x + s
        if side == Side.S:
            return y + s - d, y + s, x, x + s
        if side == Side.W:
            return y, y + s, x, x + d
        return y, y + s, x + s - d, x + s


@lru_cache(maxsize=64)
def arrow_mask(size: int, side: int) -> np.ndarray:
    """A `size x size` mask: a solid triangle pointing towards `side` (N, E, S, W), its
    tip at the middle of that edge, its base across the cell a little way from the other."""
    pad = max(0, size // 6)
    length = max(1, size - 2 * pad)
    half = (size - 1) / 2
    mask = np.zeros((size, size), dtype=bool)
    for t in range(length):                       # t = 0 at the tip
        width = (half - pad) * t / max(1, length - 1)   # half-width grows to the base
        cols = np.arange(size)
        mask[pad + t] = np.abs(cols - half) <= width + 0.25
    return np.rot90(mask, -side).copy()           # N, then clockwise: E, S, W


@lru_cache(maxsize=32)
def cell_block(size: int, wall: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """The pixels a cell paints (its inside, then its N, E, S, W faces, `wall` thick) in a
    raster `width` pixels wide, as flat offsets from its inside's top-left pixel, and which
    of the five each pixel belongs to (0 the inside, 1 + side a face)."""
    s, w = size, wall
    parts = [(0, s, 0, s)] + ([(-w, 0, 0, s), (0, s, s, s + w), (s, s + w, 0, s),
                               (0, s, -w, 0)] if w else [])
    offsets, which = [], []
    for k, (y0, y1, x0, x1) in enumerate(parts):
        ys, xs = np.mgrid[y0:y1, x0:x1]
        offsets.append((ys * width + xs).ravel())
        which.append(np.full(ys.size, k, dtype=np.int64))
    return np.concatenate(offsets).astype(np.int64), np.concatenate(which)


@dataclass(frozen=True)
class ViewGeometry:
    """The neighbourhood view's pixels (`render/neighbourhood.py`): the square's own
    geometry (`centre`: cells of at least `MIN_CELL`, no glue marks) tiled 3 x 3 with its
    `period`."""

    centre: MazeGeometry

    @classmethod
    def of(cls, rows: int, cols: int, *, cell_size: int, wall: int,
           surface: str | Surface | SurfaceKind = "plane", blocks: bool = False
           ) -> ViewGeometry:
        """The view of a `rows x cols` maze on `surface` (a block maze if `blocks`)."""
        return cls(MazeGeometry.of(rows, cols, cell_size=max(cell_size, MIN_CELL), wall=wall,
                                   surface=surface, glue_marks=False, blocks=blocks))

    @property
    def period(self) -> tuple[int, int]:
        """How far apart (rows, columns of pixels) the copies are."""
        g = self.centre
        return g.rows * g.pitch, g.cols * g.pitch

    @property
    def shape(self) -> tuple[int, int]:
        """(height, width) of the whole view."""
        (py, px), g = self.period, self.centre
        return 3 * py + g.wall + 2 * g.margin, 3 * px + g.wall + 2 * g.margin


__all__ = ["MIN_CELL", "MazeGeometry", "Rect", "ViewGeometry", "arrow_mask", "cell_block"]
