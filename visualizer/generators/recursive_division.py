"""Recursive division, a wall adder: start with no walls; split a chamber in two with a
wall that has one gap, then divide each half the same way, down to corridors one cell
wide."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Mark, Side
from ..maze import Maze, created
from ..registry import Family, register
from ._common import Draws, Moves

SURFACE_REASON = ("a chamber is a rectangle closed by walls: on a glued surface the open "
                  "square has no edge, and one wall with a gap would not split it in two")


@register("generator", "recursive_division",
          "recursive division: no walls at first; split each chamber by a wall with one "
          "gap, across its longer side, down to corridors (plane only: a glued square has "
          "no edge to close a chamber)",
          legend={"chamber": "the chamber being divided",
                  "rejected": "the gap left in the new wall"},
          surfaces=frozenset({"plane"}), surface_reason=SURFACE_REASON,
          grid_reason="it divides rectangles of square cells with straight walls",
          family=Family.WALL_ADDER)
def recursive_division(maze: Maze, *, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Build a perfect maze on the plane by adding walls to an open grid.

    Yields GridCreated(walls_open=True, fill="open"); per chamber at least two cells wide
    and tall (the first half first): one CellsMarked(the cells along its edge, clockwise
    from its north-west corner, chamber) — the chamber outlined — the new
    wall as WallClosed segments (across the longer side; a square chamber at random), its
    gap as WallConsidered + WallRejected("the gap"), then MarksCleared(chamber).
    """
    if maze.surface.name != "plane":
        raise ValueError(f"recursive_division cannot run on the surface "
                         f"`{maze.surface.name}`: " + SURFACE_REASON)
    target = maze.surface.step_table[0].reshape(maze.rows, maze.cols, 4)
    maze.faces[:] = target >= 0
    yield created(maze, fill=ev.Fill.OPEN)
    draws = Draws(rng, maze.cells)
    moves = Moves(maze)
    faces, other, cols = moves.flat_faces, moves.other, maze.cols
    chambers = [(0, 0, maze.rows, maze.cols)]       # top, left, height, width
    while chambers:
        top, left, height, width = chambers.pop()
        if height < 2 or width < 2:
            continue
        yield ev.CellsMarked(_ring(top, left, height, width), Mark.CHAMBER)
        across = height > width or (height == width and draws.uniform() < 0.5)
        if across:                 # a wall along a row boundary, from west to east
            r = top + draws.below(height - 1)
            gap = left + draws.below(width)
            wall = [((r, c), Side.S) for c in range(left, left + width)]
            halves = [(r + 1, left, top + height - 1 - r, width), (top, left, r - top + 1, width)]
            door = ((r, gap), Side.S)
        else:                      # a wall along a column boundary, from north to south
            c = left + draws.below(width - 1)
            gap = top + draws.below(height)
            wall = [((r, c), Side.E) for r in range(top, top + height)]
            halves = [(top, c + 1, height, left + width - 1 - c), (top, left, height, c - left + 1)]
            door = ((gap, c), Side.E)
        for cell, side in wall:
            if (cell, side) != door:
                face = 4 * (cell[0] * cols + cell[1]) + side
                faces[face] = faces[other[face]] = False
                yield ev.WallClosed(cell, side)
        yield ev.WallConsidered(*door)
        yield ev.WallRejected(door[0], door[1], ev.Rejection.GAP)
        yield ev.MarksCleared(Mark.CHAMBER)
        chambers.extend(halves)


def _ring(top: int, left: int, height: int, width: int) -> tuple[tuple[int, int], ...]:
    """The cells along the edge of a chamber, clockwise from its north-west corner."""
    bottom, right = top + height - 1, left + width - 1
    ring = [(top, c) for c in range(left, right + 1)]
    ring += [(r, right) for r in range(top + 1, bottom + 1)]
    ring += [(bottom, c) for c in range(right - 1, left - 1, -1)]
    ring += [(r, left) for r in range(bottom - 1, top, -1)]
    return tuple(ring)
