"""The neighbourhood view of a maze on hexagons or triangles: the maze in colour, framed,
with dimmed copies of it around it where the torus glues them (`grid_view.py` places them),
so that passages visibly continue across the edges. On the plane the maze stands alone.

Every pixel of the view is classified once: the centre's (the maze panel's own picture,
marks and all), or a copy's cell inside, face or corner (a copy's code, as
`GridGeometry.tables`), or background. A copy shows the maze alone, as the square's view
does: cells and open walls in `GHOST_FILL`, closed walls and corners in `GHOST_WALL`. The
frame is the centre's walls across the edge (both halves: the centre's and the copy's), in
`FRAME` while closed; on the plane its border walls. After each event the centre's dirty
rectangle is copied in, and the copies' pixels of every wall that opened or closed are
painted again.
"""
from __future__ import annotations

import copy

import numpy as np

from .. import events as ev
from ..events import Cell, GridCreated
from ..grids import Grid, make_grid
from .grid_geometry import BACKGROUND, CORNER, GridGeometry
from .grid_view import GridViewGeometry
from .maze_caption import MazeCaption
from .maze_geometry import MIN_CELL
from .maze_panel import MazePanel
from .neighbourhood import FRAME, GHOST_FILL, GHOST_WALL, CentredView
from .palette import INDEX

#: a view pixel the centre's own picture shows
CENTRE = -3


