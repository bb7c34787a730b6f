"""The graph view of a maze, on every grid and surface: its grid's neighbour relation and
the passages it has carved, both as `{cell: [cells]}` with the grid's coordinates."""
from __future__ import annotations

from ..events import Cell
from .model import Maze


def _lists(maze: Maze, linked_only: bool) -> dict[Cell, list[Cell]]:
    target = maze.grid.step_table[0].tolist()
    faces = maze.faces.reshape(-1, maze.degree).tolist()
    cols = maze.cols
    out: dict[Cell, list[Cell]] = {}
    if linked_only and maze.crossings:      # a weave: a tunnel links the cells it joins
        for i in maze.grid.flat_cells.tolist():
            here = divmod(i, cols)
            out[here] = list(dict.fromkeys(step.cell for _, step in maze.passages(here)
                                           if step.cell != here))
        return out
    for i in maze.grid.flat_cells.tolist():
        here = divmod(i, cols)
        cells: list[Cell] = []
        for side, j in enumerate(target[i]):
            if j < 0 or j == i or (linked_only and not faces[i][side]):
                continue
            there = divmod(j, cols)
            if there not in cells:
                cells.append(there)
        out[here] = cells
    return out


def neighbours(maze: Maze) -> dict[Cell, list[Cell]]:
    """Every cell of `maze`'s grid (reading order) with the cells across its sides, in the
    order of its sides, each once (a cell glued to itself on a narrow torus left out)."""
    return _lists(maze, linked_only=False)


def adjacency(maze: Maze) -> dict[Cell, list[Cell]]:
    """Every cell of `maze` with the cells an open wall joins it to (side order, each once);
    on a weave, a cell at a tunnel's mouth is joined to the cell at its other end, not to
    the crossed cell the tunnel goes under."""
    return _lists(maze, linked_only=True)
