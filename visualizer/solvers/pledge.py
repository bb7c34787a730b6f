"""The Pledge algorithm: a wall follower with a turn counter, which lets go of an island.

The walker has a preferred heading. It walks that way until a wall stops it, then turns
away from the wall and follows it with one hand, counting quarter turns (+1 towards the
hand, −1 away, −2 to turn back). When the count is back to 0 it faces its heading again
and lets go of the wall: so it leaves an island it would circle for ever with a plain wall
follower. (Its guarantee is about getting out of a plane maze to the outside; here the
goal is a cell, so it may still miss it, and then it comes back to where it has been: a
loop, which it detects.)

Where the count is defined: it measures how far the walker has turned from its preferred
heading, so the heading must mean the same thing everywhere. That holds on the plane and
on the torus (straight gluings). A twisted gluing (Klein bottle, projective plane) mirrors
the walker, so its left and right turns swap and the count's sign is lost; on the sphere a
crossing turns the square's directions by a quarter (north becomes east), so there is no
heading to come back to. Those surfaces are refused.
"""
from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, MilestoneKind, Side
from ..grids import GridKind
from ..maze import Maze
from ..registry import Family, Param, ParamKind, register
from ._common import opening, resolve
from .bfs import ENDPOINT_PARAMS
from .wall_follower import hand_side, without_detours

SURFACES = frozenset({"plane", "torus"})
SURFACE_REASON = ("its turn count needs a heading that means the same everywhere: a twisted "
                  "gluing swaps left and right turns, and the sphere's gluing turns north "
                  "into east")
#: why Pledge keeps to the square grid
GRID_REASON = ("its turn count and its preferred heading are in quarter turns of the square "
               "grid")
HEADINGS = {"north": Side.N, "east": Side.E, "south": Side.S, "west": Side.W}


def turned(heading: Side, turn: int, hand: str) -> Side:
    """`heading` after `turn` quarter turns (+ towards `hand`)."""
    towards = -1 if hand == "left" else 1
    return Side((heading + towards * turn) % 4)


def follow_turn(maze: Maze, cell: Cell, heading: Side, hand: str) -> int | None:
    """The wall follower's choice in quarter turns: towards the hand (+1), straight (0),
    away (−1), back (−2): the first that is open; None when `cell` has no way out."""
    moves = {side for side, _ in maze.passages(cell)}
    return next((t for t in (1, 0, -1, -2) if turned(heading, t, hand) in moves), None)


@register("solver", "pledge",
          "Pledge: walk one way; at a wall follow it, counting turns, and let go when the "
          "count is back to 0 (escapes islands); may still miss an inner goal",
          params=ENDPOINT_PARAMS + (
              Param("heading", ParamKind.CHOICE, "east", "the way it prefers to walk",
                    choices=tuple(HEADINGS)),
              Param("hand", ParamKind.CHOICE, "left", "the hand on the wall",
                    choices=("left", "right")),
          ), blocks=True, surfaces=SURFACES, surface_reason=SURFACE_REASON,
          grid_reason=GRID_REASON,
          family=Family.LOCAL, milestones=frozenset({MilestoneKind.LEFT_WALL}))
