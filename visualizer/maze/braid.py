"""Braiding: after generation, turn some walls into passages so that a share of
the dead ends disappears — the maze gets loops (it is no longer perfect)."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell
from .model import Maze


def degree(maze: Maze, cell: Cell) -> int:
    """How many passages leave `cell`."""
    return sum(1 for _ in maze.passages(cell))


def dead_ends(maze: Maze) -> list[Cell]:
    """The passable cells with exactly one passage, in reading order (degrees counted with
    numpy: a wall from a cell into itself counts twice, as `degree` does)."""
    target = maze.grid.step_table[0]
    blocked = maze.blocked.reshape(-1)
    leads = maze.faces.reshape(-1, maze.degree) & (target >= 0)
    leads[leads] = ~blocked[target[leads]]
    ends = np.flatnonzero((leads.sum(axis=1) == 1) & ~blocked)
    return [divmod(i, maze.cols) for i in ends.tolist()]


def braid(maze: Maze, share: float, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Remove `share` (0..1) of the dead ends of `maze` by opening one wall of each.

    Dead ends are taken in random order; a wall towards another dead end is preferred
    while that does not overshoot (it removes two at once). A wall from a cell into itself
    (a corner of the sphere, the top of a one-row torus) removes one dead end only.
    Yields Milestone("braiding …"), WallOpened per opening, then
    Milestone("braided: before → after dead ends")."""
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"`braid` is a share from 0 to 1, got {share}")
    ends = dead_ends(maze)
    target = round(share * len(ends))
    yield ev.Milestone(f"braiding: remove {target} of {len(ends)} dead ends",
                       kind=ev.MilestoneKind.BRAIDING)
    removed = 0
    for k in rng.permutation(len(ends)):
        if removed >= target:
            break
        cell = ends[int(k)]
        if degree(maze, cell) != 1:
            continue
        options = []
        for side in maze.grid.all_sides:
            step = maze.move(cell, side)
            if step is not None and not maze.is_open(cell, side) and maze.passable(step.cell):
                options.append((side, step.cell != cell and degree(maze, step.cell) == 1))
        if not options:
            continue
        pairs = [o for o in options if o[1]]
        if pairs and removed + 2 <= target:
            options = pairs
        side, pair = options[int(rng.integers(len(options)))]
        maze.open_wall(cell, side)
        yield ev.WallOpened(cell, side)
        removed += 2 if pair else 1
    yield ev.Milestone(f"braided: {len(ends)} → {len(dead_ends(maze))} dead ends",
                       kind=ev.MilestoneKind.BRAIDED)
