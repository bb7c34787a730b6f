"""The random mouse: the baseline every other solver is compared with.

It follows the passage it is in; at a junction it picks one of the ways on at random (never
straight back), and it turns back only at a dead end. It remembers nothing, so it may walk
the same corridors again and again: after `max_steps` moves it gives up.
"""
from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
from ..registry import ALL_GRIDS, Family, Param, ParamKind, register
from ._common import opening, resolve
from .bfs import ENDPOINT_PARAMS
from .wall_follower import without_detours

MAX_STEPS = 20_000


def choose(rng: np.random.Generator, ways: list[Side], back: Side | None) -> Side:
    """The mouse's next side out of a cell with open `ways`, having come in through
    `back`: a random one of the ways on, or `back` when it is the only way."""
    on = [side for side in ways if side != back]
    if not on:
        return ways[0]
    return on[int(rng.integers(len(on)))] if len(on) > 1 else on[0]


@register("solver", "random_mouse",
          "random mouse: follows passages, picks a way at random at each junction, turns "
          "back only at dead ends; gives up after `max_steps` moves (the baseline)",
          params=ENDPOINT_PARAMS + (
              Param("max_steps", ParamKind.INT, MAX_STEPS, "moves before it gives up", min=1),),
          blocks=True, family=Family.LOCAL, grids=ALL_GRIDS)
def random_mouse(maze: Maze, *, rng: np.random.Generator | None = None,
                 start: Cell | None = None, goal: Cell | None = None,
                 max_steps: int = MAX_STEPS) -> Iterator[ev.Event]:
    """Walk at random from `start` until `goal` or `max_steps` moves.

    Yields CellMarked(start, start), CellMarked(goal, goal), CellMarked(start, walker, 0),
    then per move CellMarked(cell left, visited, count = its visits) and CellMarked(cell
    entered, walker, count = moves so far). Ends with PathFound (the walk without its
    detours), NoPath(no way out) when the start has no open side, or NoPath(gave up) after
    `max_steps` moves. The same `rng` gives the same walk.
    """
    if max_steps < 1:
        raise ValueError(f"`max_steps` is a whole number ≥ 1, got {max_steps!r}")
    if rng is None:
        raise ValueError("the random mouse needs a seeded numpy Generator `rng`")
    start, goal = resolve(maze, start, goal)
    first = opening(maze, start, goal)
    yield from first
    if isinstance(first[0], ev.NoPath):
        return
    cell, back = start, None
    walk: list[Cell] = [start]
    sides: list[Side] = []
    visits = {start: 1}
    yield ev.CellMarked(start, Mark.WALKER, 0)
    while cell != goal:
        moves = dict(maze.passages(cell))
        if not moves:
            yield ev.NoPath(f"the start {start} has no way out", ev.NoPathReason.NO_WAY_OUT)
            return
        if len(sides) == max_steps:
            yield ev.NoPath(f"gave up after {max_steps} moves, {len(visits)} cells seen",
                            ev.NoPathReason.GAVE_UP)
            return
        side = choose(rng, list(moves), back)
        step = moves[side]
        left, cell, back = cell, step.cell, step.side
        walk.append(cell)
        sides.append(side)
        visits[cell] = visits.get(cell, 0) + 1
        yield ev.CellMarked(left, Mark.VISITED, visits[left])
        yield ev.CellMarked(cell, Mark.WALKER, len(sides))
    yield without_detours(walk, sides)
