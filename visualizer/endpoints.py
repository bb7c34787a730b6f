"""Where the entrance and the exit go: the rules a scenario's `endpoints` option names.

- `corners`: (0, 0) and the opposite corner, opening left and right on the plane (seed 000).
- `openings`: seed 002's enclosure "with an opening at each end": the same corners, opened
  in the top wall of the first cell and the bottom wall of the last.
- `first_backtrack`: seed 004 — the exit at the first cell the backtracker visited, the
  entrance at the first cell where it had to back up (read from the generator's events).
- `longest`: the two ends of a longest shortest path (the maze's diameter).
- explicit cells: `{entrance: [r, c], exit: [r, c]}`.
"""
from __future__ import annotations

from typing import Iterator

from . import events as ev
from .events import Cell, Mark, Side
from .maze import Maze
from .stats import diameter

RULES = ("corners", "openings", "first_backtrack", "longest")


class History:
    """What the endpoint rules need to remember from a generator's events."""

    def __init__(self) -> None:
        self.first_visited: Cell | None = None
        self.first_backtrack: Cell | None = None

    def see(self, event: ev.Event) -> None:
        if isinstance(event, ev.CellMarked) and event.mark == Mark.CURRENT \
                and self.first_visited is None:
            self.first_visited = event.cell
        elif isinstance(event, ev.Milestone) and event.label == "first backtrack" \
                and self.first_backtrack is None:
            self.first_backtrack = event.cell


def border_side(maze: Maze, cell: Cell, preferred: tuple[Side, ...]) -> Side | None:
    """The first of `preferred` sides of `cell` that opens onto the outside (plane only)."""
    for side in preferred:
        if maze.surface.move(cell, side) is None:
            return side
    return None


def choose(maze: Maze, rule: str | tuple[Cell, Cell], history: History | None = None
           ) -> tuple[ev.EndpointsSet, str]:
    """The EndpointsSet for `rule` and a label saying why those cells."""
    last = (maze.rows - 1, maze.cols - 1)
    entry_sides = (Side.W, Side.N, Side.S, Side.E)
    exit_sides = (Side.E, Side.S, Side.N, Side.W)
    if isinstance(rule, (tuple, list)):
        entrance, exit_ = tuple(rule[0]), tuple(rule[1])
        label = f"entrance {entrance}, exit {exit_}"
    elif rule == "openings":
        entrance, exit_ = (0, 0), last
        entry_sides, exit_sides = (Side.N, Side.W), (Side.S, Side.E)
        label = "openings at both ends of the enclosure"
    elif rule == "first_backtrack":
        history = history or History()
        entrance = history.first_backtrack or (0, 0)
        exit_ = history.first_visited or last
        label = "exit: first cell visited · entrance: first backtrack"
    elif rule == "longest":
        length, a, b, exact = diameter(maze)
        entrance, exit_ = (a, b) if a is not None else ((0, 0), last)
        label = f"ends of a longest path ({length} moves{'' if exact else ', estimate'})"
    else:
        entrance, exit_ = (0, 0), last
        label = "corners"
    event = ev.EndpointsSet(entrance, exit_, border_side(maze, entrance, entry_sides),
                            border_side(maze, exit_, exit_sides))
    return event, label


def place(maze: Maze, rule: str | tuple[Cell, Cell], history: History | None = None
          ) -> Iterator[ev.Event]:
    """Place the entrance and exit by `rule`: yields EndpointsSet (applied to `maze`) and,
    for the rules that need explaining, a Milestone saying where they came from."""
    event, label = choose(maze, rule, history)
    maze.apply(event)
    yield event
    if rule != "corners":
        yield ev.Milestone(label, event.entrance)
