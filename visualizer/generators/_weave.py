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
from ._common import Draws, Moves, start_cell


#: a way on from a cell: the side, the tunnel (crossed cell, axis) or None, the cell reached
Way = tuple[Side, "tuple[int, Axis] | None", int]


class _Tunnels:
    """`Maze.tunnel_under` on flat cells, by the maze's move tables and each cell's open
    sides kept here as a 4-bit mask (the generator opens every wall through `open` and
    `dig`), for a carver that asks at every step."""

    def __init__(self, maze: Maze) -> None:
        self.maze = maze
        moves = Moves(maze)
        self.target, self.entered = moves.target, moves.entered
        self.cells: list[Cell] = [divmod(i, maze.cols) for i in range(maze.cells)]
        self.opened = [0] * maze.cells
        self.crossed = [False] * maze.cells

    def under(self, h: int, side: int, taken: list[bool]) -> tuple[int, Axis, int] | None:
        """(the crossed cell, the axis, the cell beyond) for a tunnel from flat cell `h`
        across `side` to a cell not `taken` yet, or None (as `Maze.tunnel_under`)."""
        o = self.target[h][side]
        if o < 0 or o == h or self.crossed[o]:
            return None
        t = self.entered[h][side]
        left, right = (t + 1) % 4, (t + 3) % 4
        if self.opened[o] != (1 << left) | (1 << right):
            return None
        row = self.target[o]
        beyond, a, b = row[(t + 2) % 4], row[left], row[right]
        if beyond < 0 or taken[beyond] or a < 0 or b < 0 or {a, b} & {h, o, beyond}:
            return None
        return o, Axis.EAST_WEST if t in (Side.E, Side.W) else Axis.NORTH_SOUTH, beyond

    def open(self, h: int, side: int) -> None:
        self.opened[h] |= 1 << side
        self.opened[self.target[h][side]] |= 1 << self.entered[h][side]

    def dig(self, o: int, axis: Axis) -> None:
        for side in axis.sides:
            self.open(o, side)
        self.crossed[o] = True

    def ways(self, h: int, seen: list[bool]) -> list[Way]:
        """Every way on from flat cell `h` to a cell not `seen` yet: across a side, or
        under the crossed cell beside it (`under`), in side order."""
        found: list[Way] = []
        for side in Side:
            j = self.target[h][side]
            if j >= 0 and not seen[j]:
                found.append((side, None, j))
            elif (dug := self.under(h, side, seen)) is not None:
                found.append((side, dug[:2], dug[2]))
        return found

    def carve(self, h: int, side: Side, over: tuple[int, Axis] | None) -> ev.Event:
        """Carve from flat cell `h` across `side` (or, `over` not None, the tunnel under
        that crossed cell on that axis) in the maze and here; the event that says so."""
        cells = self.cells
        if over is None:
            self.open(h, side)
            self.maze.open_wall(cells[h], side)
            return ev.WallOpened(cells[h], side)
        self.dig(*over)
        self.maze.dig_tunnel(cells[over[0]], over[1])
        return ev.TunnelDug(cells[over[0]], over[1])


def backtracker(maze: Maze, rng: np.random.Generator, start: Cell | None
                ) -> Iterator[ev.Event]:
    """The recursive backtracker on a weave: a step may go under a crossing corridor to the
    cell beyond (drawn among the unvisited neighbours, each way equally likely)."""
    yield created(maze)
    draws = Draws(rng, maze.cells)
    tunnels = _Tunnels(maze)
    cells = tunnels.cells
    seen = [False] * maze.cells
    first = start_cell(maze, rng, start)
    seen[first[0] * maze.cols + first[1]] = True
    stack = [first[0] * maze.cols + first[1]]
    yield ev.CellMarked(first, Mark.CURRENT)
    backtracked = False
    while stack:
        h = stack[-1]
        options = tunnels.ways(h, seen)
        if not options:
            stack.pop()
            if not backtracked:
                backtracked = True
                yield ev.Milestone("first backtrack", cells[h],
                                   ev.MilestoneKind.FIRST_BACKTRACK)
            yield ev.CellMarked(cells[h], Mark.DONE)
            if stack:
                yield ev.CellMarked(cells[stack[-1]], Mark.CURRENT)
            continue
        side, over, there = options[draws.below(len(options))]
        yield tunnels.carve(h, side, over)
        seen[there] = True
        stack.append(there)
        yield ev.CellMarked(cells[there], Mark.CURRENT)


#: by the tunnel's axis: its sides (in `Axis.sides` order) and the corridor's (N E S W order)
_SPLIT = {Axis.EAST_WEST: ((Side.E, Side.W), (Side.N, Side.S)),
          Axis.NORTH_SOUTH: ((Side.N, Side.S), (Side.E, Side.W))}


