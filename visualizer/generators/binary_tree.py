"""The binary tree maze: every cell opens north or east, by a coin flip (only one way on
the top row and the east column). Two long corridors along those edges and a diagonal grain
from south-west to north-east: the bias is plain to see."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Mark, Side
from ..maze import Maze, created
from ..registry import Family, Param, ParamKind, register
from ._common import Draws, Moves

SURFACE_REASON = ("each cell opens north or east: on a glued surface every cell has both, "
                  "so there would be as many passages as cells — a loop")


@register("generator", "binary_tree",
          "binary tree: each cell opens north or east by a coin flip (plane only: on a "
          "glued surface every cell has both ways, which makes loops)",
          params=(Param("north", ParamKind.FLOAT, 0.5, "the chance of opening north when a cell "
                                                       "can go both ways", 0.0, 1.0),),
          legend={"opened": "its choice: north or east"},
          surfaces=frozenset({"plane"}), surface_reason=SURFACE_REASON,
          grid_reason="every cell links north or east, the square grid's two directions",
          family=Family.CARVER)
def binary_tree(maze: Maze, *, rng: np.random.Generator,
                north: float = 0.5) -> Iterator[ev.Event]:
    """Carve a perfect maze on the plane: per cell, row by row, CellMarked(cell, walker)
    then the choice, WallConsidered + WallOpened(cell, N or E) — none for the north-east
    corner. Ends with MarksCleared(walker)."""
    if maze.surface.name != "plane":
        raise ValueError(f"binary_tree cannot run on the surface `{maze.surface.name}`: "
                         + SURFACE_REASON)
    yield created(maze)
    moves, draws = Moves(maze), Draws(rng, maze.cells)
    cells, cols = moves.cells, maze.cols
    for i in range(maze.cells):
        r, c = cells[i]
        yield ev.CellMarked(cells[i], Mark.WALKER)
        can_n, can_e = r > 0, c < cols - 1
        if can_n and can_e:
            side = Side.N if draws.uniform() < north else Side.E
        elif can_n or can_e:
            side = Side.N if can_n else Side.E
        else:
            continue
        moves.open(i, side)
        yield ev.WallConsidered(cells[i], side)
        yield ev.WallOpened(cells[i], side)
    yield ev.MarksCleared(Mark.WALKER)
