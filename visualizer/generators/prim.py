"""Prim's algorithm, two ways. `prim`: a random frontier cell (outside the maze, next to
it) joins the maze through a random wall (as the mazelib library does). `prim_true`: every
wall gets a random weight and the lightest wall out of the maze is always the next one
opened (a priority queue) — a minimum spanning tree, which makes the same mazes as
Kruskal's random order."""
from __future__ import annotations

import heapq
from typing import Iterator, Sequence

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Family, Param, ParamKind, register
from ._common import Draws, Moves, as_array, start_cell

_START = Param("start", ParamKind.CELL, None, "the first cell of the maze (default: a random one)")


@register("generator", "prim",
          "Prim (simplified, as mazelib's): a random frontier cell joins the maze through "
          "a random wall to a neighbour already in it",
          params=(_START,),
          legend={"frontier": "frontier: next to the maze, not in it"},
          family=Family.CARVER, grids=ALL_GRIDS)
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
    moves = Moves(maze)
    numbers = Draws(rng, maze.cells).numbers()
    step, other, cells, faces = moves.step, moves.other, moves.cells, moves.flat_faces
    options, sides, degree = moves.options(), maze.grid.all_sides, maze.degree
    here = moves.flat(start_cell(maze, rng, start))
    state = bytearray(maze.cells)     # 0 outside, 1 frontier, 2 in the maze
    frontier: list[int] = []
    while True:
        state[here] = 2
        base = here * degree
        for side in options[here]:
            j = step[base + side]
            if state[j] == 0:
                state[j] = 1
                frontier.append(j)
                yield ev.CellMarked(cells[j], Mark.FRONTIER)
        if not frontier:
            break
        n = len(frontier)
        k = int(next(numbers) * n)         # as `Draws.below`
        k = k if k < n else n - 1
        frontier[k], frontier[-1] = frontier[-1], frontier[k]
        here = frontier.pop()
        yield ev.CellMarked(cells[here], Mark.WALKER)
        base = here * degree
        inside = [side for side in options[here] if state[step[base + side]] == 2]
        n = len(inside)
        k = int(next(numbers) * n)
        side = inside[k if k < n else n - 1]
        faces[base + side] = faces[other[base + side]] = True
        yield ev.WallOpened(cells[here], sides[side])
    yield ev.CellMarked(cells[here], Mark.CLEAR)


#: a frontier cell's colour says how light its lightest wall into the maze is: band
#: min(2, int(3 · weight)) of these
_BANDS = (Mark.CHEAP, Mark.MIDDLING, Mark.DEAR)


