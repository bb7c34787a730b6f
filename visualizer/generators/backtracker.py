"""The recursive backtracker, iterative: an explicit stack, no recursion."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Family, Param, ParamKind, register
from . import _weave
from ._common import start_cell


@register("generator", "backtracker",
          "recursive backtracker: walk to a random unvisited neighbour, back up when stuck",
          params=(Param("start", ParamKind.CELL, None, "the first cell (default: a random one)"),),
          legend={"stack": "on the stack (the way back)"},
          milestones=frozenset({ev.MilestoneKind.FIRST_BACKTRACK}),
          family=Family.CARVER, grids=ALL_GRIDS, weave=True)
def backtracker(maze: Maze, *, rng: np.random.Generator,
                start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a perfect maze depth-first into the blank `maze`.

    Yields GridCreated, then per step forward WallOpened + CellMarked(new cell, current), and
    per step back CellMarked(cell, done) + CellMarked(new top of stack, current). The first
    dead end is announced with Milestone("first backtrack", cell). On a weave a step may
    go under a corridor instead: TunnelDug(crossed cell, axis) + CellMarked(new cell, current).
    """
    if maze.weave:
        yield from _weave.backtracker(maze, rng, start)
        return
    yield created(maze)
    cols, degree = maze.cols, range(maze.degree)
    target, entered, _ = maze.grid.step_table
    faces = maze.faces.reshape(-1, maze.degree)
    sides = maze.grid.all_sides
    cells = [divmod(i, cols) for i in range(maze.cells)]
    seen = [False] * maze.cells
    start = start_cell(maze, rng, start)
    first = start[0] * cols + start[1]
    seen[first] = True
    stack = [first]
    yield ev.CellMarked(start, Mark.CURRENT)
    backtracked = False
    moves = target.tolist()
    choices = iter(())
    while stack:
        here = stack[-1]
        row = moves[here]
        options = [side for side in degree if row[side] >= 0 and not seen[row[side]]]
        cell = cells[here]
        if options:
            if len(options) > 1:
                u: float | None = next(choices, None)
                if u is None:
                    choices = iter(rng.random(4096).tolist())
                    u = next(choices)
                side = sides[options[int(u * len(options))]]
            else:
                side = sides[options[0]]
            there = row[side]
            faces[here, side] = faces[there, entered[here, side]] = True
            yield ev.WallOpened(cell, side)
            seen[there] = True
            stack.append(there)
            yield ev.CellMarked(cells[there], Mark.CURRENT)
        else:
            stack.pop()
            if not backtracked:
                backtracked = True
                yield ev.Milestone("first backtrack", cell, ev.MilestoneKind.FIRST_BACKTRACK)
            yield ev.CellMarked(cell, Mark.DONE)
            if stack:
                yield ev.CellMarked(cells[stack[-1]], Mark.CURRENT)
