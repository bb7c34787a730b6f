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
from typing import Any

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
from ..maze.union_find import UnionFind
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


class Recorder:
    """What both façades share: the real maze, the events and the student's line of each
    step, the step and time limits, the visited cells and the marks."""

    def __init__(self, maze: Maze, files: frozenset[str], max_steps: int,
                 deadline: float) -> None:
        self._maze = maze
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
        self.stopped = Problem(ProblemKind.ILLEGAL, text, step or None, self.where(line))
        raise Refused(self.stopped)

    def act(self, event: ev.Event, line: int = -1) -> None:
        """Record one step: its event and the student's line (found if not given)."""
        if len(self.lines) >= self._max_steps:
            raise StepsUp()
        self.lines.append(self._caller() if line < 0 else line)
        self.events.append(event)

    def cell(self, value: Any, call: str, during: bool = True) -> Cell:
        """`value` as a cell of the maze, or the run stops saying why."""
        self._check_going()
        try:
            row, col = value
            r, c = operator.index(row), operator.index(col)
        except (TypeError, ValueError):
            self.refuse(f"{call}: expected a cell (row, col), got {shown(value)}", during)
            raise      # (refuse raised)
        maze = self._maze
        if not (0 <= r < maze.rows and 0 <= c < maze.cols):
            self.refuse(f"{call}: {(r, c)} is not a cell of this {maze.rows}x{maze.cols} "
                        f"maze (rows 0..{maze.rows - 1}, columns 0..{maze.cols - 1})", during)
        return r, c

    def sides_between(self, a: Cell, b: Cell) -> list[Side]:
        """The sides of `a` across which `b` lies (glued edges too)."""
        out = []
        for side in Side:
            step = self._maze.surface.move(a, side)
            if step is not None and step.cell == b:
                out.append(side)
        return out

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

    def cells(self) -> list[Cell]:
        """Every cell, row by row: [(0, 0), (0, 1), …]."""
        self._check_going()
        return [(r, c) for r in range(self._maze.rows) for c in range(self._maze.cols)]

    def random_cell(self, rng: Any) -> Cell:
        """A cell chosen at random with `rng` (the generator your function received)."""
        self._check_going()
        return int(rng.integers(self._maze.rows)), int(rng.integers(self._maze.cols))

    def neighbours(self, cell: Any) -> list[Cell]:
        """The cells next to `cell`, across glued edges too: north, east, south, west."""
        here = self.cell(cell, f"neighbours({shown(cell)})", during=False)
        out: list[Cell] = []
        for side in Side:
            step = self._maze.surface.move(here, side)
            if step is not None and step.cell != here and step.cell not in out:
                out.append(step.cell)
        return out

    def linked(self, a: Any, b: Any) -> bool:
        """Whether an open wall joins `a` and `b` (False for cells that are not
        neighbours)."""
        call = f"linked({shown(a)}, {shown(b)})"
        x, y = self.cell(a, call, during=False), self.cell(b, call, during=False)
        return any(self._maze.is_open(x, side) for side in self.sides_between(x, y))

    def links(self, cell: Any) -> list[Cell]:
        """The cells an open wall joins `cell` to."""
        here = self.cell(cell, f"links({shown(cell)})", during=False)
        out: list[Cell] = []
        for _side, step in self._maze.passages(here):
            if step.cell != here and step.cell not in out:
                out.append(step.cell)
        return out

    def visit(self, cell: Any) -> None:
        """Say that `cell` is visited (shown in the visited colour; `visited` says so)."""
        here = self.cell(cell, f"visit({shown(cell)})")
        self._visited.add(here)
        self.marked[here] = Mark.VISITED
        self.act(ev.CellMarked(here, Mark.VISITED))

    def visited(self, cell: Any) -> bool:
        """Whether `visit(cell)` was called."""
        return self.cell(cell, f"visited({shown(cell)})", during=False) in self._visited

    def mark(self, cell: Any, what: Any) -> None:
        """Show `cell` as `what`: one of current, stack, done, frontier, visited, walker,
        walk, path … (the legend's marks; "current" is one cell at a time)."""
        call = f"mark({shown(cell)}, {shown(what)})"
        here = self.cell(cell, call)
        mark = MARKS.get(str(what)) if isinstance(what, (str, Mark)) else None
        if mark is None:
            self.refuse(f"{call}: not a mark; use one of {', '.join(MARKS)}")
            return
        if mark is Mark.DONE:
            self.marked.pop(here, None)
        else:
            self.marked[here] = mark
        self.act(ev.CellMarked(here, mark))

    def unmark(self, cell: Any) -> None:
        """Take `cell`'s mark away (it shows as a plain cell again)."""
        here = self.cell(cell, f"unmark({shown(cell)})")
        self.marked.pop(here, None)
        self.act(ev.CellMarked(here, Mark.CLEAR))

    def __repr__(self) -> str:
        m = self._maze
        return (f"<maze {m.rows}x{m.cols} on the {m.surface.name}: "
                f"{len(self._visited)} of {m.cells} cells visited, {self.step} steps>")


