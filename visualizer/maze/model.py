"""The maze model: `rows x cols` cells on a surface, walls named by (cell, side).

The cells are those of a grid (`visualizer.grids`): square by default, else hex, triangle or
polar, less a mask's cells; a side is an index into the grid's side enum, and `faces` has
one entry per slot and side (`rows x cols x degree`). A square grid without a mask is the
maze as it always was: its faces are `rows x cols x 4` and its moves the surface's.

A wall has two faces, one in each cell it separates (on a glued edge the faces lie on two
different borders of the square); the model keeps both faces in step. A border face of the
plane has no partner: opening it makes an entrance or an exit. Block mazes are
mazes whose walls are all open and whose cells may be blocked.

Formats: the `grille[i][j] = [top, right, bottom, left]` lists (True = open) and the
block grid of `(2·rows+1) x (2·cols+1)` booleans (True = passable).
"""
from __future__ import annotations

from collections import deque
from typing import Iterable, Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Side
from ..grids import Grid, GridKind, make_grid
from ..surfaces import Step, Surface, Walls, make_surface
from .union_find import component_labels


class MazeFormatError(ValueError):
    """A grid that does not describe a maze (ragged, inconsistent faces, wrong shape)."""


class Maze:
    """Walls and cells of a maze on `surface`; `apply(event)` updates it from an event."""

    def __init__(self, rows: int, cols: int, surface: Surface | str = "plane", *,
                 walls_open: bool = False, grid: Grid | GridKind | str = GridKind.SQUARE,
                 mask: list[str] | tuple[str, ...] | None = None, weave: bool = False) -> None:
        name = surface if isinstance(surface, str) else surface.name
        if not isinstance(grid, Grid):
            grid = make_grid(grid, rows, cols, name, mask)
        if (grid.rows, grid.surface) != (rows, name) or (grid.plain and grid.cols != cols):
            raise ValueError(f"grid is {grid.rows}x{grid.cols} on {grid.surface}, maze is "
                             f"{rows}x{cols} on {name}")
        cols = grid.cols
        if isinstance(surface, str):
            surface = make_surface(surface, rows, cols)
        if (surface.rows, surface.cols) != (rows, cols):
            raise ValueError(f"surface is {surface.rows}x{surface.cols}, maze is {rows}x{cols}")
        self.surface, self.grid = surface, grid
        self.rows, self.cols = rows, cols
        self.faces = np.zeros((rows, cols, grid.degree), dtype=bool)   # True = open
        self.blocked = np.zeros((rows, cols), dtype=bool)
        self.entrance: Cell | None = None
        self.exit: Cell | None = None
        self.entrance_side: Side | None = None
        self.exit_side: Side | None = None
        #: a weave maze lets its generator dig tunnels under straight corridors (the square
        #: grid only); `crossings` names each crossed cell and the axis of its tunnel
        self.weave = weave and grid.plain
        self.crossings: dict[Cell, ev.Axis] = {}
        if walls_open:
            target = grid.step_table[0].reshape(rows, cols, grid.degree)
            self.faces[:] = target >= 0

    # --- queries -----------------------------------------------------------------------

    @property
    def cells(self) -> int:
        """The number of slots, `rows * cols`: the range of a flat cell index (every one a
        cell on a square grid without a mask; see `cell_count`)."""
        return self.rows * self.cols

    @property
    def cell_count(self) -> int:
        """The number of cells (slots the grid has a cell in)."""
        return self.cells if self.grid.plain else self.grid.cell_count

    @property
    def degree(self) -> int:
        """The number of side indices of the grid (4 on the square grid)."""
        return self.grid.degree

    def move(self, cell: Cell, side: int) -> Step | None:
        """The step out of `cell` through `side`, or None where no cell lies across."""
        if self.grid.plain:
            return self.surface.move(cell, Side(side))
        target, entered, flipped = self.grid.step_table
        i = cell[0] * self.cols + cell[1]
        j = int(target[i, side])
        if j < 0:
            return None
        return Step(divmod(j, self.cols), self.grid.side(int(entered[i, side])),
                    bool(flipped[i, side]))

    @property
    def is_block_maze(self) -> bool:
        """True when the maze is made of open and blocked cells rather than thin walls."""
        return bool(self.blocked.any())

    def is_open(self, cell: Cell, side: Side) -> bool:
        return bool(self.faces[cell[0], cell[1], side])

    def wall_key(self, cell: Cell, side: int) -> tuple[int, int, int]:
        """The canonical name of the wall on `side` of `cell`: the smaller of its two faces
        `(row, col, side)` (a border wall has one face only). On a weave, a move into a
        tunnel's mouth names the tunnel: the smaller key of its two walls."""
        if self.crossings:
            step = self.move(cell, side)
            axis = None if step is None else self.crossings.get(step.cell)
            if step is not None and axis is not None and step.side in axis.sides:
                return min(self.surface.wall_key(cell, Side(side)),
                           self.surface.wall_key(step.cell, Side(step.side).opposite))
        if self.grid.plain:
            return self.surface.wall_key(cell, Side(side))
        face = (cell[0], cell[1], int(side))
        step = self.move(cell, side)
        return face if step is None else min(face, (*step.cell, int(step.side)))

    def passable(self, cell: Cell) -> bool:
        return self.grid.contains(cell) and not self.blocked[cell]

    def passages(self, cell: Cell) -> Iterator[tuple[Side, Step]]:
        """The moves out of `cell` through open walls into passable cells (on a weave, a
        move into a tunnel's mouth lands beyond the crossed cell it goes under)."""
        r, c = cell
        opened = self.faces[r, c].tolist()
        if self.crossings:
            yield from self._woven_passages(cell, opened)
            return
        for side in self.grid.all_sides:
            if opened[side]:
                step = self.move(cell, side)
                if step is not None and not self.blocked[step.cell]:
                    yield side, step

    def _woven_passages(self, cell: Cell, opened: list[bool]
                        ) -> Iterator[tuple[Side, Step]]:
        """`passages` on a weave: a crossed cell's tunnel mouths are not its own ways out,
        and a step into a tunnel's mouth goes on straight to the cell beyond."""
        crossings = self.crossings
        own = crossings.get(cell)
        for side in self.grid.all_sides:
            if not opened[side] or (own is not None and side in own.sides):
                continue
            step = self.move(cell, side)
            if step is None:
                continue
            axis = crossings.get(step.cell)
            if axis is not None and step.side in axis.sides:
                beyond = self.move(step.cell, Side(step.side).opposite)
                if beyond is None:
                    continue
                step = Step(beyond.cell, beyond.side, step.flipped != beyond.flipped)
            if not self.blocked[step.cell]:
                yield side, step

    def tunnel_ends(self, cell: Cell) -> tuple[Cell, Cell] | None:
        """The two cells a tunnel under `cell` joins (None if `cell` is not crossed)."""
        axis = self.crossings.get(cell)
        if axis is None:
            return None
        a, b = (self.move(cell, side) for side in axis.sides)
        assert a is not None and b is not None, "a tunnel's ends are cells"
        return a.cell, b.cell

    def tunnel_under(self, here: Cell, side: Side) -> tuple[Cell, ev.Axis, Cell] | None:
        """(the cell across `side` of `here`, the tunnel's axis in that cell's sides, the
        cell beyond it straight on) when a tunnel could go under that cell: it is not
        crossed and is a corridor straight across the move (its open sides exactly the two
        across it), and the five cells of the crossing are distinct; else None."""
        step = self.move(here, side)
        if step is None or step.cell == here or step.cell in self.crossings:
            return None
        over, entered = step.cell, Side(step.side)
        across = [s for s in Side if s not in (entered, entered.opposite)]
        if [s for s in Side if self.faces[over[0], over[1], s]] != across:
            return None
        beyond = self.move(over, entered.opposite)
        corridor = [self.move(over, s) for s in across]
        if beyond is None or any(s is None or s.cell in (here, over, beyond.cell)
                                 for s in corridor):
            return None
        axis = ev.Axis.EAST_WEST if entered in (Side.E, Side.W) else ev.Axis.NORTH_SOUTH
        return over, axis, beyond.cell

    def open_walls(self) -> list[tuple[int, int, int]]:
        """Every open wall between two cells, once each (canonical keys)."""
        return list(Walls(self._open_wall_faces(), self.cols, self.degree))

    def _open_wall_faces(self) -> np.ndarray:
        """The face codes (see `Grid.wall_faces`) of the open walls between two cells."""
        walls = self.grid.wall_faces
        return walls[self.faces.reshape(-1)[walls]]

    def closed_internal_walls(self) -> int:
        return len(self.grid.wall_faces) - len(self._open_wall_faces())

    def reachable(self, start: Cell) -> set[Cell]:
        """The passable cells connected to `start`."""
        if not self.passable(start):
            return set()
        if self.crossings:
            return self._woven_reachable(start)
        target = self.grid.step_table[0].tolist()
        faces = self.faces.reshape(-1, self.degree).tolist()
        blocked = self.blocked.reshape(-1).tolist()
        cols = self.cols
        first = start[0] * cols + start[1]
        seen = {first}
        queue = deque([first])
        while queue:
            here = queue.popleft()
            for side, there in enumerate(target[here]):
                if faces[here][side] and there >= 0 and not blocked[there] \
                        and there not in seen:
                    seen.add(there)
                    queue.append(there)
        return {divmod(i, cols) for i in seen}

    def _woven_reachable(self, start: Cell) -> set[Cell]:
        seen = {start}
        queue = deque([start])
        while queue:
            for _, step in self.passages(queue.popleft()):
                if step.cell not in seen:
                    seen.add(step.cell)
                    queue.append(step.cell)
        return seen

    def is_perfect(self) -> bool:
        """A spanning tree of the surface's cell graph: cells - 1 open walls, all connected
        (counted and labelled with numpy: linear in the cells). On a weave the passages
        are counted instead, a tunnel one passage between the cells it joins."""
        if self.is_block_maze:
            return False
        if self.crossings:
            ways = sum(1 for i in self.grid.flat_cells.tolist()
                       for _ in self.passages(divmod(i, self.cols)))
            return ways == 2 * (self.cell_count - 1) and \
                len(self._woven_reachable((0, 0))) == self.cell_count
        opened = self._open_wall_faces()
        if len(opened) != self.cell_count - 1:
            return False
        cell, side = np.divmod(opened, self.degree)
        labels = component_labels(self.cells, cell, self.grid.step_table[0][cell, side])
        if self.grid.plain:
            return not labels.any()
        kept = labels[self.grid.flat_cells]
        return bool((kept == kept[0]).all())

    def default_endpoints(self) -> tuple[Cell, Cell]:
        """The entrance and exit if set, else the first and last passable cells."""
        if self.entrance is not None and self.exit is not None:
            return self.entrance, self.exit
        free = np.argwhere(~self.blocked & self.grid.present)
        if len(free) == 0:
            return (0, 0), (self.rows - 1, self.cols - 1)
        (r0, c0), (r1, c1) = free[0].tolist(), free[-1].tolist()
        return (r0, c0), (r1, c1)

    # --- changes -----------------------------------------------------------------------

    def set_wall(self, cell: Cell, side: Side, is_open: bool) -> None:
        """Open or close both faces of the wall on `side` of `cell`."""
        self.faces[cell[0], cell[1], side] = is_open
        step = self.move(cell, side)
        if step is not None:
            self.faces[step.cell[0], step.cell[1], step.side] = is_open

    def dig_tunnel(self, cell: Cell, axis: ev.Axis) -> None:
        """A weave's tunnel under `cell` along `axis`: both its walls on the axis open."""
        for side in axis.sides:
            self.set_wall(cell, side, True)
        self.crossings[cell] = axis

    def open_wall(self, cell: Cell, side: Side) -> None:
        self.set_wall(cell, side, True)

    def close_wall(self, cell: Cell, side: Side) -> None:
        self.set_wall(cell, side, False)

    def set_endpoints(self, entrance: Cell, exit: Cell, entrance_side: Side | None = None,
                      exit_side: Side | None = None) -> None:
        """Place the entrance and exit; a side on the plane's border is opened."""
        self.entrance, self.exit = entrance, exit
        self.entrance_side, self.exit_side = entrance_side, exit_side
        for cell, side in ((entrance, entrance_side), (exit, exit_side)):
            if side is not None and self.move(cell, side) is None:
                self.faces[cell[0], cell[1], side] = True

    def apply(self, event: ev.Event) -> None:
        """Update the model from one event (events that do not change a maze are ignored;
        an event type the model has no rule for raises TypeError)."""
        _APPLY(self, event)

    def copy(self) -> "Maze":
        other = Maze.__new__(Maze)
        other.__dict__.update(self.__dict__)
        other.faces = self.faces.copy()
        other.blocked = self.blocked.copy()
        other.crossings = dict(self.crossings)
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (self.surface == other.surface and self.grid == other.grid
                and np.array_equal(self.faces, other.faces)
                and np.array_equal(self.blocked, other.blocked)
                and self.crossings == other.crossings
                and (self.entrance, self.exit, self.entrance_side, self.exit_side)
                == (other.entrance, other.exit, other.entrance_side, other.exit_side))

    def __repr__(self) -> str:
        grid = "" if self.grid.plain else f" {self.grid.kind.value}" + \
            (" masked" if self.grid.mask else "")
        return (f"Maze({self.rows}x{self.cols}{grid} {self.surface.name}, "
                f"{len(self.open_walls())} open)")

    def _square_only(self, what: str) -> None:
        if self.grid.kind != GridKind.SQUARE:
            raise MazeFormatError(f"the {what} format describes square grids only; this "
                                  f"maze is on a {self.grid.kind.value} grid")

    # --- formats -----------------------------------------------------------------------

    def to_grille(self) -> list[list[list[bool]]]:
        """The `grille` format: `grille[i][j] = [top, right, bottom, left]`, True = open."""
        self._square_only("grille")
        return [[[bool(v) for v in self.faces[r, c]] for c in range(self.cols)]
                for r in range(self.rows)]

    @classmethod
    def from_grille(cls, grille: list, surface: str = "plane") -> "Maze":
        """A maze from the `grille` format. Openings on the plane's border become the
        entrance (first in reading order) and the exit (last)."""
        rows = len(grille)
        cols = len(grille[0]) if rows else 0
        if rows == 0 or cols == 0 or any(len(row) != cols for row in grille):
            raise MazeFormatError("expected a non-empty rectangular list of rows of cells")
        maze = cls(rows, cols, surface)
        for r, row in enumerate(grille):
            for c, cell in enumerate(row):
                if len(cell) != 4:
                    raise MazeFormatError(f"grille[{r}][{c}]: expected [top, right, bottom, "
                                          f"left], got {cell!r}")
                maze.faces[r, c] = [bool(v) for v in cell]
        openings = []
        for r in range(rows):
            for c in range(cols):
                for side in Side:
                    step = maze.surface.move((r, c), side)
                    if step is None:
                        if maze.faces[r, c, side]:
                            openings.append(((r, c), side))
                    elif maze.faces[r, c, side] != maze.faces[step.cell][step.side]:
                        raise MazeFormatError(
                            f"grille[{r}][{c}] says its {side.name} side is "
                            f"{'open' if maze.faces[r, c, side] else 'closed'} but "
                            f"grille[{step.cell[0]}][{step.cell[1]}] disagrees")
        if openings:
            (a, sa), (b, sb) = openings[0], openings[-1]
            maze.entrance, maze.entrance_side, maze.exit, maze.exit_side = a, sa, b, sb
        return maze

    def to_blocks(self) -> np.ndarray:
        """The block grid: `(2·rows+1) x (2·cols+1)` booleans, True = passable.
        Cell (r, c) sits at (2r+1, 2c+1); the wall between two cells at the block between."""
        self._square_only("block")
        blocks = np.zeros((2 * self.rows + 1, 2 * self.cols + 1), dtype=bool)
        blocks[1::2, 1::2] = ~self.blocked
        blocks[0:-1:2, 1::2] |= self.faces[:, :, Side.N]
        blocks[2::2, 1::2] |= self.faces[:, :, Side.S]
        blocks[1::2, 0:-1:2] |= self.faces[:, :, Side.W]
        blocks[1::2, 2::2] |= self.faces[:, :, Side.E]
        return blocks

    @classmethod
    def from_blocks(cls, blocks: Iterable[Iterable[bool]], surface: str = "plane") -> "Maze":
        """A block maze: each True is a passable cell, each False solid (a
        `petitLab`). Every wall between two cells is open."""
        grid = np.array([[bool(v) for v in row] for row in blocks], dtype=object)
        if grid.ndim != 2 or grid.size == 0:
            raise MazeFormatError("expected a non-empty rectangular grid of booleans")
        rows, cols = grid.shape
        maze = cls(rows, cols, surface, walls_open=True)
        maze.blocked[:] = ~grid.astype(bool)
        return maze

    def ascii(self) -> str:
        """A text picture: `+--+` walls, blanks for passages, `##` for blocked cells."""
        self._square_only("text picture")
        lines = []
        for r in range(self.rows):
            top = "+"
            mid = "|" if not self.faces[r, 0, Side.W] else " "
            for c in range(self.cols):
                top += ("  " if self.faces[r, c, Side.N] else "--") + "+"
                mid += "##" if self.blocked[r, c] else "  "
                mid += " " if self.faces[r, c, Side.E] else "|"
            lines += [top, mid]
        bottom = "+" + "".join(("  " if self.faces[self.rows - 1, c, Side.S] else "--") + "+"
                               for c in range(self.cols))
        lines.append(bottom)
        return "\n".join(lines)


