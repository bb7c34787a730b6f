"""Draws a maze from its event stream, incrementally, in palette indices.

The panel keeps its own picture state (each cell's base colour and mark, and the overlays
of particular algorithms: `maze_overlays.py`) — built from events only, never from an
algorithm's internals. Each event changes that state and has the painter (`maze_paint.py`)
repaint the few cells it touches, growing the dirty rectangle. Where the pixels are is the
panel's `MazeGeometry`; what the caption says, its `MazeCaption`, given when it is made.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..grids import Grid
from ..maze import Maze
from ..surfaces import Surface
from . import maze_overlays as overlays
from .grid_geometry import GridGeometry
from .grid_paint import GridPainter
from .maze_caption import MazeCaption
from .legend import colours_in
from .maze_geometry import MazeGeometry, Rect
from .maze_certain import certain
from .maze_paint import (MARK_CODE, NO_MARK, STICKY, STICKY_CODES, MazePainter, ramp_band,
                         sources)
from .palette import INDEX
from .set_colours import SetColouring

_PATH_CODE, _CURRENT_CODE = MARK_CODE[Mark.PATH], MARK_CODE[Mark.CURRENT]
#: clearing these marks ends a walk: its trail and erased loop go too
_WALKING = frozenset({Mark.WALK, Mark.WALKER})
#: marks that name one cell at a time (the one the algorithm stands on, a distance with its
#: count): a `CellsMarked` with one of them is drawn cell by cell, as `CellMarked`s
_ONE_AT_A_TIME = (Mark.WALKER, Mark.CURRENT, Mark.DISTANCE)
#: marks that give a cell back its base colour (carved, if it was not yet)
_UNMARKING = (Mark.CLEAR, Mark.DONE)


@lru_cache(maxsize=16)
def _moves(surface: Surface) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """The moves of `surface` by flat cell, as lists: the cell across each side (-1: none),
    the side entered there, and the sides on the border that a gluing joins to another cell
    (their faces are drawn twice: on this cell and across the gluing). Never changed:
    shared by every panel on the surface."""
    target, entered, _ = surface.step_table
    rows, cols = surface.rows, surface.cols
    glued: list[list[int]] = [[] for _ in range(rows * cols)]
    border = sorted({r * cols + c for r in (0, rows - 1) for c in range(cols)}
                    | {r * cols + c for c in (0, cols - 1) for r in range(rows)})
    for i in border:
        cell = divmod(i, cols)
        glued[i] = [side for side in range(4) if target[i, side] >= 0
                    and surface.is_border(cell, Side(side))]
    return target.tolist(), entered.tolist(), glued


@lru_cache(maxsize=16)
def _grid_moves(grid: Grid) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """`_moves` of a grid other than the plain square: no face is drawn twice there (each
    cell paints its half of a wall, and the halves across), so none is listed as glued."""
    target, entered, _ = grid.step_table
    return target.tolist(), entered.tolist(), [[] for _ in range(len(target))]


class MazePanel:
    """The picture of one maze: `raster` (uint8 palette indices) and a dirty rectangle.

    `cell_size` is the inside of a cell in pixels, `wall` the thickness of a wall (block
    mazes are drawn without thin walls). On a glued surface the maze sits in a `margin`
    that shows the identifications of its edges (`glue_marks=False` leaves it out).
    `caption` says what is happening (paced by the plan; nothing expires without one).
    A `quiet` panel keeps the state without drawing it, but while its painter is `on`
    (`render/look.py`)."""

    geometry: MazeGeometry | GridGeometry
    paint: MazePainter
    #: paint what an event changes when the picture is read (off: at once, as it changes)
    defer = True

    def __init__(self, rows: int, cols: int, *, cell_size: int = 10, wall: int = 2,
                 surface: str = "plane", glue_marks: bool = True,
                 first: ev.GridCreated | None = None, caption: MazeCaption | None = None,
                 quiet: bool = False, grid: Grid | None = None) -> None:
        self.cell_size, self.wall_size = cell_size, wall
        self.glue_marks, self.quiet = glue_marks, quiet
        if grid is not None and grid.plain:
            grid = None
        self.maze = Maze(rows, cols, surface) if grid is None else \
            Maze(rows, grid.cols, surface, grid=grid)
        self.live_caption = caption if caption is not None else MazeCaption()
        first = first or ev.GridCreated(rows, self.maze.cols, self.maze.surface, grid=grid)
        self.live_caption.start(first)
        self._setup(first)

    # --- geometry ------------------------------------------------------------------------

    @property
    def raster(self) -> np.ndarray:
        """The picture (what was noted to paint painted first)."""
        self.paint.flush()
        return self.paint.raster

    @property
    def height(self) -> int:
        return self.geometry.height

    @property
    def width(self) -> int:
        return self.geometry.width

    @property
    def wall(self) -> int:
        """The thickness of the walls drawn (0 for a block maze)."""
        return self.geometry.wall

    @property
    def margin(self) -> int:
        return self.geometry.margin

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """The top-left pixel of the inside of `cell`."""
        return self.geometry.cell_origin(cell)

    def cell_at(self, y: float, x: float) -> Cell | None:
        """The cell under pixel (y, x), or None outside the maze."""
        return self.geometry.cell_at(y, x)

    def _face_rect(self, cell: Cell, side: Side) -> Rect:
        return self.geometry.face_rect(cell, side)

    # --- the caption -----------------------------------------------------------------------

    @property
    def step(self) -> int:
        return self.live_caption.step

    @property
    def status(self) -> str:
        """The last milestone reached (path found, no path …)."""
        return self.live_caption.status

    def caption(self) -> str:
        """The live caption (see `MazeCaption.text`)."""
        return self.live_caption.text()

    # --- state ---------------------------------------------------------------------------

    def _setup(self, event: ev.GridCreated) -> None:
        """A fresh picture for the grid `event` creates: its maze, marks and overlays, its
        geometry (block mazes have no thin walls), painted whole."""
        rows, cols = event.rows, event.cols
        if event.grid is None:
            self.maze = Maze(rows, cols, event.surface, walls_open=event.walls_open)
            blocks = bool(event.walls_open and event.fill == ev.Fill.PASSAGE)
            self.geometry = MazeGeometry.of(rows, cols, cell_size=self.cell_size,
                                            wall=self.wall_size, surface=self.maze.surface,
                                            glue_marks=self.glue_marks, blocks=blocks)
            self._target, self._entered, self._glued = _moves(self.maze.surface)
        else:
            self.maze = Maze(rows, cols, event.surface, walls_open=event.walls_open,
                             grid=event.grid)
            self.geometry = GridGeometry.of(event.grid, cell_size=self.cell_size,
                                            wall=self.wall_size, glue_marks=self.glue_marks)
            self._target, self._entered, self._glued = _grid_moves(event.grid)
        self.marks = np.zeros((rows, cols), dtype=np.uint8)
        self._target_np = self.maze.grid.step_table[0]
        self.base = self._base_colours(event, self._target_np)
        self.sets = rows * cols if self.colouring is not None else None
        self._link_views()
        self._reset_overlays()
        painter = self._painter(quiet=self.quiet)
        if self.quiet and hasattr(self, "paint"):
            painter.on = self.paint.on
        self.paint = painter
        painter.picture()

    def _painter(self, quiet: bool = False) -> MazePainter:
        """A painter for this panel's geometry: the square's, or a grid's (`GridPainter`)."""
        if isinstance(self.geometry, GridGeometry):
            return GridPainter(self, self.geometry, quiet=quiet)
        return MazePainter(self, self.geometry, quiet=quiet)

    def _base_colours(self, event: ev.GridCreated, target: np.ndarray) -> np.ndarray:
        """Each cell's colour before any mark: its set's (union-find), a passage (block
        mazes, walls that start open) or unvisited."""
        self.colouring: SetColouring | None = None
        self.row_sets = False
        shape = (event.rows, event.cols)
        if event.fill == ev.Fill.SETS or event.fill == ev.Fill.ROWS:
            return overlays.colour_sets(self, event, target)
        if event.fill == ev.Fill.PASSAGE or event.walls_open:
            return np.full(shape, INDEX["passage"], dtype=np.uint8)
        return np.full(shape, INDEX["unvisited"], dtype=np.uint8)

    def _reset_overlays(self) -> None:
        """No algorithm's marks yet: no current cell, walker, walk, considered wall, wall
        follower, chalk or distances."""
        rows, cols = self.maze.rows, self.maze.cols
        self.current: Cell | None = None
        self.walker: Cell | None = None    # a `Mark.WALKER` cell: moves on without a trail
        # `Walked`: the walk a walker keeps (Wilson's loop-erased walk), the cells of the
        # last stretch's trail and of the loop it erased (both go with the next stretch)
        self.walk: list[Cell] = []
        self.walk_set: set[Cell] = set()
        self.trail: list[int] = []
        self.flash: list[Cell] = []
        self.considered: set[tuple[int, int]] | None = None   # faces of the wall tried
        self.considered_colour = INDEX["considered"]           # ... and its verdict
        self.heading: ev.Heading | None = None                 # the wall follower ...
        self.hand: set[tuple[int, int]] = set()                # ... and its hand's wall
        self.chalk: dict[tuple[int, int], int] = {}            # Trémaux: face -> marks
        # the distance map: each cell's distance (-1: none), the farthest one so far (the
        # ramp's scale), the flat cells by distance (to repaint when the scale grows)
        self.distance = np.full(rows * cols, -1, dtype=np.int64)
        self.farthest = 0
        self._at_distance: dict[int, list[int]] = {}

    def _link_views(self) -> None:
        """Flat views of the state arrays, for painting by flat cell index."""
        self._faces = self.maze.faces.reshape(-1, self.maze.degree)
        self._blocked = self.maze.blocked.reshape(-1)
        self._marks = self.marks.reshape(-1)
        self._base = self.base.reshape(-1)

    def snapshot(self) -> "MazePanel":
        """An independent copy of the picture and its state (the window's checkpoints);
        the move tables, which never change, are shared."""
        other = copy.copy(self)
        other.maze = self.maze.copy()
        other.marks = self.marks.copy()
        other.base = self.base.copy()
        other.colouring = None if self.colouring is None else self.colouring.copy()
        other.chalk = dict(self.chalk)
        other.hand = set(self.hand)
        other.considered = None if self.considered is None else set(self.considered)
        other.distance = self.distance.copy()
        other.walk, other.walk_set = list(self.walk), set(self.walk_set)
        other.trail, other.flash = list(self.trail), list(self.flash)
        other._at_distance = {d: list(cells) for d, cells in self._at_distance.items()}
        other.live_caption = self.live_caption.copy()
        other._link_views()
        other.paint = self.paint.copy(other)
        return other

    def fill(self, cell: Cell) -> int:
        """The palette index the inside of `cell` is painted with now."""
        return self.paint.fill(cell[0] * self.maze.cols + cell[1])

    def members(self, cell: Cell) -> list[Cell]:
        """The cells in the same Kruskal set as `cell` (just `cell` outside Kruskal)."""
        return overlays.members(self, cell)

    def wall_faces(self, cell: Cell, side: Side | int) -> set[tuple[int, int]]:
        """Both faces (flat cell index, side) of the wall on `side` of `cell`."""
        i = cell[0] * self.maze.cols + cell[1]
        j = self._target[i][side]
        return {(i, int(side))} | ({(j, self._entered[i][side])} if j >= 0 else set())

    def set_mark(self, cell: Cell, code: int) -> None:
        """`cell` takes the mark `code` (the entrance and exit keep theirs) and is
        repainted."""
        if self.marks[cell] in STICKY and code not in STICKY:
            return       # the entrance and exit stay visible, on the path too
        self.marks[cell] = code
        self.paint.cell(cell)

    def _carve(self, cell: Cell) -> None:
        if self.base[cell] == INDEX["unvisited"]:
            self.base[cell] = overlays.carved_colour(self, cell[0] * self.maze.cols + cell[1])

    # --- events --------------------------------------------------------------------------

    def apply(self, event: ev.Event) -> None:
        """Update the picture (and the caption) from one event."""
        self.live_caption.apply(event)
        overlays.before(self, event)
        _APPLY(self, event)

    def _on_grid(self, event: ev.GridCreated) -> None:
        self._setup(event)

    def _on_wall(self, event: ev.WallOpened | ev.WallClosed) -> None:
        """Both faces of the wall opened or closed (as `Maze.apply`, by the move tables);
        an opened wall carves the cells on either side."""
        cell, side = event.cell, event.side
        i = cell[0] * self.maze.cols + cell[1]
        j = self._target[i][side]
        opened = type(event) is ev.WallOpened
        self._faces[i, side] = opened
        if j >= 0:
            self._faces[j, self._entered[i][side]] = opened
        if opened:
            self._carve(cell)
            if j >= 0:
                there = divmod(j, self.maze.cols)
                self._carve(there)
                self.paint.cell(there)
        self.paint.cell(cell)

    def _on_tunnel(self, event: ev.TunnelDug) -> None:
        """A weave's tunnel under a cell: its walls on the tunnel's axis open, and the cells
        at both ends of the tunnel are carved (the crossed cell is drawn as a bridge)."""
        self.maze.apply(event)
        ends = self.maze.tunnel_ends(event.cell)
        for cell in (event.cell, *(ends or ())):
            self._carve(cell)
            self.paint.cell(cell)

    def _on_block(self, event: ev.CellBlocked | ev.CellOpened) -> None:
        self.maze.apply(event)
        self.paint.cell(event.cell)

    def _on_endpoints(self, event: ev.EndpointsSet) -> None:
        self.maze.apply(event)
        self.set_mark(event.entrance, MARK_CODE[Mark.START])
        self.set_mark(event.exit, MARK_CODE[Mark.GOAL])

    def _on_path(self, event: ev.PathFound) -> None:
        for cell in event.cells:
            if self.marks[cell] not in STICKY:
                self.marks[cell] = _PATH_CODE
        for cell in event.cells:
            self.paint.cell(cell)

    def _on_marks_cleared(self, event: ev.MarksCleared) -> None:
        if event.mark in _WALKING:
            overlays.clear_trail(self)
            if event.mark == Mark.WALK:
                self.walk, self.walk_set = [], set()
        code = MARK_CODE.get(event.mark, NO_MARK)
        if code not in STICKY:     # the entrance and exit stay visible
            flat = np.flatnonzero(self._marks == code)
            self._marks[flat] = NO_MARK
            self.paint.cells(flat)
        if event.mark == Mark.DISTANCE:         # a new flood starts from nothing
            overlays.forget_distances(self)

    def _on_marked(self, event: ev.CellMarked) -> None:
        if event.mark == Mark.DISTANCE:
            overlays.record_distance(self, event.cell, event.count)
        self._mark(event.cell, event.mark)

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
        code = MARK_CODE[event.mark] if event.mark in MARK_CODE else NO_MARK
        if event.mark in _UNMARKING:
            code = NO_MARK
            if self.current in cells:
                self.current = None
            overlays.carve_many(self, flat)
        if code in STICKY:
            self._marks[flat] = code
        else:
            keep = flat[~np.isin(self._marks[flat], STICKY_CODES)]
            self._marks[keep] = code
        self.paint.cells(flat)

    def _mark(self, cell: Cell, mark: Mark) -> None:
        if mark == Mark.WALKER:
            overlays.move_walker(self, cell)
            return
        if cell == self.walker:
            self.walker = None
            overlays.clear_trail(self)
        if mark == Mark.CURRENT:
            previous, self.current = self.current, cell
            if previous is not None and previous != cell \
                    and self.marks[previous] == _CURRENT_CODE:
                self.set_mark(previous, MARK_CODE[Mark.STACK])
            self._carve(cell)
            self.set_mark(cell, _CURRENT_CODE)
        elif mark in _UNMARKING:
            if cell == self.current:
                self.current = None
            self._carve(cell)
            self.set_mark(cell, NO_MARK)
        else:
            self.set_mark(cell, MARK_CODE[mark])

    # --- a quiet panel: what it shows, without drawing it (render/look.py) -------------

    @property
    def listening(self) -> bool:
        """Whether a quiet panel notes what it shows (its painter is on)."""
        return self.paint.on

    @listening.setter
    def listening(self, on: bool) -> None:
        self.paint.on = on

    def candidates(self, events: Iterable[ev.Event]) -> dict[int, int]:
        """Every colour the panel can paint drawing `events`, with the index of the first
        event that can show it (`maze_paint.sources`)."""
        return sources(events)

    def certain(self, events: Sequence[ev.Event], since: int = 0) -> dict[int, int]:
        """Colours the panel surely paints drawing `events`, with the index of the first
        event from `since` on that paints each whatever the state (`maze_certain`)."""
        return certain(events, since)

    def drawn(self) -> MazePanel:
        """A copy of the panel that draws, its state painted whole into a fresh raster."""
        other = self.snapshot()
        other.quiet = False
        other.paint = other._painter()
        other.paint.picture()
        return other

    def drawn_colours(self) -> set[int]:
        """The palette indices of the whole picture as it stands (drawn once, apart)."""
        return colours_in(self.drawn().raster)

    def take_colours(self) -> set[int]:
        """A quiet panel's colours painted by the events since the last call."""
        return self.paint.take_colours()

    # --- for the frame composer ----------------------------------------------------------

    def take_dirty(self) -> Rect | None:
        """The rectangle (y0, y1, x0, x1) changed since the last call, then forget it."""
        return self.paint.take_dirty()


_APPLY = ev.Dispatch("the maze panel", {
    ev.GridCreated: MazePanel._on_grid,
    ev.WallOpened: MazePanel._on_wall,
    ev.WallClosed: MazePanel._on_wall,
    ev.TunnelDug: MazePanel._on_tunnel,
    ev.CellBlocked: MazePanel._on_block,
    ev.CellOpened: MazePanel._on_block,
    ev.EndpointsSet: MazePanel._on_endpoints,
    ev.CellMarked: MazePanel._on_marked,
    ev.CellsMarked: MazePanel._on_marked_many,
    ev.SetsMerged: overlays.merge,
    ev.PathFound: MazePanel._on_path,
    ev.MarksCleared: MazePanel._on_marks_cleared,
    ev.WallConsidered: overlays.on_considered,
    ev.Heading: overlays.set_heading,
    ev.PassageMarked: overlays.on_chalk,
    ev.Walked: overlays.on_walked,
}, ignored=(ev.Generation, ev.WallRejected, ev.NoPath, ev.Statistics, ev.Milestone))


__all__ = ["MazePanel", "ramp_band"]