def pledge(maze: Maze, *, rng: np.random.Generator | None = None, start: Cell | None = None,
           goal: Cell | None = None, heading: str = "east",
           hand: str = "left") -> Iterator[ev.Event]:
    """Walk from `start` by the Pledge rule until `goal`.

    Yields CellMarked(start, start), CellMarked(goal, goal), CellMarked(start, walker, 0),
    Heading(start, heading, None, 0); then per move CellMarked(cell left, visited, count =
    its visits), Heading(cell entered, heading, hand side or None when walking straight,
    turn count) and CellMarked(cell entered, walker, count = moves so far); a turn away
    from a wall without moving is a Heading alone. Milestone(left the wall) each time the
    count is back to 0. Ends with PathFound (the walk without its detours), or NoPath:
    `loop` when a state comes back (walking straight: the same cell; following one wall
    without letting go: the same cell and heading with no higher count, so the count can
    never reach 0 again and the walk repeats), `no way out`, or
    `unusable` on a surface where the count is not defined.
    """
    if hand not in ("left", "right"):
        raise ValueError(f"`hand` is left or right, got {hand!r}")
    if heading not in HEADINGS:
        raise ValueError(f"`heading` is one of {', '.join(HEADINGS)}, got {heading!r}")
    start, goal = resolve(maze, start, goal)
    if maze.grid.kind != GridKind.SQUARE:
        yield ev.NoPath(f"Pledge cannot run on a {maze.grid.kind.value} grid: {GRID_REASON}",
                        ev.NoPathReason.UNUSABLE)
        return
    if maze.surface.name not in SURFACES:
        yield ev.NoPath(f"Pledge cannot run on the {maze.surface.name}: {SURFACE_REASON}",
                        ev.NoPathReason.UNUSABLE)
        return
    first = opening(maze, start, goal)
    yield from first
    if isinstance(first[0], ev.NoPath):
        return
    preferred = HEADINGS[heading]
    cell, facing, turns, following = start, preferred, 0, False
    walk: list[Cell] = [start]
    sides: list[Side] = []
    visits = {start: 1}
    straight_seen: set[Cell] = set()
    follow_seen: dict[tuple[Cell, Side], int] = {}
    yield ev.CellMarked(start, Mark.WALKER, 0)
    yield ev.Heading(start, facing, None, 0)
    while cell != goal:
        if not following:
            if cell in straight_seen:
                yield from _loop(walk, cell, facing, len(sides), "walking straight")
                return
            straight_seen.add(cell)
            if facing not in {side for side, _ in maze.passages(cell)}:
                if follow_turn(maze, cell, facing, hand) is None:
                    yield ev.NoPath(f"the start {start} has no way out",
                                    ev.NoPathReason.NO_WAY_OUT)
                    return
                following, turns = True, -1      # a wall ahead: turn away, hand on it
                facing = turned(facing, -1, hand)
                yield ev.Heading(cell, facing, hand_side(facing, hand), turns)
                continue
        else:
            before = follow_seen.get((cell, facing))
            if before is not None and turns <= before:
                yield from _loop(walk, cell, facing, len(sides), f"turn count {turns:+d}")
                return
            follow_seen[(cell, facing)] = turns
            turn = follow_turn(maze, cell, facing, hand)
            if turn is None:
                yield ev.NoPath(f"the start {start} has no way out", ev.NoPathReason.NO_WAY_OUT)
                return
            turns += turn
            facing = turned(facing, turn, hand)
        step = dict(maze.passages(cell)).get(facing)     # on a weave: through a tunnel
        assert step is not None
        left, side = cell, facing
        cell, facing = step.cell, step.side.opposite
        walk.append(cell)
        sides.append(side)
        visits[cell] = visits.get(cell, 0) + 1
        let_go = following and turns == 0
        following = following and not let_go
        yield ev.CellMarked(left, Mark.VISITED, visits[left])
        yield ev.Heading(cell, facing, hand_side(facing, hand) if following else None, turns)
        yield ev.CellMarked(cell, Mark.WALKER, len(sides))
        if let_go:
            follow_seen.clear()         # a new hold on a wall starts with a fresh memory
            yield ev.Milestone(f"turn count back to 0, facing {heading}: lets go of the wall",
                               cell, MilestoneKind.LEFT_WALL)
    yield without_detours(walk, sides)


def _loop(walk: list[Cell], cell: Cell, facing: Side, moves: int,
          state: str) -> Iterator[ev.Event]:
    """The events of a walk that came back to a state it has been in."""
    yield ev.Milestone("loop detected", cell, MilestoneKind.LOOP)
    yield ev.NoPath(f"loop detected: back at {cell} facing {facing.name} ({state}) after "
                    f"{moves} moves", ev.NoPathReason.LOOP)
