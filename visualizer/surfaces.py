"""Surfaces: how the `rows x cols` square is glued, following Golly's bounded grids.

Each surface is one record (`SurfaceKind`, listed in `SURFACES`): its glued pairs of edges and
a few facts Golly and the pictures need. Everything else derives from the record: the moves
(`Surface.move`, `Surface.step_table`), the walls, orientability, the square-grid rule, Golly's
suffix, the ghost ring Life is evaluated with, the neighbourhood tiles and the glue marks
drawn around a maze. A new surface is one new record.

A move across a side of a cell gives the cell you arrive in, the side you enter it through
and whether the crossing reverses handedness (a twisted gluing). Mazes, solvers and Life all
ask a surface; nothing else knows about edges.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property, lru_cache
from typing import Any, overload

import numpy as np

from .events import Cell, Side

_DELTA = {Side.N: (-1, 0), Side.E: (0, 1), Side.S: (1, 0), Side.W: (0, -1)}
#: each side, and its opposite, by index (lookups: `Side(...)` costs a microsecond a call)
_SIDES = tuple(Side)
_OPPOSITE = tuple(side.opposite for side in Side)
#: +1 where an edge's positions (left to right, top to bottom) run clockwise round the square
_CLOCKWISE = {Side.N: 1, Side.E: 1, Side.S: -1, Side.W: -1}
_EDGE_WORD = {Side.N: "top", Side.E: "right", Side.S: "bottom", Side.W: "left"}


def _horizontal(edge: Side) -> bool:
    return edge in (Side.N, Side.S)


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

    @property
    def flips(self) -> bool:
        """True when crossing this gluing reverses handedness: the two edges, read the way
        their positions match, run the same way round the square (a Möbius band)."""
        turn = _CLOCKWISE[self.edge] * _CLOCKWISE[self.partner]
        return (turn if not self.reversed else -turn) > 0

    @property
    def needs_square(self) -> bool:
        """True when a top or bottom edge is glued to a left or right one: both must have
        the same length."""
        return _horizontal(self.edge) != _horizontal(self.partner)


class Corners(Enum):
    """What the four corner places of Golly's ghost ring copy."""

    DEAD = "nothing: always dead"
    OWN = "the corner cell of the grid they touch"
    FIRST = "the first gluing's ghost lines run through them, copied from the padded grid"
    SECOND = "the second gluing's ghost lines run through them, copied from the padded grid"


#: a neighbourhood-view tile: (tile row, tile column) offset from the centre, and how the
#: maze is seen there: "id", "fliplr", "flipud", "rot180", "rot90" (anticlockwise), "rot270"
Tile = tuple[tuple[int, int], str]

_STRAIGHT: tuple[Tile, ...] = tuple(((dy, dx), "id") for dy in (-1, 0, 1) for dx in (-1, 0, 1))


def _tiles(base: tuple[Tile, ...], **changed: tuple[tuple[int, int], ...]) -> tuple[Tile, ...]:
    """`base` with the offsets listed under each transform name seen through it."""
    how = dict(base)
    for name, offsets in changed.items():
        for offset in offsets:
            how[offset] = name
    return tuple(sorted(how.items()))


