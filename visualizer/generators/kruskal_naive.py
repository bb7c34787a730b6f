"""Kruskal's algorithm with the naive union-find: every cell of a zone relabelled."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Side
from ..maze import Maze, created
from ..registry import Family, register


def seed_wall_order(maze: Maze) -> list[tuple[int, int, int]]:
    """The internal walls in numbering order: vertical walls first (row by row), then
    the horizontal ones (row by row). Glued walls follow the same rule."""
    def vertical(key: tuple[int, int, int]) -> bool:
        return Side(key[2]) in (Side.E, Side.W)

    walls = maze.surface.internal_walls
    return sorted(walls, key=lambda k: (not vertical(k), k[0], k[1], k[2]))


@register("generator", "kruskal_naive",
          "Kruskal with the naive union-find: walls in random order; joining two zones "
          "relabels every cell of one of them",
          legend={"opened": "wall opened: it joined two sets",
                  "rejected": "wall kept: both sides in one set"},
          family=Family.SET_BASED)
def kruskal_naive(maze: Maze, *, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Build a perfect maze; the union relabels the second wall side's whole zone.

    Walls are drawn without replacement by the swap-to-end trick. Yields
    GridCreated(fill="sets"), then per drawn wall WallConsidered, followed by either
    WallRejected(reason="same zone") or SetsMerged(zone of one side, zone of the other,
    surviving zone, cells relabelled) + WallOpened. Ends with Milestone("all sets merged").
    """
    yield created(maze, fill=ev.Fill.SETS)
    cols = maze.cols
    target = maze.surface.step_table[0]
    walls = seed_wall_order(maze)
    zone = list(range(maze.cells))
    members = {i: [i] for i in range(maze.cells)}
    merges = 0
    remaining = len(walls)
    while merges < maze.cells - 1 and remaining > 0:
        k = int(rng.integers(remaining))
        r, c, side = walls[k]
        remaining -= 1
        walls[k], walls[remaining] = walls[remaining], walls[k]
        cell, side = (r, c), Side(side)
        yield ev.WallConsidered(cell, side)
        one, other = r * cols + c, int(target[r * cols + c, side])
        keep, lose = zone[one], zone[other]
        if keep == lose:
            yield ev.WallRejected(cell, side, ev.Rejection.SAME_ZONE)
            continue
        moved = members.pop(lose)
        for i in moved:
            zone[i] = keep
        members[keep].extend(moved)
        merges += 1
        yield ev.SetsMerged(divmod(keep, cols), divmod(lose, cols), divmod(keep, cols),
                            len(moved))
        maze.open_wall(cell, side)
        yield ev.WallOpened(cell, side)
    yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
