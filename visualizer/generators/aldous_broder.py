"""Aldous–Broder: a random walk that carves a wall whenever it enters a cell for the first
time. Every spanning tree comes out equally often, however long the walk takes.

The walk is computed in numpy batches (`_walk.Sides`, `maze.trail.walk_cells`): the cells
new at a batch's start that appear in it, at their first occurrence, are exactly its first
visits. The events are linear in the cells: one `Walked` per stretch of walk between two
carvings, not one per step."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Family, Param, ParamKind, register
from ._common import start_cell
from ._grid_walk import Walk
from ._walk import Sides, flat_cells


@register("generator", "aldous_broder",
          "Aldous–Broder: a random walk; the wall it crosses into a cell it has never "
          "been to is opened (uniform: every maze equally likely, but slow)",
          params=(Param("start", ParamKind.CELL, None, "where the walk starts (default: random)"),),
          legend={"current": "the random walker",
                  "tested": "where it just wandered"},
          family=Family.CARVER, grids=ALL_GRIDS)
def aldous_broder(maze: Maze, *, rng: np.random.Generator,
                  start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a uniform spanning tree into the blank `maze` by a random walk.

    Each step takes one of the grid's side indices uniformly (the four sides of the
    square; a triangle's east, west or third side; one of a disc cell's neighbours:
    `_walk.Walk`); a side that leads nowhere is a step that stays put.
    Yields GridCreated, CellMarked(start, walker); then,
    for each cell entered for the first time, Walked(that cell, steps since the last
    carving, steps in all, the sides taken) and WallOpened(cell left, side crossed). Ends
    with CellMarked(last cell, clear) once every cell has been entered: the walk stops on
    its last first visit. (`maze` itself is carved a batch of steps ahead of the events.)
    """
    yield created(maze)
    target, entered, _ = maze.grid.step_table
    faces = maze.faces.reshape(-1, maze.degree)
    cells, cols, sides_of = flat_cells(maze), maze.cols, maze.grid.all_sides
    walk = Walk(maze)
    draws = Sides(rng, maze.cells, walk.choices)
    first = start_cell(maze, rng, start)
    here = first[0] * cols + first[1]
    seen = np.zeros(maze.cells, dtype=bool)
    seen[here] = True
    left = maze.cell_count - 1
    yield ev.CellMarked(first, Mark.WALKER)
    walked = 0                       # steps before this batch
    carry: list[bytes] = []          # the stretch's sides from earlier batches
    carried = 0                      # ... and how many
    while left:
        at, taken = walk.cells(here, draws.take(draws.batch))
        sides = np.frombuffer(taken, dtype=np.uint8)
        fresh = np.flatnonzero(~seen[at])
        if not fresh.size:
            carry.append(taken)
            carried += len(sides)
            walked += len(sides)
            here = int(at[-1])
            continue
        _, firsts = np.unique(at[fresh], return_index=True)
        news = np.sort(fresh[firsts])[:left]
        left -= len(news)
        seen[at[news]] = True
        before = np.where(news > 0, at[news - 1], here)
        crossed = sides[news]
        faces[before, crossed] = True
        faces[at[news], entered[before, crossed]] = True
        mark = 0                     # where this batch's current stretch starts
        for j, cell, b, side in zip(news.tolist(), at[news].tolist(), before.tolist(),
                                    crossed.tolist()):
            trail = taken[mark:j + 1]
            if carry:
                trail = b"".join(carry) + trail
            yield ev.Walked(cells[cell], carried + j + 1 - mark, walked + j + 1, trail)
            yield ev.WallOpened(cells[b], sides_of[side])
            carry, carried, mark = [], 0, j + 1
        if left:
            carry.append(taken[mark:])
            carried += len(sides) - mark
            walked += len(sides)
            here = int(at[-1])
        else:
            here = int(at[news[-1]])
    yield ev.CellMarked(cells[here], Mark.CLEAR)
