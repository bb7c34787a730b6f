"""Turning on any grid, by the sides' angles: the wall follower's order of preference and
the way it faces, for grids whose cells are not squares (hexagons, triangles, ring sectors).

On the square grid the wall follower keeps its heading (a side) and turns in quarter turns;
here its state is the side it entered the cell by. A left hand on the wall tries the cell's
sides clockwise from the one after the way in (the leftmost turn first, then on round to
the right), the way back last; a right hand counter-clockwise. On a square cell that is
exactly the square's order (left, straight, right, back)."""
from __future__ import annotations

from ..events import Cell, Side
from ..maze import Maze


def by_angle(maze: Maze, cell: Cell) -> list[int]:
    """The sides `cell` has, clockwise by their angle (from north)."""
    angle = maze.grid.shape.angle
    has = maze.grid.exists[cell[0] * maze.cols + cell[1]]
    return sorted((s for s in range(maze.degree) if has[s]),
                  key=lambda s: angle(cell, s) % 360.0)


def _nearest(maze: Maze, cell: Cell, towards: float, skip: int | None = None) -> int:
    """The side of `cell` whose angle is nearest `towards` (degrees), not `skip`."""
    angle = maze.grid.shape.angle
    options = [s for s in by_angle(maze, cell) if s != skip] or by_angle(maze, cell)
    return min(options, key=lambda s: abs((angle(cell, s) - towards + 180.0) % 360.0 - 180.0))


def preferences(maze: Maze, cell: Cell, entered: int, hand: str) -> list[int]:
    """The sides to try, having come into `cell` by `entered`: clockwise from the side after
    it for the left hand, counter-clockwise for the right, `entered` itself last."""
    order = by_angle(maze, cell)
    k = order.index(entered)
    on = order[k + 1:] + order[:k]
    return (on if hand == "left" else on[::-1]) + [entered]


def facing(maze: Maze, cell: Cell, entered: int) -> Side:
    """The side the walker faces, having entered by `entered`: the one most nearly across."""
    across = maze.grid.shape.angle(cell, entered) + 180.0
    return maze.grid.side(_nearest(maze, cell, across, skip=entered))


def hand_side(maze: Maze, cell: Cell, entered: int, hand: str) -> Side:
    """The side the hand is on: the one nearest a quarter turn from the way it faces."""
    ahead = maze.grid.shape.angle(cell, facing(maze, cell, entered))
    return maze.grid.side(_nearest(maze, cell, ahead + (-90.0 if hand == "left" else 90.0)))


def first_entry(maze: Maze, start: Cell) -> Side:
    """The side the walker counts as having come in by at the start: the entrance's opening,
    else the side most nearly across the first passage."""
    if start == maze.entrance and maze.entrance_side is not None:
        return maze.entrance_side
    for side, _ in maze.passages(start):
        across = maze.grid.shape.angle(start, side) + 180.0
        return maze.grid.side(_nearest(maze, start, across, skip=side))
    return maze.grid.side(by_angle(maze, start)[0])


def next_state(maze: Maze, cell: Cell, heading: Side, hand: str
               ) -> tuple[Side, Cell, Side, str] | None:
    """One step of the rule, having entered `cell` by the side `heading` (the state the
    square's `wall_follower.next_state` keeps as a heading): (side left by, cell entered,
    side entered by, new hand), or None when `cell` has no way out."""
    moves = {side: step for side, step in maze.passages(cell)}
    if not moves:
        return None
    side = next(s for s in preferences(maze, cell, heading, hand) if s in moves)
    step = moves[maze.grid.side(side)]
    if step.flipped:
        hand = "right" if hand == "left" else "left"
    return maze.grid.side(side), step.cell, step.side, hand
