"""The threshold maze ("labyrinthe à seuil"): each cell is blocked at random."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell
from ..maze import Maze, created
from ..registry import Family, Param, ParamKind, register


def always_open(rows: int, cols: int) -> tuple[Cell, ...]:
    """The cells a threshold maze never blocks: the entrance (0, 0), the exit (last corner)
    and the cell next to the entrance ((1, 1) of the bordered block grid)."""
    beside = (0, 1) if cols > 1 else (min(1, rows - 1), 0)
    return tuple(dict.fromkeys([(0, 0), beside, (rows - 1, cols - 1)]))


def draw_blocked(rows: int, cols: int, threshold: float,
                 rng: np.random.Generator) -> np.ndarray:
    """The blocked cells: each one with probability `threshold`, except `always_open`."""
    blocked = rng.random((rows, cols)) < threshold
    for cell in always_open(rows, cols):
        blocked[cell] = False
    return blocked


@register("generator", "threshold",
          "threshold maze: every cell blocked with probability `threshold` (may have loops "
          "and no solution)",
          params=(Param("threshold", ParamKind.FLOAT, 0.3, "the probability that a cell is blocked",
                        min=0.0, max=1.0),),
          perfect=False, blocks=True,
          family=Family.BLOCK,
          grid_reason="it makes a block maze: square cells, open or solid, on the block grid")
def threshold(maze: Maze, *, rng: np.random.Generator,
              threshold: float = 0.3) -> Iterator[ev.Event]:
    """Turn the blank `maze` into a block maze (all walls open) and block cells at random.

    Yields GridCreated(fill="passage", walls_open=True), one CellBlocked per blocked cell in
    reading order, then Milestone("blocked k of n cells").
    """
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(f"`threshold` is a probability from 0 to 1, got {threshold}")
    target = maze.surface.step_table[0].reshape(maze.rows, maze.cols, 4)
    maze.faces[:] = target >= 0
    yield created(maze, fill=ev.Fill.PASSAGE)
    blocked = draw_blocked(maze.rows, maze.cols, threshold, rng)
    for r, c in zip(*np.nonzero(blocked)):
        cell = (int(r), int(c))
        maze.blocked[cell] = True
        yield ev.CellBlocked(cell)
    yield ev.Milestone(f"blocked {int(blocked.sum())} of {maze.cells} cells",
                       kind=ev.MilestoneKind.BLOCKED)
