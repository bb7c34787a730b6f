"""The neighbourhood view: a maze drawn with copies of itself around it (3 x 3), each copy
placed, mirrored or turned as the gluing dictates, so passages visibly continue across the
edges of the square.

What each surface shows (rows of the table: above, level with, below the maze):

- torus: eight straight copies (the plane tiled).
- Klein bottle (`klein`, top/bottom twisted): the copies above and below are mirrored left
  to right (leaving through the top at column c you arrive at column w-1-c); the copies to the
  left and right are straight. `klein_lr`: the same turned a quarter.
- projective plane: above and below mirrored left to right, left and right mirrored top to
  bottom, the four diagonal copies turned half a turn (both mirrors).
- sphere: leaving (0, c) northwards enters (c, 0) heading east, so the copies above and below
  are the maze turned a quarter turn anticlockwise, those to the left and right a quarter
  turn clockwise. The diagonal places stay empty: the sphere's corners are cone points
  (the corner (0, 0) is surrounded by the maze alone, 90° in all; (0, n-1) and (n-1, 0) are
  one point with 180° around it), so no copy fits there.
- plane: nothing is glued; only the maze itself, with empty space around it.

The panel keeps a `MazePanel` for the centre; after each event it copies the centre's dirty
rectangle into every neighbour through that neighbour's transform.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Self

import numpy as np

from .. import events as ev
from ..events import Cell, GridCreated, Side
from .maze_caption import MazeCaption
from .maze_geometry import MazeGeometry, MIN_CELL, ViewGeometry
from .legend import colours_in
from .maze_panel import MazePanel
from .palette import INDEX

Transform = str | None   # "id", "fliplr", "flipud", "rot180", "rot90" (anticlockwise), "rot270"

# the copies around the centre and how each is turned come from the surface's record
# (`SurfaceKind.tiles`)

#: the outline of the central square: its closed border walls, thickened outwards
FRAME = INDEX["frame"]
OUTLINE = FRAME
#: how far the frame reaches outwards over the copies, beyond the border wall (pixels)
FRAME_OUT = 2
#: the copies are dimmed: open passages in one grey, walls (and blocked cells) in another
GHOST_WALL, GHOST_FILL = INDEX["ghost_wall"], INDEX["ghost_fill"]


def transform(block: np.ndarray, how: str) -> np.ndarray:
    """`block` (rows x columns) seen through `how`."""
    return {
        "id": lambda b: b, "fliplr": np.fliplr, "flipud": np.flipud,
        "rot180": lambda b: np.rot90(b, 2), "rot90": lambda b: np.rot90(b, 1),
        "rot270": lambda b: np.rot90(b, -1),
    }[how](block)


def transform_rect(rect: tuple[int, int, int, int], how: str, height: int,
                   width: int) -> tuple[int, int, int, int]:
    """Where the rectangle `rect` of a `height x width` block lands after `how`."""
    y0, y1, x0, x1 = rect
    flip_y = (height - y1, height - y0)
    flip_x = (width - x1, width - x0)
    return {
        "id": (y0, y1, x0, x1), "fliplr": (y0, y1, *flip_x), "flipud": (*flip_y, x0, x1),
        "rot180": (*flip_y, *flip_x), "rot90": (*flip_x, y0, y1), "rot270": (x0, x1, *flip_y),
    }[how]


def untransform_point(y: int, x: int, how: str, height: int, width: int) -> tuple[int, int]:
    """The pixel of the original `height x width` block shown at (y, x) after `how`."""
    return {
        "id": (y, x), "fliplr": (y, width - 1 - x), "flipud": (height - 1 - y, x),
        "rot180": (height - 1 - y, width - 1 - x), "rot90": (x, width - 1 - y),
        "rot270": (height - 1 - x, y),
    }[how]


def inverse(how: str) -> str:
    """The transform undoing `how`."""
    return {"rot90": "rot270", "rot270": "rot90"}.get(how, how)


def _shape(how: str | None, height: int, width: int) -> tuple[int, int]:
    """The height and width of a `height x width` block after `how`."""
    return (width, height) if how in ("rot90", "rot270") else (height, width)


def _intersect(a, b):
    y0, y1, x0, x1 = max(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), min(a[3], b[3])
    return (y0, y1, x0, x1) if y1 > y0 and x1 > x0 else None


class CentredView:
    """What a neighbourhood view (square or grid) takes from the maze panel at its centre:
    the maze, its step, status and caption, and as a quiet view its listening and the
    colours it can show (the centre's, the frame's and the dimmed copies'). A subclass
    lays itself out around `centre` in `_layout`."""

    quiet: bool
    centre: MazePanel
    raster: np.ndarray

    def _layout(self) -> None:
        raise NotImplementedError

    @classmethod
    def around(cls, centre: MazePanel) -> Self:
        """The view drawn around `centre` (a maze panel without glue marks, its picture
        drawn)."""
        view = object.__new__(cls)
        view.quiet, view.centre = False, centre
        view._layout()
        return view

    @property
    def maze(self):
        return self.centre.maze

    @property
    def step(self) -> int:
        return self.centre.step

    @property
    def status(self) -> str:
        return self.centre.status

    def caption(self) -> str:
        return self.centre.caption()

    # --- a quiet view: what it shows, without drawing it (render/look.py) -------------

    @property
    def listening(self) -> bool:
        """Whether a quiet view notes what it shows (its centre's painter is on)."""
        return self.centre.listening

    @listening.setter
    def listening(self, on: bool) -> None:
        self.centre.listening = on

    def candidates(self, events: Iterable[ev.Event]) -> dict[int, int]:
        """Every colour the view can show drawing `events`, with the index of the first
        event that can show it: its centre's, the frame's and the dimmed copies'."""
        return {**dict.fromkeys((FRAME, GHOST_FILL, GHOST_WALL), 0),
                **self.centre.candidates(events)}

    def drawn_colours(self) -> set[int]:
        """The palette indices of the whole view as it stands (drawn once, apart)."""
        return colours_in(type(self).around(self.centre.drawn()).raster)


class NeighbourhoodPanel(CentredView):
    """A maze panel drawn with its glued neighbours around it (same protocol as MazePanel:
    `raster`, `apply`, `take_dirty`, `caption`, `cell_at`, `cell_origin`).

    Only the central square is drawn in full colour, with the entrance, the exit and the
    solver's marks; it is framed (`FRAME`, the border wall plus `FRAME_OUT` pixels outwards,
    open where a passage crosses the edge; all round a block maze). The eight copies show the
    maze alone, dimmed: cells and open walls in `GHOST_FILL`, closed walls and blocked cells in
    `GHOST_WALL`, so passages still visibly continue across the edges. Cells are at least
    `MIN_CELL` pixels.
    """

    def __init__(self, rows: int, cols: int, *, cell_size: int = 10, wall: int = 2,
                 surface: str = "plane", first: GridCreated | None = None,
                 caption: MazeCaption | None = None, quiet: bool = False) -> None:
        self.quiet = quiet
        self.centre = MazePanel(rows, cols, cell_size=max(cell_size, MIN_CELL), wall=wall,
                                surface=surface, glue_marks=False, first=first,
                                caption=caption, quiet=quiet)
        self._layout()

    def snapshot(self) -> "NeighbourhoodPanel":
        """An independent copy of the picture and its state (the window's checkpoints);
        the layout, which never changes, is shared."""
        other = copy.copy(self)
        other.centre = self.centre.snapshot()
        other.raster = self.raster.copy()
        other.ghost = self.ghost.copy()
        other.frame_mask = self.frame_mask.copy()
        other.frame_open = self.frame_open.copy()
        other.dirty = None if self.dirty is None else list(self.dirty)
        return other

    # --- layout --------------------------------------------------------------------------

    def _layout(self) -> None:
        """Lay out the view around the centre's square: the copies' places, which pixel of
        the square shows what, the dimmed picture, the frame; then draw it whole (a quiet
        view keeps the layout and draws nothing)."""
        centre = self.centre
        assert isinstance(centre.geometry, MazeGeometry), "the view is of a square grid"
        view = ViewGeometry(centre.geometry)
        self.period = view.period
        self.tiles = dict(centre.maze.surface.kind.tiles)
        self.shape = view.shape
        self._map_pixels()
        self._target = centre.maze.surface.step_table[0].reshape(-1)
        bh, bw = centre.geometry.shape
        self.ghost = self._ghost((0, bh, 0, bw))
        self._place_frame()
        self.dirty: list[int] | None = None
        if self.quiet:
            return
        self.raster = np.full(self.shape, INDEX["background"], dtype=np.uint8)
        centre.take_dirty()
        self._compose((0, self.raster.shape[0], 0, self.raster.shape[1]))

    def _map_pixels(self) -> None:
        """What each pixel of the square shows: the inside of a cell (`_pix_cell`: its
        flat index), a wall face (`_pix_face`: flat index * 4 + side), or a post."""
        g = self.centre.geometry
        rows, cols, s, w, m = g.rows, g.cols, g.cell_size, g.wall, g.margin
        pitch = g.pitch
        bh, bw = g.shape
        self._pix_cell = np.full((bh, bw), -1, dtype=np.int64)
        self._pix_face = np.full((bh, bw), -1, dtype=np.int64)
        self._inside = np.zeros((bh, bw), dtype=bool)
        self._inside[m:bh - m, m:bw - m] = True
        flat = np.arange(rows * cols, dtype=np.int64).reshape(rows, 1, cols, 1)
        e = m + w
        cells = self._pix_cell[e:e + rows * pitch, e:e + cols * pitch]
        cells.reshape(rows, pitch, cols, pitch)[:, :s, :, :s] = flat
        if w:
            faces = self._pix_face[e:e + rows * pitch, e:e + cols * pitch]
            grid = faces.reshape(rows, pitch, cols, pitch)
            grid[:, :s, :, s:] = flat * 4 + int(Side.E)
            grid[:, s:, :, :s] = flat * 4 + int(Side.S)
            for c in range(cols):
                self._pix_face[m:m + w, e + c * pitch:e + c * pitch + s] = c * 4 + int(Side.N)
            for r in range(rows):
                self._pix_face[e + r * pitch:e + r * pitch + s, m:m + w] = \
                    r * cols * 4 + int(Side.W)

    def _place_frame(self) -> None:
        """The frame: a ring round the square (`frame_mask`), open where a passage crosses
        the border (`frame_open`, one flag per border face: `_segments`)."""
        g = self.centre.geometry
        w, m = g.wall, g.margin
        bh, bw = g.shape
        oy, ox = self.period
        self._centre_box = (oy, oy + bh, ox, ox + bw)
        self.frame_mask = np.zeros(self.shape, dtype=bool)
        t = w + FRAME_OUT
        ring = (oy + m - FRAME_OUT, oy + bh - m + FRAME_OUT, ox + m - FRAME_OUT,
                ox + bw - m + FRAME_OUT)
        self.frame_mask[ring[0]:ring[1], ring[2]:ring[3]] = True
        self.frame_mask[ring[0] + t:ring[1] - t, ring[2] + t:ring[3] - t] = False
        segments: list[tuple[int, int, int, int]] = []
        segment_faces: list[int] = []
        outwards = {Side.N: (-FRAME_OUT, 0, 0, 0), Side.S: (0, FRAME_OUT, 0, 0),
                    Side.W: (0, 0, -FRAME_OUT, 0), Side.E: (0, 0, 0, FRAME_OUT)}
        for side in Side:
            for cell in self.centre.maze.surface.edge_cells(side):
                box = self._face_box(cell, side)
                grow = outwards[side]
                segments.append((box[0] + oy + grow[0], box[1] + oy + grow[1],
                                 box[2] + ox + grow[2], box[3] + ox + grow[3]))
                segment_faces.append((cell[0] * g.cols + cell[1]) * 4 + int(side))
        self._segments = segments
        self._segment_faces = np.array(segment_faces, dtype=np.int64)
        self.frame_open = self._border_open()
        for box, is_open in zip(segments, self.frame_open):
            if is_open:
                self.frame_mask[box[0]:box[1], box[2]:box[3]] = False

    def _face_box(self, cell: Cell, side: Side) -> tuple[int, int, int, int]:
        """The pixels of the wall on `side` of `cell`, in the square's own raster."""
        return self.centre.geometry.face_rect(cell, side)

    def _open(self, faces: np.ndarray) -> np.ndarray:
        """Whether each face (flat cell index * 4 + side) is a passage: its wall is open and
        neither cell on either side is blocked."""
        maze = self.centre.maze
        open_ = maze.faces.reshape(-1)[faces]
        blocked = maze.blocked.reshape(-1)
        there = self._target[faces]
        return open_ & ~blocked[faces // 4] & ~((there >= 0) & blocked[np.maximum(there, 0)])

    def _border_open(self) -> np.ndarray:
        """Which walls of the square's border are passages: gaps in the frame. A block maze
        has no walls on its border (its frame lies outside the square): never."""
        if not self.centre.wall:
            return np.zeros(len(self._segment_faces), dtype=bool)
        return self._open(self._segment_faces)

    def _ghost(self, rect: tuple[int, int, int, int]) -> np.ndarray:
        """The dimmed picture of `rect` of the square, from the maze alone (no marks)."""
        y0, y1, x0, x1 = rect
        out = np.where(self._inside[y0:y1, x0:x1], GHOST_WALL, INDEX["background"]
                       ).astype(np.uint8)
        cell = self._pix_cell[y0:y1, x0:x1]
        where = cell >= 0
        blocked = self.centre.maze.blocked.reshape(-1)
        out[where] = np.where(blocked[cell[where]], GHOST_WALL, GHOST_FILL)
        face = self._pix_face[y0:y1, x0:x1]
        where = face >= 0
        out[where] = np.where(self._open(face[where]), GHOST_FILL, GHOST_WALL)
        return out

    def _origin(self, tile: tuple[int, int]) -> tuple[int, int]:
        return (tile[0] + 1) * self.period[0], (tile[1] + 1) * self.period[1]

    def _tile_box(self, tile: tuple[int, int]) -> tuple[int, int, int, int]:
        oy, ox = self._origin(tile)
        th, tw = _shape(self.tiles[tile], *self.centre.geometry.shape)
        return oy, oy + th, ox, ox + tw

    def _compose(self, box: tuple[int, int, int, int]) -> None:
        """Draw `box` of the picture again: every copy's part of it from the dimmed
        picture, the square's from its own raster (last: it wins where they overlap), then
        the frame."""
        bh, bw = self.centre.geometry.shape
        box = _intersect(box, (0, self.raster.shape[0], 0, self.raster.shape[1]))
        if box is None:
            return
        for tile in sorted(self.tiles, key=lambda t: t == (0, 0)):
            how = self.tiles[tile]
            tile_box = self._tile_box(tile)
            part = _intersect(box, tile_box)
            if how is None or part is None:
                continue
            oy, ox = tile_box[0], tile_box[2]
            th, tw = tile_box[1] - oy, tile_box[3] - ox
            local = (part[0] - oy, part[1] - oy, part[2] - ox, part[3] - ox)
            sy0, sy1, sx0, sx1 = transform_rect(local, inverse(how), th, tw)
            source = self.centre.raster if tile == (0, 0) else self.ghost
            self.raster[part[0]:part[1], part[2]:part[3]] = transform(
                source[sy0:sy1, sx0:sx1], how)
        y0, y1, x0, x1 = box
        region = self.raster[y0:y1, x0:x1]
        region[self.frame_mask[y0:y1, x0:x1]] = FRAME
        if self.dirty is None:
            self.dirty = list(box)
        else:
            d = self.dirty
            self.dirty = [min(d[0], y0), max(d[1], y1), min(d[2], x0), max(d[3], x1)]

    # --- the panel protocol --------------------------------------------------------------

    def apply(self, event: ev.Event) -> None:
        """Update the centre from `event`, the dimmed copies where the maze itself changed
        and the frame where a border wall opened or closed, at once, so that `raster` is
        always whole (the window reads it after restoring a copy)."""
        self.centre.apply(event)
        if isinstance(event, GridCreated):
            self._layout()
            return
        if self.quiet:        # what changed is read when asked (`take_colours`)
            return
        rect = self.centre.take_dirty()
        if rect is None:
            return
        y0, y1, x0, x1 = rect
        ghost = self._ghost(rect)
        changed = np.argwhere(ghost != self.ghost[y0:y1, x0:x1])
        if len(changed):
            self.ghost[y0:y1, x0:x1] = ghost
            (gy0, gx0), (gy1, gx1) = changed.min(axis=0), changed.max(axis=0) + 1
            g = (y0 + int(gy0), y0 + int(gy1), x0 + int(gx0), x0 + int(gx1))
            bh, bw = self.ghost.shape
            for tile, how in self.tiles.items():
                if tile == (0, 0) or how is None:
                    continue
                oy, ox = self._origin(tile)
                ty0, ty1, tx0, tx1 = transform_rect(g, how, bh, bw)
                self._compose((oy + ty0, oy + ty1, ox + tx0, ox + tx1))
        oy, ox = self._origin((0, 0))
        self._compose((oy + y0, oy + y1, ox + x0, ox + x1))
        self._update_frame(compose=True)

    def _update_frame(self, compose: bool = False) -> None:
        """Open or close the frame where a border wall opened or closed (and draw it there
        again when `compose`)."""
        now = self._border_open()
        if np.array_equal(now, self.frame_open):
            return
        for k in np.flatnonzero(now != self.frame_open):
            sy0, sy1, sx0, sx1 = self._segments[k]
            self.frame_mask[sy0:sy1, sx0:sx1] = not now[k]
            if compose:
                self._compose(self._segments[k])
        self.frame_open = now

    def take_colours(self) -> set[int]:
        """A quiet view's colours shown by the events since the last call: what its square
        painted outside the frame, and the dimmed copies' colours where they changed."""
        self.centre.paint.flush()
        rect = self.centre.paint.dirty
        if rect is None:
            return set()
        y0, y1, x0, x1 = rect
        self._update_frame()
        cy0, cy1, cx0, cx1 = self._centre_box
        colours = self.centre.paint.take_colours(self.frame_mask[cy0:cy1, cx0:cx1])
        ghost = self._ghost((y0, y1, x0, x1))
        changed = ghost != self.ghost[y0:y1, x0:x1]
        if changed.any():
            self.ghost[y0:y1, x0:x1] = ghost
            if any(how is not None for tile, how in self.tiles.items() if tile != (0, 0)):
                colours |= set(np.unique(ghost[changed]).tolist())
        return colours

    def take_dirty(self) -> tuple[int, int, int, int] | None:
        """The rectangle changed since the last call (covering every copy that changed)."""
        dirty, self.dirty = self.dirty, None
        if dirty is None:
            return None
        y0, y1, x0, x1 = dirty
        return y0, y1, x0, x1

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """The top-left pixel of the inside of `cell` in the central square."""
        y, x = self.centre.cell_origin(cell)
        return y + self.period[0], x + self.period[1]

    def cell_at(self, y: float, x: float) -> Cell | None:
        """The cell shown under pixel (y, x), in the square or in any of its copies."""
        py, px = self.period
        tile = (min(2, int(y // py)) - 1, min(2, int(x // px)) - 1)
        how = self.tiles.get(tile)
        if how is None or y < 0 or x < 0:
            return None
        oy, ox = self._origin(tile)
        bh, bw = self.centre.geometry.shape
        ly, lx = int(y) - oy, int(x) - ox
        th, tw = _shape(how, bh, bw)
        if not (0 <= ly < th and 0 <= lx < tw):
            return None
        return self.centre.cell_at(*untransform_point(ly, lx, how, bh, bw))
