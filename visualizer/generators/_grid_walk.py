"""How Aldous–Broder's and Wilson's random walk steps on each grid: what a draw picks and
how a batch of draws becomes cells (`Walk`).

- square and hex grids, masked or not: a draw is a side index (0 .. degree-1), a side
  leading nowhere a step that stays put; the cells by cumulative sums on the plain square
  and an unmasked hex grid (`trail.walk_cells`, `trail.walk_hex`), else step by step
  (`trail.walk_any`);
- triangles: a draw picks the cell's east, west or third side (S on an upward cell, N on a
  downward one), one in three, so no draw is lost on the side a triangle lacks; the cells
  by cumulative sums without a mask (`trail.walk_tri`), step by step with one;
- discs: a draw picks one of six ways, the most sides a disc cell has (the centre's six
  outward ones): a cell's sides CW, CCW, IN, OUT0, OUT1, OUT2 (the ones it lacks lead
  nowhere), the centre's OUT0 … OUT5; fewer draws are lost than among all nine side
  indices. The cells by sums between rings of one count without a mask
  (`trail.walk_polar`), step by step with one.

All are symmetric chains (every cell draws among the same number of ways, one per wall,
so a step from u to v is as likely as from v to u): Aldous–Broder's first entrances and
Wilson's loop-erased walks give every spanning tree equally often
(`tests/test_grid_uniform.py`). The square and hex walks are the ones they always were
(same draws, same events); the triangle's and the disc's changed with their draws.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property

import numpy as np

from ..grids import GridKind, ring_counts
from ..maze import Maze
from ..maze.trail import TRI_CHOICES, walk_any, walk_cells, walk_hex, walk_polar, walk_tri
from ._walk import steps_from

_TRI_WAYS = ((1, 3, 2), (1, 3, 0))   # TriSide E, W, and S (up) or N (down)
#: a disc's draws: the most sides a disc cell has (the centre's six outward ones)
POLAR_CHOICES = 6
#: the modes whose cells are found in Python whatever the batch: a walk that may stop
#: early (Wilson's) is cheaper through `steps`, which computes only the steps it reads
STEP_BY_STEP = ("any", "ways", "polar")


class Walk:
    """How a random walk steps on `maze`'s grid. A draw takes `choices` values
    (`Sides(rng, cells, walk.choices)`); `cells(here, taken)` is the flat cell after each
    step (int64 array) and the sides crossed (bytes of the grid's side indices: a `Walked`
    trail); `steps(here, taken)` the same in Python, one step at a time (cheaper for a
    few steps)."""

    def __init__(self, maze: Maze) -> None:
        grid = maze.grid
        self.target, self.cols, self.degree = grid.step_table[0], maze.cols, maze.degree
        self.mode = "square" if grid.plain else \
            "hex" if grid.kind == GridKind.HEX and grid.mask is None else "any"
        self.choices = self.degree
        self._counts: tuple[int, ...] = ()
        if grid.kind == GridKind.TRIANGLE:
            self.choices = TRI_CHOICES
            self.mode = "triangle" if grid.mask is None else "ways"
        elif grid.kind == GridKind.POLAR:
            self.choices = POLAR_CHOICES
            self.mode = "polar" if grid.mask is None else "ways"
            self._counts = ring_counts(grid.rows)

    @cached_property
    def _moves(self) -> list[int]:
        """The step table's targets, flat (`degree * cell + side`), as a list."""
        return self.target.reshape(-1).tolist()

    @cached_property
    def _table(self) -> list[list[int]]:
        """The step table's targets as lists, a row per cell."""
        return self.target.tolist()

    @cached_property
    def _way_sides(self) -> np.ndarray:
        """Each cell's ways, a row per cell, `choices` sides: a triangle's E, W and third
        side (S up, N down); a disc cell's sides CW, CCW, IN, OUT0, OUT1, OUT2 (those it
        lacks lead nowhere), the centre's OUT0 … OUT5."""
        cells = len(self.target)
        if self.choices == TRI_CHOICES:
            rr, cc = np.divmod(np.arange(cells), self.cols)
            return np.array(_TRI_WAYS, dtype=np.uint8)[(rr + cc) % 2]
        ways = np.tile(np.arange(POLAR_CHOICES, dtype=np.uint8), (cells, 1))
        ways[0] += 3                                     # flat cell 0: the centre
        return ways

    @cached_property
    def _ways(self) -> tuple[list[int], list[int]]:
        """Flat lists, at `choices * cell + draw`: the cell the way leads to (itself where
        it leads nowhere) and its side."""
        sides = self._way_sides
        there = np.take_along_axis(self.target, sides.astype(np.int64), axis=1)
        there = np.where(there >= 0, there, np.arange(len(there))[:, None])
        return there.reshape(-1).tolist(), sides.reshape(-1).tolist()

    def cells(self, here: int, taken: bytes) -> tuple[np.ndarray, bytes]:
        """The flat cell after each step of the draws `taken` from flat cell `here`, and
        the sides crossed."""
        draws = np.frombuffer(taken, dtype=np.uint8)
        if self.mode == "triangle":
            at, sides = walk_tri(self.target, self.cols, here, draws)
            return at, sides.tobytes()
        if self.mode in ("ways", "polar"):
            if self.mode == "polar":
                at = walk_polar(self.target, self.cols, self._counts, here, draws)
            else:
                at = self._walk_ways(here, draws)
            before = np.concatenate(([here], at[:-1]))
            return at, self._way_sides[before, draws].tobytes()
        at = walk_cells(self.target, self.cols, here, draws) if self.mode == "square" \
            else walk_hex(self.target, self.cols, here, draws) if self.mode == "hex" \
            else walk_any(self._table, here, draws)
        return at, taken

    def _walk_ways(self, here: int, draws: np.ndarray) -> np.ndarray:
        """The cells of the draws' ways from flat cell `here`, step by step."""
        ways, width = self._ways[0], self.choices
        out: list[int] = []
        append = out.append
        for draw in draws.tolist():
            here = ways[width * here + draw]
            append(here)
        return np.array(out, dtype=np.int64)

    def steps(self, here: int, taken: bytes) -> tuple[Iterable[int], bytes | bytearray]:
        """`cells` in Python, lazily: the cells as an iterator (stop it when the walk is
        done), the sides as bytes (on triangles filled as the iterator goes)."""
        if self.choices == self.degree:
            return steps_from(self._moves, here, taken, self.degree), taken
        crossed = bytearray()
        return self._steps(here, taken, crossed), crossed

    def _steps(self, here: int, draws: bytes, crossed: bytearray) -> Iterator[int]:
        (ways, sides), width = self._ways, self.choices
        note = crossed.append
        for draw in draws:
            k = width * here + draw
            note(sides[k])
            here = ways[k]
            yield here
