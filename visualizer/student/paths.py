"""A student solver's answer read as the project's own: a list of cells from the start to
the goal, each linked to the next, becomes `PathFound`; `None` becomes `NoPath`; anything
else is a located problem."""
from __future__ import annotations

import operator
from collections import deque
from typing import Any

from .. import events as ev
from ..events import Cell, Side
from ..maze import Maze
from .facade import a_type, shown
from .problems import Problem, ProblemKind

#: a solver's answer: the event the project shows, and what is wrong with it (or None)
Answer = tuple[ev.PathFound | ev.NoPath, Problem | None]


def distances(maze: Maze, start: Cell) -> dict[Cell, int]:
    """Moves from `start` to every cell it reaches (breadth first)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for _, step in maze.passages(cell):
            if step.cell not in seen:
                seen[step.cell] = seen[cell] + 1
                queue.append(step.cell)
    return seen


def open_side(maze: Maze, a: Cell, b: Cell) -> Side | None:
    """An open side of `a` that leads into `b`, or None."""
    for side, step in maze.passages(a):
        if step.cell == b:
            return side
    return None


def _cells(result: Any, maze: Maze) -> list[Cell] | str:
    """The answer as cells of the maze, or what is wrong with it."""
    if isinstance(result, (str, bytes, dict, set)) or not hasattr(result, "__iter__"):
        return (f"returned {shown(result)} ({a_type(result)}): a solver returns the path, a "
                "list of cells from start to goal, or None when there is none")
    cells: list[Cell] = []
    for k, value in enumerate(result):
        try:
            row, col = value
            cell = (operator.index(row), operator.index(col))
        except (TypeError, ValueError):
            return f"returned a path whose item {k} is {shown(value)}: expected a cell (row, col)"
        if not maze.surface.contains(cell) or not maze.grid.contains(cell):
            return f"returned a path through {cell}, which is not a cell of the maze"
        cells.append(cell)
        if len(cells) > 4 * maze.cells:
            return "returned a path longer than four times the cells: does it go round?"
    return cells


def answer(maze: Maze, start: Cell, goal: Cell, result: Any) -> Answer:
    """What a solver's `result` says, as an event, and its problem (None if it is right as
    far as legality goes: shortness is the check's to judge)."""
    reach = distances(maze, start)
    if result is None:
        if goal in reach:
            return (ev.NoPath("your solver found no path"),
                    Problem(ProblemKind.PATH, f"returned None, but the goal {goal} can be "
                            f"reached from {start} in {reach[goal]} moves"))
        return ev.NoPath(f"the goal {goal} cannot be reached from {start}"), None
    cells = _cells(result, maze)
    if isinstance(cells, str):
        return ev.NoPath("your solver's answer is not a path"), \
            Problem(ProblemKind.RETURN, cells)
    wrong = None
    if not cells or cells[0] != start or cells[-1] != goal:
        ends = f"{cells[0]} … {cells[-1]}" if cells else "nothing"
        wrong = f"returned a path from {ends}; it must go from the start {start} to the goal {goal}"
    sides = []
    for a, b in zip(cells, cells[1:]):
        side = open_side(maze, a, b)
        if side is None and wrong is None:
            wrong = f"returned a path that goes from {a} to {b} through a wall"
        sides.append(side if side is not None else Side.N)
    if wrong is not None:
        return ev.NoPath("your solver's path is not a way through"), \
            Problem(ProblemKind.PATH, wrong)
    return ev.PathFound(tuple(cells), tuple(sides)), None


__all__ = ["Answer", "answer", "distances", "open_side"]