@register("generator", "prim_true",
          "Prim (weighted): random wall weights, the lightest wall out of the maze opened "
          "next (a priority queue); a minimum spanning tree, so Kruskal's mazes",
          params=(_START,),
          legend={"cheap": "frontier, its lightest wall weighs under 1/3",
                  "middling": "frontier, lightest wall 1/3 to 2/3",
                  "dear": "frontier, lightest wall over 2/3",
                  "considered": "the lightest wall out of the maze",
                  "opened": "the lightest wall out of the maze, opened"},
          family=Family.CARVER, grids=ALL_GRIDS)
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
    step, other, cells, faces = moves.step, moves.other, moves.cells, moves.flat_faces
    options, sides, degree = moves.options(), maze.grid.all_sides, maze.degree
    keys, wall_of, cheap, middling, limit = _wall_keys(maze, rng.random((maze.cells, degree)))
    here = moves.flat(start_cell(maze, rng, start))
    in_tree = bytearray(maze.cells)
    unseen = len(wall_of)               # "no wall into the maze yet": above every key
    lightest = [unseen] * maze.cells    # a frontier cell's lightest wall into the maze
    # the walls out of the maze, as keys: the light ones (key < `limit`), among which nine
    # walls opened in ten are, in one queue; the heavy ones, which pile up (half the cells'
    # worth on a big maze), in small queues by key range. The lightest wall is the light
    # queue's, else the heavy ones'.
    light: list[int] = []
    heavy = _Buckets(limit, len(wall_of))
    push, pop, pushpop = heapq.heappush, heapq.heappop, heapq.heappushpop
    push_heavy, pop_heavy = heavy.push, heavy.pop
    marked, considered, opened = ev.CellMarked, ev.WallConsidered, ev.WallOpened
    clear = Mark.CLEAR
    yield ev.CellMarked(cells[here], Mark.CLEAR)
    left = maze.cell_count              # cells not in the maze yet
    while True:
        in_tree[here] = True
        left -= 1
        base = here * degree
        pick = unseen                       # the lightest wall queued from `here`
        for side in options[here]:
            j = step[base + side]
            if in_tree[j]:
                continue
            key = keys[base + side]
            before = lightest[j]
            if key < before:
                # only a frontier cell's lightest wall can ever be opened: a heavier one
                # would come out of the queue after it, when the cell is in the maze
                lightest[j] = key
                if key < pick:
                    if pick != unseen:
                        if pick < limit:
                            push(light, pick)
                        else:
                            push_heavy(pick)
                    pick = key
                elif key < limit:
                    push(light, key)
                else:
                    push_heavy(key)
                band = 0 if key < cheap else 1 if key < middling else 2
                if before == unseen or band != (0 if before < cheap else
                                                1 if before < middling else 2):
                    yield marked(cells[j], _BANDS[band])
        if not left:                        # done (the queues hold only walls inside)
            break
        # the lightest wall out of the maze: `pick` itself when it beats the queues (one
        # call, the queue untouched), else the queues' lightest that still leads out
        if pick != unseen:
            if pick < limit:
                key = pushpop(light, pick)
            else:
                push_heavy(pick)
                key = pop(light) if light else pop_heavy()
        elif light or heavy:
            key = pop(light) if light else pop_heavy()
        else:
            break
        while True:
            face = wall_of[key]
            here = step[face]
            if not in_tree[face // degree]:     # the maze is on the wall's other face
                face, here = other[face], face // degree
            if not in_tree[here] or not (light or heavy):
                break
            key = pop(light) if light else pop_heavy()
        if in_tree[here]:
            break
        faces[face] = faces[other[face]] = True
        cell, side = cells[face // degree], sides[face % degree]
        yield considered(cell, side)
        yield opened(cell, side)
        yield marked(cells[here], clear)


class _Buckets:
    """A priority queue of the keys `low` .. `high` - 1 as about 1024 small heaps, one per
    key range, the ones not empty flagged in the bits of `filled`: a pop works through a
    small heap, however many keys wait."""

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.shift = max(0, (high - low).bit_length() - 10)
        self.heaps: list[list[int]] = [[] for _ in range(((high - low) >> self.shift) + 1)]
        self.filled = 0

    def __bool__(self) -> bool:
        return bool(self.filled)

    def push(self, key: int) -> None:
        b = (key - self.low) >> self.shift
        heap = self.heaps[b]
        if not heap:
            self.filled |= 1 << b
        heapq.heappush(heap, key)

    def pop(self) -> int:
        """The smallest key, taken out (the queue must not be empty)."""
        b = (self.filled & -self.filled).bit_length() - 1
        heap = self.heaps[b]
        key = heapq.heappop(heap)
        if not heap:
            self.filled ^= 1 << b
        return key


def _wall_keys(maze: Maze, draws: np.ndarray
               ) -> tuple[Sequence[int], Sequence[int], int, int, int]:
    """The heap keys, from `draws` (a uniform number per face, `[cell, side]`): a wall
    weighs the draw of its first face (the smaller flat index cell·4 + side), and its key
    is its rank in the order of weight (ties by that face), so that keys sort as the
    weights do. Returned: each face's key (one past the last for a face on the border),
    each key's first face, the keys from which on a weight is `middling` and `dear`
    (its band in `_BANDS`, in key terms), and the first key of a weight of 1/2 or more
    (the bond percolation threshold of the square grid: the lightest wall out of a
    random-weight tree is nearly always below it)."""
    target, entered, _ = maze.grid.step_table
    first = maze.grid.wall_faces                    # each wall's first face, in face order
    weight = draws.ravel()[first]
    order = np.argsort(weight, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    key = np.full(target.size, len(order), dtype=np.int64)
    key[first] = rank
    key[(target * maze.degree + entered).ravel()[first]] = rank
    bands = np.minimum(2, (weight * 3).astype(np.int64))
    cheap, middling = int((bands == 0).sum()), int((bands <= 1).sum())
    half = int((weight < 0.5).sum())
    return as_array(key), as_array(first[order]), cheap, middling, half
