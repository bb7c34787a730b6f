"""Wilson's algorithm: loop-erased random walks, each grown until it meets the tree, then
added to it. Every spanning tree comes out equally often (as with Aldous–Broder), much
faster once the tree is large.

The walk's cells come from numpy (`_walk.Sides`, `maze.trail.walk_cells`) in windows that
grow while a walk lasts; the loop erasure is chronological, one pass over those cells. The
events are linear-ish in the cells: one `Walked` per stretch of walk, which ends with a loop
of two or more cells (erased in that event) or with the walk joining the maze; a step out
and straight back, a loop of one cell, is folded into its stretch. Not one per step."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Family, Param, ParamKind, register
from ._common import start_cell
from ._grid_walk import STEP_BY_STEP, Walk
from ._walk import Sides, flat_cells

#: a loop erasing this many cells or more ends a stretch (and is told as its `loop`);
#: smaller ones are folded into the stretch around them (its `cut`)
OWN_EVENT = 2
#: the first window of a walk, in steps (doubled while the walk goes on)
FIRST_WINDOW = 32
#: windows up to this many steps are walked in Python (numpy's set-up costs more)
IN_PYTHON = 128
#: the largest window (a walk that has not joined by then goes on in windows this long)
LARGEST_WINDOW = 8192
_OFF, _TREE = -1, -2           # `where` for a cell off the walk, in the tree


@register("generator", "wilson",
          "Wilson: a random walk from a cell outside the maze, its loops erased as they "
          "close, joins the maze where it meets it (uniform, like Aldous–Broder, but fast)",
          params=(Param("start", ParamKind.CELL, None, "the first cell of the maze (default: "
                                                       "random)"),),
          legend={"current": "the random walker", "unvisited": "not in the maze yet",
                  "tested": "where it just wandered"},
          family=Family.CARVER, grids=ALL_GRIDS)
def wilson(maze: Maze, *, rng: np.random.Generator,
           start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a uniform spanning tree into the blank `maze` with loop-erased random walks.

    Each step takes one of the grid's side indices uniformly (the four sides of the
    square; a triangle's east, west or third side; one of a disc cell's neighbours:
    `_walk.Walk`); a side that leads nowhere is a step that stays put.
    Yields GridCreated and CellMarked(first cell, clear)
    (a maze of one cell). Then, for each cell still outside the maze (in a random order), a
    walk, told by Walked events, each `count` = steps walked in all walks, one per stretch
    of walk: Walked(where it ends, steps, count, sides, cut = the cells its one-cell loops
    took off the walk as it was, grew = the cells it added, loop = the cells of the loop of
    two or more cells its last step closed, erased then). A stretch ends with such a loop
    or with the step into the maze (loop = 0, the walker on the maze's cell); the first
    stretch of a walk grows from the walk's first cell, where the walker starts. Then
    WallOpened for each step of the loop-erased walk from its head back to its first cell
    and MarksCleared(walk) (the walker stays where it joined until the next walk starts).
    The first walk to join announces it with a Milestone. Ends with MarksCleared(walker).
    """
    yield created(maze)
    target, entered, _ = maze.grid.step_table
    faces = maze.faces.reshape(-1)     # flat: degree * cell + side, as are the moves
    moves: list[int] = target.reshape(-1).tolist()
    inward: list[int] = entered.reshape(-1).tolist()
    cells, cols, sides_of = flat_cells(maze), maze.cols, maze.grid.all_sides
    degree, plain = maze.degree, maze.grid.plain
    walk = Walk(maze)
    draws = Sides(rng, maze.cells, walk.choices)
    root = start_cell(maze, rng, start)
    where = [_OFF] * maze.cells        # a cell's place on the walk, or _OFF / _TREE
    if not plain:                      # a slot that is no cell: as good as in the tree
        for i in np.flatnonzero(~maze.grid.present.reshape(-1)).tolist():
            where[i] = _TREE
    where[root[0] * cols + root[1]] = _TREE
    yield ev.CellMarked(root, Mark.CLEAR)
    walked = 0                         # steps in all walks before this window
    joined = False
    exit_of = bytearray(maze.cells)    # the side each cell of the walk last left by
    for begin in rng.permutation(maze.cells).tolist():
        if where[begin] == _TREE:
            continue
        path = [begin]                 # the loop-erased walk, `n` cells long
        grow = path.append
        where[begin], n = 0, 1
        told = low = 0                 # the walk's cells told so far; its shortest
        #                                length in this stretch
        carry: list[bytes] = []        # the stretch's sides from earlier windows
        carried = 0
        head, width, done = begin, FIRST_WINDOW, False
        while not done:
            mark = 0                   # where the stretch starts in this window
            if width <= IN_PYTHON or walk.mode in STEP_BY_STEP:
                at, taken = walk.steps(head, draws.take(width))
            else:
                cells_at, taken = walk.cells(head, draws.take(width))
                at = cells_at.tolist()
            for x, there in enumerate(at):
                if there == head:      # a step that stays put
                    continue
                w = where[there]
                if w == -1:            # _OFF, a new cell: the walk grows
                    where[there] = n
                    n += 1
                    grow(there)
                    exit_of[head] = taken[x]
                    head = there
                    continue
                if w == -2:            # _TREE, into the maze: the walk is done
                    exit_of[head] = taken[x]
                    yield ev.Walked(cells[there], carried + x + 1 - mark, walked + x + 1,
                                    b"".join(carry) + taken[mark:x + 1], told - low,
                                    tuple([cells[c] for c in path[low:]]))
                    draws.back(width - x - 1)
                    walked += x + 1
                    done = True
                    break
                erased = n - 1 - w     # back onto the walk: a loop closes
                if erased >= OWN_EVENT:    # the stretch ends with it
                    yield ev.Walked(cells[there], carried + x + 1 - mark, walked + x + 1,
                                    b"".join(carry) + taken[mark:x + 1], told - low,
                                    tuple([cells[c] for c in path[low:]]), erased)
                    carry, carried, mark = [], 0, x + 1
                for c in path[w + 1:]:
                    where[c] = -1
                del path[w + 1:]
                n, head = w + 1, there
                if erased >= OWN_EVENT:
                    told = low = n
                elif n < low:
                    low = n
            else:
                carry.append(bytes(taken[mark:]))
                carried += width - mark
                walked += width
                width = min(width * 2, LARGEST_WINDOW, draws.batch)
        # the walk joins the maze: its walls open from its head back to its first cell
        for cell in reversed(path):
            side = exit_of[cell]
            face = degree * cell + side
            faces[face] = faces[degree * moves[face] + inward[face]] = True
            where[cell] = _TREE
            yield ev.WallOpened(cells[cell], sides_of[side])
        yield ev.MarksCleared(Mark.WALK)
        if not joined:
            joined = True
            yield ev.Milestone("the first walk, its loops erased, joins the maze",
                               cells[path[-1]])
    yield ev.MarksCleared(Mark.WALKER)
