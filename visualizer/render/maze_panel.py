"""Draws a maze from its event stream, incrementally, in palette indices.

The panel keeps its own picture state (each cell's base colour and mark, the members of each
Kruskal set for colouring) — built from events only, never from an algorithm's internals.
Each event repaints the few cells it touches and grows the dirty rectangle.
"""
from __future__ import annotations

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
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


class MazePanel:
    """The picture of one maze: `raster` (uint8 palette indices) and a dirty rectangle.

    `cell_size` is the inside of a cell in pixels, `wall` the thickness of a wall (block
    mazes are drawn without thin walls).
    """

    def __init__(self, rows: int, cols: int, *, cell_size: int = 10, wall: int = 2) -> None:
        self.cell_size, self.wall_size = cell_size, wall
        self.maze = Maze(rows, cols)
        self.step = 0
        self.status = ""
        self._setup(ev.GridCreated(rows, cols, self.maze.surface))

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
        return self.wall + cell[0] * pitch, self.wall + cell[1] * pitch

    def cell_at(self, y: float, x: float) -> Cell | None:
        """The cell under pixel (y, x), or None outside the maze."""
        pitch = self.cell_size + self.wall
        r, c = int((y - self.wall) // pitch), int((x - self.wall) // pitch)
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
        self.raster = np.full((rows * pitch + self.wall, cols * pitch + self.wall),
                              INDEX["wall"], dtype=np.uint8)
        self.marks = np.zeros((rows, cols), dtype=np.uint8)
        self.current: Cell | None = None
        self.members: dict[Cell, list[Cell]] | None = None
        if event.fill == "sets":
            self.base = np.array([[set_colour(r * 3 + c) for c in range(cols)]
                                  for r in range(rows)], dtype=np.uint8).reshape(rows, cols)
            self.members = {(r, c): [(r, c)] for r in range(rows) for c in range(cols)}
        elif event.fill == "passage" or event.walls_open:
            self.base = np.full((rows, cols), INDEX["passage"], dtype=np.uint8)
        else:
            self.base = np.full((rows, cols), INDEX["unvisited"], dtype=np.uint8)
        self.sets = rows * cols if self.members is not None else None
        self.merge_cost = 0
        self.built = self.kept_open = 0
        self.considered: tuple[Cell, Side] | None = None
        self.dirty: list[int] | None = None
        for r in range(rows):
            for c in range(cols):
                self._paint_cell((r, c))
        self._touch(0, self.raster.shape[0], 0, self.raster.shape[1])

    def fill(self, cell: Cell) -> int:
        """The palette index the inside of `cell` is painted with now."""
        if self.maze.blocked[cell]:
            return INDEX["blocked"]
        code = self.marks[cell]
        return int(_CODE_COLOUR[code]) if code else int(self.base[cell])

    def _touch(self, y0: int, y1: int, x0: int, x1: int) -> None:
        if self.dirty is None:
            self.dirty = [y0, y1, x0, x1]
        else:
            d = self.dirty
            d[0], d[1], d[2], d[3] = min(d[0], y0), max(d[1], y1), min(d[2], x0), max(d[3], x1)

    def _paint_rect(self, rect: tuple[int, int, int, int], colour: int) -> None:
        y0, y1, x0, x1 = rect
        if y1 > y0 and x1 > x0:
            self.raster[y0:y1, x0:x1] = colour
            self._touch(y0, y1, x0, x1)

    def _paint_face(self, cell: Cell, side: Side) -> None:
        if not self.wall:
            return
        if self.considered is not None and self._is_considered(cell, side):
            colour = INDEX["current"]
        elif not self.maze.faces[cell[0], cell[1], side]:
            colour = INDEX["wall"]
        else:
            step = self.maze.surface.move(cell, side)
            mine = self.fill(cell)
            if step is None:
                colour = mine
            else:
                theirs = self.fill(step.cell)
                colour = mine if mine == theirs else INDEX["passage"]
                if self.maze.blocked[cell] or self.maze.blocked[step.cell]:
                    colour = INDEX["blocked"]
        self._paint_rect(self._face_rect(cell, side), colour)

    def _is_considered(self, cell: Cell, side: Side) -> bool:
        wall_key = self.maze.surface.wall_key
        return wall_key(cell, side) == wall_key(*self.considered)

    def _paint_wall(self, cell: Cell, side: Side) -> None:
        """Both faces of the wall on `side` of `cell`."""
        self._paint_face(cell, side)
        step = self.maze.surface.move(cell, side)
        if step is not None:
            self._paint_face(step.cell, step.side)

    def _paint_cell(self, cell: Cell) -> None:
        y, x = self.cell_origin(cell)
        self._paint_rect((y, y + self.cell_size, x, x + self.cell_size), self.fill(cell))
        for side in Side:
            self._paint_face(cell, side)
            step = self.maze.surface.move(cell, side)
            if step is not None and self.maze.surface.is_border(cell, side):
                self._paint_face(step.cell, step.side)

    def _set_mark(self, cell: Cell, code: int) -> None:
        if self.marks[cell] in _STICKY and code not in _STICKY and code != _MARK_CODE[Mark.PATH]:
            return
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
            considered, self.considered = self.considered, None
            self._paint_wall(*considered)
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
            self.considered = (event.cell, event.side)
            self._paint_wall(event.cell, event.side)
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

    def _merge(self, event: ev.SetsMerged) -> None:
        if self.members is None:
            return
        loser = event.b if event.root == event.a else event.a
        moved = self.members.pop(loser)
        self.members[event.root].extend(moved)
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
