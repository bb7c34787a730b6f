"""The maze a student's function receives: a small recording façade over the real model, in
cells, never sides.

Every call that changes the maze or its marks is a step and becomes the project's own event
(`carve` → WallOpened, `build` → WallClosed, `visit` → CellMarked visited, `mark` →
CellMarked, `unmark` → CellMarked clear, `merge` → SetsMerged), so every renderer, writer,
the window, statistics and questions work unchanged. The façade keeps, per step, the
student's line that made it: a problem found during the run or after it (a loop, a
fingerprint that does not match) points at their own code.

A call that cannot be made (a cell that does not exist, two cells that are not neighbours,
a wall already open) is refused: the run stops there with the problem, located.
"""
from __future__ import annotations

import operator
import sys
from array import array
from functools import lru_cache
from typing import Any

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
from ..maze.union_find import UnionFind
from ..grids import Grid
from .limits import StepsUp, Stop, TimeUp, clock
from .problems import Problem, ProblemKind, Where

#: the marks a student may put on a cell, by their word (`mark(cell, "frontier")`)
MARKS = {str(m): m for m in Mark if m not in (Mark.CLEAR, Mark.START, Mark.GOAL)}


class Refused(Stop):
    """A façade call that cannot be made: the run stops with `problem`."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.text)
        self.problem = problem


def shown(value: Any) -> str:
    """A value as a message quotes it: short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:56] + "…"


def a_type(value: Any) -> str:
    """`a list`, `an int`: the type of `value` with its article."""
    name = type(value).__name__
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def call_text(name: str, *args: Any) -> str:
    """A façade call as a message quotes it: `carve((2, 3), (2, 5))`."""
    return f"{name}({', '.join(shown(a) for a in args)})"


@lru_cache(maxsize=32)
def tables(grid: Grid) -> tuple[tuple[tuple[Cell, ...], ...],
                                dict[tuple[Cell, Cell], tuple[Side, ...]]]:
    """The grid's neighbours of each flat cell, in side order (on the square: north, east,
    south, west; glued edges too; itself, repeats, the border and masked-out cells left
    out) and the sides of a cell across which a neighbour lies, by (cell, neighbour)."""
    target = grid.step_table[0].tolist()
    cols, side_of = grid.cols, grid.all_sides
    around: list[tuple[Cell, ...]] = []
    sides: dict[tuple[Cell, Cell], tuple[Side, ...]] = {}
    for i, row in enumerate(target):
        here = divmod(i, cols)
        out: list[Cell] = []
        for side, j in enumerate(row):
            if j < 0:
                continue
            there = divmod(j, cols)
            sides[here, there] = sides.get((here, there), ()) + (side_of[side],)
            if there != here and there not in out:
                out.append(there)
        around.append(tuple(out))
    return tuple(around), sides


