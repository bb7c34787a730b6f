"""Depth-first search (`solution`): follow one corridor until stuck, back up."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .. import events as ev
from ..events import Cell, Mark, Side
from ..maze import Maze
from ..surfaces import Step
from ..registry import ALL_GRIDS, Family, register
from ._common import ENDPOINT_PARAMS, opening, resolve

#: the letter of each side in French move lists (o = ouest) and in English
LETTERS = {"fr": "neso", "en": "nesw"}


def moves(path: ev.PathFound, language: str = "fr") -> list[str]:
    """The path as a move list, e.g. ['n', 'e', 'e', 's', 'o'] (`language` "fr"),
    or with 'w' for west ("en"). Each letter is the side of the cell the step leaves by."""
    if language not in LETTERS:
        raise ValueError(f"`language` is one of {', '.join(LETTERS)}, got {language!r}")
    return [LETTERS[language][side] for side in path.sides]


def follow(maze: Maze, start: Cell, letters: list[str]) -> Cell:
    """Where a move list (either language) leads from `start` (ValueError through a wall)."""
    cell = start
    for letter in letters:
        side = Side("nesw".index(letter) if letter != "o" else 3)
        step = maze.surface.move(cell, side)
        if not maze.is_open(cell, side) or step is None:
            raise ValueError(f"move {letter!r} from {cell} goes through a wall")
        cell = step.cell
    return cell


@register("solver", "dfs",
          "depth-first search: follow passages N, E, S, W first, back up at dead "
          "ends; a path, not the shortest", params=ENDPOINT_PARAMS, blocks=True,
          family=Family.COMPLETE, grids=ALL_GRIDS)
def dfs(maze: Maze, *, rng: np.random.Generator | None = None, start: Cell | None = None,
        goal: Cell | None = None) -> Iterator[ev.Event]:
    """Search from `start` to `goal` depth first, trying sides in the order N, E, S, W.

    Yields CellMarked(start, start), CellMarked(goal, goal), then CellMarked(cell, current)
    for each step forward (the cell left stays marked `stack`) and CellMarked(cell, visited)
    for each step back; ends with PathFound (the stack) or NoPath. `moves(path)` turns the
    PathFound into a move list.
    """
    start, goal = resolve(maze, start, goal)
    first = opening(maze, start, goal)
    yield from first
    if isinstance(first[0], ev.NoPath):
        return
    stack: list[tuple[Cell, Iterator[tuple[Side, Step]]]] = [(start, maze.passages(start))]
    sides: list[Side] = []
    seen = {start}
    yield ev.CellMarked(start, Mark.CURRENT)
    while stack:
        cell, options = stack[-1]
        if cell == goal:
            yield ev.PathFound(tuple(c for c, _ in stack), tuple(sides))
            return
        for side, step in options:
            if step.cell not in seen:
                seen.add(step.cell)
                stack.append((step.cell, maze.passages(step.cell)))
                sides.append(side)
                yield ev.CellMarked(step.cell, Mark.CURRENT)
                break
        else:
            stack.pop()
            if sides:
                sides.pop()
            yield ev.CellMarked(cell, Mark.VISITED)
            if stack:
                yield ev.CellMarked(stack[-1][0], Mark.CURRENT)
    yield ev.NoPath(f"the goal {goal} cannot be reached from {start}")
