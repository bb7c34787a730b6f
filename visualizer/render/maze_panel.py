"""Draws a maze from its event stream, incrementally, in palette indices.

The panel keeps its own picture state (each cell's base colour and mark, the members of each
Kruskal set for colouring) — built from events only, never from an algorithm's internals.
Each event repaints the few cells it touches and grows the dirty rectangle.
"""
from __future__ import annotations

import copy
from functools import lru_cache
from typing import Iterable

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
from ..maze.trail import trail_cells
from .glue import draw_glue_marks, glue_margin
from .palette import INDEX, RAMP, SET_COLOURS, set_colour
from .set_colours import SetColouring

#: the palette index each `Mark` is drawn in: the `marks` of its slot record (`slots.SLOTS`)
from .palette import MARK_COLOUR as _MARK_COLOUR
_NO_MARK = 0
_MARK_CODE = {name: i + 1 for i, name in enumerate(_MARK_COLOUR)}
#: the panel's own mark for the cells a `Walked` stretch passed through (not a `Mark`: the
#: trail is this picture's way of showing the stretch; it goes with the next stretch)
_TRAIL_CODE = len(_MARK_CODE) + 1
_CODE_COLOUR = np.zeros(len(_MARK_CODE) + 2, dtype=np.uint8)
for _name, _code in _MARK_CODE.items():
    _CODE_COLOUR[_code] = _MARK_COLOUR[_name]
_CODE_COLOUR[_TRAIL_CODE] = INDEX["tested"]   # a slot no solver shows
_STICKY = {_MARK_CODE[Mark.START], _MARK_CODE[Mark.GOAL]}
_WALL, _PASSAGE, _BLOCKED = INDEX["wall"], INDEX["passage"], INDEX["blocked"]
_CONSIDERED = INDEX["considered"]
#: the colour of the considered wall once the algorithm has decided about it
_VERDICT = {ev.WallOpened: INDEX["opened"], ev.WallClosed: INDEX["built"],
            ev.WallRejected: INDEX["rejected"]}
_DECIDED = (ev.WallOpened, ev.WallClosed, ev.WallRejected)    # the keys of _VERDICT
#: events that belong to considering a wall: the considered wall stays drawn through them
#: (until the next wall is considered); anything else — a milestone ending the phase, the
#: figures, a solve — clears it
_CONSIDERING = (ev.WallConsidered, ev.WallOpened, ev.WallClosed, ev.WallRejected,
                ev.SetsMerged, ev.CellMarked, ev.MarksCleared,
                ev.CellsMarked)
_HEADING, _HAND, _CURRENT = INDEX["heading"], INDEX["hand"], INDEX["current"]
_CHALK = {1: INDEX["once"], 2: INDEX["twice"]}
_PATH_CODE = _MARK_CODE[Mark.PATH]
_PATH_OR_END = _STICKY | {_PATH_CODE}
_WALKER_CODE = _MARK_CODE[Mark.WALKER]
_WALK_CODE, _ERASED_CODE = _MARK_CODE[Mark.WALK], _MARK_CODE[Mark.ERASED]
#: clearing these marks ends a walk: its trail and erased loop go too
_WALKING = frozenset({Mark.WALK, Mark.WALKER})
_DISTANCE_CODE = _MARK_CODE[Mark.DISTANCE]
_RAMP = [INDEX[name] for name in RAMP]
_RAMP_COLOUR = np.array(_RAMP, dtype=np.uint8)
_STICKY_CODES = np.array(sorted(_STICKY), dtype=np.uint8)
_PATH_OR_END_CODES = np.array(sorted(_PATH_OR_END), dtype=np.uint8)
#: marks that name one cell at a time (the one the algorithm stands on, a distance with its
#: count): a `CellsMarked` with one of them is drawn cell by cell, as `CellMarked`s
_ONE_AT_A_TIME = (Mark.WALKER, Mark.CURRENT, Mark.DISTANCE)


