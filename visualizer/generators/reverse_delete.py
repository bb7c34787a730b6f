"""Reverse-delete on the block grid: the dual of Kruskal.

Start with every wall open, shuffle the walls (Fisher–Yates), then build each wall in turn
unless building it would cut the maze in two — checked by a traversal from both sides at
once, which stops as soon as the two meet (still connected) or one side runs out of cells
(cut in two: that side is the smaller piece, so the test costs little).
"""
from __future__ import annotations

from collections import deque
from typing import Generator, Iterator

import numpy as np

from .. import events as ev
from ..events import Mark
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Family, register
from ..surfaces import Walls


def fisher_yates(walls: list, rng: np.random.Generator) -> Iterator[tuple[int, int]]:
    """Shuffle `walls` in place (Fisher–Yates): swap slot i with a random slot
    j ≥ i, for i = 0, 1, … Yields each (i, j) after its swap."""
    for i in range(len(walls) - 1):
        j = int(rng.integers(i, len(walls)))
        walls[i], walls[j] = walls[j], walls[i]
        yield i, j


def connection_test(is_open: list[bool], target: list[list[int]],
                    marks: list[ev.CellMarked], start: int,
                    goal: int) -> Generator[ev.CellMarked, None, bool]:
    """Bidirectional breadth-first traversal through open walls between flat cells `start`
    and `goal`: `is_open[d * cell + side]` (d: the grid's degree, the length of a row of
    `target`) says whether a face is open, `target[cell][side]`
    where it leads, `marks[i]` is CellMarked(cell i, tested). Yields that mark for each cell
    reached, from either side (both ends first), always growing the side with the shorter
    queue; returns True as soon as one side reaches a cell of the other, False when one
    side has nowhere left to go."""
    yield marks[start]
    if start == goal:
        return True
    yield marks[goal]
    seen = ({start}, {goal})
    queues = (deque([start]), deque([goal]))
    degree = len(target[start])
    while queues[0] and queues[1]:
        k = 0 if len(queues[0]) <= len(queues[1]) else 1
        mine, theirs, queue = seen[k], seen[1 - k], queues[k]
        here = queue.popleft()
        for side, there in enumerate(target[here]):
            if not is_open[degree * here + side] or there in mine:
                continue
            if there in theirs:
                return True
            mine.add(there)
            queue.append(there)
            yield marks[there]
    return False


@register("generator", "reverse_delete",
          "reverse-delete: all walls open, shuffled, each one built unless "
          "that disconnects its two sides (tested by a traversal)",
          legend={"rejected": "kept open: building it would disconnect",
                  "built": "wall built: the maze stays connected"},
          family=Family.WALL_ADDER, grids=ALL_GRIDS)
def reverse_delete(maze: Maze, *, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Build a perfect maze by adding walls to an open grid.

    Yields GridCreated(walls_open=True, fill="open"); Milestone("Fisher–Yates shuffle"),
    WallConsidered(wall now in slot i) per swap, Milestone("shuffled"); then per wall in
    the shuffled order WallConsidered, CellMarked(cell, tested) for every cell the
    two-sided connection test reaches, the verdict — WallClosed (the sides stay connected) or
    WallRejected(reason="would disconnect") — and MarksCleared("tested").
    Ends with Milestone("spanning tree").
    """
    degree, grid = maze.degree, maze.grid
    target = grid.step_table[0].reshape(maze.rows, maze.cols, degree)
    maze.faces[:] = target >= 0
    yield created(maze, fill=ev.Fill.OPEN)
    walls = list(Walls(grid.wall_faces, maze.cols, degree))
    plural = "" if len(walls) == 1 else "s"
    yield ev.Milestone(f"Fisher–Yates shuffle of {len(walls)} wall{plural}",
                       kind=ev.MilestoneKind.SHUFFLE)
    for i, _ in fisher_yates(walls, rng):
        r, c, side = walls[i]
        yield ev.WallConsidered((r, c), grid.side(side))
    yield ev.Milestone("shuffled: try each wall", kind=ev.MilestoneKind.SHUFFLED)
    cols = maze.cols
    moves, entered, _ = grid.step_table
    moves_list = moves.tolist()
    is_open = maze.faces.reshape(-1).tolist()
    # events are frozen: one CellMarked per cell serves every test
    marks = [ev.CellMarked(divmod(i, cols), Mark.TESTED) for i in range(maze.cells)]
    for r, c, side in walls:
        cell, side = (r, c), grid.side(side)
        here = r * cols + c
        there, back = int(moves[here, side]), int(entered[here, side])
        yield ev.WallConsidered(cell, side)
        maze.close_wall(cell, side)
        is_open[degree * here + side] = is_open[degree * there + back] = False
        if (yield from connection_test(is_open, moves_list, marks, here, there)):
            yield ev.WallClosed(cell, side)
        else:
            maze.open_wall(cell, side)
            is_open[degree * here + side] = is_open[degree * there + back] = True
            yield ev.WallRejected(cell, side, ev.Rejection.WOULD_DISCONNECT)
        yield ev.MarksCleared(Mark.TESTED)
    yield ev.Milestone("spanning tree", kind=ev.MilestoneKind.SPANNING_TREE)
