"""Breadth-first search: the shortest path, level by level."""
from __future__ import annotations

from collections import deque
from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze
from ..registry import ALL_GRIDS, Family, register
from ._common import ENDPOINT_PARAMS, Parents, opening, resolve, trace_back

@register("solver", "bfs", "breadth-first search: visits cells by distance; shortest path",
          params=ENDPOINT_PARAMS, blocks=True,
          legend={"frontier": "queued by BFS", "visited": "visited by BFS"},
          family=Family.SHORTEST, grids=ALL_GRIDS)
def bfs(maze: Maze, *, rng: np.random.Generator | None = None, start: Cell | None = None,
        goal: Cell | None = None) -> Iterator[ev.Event]:
    """Search from `start` to `goal` (default: entrance to exit) breadth first.

    Yields CellMarked(start, start), CellMarked(goal, goal), then CellMarked(cell, visited)
    for each cell taken from the queue and CellMarked(cell, frontier) for each cell queued;
    ends with PathFound (cells and the side each step leaves by) or NoPath.
    """
    start, goal = resolve(maze, start, goal)
    first = opening(maze, start, goal)
    yield from first
    if isinstance(first[0], ev.NoPath):
        return
    parents: Parents = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        yield ev.CellMarked(cell, Mark.VISITED)
        if cell == goal:
            yield trace_back(parents, goal)
            return
        for side, step in maze.passages(cell):
            if step.cell not in parents:
                parents[step.cell] = (cell, side)
                queue.append(step.cell)
                yield ev.CellMarked(step.cell, Mark.FRONTIER)
    yield ev.NoPath(f"the goal {goal} cannot be reached from {start}")
