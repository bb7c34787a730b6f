"""Sidewinder: row by row, a run of cells grows east until a coin says stop; then one cell
of the run, at random, opens north. The top row is one long corridor, and every cell has a
way up: the maze's bias, visible at a glance."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Mark, Side
from ..maze import Maze, created
from ..registry import Family, Param, ParamKind, register
from ._common import Draws, Moves

SURFACE_REASON = ("sidewinder opens every cell east or north: on a glued surface every "
                  "cell has both, so the top row and the runs would close into loops")


@register("generator", "sidewinder",
          "sidewinder: row by row, a run grows east until a coin stops it, then one of its "
          "cells opens north (plane only: glued, the runs would close into loops)",
          params=(Param("close", ParamKind.FLOAT, 0.5, "the chance that a run stops at a cell "
                                                       "(and opens north)", 0.0, 1.0),),
          legend={"stack": "the current run (one of its cells opens north)",
                  "current": "the run's cell that opens north",
                  "opened": "its choice: on east, or north out of the run"},
          surfaces=frozenset({"plane"}), surface_reason=SURFACE_REASON,
          grid_reason="it carves the square grid row by row: runs east, one link north each",
          family=Family.CARVER)
def sidewinder(maze: Maze, *, rng: np.random.Generator,
               close: float = 0.5) -> Iterator[ev.Event]:
    """Carve a perfect maze on the plane, row by row, with runs.

    Yields GridCreated; per cell CellMarked(cell, run), then the choice: either
    WallConsidered + WallOpened(cell, E) (the run goes on; always on the top row) or, when
    the run stops (at random, or at the east edge), CellMarked(one of the run's cells,
    walker) + WallConsidered + WallOpened(it, N) (not on the top row) and MarksCleared(run).
    Ends with MarksCleared(walker).
    """
    if maze.surface.name != "plane":
        raise ValueError(f"sidewinder cannot run on the surface `{maze.surface.name}`: "
                         + SURFACE_REASON)
    yield created(maze)
    moves, draws = Moves(maze), Draws(rng, maze.cells)
    cells, cols = moves.cells, maze.cols
    for r in range(maze.rows):
        run: list[int] = []
        for c in range(cols):
            i = r * cols + c
            run.append(i)
            yield ev.CellMarked(cells[i], Mark.RUN)
            east = c == cols - 1
            if east or (r > 0 and draws.uniform() < close):
                if r > 0:
                    k = run[draws.below(len(run))]
                    yield ev.CellMarked(cells[k], Mark.WALKER)
                    moves.open(k, Side.N)
                    yield ev.WallConsidered(cells[k], Side.N)
                    yield ev.WallOpened(cells[k], Side.N)
                yield ev.MarksCleared(Mark.RUN)
                run = []
            else:
                moves.open(i, Side.E)
                yield ev.WallConsidered(cells[i], Side.E)
                yield ev.WallOpened(cells[i], Side.E)
    yield ev.MarksCleared(Mark.WALKER)