@dataclass(frozen=True)
class SurfaceKind:
    """Everything this project knows about one surface.

    `gluings`: the glued pairs of edges, first pair first (drawn in `glue_a`, the second in
    `glue_b`). `golly_letter` and `golly_star` make Golly's suffix (`star` says which number
    carries Golly's `*`: "w", "h" or ""). `corners`: what the corner places of Golly's ghost
    ring copy. `tiles`: where the neighbourhood view puts copies of the maze, and how each is
    turned or mirrored (the places left out stay empty)."""

    name: str
    summary: str
    gluings: tuple[EdgeGluing, ...]
    golly_letter: str
    golly_star: str = ""
    corners: Corners = Corners.DEAD
    tiles: tuple[Tile, ...] = (((0, 0), "id"),)
    title: str = ""

    @property
    def what(self) -> str:
        """The surface's name in a sentence ("the sphere")."""
        return self.title or f"the {self.name}"

    @property
    def orientable(self) -> bool:
        """True when no crossing reverses handedness."""
        return not any(g.flips for g in self.gluings)

    @property
    def square_only(self) -> bool:
        """True when the grid must be square (an edge is glued to one at right angles)."""
        return any(g.needs_square for g in self.gluings)

    def square_reason(self) -> str:
        """Why the grid must be square ("it glues the top edge to the left edge"); empty
        when it need not be."""
        for g in self.gluings:
            if g.needs_square:
                return f"it glues the {_EDGE_WORD[g.edge]} edge to the {_EDGE_WORD[g.partner]} edge"
        return ""

    def shape_error(self, rows: int, cols: int) -> str | None:
        """The one rule on grid shapes: None when a `rows x cols` grid can be glued into this
        surface, else the sentence that says why not."""
        if rows < 1 or cols < 1:
            return f"a grid needs at least one row and one column, got {rows}x{cols}"
        if self.square_only and rows != cols:
            return (f"{self.what} needs a square grid ({self.square_reason()}); "
                    f"got {rows} rows x {cols} columns")
        return None

    def golly_suffix(self, rows: int, cols: int) -> str:
        """Golly's bounded-grid suffix, width first: ":T40,20", ":K40*,20", ":S30"."""
        if self.square_only:
            return f":{self.golly_letter}{cols}"
        w_star = "*" if self.golly_star == "w" else ""
        h_star = "*" if self.golly_star == "h" else ""
        return f":{self.golly_letter}{cols}{w_star},{rows}{h_star}"

    @cached_property
    def crossings(self) -> dict[Side, tuple[Side, bool, bool]]:
        """For each glued side of the square: the edge it meets, whether positions reverse,
        whether the crossing flips handedness."""
        out = {}
        for g in self.gluings:
            out[g.edge] = (g.partner, g.reversed, g.flips)
            out[g.partner] = (g.edge, g.reversed, g.flips)
        return out


def _g(edge: Side, partner: Side, reversed: bool) -> EdgeGluing:
    return EdgeGluing(edge, partner, reversed)


#: every surface, by name: the one place a surface is described
SURFACES: dict[str, SurfaceKind] = {k.name: k for k in (
    SurfaceKind("plane", "the flat square; outside is wall (Golly :Pw,h)", (), "P"),
    SurfaceKind("torus", "opposite edges glued straight (Golly :Tw,h)",
                (_g(Side.N, Side.S, False), _g(Side.W, Side.E, False)), "T",
                corners=Corners.FIRST, tiles=_STRAIGHT),
    SurfaceKind("klein", "Klein bottle: top/bottom glued with a twist, left/right straight "
                         "(Golly :Kw*,h)",
                (_g(Side.N, Side.S, True), _g(Side.W, Side.E, False)), "K", "w",
                corners=Corners.FIRST, title="the Klein bottle",
                tiles=_tiles(_STRAIGHT, fliplr=tuple((dy, dx) for dy in (-1, 1)
                                                     for dx in (-1, 0, 1)))),
    SurfaceKind("klein_lr", "Klein bottle, other way: left/right twisted, top/bottom straight "
                            "(Golly :Kw,h*)",
                (_g(Side.N, Side.S, False), _g(Side.W, Side.E, True)), "K", "h",
                corners=Corners.SECOND, title="the Klein bottle",
                tiles=_tiles(_STRAIGHT, flipud=tuple((dy, dx) for dy in (-1, 0, 1)
                                                     for dx in (-1, 1)))),
    SurfaceKind("projective", "projective plane: both pairs glued with a twist (Golly :Cw,h)",
                (_g(Side.N, Side.S, True), _g(Side.W, Side.E, True)), "C",
                corners=Corners.FIRST, title="the projective plane",
                tiles=(((0, 0), "id"), ((-1, 0), "fliplr"), ((1, 0), "fliplr"),
                       ((0, -1), "flipud"), ((0, 1), "flipud"), ((-1, -1), "rot180"),
                       ((-1, 1), "rot180"), ((1, -1), "rot180"), ((1, 1), "rot180"))),
    SurfaceKind("sphere", "sphere: top edge glued to left, bottom to right; square grids only "
                          "(Golly :Sn)",
                (_g(Side.N, Side.W, False), _g(Side.S, Side.E, False)), "S",
                corners=Corners.OWN,
                tiles=(((0, 0), "id"), ((-1, 0), "rot90"), ((1, 0), "rot90"),
                       ((0, -1), "rot270"), ((0, 1), "rot270"))),
)}

#: name -> one line for `--list` and error messages (derived from `SURFACES`)
SURFACE_NAMES: dict[str, str] = {name: kind.summary for name, kind in SURFACES.items()}
#: name -> the glued pairs of edges (derived from `SURFACES`)
GLUINGS: dict[str, tuple[EdgeGluing, ...]] = {name: k.gluings for name, k in SURFACES.items()}