def ramp_band(distance: int, farthest: int) -> int:
    """The ramp colour (0 = nearest) of `distance` when the flood reaches `farthest`: the
    distances 0 … farthest split into len(RAMP) equal bands."""
    return min(len(_RAMP) - 1, distance * len(_RAMP) // (farthest + 1))


@lru_cache(maxsize=64)
def _arrow(size: int, side: int) -> np.ndarray:
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


class MazePanel:
    """The picture of one maze: `raster` (uint8 palette indices) and a dirty rectangle.

    `cell_size` is the inside of a cell in pixels, `wall` the thickness of a wall (block
    mazes are drawn without thin walls). On a glued surface the maze sits in a `margin`
    that shows the identifications of its edges (`glue_marks=False` leaves it out).
    """

    def __init__(self, rows: int, cols: int, *, cell_size: int = 10, wall: int = 2,
                 surface: str = "plane", glue_marks: bool = True,
                 first: ev.GridCreated | None = None) -> None:
        self.cell_size, self.wall_size = cell_size, wall
        self.glue_marks = glue_marks
        self.maze = Maze(rows, cols, surface)
        self.step = 0
        self.status = ""               # the last milestone reached (path found, no path …)
        # what the caption tells, set by whoever paces the events (see `caption`)
        self.caption_hold: float | None = None   # seconds a milestone line stays (by
        self.caption_clock = None      # `caption_clock(p)`: when p events are drawn); a solve
        self.figures_wait = False      # follows: the maze's figures wait for its end
        self.steps_from = 0            # the step drawn as "step 0" (animate: solve)
        self._status_step = 0
        self.maze_figures = self.solve_figures = ""
        self._setup(first or ev.GridCreated(rows, cols, self.maze.surface))

    # --- geometry ------------------------------------------------------------------------

    @property
    def height(self) -> int:
        return self.raster.shape[0]

    @property
    def width(self) -> int:
        return self.raster.shape[1]

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """The top-left pixel of the inside of `cell`."""
        pitch = self.cell_size + self.wall
        edge = self.margin + self.wall
        return edge + cell[0] * pitch, edge + cell[1] * pitch

    def cell_at(self, y: float, x: float) -> Cell | None:
        """The cell under pixel (y, x), or None outside the maze."""
        pitch = self.cell_size + self.wall
        edge = self.margin + self.wall
        r, c = int((y - edge) // pitch), int((x - edge) // pitch)
        return (r, c) if 0 <= r < self.maze.rows and 0 <= c < self.maze.cols else None

    def _face_rect(self, cell: Cell, side: Side) -> tuple[int, int, int, int]:
        y, x = self.cell_origin(cell)
        s, w = self.cell_size, self.wall
        return {
            Side.N: (y - w, y, x, x + s), Side.S: (y + s, y + s + w, x, x + s),
            Side.W: (y, y + s, x - w, x), Side.E: (y, y + s, x + s, x + s + w),
        }[side]

    # --- state ---------------------------------------------------------------------------

    def _setup(self, event: ev.GridCreated) -> None:
        rows, cols = event.rows, event.cols
        self.maze = Maze(rows, cols, event.surface, walls_open=event.walls_open)
        self.wall = 0 if event.walls_open and event.fill == ev.Fill.PASSAGE else self.wall_size
        pitch = self.cell_size + self.wall
        surface = self.maze.surface
        self.margin = glue_margin(surface, self.cell_size) if self.glue_marks else 0
        # a block maze on the plane has no walls to show its edge: give it a frame
        framed = not self.wall and not self.margin and not surface.kind.gluings
        if framed:
            self.margin = max(1, self.wall_size)
        m = self.margin
        height, width = rows * pitch + self.wall, cols * pitch + self.wall
        self.raster = np.full((height + 2 * m, width + 2 * m),
                              INDEX["wall"] if framed else INDEX["background"], dtype=np.uint8)
        self.raster[m:m + height, m:m + width] = INDEX["wall"]
        if m and not framed:
            draw_glue_marks(self.raster, surface, m, m, height, width, self.cell_size)
        self.marks = np.zeros((rows, cols), dtype=np.uint8)
        self.current: Cell | None = None
        self.walker: Cell | None = None    # a `Mark.WALKER` cell: moves on without a trail
        self.walk_length = 0               # ... and the walk's length so far (its count)
        # `Walked`: the walk a walker keeps (Wilson's loop-erased walk), the cells of the
        # last stretch's trail and of the loop it erased (both go with the next stretch)
        self.walk: list[Cell] = []
        self.walk_set: set[Cell] = set()
        self.trail: list[int] = []
        self.flash: list[Cell] = []
        target, entered, _ = surface.step_table
        # Kruskal's sets: neighbouring sets never share a colour (render/set_colours.py)
        self.colouring: SetColouring | None = None
        # Eller's row sets (`Fill.ROWS`) are coloured like Kruskal's once their row is reached
        self.row_sets = event.fill == ev.Fill.ROWS
        if event.fill == ev.Fill.SETS or self.row_sets:
            self.colouring = SetColouring(target, SET_COLOURS,
                                          lambda i: (i // cols) * 3 + i % cols)
            self.base: np.ndarray = (set_colour(0) + self.colouring.colour).astype(np.uint8)
            self.base = self.base.reshape(rows, cols)
            if self.row_sets:
                self.base[:] = INDEX["unvisited"]
        elif event.fill == ev.Fill.PASSAGE or event.walls_open:
            self.base = np.full((rows, cols), INDEX["passage"], dtype=np.uint8)
        else:
            self.base = np.full((rows, cols), INDEX["unvisited"], dtype=np.uint8)
        self.sets = rows * cols if self.colouring is not None else None
        self._target, self._entered = target.tolist(), entered.tolist()
        self._target_np = target
        self._glued: list[list[int]] = [[] for _ in range(rows * cols)]
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            if r in (0, rows - 1) or c in (0, cols - 1):
                self._glued[i] = [side for side in range(4) if target[i, side] >= 0
                                  and surface.is_border((r, c), Side(side))]
        self._link_views()
        self.merge_cost = 0
        self.built = self.kept_open = 0
        self.tests_walls = event.fill == ev.Fill.OPEN   # reverse-delete keeps walls open
        self.considered: set[tuple[int, int]] | None = None   # faces of the wall tried
        self.considered_colour = _CONSIDERED                   # ... and its verdict
        self.heading: ev.Heading | None = None                 # the wall follower ...
        self.hand: set[tuple[int, int]] = set()                # ... and its hand's wall
        self.chalk: dict[tuple[int, int], int] = {}            # Trémaux: face -> marks
        # the distance map: each cell's distance (-1: none), the farthest one so far (the
        # ramp's scale), the flat cells by distance (to repaint when the scale grows)
        self.distance = np.full(rows * cols, -1, dtype=np.int64)
        self.farthest = 0
        self._at_distance: dict[int, list[int]] = {}
        self.turns: int | None = None                          # Pledge's turn count
        self.dirty: list[int] | None = None
        if self.wall and self.maze.faces.any():
            for r in range(rows):
                for c in range(cols):
                    self._paint_cell((r, c))
        else:
            fills = np.where(self.maze.blocked, _BLOCKED, self.base)
            e, s = m + self.wall, self.cell_size
            grid = self.raster[e:e + rows * pitch, e:e + cols * pitch]
            grid.reshape(rows, pitch, cols, pitch)[:, :s, :, :s] = fills[:, None, :, None]
        self._touch(0, self.raster.shape[0], 0, self.raster.shape[1])

    def _link_views(self) -> None:
        """Flat views of the state arrays, for painting by flat cell index."""
        self._faces = self.maze.faces.reshape(-1, 4)
        self._blocked = self.maze.blocked.reshape(-1)
        self._marks = self.marks.reshape(-1)
        self._base = self.base.reshape(-1)

    def snapshot(self) -> "MazePanel":
        """An independent copy of the picture and its state (the window's checkpoints);
        the move tables, which never change, are shared."""
        other = copy.copy(self)
        other.raster = self.raster.copy()
        other.maze = self.maze.copy()
        other.marks = self.marks.copy()
        other.base = self.base.copy()
        other.colouring = None if self.colouring is None else self.colouring.copy()
        other.dirty = None if self.dirty is None else list(self.dirty)
        other.chalk = dict(self.chalk)
        other.hand = set(self.hand)
        other.considered = None if self.considered is None else set(self.considered)
        other.distance = self.distance.copy()
        other.walk, other.walk_set = list(self.walk), set(self.walk_set)
        other.trail, other.flash = list(self.trail), list(self.flash)
        other._at_distance = {d: list(cells) for d, cells in self._at_distance.items()}
        other._link_views()
        return other

    def fill(self, cell: Cell) -> int:
        """The palette index the inside of `cell` is painted with now."""
        return self._fill(cell[0] * self.maze.cols + cell[1])

    def _fill(self, i: int) -> int:
        if self._blocked[i]:
            return _BLOCKED
        code = self._marks[i]
        if code == _DISTANCE_CODE:
            return _RAMP[ramp_band(int(self.distance[i]), self.farthest)]
        return int(_CODE_COLOUR[code]) if code else int(self._base[i])

    def _touch(self, y0: int, y1: int, x0: int, x1: int) -> None:
        d = self.dirty
        if d is None:
            self.dirty = [y0, y1, x0, x1]
        else:
            if y0 < d[0]:
                d[0] = y0
            if y1 > d[1]:
                d[1] = y1
            if x0 < d[2]:
                d[2] = x0
            if x1 > d[3]:
                d[3] = x1

    def _paint_rect(self, rect: tuple[int, int, int, int], colour: int) -> None:
        y0, y1, x0, x1 = rect
        if y1 > y0 and x1 > x0:
            self.raster[y0:y1, x0:x1] = colour
            self._touch(y0, y1, x0, x1)

    def _face_colour(self, i: int, side: int, mine: int) -> int:
        if self.considered is not None and (i, side) in self.considered:
            return self.considered_colour
        if self.hand and (i, side) in self.hand:
            return _HAND
        if not self._faces[i, side]:
            return _WALL
        j = self._target[i][side]
        if j < 0:
            return mine
        if self._blocked[i] or self._blocked[j]:
            return _BLOCKED
        theirs = self._fill(j)
        if mine == theirs:
            return mine
        a, b = self._marks[i], self._marks[j]
        if (a == _PATH_CODE and b in _PATH_OR_END) or (b == _PATH_CODE and a in _PATH_OR_END):
            return INDEX["path"]     # the path runs on into the entrance or exit
        return _PASSAGE

    def _paint_face(self, i: int, side: int) -> None:
        y0, y1, x0, x1 = self._face_rect(divmod(i, self.maze.cols), Side(side))
        self.raster[y0:y1, x0:x1] = self._face_colour(i, side, self._fill(i))
        self._touch(y0, y1, x0, x1)
        if self.chalk or self.considered or self.heading:
            self._face_marks(i, side)

    def _wall_faces(self, cell: Cell, side: Side) -> set[tuple[int, int]]:
        """Both faces (flat cell index, side) of the wall on `side` of `cell`."""
        i = cell[0] * self.maze.cols + cell[1]
        j = self._target[i][side]
        return {(i, int(side))} | ({(j, self._entered[i][side])} if j >= 0 else set())

    def _fills(self, flat: np.ndarray) -> np.ndarray:
        """`_fill` of each of the flat cells `flat`, as an array."""
        codes = self._marks[flat]
        out = np.where(codes > 0, _CODE_COLOUR[codes], self._base[flat]).astype(np.uint8)
        far = codes == _DISTANCE_CODE
        if far.any():
            k = len(_RAMP)
            bands = np.minimum(k - 1, self.distance[flat[far]] * k // (self.farthest + 1))
            out[far] = _RAMP_COLOUR[bands]
        out[self._blocked[flat]] = _BLOCKED
        return out

    def _face_colours(self, flat: np.ndarray, side: int, mine: np.ndarray) -> np.ndarray:
        """`_face_colour` of face `side` of each of the flat cells `flat` (no considered
        wall, no hand on a wall: the caller checks)."""
        out = np.full(len(flat), _WALL, dtype=np.uint8)
        opened = self._faces[flat, side]
        j = self._target_np[flat, side]
        outside = opened & (j < 0)
        out[outside] = mine[outside]
        inside = opened & (j >= 0)
        if inside.any():
            i, j = flat[inside], j[inside]
            m, theirs = mine[inside], self._fills(j)
            a, b = self._marks[i], self._marks[j]
            path = ((a == _PATH_CODE) & np.isin(b, _PATH_OR_END_CODES)) \
                | ((b == _PATH_CODE) & np.isin(a, _PATH_OR_END_CODES))
            colour = np.where(m == theirs, m,
                              np.where(path, INDEX["path"], _PASSAGE)).astype(np.uint8)
            colour[self._blocked[i] | self._blocked[j]] = _BLOCKED
            out[inside] = colour
        return out

    def _blit(self, y: np.ndarray, height: int, x: np.ndarray, width: int,
              colours: np.ndarray) -> None:
        """Paint a `height x width` rectangle at each (y[k], x[k]) in colour colours[k]."""
        if height > 0 and width > 0:
            ys = (y[:, None] + np.arange(height))[:, :, None]
            xs = (x[:, None] + np.arange(width))[:, None, :]
            self.raster[ys, xs] = colours[:, None, None]

    def _paint_cells(self, flat: np.ndarray) -> None:
        """`_paint_cell` for each of the flat cells `flat`, vectorised: the insides and the
        faces at once. While the wall follower, chalk or a considered wall are drawn (few
        cells at a time), cell by cell."""
        cols = self.maze.cols
        if len(flat) < 8 or self.chalk or self.considered or self.hand \
                or self.heading is not None:
            for i in flat.tolist():
                self._paint_cell(divmod(i, cols))
            return
        s, w = self.cell_size, self.wall
        pitch, edge = s + w, self.margin + w
        r, c = np.divmod(flat, cols)
        y, x = edge + r * pitch, edge + c * pitch
        mine = self._fills(flat)
        self._blit(y, s, x, s, mine)
        if w:
            self._blit(y - w, w, x, s, self._face_colours(flat, 0, mine))
            self._blit(y, s, x + s, w, self._face_colours(flat, 1, mine))
            self._blit(y + s, w, x, s, self._face_colours(flat, 2, mine))
            self._blit(y, s, x - w, w, self._face_colours(flat, 3, mine))
            rows = self.maze.rows
            border = flat[(r == 0) | (r == rows - 1) | (c == 0) | (c == cols - 1)]
            for i in border.tolist():
                for side in self._glued[i]:
                    self._paint_face(self._target[i][side], self._entered[i][side])
        self._touch(int(y.min()) - w, int(y.max()) + s + w, int(x.min()) - w,
                    int(x.max()) + s + w)

    def _paint_cell(self, cell: Cell) -> None:
        r, c = cell
        i = r * self.maze.cols + c
        s, w = self.cell_size, self.wall
        y, x = self.cell_origin(cell)
        mine = self._fill(i)
        raster = self.raster
        raster[y:y + s, x:x + s] = mine
        if w:
            raster[y - w:y, x:x + s] = self._face_colour(i, 0, mine)
            raster[y:y + s, x + s:x + s + w] = self._face_colour(i, 1, mine)
            raster[y + s:y + s + w, x:x + s] = self._face_colour(i, 2, mine)
            raster[y:y + s, x - w:x] = self._face_colour(i, 3, mine)
            for side in self._glued[i]:
                self._paint_face(self._target[i][side], self._entered[i][side])
        self._touch(y - w, y + s + w, x - w, x + s + w)
        walker = self.heading is not None and self.heading.cell == cell
        if walker and self.marks[cell] not in _STICKY:    # the walker is the current cell
            raster[y:y + s, x:x + s] = _CURRENT
        if self.chalk or self.considered or walker:
            for side in range(4):
                self._face_marks(i, side)
        if walker and self.heading is not None:
            self._draw_arrow(cell, self.heading.side)

    # --- the algorithms' own marks: the wall follower's arrow, Trémaux's chalk ----------

    def _face_marks(self, i: int, side: int) -> None:
        """What an algorithm draws on face (`i`, `side`) beyond the wall itself: the
        considered wall and the wall follower's hand as a strip just inside the cell
        (wider than a thin wall, so it reads from afar), Trémaux's chalk."""
        if self.chalk and (i, side) in self.chalk:
            self._draw_chalk(i, side)
        cell = divmod(i, self.maze.cols)
        if self.considered and (i, side) in self.considered:
            self._paint_rect(self._inner_strip(cell, Side(side)), self.considered_colour)
        elif self.heading is not None and self.heading.cell == cell \
                and self.heading.hand_side == side:
            self._paint_rect(self._inner_strip(cell, Side(side)), _HAND)

    def _draw_arrow(self, cell: Cell, side: Side) -> None:
        """A solid triangle inside `cell`, its tip towards `side`."""
        y, x = self.cell_origin(cell)
        mask = _arrow(self.cell_size, int(side))
        self.raster[y:y + self.cell_size, x:x + self.cell_size][mask] = _HEADING

    def _inner_strip(self, cell: Cell, side: Side) -> tuple[int, int, int, int]:
        """A thin strip along `side` just inside `cell`."""
        y, x = self.cell_origin(cell)
        s = self.cell_size
        d = max(1, s // 6)
        return {Side.N: (y, y + d, x, x + s), Side.S: (y + s - d, y + s, x, x + s),
                Side.W: (y, y + s, x, x + d), Side.E: (y, y + s, x + s - d, x + s)}[side]

    def _draw_chalk(self, i: int, side: int) -> None:
        """Trémaux's chalk on face (`i`, `side`): a bar across the passage, over the face
        and a little way into the cell, in the colour of its count (once, twice)."""
        y0, y1, x0, x1 = self._face_rect(divmod(i, self.maze.cols), Side(side))
        s = self.cell_size
        inset, depth = s // 4, max(1, s // 5)
        if side in (0, 2):       # a horizontal face: the bar runs along it
            x0, x1 = x0 + inset, x1 - inset
            y0, y1 = (y0, y1 + depth) if side == 0 else (y0 - depth, y1)
        else:
            y0, y1 = y0 + inset, y1 - inset
            x0, x1 = (x0 - depth, x1) if side == 1 else (x0, x1 + depth)
        self._paint_rect((y0, y1, x0, x1), _CHALK[min(2, self.chalk[i, side])])

    def _set_heading(self, event: ev.Heading | None) -> None:
        """Move the wall follower's arrow and hand: repaint where they were, then where
        they are."""
        old, old_hand = self.heading, self.hand
        self.heading = event
        self.hand = set() if event is None or event.hand_side is None \
            else self._wall_faces(event.cell, event.hand_side)
        if event is not None and event.turns is not None:
            self.turns = event.turns
        if old is not None:
            self._paint_cell(old.cell)
        for i, side in old_hand - self.hand:
            self._paint_face(i, side)
        if event is not None:
            self._paint_cell(event.cell)
            for i, side in self.hand:
                self._paint_face(i, side)

    def _set_mark(self, cell: Cell, code: int) -> None:
        if self.marks[cell] in _STICKY and code not in _STICKY:
            return       # the entrance and exit stay visible, on the path too
        self.marks[cell] = code
        self._paint_cell(cell)

    def _carve(self, cell: Cell) -> None:
        if self.base[cell] == INDEX["unvisited"]:
            if self.row_sets and self.colouring is not None:
                i = cell[0] * self.maze.cols + cell[1]
                self.base[cell] = set_colour(0) + self.colouring.colour[i]
            else:
                self.base[cell] = INDEX["passage"]

    # --- events --------------------------------------------------------------------------

    def apply(self, event: ev.Event) -> None:
        """Update the picture from one event."""
        self.step += 1
        if self.considered is not None:
            if isinstance(event, (ev.WallConsidered, ev.GridCreated)) \
                    or not isinstance(event, _CONSIDERING):
                faces, self.considered = self.considered, None
                for i in {i for i, _ in faces}:     # the faces and the strips inside
                    self._paint_cell(divmod(i, self.maze.cols))
            elif isinstance(event, _DECIDED) and \
                    self._wall_faces(event.cell, event.side) == self.considered:
                self.considered_colour = _VERDICT[type(event)]
                for i, side in self.considered:
                    self._paint_face(i, side)
        _APPLY(self, event)

    def _on_grid(self, event: ev.GridCreated) -> None:
        self.step = 0
        self.status = self.maze_figures = self.solve_figures = ""
        self._setup(event)

    def _on_wall(self, event: ev.WallOpened | ev.WallClosed) -> None:
        self.maze.apply(event)
        self.built += isinstance(event, ev.WallClosed)
        if isinstance(event, ev.WallOpened):
            self._carve(event.cell)
            step = self.maze.surface.move(event.cell, event.side)
            if step is not None:
                self._carve(step.cell)
                self._paint_cell(step.cell)
        self._paint_cell(event.cell)

    def _on_block(self, event: ev.CellBlocked | ev.CellOpened) -> None:
        self.maze.apply(event)
        self._paint_cell(event.cell)

    def _on_endpoints(self, event: ev.EndpointsSet) -> None:
        self.maze.apply(event)
        self._set_mark(event.entrance, _MARK_CODE[Mark.START])
        self._set_mark(event.exit, _MARK_CODE[Mark.GOAL])
        self.status = ""           # the building's milestones are over

    def _on_path(self, event: ev.PathFound) -> None:
        for cell in event.cells:
            if self.marks[cell] not in _STICKY:
                self.marks[cell] = _MARK_CODE[Mark.PATH]
        for cell in event.cells:
            self._paint_cell(cell)
        moves = len(event.sides)
        self._tell(f"path: {moves} move{'s' * (moves != 1)}")   # as the figures count

    def _on_rejected(self, event: ev.WallRejected) -> None:
        if event.reason == ev.Rejection.WOULD_DISCONNECT:
            self.kept_open += 1

    def _on_marks_cleared(self, event: ev.MarksCleared) -> None:
        if event.mark in _WALKING:
            self._clear_trail()
            if event.mark == Mark.WALK:
                self.walk, self.walk_set = [], set()
        code = _MARK_CODE.get(event.mark, _NO_MARK)
        if code not in _STICKY:     # the entrance and exit stay visible
            flat = np.flatnonzero(self._marks == code)
            self._marks[flat] = _NO_MARK
            self._paint_cells(flat)
        if event.mark == Mark.DISTANCE:         # a new flood starts from nothing
            self.distance[:] = -1
            self.farthest = 0
            self._at_distance = {}

    def _on_marked(self, event: ev.CellMarked) -> None:
        if event.mark == Mark.DISTANCE:
            self._distance(event.cell, event.count)
        self._mark(event.cell, event.mark, event.count)

    def _on_marked_many(self, event: ev.CellsMarked) -> None:
        """Many cells take one mark: as a `CellMarked` each would, all painted at once."""
        if event.replacing:
            self._on_marks_cleared(ev.MarksCleared(event.mark))
        if event.mark in _ONE_AT_A_TIME or not event.cells:
            for cell in event.cells:
                self._on_marked(ev.CellMarked(cell, event.mark))
            return
        cols = self.maze.cols
        pairs = np.asarray(event.cells, dtype=np.int64).reshape(-1, 2)
        flat = pairs[:, 0] * cols + pairs[:, 1]
        cells = set(event.cells)
        if self.walker in cells:
            self.walker = None
        code = _MARK_CODE[event.mark] if event.mark in _MARK_CODE else _NO_MARK
        mark = event.mark
        if mark in (Mark.CLEAR, Mark.DONE):
            code = _NO_MARK
            if self.current in cells:
                self.current = None
            self._carve_many(flat)
        if code in _STICKY:
            self._marks[flat] = code
        else:
            keep = flat[~np.isin(self._marks[flat], _STICKY_CODES)]
            self._marks[keep] = code
        self._paint_cells(flat)

    def _carve_many(self, flat: np.ndarray) -> None:
        """`_carve` for each of the flat cells `flat`."""
        fresh = flat[self._base[flat] == INDEX["unvisited"]]
        if self.row_sets and self.colouring is not None:
            self._base[fresh] = set_colour(0) + self.colouring.colour[fresh]
        else:
            self._base[fresh] = INDEX["passage"]

    def _distance(self, cell: Cell, distance: int) -> None:
        """Record `cell`'s distance; when it is the farthest yet, the ramp stretches and the
        cells whose band changes are repainted (only those near the bands' boundaries)."""
        i = cell[0] * self.maze.cols + cell[1]
        self.distance[i] = distance
        self._at_distance.setdefault(distance, []).append(i)
        if distance <= self.farthest:
            return
        old, self.farthest = self.farthest, distance
        k = len(_RAMP)
        for band in range(1, k):
            # the first distance of `band` moves from ceil(band·(old+1)/k) on
            for d in range(-(-band * (old + 1) // k), -(-band * (distance + 1) // k)):
                for j in self._at_distance.get(d, ()):
                    if self._marks[j] == _DISTANCE_CODE and self.distance[j] == d:
                        self._paint_cell(divmod(j, self.maze.cols))

    def _on_considered(self, event: ev.WallConsidered) -> None:
        if self.wall:
            self.considered = self._wall_faces(event.cell, event.side)
            self.considered_colour = _CONSIDERED
            for i, side in self.considered:
                self._paint_face(i, side)

    def _on_chalk(self, event: ev.PassageMarked) -> None:
        for face in self._wall_faces(event.cell, event.side):
            self.chalk[face] = event.count
        for i, side in self._wall_faces(event.cell, event.side):
            self._paint_face(i, side)

    def _clear_trail(self) -> None:
        """The last stretch's trail and erased loop go back to their colours."""
        for i in self.trail:
            if self._marks[i] == _TRAIL_CODE:
                self._marks[i] = _NO_MARK
                self._paint_cell(divmod(i, self.maze.cols))
        for cell in self.flash:
            if self.marks[cell] == _ERASED_CODE:
                self._set_mark(cell, _NO_MARK)
        self.trail, self.flash = [], []

    def _on_walked(self, event: ev.Walked) -> None:
        """A stretch of random walk: the cells its trail passed through (replayed with the
        surface's step table from where the walker stood, that cell included) are drawn as
        a light trail until the next stretch; a kept walk loses its last `cut` cells, gains
        `grew`, then loses its last `loop` cells (the lost ones drawn as erased until the
        next stretch); the walker moves to `cell`."""
        self._clear_trail()
        cols = self.maze.cols
        began = self.walker
        if event.grew and not self.walk:     # a new kept walk starts on its first cell
            began = event.grew[0]
        if began is not None and event.trail:
            target = self.maze.surface.step_table[0]
            start = began[0] * cols + began[1]
            passed = trail_cells(target, cols, start, event.trail)
            for i in np.unique(np.append(passed, start)).tolist():
                if not self._marks[i] and not self._blocked[i]:
                    self._marks[i] = _TRAIL_CODE
                    self.trail.append(i)
                    self._paint_cell(divmod(i, cols))
        for _ in range(min(event.cut, len(self.walk))):
            cell = self.walk.pop()
            self.walk_set.discard(cell)
            self.flash.append(cell)
            self._set_mark(cell, _ERASED_CODE)
        for cell in event.grew:
            self.walk.append(cell)
            self.walk_set.add(cell)
            self._set_mark(cell, _WALK_CODE)
        for _ in range(min(event.loop, len(self.walk))):
            cell = self.walk.pop()
            self.walk_set.discard(cell)
            self.flash.append(cell)
            self._set_mark(cell, _ERASED_CODE)
        self.walk_length = event.count
        previous, self.walker = self.walker, event.cell
        if previous is not None and previous != event.cell \
                and self.marks[previous] == _WALKER_CODE:
            if previous in self.walk_set:
                self._set_mark(previous, _WALK_CODE)
            elif previous == began and event.trail:       # the stretch started there
                self.trail.append(previous[0] * cols + previous[1])
                self._set_mark(previous, _TRAIL_CODE)
            else:
                self._set_mark(previous, _NO_MARK)
        self._set_mark(event.cell, _WALKER_CODE)

    def _mark(self, cell: Cell, mark: Mark, count: int = 0) -> None:
        if mark == Mark.WALKER:
            previous, self.walker = self.walker, cell
            if previous is not None and previous != cell \
                    and self.marks[previous] == _WALKER_CODE:
                self._set_mark(previous, _NO_MARK)
            if count:
                self.walk_length = count
            self._set_mark(cell, _WALKER_CODE)
            return
        if cell == self.walker:
            self.walker = None
            self._clear_trail()
        if mark == Mark.CURRENT:
            previous, self.current = self.current, cell
            if previous is not None and previous != cell \
                    and self.marks[previous] == _MARK_CODE[Mark.CURRENT]:
                self._set_mark(previous, _MARK_CODE[Mark.STACK])
            self._carve(cell)
            self._set_mark(cell, _MARK_CODE[Mark.CURRENT])
        elif mark in (Mark.CLEAR, Mark.DONE):
            if cell == self.current:
                self.current = None
            self._carve(cell)
            self._set_mark(cell, _NO_MARK)
        else:
            self._set_mark(cell, _MARK_CODE[mark])

    def members(self, cell: Cell) -> list[Cell]:
        """The cells in the same Kruskal set as `cell` (just `cell` outside Kruskal)."""
        if self.colouring is None:
            return [cell]
        cols = self.maze.cols
        return [divmod(i, cols) for i in self.colouring.members(cell[0] * cols + cell[1])]

    def _merge(self, event: ev.SetsMerged) -> None:
        if self.colouring is None or self.sets is None:     # both set for Kruskal's sets
            return
        cols = self.maze.cols
        loser = event.b if event.root == event.a else event.a
        changed: Iterable[int] = self.colouring.merge(event.root[0] * cols + event.root[1],
                                       loser[0] * cols + loser[1])
        base, colour = self._base, self.colouring.colour
        unvisited = INDEX["unvisited"]
        for i in changed:
            if not (self.row_sets and base[i] == unvisited):   # a row not reached yet
                base[i] = set_colour(0) + colour[i]
        self.sets -= 1
        self.merge_cost += event.cost
        if self.sets == 1:
            # one set left: the maze is built, and its cells become plain passages, so that a
            # solver's marks never read as a set's colour
            self.base[:] = INDEX["passage"]
            changed = range(self.maze.rows * cols)
        for i in changed:
            self._paint_cell(divmod(i, cols))

    # --- for the frame composer ----------------------------------------------------------

    def take_dirty(self) -> tuple[int, int, int, int] | None:
        """The rectangle (y0, y1, x0, x1) changed since the last call, then forget it."""
        dirty, self.dirty = self.dirty, None
        if dirty is None:
            return None
        y0, y1, x0, x1 = dirty
        return y0, y1, x0, x1

    # --- the caption: what is happening now ---------------------------------------------

    def _tell(self, line: str) -> None:
        """A milestone reached now: the caption says it for `caption_hold` events."""
        self.status, self._status_step = line, self.step

    def _figures(self, event: ev.Statistics) -> None:
        """Figures computed: the maze's (once its building is drawn) or the solve's."""
        if event.scope == ev.Scope.SOLVE:
            self.solve_figures = event.summary
        else:
            self.maze_figures = event.summary
        if event.scope == ev.Scope.SOLVE or not self.figures_wait:
            self.status = ""          # the figures now say what the milestone said

    def caption(self) -> str:
        """The live caption: the step count (from `steps_from`: where the animation starts
        after a first picture drawn whole), the running totals, the milestone just reached
        in the animation (for `caption_hold` seconds at most, or until the next one), then
        the figures once computed: the solve's when it has ended, then the maze's — at once
        when nothing follows its building, after the solve when one does (`figures_wait`),
        so that no figure tells what the animation has not shown yet."""
        start = self.steps_from
        parts = [f"step {max(0, self.step - start)}"]
        if self.turns is not None:
            parts.append(f"turns {self.turns:+d}")
        if self.sets is not None:
            parts.append(f"sets {self.sets} · cost {self.merge_cost}")
        if self.walk_length:
            parts.append(f"walked {self.walk_length}")
        if self.built or self.kept_open:     # "kept open" only where walls start open
            parts.append(f"built {self.built}" + (f" · kept open {self.kept_open}"
                                                  if self.tests_walls else ""))
        said = max(0, self._status_step - start)  # a first picture's: from the start on
        hold, clock = self.caption_hold, self.caption_clock
        if self.status and (hold is None or clock is None
                            or clock(self.step - start) - clock(said) < hold):
            parts.append(self.status)
        if self.solve_figures:
            parts.append(self.solve_figures)
        if self.maze_figures and (self.solve_figures or not self.figures_wait):
            parts.append(self.maze_figures)
        return " · ".join(parts)


_APPLY = ev.Dispatch("the maze panel", {
    ev.GridCreated: MazePanel._on_grid,
    ev.WallOpened: MazePanel._on_wall,
    ev.WallClosed: MazePanel._on_wall,
    ev.CellBlocked: MazePanel._on_block,
    ev.CellOpened: MazePanel._on_block,
    ev.EndpointsSet: MazePanel._on_endpoints,
    ev.CellMarked: MazePanel._on_marked,
    ev.CellsMarked: MazePanel._on_marked_many,
    ev.SetsMerged: MazePanel._merge,
    ev.PathFound: MazePanel._on_path,
    ev.WallRejected: MazePanel._on_rejected,
    ev.NoPath: lambda panel, e: panel._tell(e.reason),
    ev.Statistics: MazePanel._figures,
    ev.MarksCleared: MazePanel._on_marks_cleared,
    ev.WallConsidered: MazePanel._on_considered,
    ev.Heading: MazePanel._set_heading,
    ev.PassageMarked: MazePanel._on_chalk,
    ev.Milestone: lambda panel, e: panel._tell(e.label),
    ev.Walked: MazePanel._on_walked,
}, ignored=(ev.Generation,))