class MazeFacade(Recorder):
    """The maze a student's generator builds: `carve`, `build` and `merge` besides the
    queries and marks."""

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
        call = f"carve({shown(a)}, {shown(b)})"
        x, y = self.cell(a, call), self.cell(b, call)
        side = self._wall(x, y, call, want_open=False)
        if self._tracking and self._connected.union(self._flat(x), self._flat(y)) is None:
            self.noted.append(Problem(
                ProblemKind.LOOP, f"carve({x}, {y}): both cells were already connected: "
                                  "this carve makes a loop", self.step + 1,
                self.where(self._caller())))
        self._maze.open_wall(x, side)
        self.act(ev.WallOpened(x, side))

    def build(self, a: Any, b: Any) -> None:
        """Close the wall between the neighbouring cells `a` and `b` (wall adders start with
        every wall open: `viz.check(..., start="open")`)."""
        call = f"build({shown(a)}, {shown(b)})"
        x, y = self.cell(a, call), self.cell(b, call)
        side = self._wall(x, y, call, want_open=True)
        self._tracking = False       # a wall built: carves no longer tell a tree
        self._maze.close_wall(x, side)
        self.act(ev.WallClosed(x, side))

    def _wall(self, x: Cell, y: Cell, call: str, *, want_open: bool) -> Side:
        """The side of `x` whose wall `call` opens (`want_open` False) or closes."""
        if x == y:
            self.refuse(f"{call}: a cell is not its own neighbour")
        sides = self.sides_between(x, y)
        if not sides:
            self.refuse(f"{call}: these cells are not neighbours")
        fit = [s for s in sides if self._maze.is_open(x, s) == want_open]
        if not fit:
            self.refuse(f"{call}: the wall between them is already "
                        + ("closed" if want_open else "open"))
        return fit[0]

    def merge(self, a: Any, b: Any) -> None:
        """Show that your union-find joined the sets of `a` and `b` (each set is drawn in its
        own colour)."""
        call = f"merge({shown(a)}, {shown(b)})"
        x, y = self.cell(a, call), self.cell(b, call)
        joined = self._sets.union(self._flat(x), self._flat(y))
        if joined is None:
            self.refuse(f"{call}: these cells are already in one set")
            return
        ra, rb, root = (divmod(i, self._maze.cols) for i in joined)
        self.merged = True
        self.act(ev.SetsMerged(ra, rb, root))


class SolverFacade(Recorder):
    """The built maze a student's solver explores: queries and marks, nothing that changes
    a wall."""

    def carve(self, a: Any, b: Any) -> None:
        """A solver does not change the maze."""
        self.refuse(f"carve({shown(a)}, {shown(b)}): a solver does not change the maze")

    def build(self, a: Any, b: Any) -> None:
        """A solver does not change the maze."""
        self.refuse(f"build({shown(a)}, {shown(b)}): a solver does not change the maze")

    def merge(self, a: Any, b: Any) -> None:
        """A solver has no sets to show."""
        self.refuse(f"merge({shown(a)}, {shown(b)}): a solver has no sets to merge")


Facade = MazeFacade | SolverFacade

__all__ = ["MARKS", "Facade", "MazeFacade", "Recorder", "Refused", "SolverFacade", "shown"]
