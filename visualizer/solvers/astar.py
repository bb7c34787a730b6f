"""A*: expand the cell with the smallest (moves so far + estimate to the goal)."""
from __future__ import annotations

import heapq
from collections import deque
from typing import Callable, Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
from ..registry import ALL_GRIDS, Family, register
from ._common import ENDPOINT_PARAMS, opening, resolve, trace_back


#: the name of the wall-free distance A* uses on a grid other than the plain square
_DISTANCE = {"hex": "hex distance", "triangle": "triangle distance", "polar": "ring distance",
             "square": "Manhattan on the masked grid"}


def heuristic(maze: Maze, goal: Cell) -> tuple[Callable[[Cell], int], str]:
    """An admissible, consistent estimate of the moves left, and its name.

    On the plane: the Manhattan distance. On a glued surface, or another grid (hex,
    triangle, polar, a mask): the distance to `goal` with every wall removed, found by one
    breadth-first search over the grid — Manhattan distance that knows the gluing (e.g.
    min(|dr|, rows − |dr|) + … on the torus), the hex distance, the ring distance on a
    disc. Walls only lengthen a way, so it never overestimates; one move changes it by at
    most one, so it is consistent. On a weave a move under a crossing covers two cells, so
    the estimate is half that distance, rounded up."""
    h, name = _distance(maze, goal)
    if not maze.weave:
        return h, name
    return (lambda cell: (h(cell) + 1) // 2), f"half the {name} (a tunnel is two cells)"


def _distance(maze: Maze, goal: Cell) -> tuple[Callable[[Cell], int], str]:
    """The distance to `goal` with every wall removed, and its name (see `heuristic`)."""
    plain = maze.grid.plain
    if plain and not maze.surface.kind.gluings:
        return (lambda cell: abs(cell[0] - goal[0]) + abs(cell[1] - goal[1])), "Manhattan"
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        cell = queue.popleft()
        near = [step.cell for _, step in maze.surface.neighbours(cell)] if plain \
            else [there for _, there in maze.grid.neighbours(cell)]
        for there in near:
            if there not in dist:
                dist[there] = dist[cell] + 1
                queue.append(there)
    name = "Manhattan on the glued grid" if plain else _DISTANCE[maze.grid.kind.value]
    return (lambda cell: dist.get(cell, 0)), name


@register("solver", "astar",
          "A*: best-first by moves so far + Manhattan distance (gluing-aware); shortest path",
          params=ENDPOINT_PARAMS, blocks=True,
          legend={"open_set": "queued by A* (best guess first)", "visited": "expanded by A*"},
          family=Family.SHORTEST, grids=ALL_GRIDS)
def astar(maze: Maze, *, rng: np.random.Generator | None = None, start: Cell | None = None,
          goal: Cell | None = None) -> Iterator[ev.Event]:
    """Search from `start` to `goal` by A* (ties: smaller estimate, then first queued).

    Yields CellMarked(start, start), CellMarked(goal, goal), Milestone("heuristic: …"),
    then CellMarked(cell, visited) per cell expanded and CellMarked(cell, open_set) per
    cell queued or improved (A*'s open set, drawn apart from BFS's frontier); ends with
    PathFound (a shortest path) or NoPath.
    """
    start, goal = resolve(maze, start, goal)
    first = opening(maze, start, goal)
    yield from first
    if isinstance(first[0], ev.NoPath):
        return
    h, name = heuristic(maze, goal)
    yield ev.Milestone(f"heuristic: {name}", kind=ev.MilestoneKind.HEURISTIC)
    moves = {start: 0}
    parents: dict[Cell, tuple[Cell, Side] | None] = {start: None}
    counter = 0
    heap = [(h(start), h(start), counter, start)]
    closed: set[Cell] = set()
    while heap:
        _, _, _, cell = heapq.heappop(heap)
        if cell in closed:
            continue
        closed.add(cell)
        yield ev.CellMarked(cell, Mark.VISITED)
        if cell == goal:
            yield trace_back(parents, goal)
            return
        for side, step in maze.passages(cell):
            other = step.cell
            if other in closed:
                continue
            g = moves[cell] + 1
            if g < moves.get(other, g + 1):
                moves[other] = g
                parents[other] = (cell, side)
                counter += 1
                heapq.heappush(heap, (g + h(other), h(other), counter, other))
                yield ev.CellMarked(other, Mark.OPEN_SET)
    yield ev.NoPath(f"the goal {goal} cannot be reached from {start}")
