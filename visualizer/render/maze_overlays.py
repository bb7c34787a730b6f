"""What a maze panel shows of particular algorithms, beyond walls and marks: the wall being
considered and its verdict (Kruskal, reverse-delete), the wall follower's heading and hand,
Trémaux's chalk, a random walk's trail and erased loops (Aldous–Broder, Wilson), the
distance map's ramp, and the union-find sets' colours (Kruskal, Eller).

Each is kept as the panel's state and changed by events only (never by an algorithm's
internals); the panel's painter draws it (`render/maze_paint.py`). The functions here are
the panel's event handlers for these.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..maze.trail import trail_cells
from .maze_paint import DISTANCE_CODE, MARK_CODE, NO_MARK, TRAIL_CODE
from .palette import INDEX, RAMP, SET_COLOURS, set_colour
from .set_colours import SetColouring

if TYPE_CHECKING:
    from .maze_panel import MazePanel

_CONSIDERED = INDEX["considered"]
#: the colour of the considered wall once the algorithm has decided about it
_VERDICT = {ev.WallOpened: INDEX["opened"], ev.WallClosed: INDEX["built"],
            ev.WallRejected: INDEX["rejected"]}
_DECIDED = (ev.WallOpened, ev.WallClosed, ev.WallRejected)    # the keys of _VERDICT
#: events that belong to considering a wall: the considered wall stays drawn through them
#: (until the next wall is considered); anything else — a milestone ending the phase, the
#: figures, a solve — clears it
CONSIDERING = (ev.WallConsidered, ev.WallOpened, ev.WallClosed, ev.WallRejected,
                ev.SetsMerged, ev.CellMarked, ev.MarksCleared,
                ev.CellsMarked)
_WALKER_CODE = MARK_CODE[Mark.WALKER]
_WALK_CODE, _ERASED_CODE = MARK_CODE[Mark.WALK], MARK_CODE[Mark.ERASED]
_BANDS = len(RAMP)


# --- the wall being considered, and its verdict ------------------------------------------

def before(panel: MazePanel, event: ev.Event) -> None:
    """Before `event`: the considered wall goes (a new one is considered, or the event is
    not part of considering it), or takes the colour of its verdict."""
    if panel.considered is None:
        return
    if isinstance(event, (ev.WallConsidered, ev.GridCreated)) \
            or not isinstance(event, CONSIDERING):
        faces, panel.considered = panel.considered, None
        for i in {i for i, _ in faces}:     # the faces and the strips inside
            panel.paint.cell(divmod(i, panel.maze.cols))
    elif isinstance(event, _DECIDED) and \
            panel.wall_faces(event.cell, event.side) == panel.considered:
        panel.considered_colour = _VERDICT[type(event)]
        for i, side in panel.considered:
            panel.paint.face(i, side)


def on_considered(panel: MazePanel, event: ev.WallConsidered) -> None:
    """A wall considered: both its faces drawn in the considered colour (thin walls only)."""
    if panel.geometry.wall:
        panel.considered = panel.wall_faces(event.cell, event.side)
        panel.considered_colour = _CONSIDERED
        for i, side in panel.considered:
            panel.paint.face(i, side)


# --- the wall follower, Trémaux's chalk ------------------------------------------------

def set_heading(panel: MazePanel, event: ev.Heading | None) -> None:
    """Move the wall follower's arrow and hand: repaint where they were, then where
    they are."""
    old, old_hand = panel.heading, panel.hand
    panel.heading = event
    panel.hand = set() if event is None or event.hand_side is None \
        else panel.wall_faces(event.cell, event.hand_side)
    paint = panel.paint
    if old is not None:
        paint.cell(old.cell)
    for i, side in old_hand - panel.hand:
        paint.face(i, side)
    if event is not None:
        paint.cell(event.cell)
        for i, side in panel.hand:
            paint.face(i, side)


def on_chalk(panel: MazePanel, event: ev.PassageMarked) -> None:
    """Trémaux marks a passage: both faces of its wall carry the count."""
    for face in panel.wall_faces(event.cell, event.side):
        panel.chalk[face] = event.count
    for i, side in panel.wall_faces(event.cell, event.side):
        panel.paint.face(i, side)


# --- a random walk: the walker, its trail, the kept walk and its erased loops ------------

def clear_trail(panel: MazePanel) -> None:
    """The last stretch's trail and erased loop go back to their colours."""
    cols = panel.maze.cols
    for i in panel.trail:
        if panel._marks[i] == TRAIL_CODE:
            panel._marks[i] = NO_MARK
            panel.paint.cell(divmod(i, cols))
    for cell in panel.flash:
        if panel.marks[cell] == _ERASED_CODE:
            panel.set_mark(cell, NO_MARK)
    panel.trail, panel.flash = [], []


