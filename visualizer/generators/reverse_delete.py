"""Reverse-delete on the block grid: the dual of Kruskal.

Start with every wall open, shuffle the walls (Fisher–Yates), then build each wall in turn
unless building it would cut the maze in two — checked by a traversal from one side.
"""
from __future__ import annotations

from collections import deque
from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze, created
from ..registry import Family, register


def fisher_yates(walls: list, rng: np.random.Generator) -> Iterator[tuple[int, int]]:
    """Shuffle `walls` in place (Fisher–Yates): swap slot i with a random slot
    j ≥ i, for i = 0, 1, … Yields each (i, j) after its swap."""
    for i in range(len(walls) - 1):
        j = int(rng.integers(i, len(walls)))
        walls[i], walls[j] = walls[j], walls[i]
        yield i, j


def connection_test(maze: Maze, start: Cell, goal: Cell) -> Iterator[Cell]:
    """Breadth-first traversal from `start` through open walls; yields each cell reached,
    stopping as soon as `goal` is reached."""
    seen = {start}
    queue = deque([start])
    yield start
    if start == goal:
        return
    while queue:
        cell = queue.popleft()
        for _, step in maze.passages(cell):
            if step.cell not in seen:
                seen.add(step.cell)
                yield step.cell
                if step.cell == goal:
                    return
                queue.append(step.cell)


@register("generator", "reverse_delete",
          "reverse-delete: all walls open, shuffled, each one built unless "
          "that disconnects its two sides (tested by a traversal)",
          legend={"rejected": "kept open: building it would disconnect",
                  "built": "wall built: the maze stays connected"},
          family=Family.WALL_ADDER)
def reverse_delete(maze: Maze, *, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Build a perfect maze by adding walls to an open grid.

    Yields GridCreated(walls_open=True, fill="open"); Milestone("Fisher–Yates shuffle"),
    WallConsidered(wall now in slot i) per swap, Milestone("shuffled"); then per wall in
    the shuffled order WallConsidered, CellMarked(cell, tested) for every cell the
    connection test reaches, the verdict — WallClosed (the sides stay connected) or
    WallRejected(reason="would disconnect") — and MarksCleared("tested").
    Ends with Milestone("spanning tree").
    """
    target = maze.surface.step_table[0].reshape(maze.rows, maze.cols, 4)
    maze.faces[:] = target >= 0
    yield created(maze, fill=ev.Fill.OPEN)
    walls = list(maze.surface.internal_walls)
    plural = "" if len(walls) == 1 else "s"
    yield ev.Milestone(f"Fisher–Yates shuffle of {len(walls)} wall{plural}",
                       kind=ev.MilestoneKind.SHUFFLE)
    for i, _ in fisher_yates(walls, rng):
        r, c, side = walls[i]
        yield ev.WallConsidered((r, c), Side(side))
    yield ev.Milestone("shuffled: try each wall", kind=ev.MilestoneKind.SHUFFLED)
    for r, c, side in walls:
        cell, side = (r, c), Side(side)
        other = maze.surface.move(cell, side).cell
        yield ev.WallConsidered(cell, side)
        maze.close_wall(cell, side)
        reached = None
        for reached in connection_test(maze, cell, other):
            yield ev.CellMarked(reached, Mark.TESTED)
        if reached == other:
            yield ev.WallClosed(cell, side)
        else:
            maze.open_wall(cell, side)
            yield ev.WallRejected(cell, side, ev.Rejection.WOULD_DISCONNECT)
        yield ev.MarksCleared(Mark.TESTED)
    yield ev.Milestone("spanning tree", kind=ev.MilestoneKind.SPANNING_TREE)