def _blocked(maze: Maze, event: ev.CellBlocked | ev.CellOpened) -> None:
    maze.blocked[event.cell] = isinstance(event, ev.CellBlocked)


_APPLY = ev.Dispatch("the maze model", {
    ev.WallOpened: lambda maze, e: maze.open_wall(e.cell, e.side),
    ev.WallClosed: lambda maze, e: maze.close_wall(e.cell, e.side),
    ev.CellBlocked: _blocked,
    ev.CellOpened: _blocked,
    ev.TunnelDug: lambda maze, e: maze.dig_tunnel(e.cell, e.axis),
    ev.EndpointsSet: lambda maze, e: maze.set_endpoints(e.entrance, e.exit, e.entrance_side,
                                                        e.exit_side),
}, ignored=(ev.GridCreated, ev.WallConsidered, ev.WallRejected, ev.CellMarked, ev.MarksCleared,
            ev.SetsMerged, ev.Heading, ev.PassageMarked, ev.PathFound, ev.NoPath,
            ev.Generation, ev.Statistics, ev.Milestone,
            ev.Walked,
            ev.CellsMarked))


def replay(events: Iterable[ev.Event], maze: Maze | None = None) -> Maze:
    """The maze an event stream builds: starts from its `GridCreated` (or from `maze`)."""
    for event in events:
        if isinstance(event, ev.GridCreated):
            maze = Maze(event.rows, event.cols, event.surface, walls_open=event.walls_open,
                        grid=GridKind.SQUARE if event.grid is None else event.grid)
        elif maze is None:
            raise ValueError("the stream does not start with GridCreated; pass a maze")
        else:
            maze.apply(event)
    if maze is None:
        raise ValueError("empty event stream")
    return maze


def created(maze: Maze, fill: ev.Fill = ev.Fill.UNVISITED) -> ev.GridCreated:
    """The `GridCreated` event describing the blank `maze` an algorithm starts from."""
    return ev.GridCreated(maze.rows, maze.cols, maze.surface,
                          walls_open=bool(maze.faces.any()), fill=fill,
                          grid=None if maze.grid.plain else maze.grid)
