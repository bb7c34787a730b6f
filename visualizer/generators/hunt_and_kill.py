"""Hunt-and-kill: a random walk onto cells not in the maze yet; when it is stuck, a scan
row by row (the hunt) for a cell outside the maze next to it, joined, and the walk goes on
from there."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Family, Param, ParamKind, register
from ._common import Draws, Moves, start_cell


@register("generator", "hunt_and_kill",
          "hunt-and-kill: walk to random cells not in the maze; when stuck, scan row by "
          "row for one next to the maze, join it and walk on",
          params=(Param("start", ParamKind.CELL, None, "where the first walk starts (default: "
                                                       "random)"),),
          legend={"scan": "the hunt's scan line"},
          family=Family.CARVER, grids=ALL_GRIDS)
def hunt_and_kill(maze: Maze, *, rng: np.random.Generator,
                  start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a perfect maze into the blank `maze`: walks and hunts.

    Yields GridCreated, CellMarked(start, walker); per step of a walk WallOpened(cell, side)
    + CellMarked(new cell, walker). When the walker is stuck, the hunt: per row scanned,
    from the first row with a cell outside the maze, CellsMarked(the row's cells, scan,
    replacing=True) — one event per row, the scan line moving down (each frame of the sweep
    shows it) — until a row holds a cell outside the maze with a neighbour in it:
    WallOpened(the first such cell, side towards a random such neighbour), CellMarked(cell,
    walker), MarksCleared(scan), and the walk goes on. Only the
    first hunt has milestones: Milestone("stuck: …") before its scan and Milestone("hunt 1:
    found …", cell) before its MarksCleared (a frame that shows the scan line and its find);
    the later hunts are paced like the walk (one milestone per hunt would force ~10⁵ frames
    on a 1000 x 1000 maze). Ends with CellMarked(last walker cell, clear).
    """
    yield created(maze)
    moves = Moves(maze)
    numbers = Draws(rng, maze.cells).numbers()
    step, other, cells, cols = moves.step, moves.other, moves.cells, maze.cols
    # the step table with the outside as one more cell (index `cells`, never in the maze)
    outside = np.where(moves.table >= 0, moves.table, maze.cells)
    faces, sides, degree = moves.flat_faces, maze.grid.all_sides, maze.degree
    options = moves.options()
    present = maze.grid.present
    row_cells = [tuple(cells[r * cols + c] for c in np.flatnonzero(present[r]).tolist())
                 for r in range(maze.rows)]
    here = moves.flat(start_cell(maze, rng, start))
    seen = bytearray(maze.cells + 1)      # 1: in the maze; the same bytes, seen by numpy:
    in_maze = np.frombuffer(seen, dtype=np.uint8)
    seen[here] = True
    left_in_row = present.sum(axis=1).tolist()
    left_in_row[here // cols] -= 1
    left = maze.cell_count - 1
    yield ev.CellMarked(cells[here], Mark.WALKER)
    first_row = 0
    hunts = 0
    while left:
        base = here * degree
        fresh = [side for side in options[here] if not seen[step[base + side]]]
        if fresh:
            n = len(fresh)
            if n > 1:
                k = int(next(numbers) * n)     # as `Draws.below`
                side = fresh[k if k < n else n - 1]
            else:
                side = fresh[0]
            face = base + side
            there = step[face]
            faces[face] = faces[other[face]] = True
            yield ev.WallOpened(cells[here], sides[side])
        else:
            if not hunts:
                yield ev.Milestone("stuck: the hunt scans row by row", cells[here])
            while not left_in_row[first_row]:
                first_row += 1
            found = None
            for row in range(first_row, maze.rows):
                if not left_in_row[row]:
                    continue
                yield ev.CellsMarked(row_cells[row], Mark.SCAN, replacing=True)
                lo = row * cols
                # a neighbour in the maze: any of the cell's four bytes, read as one word
                near = in_maze[outside[lo:lo + cols]].view(np.uint32)[:, 0] != 0 \
                    if degree == 4 else in_maze[outside[lo:lo + cols]].any(axis=1)
                hits = near & (in_maze[lo:lo + cols] == 0)
                k = int(hits.argmax())
                if hits[k]:
                    i = lo + k
                    inside = [side for side in options[i] if seen[step[degree * i + side]]]
                    n = len(inside)
                    k = int(next(numbers) * n)
                    found = i, inside[k if k < n else n - 1]
                    break
            assert found is not None, "a connected surface always has such a cell"
            there, side = found
            hunts += 1
            faces[degree * there + side] = faces[other[degree * there + side]] = True
            yield ev.WallOpened(cells[there], sides[side])
            yield ev.CellMarked(cells[there], Mark.WALKER)
            if hunts == 1:
                yield ev.Milestone("hunt 1: found a cell next to the maze", cells[there])
            yield ev.MarksCleared(Mark.SCAN)
        seen[there] = True
        left -= 1
        left_in_row[there // cols] -= 1
        if fresh:
            yield ev.CellMarked(cells[there], Mark.WALKER)
        here = there
    yield ev.CellMarked(cells[here], Mark.CLEAR)
