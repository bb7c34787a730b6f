"""Kruskal's algorithm with Tarjan's union-find (union by rank, path compression)."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Family, register
from ..maze.union_find import UnionFind
from . import _weave


@register("generator", "kruskal",
          "Kruskal: open walls in random order when they join two different sets "
          "(union-find, union by rank, path compression)",
          legend={"opened": "wall opened: it joined two sets",
                  "rejected": "wall kept: both sides in one set"},
          family=Family.SET_BASED, grids=ALL_GRIDS, weave=True)
def kruskal(maze: Maze, *, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Build a perfect maze as a random spanning tree of the surface's cell graph.

    Yields GridCreated(fill="sets"), then for each wall in a random order WallConsidered,
    followed by either WallRejected(reason="same set") or SetsMerged(root of one side,
    root of the other, surviving root, links followed) + WallOpened. Ends with
    Milestone("all sets merged") once one set is left. On a weave, crossings are laid
    first (SetsMerged and WallOpened for the corridor, TunnelDug for the tunnel under it),
    then the walls still closed are taken in a random order.
    """
    if maze.weave:
        yield from _weave.kruskal(maze, rng)
        return
    yield created(maze, fill=ev.Fill.SETS)
    cols = maze.cols
    walls = maze.grid.wall_faces
    target, entered, _ = maze.grid.step_table
    sets = UnionFind(maze.cells)
    if maze.cell_count == 1:
        yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
        return
    # the walls in a random order, each as (cell, side, cell across), all decoded at once
    here, sides = np.divmod(walls[rng.permutation(len(walls))], maze.degree)
    there = target[here, sides]
    through = entered[here, sides]
    faces = maze.faces.reshape(-1, maze.degree)
    cells = [divmod(i, cols) for i in range(maze.cells)]
    side_of = maze.grid.all_sides
    union = sets.union
    considered, rejected, merged, opened = (ev.WallConsidered, ev.WallRejected,
                                            ev.SetsMerged, ev.WallOpened)
    same_set = ev.Rejection.SAME_SET
    left = maze.cell_count - 1
    for i, s, j, t in zip(here.tolist(), sides.tolist(), there.tolist(), through.tolist()):
        cell, side = cells[i], side_of[s]
        yield considered(cell, side)
        joined = union(i, j)
        if joined is None:
            yield rejected(cell, side, same_set)
            continue
        a, b, root = joined
        yield merged(cells[a], cells[b], cells[root], sets.last_cost)
        faces[i, s] = faces[j, t] = True
        yield opened(cell, side)
        left -= 1
        if not left:
            yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
            return
