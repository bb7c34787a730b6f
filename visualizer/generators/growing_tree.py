"""The growing tree: a list of active cells; grow from one of them (which one is the
`pop` rule) to a random neighbour outside the maze, or drop it when it has none. With
`newest` it is the recursive backtracker, with `random` it grows like Prim's."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Family, Param, ParamKind, register
from . import _weave
from ._common import Draws, Moves, start_cell

POPS = ("newest", "random", "oldest", "middle", "mix")


@register("generator", "growing_tree",
          "growing tree: grow the maze from a cell of an active list — the newest "
          "(= backtracker), a random one (Prim-like), the oldest, the middle, or a mix",
          params=(Param("pop", ParamKind.CHOICE, "newest", "which active cell grows next",
                        choices=POPS),
                  Param("share", ParamKind.FLOAT, 0.5, "with pop: mix, the chance of taking "
                                                       "the newest (else a random one)", 0.0, 1.0),
                  Param("start", ParamKind.CELL, None,
                        "the first cell (default: a random one)")),
          legend={"stack": "in the active list (may still grow)",
                  "current": "the active cell it grows from"},
          family=Family.CARVER, grids=ALL_GRIDS, weave=True)
def growing_tree(maze: Maze, *, rng: np.random.Generator, pop: str = "newest",
                 share: float = 0.5, start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a perfect maze into the blank `maze` from an active list.

    Yields GridCreated, CellMarked(start, current); then per step the chosen active cell
    CellMarked(cell, current) (when it is not current already: the one before stays
    marked as active), and either WallOpened(cell, side) + CellMarked(new cell, current)
    — the new cell joins the list — or, when it has no neighbour outside the maze,
    CellMarked(cell, done): it leaves the list. On a weave a cell may grow under a
    corridor instead: TunnelDug(crossed cell, axis) + CellMarked(new cell, current).
    """
    if pop not in POPS:
        raise ValueError(f"pop: expected one of {', '.join(POPS)}, got {pop!r}")
    if maze.weave:
        yield from _weave.growing_tree(maze, rng, pop, share, start)
        return
    yield created(maze)
    moves, draws = Moves(maze), Draws(rng, maze.cells)
    numbers = draws.numbers()             # draws.uniform, as an iterator
    step, other, cells, faces = moves.step, moves.other, moves.cells, moves.flat_faces
    options, sides, degree = moves.options(), maze.grid.all_sides, maze.degree
    first = moves.flat(start_cell(maze, rng, start))
    seen = bytearray(maze.cells)
    seen[first] = True
    active = [first]
    current = first
    newest = pop == "newest"
    yield ev.CellMarked(cells[first], Mark.CURRENT)
    while active:
        if newest:
            k = len(active) - 1
        elif pop == "mix" and next(numbers) < share:
            k = len(active) - 1
        elif pop == "oldest":
            k = 0
        elif pop == "middle":
            k = len(active) // 2
        else:                               # random, or mix and not the newest
            n = len(active)
            k = min(n - 1, int(next(numbers) * n))
        here = active[k]
        if here != current:
            current = here
            yield ev.CellMarked(cells[here], Mark.CURRENT)
        base = here * degree
        fresh = [side for side in options[here] if not seen[step[base + side]]]
        if fresh:
            n = len(fresh)
            side = fresh[min(n - 1, int(next(numbers) * n))]
            face = base + side
            there = step[face]
            faces[face] = faces[other[face]] = True
            seen[there] = True
            active.append(there)
            current = there
            yield ev.WallOpened(cells[here], sides[side])
            yield ev.CellMarked(cells[there], Mark.CURRENT)
        else:
            del active[k]
            yield ev.CellMarked(cells[here], Mark.DONE)
