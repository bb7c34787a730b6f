"""The random walk Aldous–Broder and Wilson share: sides drawn in numpy batches, the cells
they lead to computed by `visualizer.maze.trail.walk_cells` (a cumulative sum in the
square, the surface's step table at its edges).

Each step's side is uniform among the grid's `degree` side indices (the four sides of the
square, in the square's coordinates of the cell being left); a side that leads nowhere (the
plane's border, a side the cell does not have) is a step that stays put. The walk is a
symmetric chain: a step from u to v has probability (walls between u and v) / degree, the
same as from v to u, so Aldous–Broder's first-entrance tree and Wilson's loop-erased tree
are uniform over the spanning trees (of walls) on every grid. A triangle draws among its
three sides instead, a disc cell among six ways; how each grid's draws become cells is
`_grid_walk.Walk`.
"""
from __future__ import annotations

from typing import Iterator, Sequence

import numpy as np

from ..events import Side
from ..maze import Maze

#: the sides as enum members, by number (cheaper than `Side(n)` per event)
SIDES: tuple[Side, ...] = tuple(Side)
#: the largest batch of sides drawn at once
BATCH = 1 << 16


class Sides:
    """Uniform sides 0 .. degree-1 (one byte each) from `rng`, drawn in batches sized for a
    maze of `cells` cells; `take` hands them out in order and `back` returns the last ones
    not used, so the same seed always gives the same walk."""

    def __init__(self, rng: np.random.Generator, cells: int, degree: int = 4) -> None:
        self.rng, self.batch = rng, min(BATCH, max(64, 4 * cells))
        self.degree = degree
        self.dtype = np.uint8 if degree <= 256 else np.uint16
        self._size = np.dtype(self.dtype).itemsize
        self._buffer = b""
        self._next = 0

    def take(self, n: int) -> bytes:
        """The next `n` sides (`n` at most the batch size), `n` bytes (twice as many for
        draws over 256 values, two bytes each: `array` reads them)."""
        n *= self._size
        if self._next + n > len(self._buffer):
            fresh = self.rng.integers(0, self.degree, self.batch, dtype=self.dtype).tobytes()
            self._buffer = self._buffer[self._next:] + fresh
            self._next = 0
        a, self._next = self._next, self._next + n
        return self._buffer[a:self._next]

    def back(self, n: int) -> None:
        """Give back the last `n` sides taken (they come out again next)."""
        self._next -= n * self._size

    def array(self, taken: bytes) -> np.ndarray:
        """Draws `taken` as a read-only array (no copy)."""
        return np.frombuffer(taken, dtype=self.dtype)


def as_array(sides: bytes) -> np.ndarray:
    """`sides` as a read-only uint8 array (no copy)."""
    return np.frombuffer(sides, dtype=np.uint8)


def steps_from(target: Sequence[int], here: int, sides: bytes,
               degree: int = 4) -> Iterator[int]:
    """The flat cell the walker stands on after each step of `sides`, one step at a time in
    Python (what `walk_cells` computes in numpy; cheaper for a walk of a few steps);
    `target[degree * cell + side]` is the step table's target, flat."""
    for side in sides:
        there = target[degree * here + side]
        if there >= 0:
            here = there
        yield here


def flat_cells(maze: Maze) -> list[tuple[int, int]]:
    """The (row, col) of each flat cell index of `maze`."""
    cols = maze.cols
    return [divmod(i, cols) for i in range(maze.cells)]
