"""Where the entrance and the exit go: the rules a scenario's `endpoints` option names.

- `corners`: (0, 0) and the opposite corner, opening left and right on the plane (the
  default on the plane).
- `openings`: an enclosure "with an opening at each end": the same corners, opened in the
  top wall of the first cell and the bottom wall of the last.
- `first_backtrack`: the exit at the first cell the recursive backtracker visited, the
  entrance at the first cell where it had to back up (read from the generator's events).
- `longest`: the two ends of a longest shortest path (the maze's diameter).
- `across`: either side of a passage through a glued edge (the default on every glued
  surface), so that the solution shows the gluing; see `across`.
- explicit cells: `{entrance: [r, c], exit: [r, c]}`.
"""
from __future__ import annotations

from collections import deque
from typing import Iterable, Iterator

from .. import events as ev
from ..events import Cell, Mark, MilestoneKind, Side
from .model import Maze
from .stats import diameter

RULES = ("corners", "openings", "first_backtrack", "longest", "across")

#: the share of the open cells the `across` rule aims the solution path at
ACROSS_SHARE = 0.25
#: how many glued passages `across` tries for its entrance
ACROSS_CANDIDATES = 8


class History:
    """What the endpoint rules need to remember from a generator's events."""

    def __init__(self) -> None:
        self.first_visited: Cell | None = None
        self.first_backtrack: Cell | None = None

    @classmethod
    def of(cls, events: Iterable[ev.Event]) -> History:
        """What the rules need from a generator's `events` (read until it is all found)."""
        history = cls()
        for event in events:
            _SEE(history, event)
            if history.first_visited is not None and history.first_backtrack is not None:
                break
        return history

    def see(self, event: ev.Event) -> None:
        """Remember what the rules need from one of the generator's events."""
        _SEE(self, event)

    def _marked(self, event: ev.CellMarked) -> None:
        if event.mark == Mark.CURRENT and self.first_visited is None:
            self.first_visited = event.cell

    def _marked_many(self, event: ev.CellsMarked) -> None:
        if event.mark == Mark.CURRENT and self.first_visited is None and event.cells:
            self.first_visited = event.cells[0]

    def _milestone(self, event: ev.Milestone) -> None:
        if event.kind == MilestoneKind.FIRST_BACKTRACK and self.first_backtrack is None:
            self.first_backtrack = event.cell


_SEE = ev.Dispatch("the endpoint rules", {
    ev.CellsMarked: History._marked_many,
    ev.CellMarked: History._marked, ev.Milestone: History._milestone,
}, ignored=(ev.GridCreated, ev.TunnelDug, ev.WallConsidered, ev.WallOpened, ev.WallClosed,
            ev.WallRejected,
            ev.CellBlocked, ev.CellOpened, ev.EndpointsSet, ev.MarksCleared, ev.SetsMerged,
            ev.Heading, ev.PassageMarked, ev.PathFound, ev.NoPath, ev.Generation,
            ev.Statistics,
            ev.Walked))


def border_side(maze: Maze, cell: Cell, preferred: tuple[Side, ...]) -> Side | None:
    """The first of `preferred` sides of `cell` that opens onto the outside (plane only).
    On a grid other than the plain square, the border side whose angle is nearest the
    first preferred side's (west: 270°, east: 90° …)."""
    if not maze.grid.plain:
        return _nearest_border(maze, cell, 90.0 * preferred[0])
    for side in preferred:
        if maze.surface.move(cell, side) is None:
            return side
    return None


def _nearest_border(maze: Maze, cell: Cell, towards: float) -> Side | None:
    """The side of `cell` with no cell across (a border wall) whose angle is nearest
    `towards` (degrees clockwise from north), or None."""
    i = cell[0] * maze.cols + cell[1]
    target = maze.grid.step_table[0][i]
    angle = maze.grid.shape.angle
    border = [s for s in range(maze.degree) if maze.grid.exists[i, s] and target[s] < 0]
    if not border:
        return None
    best = min(border, key=lambda s: abs((angle(cell, s) - towards + 180.0) % 360.0 - 180.0))
    return maze.grid.side(best)


# --- across: the solution crosses a glued edge ---------------------------------------


def default_rule(surface: str) -> str:
    """The rule a panel uses when its scenario names none: `corners` on the plane (its
    corners are far apart), `across` on a glued surface (where corners may touch and a
    longest path fills the square)."""
    return "corners" if surface == "plane" else "across"


def glued_passages(maze: Maze) -> list[tuple[Cell, Side, Cell]]:
    """The open passages through a glued edge as (cell, side, cell across), once each, in
    the order `across` tries them: the surface's first glued pair of edges first (top and
    bottom; top and left on the sphere), then the second; along an edge, nearest its middle
    first, then by position."""
    surface = maze.surface
    ranked = []
    for index, gluing in enumerate(surface.gluings):
        cells = surface.edge_cells(gluing.edge)
        for position, cell in enumerate(cells):
            step = surface.move(cell, gluing.edge)
            if step is None or step.cell == cell or not maze.is_open(cell, gluing.edge) \
                    or not maze.passable(cell) or not maze.passable(step.cell):
                continue      # closed, blocked, or a corner of the sphere glued to itself
            offset = abs(2 * position - (len(cells) - 1))
            ranked.append(((index, offset, position), (cell, gluing.edge, step.cell)))
    ranked.sort(key=lambda item: item[0])
    return [passage for _, passage in ranked]