class Recorder:
    """What both façades share: the real maze, the events and the student's line of each
    step, the step and time limits, the visited cells and the marks."""

    def __init__(self, maze: Maze, files: frozenset[str], max_steps: int,
                 deadline: float) -> None:
        self._maze = maze
        self._around, self._sides = tables(maze.grid)
        self._files = files
        self._max_steps = max_steps
        self._deadline = deadline
        self.events: list[ev.Event] = []
        #: the student's line of each step (0 where none of their frames was found)
        self.lines = array("i")
        self.filename = next(iter(files), "")
        self.stopped: Problem | None = None
        #: problems that did not stop the run (a carve that closed a loop)
        self.noted: list[Problem] = []
        self._visited: set[Cell] = set()
        self.marked: dict[Cell, Mark] = {}
        self.merged = False
        #: (step, cell) of each `visit`, and (step, a, b) of each `carve`: what the
        #: fingerprints read
        self.visits: list[tuple[int, Cell]] = []
        self.carves: list[tuple[int, Cell, Cell]] = []

    # --- the bookkeeping ------------------------------------------------------------------

    @property
    def step(self) -> int:
        """Steps made so far."""
        return len(self.lines)

    def _caller(self) -> int:
        """The line of the student's code that called the façade (0 if not found)."""
        frame = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename in self._files:
                return frame.f_lineno
            frame = frame.f_back        # type: ignore[assignment]
        return 0

    def where(self, line: int) -> Where | None:
        """The place of the student's line `line` (None if unknown)."""
        return Where(self.filename, line) if line else None

    def _check_going(self) -> None:
        if self.stopped is not None:
            raise Refused(self.stopped)
        if clock() > self._deadline:
            raise TimeUp()

    def refuse(self, text: str, during: bool = True) -> None:
        """Stop the run: the call being made cannot be made (`text` says why)."""
        line = self._caller()
        step = self.step + 1 if during else self.step
        self.stopped = Problem(ProblemKind.ILLEGAL, text, step or None, self.where(line),
                               after=not during)
        raise Refused(self.stopped)

    def act(self, event: ev.Event, line: int = -1) -> None:
        """Record one step: its event and the student's line (found if not given)."""
        if len(self.lines) >= self._max_steps:
            raise StepsUp()
        self.lines.append(self._caller() if line < 0 else line)
        self.events.append(event)

    def cell(self, value: Any, call: tuple, during: bool = True) -> Cell:
        """`value` as a cell of the maze, or the run stops saying why (`call` is the call
        being made: its name and arguments)."""
        self._check_going()
        try:
            row, col = value
            r, c = operator.index(row), operator.index(col)
        except (TypeError, ValueError):
            self.refuse(f"{call_text(*call)}: expected a cell (row, col), got {shown(value)}",
                        during)
            raise      # (refuse raised)
        maze = self._maze
        if not (0 <= r < maze.rows and 0 <= c < maze.cols):
            self.refuse(f"{call_text(*call)}: {(r, c)} is not a cell of this "
                        f"{maze.rows}x{maze.cols} maze (rows 0..{maze.rows - 1}, columns "
                        f"0..{maze.cols - 1})", during)
        if not maze.grid.plain and not maze.grid.contains((r, c)):
            self.refuse(f"{call_text(*call)}: {(r, c)} is not a cell of this maze "
                        f"({self._what()}); `cells()` lists them", during)
        return r, c

    def _what(self) -> str:
        """Why a slot of the rectangle may be no cell: the grid's shape or its mask."""
        grid = self._maze.grid
        if grid.kind.value == "polar":
            return (f"a disc of {grid.rows} rings: ring r has its own number of cells, "
                    "numbered from 0")
        return f"a {grid.kind.value} grid with a mask: an `X` is no cell"

    def sides_between(self, a: Cell, b: Cell) -> tuple[Side, ...]:
        """The sides of `a` across which `b` lies (glued edges too)."""
        return self._sides.get((a, b), ())

    # --- what both façades offer -----------------------------------------------------------

    @property
    def rows(self) -> int:
        """Rows of cells."""
        return self._maze.rows

    @property
    def cols(self) -> int:
        """Columns of cells."""
        return self._maze.cols

    @property
    def surface(self) -> str:
        """The surface's name (plane, torus, klein …)."""
        return self._maze.surface.name

    @property
    def grid(self) -> str:
        """The grid's kind: square, hex, triangle or polar."""
        return self._maze.grid.kind.value

    def cells(self) -> list[Cell]:
        """Every cell, row by row: [(0, 0), (0, 1), …] (on a disc ring by ring; a masked
        grid leaves its `X`s out)."""
        self._check_going()
        if not self._maze.grid.plain:
            return list(self._maze.grid.cells)
        return [(r, c) for r in range(self._maze.rows) for c in range(self._maze.cols)]

    def random_cell(self, rng: Any) -> Cell:
        """A cell chosen at random with `rng` (the generator your function received)."""
        self._check_going()
        if not self._maze.grid.plain:
            cells = self._maze.grid.cells
            return cells[int(rng.integers(len(cells)))]
        return int(rng.integers(self._maze.rows)), int(rng.integers(self._maze.cols))

    def neighbours(self, cell: Any) -> list[Cell]:
        """The cells next to `cell`, across glued edges too, in the grid's side order: on
        the square north, east, south, west (hexagons: N, NE, SE, S, SW, NW)."""
        here = self.cell(cell, ("neighbours", cell), during=False)
        return list(self._around[here[0] * self._maze.cols + here[1]])

    def linked(self, a: Any, b: Any) -> bool:
        """Whether an open wall joins `a` and `b` (False for cells that are not
        neighbours)."""
        call = ("linked", a, b)
        x, y = self.cell(a, call, during=False), self.cell(b, call, during=False)
        faces = self._maze.faces
        return any(faces[x[0], x[1], side] for side in self.sides_between(x, y))

    def links(self, cell: Any) -> list[Cell]:
        """The cells an open wall joins `cell` to."""
        here = self.cell(cell, ("links", cell), during=False)
        open_sides = self._maze.faces[here[0], here[1]]
        return [there for there in self._around[here[0] * self._maze.cols + here[1]]
                if any(open_sides[side] for side in self._sides[here, there])]

    #: how a visit is drawn: a solver's visited cells in the visited colour, a generator's
    #: as part of the maze (a passage), as the project's own generators draw them
    VISIT_MARK = Mark.VISITED

    def visit(self, cell: Any) -> None:
        """Say that `cell` is visited (drawn with `VISIT_MARK`; `visited` says so)."""
        here = self.cell(cell, ("visit", cell))
        self._visited.add(here)
        if self.VISIT_MARK is Mark.DONE:
            self.marked.pop(here, None)
        else:
            self.marked[here] = self.VISIT_MARK
        self.act(ev.CellMarked(here, self.VISIT_MARK))
        self.visits.append((self.step, here))

    def visited(self, cell: Any) -> bool:
        """Whether `visit(cell)` was called."""
        return self.cell(cell, ("visited", cell), during=False) in self._visited

    def mark(self, cell: Any, what: Any) -> None:
        """Show `cell` as `what`: one of current, stack, done, frontier, visited, walker,
        walk, path … (the legend's marks; "current" is one cell at a time)."""
        here = self.cell(cell, ("mark", cell, what))
        mark = MARKS.get(str(what)) if isinstance(what, (str, Mark)) else None
        if mark is None:
            self.refuse(f"{call_text('mark', cell, what)}: not a mark; use one of "
                        f"{', '.join(MARKS)}")
            return
        if mark is Mark.DONE:
            self.marked.pop(here, None)
        else:
            self.marked[here] = mark
        self.act(ev.CellMarked(here, mark))

    def unmark(self, cell: Any) -> None:
        """Take `cell`'s mark away (it shows as a plain cell again)."""
        here = self.cell(cell, ("unmark", cell))
        self.marked.pop(here, None)
        self.act(ev.CellMarked(here, Mark.CLEAR))

    def __repr__(self) -> str:
        m = self._maze
        size = f"{m.rows}x{m.cols}" if m.grid.plain else \
            f"{m.grid.kind.value} {m.rows}x{m.cols}"
        return (f"<maze {size} on the {m.surface.name}: "
                f"{len(self._visited)} of {m.cell_count} cells visited, {self.step} steps>")


