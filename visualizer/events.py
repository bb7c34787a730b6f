"""The event vocabulary: the contract between algorithms, renderer, window and tests.

Algorithms are generator functions that yield these small frozen records and never draw.
The vocabulary is closed: `EVENT_TYPES` lists every type, and the renderer and `replay`
handle each of them (or deliberately ignore it).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Union

Cell = tuple[int, int]


class Side(IntEnum):
    """A side of a cell, clockwise from north."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def opposite(self) -> "Side":
        return Side((self + 2) % 4)

    @property
    def letter(self) -> str:
        return "NESW"[self]


# --- the grid and its walls -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GridCreated:
    """A blank maze: `rows x cols` cells on `surface`, every wall closed (or all open).
    `fill` says what a cell is before the algorithm reaches it: "unvisited" (carvers),
    "sets" (every cell its own set: union-find), "passage" (block mazes: no thin walls),
    "open" (a wall maze whose walls all start open: reverse-delete)."""

    rows: int
    cols: int
    surface: Any  # a visualizer.surfaces.Surface
    walls_open: bool = False
    fill: str = "unvisited"


@dataclass(frozen=True, slots=True)
class WallConsidered:
    """An algorithm looks at the wall on `side` of `cell` (Kruskal, reverse-delete)."""

    cell: Cell
    side: Side


@dataclass(frozen=True, slots=True)
class WallOpened:
    """The wall on `side` of `cell` becomes a passage (both faces of a glued wall)."""

    cell: Cell
    side: Side


@dataclass(frozen=True, slots=True)
class WallClosed:
    """The wall on `side` of `cell` is built."""

    cell: Cell
    side: Side


@dataclass(frozen=True, slots=True)
class WallRejected:
    """The wall on `side` of `cell` was considered and left as it was, and why."""

    cell: Cell
    side: Side
    reason: str


@dataclass(frozen=True, slots=True)
class CellBlocked:
    """A whole cell becomes solid rock (block mazes)."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class CellOpened:
    """A whole cell becomes passable (block mazes)."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class EndpointsSet:
    """The maze's entrance and exit: a cell each, and the side opened to the outside
    (None when the opening is not on a border, e.g. on a closed surface)."""

    entrance: Cell
    exit: Cell
    entrance_side: Side | None = None
    exit_side: Side | None = None


# --- marks: what a cell means to the algorithm right now -------------------------------


class Mark:
    """The names of cell marks, as used by the renderer's palette."""

    CLEAR = "clear"          # back to the maze's own colour
    CURRENT = "current"      # the cell the algorithm stands on (one at a time)
    STACK = "stack"          # on the backtracker's / DFS's stack
    DONE = "done"            # left for good (popped from the stack)
    FRONTIER = "frontier"    # queued (BFS, A*)
    VISITED = "visited"      # expanded
    DEAD_END = "dead_end"    # filled in (dead-end filling)
    PATH = "path"            # on the solution path
    START = "start"
    GOAL = "goal"
    TESTED = "tested"        # reached by a connectivity test (reverse-delete)
    OPEN_SET = "open_set"    # queued by A* (its open set; drawn apart from BFS's queue)

    ALL = (CLEAR, CURRENT, STACK, DONE, FRONTIER, VISITED, DEAD_END, PATH, START, GOAL, TESTED,
           OPEN_SET)


@dataclass(frozen=True, slots=True)
class CellMarked:
    """`cell` now carries `mark` (one of `Mark.ALL`); `count` is an optional visit count."""

    cell: Cell
    mark: str
    count: int = 0


@dataclass(frozen=True, slots=True)
class MarksCleared:
    """Every cell carrying `mark` goes back to the maze's own colour (e.g. the `tested`
    marks of one reverse-delete connectivity test)."""

    mark: str


@dataclass(frozen=True, slots=True)
class SetsMerged:
    """Union-find joined the sets whose roots are `a` and `b`; `root` survives.
    `cost` is the work it took: cells relabelled (naive) or links followed (Tarjan)."""

    a: Cell
    b: Cell
    root: Cell
    cost: int = 0


# --- solving -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Heading:
    """The wall follower stands in `cell` facing `side`, its hand on `hand_side` of the
    cell (the wall it keeps its hand on, or the opening it is about to turn into). The
    hand is on the left of the heading for the left hand, on the right for the right hand;
    after a twisted gluing it is the other hand."""

    cell: Cell
    side: Side
    hand_side: Side


@dataclass(frozen=True, slots=True)
class PassageMarked:
    """Trémaux chalks the passage on `side` of `cell` (both its ends): it now carries
    `count` marks (1 or 2)."""

    cell: Cell
    side: Side
    count: int


@dataclass(frozen=True, slots=True)
class PathFound:
    """The solution: consecutive cells and the side each step leaves through."""

    cells: tuple[Cell, ...]
    sides: tuple[Side, ...]


@dataclass(frozen=True, slots=True)
class NoPath:
    """The solver gave up: there is no way from start to goal (or it is circling)."""

    reason: str


# --- Life --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Generation:
    """Life generation `index`: the grid (read-only uint8 0/1), the cells born and the cells
    that died since the previous generation (bool masks), and the population."""

    index: int
    grid: Any
    births: Any
    deaths: Any
    population: int
    surface: Any = None
    rule: str = ""


# --- figures -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Statistics:
    """Figures about the maze (`scope` "maze") or a solve (`scope` "solve"): `summary` is a
    short line for the caption, `values` the full (name, value) pairs."""

    scope: str
    summary: str
    values: tuple[tuple[str, Any], ...] = ()


# --- anything worth its own frame --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Milestone:
    """A lesson-worthy moment: "backtrack", "all sets merged", "loop detected" ..."""

    label: str
    cell: Cell | None = None


Event = Union[
    GridCreated, WallConsidered, WallOpened, WallClosed, WallRejected, CellBlocked,
    CellOpened, EndpointsSet, CellMarked, SetsMerged, PathFound, NoPath, Generation, Milestone,
    MarksCleared, Statistics, Heading, PassageMarked,
]

EVENT_TYPES: tuple[type, ...] = (
    GridCreated, WallConsidered, WallOpened, WallClosed, WallRejected, CellBlocked,
    CellOpened, EndpointsSet, CellMarked, SetsMerged, PathFound, NoPath, Generation, Milestone,
    MarksCleared, Statistics, Heading, PassageMarked,
)

#: Events that always get a frame of their own when animated.
MILESTONE_TYPES: tuple[type, ...] = (PathFound, NoPath, Milestone)
