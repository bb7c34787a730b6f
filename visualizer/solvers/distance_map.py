"""The distance map: a breadth-first flood that colours every cell by its distance from the
start (the standard picture of a maze's texture), and a longest path from two floods.

Every move costs one, so Dijkstra's algorithm is a breadth-first search here. With
`longest`, a second flood starts from the farthest cell of the first: the farthest cell of
the second is the other end of a longest path (exactly the longest on a perfect maze, a
tree; a lower bound of the diameter when the maze has loops). Either way the solve ends with
the start→goal path the first flood found (a shortest one): the goal's colour on the map
is its distance, and a solver's result is always the way from its start to its goal.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, MilestoneKind, Side
from ..maze import Maze
from ..registry import ALL_GRIDS, Family, Param, ParamKind, register
from ._common import opening, resolve
from .bfs import ENDPOINT_PARAMS, trace_back

Parents = dict[Cell, tuple[Cell, Side] | None]


def flood(maze: Maze, source: Cell) -> tuple[list[tuple[Cell, int]], Parents]:
    """A breadth-first flood from `source`: the cells in the order they are reached, each
    with its distance in moves, and the link (cell, side) each was reached by."""
    parents: Parents = {source: None}
    order = [(source, 0)]
    queue = deque(order)
    while queue:
        cell, d = queue.popleft()
        for side, step in maze.passages(cell):
            if step.cell not in parents:
                parents[step.cell] = (cell, side)
                order.append((step.cell, d + 1))
                queue.append((step.cell, d + 1))
    return order, parents


def flood_events(order: list[tuple[Cell, int]]) -> Iterator[ev.Event]:
    """CellMarked(cell, distance, count = distance) per cell, in the order reached, then
    Milestone(farthest) at the farthest cell (the last reached)."""
    for cell, d in order:
        yield ev.CellMarked(cell, Mark.DISTANCE, d)
    far, d = order[-1]
    yield ev.Milestone(f"farthest: {far}, {d} move{'s' * (d != 1)} away", far,
                       MilestoneKind.FARTHEST)


@register("solver", "distance_map",
          "distance map: a breadth-first flood coloured by distance (the maze's texture); "
          "with `longest`, a second flood from the farthest cell finds a longest path",
          params=ENDPOINT_PARAMS + (
              Param("longest", ParamKind.BOOL, False, "flood again from the farthest cell and mark "
                                                      "a longest path"),),
          blocks=True, family=Family.MAP, grids=ALL_GRIDS,
          milestones=frozenset({MilestoneKind.FARTHEST, MilestoneKind.LONGEST_PATH}),
          legend={"path": "the way from start to goal"})
def distance_map(maze: Maze, *, rng: np.random.Generator | None = None,
                 start: Cell | None = None, goal: Cell | None = None,
                 longest: bool = False) -> Iterator[ev.Event]:
    """Flood from `start` (default: the entrance), then end with the path to `goal`.

    Yields CellMarked(start, start), CellMarked(goal, goal), CellMarked(cell, distance,
    count = moves from the start) per cell in breadth-first order, Milestone(farthest) at
    the farthest cell. With `longest`: MarksCleared(distance), the second flood from that
    cell the same way, CellMarked(cell, longest) along a longest path and
    Milestone(longest path). Ends with PathFound (a shortest start→goal path), or NoPath
    when the flood never reaches the goal.
    """
    start, goal = resolve(maze, start, goal)
    first = opening(maze, start, goal)
    yield from first
    if isinstance(first[0], ev.NoPath):
        return
    order, parents = flood(maze, start)
    yield from flood_events(order)
    if longest:
        end_a = order[-1][0]
        again, back = flood(maze, end_a)
        yield ev.MarksCleared(Mark.DISTANCE)
        yield from flood_events(again)
        end_b, length = again[-1]
        way = trace_back(back, end_b)
        for cell in way.cells:
            yield ev.CellMarked(cell, Mark.LONGEST)
        yield ev.Milestone(f"longest path: {length} move{'s' * (length != 1)} from {end_a} "
                           f"to {end_b}", end_b, MilestoneKind.LONGEST_PATH)
    if goal not in parents:
        yield ev.NoPath(f"the goal {goal} cannot be reached from {start}")
        return
    yield trace_back(parents, goal)
