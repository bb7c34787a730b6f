"""Hunt-and-kill: a random walk onto cells not in the maze yet; when it is stuck, a scan
row by row (the hunt) for a cell outside the maze next to it, joined, and the walk goes on
from there."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze, created
from ..registry import Family, Param, register
from ._common import Draws, Moves, start_cell


@register("generator", "hunt_and_kill",
          "hunt-and-kill: walk to random cells not in the maze; when stuck, scan row by "
          "row for one next to the maze, join it and walk on",
          params=(Param("start", "cell", None, "where the first walk starts (default: "
                                               "random)"),),
          legend={"scan": "the hunt's scan line"},
          family=Family.CARVER)
def hunt_and_kill(maze: Maze, *, rng: np.random.Generator,
                  start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a perfect maze into the blank `maze`: walks and hunts.

    Yields GridCreated, CellMarked(start, walker); per step of a walk WallOpened(cell, side)
    + CellMarked(new cell, walker). When the walker is stuck, the hunt: per row scanned,
    from the first row with a cell outside the maze, CellMarked(c, scan) for each of its
    cells, then MarksCleared(scan) — until a row holds a cell outside the maze with a
    neighbour in it: WallOpened(that cell, side towards a random such neighbour),
    CellMarked(cell, walker), Milestone("hunt k: found …", cell) (a frame that shows the
    scan line and its find), MarksCleared(scan), and the walk goes on. The first hunt is
    announced by a Milestone too. Ends with CellMarked(last walker cell, clear).
    """
    yield created(maze)
    moves, draws = Moves(maze), Draws(rng, maze.cells)
    target, cells, cols = moves.target, moves.cells, maze.cols
    options = [moves.sides(i) for i in range(maze.cells)]
    here = moves.flat(start_cell(maze, rng, start))
    seen = [False] * maze.cells
    seen[here] = True
    left_in_row = [cols] * maze.rows
    left_in_row[here // cols] -= 1
    left = maze.cells - 1
    yield ev.CellMarked(cells[here], Mark.WALKER)
    first_row = 0
    hunted = False
    hunts = 0
    while left:
        fresh = [side for side in options[here] if not seen[target[here][side]]]
        if fresh:
            side = fresh[draws.below(len(fresh))]
            there = target[here][side]
            moves.open(here, side)
            yield ev.WallOpened(cells[here], Side(side))
        else:
            if not hunted:
                hunted = True
                yield ev.Milestone("stuck: the hunt scans row by row", cells[here])
            while not left_in_row[first_row]:
                first_row += 1
            found = None
            for row in range(first_row, maze.rows):
                if not left_in_row[row]:
                    continue
                for c in range(cols):
                    yield ev.CellMarked((row, c), Mark.SCAN)
                for i in range(row * cols, row * cols + cols):
                    if not seen[i]:
                        inside = [side for side in options[i] if seen[target[i][side]]]
                        if inside:
                            found = i, inside[draws.below(len(inside))]
                            break
                if found is not None:
                    break
                yield ev.MarksCleared(Mark.SCAN)
            assert found is not None, "a connected surface always has such a cell"
            there, side = found
            hunts += 1
            moves.open(there, side)
            yield ev.WallOpened(cells[there], Side(side))
            yield ev.CellMarked(cells[there], Mark.WALKER)
            yield ev.Milestone(f"hunt {hunts}: found a cell next to the maze", cells[there])
            yield ev.MarksCleared(Mark.SCAN)
        seen[there] = True
        left -= 1
        left_in_row[there // cols] -= 1
        if fresh:
            yield ev.CellMarked(cells[there], Mark.WALKER)
        here = there
    yield ev.CellMarked(cells[here], Mark.CLEAR)
