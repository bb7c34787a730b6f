"""What every solver does first: pick its start and goal and check they can be used."""
from __future__ import annotations

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze


def resolve(maze: Maze, start: Cell | None, goal: Cell | None) -> tuple[Cell, Cell]:
    """`start` and `goal` as tuples, defaulting to the maze's entrance and exit."""
    default_start, default_goal = maze.default_endpoints()
    return (default_start if start is None else tuple(start),
            default_goal if goal is None else tuple(goal))


def unusable(maze: Maze, start: Cell, goal: Cell) -> str | None:
    """Why the solve cannot begin (an endpoint outside the maze or blocked), or None."""
    for name, cell in (("start", start), ("goal", goal)):
        if not maze.surface.contains(cell):
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
