"""A grid of a given kind, size, surface and mask: its cells and neighbour tables.

`make_grid(kind, rows, cols, surface, mask)` checks the request (GridError with the reason:
a surface the kind cannot take, a shape, an empty or disconnected mask with the first
cut-off cell) and shares one `Grid` per request, so the tables are built once.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property, lru_cache
from typing import cast

import numpy as np

from ..events import Cell, Side
from ..surfaces import SURFACES
from .hex import HEX
from .kinds import GridError, GridKind, GridShape, Tables
from .mask import fit, normalise
from .polar import POLAR
from .square import SQUARE
from .triangle import TRIANGLE

#: every grid kind's record: the one place a grid is described
GRIDS: dict[GridKind, GridShape] = {g.kind: g for g in (SQUARE, HEX, TRIANGLE, POLAR)}


def grid_shape(kind: GridKind | str) -> GridShape:
    """The record of the grid kind `kind` (GridError if there is none)."""
    try:
        return GRIDS[GridKind(kind)]
    except ValueError:
        raise GridError(f"unknown grid `{kind}`; expected one of "
                        + ", ".join(k.value for k in GridKind)) from None


@dataclass(frozen=True)
class Grid:
    """The cells of a `kind` grid of `rows x cols` slots on `surface`, less the mask's
    `X`s; made by `make_grid` (checked there)."""

    kind: GridKind
    rows: int
    cols: int
    surface: str
    mask: tuple[str, ...] | None = None
    _tables: Tables = field(compare=False, repr=False, default=None)  # type: ignore

    @property
    def shape(self) -> GridShape:
        return GRIDS[self.kind]

    @property
    def sides(self) -> type[IntEnum]:
        """The kind's side enum: a side index names a member of it."""
        return self.shape.sides

    @property
    def degree(self) -> int:
        return self.shape.degree

    @cached_property
    def all_sides(self) -> tuple[Side, ...]:
        """Every side index as a member of the grid's side enum, in index order."""
        return tuple(self.side(i) for i in range(self.degree))

    def side(self, index: int) -> Side:
        """The side `index` as a member of the grid's side enum (typed as the square's
        `Side`, the type events name: every side enum is an IntEnum of side indices)."""
        return cast(Side, self.shape.sides(index))

    @property
    def plain(self) -> bool:
        """True for a square grid without a mask: the maze every square algorithm knew."""
        return self.kind == GridKind.SQUARE and self.mask is None

    @property
    def present(self) -> np.ndarray:
        """`rows x cols` booleans: True where a slot is a cell."""
        return self._tables.present

    @property
    def step_table(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """`(target, entered, flipped)` indexed `[flat cell, side]`, as a surface's."""
        t = self._tables
        return t.target, t.entered, t.flipped

    @property
    def exists(self) -> np.ndarray:
        """`[flat cell, side]` booleans: True where the cell has that side."""
        return self._tables.exists

    @cached_property
    def cells(self) -> list[Cell]:
        """The cells, in reading order (row by row)."""
        return [(int(r), int(c)) for r, c in np.argwhere(self.present)]

    @cached_property
    def flat_cells(self) -> np.ndarray:
        """The flat indices of the cells, ascending."""
        return np.flatnonzero(self.present.reshape(-1))

    @property
    def cell_count(self) -> int:
        return len(self.flat_cells)

    def contains(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and bool(self.present[r, c])

    def neighbours(self, cell: Cell) -> list[tuple[IntEnum, Cell]]:
        """Every side of `cell` with a cell across it, and that cell (in side order)."""
        target = self._tables.target[cell[0] * self.cols + cell[1]]
        return [(self.sides(side), divmod(int(j), self.cols))
                for side, j in enumerate(target.tolist()) if j >= 0]

    def side_names(self, cell: Cell) -> list[str]:
        """The names of the sides `cell` has, in side order."""
        has = self._tables.exists[cell[0] * self.cols + cell[1]]
        return [self.sides(s).name for s in range(self.degree) if has[s]]

    def straight(self, cell: Cell, a: int, b: int) -> bool:
        """Whether a way in by side `a` and out by side `b` of `cell` goes straight on: the
        sides face apart, within 45° (a square's or hexagon's opposite sides, a ring's
        clockwise and counter-clockwise, inward and any outward side; a triangle never)."""
        turn = (self.shape.angle(cell, a) - self.shape.angle(cell, b)) % 360.0
        return abs(turn - 180.0) < 45.0

    @cached_property
    def wall_faces(self) -> np.ndarray:
        """Every wall between two cells once, as the flat face code `degree * cell + side`
        of its smaller face, ascending (a square grid's are its surface's)."""
        t, d = self._tables, self.degree
        face = np.arange(t.target.size, dtype=np.int64).reshape(t.target.shape)
        other = t.target * d + t.entered
        return face[(t.target >= 0) & (face <= other)]


def _first_cut_off(present: np.ndarray, target: np.ndarray) -> Cell | None:
    """The first cell (reading order) not reachable from the first cell, or None."""
    cols = present.shape[1]
    cells = np.flatnonzero(present.reshape(-1))
    seen = np.zeros(present.size, dtype=bool)
    seen[cells[0]] = True
    queue = deque([int(cells[0])])
    rows = target.tolist()
    while queue:
        for j in rows[queue.popleft()]:
            if j >= 0 and not seen[j]:
                seen[j] = True
                queue.append(j)
    lost = cells[~seen[cells]]
    return None if len(lost) == 0 else divmod(int(lost[0]), cols)


def _masked(tables: Tables, keep: np.ndarray) -> Tables:
    """`tables` with the slots outside `keep` made absent: no sides of their own, and the
    walls towards them border walls."""
    present = tables.present & keep
    flat = present.reshape(-1)
    target = tables.target.copy()
    target[~flat] = -1
    target[(target >= 0) & ~flat[np.maximum(target, 0)]] = -1
    exists = tables.exists & flat[:, None]
    return Tables(present, target, tables.entered, tables.flipped, exists)


@lru_cache(maxsize=64)
def _make(kind: GridKind, rows: int, cols: int, surface: str,
          mask: tuple[str, ...] | None) -> Grid:
    shape = GRIDS[kind]
    if surface not in SURFACES:
        raise GridError(f"unknown surface `{surface}`; expected one of " + ", ".join(SURFACES))
    problem = shape.surface_error(surface) or shape.shape_error(rows, cols, surface)
    if problem:
        raise GridError(problem)
    slots = shape.slot_cols(rows, cols)
    tables = shape.build(rows, slots, surface)
    if mask is not None:
        what = f"the {kind.value} grid's rectangle of slots" if kind == GridKind.POLAR \
            else "the grid"
        tables = _masked(tables, fit(mask, rows, slots, what))
        if not tables.present.any():
            raise GridError("the mask leaves no cell: every character is an `X`")
        lost = _first_cut_off(tables.present, tables.target)
        if lost is not None:
            raise GridError(f"the mask's cells are not one connected region: the cell at row "
                            f"{lost[0]}, column {lost[1]} cannot be reached from the first "
                            f"cell")
    return Grid(kind, rows, slots, surface, mask, tables)


def make_grid(kind: GridKind | str = GridKind.SQUARE, rows: int = 1, cols: int = 1,
              surface: str = "plane", mask: Sequence[str] | None = None) -> Grid:
    """The `kind` grid of `rows x cols` on `surface` less `mask`'s `X`s (for polar, `rows`
    rings and `cols` unused); raises GridError with the reason it cannot exist."""
    shape = grid_shape(kind)
    return _make(shape.kind, int(rows), int(cols), surface,
                 None if mask is None else normalise(mask))
