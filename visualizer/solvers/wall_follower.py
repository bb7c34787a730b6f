"""The wall follower: keep one hand on the wall and walk.

It always leaves a perfect maze; in a maze with an island it can circle forever, so it
remembers every state (cell, heading, hand) and stops when one comes back. Crossing a
twisted gluing (Klein bottle, projective plane) mirrors the walker: the hand on the wall
becomes the other hand in the new cell's N/E/S/W frame.
"""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
from ..registry import ALL_GRIDS, Family, Param, ParamKind, register
from . import _turns
from ._common import ENDPOINT_PARAMS, opening, resolve


def preferences(heading: Side, hand: str) -> tuple[Side, ...]:
    """The sides to try from `heading`: towards the hand, straight, away, back."""
    turn = -1 if hand == "left" else 1
    return (Side((heading + turn) % 4), heading, Side((heading - turn) % 4),
            heading.opposite)


def hand_side(heading: Side, hand: str) -> Side:
    """The side of the cell the hand is on when facing `heading`."""
    return Side((heading + (-1 if hand == "left" else 1)) % 4)


def initial_heading(maze: Maze, start: Cell) -> Side:
    """Facing into the maze from the entrance's opening, else towards the first passage."""
    if start == maze.entrance and maze.entrance_side is not None:
        return maze.entrance_side.opposite
    for side, _ in maze.passages(start):
        return side
    return Side.N


def next_state(maze: Maze, cell: Cell, heading: Side, hand: str
               ) -> tuple[Side, Cell, Side, str] | None:
    """One step of the rule: (side left by, cell entered, new heading, new hand), or None
    when `cell` has no way out. The hand swaps when the step crosses a twisted gluing."""
    moves = {side: step for side, step in maze.passages(cell)}
    if not moves:
        return None
    side = next(s for s in preferences(heading, hand) if s in moves)
    step = moves[side]
    if step.flipped:
        hand = "right" if hand == "left" else "left"
    return side, step.cell, step.side.opposite, hand


def without_detours(cells: list[Cell], sides: list[Side]) -> ev.PathFound:
    """The walk (`cells`, and the side each step leaves by) with every return to an
    earlier cell cut out: a simple path from the first cell to the last."""
    kept_cells, kept_sides = [cells[0]], list[Side]()
    where = {cells[0]: 0}
    for side, cell in zip(sides, cells[1:]):
        if cell in where:
            cut = where[cell]
            for gone in kept_cells[cut + 1:]:
                del where[gone]
            del kept_cells[cut + 1:]
            del kept_sides[cut:]
        else:
            where[cell] = len(kept_cells)
            kept_cells.append(cell)
            kept_sides.append(side)
    return ev.PathFound(tuple(kept_cells), tuple(kept_sides))


@register("solver", "wall_follower",
          "wall follower: one hand on the wall; stops when it comes back to a "
          "state it has been in (circling an island)",
          params=ENDPOINT_PARAMS + (Param("hand", ParamKind.CHOICE, "left", "the hand on the wall",
                                          choices=("left", "right")),), blocks=True,
          family=Family.LOCAL, grids=ALL_GRIDS)
def wall_follower(maze: Maze, *, rng: np.random.Generator | None = None,
                  start: Cell | None = None, goal: Cell | None = None,
                  hand: str = "left") -> Iterator[ev.Event]:
    """Walk from `start` with `hand` on the wall until `goal`.

    Yields CellMarked(start, start), CellMarked(goal, goal), CellMarked(start, current),
    Heading(start, heading, hand side), then per step CellMarked(cell left, visited,
    count = its visits), Heading(cell entered, heading, hand side) — the hand side swaps
    after a twisted gluing — and CellMarked(cell entered, current, count = visits so far).
    Ends with PathFound (the walk without its detours), or — when a (cell, heading, hand)
    state repeats — CellMarked(cell, path) along the circuit,
    Milestone("loop detected", cell) and NoPath("loop detected …").
    """
    if hand not in ("left", "right"):
        raise ValueError(f"`hand` is left or right, got {hand!r}")
    start, goal = resolve(maze, start, goal)
    first = opening(maze, start, goal)
    yield from first
    if isinstance(first[0], ev.NoPath):
        return
    # the state's side: the heading on the square grid, the side entered by on others
    # (turns by the sides' angles, `_turns`)
    if maze.grid.plain:
        heading, advance = initial_heading(maze, start), next_state

        def shown(cell: Cell, heading: Side, hand: str) -> ev.Heading:
            return ev.Heading(cell, heading, hand_side(heading, hand))
    else:
        heading, advance = _turns.first_entry(maze, start), _turns.next_state

        def shown(cell: Cell, heading: Side, hand: str) -> ev.Heading:
            return ev.Heading(cell, _turns.facing(maze, cell, heading),
                              _turns.hand_side(maze, cell, heading, hand))
    cell = start
    walk, sides = [start], list[Side]()
    seen: dict[tuple[Cell, Side, str], int] = {}
    visits = {start: 1}
    yield ev.CellMarked(start, Mark.CURRENT)
    yield shown(start, heading, hand)
    while cell != goal:
        state = (cell, heading, hand)
        if state in seen:
            circuit = walk[seen[state]:]
            for c in dict.fromkeys(circuit):
                yield ev.CellMarked(c, Mark.PATH)
            yield ev.Milestone("loop detected", cell, ev.MilestoneKind.LOOP)
            yield ev.NoPath(f"loop detected: back at {cell} facing "
                            f"{shown(cell, heading, hand).side.name} with the "
                            f"{hand} hand after {len(sides)} steps, circling "
                            f"{len(set(circuit))} cells", ev.NoPathReason.LOOP)
            return
        seen[state] = len(walk) - 1
        step = advance(maze, cell, heading, hand)
        if step is None:
            yield ev.NoPath(f"the start {start} has no way out", ev.NoPathReason.NO_WAY_OUT)
            return
        left = cell
        side, cell, heading, hand = step
        walk.append(cell)
        sides.append(side)
        visits[cell] = visits.get(cell, 0) + 1
        yield ev.CellMarked(left, Mark.VISITED, visits[left])
        yield shown(cell, heading, hand)
        yield ev.CellMarked(cell, Mark.CURRENT, visits[cell])
    yield without_detours(walk, sides)
