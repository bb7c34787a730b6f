"""Prim's algorithm, two ways. `prim`: a random frontier cell (outside the maze, next to
it) joins the maze through a random wall (as the mazelib library does). `prim_true`: every
wall gets a random weight and the lightest wall out of the maze is always the next one
opened (a priority queue) — a minimum spanning tree, which makes the same mazes as
Kruskal's random order."""
from __future__ import annotations

import heapq
from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze, created
from ..registry import Family, Param, register
from ._common import Draws, Moves, start_cell

_START = Param("start", "cell", None, "the first cell of the maze (default: a random one)")


@register("generator", "prim",
          "Prim (simplified, as mazelib's): a random frontier cell joins the maze through "
          "a random wall to a neighbour already in it",
          params=(_START,),
          legend={"frontier": "frontier: next to the maze, not in it"},
          family=Family.CARVER)
def prim(maze: Maze, *, rng: np.random.Generator,
         start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve a perfect maze into the blank `maze`, growing it by random frontier cells.

    Yields GridCreated, CellMarked(start, walker) and CellMarked(n, frontier) for each of
    its neighbours; then per frontier cell taken (uniformly at random) CellMarked(cell,
    walker), WallOpened(cell, side to a random neighbour in the maze), and
    CellMarked(n, frontier) for each of its neighbours that is new to the frontier.
    Ends with CellMarked(last cell, clear).
    """
    yield created(maze)
    moves, draws = Moves(maze), Draws(rng, maze.cells)
    target, cells = moves.target, moves.cells
    options = [moves.sides(i) for i in range(maze.cells)]
    here = moves.flat(start_cell(maze, rng, start))
    state = [0] * maze.cells          # 0 outside, 1 frontier, 2 in the maze
    frontier: list[int] = []
    while True:
        state[here] = 2
        for side in options[here]:
            j = target[here][side]
            if state[j] == 0:
                state[j] = 1
                frontier.append(j)
                yield ev.CellMarked(cells[j], Mark.FRONTIER)
        if not frontier:
            break
        k = draws.below(len(frontier))
        frontier[k], frontier[-1] = frontier[-1], frontier[k]
        here = frontier.pop()
        yield ev.CellMarked(cells[here], Mark.WALKER)
        inside = [side for side in options[here] if state[target[here][side]] == 2]
        side = inside[draws.below(len(inside))]
        moves.open(here, side)
        yield ev.WallOpened(cells[here], Side(side))
    yield ev.CellMarked(cells[here], Mark.CLEAR)


#: a frontier cell's colour says how light its lightest wall into the maze is
_BANDS = (Mark.CHEAP, Mark.MIDDLING, Mark.DEAR)


def _band(weight: float) -> Mark:
    return _BANDS[min(2, int(weight * 3))]


@register("generator", "prim_true",
          "Prim (weighted): random wall weights, the lightest wall out of the maze opened "
          "next (a priority queue); a minimum spanning tree, so Kruskal's mazes",
          params=(_START,),
          legend={"cheap": "frontier, its lightest wall weighs under 1/3",
                  "middling": "frontier, lightest wall 1/3 to 2/3",
                  "dear": "frontier, lightest wall over 2/3",
                  "considered": "the lightest wall out of the maze",
                  "opened": "the lightest wall out of the maze, opened"},
          family=Family.CARVER)
def prim_true(maze: Maze, *, rng: np.random.Generator,
              start: Cell | None = None) -> Iterator[ev.Event]:
    """Carve the minimum spanning tree of random wall weights into the blank `maze`.

    Each wall weighs a uniform number in [0, 1) (both faces the same). Yields GridCreated,
    CellMarked(start, clear); whenever a frontier cell's lightest wall into the maze gets
    lighter by a band (under 1/3, 1/3 to 2/3, over 2/3) CellMarked(cell, cheap | middling |
    dear); per wall taken from the queue (the lightest out of the maze) WallConsidered,
    WallOpened and CellMarked(cell joined, clear).
    """
    yield created(maze)
    moves = Moves(maze)
    target, entered, cells = moves.target, moves.entered, moves.cells
    options = [moves.sides(i) for i in range(maze.cells)]
    weights = rng.random((maze.cells, 4)).tolist()

    def weight(i: int, side: int) -> float:
        j, back = target[i][side], entered[i][side]
        return weights[i][side] if (i, side) <= (j, back) else weights[j][back]

    here = moves.flat(start_cell(maze, rng, start))
    in_tree = [False] * maze.cells
    lightest = [2.0] * maze.cells        # a frontier cell's lightest wall into the maze
    queue: list[tuple[float, int, int]] = []
    yield ev.CellMarked(cells[here], Mark.CLEAR)
    while True:
        in_tree[here] = True
        for side in options[here]:
            j = target[here][side]
            if in_tree[j]:
                continue
            w = weight(here, side)
            heapq.heappush(queue, (w, here, side))
            if w < lightest[j]:
                before = lightest[j]
                lightest[j] = w
                if before > 1.0 or _band(w) != _band(before):
                    yield ev.CellMarked(cells[j], _band(w))
        while queue and in_tree[target[queue[0][1]][queue[0][2]]]:
            heapq.heappop(queue)
        if not queue:
            break
        _, i, side = heapq.heappop(queue)
        here = target[i][side]
        moves.open(i, side)
        yield ev.WallConsidered(cells[i], Side(side))
        yield ev.WallOpened(cells[i], Side(side))
        yield ev.CellMarked(cells[here], Mark.CLEAR)
