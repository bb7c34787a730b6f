"""Trémaux's algorithm: a walker that chalks each passage it takes, at most twice.

Rules at a cell: arriving by a new passage at a cell already visited, go back the way you
came; otherwise take a passage with no mark, else one with a single mark; never one with
two. The passages marked once from start to goal are the way.
"""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze
from ..registry import ALL_GRIDS, Family, register
from ._common import ENDPOINT_PARAMS, opening, resolve, shortest_within


@register("solver", "tremaux",
          "Trémaux: chalk each passage when taking it, never take one marked twice",
          params=ENDPOINT_PARAMS, blocks=True,
          family=Family.COMPLETE, grids=ALL_GRIDS)
def tremaux(maze: Maze, *, rng: np.random.Generator | None = None, start: Cell | None = None,
            goal: Cell | None = None) -> Iterator[ev.Event]:
    """Walk from `start` by Trémaux's rules until `goal` (sides tried N, E, S, W).

    Yields CellMarked(start, start), CellMarked(goal, goal), CellMarked(start, current),
    then per step PassageMarked(cell left, side taken, count = the chalk marks now on
    that passage, 1 or 2), CellMarked(cell left, visited, count=1) — or (cell left,
    dead_end, count=2) once every passage of that cell is marked twice — and
    CellMarked(cell entered, current, count = the marks on the passage just taken).
    Ends with PathFound (the passages marked once) or NoPath when every passage is
    marked twice.
    """
    start, goal = resolve(maze, start, goal)
    first = opening(maze, start, goal)
    yield from first
    if isinstance(first[0], ev.NoPath):
        return
    chalk: dict[tuple[int, int, int], int] = {}
    visited = {start}
    cell, came_by = start, None
    yield ev.CellMarked(start, Mark.CURRENT)
    while cell != goal:
        options = [(side, step, maze.wall_key(cell, side))
                   for side, step in maze.passages(cell)]
        if came_by is not None and chalk[came_by[1]] == 1 and came_by[2]:
            choice = next(o for o in options if o[2] == came_by[1] and o[0] == came_by[0])
        else:
            fresh = [o for o in options if chalk.get(o[2], 0) == 0]
            once = [o for o in options if chalk.get(o[2], 0) == 1]
            if not fresh and not once:
                yield ev.NoPath(f"every passage marked twice: the goal {goal} cannot be "
                                f"reached from {start}", ev.NoPathReason.EXHAUSTED)
                return
            choice = (fresh or once)[0]
        side, step, key = choice
        chalk[key] = chalk.get(key, 0) + 1
        exhausted = all(chalk.get(o[2], 0) >= 2 for o in options)
        yield ev.PassageMarked(cell, side, chalk[key])
        if exhausted:
            yield ev.CellMarked(cell, Mark.DEAD_END, 2)
        else:
            yield ev.CellMarked(cell, Mark.VISITED, 1)
        yield ev.CellMarked(step.cell, Mark.CURRENT, chalk[key])
        again = step.cell in visited
        visited.add(step.cell)
        cell = step.cell
        # (side entered by, the passage, arrived at an old cell by a fresh passage?)
        came_by = (step.side, key, again and chalk[key] == 1)
    way = shortest_within(maze, start, goal, lambda here, side, _other:
                          chalk.get(maze.wall_key(here, side), 0) == 1)
    assert way is not None, "the passages chalked once always join start and goal"
    yield way
