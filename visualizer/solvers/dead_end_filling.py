"""Dead-end filling: fill every dead end, and the corridor behind it, until none is left;
what stays open holds the solution (exactly the solution on a perfect maze)."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze
from ..registry import ALL_GRIDS, Family, register
from ._common import ENDPOINT_PARAMS, opening, resolve, shortest_within


@register("solver", "dead_end_filling",
          "dead-end filling: fill dead ends and their corridors; the rest is the way",
          params=ENDPOINT_PARAMS, blocks=True,
          family=Family.COMPLETE, grids=ALL_GRIDS)
def dead_end_filling(maze: Maze, *, rng: np.random.Generator | None = None,
                     start: Cell | None = None, goal: Cell | None = None
                     ) -> Iterator[ev.Event]:
    """Fill the dead ends of `maze` (never `start` or `goal`), then read the way.

    Yields CellMarked(start, start), CellMarked(goal, goal), then CellMarked(cell, dead_end)
    per filled cell — each dead end in reading order, followed up its corridor until a
    junction — and PathFound (the shortest way through the unfilled cells) or NoPath.
    """
    start, goal = resolve(maze, start, goal)
    first = opening(maze, start, goal)
    yield from first
    if isinstance(first[0], ev.NoPath):
        return
    cells = [(r, c) for r in range(maze.rows) for c in range(maze.cols)
             if maze.passable((r, c))]
    degree = {cell: sum(1 for _ in maze.passages(cell)) for cell in cells}
    filled: set[Cell] = set()
    keep = {start, goal}
    for seed in cells:
        if seed in keep or seed in filled or degree[seed] > 1:
            continue
        corridor = [seed]
        while corridor:
            cell = corridor.pop()
            if cell in filled:
                continue
            filled.add(cell)
            yield ev.CellMarked(cell, Mark.DEAD_END)
            for _, step in maze.passages(cell):
                other = step.cell
                if other in filled or other == cell:
                    continue
                degree[other] -= 1
                if degree[other] <= 1 and other not in keep:
                    corridor.append(other)
    path = shortest_within(maze, start, goal, lambda _cell, _side, other: other not in filled)
    yield path or ev.NoPath(f"the goal {goal} cannot be reached from {start}")
