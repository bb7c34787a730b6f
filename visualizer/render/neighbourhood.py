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

import numpy as np

from ..events import Cell, GridCreated
from .maze_panel import MazePanel
from .palette import INDEX

Transform = str | None   # "id", "fliplr", "flipud", "rot180", "rot90" (anticlockwise), "rot270"

_STRAIGHT = {(dy, dx): "id" for dy in (-1, 0, 1) for dx in (-1, 0, 1)}

#: surface name -> {(tile row, tile column) offset from the centre: transform}
TILES: dict[str, dict[tuple[int, int], Transform]] = {
    "plane": {(0, 0): "id"},
    "torus": dict(_STRAIGHT),
    "klein": {**_STRAIGHT, **{(dy, dx): "fliplr" for dy in (-1, 1) for dx in (-1, 0, 1)}},
    "klein_lr": {**_STRAIGHT, **{(dy, dx): "flipud" for dy in (-1, 0, 1) for dx in (-1, 1)}},
    "projective": {(0, 0): "id", (-1, 0): "fliplr", (1, 0): "fliplr", (0, -1): "flipud",
                   (0, 1): "flipud", (-1, -1): "rot180", (-1, 1): "rot180", (1, -1): "rot180",
                   (1, 1): "rot180"},
    "sphere": {(0, 0): "id", (-1, 0): "rot90", (1, 0): "rot90", (0, -1): "rot270",
               (0, 1): "rot270"},
}

#: the outline of the central square: its closed border walls, thickened outwards
FRAME = INDEX["frame"]
OUTLINE = FRAME
#: how far the frame reaches outwards over the copies, beyond the border wall (pixels)
FRAME_OUT = 2
#: the copies are dimmed: open passages in one grey, walls (and blocked cells) in another
GHOST_WALL, GHOST_FILL = INDEX["ghost_wall"], INDEX["ghost_fill"]
#: the smallest cell (inside, pixels) this view draws: a smaller `cell_size` is raised to it,
#: since nine copies of 5-pixel cells cannot be read from the back of a room
MIN_CELL = 8


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


class NeighbourhoodPanel:
    """A maze panel drawn with its glued neighbours around it (same protocol as MazePanel:
    `raster`, `apply`, `take_dirty`, `caption`, `cell_at`, `cell_origin`)."""

    def __init__(self, rows: int, cols: int, *, cell_size: int = 10, wall: int = 2,
                 surface: str = "plane", first: GridCreated | None = None) -> None:
        self.centre = MazePanel(rows, cols, cell_size=cell_size, wall=wall, surface=surface,
                                glue_marks=False, first=first)
        self._layout()

    @property
    def maze(self):
        return self.centre.maze

    @property
    def step(self) -> int:
        return self.centre.step

    @property
    def status(self) -> str:
        return self.centre.status

    def snapshot(self) -> "NeighbourhoodPanel":
        """An independent copy of the picture and its state (the window's checkpoints);
        the layout, which never changes, is shared."""
        other = copy.copy(self)
        other.centre = self.centre.snapshot()
        other.raster = self.raster.copy()
        other.dirty = None if self.dirty is None else list(self.dirty)
        return other

    # --- layout --------------------------------------------------------------------------

    def _layout(self) -> None:
        centre = self.centre
        pitch = centre.cell_size + centre.wall
        self.period = (centre.maze.rows * pitch, centre.maze.cols * pitch)
        self.tiles = TILES[centre.maze.surface.name]
        py, px = self.period
        self.raster = np.full((3 * py + centre.wall, 3 * px + centre.wall), INDEX["background"],
                              dtype=np.uint8)
        self.outline = np.zeros(self.raster.shape, dtype=bool)
        bh, bw = centre.raster.shape
        if centre.wall:
            ring = np.ones((bh, bw), dtype=bool)
            ring[centre.wall:bh - centre.wall, centre.wall:bw - centre.wall] = False
            self.outline[py:py + bh, px:px + bw] = ring
        self.dirty: list[int] | None = None
        centre.take_dirty()
        self._copy((0, bh, 0, bw))

    def _origin(self, tile: tuple[int, int]) -> tuple[int, int]:
        return (tile[0] + 1) * self.period[0], (tile[1] + 1) * self.period[1]

    def _copy(self, rect: tuple[int, int, int, int]) -> None:
        """Copy `rect` of the centre's raster into every tile (the centre last), then
        outline the square again where the copies touched it."""
        block = self.centre.raster
        bh, bw = block.shape
        y0, y1, x0, x1 = rect
        part = block[y0:y1, x0:x1]
        order = sorted(self.tiles, key=lambda t: t == (0, 0))
        union: list[int] | None = None
        for tile in order:
            how = self.tiles[tile]
            if how is None:
                continue
            ty0, ty1, tx0, tx1 = transform_rect(rect, how, bh, bw)
            oy, ox = self._origin(tile)
            self.raster[oy + ty0:oy + ty1, ox + tx0:ox + tx1] = transform(part, how)
            box = [oy + ty0, oy + ty1, ox + tx0, ox + tx1]
            union = box if union is None else [min(union[0], box[0]), max(union[1], box[1]),
                                               min(union[2], box[2]), max(union[3], box[3])]
        uy0, uy1, ux0, ux1 = union
        region = self.raster[uy0:uy1, ux0:ux1]
        region[self.outline[uy0:uy1, ux0:ux1] & (region == INDEX["wall"])] = OUTLINE
        if self.dirty is None:
            self.dirty = union
        else:
            d = self.dirty
            self.dirty = [min(d[0], uy0), max(d[1], uy1), min(d[2], ux0), max(d[3], ux1)]

    # --- the panel protocol --------------------------------------------------------------

    def apply(self, event: object) -> None:
        """Update the centre from `event` and copy what changed into every copy at once,
        so that `raster` is always whole (the window reads it after restoring a copy)."""
        self.centre.apply(event)
        if isinstance(event, GridCreated):
            self._layout()
            return
        rect = self.centre.take_dirty()
        if rect is not None:
            self._copy(rect)

    def take_dirty(self) -> tuple[int, int, int, int] | None:
        """The rectangle changed since the last call (covering every copy that changed)."""
        dirty, self.dirty = self.dirty, None
        return tuple(dirty) if dirty is not None else None

    def caption(self) -> str:
        return self.centre.caption()

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
        bh, bw = self.centre.raster.shape
        ly, lx = int(y) - oy, int(x) - ox
        if not (0 <= ly < bh and 0 <= lx < bw):
            return None
        return self.centre.cell_at(*untransform_point(ly, lx, how, bh, bw))