def surface_kind(name: str) -> SurfaceKind:
    """The record of the surface `name` (SurfaceError if there is none)."""
    try:
        return SURFACES[name]
    except (KeyError, TypeError):
        raise SurfaceError(f"unknown surface `{name}`; expected one of "
                           + ", ".join(SURFACES)) from None


def from_golly(letter: str, star_w: bool, star_h: bool) -> SurfaceKind | None:
    """The surface whose Golly suffix has `letter` and a `*` after the width (`star_w`) or
    the height (`star_h`); None when no surface has that suffix."""
    star = "w" if star_w and not star_h else "h" if star_h and not star_w else \
        "" if not (star_w or star_h) else "both"
    for kind in SURFACES.values():
        if kind.golly_letter == letter.upper() and kind.golly_star == star:
            return kind
    return None


class SurfaceError(ValueError):
    """A surface that cannot exist (unknown name, non-square sphere, empty grid)."""


def _edge_flat(edge: Side, h: int, w: int) -> np.ndarray:
    """Flat indices of the cells along `edge`, by increasing position."""
    if edge == Side.N:
        return np.arange(w, dtype=np.int64)
    if edge == Side.S:
        return (h - 1) * w + np.arange(w, dtype=np.int64)
    if edge == Side.W:
        return np.arange(h, dtype=np.int64) * w
    return np.arange(h, dtype=np.int64) * w + w - 1


def _ghost_line(pad: np.ndarray, edge: Side, inner: bool) -> tuple[slice | int, slice | int]:
    """The index of the padded array's whole line along `edge`: the ghost line itself, or
    (`inner`) the grid's line just inside it; corners included."""
    k = 1 if inner else 0
    every = slice(None)
    if edge == Side.N:
        return k, every
    if edge == Side.S:
        return -1 - k, every
    if edge == Side.W:
        return every, k
    return every, -1 - k


