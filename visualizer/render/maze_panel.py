"""Draws a maze from its event stream, incrementally, in palette indices.

The panel keeps its own picture state (each cell's base colour and mark, the members of each
Kruskal set for colouring) — built from events only, never from an algorithm's internals.
Each event repaints the few cells it touches and grows the dirty rectangle.
"""
from __future__ import annotations

import copy

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
from .glue import draw_glue_marks, glue_margin
from .palette import INDEX, set_colour

_MARK_COLOUR = {
    Mark.CURRENT: INDEX["current"], Mark.STACK: INDEX["stack"], Mark.FRONTIER: INDEX["frontier"],
    Mark.VISITED: INDEX["visited"], Mark.DEAD_END: INDEX["dead_end"], Mark.PATH: INDEX["path"],
    Mark.START: INDEX["start"], Mark.GOAL: INDEX["goal"], Mark.TESTED: INDEX["tested"],
}
_NO_MARK = 0
_MARK_CODE = {name: i + 1 for i, name in enumerate(_MARK_COLOUR)}
_CODE_COLOUR = np.zeros(len(_MARK_CODE) + 1, dtype=np.uint8)
for _name, _code in _MARK_CODE.items():
    _CODE_COLOUR[_code] = _MARK_COLOUR[_name]
_STICKY = {_MARK_CODE[Mark.START], _MARK_CODE[Mark.GOAL]}
_WALL, _PASSAGE, _BLOCKED = INDEX["wall"], INDEX["passage"], INDEX["blocked"]
_CONSIDERED = INDEX["current"]
_PATH_CODE = _MARK_CODE[Mark.PATH]
_PATH_OR_END = _STICKY | {_PATH_CODE}


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
        self.status = ""
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
        self.wall = 0 if event.walls_open and event.fill == "passage" else self.wall_size
        pitch = self.cell_size + self.wall
        surface = self.maze.surface
        self.margin = glue_margin(surface, self.cell_size) if self.glue_marks else 0
        # a block maze on the plane has no walls to show its edge: give it a frame
        framed = not self.wall and not self.margin and surface.name == "plane"
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
        # Kruskal's sets as circular linked lists of flat cell indices: merging splices two
        # cycles in O(1); a set's members are walked only to repaint them.
        self.set_next: np.ndarray | None = None
        if event.fill == "sets":
            self.base = np.array([[set_colour(r * 3 + c) for c in range(cols)]
                                  for r in range(rows)], dtype=np.uint8).reshape(rows, cols)
            self.set_next = np.arange(rows * cols, dtype=np.int64)
        elif event.fill == "passage" or event.walls_open:
            self.base = np.full((rows, cols), INDEX["passage"], dtype=np.uint8)
        else:
            self.base = np.full((rows, cols), INDEX["unvisited"], dtype=np.uint8)
        self.sets = rows * cols if self.set_next is not None else None
        target, entered, _ = surface.step_table
        self._target, self._entered = target.tolist(), entered.tolist()
        self._glued = [[] for _ in range(rows * cols)]
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            if r in (0, rows - 1) or c in (0, cols - 1):
                self._glued[i] = [side for side in range(4) if target[i, side] >= 0
                                  and surface.is_border((r, c), Side(side))]
        self._link_views()
        self.merge_cost = 0
        self.built = self.kept_open = 0
        self.considered: set[tuple[int, int]] | None = None   # faces of the wall tried
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
        other.set_next = None if self.set_next is None else self.set_next.copy()
        other.dirty = None if self.dirty is None else list(self.dirty)
        other._link_views()
        return other

    def fill(self, cell: Cell) -> int:
        """The palette index the inside of `cell` is painted with now."""
        return self._fill(cell[0] * self.maze.cols + cell[1])

    def _fill(self, i: int) -> int:
        if self._blocked[i]:
            return _BLOCKED
        code = self._marks[i]
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
            return _CONSIDERED
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

    def _wall_faces(self, cell: Cell, side: Side) -> set[tuple[int, int]]:
        """Both faces (flat cell index, side) of the wall on `side` of `cell`."""
        i = cell[0] * self.maze.cols + cell[1]
        j = self._target[i][side]
        return {(i, int(side))} | ({(j, self._entered[i][side])} if j >= 0 else set())

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

    def _set_mark(self, cell: Cell, code: int) -> None:
        if self.marks[cell] in _STICKY and code not in _STICKY:
            return       # the entrance and exit stay visible, on the path too
        self.marks[cell] = code
        self._paint_cell(cell)

    def _carve(self, cell: Cell) -> None:
        if self.base[cell] == INDEX["unvisited"]:
            self.base[cell] = INDEX["passage"]

    # --- events --------------------------------------------------------------------------

    def apply(self, event: ev.Event) -> None:
        """Update the picture from one event."""
        self.step += 1
        if self.considered is not None and not isinstance(event, ev.CellMarked):
            faces, self.considered = self.considered, None
            for i, side in faces:
                self._paint_face(i, side)
        if isinstance(event, ev.GridCreated):
            self.step = 0
            self._setup(event)
        elif isinstance(event, (ev.WallOpened, ev.WallClosed)):
            self.maze.apply(event)
            self.built += isinstance(event, ev.WallClosed)
            if isinstance(event, ev.WallOpened):
                self._carve(event.cell)
                step = self.maze.surface.move(event.cell, event.side)
                if step is not None:
                    self._carve(step.cell)
                    self._paint_cell(step.cell)
            self._paint_cell(event.cell)
        elif isinstance(event, (ev.CellBlocked, ev.CellOpened)):
            self.maze.apply(event)
            self._paint_cell(event.cell)
        elif isinstance(event, ev.EndpointsSet):
            self.maze.apply(event)
            self._set_mark(event.entrance, _MARK_CODE[Mark.START])
            self._set_mark(event.exit, _MARK_CODE[Mark.GOAL])
        elif isinstance(event, ev.CellMarked):
            self._mark(event.cell, event.mark)
        elif isinstance(event, ev.SetsMerged):
            self._merge(event)
        elif isinstance(event, ev.PathFound):
            for cell in event.cells:
                if self.marks[cell] not in _STICKY:
                    self.marks[cell] = _MARK_CODE[Mark.PATH]
            for cell in event.cells:
                self._paint_cell(cell)
            self.status = f"path: {len(event.cells)} cells"
        elif isinstance(event, ev.WallRejected) and event.reason == "would disconnect":
            self.kept_open += 1
        elif isinstance(event, ev.NoPath):
            self.status = event.reason
        elif isinstance(event, ev.Statistics):
            self.status = event.summary
        elif isinstance(event, ev.MarksCleared):
            code = _MARK_CODE.get(event.mark, _NO_MARK)
            for r, c in zip(*np.nonzero(self.marks == code)):
                self._set_mark((int(r), int(c)), _NO_MARK)
        elif isinstance(event, ev.WallConsidered) and self.wall:
            self.considered = self._wall_faces(event.cell, event.side)
            for i, side in self.considered:
                self._paint_face(i, side)
        elif isinstance(event, ev.Milestone):
            self.status = event.label

    def _mark(self, cell: Cell, mark: str) -> None:
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
        if self.set_next is None:
            return [cell]
        cols = self.maze.cols
        start = cell[0] * cols + cell[1]
        out, i = [], start
        while True:
            out.append(divmod(i, cols))
            i = int(self.set_next[i])
            if i == start:
                return out

    def _merge(self, event: ev.SetsMerged) -> None:
        if self.set_next is None:
            return
        loser = event.b if event.root == event.a else event.a
        moved = self.members(loser)
        cols = self.maze.cols
        a, b = event.root[0] * cols + event.root[1], loser[0] * cols + loser[1]
        nxt = self.set_next
        nxt[a], nxt[b] = nxt[b], nxt[a]
        colour = self.base[event.root]
        for cell in moved:
            self.base[cell] = colour
        for cell in moved:
            self._paint_cell(cell)
        self.sets -= 1
        self.merge_cost += event.cost

    # --- for the frame composer ----------------------------------------------------------

    def take_dirty(self) -> tuple[int, int, int, int] | None:
        """The rectangle (y0, y1, x0, x1) changed since the last call, then forget it."""
        dirty, self.dirty = self.dirty, None
        return tuple(dirty) if dirty is not None else None

    def caption(self) -> str:
        """The live caption: step count and the key figure of the moment."""
        parts = [f"step {self.step}"]
        if self.sets is not None:
            parts.append(f"sets {self.sets} · cost {self.merge_cost}")
        if self.built or self.kept_open:
            parts.append(f"built {self.built} · kept open {self.kept_open}")
        if self.status:
            parts.append(self.status)
        return " · ".join(parts)
