"""What the solvers share: their endpoint options, picking and checking the start and goal,
and reading a path back from a search."""
from __future__ import annotations

from collections import deque
from typing import Callable

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
from ..registry import Param, ParamKind

#: the options every solver takes
ENDPOINT_PARAMS = (
    Param("start", ParamKind.CELL, None, "where the solver starts (default: the entrance)"),
    Param("goal", ParamKind.CELL, None, "where it must get to (default: the exit)"),
)

#: how a search reached each cell: the cell it came from and the side it left by
Parents = dict[Cell, "tuple[Cell, Side] | None"]


def resolve(maze: Maze, start: Cell | None, goal: Cell | None) -> tuple[Cell, Cell]:
    """`start` and `goal` as tuples, defaulting to the maze's entrance and exit."""
    default_start, default_goal = maze.default_endpoints()
    return (default_start if start is None else ev.as_cell(start),
            default_goal if goal is None else ev.as_cell(goal))


def unusable(maze: Maze, start: Cell, goal: Cell) -> str | None:
    """Why the solve cannot begin (an endpoint outside the maze or blocked), or None."""
    for name, cell in (("start", start), ("goal", goal)):
        if not maze.grid.contains(cell):
            return f"the {name} {cell} is outside the {maze.rows}x{maze.cols} maze"
        if maze.blocked[cell]:
            return f"the {name} {cell} is a blocked cell"
    return None


def opening(maze: Maze, start: Cell, goal: Cell) -> list[ev.Event]:
    """The events every solve opens with: the start and goal marks, or a NoPath."""
    reason = unusable(maze, start, goal)
    if reason:
        return [ev.NoPath(reason, ev.NoPathReason.UNUSABLE)]
    return [ev.CellMarked(start, Mark.START), ev.CellMarked(goal, Mark.GOAL)]


def trace_back(parents: Parents, goal: Cell) -> ev.PathFound:
    """The PathFound event for the path that `parents` records from its root to `goal`."""
    cells, sides = [goal], []
    link = parents[goal]
    while link is not None:
        cell, side = link
        cells.append(cell)
        sides.append(side)
        link = parents[cell]
    return ev.PathFound(tuple(reversed(cells)), tuple(reversed(sides)))


def shortest_within(maze: Maze, start: Cell, goal: Cell,
                    allowed: Callable[[Cell, Side, Cell], bool]) -> ev.PathFound | None:
    """The shortest path from `start` to `goal` using only the passages `allowed(cell,
    side, next cell)` accepts (breadth first, no events of its own), or None."""
    parents: Parents = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            return trace_back(parents, goal)
        for side, step in maze.passages(cell):
            if step.cell not in parents and allowed(cell, side, step.cell):
                parents[step.cell] = (cell, side)
                queue.append(step.cell)
    return None
