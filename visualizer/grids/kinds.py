"""What every grid kind shares: the closed set of kinds (`GridKind`), the record one kind is
described by (`GridShape`), the neighbour tables it builds (`Tables`) and `GridError`.

A grid lays its cells out in a `rows x cols` rectangle of slots (flat index
`row * cols + col`, as the square maze always has); a kind whose cells do not fill the
rectangle (the polar disc, a mask) leaves the other slots absent. A cell's sides are indices
into the kind's own side enum; a side exists on a cell when the cell has a wall there (to a
neighbour, or on the border), and `target[cell][side]` is the flat cell across it (-1 for
none: the border, an absent cell, or a side the cell does not have).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from ..events import _Word


class GridKind(_Word):
    """The grids a maze can be drawn on (a scenario's `grid:`)."""

    SQUARE = "square"
    HEX = "hex"
    TRIANGLE = "triangle"
    POLAR = "polar"


class GridError(ValueError):
    """A grid that cannot exist: a surface or shape its kind cannot take, a bad mask."""


@dataclass(frozen=True, slots=True)
class Tables:
    """A grid's neighbour tables over its slots (`rows * cols` flat cells), each indexed
    `[flat cell, side]`: `target` the flat cell across (-1 for none), `entered` the side of
    that cell the move enters by, `flipped` whether the move reverses handedness, `exists`
    whether the cell has that side at all (a wall, open or closed, is drawn there);
    `present[row, col]` says which slots are cells."""

    present: np.ndarray
    target: np.ndarray
    entered: np.ndarray
    flipped: np.ndarray
    exists: np.ndarray


@dataclass(frozen=True)
class GridShape:
    """Everything this project knows about one grid kind: its side enum (the sides' names;
    `degree` of them), the surfaces it can be glued into, the rule on its shape on a
    surface (`shape_error`: None, or the sentence saying why not), how many slot columns
    a `rows x cols` request makes (`slot_cols`), and how its tables are built."""

    kind: GridKind
    summary: str
    sides: type[IntEnum]
    surfaces: tuple[str, ...]
    shape_error: Callable[[int, int, str], str | None]
    slot_cols: Callable[[int, int], int]
    build: Callable[[int, int, str], Tables]
    #: the side's angle on the cell, in degrees clockwise from north, by (cell, side)
    angle: Callable[[tuple[int, int], int], float]

    @property
    def degree(self) -> int:
        """The number of side indices (the width of the tables)."""
        return len(self.sides)

    def surface_error(self, surface: str) -> str | None:
        """Why this grid cannot be glued into `surface` (None when it can)."""
        if surface in self.surfaces:
            return None
        return (f"a {self.kind.value} grid can be made on {' or '.join(self.surfaces)} only, "
                f"not on `{surface}`")


def sized(rows: int, cols: int) -> str | None:
    """The shape rule every grid shares: at least one row and one column."""
    if rows < 1 or cols < 1:
        return f"a grid needs at least one row and one column, got {rows}x{cols}"
    return None


def offset_tables(rows: int, cols: int, wrap: bool, sides: type[IntEnum],
                  offsets: Callable[[np.ndarray, np.ndarray, int], tuple[np.ndarray,
                                                                          np.ndarray]],
                  opposite: Callable[[int], int],
                  exists: np.ndarray | None = None) -> Tables:
    """The tables of a grid whose every neighbour is a (row, col) offset: `offsets(rows,
    cols, side)` gives each cell's neighbour across `side`; `wrap` glues opposite edges
    straight (a torus), else a neighbour off the rectangle is the border."""
    n = rows * cols
    rr, cc = np.divmod(np.arange(n, dtype=np.int64), cols)
    degree = len(sides)
    target = np.full((n, degree), -1, dtype=np.int64)
    entered = np.zeros((n, degree), dtype=np.int8)
    has = np.ones((n, degree), dtype=bool) if exists is None else exists
    for side in range(degree):
        r2, c2 = offsets(rr, cc, side)
        if wrap:
            r2, c2 = r2 % rows, c2 % cols
        inside = (r2 >= 0) & (r2 < rows) & (c2 >= 0) & (c2 < cols) & has[:, side]
        target[inside, side] = (r2 * cols + c2)[inside]
        entered[:, side] = opposite(side)
    return Tables(np.ones((rows, cols), dtype=bool), target, entered,
                  np.zeros((n, degree), dtype=bool), has)