class Walls(Sequence[tuple[int, int, int]]):
    """A sequence of wall keys `(row, col, side)` held as flat face codes
    `degree * (row * cols + col) + side` (degree 4 on the square grid): building it costs
    nothing, each key is made when read."""

    __slots__ = ("codes", "cols", "degree")

    def __init__(self, codes: np.ndarray, cols: int, degree: int = 4) -> None:
        self.codes, self.cols, self.degree = codes, cols, degree

    def __len__(self) -> int:
        return len(self.codes)

    def _key(self, code: int) -> tuple[int, int, int]:
        cell, side = divmod(code, self.degree)
        return cell // self.cols, cell % self.cols, side

    @overload
    def __getitem__(self, i: int) -> tuple[int, int, int]: ...

    @overload
    def __getitem__(self, i: slice) -> Walls: ...

    @overload
    def __getitem__(self, i: np.ndarray) -> Walls: ...

    def __getitem__(self, i: int | slice | np.ndarray) -> tuple[int, int, int] | Walls:
        if isinstance(i, (slice, np.ndarray)):
            return Walls(self.codes[i], self.cols, self.degree)
        return self._key(int(self.codes[i]))

    def __iter__(self) -> Iterator[tuple[int, int, int]]:
        cols, degree = self.cols, self.degree
        for code in self.codes.tolist():
            cell, side = divmod(code, degree)
            yield cell // cols, cell % cols, side

    def __contains__(self, key: object) -> bool:
        if not (isinstance(key, tuple) and len(key) == 3):
            return False
        r, c, side = key
        if not (isinstance(c, int) and 0 <= c < self.cols):
            return False
        return bool((self.codes == self.degree * (r * self.cols + c) + side).any())

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Walls):
            return (self.cols, self.degree) == (other.cols, other.degree) \
                and np.array_equal(self.codes, other.codes)
        if isinstance(other, (tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Walls({len(self)} walls)"


@dataclass(frozen=True)
class Surface:
    """A `rows x cols` grid of cells glued into the surface called `name`."""

    name: str
    rows: int
    cols: int

    def __post_init__(self) -> None:
        problem = surface_kind(self.name).shape_error(self.rows, self.cols)
        if problem:
            raise SurfaceError(problem)

    @property
    def kind(self) -> SurfaceKind:
        """The surface's record."""
        return SURFACES[self.name]

    # --- moves -------------------------------------------------------------------------

    def contains(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    def move(self, cell: Cell, side: Side) -> Step | None:
        """The step out of `cell` through `side`, or None where the square is not glued."""
        side = _SIDES[side] if 0 <= side < 4 else Side(side)   # Side(...) is slow
        r, c = cell
        dr, dc = _DELTA[side]
        r2, c2 = r + dr, c + dc
        if 0 <= r2 < self.rows and 0 <= c2 < self.cols:
            return Step((r2, c2), _OPPOSITE[side])
        return self._cross(r, c, side)

    def _cross(self, r: int, c: int, side: Side) -> Step | None:
        """The step out through `side` of the border cell (r, c), read from the gluings."""
        glued = self.kind.crossings.get(side)
        if glued is None:
            return None
        partner, reverse, flips = glued
        pos, length = (c, self.cols) if _horizontal(side) else (r, self.rows)
        if reverse:
            pos = length - 1 - pos
        h, w = self.rows, self.cols
        cell = {Side.N: (0, pos), Side.S: (h - 1, pos), Side.W: (pos, 0),
                Side.E: (pos, w - 1)}[partner]
        return Step(cell, partner, flips)

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
    def wall_faces(self) -> np.ndarray:
        """Every wall between two cells (glued ones included) once, as the flat code
        `4 * (row * cols + col) + side` of its canonical face, ascending: the order of
        `internal_walls`. A face indexes `faces.reshape(-1)` of a maze on this surface."""
        target, entered, _ = self.step_table
        face = np.arange(target.size, dtype=np.int64).reshape(target.shape)
        other = target * 4 + entered
        return face[(target >= 0) & (face <= other)]

    @cached_property
    def internal_walls(self) -> Walls:
        """Every wall between two cells (glued ones included), once each, in a fixed order:
        by cell, row by row, then by side (N, E, S, W); keys `(row, col, side)` decoded
        from `wall_faces` when read."""
        return Walls(self.wall_faces, self.cols)

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
        for side, (partner, reverse, flips) in self.kind.crossings.items():
            src, dst = _edge_flat(side, h, w), _edge_flat(partner, h, w)
            target[src, side] = dst[::-1] if reverse else dst
            entered[src, side] = partner
            flipped[src, side] = flips
        return target, entered, flipped

    @property
    def gluings(self) -> tuple[EdgeGluing, ...]:
        """The pairs of edges glued together (none for the plane)."""
        return self.kind.gluings

    def edge_cells(self, edge: Side) -> list[Cell]:
        """The cells along `edge` of the square, by increasing position."""
        return [divmod(int(i), self.cols) for i in _edge_flat(Side(edge), self.rows, self.cols)]

    @property
    def orientable(self) -> bool:
        return self.kind.orientable

    def golly_suffix(self) -> str:
        """Golly's bounded-grid suffix (width first): ":T40,20", ":K40*,20", ":S30"."""
        return self.kind.golly_suffix(self.rows, self.cols)

    # --- Life: Golly's ghost ring ------------------------------------------------------

    @cached_property
    def ghost_index(self) -> np.ndarray:
        """An `(rows+2) x (cols+2)` array of flat cell indices: the grid surrounded by the
        one-cell ring of copies Golly evaluates a bounded grid with; -1 means always dead.
        Along an edge a ghost copies the cell a move across that edge reaches; the corners
        follow the record's `corners`. Neighbour counts taken in the padded array give
        Golly's multiplicities (a corner may count itself, a neighbour may count twice)."""
        h, w = self.rows, self.cols
        idx = np.arange(h * w, dtype=np.int64).reshape(h, w)
        target = self.step_table[0].reshape(h, w, 4)
        pad = np.full((h + 2, w + 2), -1, dtype=np.int64)
        pad[1:-1, 1:-1] = idx
        pad[0, 1:-1], pad[-1, 1:-1] = target[0, :, Side.N], target[-1, :, Side.S]
        pad[1:-1, 0], pad[1:-1, -1] = target[:, 0, Side.W], target[:, -1, Side.E]
        corners = self.kind.corners
        if corners == Corners.OWN:
            pad[0, 0], pad[0, -1] = idx[0, 0], idx[0, -1]
            pad[-1, 0], pad[-1, -1] = idx[-1, 0], idx[-1, -1]
        elif corners in (Corners.FIRST, Corners.SECOND):
            g = self.kind.gluings[0 if corners == Corners.FIRST else 1]
            for edge, partner in ((g.edge, g.partner), (g.partner, g.edge)):
                line = pad[_ghost_line(pad, partner, inner=True)]
                pad[_ghost_line(pad, edge, inner=False)] = line[::-1] if g.reversed else line
        return pad


@lru_cache(maxsize=64)
def make_surface(name: str, rows: int, cols: int) -> Surface:
    """The surface `name` on a `rows x cols` grid (raises SurfaceError if impossible).
    Shared, so its move tables are computed once per grid."""
    return Surface(name, rows, cols)