class GridNeighbourhoodPanel(CentredView):
    """A maze panel on a hex or triangle grid drawn with its glued copies around it (the
    protocol of `NeighbourhoodPanel`: `raster`, `apply`, `take_dirty`, `caption`,
    `cell_at`, `cell_origin`, and the quiet view's `candidates`, `take_colours`)."""

    def __init__(self, rows: int, cols: int, *, cell_size: int = 10, wall: int = 2,
                 surface: str = "plane", grid: Grid, first: GridCreated | None = None,
                 caption: MazeCaption | None = None, quiet: bool = False) -> None:
        self.quiet = quiet
        self.centre = MazePanel(rows, cols, cell_size=max(cell_size, MIN_CELL), wall=wall,
                                surface=surface, glue_marks=False, first=first,
                                caption=caption, quiet=quiet, grid=grid)
        self._layout()

    @property
    def period(self) -> tuple[float, float]:
        """How far apart (pixels down, across) the copies' true places are."""
        return self.view.period

    @property
    def origin(self) -> tuple[int, int]:
        """Where the maze's own picture starts in the view."""
        return self.view.origin

    def snapshot(self) -> GridNeighbourhoodPanel:
        """An independent copy of the picture and its state; the layout is shared."""
        other = copy.copy(self)
        other.centre = self.centre.snapshot()
        if hasattr(self, "raster"):
            other.raster = self.raster.copy()
        other.frame_mask = self.frame_mask.copy()
        other.frame_open = self.frame_open.copy()
        other._seen = self._seen.copy()
        other.dirty = None if self.dirty is None else list(self.dirty)
        return other

    # --- layout --------------------------------------------------------------------------

    def _layout(self) -> None:
        """Classify the view's pixels, find the frame, draw it whole (a quiet view keeps
        the layout and draws nothing)."""
        g = self.centre.geometry
        assert isinstance(g, GridGeometry), "the view of a hex or triangle grid"
        self.view = GridViewGeometry(g)
        self.shape = self.view.shape
        self._degree = g.grid.degree
        self.code = np.full(self.shape, BACKGROUND, dtype=np.int64)
        for part in self.view.copies:
            y, x = part.origin
            theirs = part.geometry.tables.code
            h, w = theirs.shape
            box = self.code[y:y + h, x:x + w]
            drawn = theirs != BACKGROUND
            box[drawn[:box.shape[0], :box.shape[1]]] = theirs[:box.shape[0], :box.shape[1]][
                drawn[:box.shape[0], :box.shape[1]]]
        oy, ox = self.view.origin
        bh, bw = g.shape
        self._own = g.tables.code != BACKGROUND
        self.code[oy:oy + bh, ox:ox + bw][self._own] = CENTRE
        flat = self.code.reshape(-1)
        self._order = np.argsort(flat, kind="stable")
        self._sorted = flat[self._order]
        self._place_frame()
        self._seen = self._open_faces()
        self.dirty: list[int] | None = None
        if self.quiet:
            return
        self.raster = np.full(self.shape, INDEX["background"], dtype=np.uint8)
        self.centre.take_dirty()
        self._compose((0, self.shape[0], 0, self.shape[1]))

    def _with_code(self, code: int) -> np.ndarray:
        """The view's flat pixels of the copies whose code is `code`."""
        a, b = np.searchsorted(self._sorted, [code, code + 1])
        return self._order[a:b]

    def _place_frame(self) -> None:
        """The walls across the centre's edge (on the plane its border walls): each one's
        pixels in the view, the centre's half and the copy's half next to it."""
        g, grid = self.view.centre, self.centre.maze.grid
        d, width = self._degree + 1, self.shape[1]
        oy, ox = self.view.origin
        plane = make_grid(grid.kind, grid.rows, grid.cols, "plane").step_table[0]
        target, entered, _ = grid.step_table
        near = self._near_centre()
        faces, pixels = [], []
        for i in grid.flat_cells.tolist():
            for s in range(self._degree):
                if not grid.exists[i, s] or plane[i, s] >= 0:
                    continue
                ys, xs = np.divmod(g.face(i, s), g.shape[1])
                parts = [(ys + oy) * width + xs + ox]
                j = int(target[i, s])
                if j >= 0:
                    theirs = self._with_code(d * j + 1 + int(entered[i, s]))
                    parts.append(theirs[near[theirs]])
                faces.append(i * self._degree + s)
                pixels.append(np.concatenate(parts))
        self._frame_faces = np.array(faces, dtype=np.int64)
        self._frame_px = pixels
        self.frame_open = self._open_faces()[self._frame_faces]
        self.frame_mask = np.zeros(self.shape, dtype=bool)
        for px, is_open in zip(pixels, self.frame_open):
            self.frame_mask.reshape(-1)[px] = not is_open

    def _near_centre(self) -> np.ndarray:
        """Flat: the view's pixels within a wall and a pixel of the centre's picture."""
        near = (self.code == CENTRE)
        for _ in range(self.centre.geometry.wall + 1):
            grown = near.copy()
            grown[1:] |= near[:-1]
            grown[:-1] |= near[1:]
            grown[:, 1:] |= near[:, :-1]
            grown[:, :-1] |= near[:, 1:]
            near = grown
        return near.reshape(-1)

    def _open_faces(self) -> np.ndarray:
        """Whether each face (flat cell * degree + side) is open."""
        return self.centre.maze.faces.reshape(-1).astype(bool)

    def _ghost_lut(self) -> np.ndarray:
        """A copy's colour by code (a cell's inside or a face), from the maze alone."""
        d = self._degree + 1
        opened = self._open_faces().reshape(-1, self._degree)
        lut = np.full((len(opened), d), GHOST_WALL, dtype=np.uint8)
        lut[:, 0] = GHOST_FILL
        lut[:, 1:][opened] = GHOST_FILL
        return lut.reshape(-1)

    def _compose(self, box: tuple[int, int, int, int]) -> None:
        """Draw `box` of the view again from the state: the copies, the centre, the frame."""
        y0, y1, x0, x1 = box
        code = self.code[y0:y1, x0:x1]
        out = np.full(code.shape, INDEX["background"], dtype=np.uint8)
        lut = self._ghost_lut()
        copies = code >= 0
        out[copies] = lut[code[copies]]
        out[code == CORNER] = GHOST_WALL
        oy, ox = self.view.origin
        bh, bw = self.centre.geometry.shape
        cy0, cy1, cx0, cx1 = max(y0, oy), min(y1, oy + bh), max(x0, ox), min(x1, ox + bw)
        if cy1 > cy0 and cx1 > cx0:
            part = out[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
            own = code[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0] == CENTRE
            part[own] = self.centre.raster[cy0 - oy:cy1 - oy, cx0 - ox:cx1 - ox][own]
        out[self.frame_mask[y0:y1, x0:x1]] = FRAME
        self.raster[y0:y1, x0:x1] = out
        self._touch(box)

    def _touch(self, box: tuple[int, int, int, int]) -> None:
        if self.dirty is None:
            self.dirty = list(box)
        else:
            d = self.dirty
            self.dirty = [min(d[0], box[0]), max(d[1], box[1]), min(d[2], box[2]),
                          max(d[3], box[3])]

    # --- the panel protocol --------------------------------------------------------------

    def apply(self, event: ev.Event) -> None:
        """Update the centre from `event`, then the copies' walls that opened or closed and
        the frame, so that `raster` is always whole."""
        self.centre.apply(event)
        if isinstance(event, GridCreated):
            self._layout()
            return
        if self.quiet:
            return
        rect = self.centre.take_dirty()
        changed, frame = self._changes()
        if rect is not None:
            oy, ox = self.view.origin
            self._compose((rect[0] + oy, rect[1] + oy, rect[2] + ox, rect[3] + ox))
        self._repaint(changed, frame)

    def _changes(self) -> tuple[np.ndarray, np.ndarray]:
        """The faces opened or closed since last asked, and the frame walls among them
        (their indices in `_frame_faces`); the frame mask follows."""
        now = self._open_faces()
        changed = np.flatnonzero(now != self._seen)
        self._seen = now
        frame = np.flatnonzero(now[self._frame_faces] != self.frame_open)
        for k in frame.tolist():
            self.frame_open[k] = now[self._frame_faces[k]]
            self.frame_mask.reshape(-1)[self._frame_px[k]] = not self.frame_open[k]
        return changed, frame

    def _repaint(self, changed: np.ndarray, frame: np.ndarray) -> None:
        """Paint again the copies' pixels of the `changed` faces and of the frame walls
        that opened or closed (the centre's half of those: from its own picture)."""
        d, width = self._degree + 1, self.shape[1]
        lut = self._ghost_lut()
        flat, framed = self.raster.reshape(-1), self.frame_mask.reshape(-1)
        spots = [self._with_code(d * (f // self._degree) + 1 + f % self._degree)
                 for f in changed.tolist()]
        for k in frame.tolist():
            px = self._frame_px[k]
            mine = self.code.reshape(-1)[px] == CENTRE
            spots.append(px[~mine])
            ys, xs = np.divmod(px[mine], width)
            if len(ys):
                self._compose((int(ys.min()), int(ys.max()) + 1, int(xs.min()),
                               int(xs.max()) + 1))
        if not spots:
            return
        spot = np.concatenate(spots)
        if not len(spot):
            return
        flat[spot] = np.where(framed[spot], FRAME, lut[self.code.reshape(-1)[spot]])
        ys, xs = np.divmod(spot, width)
        self._touch((int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1))

    def take_colours(self) -> set[int]:
        """A quiet view's colours shown by the events since the last call: what its centre
        painted outside the frame, and the copies' colours of the walls that changed."""
        changed, _ = self._changes()
        oy, ox = self.view.origin
        bh, bw = self.centre.geometry.shape
        colours = self.centre.paint.take_colours(self.frame_mask[oy:oy + bh, ox:ox + bw])
        if len(changed) and self.view.copies:
            lut = self._ghost_lut()
            d = self._degree + 1
            colours |= {int(lut[d * (f // self._degree) + 1 + f % self._degree])
                        for f in changed.tolist()}
        return colours

    def take_dirty(self) -> tuple[int, int, int, int] | None:
        """The rectangle changed since the last call."""
        dirty, self.dirty = self.dirty, None
        if dirty is None:
            return None
        y0, y1, x0, x1 = dirty
        return y0, y1, x0, x1

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """The top-left pixel of a cell-sized square in the middle of `cell`, centre's."""
        y, x = self.centre.cell_origin(cell)
        oy, ox = self.view.origin
        return y + oy, x + ox

    def cell_at(self, y: float, x: float) -> Cell | None:
        """The cell shown under pixel (y, x), in the maze or in any of its copies."""
        yi, xi = int(y), int(x)
        if y < 0 or x < 0 or yi >= self.shape[0] or xi >= self.shape[1]:
            return None
        code = int(self.code[yi, xi])
        if code == CENTRE:
            oy, ox = self.view.origin
            return self.centre.cell_at(y - oy, x - ox)
        if code < 0:
            return None
        return divmod(code // (self._degree + 1), self.centre.maze.cols)


__all__ = ["CENTRE", "GridNeighbourhoodPanel"]