def move_walker(panel: MazePanel, cell: Cell) -> None:
    """A `Mark.WALKER` cell: the walker moves on (without a trail)."""
    previous, panel.walker = panel.walker, cell
    if previous is not None and previous != cell and panel.marks[previous] == _WALKER_CODE:
        panel.set_mark(previous, NO_MARK)
    panel.set_mark(cell, _WALKER_CODE)


def _draw_trail(panel: MazePanel, began: Cell, trail: bytes) -> None:
    """The cells a stretch passed through from `began` (that cell included), as a trail."""
    cols = panel.maze.cols
    target = panel.maze.grid.step_table[0]
    start = began[0] * cols + began[1]
    passed = trail_cells(target, cols, start, trail,
                         None if panel.maze.grid.plain else panel._target)
    for i in np.unique(np.append(passed, start)).tolist():
        if not panel._marks[i] and not panel._blocked[i]:
            panel._marks[i] = TRAIL_CODE
            panel.trail.append(i)
            panel.paint.cell(divmod(i, cols))


def _erase(panel: MazePanel, count: int) -> None:
    """The kept walk's last `count` cells erased (drawn as erased until the next stretch)."""
    for _ in range(min(count, len(panel.walk))):
        cell = panel.walk.pop()
        panel.walk_set.discard(cell)
        panel.flash.append(cell)
        panel.set_mark(cell, _ERASED_CODE)


def on_walked(panel: MazePanel, event: ev.Walked) -> None:
    """A stretch of random walk: the cells its trail passed through (replayed with the
    surface's step table from where the walker stood, that cell included) are drawn as
    a light trail until the next stretch; a kept walk loses its last `cut` cells, gains
    `grew`, then loses its last `loop` cells (the lost ones drawn as erased until the
    next stretch); the walker moves to `cell`."""
    clear_trail(panel)
    began = panel.walker
    if event.grew and not panel.walk:     # a new kept walk starts on its first cell
        began = event.grew[0]
    if began is not None and event.trail:
        _draw_trail(panel, began, event.trail)
    _erase(panel, event.cut)
    for cell in event.grew:
        panel.walk.append(cell)
        panel.walk_set.add(cell)
        panel.set_mark(cell, _WALK_CODE)
    _erase(panel, event.loop)
    previous, panel.walker = panel.walker, event.cell
    if previous is not None and previous != event.cell \
            and panel.marks[previous] == _WALKER_CODE:
        if previous in panel.walk_set:
            panel.set_mark(previous, _WALK_CODE)
        elif previous == began and event.trail:       # the stretch started there
            panel.trail.append(previous[0] * panel.maze.cols + previous[1])
            panel.set_mark(previous, TRAIL_CODE)
        else:
            panel.set_mark(previous, NO_MARK)
    panel.set_mark(event.cell, _WALKER_CODE)


# --- the distance map --------------------------------------------------------------------