def seed_crossings(maze: Maze, rng: np.random.Generator, sets: UnionFind
                   ) -> Iterator[ev.Event]:
    """Kruskal on a weave (Buck's way): before the walls, as many tries as there are cells
    to lay a crossing at a random cell with no passage yet, its corridor and its tunnel
    along a random pair of axes, when the three joins it makes keep the sets a forest."""
    cols = maze.cols
    tries = rng.integers(0, maze.cells, size=maze.cells).tolist()
    turns = rng.random(maze.cells).tolist()
    moves = Moves(maze)
    target = moves.target
    linked = [False] * maze.cells            # a passage opened here already
    find = sets.find
    for i, turn in zip(tries, turns):
        flat = target[i]
        if linked[i] or min(flat) < 0:
            continue
        under = Axis.EAST_WEST if turn < 0.5 else Axis.NORTH_SOUTH
        tunnel_sides, corridor_sides = _SPLIT[under]
        ends = [flat[s] for s in tunnel_sides]
        over = [flat[s] for s in corridor_sides]
        roots = {find(i), *(find(j) for j in over)}
        ends_roots = {find(j) for j in ends}
        if len({i, *over, *ends}) < 5 or len(roots) < 3 or len(ends_roots) < 2 \
                or ends_roots <= roots:
            continue
        cell = divmod(i, cols)
        for j in over:
            a, b, root = _joined(sets, i, j)
            yield ev.SetsMerged(divmod(a, cols), divmod(b, cols), divmod(root, cols),
                                sets.last_cost)
        for side in corridor_sides:
            moves.open(i, side)
            yield ev.WallOpened(cell, side)
        a, b, root = _joined(sets, ends[0], ends[1])
        yield ev.SetsMerged(divmod(a, cols), divmod(b, cols), divmod(root, cols),
                            sets.last_cost)
        maze.dig_tunnel(cell, under)
        yield ev.TunnelDug(cell, under)
        for j in (i, *over, *ends):
            linked[j] = True


def _joined(sets: UnionFind, i: int, j: int) -> tuple[int, int, int]:
    joined = sets.union(i, j)
    assert joined is not None, "a crossing joins different sets"
    return joined


def kruskal(maze: Maze, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Kruskal on a weave: crossings seeded first, then every wall still closed (every wall
    but the crossed cells') in a random order, opened when it joins two sets."""
    yield created(maze, fill=ev.Fill.SETS)
    sets = UnionFind(maze.cells)
    yield from seed_crossings(maze, rng, sets)
    moves = Moves(maze)
    crossed = [False] * maze.cells
    for cell in maze.crossings:
        crossed[moves.flat(cell)] = True
    walls = maze.grid.wall_faces
    here, sides = np.divmod(walls[rng.permutation(len(walls))], maze.degree)
    there = moves.table[here, sides]
    left = maze.cell_count - 1 - 3 * len(maze.crossings)
    cells, union, side_of = moves.cells, sets.union, maze.grid.all_sides
    for i, s, j in zip(here.tolist(), sides.tolist(), there.tolist()):
        if left <= 0:
            break
        if j < 0 or crossed[i] or crossed[j]:
            continue
        cell, side = cells[i], side_of[s]
        yield ev.WallConsidered(cell, side)
        joined = union(i, j)
        if joined is None:
            yield ev.WallRejected(cell, side, ev.Rejection.SAME_SET)
            continue
        a, b, root = joined
        yield ev.SetsMerged(cells[a], cells[b], cells[root], sets.last_cost)
        moves.open(i, s)
        yield ev.WallOpened(cell, side)
        left -= 1
    yield ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)


def pick(pop: str, n: int, share: float, numbers: Iterator[float]) -> int:
    """The index in an active list of `n` cells that grows next, by the growing tree's
    `pop` rule (the same draws as its own loop takes)."""
    if pop == "newest" or (pop == "mix" and next(numbers) < share):
        return n - 1
    if pop == "oldest":
        return 0
    if pop == "middle":
        return n // 2
    return min(n - 1, int(next(numbers) * n))


def growing_tree(maze: Maze, rng: np.random.Generator, pop: str, share: float,
                 start: Cell | None) -> Iterator[ev.Event]:
    """The growing tree on a weave: a cell may also grow under a corridor to the cell
    beyond (drawn among its ways out of the maze, each equally likely)."""
    yield created(maze)
    draws, tunnels = Draws(rng, maze.cells), _Tunnels(maze)
    numbers = draws.numbers()
    cells = tunnels.cells
    first = start_cell(maze, rng, start)
    seen = [False] * maze.cells
    active = [first[0] * maze.cols + first[1]]
    seen[active[0]] = True
    current = active[0]
    yield ev.CellMarked(first, Mark.CURRENT)
    while active:
        k = pick(pop, len(active), share, numbers)
        here = active[k]
        if here != current:
            current = here
            yield ev.CellMarked(cells[here], Mark.CURRENT)
        options = tunnels.ways(here, seen)
        if not options:
            del active[k]
            yield ev.CellMarked(cells[here], Mark.DONE)
            continue
        n = len(options)
        side, over, there = options[min(n - 1, int(next(numbers) * n))]
        yield tunnels.carve(here, side, over)
        seen[there] = True
        active.append(there)
        current = there
        yield ev.CellMarked(cells[there], Mark.CURRENT)
