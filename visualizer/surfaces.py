"""Surfaces: how the `rows x cols` square is glued, following Golly's bounded grids.

A move across a side of a cell gives the cell you arrive in, the side you enter it through
and whether the crossing reverses handedness (a twisted gluing). Mazes, solvers and Life all
ask a surface; nothing else knows about edges. See `shared/surfaces.md` for the gluings.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from .events import Cell, Side

#: name -> one line for `--list` and error messages
SURFACE_NAMES = {
    "plane": "the flat square; outside is wall (Golly :Pw,h)",
    "torus": "opposite edges glued straight (Golly :Tw,h)",
    "klein": "Klein bottle: top/bottom glued with a twist, left/right straight (Golly :Kw*,h)",
    "klein_lr": "Klein bottle, other way: left/right twisted, top/bottom straight (Golly :Kw,h*)",
    "projective": "projective plane: both pairs glued with a twist (Golly :Cw,h)",
    "sphere": "sphere: top edge glued to left, bottom to right; square grids only (Golly :Sn)",
}

_DELTA = {Side.N: (-1, 0), Side.E: (0, 1), Side.S: (1, 0), Side.W: (0, -1)}


@dataclass(frozen=True, slots=True)
class Step:
    """Where a move lands: the cell, the side it is entered through, and whether the move
    crossed a twisted gluing (left and right swap)."""

    cell: Cell
    side: Side
    flipped: bool = False


@dataclass(frozen=True, slots=True)
class EdgeGluing:
    """Two edges of the square glued together. Positions along an edge count left to right
    (top and bottom edges) or top to bottom (left and right edges); position `i` of `edge`
    meets position `i` of `partner`, or `length - 1 - i` when `reversed` (a twist, drawn
    with arrows in opposite directions)."""

    edge: Side
    partner: Side
    reversed: bool


#: name -> the glued pairs of edges, first pair first (drawn in `glue_a`, the second `glue_b`)
GLUINGS: dict[str, tuple[EdgeGluing, ...]] = {
    "plane": (),
    "torus": (EdgeGluing(Side.N, Side.S, False), EdgeGluing(Side.W, Side.E, False)),
    "klein": (EdgeGluing(Side.N, Side.S, True), EdgeGluing(Side.W, Side.E, False)),
    "klein_lr": (EdgeGluing(Side.N, Side.S, False), EdgeGluing(Side.W, Side.E, True)),
    "projective": (EdgeGluing(Side.N, Side.S, True), EdgeGluing(Side.W, Side.E, True)),
    "sphere": (EdgeGluing(Side.N, Side.W, False), EdgeGluing(Side.S, Side.E, False)),
}


class SurfaceError(ValueError):
    """A surface that cannot exist (unknown name, non-square sphere, empty grid)."""


@dataclass(frozen=True)
class Surface:
    """A `rows x cols` grid of cells glued into the surface called `name`."""

    name: str
    rows: int
    cols: int

    def __post_init__(self) -> None:
        if self.name not in SURFACE_NAMES:
            raise SurfaceError(f"unknown surface `{self.name}`; expected one of "
                               + ", ".join(SURFACE_NAMES))
        if self.rows < 1 or self.cols < 1:
            raise SurfaceError(f"a grid needs at least one row and one column, "
                               f"got {self.rows}x{self.cols}")
        if self.name == "sphere" and self.rows != self.cols:
            raise SurfaceError(f"the sphere glues the top edge to the left edge, so it needs "
                               f"a square grid; got {self.rows} rows x {self.cols} columns")

    # --- moves -------------------------------------------------------------------------

    def contains(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    def move(self, cell: Cell, side: Side) -> Step | None:
        """The step out of `cell` through `side`, or None where the square is not glued."""
        side = Side(side)
        r, c = cell
        dr, dc = _DELTA[side]
        r2, c2 = r + dr, c + dc
        if 0 <= r2 < self.rows and 0 <= c2 < self.cols:
            return Step((r2, c2), side.opposite)
        return self._cross(r, c, side)

    def _cross(self, r: int, c: int, side: Side) -> Step | None:
        h, w, name = self.rows, self.cols, self.name
        if name == "plane":
            return None
        if name == "sphere":
            return {
                Side.N: Step((c, 0), Side.W),
                Side.W: Step((0, r), Side.N),
                Side.S: Step((c, w - 1), Side.E),
                Side.E: Step((h - 1, r), Side.S),
            }[side]
        vertical = side in (Side.N, Side.S)
        twisted = (vertical and name in ("klein", "projective")) or (
            not vertical and name in ("klein_lr", "projective"))
        if side == Side.N:
            return Step((h - 1, w - 1 - c if twisted else c), Side.S, twisted)
        if side == Side.S:
            return Step((0, w - 1 - c if twisted else c), Side.N, twisted)
        if side == Side.W:
            return Step((h - 1 - r if twisted else r, w - 1), Side.E, twisted)
        return Step((h - 1 - r if twisted else r, 0), Side.W, twisted)

    def is_border(self, cell: Cell, side: Side) -> bool:
        """True when `side` of `cell` lies on the square's border (glued or not)."""
        r, c = cell
        dr, dc = _DELTA[Side(side)]
        return not (0 <= r + dr < self.rows and 0 <= c + dc < self.cols)

    def neighbours(self, cell: Cell) -> list[tuple[Side, Step]]:
        """Every side of `cell` that leads somewhere, with the step it makes."""
        out = []
        for side in Side:
            step = self.move(cell, side)
            if step is not None:
                out.append((side, step))
        return out

    # --- walls -------------------------------------------------------------------------

    def wall_key(self, cell: Cell, side: Side) -> tuple[int, int, int]:
        """The canonical name of the wall on `side` of `cell`: the smaller of its two faces
        `(row, col, side)`. A border wall of the plane has one face only."""
        side = Side(side)
        face = (cell[0], cell[1], int(side))
        step = self.move(cell, side)
        if step is None:
            return face
        other = (step.cell[0], step.cell[1], int(step.side))
        return min(face, other)

    @cached_property
    def internal_walls(self) -> tuple[tuple[int, int, int], ...]:
        """Every wall between two cells (glued ones included), once each, in a fixed order:
        by cell, row by row, then by side (N, E, S, W)."""
        seen: set[tuple[int, int, int]] = set()
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                for side in Side:
                    if self.move((r, c), side) is None:
                        continue
                    key = self.wall_key((r, c), side)
                    if key not in seen:
                        seen.add(key)
                        out.append(key)
        return tuple(out)

    @cached_property
    def step_table(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Moves of every cell, as arrays indexed `[flat cell, side]`: the flat index of the
        cell reached (-1 where the square is not glued), the side entered, the twist flag."""
        h, w = self.rows, self.cols
        rr, cc = np.divmod(np.arange(h * w, dtype=np.int64), w)
        target = np.full((h * w, 4), -1, dtype=np.int64)
        entered = np.zeros((h * w, 4), dtype=np.int8)
        flipped = np.zeros((h * w, 4), dtype=bool)
        for side, (dr, dc) in _DELTA.items():
            r2, c2 = rr + dr, cc + dc
            inside = (r2 >= 0) & (r2 < h) & (c2 >= 0) & (c2 < w)
            target[inside, side] = (r2 * w + c2)[inside]
            entered[:, side] = side.opposite
            for i in np.flatnonzero(~inside):
                step = self._cross(int(rr[i]), int(cc[i]), side)
                if step is not None:
                    target[i, side] = step.cell[0] * w + step.cell[1]
                    entered[i, side] = step.side
                    flipped[i, side] = step.flipped
        return target, entered, flipped

    @property
    def gluings(self) -> tuple[EdgeGluing, ...]:
        """The pairs of edges glued together (none for the plane)."""
        return GLUINGS[self.name]

    def edge_cells(self, edge: Side) -> list[Cell]:
        """The cells along `edge` of the square, by increasing position."""
        h, w = self.rows, self.cols
        return {
            Side.N: [(0, c) for c in range(w)], Side.S: [(h - 1, c) for c in range(w)],
            Side.W: [(r, 0) for r in range(h)], Side.E: [(r, w - 1) for r in range(h)],
        }[Side(edge)]

    @property
    def orientable(self) -> bool:
        return self.name in ("plane", "torus", "sphere")

    def golly_suffix(self) -> str:
        """Golly's bounded-grid suffix (width first): ":T40,20", ":K40*,20", ":S30"."""
        w, h = self.cols, self.rows
        return {
            "plane": f":P{w},{h}",
            "torus": f":T{w},{h}",
            "klein": f":K{w}*,{h}",
            "klein_lr": f":K{w},{h}*",
            "projective": f":C{w},{h}",
            "sphere": f":S{w}",
        }[self.name]

    # --- Life: Golly's ghost ring ------------------------------------------------------

    @cached_property
    def ghost_index(self) -> np.ndarray:
        """An `(rows+2) x (cols+2)` array of flat cell indices: the grid surrounded by the
        one-cell ring of copies Golly evaluates a bounded grid with; -1 means always dead.
        Neighbour counts taken in the padded array give Golly's multiplicities (a corner
        may count itself, a neighbour may count twice)."""
        h, w = self.rows, self.cols
        idx = np.arange(h * w, dtype=np.int64).reshape(h, w)
        pad = np.full((h + 2, w + 2), -1, dtype=np.int64)
        pad[1:-1, 1:-1] = idx
        name = self.name
        if name == "plane":
            return pad
        if name == "sphere":
            pad[0, 1:-1] = idx[:, 0]          # above (0, c) is (c, 0)
            pad[1:-1, 0] = idx[0, :]          # left of (r, 0) is (0, r)
            pad[-1, 1:-1] = idx[:, -1]        # below (h-1, c) is (c, w-1)
            pad[1:-1, -1] = idx[-1, :]        # right of (r, w-1) is (h-1, r)
            pad[0, 0], pad[0, -1] = idx[0, 0], idx[0, -1]
            pad[-1, 0], pad[-1, -1] = idx[-1, 0], idx[-1, -1]
            return pad
        rows_twisted = name in ("klein", "projective")
        cols_twisted = name in ("klein_lr", "projective")
        if name == "klein_lr":
            # rows first (straight), then columns with the twist, corners included
            pad[0, 1:-1], pad[-1, 1:-1] = idx[-1, :], idx[0, :]
            pad[:, 0] = pad[::-1, -2] if cols_twisted else pad[:, -2]
            pad[:, -1] = pad[::-1, 1] if cols_twisted else pad[:, 1]
            return pad
        # columns first, then rows copied from the padded rows (corners follow)
        pad[1:-1, 0] = idx[::-1, -1] if cols_twisted else idx[:, -1]
        pad[1:-1, -1] = idx[::-1, 0] if cols_twisted else idx[:, 0]
        pad[0, :] = pad[-2, ::-1] if rows_twisted else pad[-2, :]
        pad[-1, :] = pad[1, ::-1] if rows_twisted else pad[1, :]
        return pad


@lru_cache(maxsize=64)
def make_surface(name: str, rows: int, cols: int) -> Surface:
    """The surface `name` on a `rows x cols` grid (raises SurfaceError if impossible).
    Shared, so its move tables are computed once per grid."""
    return Surface(name, rows, cols)
