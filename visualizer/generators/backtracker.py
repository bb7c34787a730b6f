"""The recursive backtracker (seeds 000 and 004), iterative: an explicit stack, no recursion."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze, created
from ..registry import Param, register


@register("generator", "backtracker",
          "recursive backtracker: walk to a random unvisited neighbour, back up when stuck",
          params=(Param("start", "cell", None, "the first cell (default: a random one)"),))
def backtracker(maze: Maze, *, rng: np.random.Generator,
                start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a perfect maze depth-first into the blank `maze`.

    Yields GridCreated, then per step forward WallOpened + CellMarked(new cell, current), and
    per step back CellMarked(cell, done) + CellMarked(new top of stack, current). The first
    dead end is announced with Milestone("first backtrack", cell).
    """
    yield created(maze)
    cols = maze.cols
    target, _, _ = maze.surface.step_table
    visited = np.zeros(maze.cells, dtype=bool)
    if start is None:
        start = (int(rng.integers(maze.rows)), int(rng.integers(cols)))
    first = start[0] * cols + start[1]
    visited[first] = True
    stack = [first]
    yield ev.CellMarked(start, Mark.CURRENT)
    backtracked = False
    while stack:
        here = stack[-1]
        options = [side for side in range(4)
                   if target[here, side] >= 0 and not visited[target[here, side]]]
        cell = divmod(here, cols)
        if options:
            side = Side(options[int(rng.integers(len(options)))]) if len(options) > 1 \
                else Side(options[0])
            there = int(target[here, side])
            maze.open_wall(cell, side)
            yield ev.WallOpened(cell, side)
            visited[there] = True
            stack.append(there)
            yield ev.CellMarked(divmod(there, cols), Mark.CURRENT)
        else:
            stack.pop()
            if not backtracked:
                backtracked = True
                yield ev.Milestone("first backtrack", cell)
            yield ev.CellMarked(cell, Mark.DONE)
            if stack:
                yield ev.CellMarked(divmod(stack[-1], cols), Mark.CURRENT)
