"""Eller's algorithm: the maze is built one row at a time, keeping only the current row's
sets in mind. Neighbours in a row are joined at random when they are in different sets;
each set then links down at least once, so that nothing is cut off; the last row joins
every set left."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Mark, Side
from ..maze import Maze, created
from ..registry import Family, Param, register
from ..maze.union_find import UnionFind
from ._common import Draws, Moves

#: the surfaces where a row's ends meet only each other (or nothing): Eller's row by row
SURFACES = frozenset({"plane", "torus", "klein"})
SURFACE_REASON = ("Eller works row by row: each row's ends must be glued to each other "
                  "(torus, Klein bottle) or not at all (plane); on the other surfaces a row "
                  "runs on into another row")


@register("generator", "eller",
          "Eller: row by row, neighbours in different sets joined at random, each set "
          "links down at least once, the last row joins all (plane, torus, Klein bottle: "
          "where a row's ends meet only each other)",
          params=(Param("join", "float", 0.5, "the chance of joining two neighbours of a "
                                              "row that are in different sets", 0.0, 1.0),),
          legend={"sets": "a set of joined cells (one colour each)",
                  "current": "the cell deciding", "considered": "wall being decided",
                  "opened": "wall opened: two sets joined",
                  "rejected": "wall kept: same set, or by chance"},
          surfaces=SURFACES, surface_reason=SURFACE_REASON,
          milestones=frozenset({ev.MilestoneKind.ALL_MERGED}),
          family=Family.SET_BASED)
def eller(maze: Maze, *, rng: np.random.Generator, join: float = 0.5) -> Iterator[ev.Event]:
    """Build a perfect maze row by row with Eller's sets.

    Yields GridCreated(fill="row sets"). Per row: CellMarked(c, clear) for each cell not
    linked from above (it shows its own set); per neighbour pair in the row (on the torus
    and the Klein bottle the last cell's east neighbour is the row's first) CellMarked(cell,
    walker), WallConsidered(cell, E) and either SetsMerged + WallOpened, or
    WallRejected("same set" | "by chance"); the last row joins every pair in different
    sets. Then, except on the last row, per set (in order of its first cell) a random
    number of its cells (at least one) link down: CellMarked(cell, walker),
    WallConsidered(cell, S), SetsMerged, WallOpened. Ends with MarksCleared(walker) and
    Milestone("all sets merged").
    """
    surface = maze.surface.name
    if surface not in SURFACES:
        raise ValueError(f"eller cannot run on the surface `{surface}`: {SURFACE_REASON}")
    yield created(maze, fill=ev.Fill.ROWS)
    moves, draws = Moves(maze), Draws(rng, maze.cells)
    target, cells = moves.target, moves.cells
    rows, cols = maze.rows, maze.cols
    sets = UnionFind(maze.cells)
    reached = [False] * maze.cells
    for r in range(rows):
        last = r == rows - 1
        base = r * cols
        for i in range(base, base + cols):
            if not reached[i]:
                reached[i] = True
                yield ev.CellMarked(cells[i], Mark.CLEAR)
        pairs = cols if surface != "plane" and cols > 1 else cols - 1
        for c in range(pairs):
            i = base + c
            j = target[i][Side.E]
            yield ev.CellMarked(cells[i], Mark.WALKER)
            yield ev.WallConsidered(cells[i], Side.E)
            if sets.find(i) == sets.find(j):
                yield ev.WallRejected(cells[i], Side.E, ev.Rejection.SAME_SET)
            elif last or draws.uniform() < join:
                yield from _join(sets, moves, i, Side.E)
            else:
                yield ev.WallRejected(cells[i], Side.E, ev.Rejection.CHANCE)
        if last:
            break
        groups: dict[int, list[int]] = {}
        for i in range(base, base + cols):
            groups.setdefault(sets.find(i), []).append(i)
        for members in groups.values():
            count = 1 + draws.below(len(members))
            chosen = sorted(rng.permutation(members)[:count].tolist())
            for i in chosen:
                yield ev.CellMarked(cells[i], Mark.WALKER)
                yield ev.WallConsidered(cells[i], Side.S)
                reached[target[i][Side.S]] = True
                yield from _join(sets, moves, i, Side.S)
    yield ev.MarksCleared(Mark.WALKER)
    yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)


def _join(sets: UnionFind, moves: Moves, i: int, side: Side) -> Iterator[ev.Event]:
    """Join the sets on both sides of the wall on `side` of flat cell `i` and open it."""
    joined = sets.union(i, moves.target[i][side])
    assert joined is not None
    a, b, root = (moves.cells[x] for x in joined)
    yield ev.SetsMerged(a, b, root, sets.last_cost)
    moves.open(i, side)
    yield ev.WallOpened(moves.cells[i], side)
