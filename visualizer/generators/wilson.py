"""Wilson's algorithm: loop-erased random walks, each grown until it meets the tree, then
added to it. Every spanning tree comes out equally often (as with Aldous–Broder), much
faster once the tree is large."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze, created
from ..registry import Family, Param, register
from ._common import Draws, Moves, start_cell


@register("generator", "wilson",
          "Wilson: a random walk from a cell outside the maze, its loops erased as they "
          "close, joins the maze where it meets it (uniform, like Aldous–Broder, but fast)",
          params=(Param("start", "cell", None, "the first cell of the maze (default: "
                                               "random)"),),
          legend={"current": "the random walker", "unvisited": "not in the maze yet"},
          family=Family.CARVER)
def wilson(maze: Maze, *, rng: np.random.Generator,
           start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a uniform spanning tree into the blank `maze` with loop-erased random walks.

    Yields GridCreated and CellMarked(first cell, clear) (a maze of one cell). Then, for
    each cell still outside the maze (in a random order), a walk: CellMarked(cell, walker);
    per step (a side chosen uniformly) either — into a new cell — CellMarked(head, walk) +
    CellMarked(new head, walker, count = steps walked in all walks); or — back onto the walk,
    closing a loop — CellMarked(c, erased) for each cell of the loop, MarksCleared(erased)
    and CellMarked(the cell returned to, walker, count); or — into the maze — WallOpened
    for each step of the walk from its head back to its first cell, MarksCleared(walk) and
    MarksCleared(walker). The first walk to join announces it with a Milestone.
    """
    yield created(maze)
    moves, draws = Moves(maze), Draws(rng, maze.cells)
    target, cells = moves.target, moves.cells
    options = [moves.sides(i) for i in range(maze.cells)]
    root = moves.flat(start_cell(maze, rng, start))
    in_tree = [False] * maze.cells
    in_tree[root] = True
    yield ev.CellMarked(cells[root], Mark.CLEAR)
    steps = 0
    joined = False
    for begin in rng.permutation(maze.cells).tolist():
        if in_tree[begin]:
            continue
        path, exits = [begin], []          # the walk, and the side each cell left by
        where = {begin: 0}                 # cell -> its position on the walk
        yield ev.CellMarked(cells[begin], Mark.WALKER)
        while True:
            head = path[-1]
            sides = options[head]
            side = sides[draws.below(len(sides))]
            there = target[head][side]
            steps += 1
            if in_tree[there]:
                exits.append(side)
                break
            if there in where:             # a loop closes: erase it
                k = where[there]
                for cell in path[k + 1:]:
                    del where[cell]
                    yield ev.CellMarked(cells[cell], Mark.ERASED)
                del path[k + 1:], exits[k:]
                if there != head:
                    yield ev.MarksCleared(Mark.ERASED)
                yield ev.CellMarked(cells[there], Mark.WALKER, steps)
                continue
            exits.append(side)
            where[there] = len(path)
            path.append(there)
            yield ev.CellMarked(cells[head], Mark.WALK)
            yield ev.CellMarked(cells[there], Mark.WALKER, steps)
        for cell, side in zip(reversed(path), reversed(exits)):
            in_tree[cell] = True
            moves.open(cell, side)
            yield ev.WallOpened(cells[cell], Side(side))
        yield ev.MarksCleared(Mark.WALK)
        yield ev.MarksCleared(Mark.WALKER)
        if not joined:
            joined = True
            yield ev.Milestone("the first walk, its loops erased, joins the maze",
                               cells[path[-1]])
