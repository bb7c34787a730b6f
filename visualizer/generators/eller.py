"""Eller's algorithm: the maze is built one row at a time, keeping only the current row's
sets in mind. Neighbours in a row are joined at random when they are in different sets;
each set then links down at least once, so that nothing is cut off; the last row joins
every set left."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze, created
from ..registry import Family, Param, ParamKind, register
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
          params=(Param("join", ParamKind.FLOAT, 0.5, "the chance of joining two neighbours of a "
                                                      "row that are in different sets", 0.0, 1.0),),
          legend={"sets": "a set of joined cells (one colour each)",
                  "current": "the cell deciding", "considered": "wall being decided",
                  "opened": "wall opened: two sets joined",
                  "rejected": "wall kept: same set, or by chance"},
          surfaces=SURFACES, surface_reason=SURFACE_REASON,
          grid_reason="it builds the square grid row by row, sets joined down to the next row",
          milestones=frozenset({ev.MilestoneKind.ALL_MERGED}),
          family=Family.SET_BASED)
def eller(maze: Maze, *, rng: np.random.Generator, join: float = 0.5) -> Iterator[ev.Event]:
    """Build a perfect maze row by row with Eller's sets.

    Yields GridCreated(fill="row sets"). Per row: one CellsMarked(cells, clear) for its
    cells not linked from above (each shows its own set); per neighbour pair in the row (on
    the torus and the Klein bottle the last cell's east neighbour is the row's first)
    CellMarked(cell, walker), WallConsidered(cell, E) and either SetsMerged + WallOpened, or
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
    moves = Moves(maze)
    numbers = Draws(rng, maze.cells).numbers()
    step, other, cells, faces = moves.step, moves.other, moves.cells, moves.flat_faces
    rows, cols = maze.rows, maze.cols
    east, south = Side.E, Side.S
    # the hot loop's names, bound once (a million cells make six million events)
    marked, considered, rejected, opened = (ev.CellMarked, ev.WallConsidered,
                                            ev.WallRejected, ev.WallOpened)
    walker, same_set, by_chance = Mark.WALKER, ev.Rejection.SAME_SET, ev.Rejection.CHANCE
    sets = UnionFind(maze.cells)
    find, union, parent = sets.find, sets.union, sets.parent
    reached, ones = bytearray(maze.cells), b"\x01" * cols
    for r in range(rows):
        last = r == rows - 1
        base = r * cols
        fresh = [i for i in range(base, base + cols) if not reached[i]]
        if fresh:
            reached[base:base + cols] = ones
            yield ev.CellsMarked(tuple(cells[i] for i in fresh), Mark.CLEAR)
        pairs = cols if surface != "plane" and cols > 1 else cols - 1
        for c in range(pairs):
            i = base + c
            face = 4 * i + 1                  # east
            j = step[face]
            cell = cells[i]
            yield marked(cell, walker)
            yield considered(cell, east)
            if (i if parent[i] == i else find(i)) == (j if parent[j] == j else find(j)):
                yield rejected(cell, east, same_set)
            elif last or next(numbers) < join:
                yield _merged(union(i, j), cells, sets.last_cost)
                faces[face] = faces[other[face]] = True
                yield opened(cell, east)
            else:
                yield rejected(cell, east, by_chance)
        if last:
            break
        groups: dict[int, list[int]] = {}
        for i in range(base, base + cols):
            groups.setdefault(i if parent[i] == i else find(i), []).append(i)
        for members in groups.values():
            n = len(members)
            count = 1 + min(n - 1, int(next(numbers) * n))
            for k in range(count):           # the first `count` of a random shuffle
                m = k + min(n - k - 1, int(next(numbers) * (n - k)))
                members[k], members[m] = members[m], members[k]
            for i in sorted(members[:count]):
                face = 4 * i + 2              # south
                j = step[face]
                cell = cells[i]
                yield marked(cell, walker)
                yield considered(cell, south)
                reached[j] = True
                yield _merged(union(i, j), cells, sets.last_cost)
                faces[face] = faces[other[face]] = True
                yield opened(cell, south)
    yield ev.MarksCleared(Mark.WALKER)
    yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)


def _merged(joined: tuple[int, int, int] | None, cells: list[Cell],
            cost: int) -> ev.SetsMerged:
    """The SetsMerged event of a union of two sets (`joined`: roots a, b, the survivor)."""
    assert joined is not None, "the two cells were in different sets"
    return ev.SetsMerged(cells[joined[0]], cells[joined[1]], cells[joined[2]], cost)