def _distances(maze: Maze, start: Cell, cut=None) -> dict[Cell, int]:
    """Moves from `start` to every cell it reaches along the maze. `cut` leaves out walls:
    a face `(cell, side)` names one wall (both its faces), `"glued"` every wall on a glued
    edge of the square."""
    surface = maze.surface
    cut_key = surface.wall_key(*cut) if isinstance(cut, tuple) else None
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for side, step in maze.passages(cell):
            if step.cell in dist or (cut == "glued" and surface.is_border(cell, side)) \
                    or (cut_key is not None and surface.wall_key(cell, side) == cut_key):
                continue
            dist[step.cell] = dist[cell] + 1
            queue.append(step.cell)
    return dist


def _flat(a: Cell, b: Cell) -> int:
    """Rows plus columns between two cells in the picture of the square (no gluing)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def across(maze: Maze, share: float = ACROSS_SHARE) -> tuple[Cell, Cell] | None:
    """Entrance and exit for a solution that leaves the square through a glued edge and
    comes back through its partner, about `share` of the open cells long.

    The entrance: for the first passage of `glued_passages` (from `u` to `v`), the cell
    about half of the wanted moves from `u` along the maze on `u`'s side of the passage
    (nearer `u` than `v`; the farthest it has if that side is shallower), farthest from
    `u` in the picture. The exit: of the cells that every shortest way from the entrance
    reaches across a glued edge (fewer moves that way than with the glued edges closed),
    the one whose moves are nearest the wanted number (at most it, if any), farthest from
    the entrance in the picture — on the surface near, in the picture far apart. In a
    perfect maze the solution is then the one path; a passage giving no such exit is
    skipped for the next (up to `ACROSS_CANDIDATES`). Ties go to the first cell row by
    row, so the rule depends on the maze only. None when no glued edge has an open
    passage, or no way needs one."""
    free = int((~maze.blocked).sum())
    moves = max(1, round(share * free) - 1)          # a path of `moves` + 1 cells
    for u, side, v in glued_passages(maze)[:ACROSS_CANDIDATES]:
        from_u, from_v = _distances(maze, u, (u, side)), _distances(maze, v, (u, side))
        near_u = {c: d for c, d in from_u.items() if d < from_v.get(c, free)}
        depth_v = max(d for c, d in from_v.items() if d < from_u.get(c, free))
        half = min(max(near_u.values()), max((moves - 1) // 2, moves - 1 - depth_v))
        entrance = min((c for c, d in near_u.items() if d == half),
                       key=lambda c: (-_flat(c, u), c))
        way, closed = _distances(maze, entrance), _distances(maze, entrance, "glued")
        needing = [c for c, d in way.items() if d < closed.get(c, free)]
        if not needing:
            continue
        exit_ = min(needing, key=lambda c: (way[c] > moves, abs(way[c] - moves),
                                            -_flat(c, entrance), c))
        return entrance, exit_
    return None


def choose(maze: Maze, rule: str | tuple[Cell, Cell], history: History | None = None
           ) -> tuple[ev.EndpointsSet, str]:
    """The EndpointsSet for `rule` and a label saying why those cells."""
    first, last = (0, 0), (maze.rows - 1, maze.cols - 1)
    if not maze.grid.plain:             # the first and last cells of the grid
        first, last = maze.grid.cells[0], maze.grid.cells[-1]
    entry_sides: tuple[Side, ...] = (Side.W, Side.N, Side.S, Side.E)
    exit_sides: tuple[Side, ...] = (Side.E, Side.S, Side.N, Side.W)
    entrance: Cell
    exit_: Cell
    if isinstance(rule, (tuple, list)):
        entrance, exit_ = ev.as_cell(rule[0]), ev.as_cell(rule[1])
        label = f"entrance {entrance}, exit {exit_}"
    elif rule == "openings":
        entrance, exit_ = first, last
        entry_sides, exit_sides = (Side.N, Side.W), (Side.S, Side.E)
        label = "openings at both ends of the enclosure"
    elif rule == "first_backtrack":
        history = history or History()
        entrance = history.first_backtrack or first
        exit_ = history.first_visited or last
        label = "exit: first cell visited · entrance: first backtrack"
    elif rule == "longest":
        length, a, b, exact = diameter(maze)
        entrance, exit_ = (a, b) if a is not None and b is not None else (first, last)
        label = f"ends of a longest path ({length} moves{'' if exact else ', estimate'})"
    elif rule == "across" and maze.grid.plain and (found := across(maze)) is not None:
        entrance, exit_ = found[0], found[1]
        label = "entrance and exit: the way between them crosses a glued edge"
    else:
        entrance, exit_ = first, last
        label = "corners"
    event = ev.EndpointsSet(entrance, exit_, border_side(maze, entrance, entry_sides),
                            border_side(maze, exit_, exit_sides))
    return event, label


def place(maze: Maze, rule: str | tuple[Cell, Cell], history: History | None = None
          ) -> Iterator[ev.Event]:
    """Place the entrance and exit by `rule`: yields EndpointsSet (applied to `maze`) and,
    for the rules that need explaining, a Milestone saying where they came from."""
    event, label = choose(maze, rule, history)
    maze.apply(event)
    yield event
    if label != "corners":
        yield ev.Milestone(label, event.entrance, MilestoneKind.ENDPOINTS)
