"""Kruskal's algorithm with the naive union-find: every cell of a zone relabelled."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Side
from ..maze import Maze, created
from ..surfaces import Walls
from ..registry import Family, register


def seed_wall_order(maze: Maze) -> list[tuple[int, int, int]]:
    """The internal walls in numbering order: vertical walls first (row by row), then
    the horizontal ones (row by row). Glued walls follow the same rule."""
    return list(Walls(_seed_order_faces(maze), maze.cols))


def _seed_order_faces(maze: Maze) -> np.ndarray:
    """`seed_wall_order` as face codes (see `Surface.wall_faces`), sorted with numpy."""
    faces = maze.surface.wall_faces
    cell, side = np.divmod(faces, 4)
    horizontal = (side == Side.N) | (side == Side.S)
    # wall_faces ascend by (row, col, side): a stable sort on the kind alone keeps that
    return faces[np.argsort(horizontal, kind="stable")]


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
    target, entered, _ = maze.surface.step_table
    walls = _seed_order_faces(maze).tolist()
    faces = maze.faces.reshape(-1, 4)
    cells = [divmod(i, cols) for i in range(maze.cells)]
    side_of = tuple(Side)
    zone = list(range(maze.cells))
    members = {i: [i] for i in range(maze.cells)}
    merges = 0
    remaining = len(walls)
    while merges < maze.cells - 1 and remaining > 0:
        k = int(rng.integers(remaining))
        one, s = divmod(walls[k], 4)
        remaining -= 1
        walls[k], walls[remaining] = walls[remaining], walls[k]
        cell, side = cells[one], side_of[s]
        yield ev.WallConsidered(cell, side)
        other = int(target[one, s])
        keep, lose = zone[one], zone[other]
        if keep == lose:
            yield ev.WallRejected(cell, side, ev.Rejection.SAME_ZONE)
            continue
        moved = members.pop(lose)
        for i in moved:
            zone[i] = keep
        members[keep].extend(moved)
        merges += 1
        yield ev.SetsMerged(cells[keep], cells[lose], cells[keep], len(moved))
        faces[one, s] = faces[other, entered[one, s]] = True
        yield ev.WallOpened(cell, side)
    yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
