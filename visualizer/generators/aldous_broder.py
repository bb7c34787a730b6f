"""Aldous–Broder: a random walk that carves a wall whenever it enters a cell for the first
time. Every spanning tree comes out equally often, however long the walk takes."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze, created
from ..registry import Family, Param, register
from ._common import Draws, Moves, start_cell


@register("generator", "aldous_broder",
          "Aldous–Broder: a random walk; the wall it crosses into a cell it has never "
          "been to is opened (uniform: every maze equally likely, but slow)",
          params=(Param("start", "cell", None, "where the walk starts (default: random)"),),
          legend={"current": "the random walker"},
          family=Family.CARVER)
def aldous_broder(maze: Maze, *, rng: np.random.Generator,
                  start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a uniform spanning tree into the blank `maze` by a random walk.

    Yields GridCreated, CellMarked(start, walker); then per step of the walk (a side chosen
    uniformly among those that lead somewhere) WallOpened(cell, side) if the cell entered
    is new, and CellMarked(cell entered, walker, count = steps walked so far). Ends with
    CellMarked(last cell, clear) once every cell has been entered.
    """
    yield created(maze)
    moves, draws = Moves(maze), Draws(rng, maze.cells)
    first = start_cell(maze, rng, start)
    here = moves.flat(first)
    seen = [False] * maze.cells
    seen[here] = True
    left = maze.cells - 1
    yield ev.CellMarked(first, Mark.WALKER)
    steps = 0
    options = [moves.sides(i) for i in range(maze.cells)]
    target, cells = moves.target, moves.cells
    while left:
        sides = options[here]
        side = sides[draws.below(len(sides))]
        there = target[here][side]
        steps += 1
        if not seen[there]:
            seen[there] = True
            left -= 1
            moves.open(here, side)
            yield ev.WallOpened(cells[here], Side(side))
        yield ev.CellMarked(cells[there], Mark.WALKER, steps)
        here = there
    yield ev.CellMarked(cells[here], Mark.CLEAR)
