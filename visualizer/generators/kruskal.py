"""Kruskal's algorithm with Tarjan's union-find (union by rank, path compression)."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Side
from ..maze import Maze, created
from ..registry import Family, register
from ..union_find import UnionFind


@register("generator", "kruskal",
          "Kruskal: open walls in random order when they join two different sets "
          "(union-find, union by rank, path compression)",
          legend={"opened": "wall opened: it joined two sets",
                  "rejected": "wall kept: both sides in one set"},
          family=Family.SET_BASED)
def kruskal(maze: Maze, *, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Build a perfect maze as a random spanning tree of the surface's cell graph.

    Yields GridCreated(fill="sets"), then for each wall in a random order WallConsidered,
    followed by either WallRejected(reason="same set") or SetsMerged(root of one side,
    root of the other, surviving root, links followed) + WallOpened. Ends with
    Milestone("all sets merged") once one set is left.
    """
    yield created(maze, fill=ev.Fill.SETS)
    cols = maze.cols
    walls = maze.surface.internal_walls
    target = maze.surface.step_table[0]
    sets = UnionFind(maze.cells)
    if sets.sets == 1:
        yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
        return
    for k in rng.permutation(len(walls)):
        r, c, side = walls[k]
        cell, side = (r, c), Side(side)
        yield ev.WallConsidered(cell, side)
        joined = sets.union(r * cols + c, int(target[r * cols + c, side]))
        if joined is None:
            yield ev.WallRejected(cell, side, ev.Rejection.SAME_SET)
            continue
        a, b, root = (divmod(x, cols) for x in joined)
        yield ev.SetsMerged(a, b, root, sets.last_cost)
        maze.open_wall(cell, side)
        yield ev.WallOpened(cell, side)
        if sets.sets == 1:
            yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
            return
