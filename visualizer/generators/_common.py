"""Helpers the catalogue's generators share: buffered random draws and flat move tables."""
from __future__ import annotations

from array import array
from functools import cached_property
from typing import Iterator, Sequence

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
#: (a square or triangle grid's; other grids list theirs from the table)
_SIDE_SETS: list[tuple[int, ...]] = [tuple(side for side in range(4) if mask >> side & 1)
                                     for mask in range(16)]


def as_array(values: np.ndarray) -> Sequence[int]:
    """`values` (whole numbers), flattened, as a Python `array` of 64-bit ints: indexed
    like a list, but one copy of the bytes (no Python int per entry to make, and eight
    bytes an entry instead of some forty: a big maze's tables stay in the caches)."""
    return array("q", np.ascontiguousarray(values, dtype=np.int64).tobytes())


class Moves:
    """The grid's moves as tables Python indexes fast, each made when first asked for:
    flat int arrays (`as_array`: cheap to make, small in memory) `step[d·i + side]`, the
    flat cell reached from flat cell i (-1 where no cell lies across), and
    `other[d·i + side]`, the flat face (d·cell + side) on the wall's other side (-1 there
    too), with d the grid's `degree` (4 on the square grid); or nested lists (a
    1000 x 1000 maze's take a second each to make)
    `target[i][side]` and `entered[i][side]` (the side entered). `cells[i]` is the
    (row, col) of flat cell i; `faces` the maze's faces by [cell, side] and `flat_faces`
    by flat face (views: writing them writes the maze)."""

    def __init__(self, maze: Maze) -> None:
        target, entered, _ = maze.grid.step_table
        self.cols, self.degree = maze.cols, maze.degree
        self.table, self._entered = target, entered
        rows, cols = np.divmod(np.arange(maze.cells), maze.cols)
        self.cells: list[Cell] = list(zip(rows.tolist(), cols.tolist()))
        self.faces = maze.faces.reshape(-1, self.degree)
        self.flat_faces = maze.faces.reshape(-1)
        assert np.shares_memory(self.flat_faces, maze.faces), "faces must be a view"

    @cached_property
    def target(self) -> list[list[int]]:
        return self.table.tolist()

    @cached_property
    def entered(self) -> list[list[int]]:
        return self._entered.tolist()

    @cached_property
    def step(self) -> Sequence[int]:
        return as_array(self.table)

    @cached_property
    def other(self) -> Sequence[int]:
        return as_array(np.where(self.table >= 0, self.table * self.degree + self._entered,
                                 -1))

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
        d = self.degree
        weights = 1 << np.arange(d, dtype=np.int64)
        masks = ((self.table >= 0) * weights).sum(axis=1).tolist()
        if d == 4:
            return [_SIDE_SETS[mask] for mask in masks]
        sets: dict[int, tuple[int, ...]] = {}
        return [sets.setdefault(m, tuple(s for s in range(d) if m >> s & 1)) for m in masks]

    def sides(self, i: int) -> list[int]:
        """The sides of flat cell `i` that lead to a cell (glued ones included)."""
        row = self.target[i]
        return [side for side in range(self.degree) if row[side] >= 0]


def start_cell(maze: Maze, rng: np.random.Generator, start: Cell | None) -> Cell:
    """`start`, or a random cell of `maze` (a random row and column on the square grid
    without a mask, as always; else one of the grid's cells)."""
    if start is not None:
        return start
    if not maze.grid.plain:
        cells = maze.grid.cells
        return cells[int(rng.integers(len(cells)))]
    return int(rng.integers(maze.rows)), int(rng.integers(maze.cols))
