"""Kruskal's algorithm with the naive union-find: every cell of a zone relabelled."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Family, register


@register("generator", "kruskal_naive",
          "Kruskal with the naive union-find: walls in random order; joining two zones "
          "relabels every cell of one of them",
          legend={"opened": "wall opened: it joined two sets",
                  "rejected": "wall kept: both sides in one set"},
          family=Family.SET_BASED, grids=ALL_GRIDS)
def kruskal_naive(maze: Maze, *, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Build a perfect maze; the union relabels the second wall side's whole zone.

    The walls come in exactly the order `kruskal` draws them from the same random
    generator (one permutation of `Surface.wall_faces`), so with the same seed both
    consider the same walls, open the same ones and build the same maze: only the cost of
    a union differs. Yields GridCreated(fill="sets"), then per wall WallConsidered,
    followed by either WallRejected(reason="same zone") or SetsMerged(zone of one side,
    zone of the other, surviving zone, cells relabelled) + WallOpened. Ends with
    Milestone("all sets merged") once one zone is left.
    """
    yield created(maze, fill=ev.Fill.SETS)
    cols = maze.cols
    walls = maze.grid.wall_faces
    target, entered, _ = maze.grid.step_table
    if maze.cell_count == 1:
        yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
        return
    # the same draw as kruskal's: the walls in a random order, each as (cell, side, across)
    here, sides = np.divmod(walls[rng.permutation(len(walls))], maze.degree)
    there = target[here, sides]
    through = entered[here, sides]
    faces = maze.faces.reshape(-1, maze.degree)
    cells = [divmod(i, cols) for i in range(maze.cells)]
    side_of = maze.grid.all_sides
    zone = list(range(maze.cells))
    members = {i: [i] for i in range(maze.cells)}
    left = maze.cell_count - 1
    for i, s, j, t in zip(here.tolist(), sides.tolist(), there.tolist(), through.tolist()):
        cell, side = cells[i], side_of[s]
        yield ev.WallConsidered(cell, side)
        keep, lose = zone[i], zone[j]
        if keep == lose:
            yield ev.WallRejected(cell, side, ev.Rejection.SAME_ZONE)
            continue
        moved = members.pop(lose)
        for k in moved:
            zone[k] = keep
        members[keep].extend(moved)
        yield ev.SetsMerged(cells[keep], cells[lose], cells[keep], len(moved))
        faces[i, s] = faces[j, t] = True
        yield ev.WallOpened(cell, side)
        left -= 1
        if not left:
            yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
            return