def record_distance(panel: MazePanel, cell: Cell, distance: int) -> None:
    """Record `cell`'s distance; when it is the farthest yet, the ramp stretches and the
    cells whose band changes are repainted (only those near the bands' boundaries)."""
    cols = panel.maze.cols
    i = cell[0] * cols + cell[1]
    panel.distance[i] = distance
    panel._at_distance.setdefault(distance, []).append(i)
    if distance <= panel.farthest:
        return
    old, panel.farthest = panel.farthest, distance
    for band in range(1, _BANDS):
        # the first distance of `band` moves from ceil(band·(old+1)/k) on
        for d in range(-(-band * (old + 1) // _BANDS), -(-band * (distance + 1) // _BANDS)):
            for j in panel._at_distance.get(d, ()):
                if panel._marks[j] == DISTANCE_CODE and panel.distance[j] == d:
                    panel.paint.cell(divmod(j, cols))


def forget_distances(panel: MazePanel) -> None:
    """A new flood starts from nothing."""
    panel.distance[:] = -1
    panel.farthest = 0
    panel._at_distance = {}


# --- union-find sets' colours ----------------------------------------------------------

def colour_sets(panel: MazePanel, event: ev.GridCreated, target: np.ndarray) -> np.ndarray:
    """Kruskal's sets (`Fill.SETS`) or Eller's row sets (`Fill.ROWS`, unvisited until their
    row is reached): neighbouring sets never share a colour (render/set_colours.py). The
    cells' base colours."""
    rows, cols = event.rows, event.cols
    panel.row_sets = event.fill == ev.Fill.ROWS
    panel.colouring = SetColouring(target, SET_COLOURS, lambda i: (i // cols) * 3 + i % cols)
    base = (set_colour(0) + panel.colouring.colour).astype(np.uint8).reshape(rows, cols)
    if panel.row_sets:
        base[:] = INDEX["unvisited"]
    return base


def carved_colour(panel: MazePanel, i: int) -> int:
    """The base colour flat cell `i` takes once carved: its set's (Eller), or a passage."""
    if panel.row_sets and panel.colouring is not None:
        return int(set_colour(0) + panel.colouring.colour[i])
    return INDEX["passage"]


def carve_many(panel: MazePanel, flat: np.ndarray) -> None:
    """The unvisited cells of `flat` carved."""
    fresh = flat[panel._base[flat] == INDEX["unvisited"]]
    if panel.row_sets and panel.colouring is not None:
        panel._base[fresh] = set_colour(0) + panel.colouring.colour[fresh]
    else:
        panel._base[fresh] = INDEX["passage"]


def members(panel: MazePanel, cell: Cell) -> list[Cell]:
    """The cells in the same Kruskal set as `cell` (just `cell` outside Kruskal)."""
    if panel.colouring is None:
        return [cell]
    cols = panel.maze.cols
    return [divmod(i, cols) for i in panel.colouring.members(cell[0] * cols + cell[1])]


def merge(panel: MazePanel, event: ev.SetsMerged) -> None:
    """Two sets joined: the loser's cells take the root's colour (and any set that now
    touches one of its colour another); once one set is left, every cell a passage."""
    if panel.colouring is None or panel.sets is None:     # both set for Kruskal's sets
        return
    cols = panel.maze.cols
    loser = event.b if event.root == event.a else event.a
    changed: Iterable[int] = panel.colouring.merge(event.root[0] * cols + event.root[1],
                                                   loser[0] * cols + loser[1])
    base, colour = panel._base, panel.colouring.colour
    unvisited = INDEX["unvisited"]
    for i in changed:
        if not (panel.row_sets and base[i] == unvisited):   # a row not reached yet
            base[i] = set_colour(0) + colour[i]
    panel.sets -= 1
    if panel.sets == 1:
        # one set left: the maze is built, and its cells become plain passages, so that a
        # solver's marks never read as a set's colour
        panel.base[:] = INDEX["passage"]
        changed = range(panel.maze.rows * cols)
    for i in changed:
        panel.paint.cell(divmod(i, cols))


__all__ = ["before", "carve_many", "carved_colour", "clear_trail", "colour_sets",
           "forget_distances", "members", "merge", "move_walker", "on_chalk", "on_considered",
           "on_walked", "record_distance", "set_heading"]
