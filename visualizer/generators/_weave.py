"""Weaves (square grid): passages that go under a straight corridor.

A cell C can be tunnelled under, from a cell beside it, when C is a corridor running
straight across the move (its open sides are exactly the two sides across it), C is not
crossed already, and the cell beyond C, straight on, is still to be joined; the five
cells of a crossing (C, the tunnel's two ends, the corridor's two cells) are distinct, as
a small glued surface might make them otherwise. The tunnel
opens C's two walls on the move's axis (`TunnelDug`): the passage joins the cells on
either side of C, and C keeps its own corridor. Counting each tunnel as one passage
between the cells it joins, the maze stays a spanning tree.
"""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Axis, Cell, Mark, Side
from ..maze import Maze, created
from ..maze.union_find import UnionFind
from ._common import Draws, start_cell


def tunnel(maze: Maze, here: Cell, side: Side, taken: list[bool]
           ) -> tuple[Cell, Axis, Cell] | None:
    """`Maze.tunnel_under` when the cell beyond is not in the maze yet (`taken[i]`: flat
    cell i is), else None."""
    dug = maze.tunnel_under(here, side)
    if dug is None or taken[dug[2][0] * maze.cols + dug[2][1]]:
        return None
    return dug


def backtracker(maze: Maze, rng: np.random.Generator, start: Cell | None
                ) -> Iterator[ev.Event]:
    """The recursive backtracker on a weave: a step may go under a crossing corridor to the
    cell beyond (drawn among the unvisited neighbours, each way equally likely)."""
    yield created(maze)
    draws = Draws(rng, maze.cells)
    seen = [False] * maze.cells
    start = start_cell(maze, rng, start)
    seen[start[0] * maze.cols + start[1]] = True
    stack = [start]
    yield ev.CellMarked(start, Mark.CURRENT)
    backtracked = False
    while stack:
        here = stack[-1]
        options: list[tuple[Side, tuple[Cell, Axis] | None, Cell]] = []
        for side in Side:
            step = maze.move(here, side)
            if step is not None and not seen[step.cell[0] * maze.cols + step.cell[1]]:
                options.append((side, None, step.cell))
            elif (dug := tunnel(maze, here, side, seen)) is not None:
                options.append((side, dug[:2], dug[2]))
        if not options:
            stack.pop()
            if not backtracked:
                backtracked = True
                yield ev.Milestone("first backtrack", here, ev.MilestoneKind.FIRST_BACKTRACK)
            yield ev.CellMarked(here, Mark.DONE)
            if stack:
                yield ev.CellMarked(stack[-1], Mark.CURRENT)
            continue
        side, over, there = options[draws.below(len(options))]
        if over is None:
            maze.open_wall(here, side)
            yield ev.WallOpened(here, side)
        else:
            maze.dig_tunnel(*over)
            yield ev.TunnelDug(*over)
        seen[there[0] * maze.cols + there[1]] = True
        stack.append(there)
        yield ev.CellMarked(there, Mark.CURRENT)


def seed_crossings(maze: Maze, rng: np.random.Generator, sets: UnionFind
                   ) -> Iterator[ev.Event]:
    """Kruskal on a weave (Buck's way): before the walls, as many tries as there are cells
    to lay a crossing at a random cell with no passage yet, its corridor and its tunnel
    along a random pair of axes, when the three joins it makes keep the sets a forest."""
    cols = maze.cols
    tries = rng.integers(0, maze.cells, size=maze.cells).tolist()
    turns = rng.random(maze.cells).tolist()
    for i, turn in zip(tries, turns):
        cell = divmod(i, cols)
        if maze.faces[cell].any():
            continue
        near = [maze.move(cell, side) for side in Side]
        if any(step is None for step in near):
            continue
        flat = [s.cell[0] * cols + s.cell[1] for s in near if s is not None]
        under = Axis.EAST_WEST if turn < 0.5 else Axis.NORTH_SOUTH
        ends = [flat[s] for s in under.sides]
        over = [flat[s] for s in Side if s not in under.sides]
        roots = {sets.find(i), *(sets.find(j) for j in over)}
        ends_roots = {sets.find(j) for j in ends}
        if len({i, *over, *ends}) < 5 or len(roots) < 3 or len(ends_roots) < 2 \
                or ends_roots <= roots:
            continue
        for j in over:
            joined = sets.union(i, j)
            assert joined is not None
            a, b, root = joined
            yield ev.SetsMerged(divmod(a, cols), divmod(b, cols), divmod(root, cols),
                                sets.last_cost)
        for side in Side:
            if side not in under.sides:
                maze.open_wall(cell, side)
                yield ev.WallOpened(cell, side)
        joined = sets.union(ends[0], ends[1])
        assert joined is not None
        a, b, root = joined
        yield ev.SetsMerged(divmod(a, cols), divmod(b, cols), divmod(root, cols),
                            sets.last_cost)
        maze.dig_tunnel(cell, under)
        yield ev.TunnelDug(cell, under)


def kruskal(maze: Maze, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Kruskal on a weave: crossings seeded first, then every wall still closed in a random
    order, opened when it joins two sets."""
    yield created(maze, fill=ev.Fill.SETS)
    sets = UnionFind(maze.cells)
    yield from seed_crossings(maze, rng, sets)
    walls = maze.grid.wall_faces
    here, sides = np.divmod(walls[rng.permutation(len(walls))], maze.degree)
    left = maze.cell_count - 1 - sum(3 for _ in maze.crossings)
    for i, s in zip(here.tolist(), sides.tolist()):
        cell, side = divmod(i, maze.cols), Side(s)
        step = maze.move(cell, side)
        if left <= 0:
            break
        if maze.faces[cell[0], cell[1], side] or step is None:
            continue
        yield ev.WallConsidered(cell, side)
        joined = sets.union(i, step.cell[0] * maze.cols + step.cell[1])
        if joined is None:
            yield ev.WallRejected(cell, side, ev.Rejection.SAME_SET)
            continue
        a, b, root = joined
        yield ev.SetsMerged(divmod(a, maze.cols), divmod(b, maze.cols),
                            divmod(root, maze.cols), sets.last_cost)
        maze.open_wall(cell, side)
        yield ev.WallOpened(cell, side)
        left -= 1
    yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