class MazeFacade(Recorder):
    """The maze a student's generator builds: `carve`, `build` and `merge` besides the
    queries and marks."""

    VISIT_MARK = Mark.DONE

    def __init__(self, maze: Maze, files: frozenset[str], max_steps: int, deadline: float,
                 *, walls_open: bool = False) -> None:
        super().__init__(maze, files, max_steps, deadline)
        self._connected = UnionFind(maze.cells)      # the cells carves have joined
        self._tracking = not walls_open              # ... while that is a tree's test
        self._sets = UnionFind(maze.cells)           # the student's merges, for colours

    def _flat(self, cell: Cell) -> int:
        return cell[0] * self._maze.cols + cell[1]

    def carve(self, a: Any, b: Any) -> None:
        """Open the wall between the neighbouring cells `a` and `b`."""
        call = ("carve", a, b)
        x, y = self.cell(a, call), self.cell(b, call)
        side = self._wall(x, y, call, want_open=False)
        if self._tracking and self._connected.union(self._flat(x), self._flat(y)) is None:
            self.noted.append(Problem(
                ProblemKind.LOOP, f"carve({x}, {y}): both cells were already connected: "
                                  "this carve makes a loop", self.step + 1,
                self.where(self._caller())))
        self._maze.open_wall(x, side)
        self.act(ev.WallOpened(x, side))
        self.carves.append((self.step, x, y))

    def build(self, a: Any, b: Any) -> None:
        """Close the wall between the neighbouring cells `a` and `b` (wall adders start with
        every wall open: `viz.check(..., start="open")`)."""
        call = ("build", a, b)
        x, y = self.cell(a, call), self.cell(b, call)
        side = self._wall(x, y, call, want_open=True)
        self._tracking = False       # a wall built: carves no longer tell a tree
        self._maze.close_wall(x, side)
        self.act(ev.WallClosed(x, side))

    def _wall(self, x: Cell, y: Cell, call: tuple, *, want_open: bool) -> Side:
        """The side of `x` whose wall `call` opens (`want_open` False) or closes."""
        if x == y:
            self.refuse(f"{call_text(*call)}: a cell is not its own neighbour")
        sides = self.sides_between(x, y)
        if not sides:
            self.refuse(f"{call_text(*call)}: these cells are not neighbours")
        faces = self._maze.faces
        fit = [s for s in sides if bool(faces[x[0], x[1], s]) == want_open]
        if not fit:
            self.refuse(f"{call_text(*call)}: the wall between them is already "
                        + ("closed" if want_open else "open"))
        return fit[0]

    def merge(self, a: Any, b: Any) -> None:
        """Show that your union-find joined the sets of `a` and `b` (each set is drawn in its
        own colour)."""
        call = ("merge", a, b)
        x, y = self.cell(a, call), self.cell(b, call)
        joined = self._sets.union(self._flat(x), self._flat(y))
        if joined is None:
            self.refuse(f"{call_text(*call)}: these cells are already in one set")
            return
        ra, rb, root = (divmod(i, self._maze.cols) for i in joined)
        self.merged = True
        self.act(ev.SetsMerged(ra, rb, root))


class SolverFacade(Recorder):
    """The built maze a student's solver explores: queries and marks, nothing that changes
    a wall."""

    def carve(self, a: Any, b: Any) -> None:
        """A solver does not change the maze."""
        self.refuse(f"{call_text('carve', a, b)}: a solver does not change the maze")

    def build(self, a: Any, b: Any) -> None:
        """A solver does not change the maze."""
        self.refuse(f"{call_text('build', a, b)}: a solver does not change the maze")

    def merge(self, a: Any, b: Any) -> None:
        """A solver has no sets to show."""
        self.refuse(f"{call_text('merge', a, b)}: a solver has no sets to merge")


Facade = MazeFacade | SolverFacade

__all__ = ["MARKS", "Facade", "MazeFacade", "Recorder", "Refused", "SolverFacade", "a_type",
           "call_text", "shown", "tables"]
