"""Helpers the catalogue's generators share: buffered random draws and flat move tables."""
from __future__ import annotations

from typing import Iterator

import numpy as np

from ..events import Cell
from ..maze import Maze


class Draws:
    """Uniform numbers in [0, 1) from `rng`, drawn `batch` at a time (one numpy call per
    batch, not per step; a small maze asks for a small batch); the same seed always gives
    the same sequence."""

    def __init__(self, rng: np.random.Generator, cells: int = 256) -> None:
        self.rng, self.batch = rng, min(4096, 16 * cells + 16)
        self._buffer: list[float] = []
        self._next = 0

    def uniform(self) -> float:
        """The next number in [0, 1)."""
        if self._next == len(self._buffer):
            self._buffer = self.rng.random(self.batch).tolist()
            self._next = 0
        u = self._buffer[self._next]
        self._next += 1
        return u

    def numbers(self) -> Iterator[float]:
        """The same numbers as `uniform` gives, as an iterator (cheaper in a hot loop:
        `next` instead of a call); use one or the other, not both."""
        while True:
            yield from self.rng.random(self.batch).tolist()

    def below(self, n: int) -> int:
        """A whole number in 0 .. n-1, each equally likely."""
        return min(n - 1, int(self.uniform() * n))


#: the sides listed by a 4-bit mask (bit k: side k leads to a cell), shared by every cell
_SIDE_SETS: list[tuple[int, ...]] = [tuple(side for side in range(4) if mask >> side & 1)
                                     for mask in range(16)]


class Moves:
    """The surface's moves as flat lists: `target[i][side]` the flat cell reached (-1 where
    the square is not glued), `entered[i][side]` the side it is entered through, `cells[i]`
    the (row, col) of flat cell i."""

    def __init__(self, maze: Maze) -> None:
        target, entered, _ = maze.surface.step_table
        self.cols = maze.cols
        self.table = target
        self.target: list[list[int]] = target.tolist()
        self.entered: list[list[int]] = entered.tolist()
        self.cells: list[Cell] = [divmod(i, maze.cols) for i in range(maze.cells)]
        self.faces = maze.faces.reshape(-1, 4)

    def flat(self, cell: Cell) -> int:
        return cell[0] * self.cols + cell[1]

    def open(self, i: int, side: int) -> None:
        """Open both faces of the wall on `side` of flat cell `i` in the maze."""
        j = self.target[i][side]
        self.faces[i, side] = True
        if j >= 0:
            self.faces[j, self.entered[i][side]] = True

    def close(self, i: int, side: int) -> None:
        """Close both faces of the wall on `side` of flat cell `i` in the maze."""
        j = self.target[i][side]
        self.faces[i, side] = False
        if j >= 0:
            self.faces[j, self.entered[i][side]] = False

    def options(self) -> list[tuple[int, ...]]:
        """`sides(i)` of every flat cell i, worked out in one numpy pass (cells with the same
        sides share one tuple)."""
        masks = ((self.table >= 0) * np.array([1, 2, 4, 8])).sum(axis=1).tolist()
        return [_SIDE_SETS[mask] for mask in masks]

    def sides(self, i: int) -> list[int]:
        """The sides of flat cell `i` that lead to a cell (glued ones included)."""
        row = self.target[i]
        return [side for side in range(4) if row[side] >= 0]


def start_cell(maze: Maze, rng: np.random.Generator, start: Cell | None) -> Cell:
    """`start`, or a random cell of `maze`."""
    if start is not None:
        return start
    return int(rng.integers(maze.rows)), int(rng.integers(maze.cols))
