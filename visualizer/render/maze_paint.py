"""The maze panel's painter: the panel's picture state (each cell's base colour and mark,
the walls, the overlays) turned into palette indices in a raster, a few cells at a time, and
the dirty rectangle that says where.

The painter reads the panel's state and never changes it. A quiet painter (`quiet=True`,
for the look of a whole run without drawing it: `render/look.py`) starts blank, paints only
while `on`, and gives the colours painted since it was last asked (`take_colours`).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from .. import events as ev
from ..events import Cell, Mark
from ..surfaces import surface_kind
from .glue import draw_glue_marks, edge_marks
from .legend import colours_in
from .maze_geometry import MazeGeometry, Rect, arrow_mask, cell_block
from .palette import INDEX, MARK_COLOUR, RAMP, SET_BASE, SET_COLOURS, SIZE
from .weave_paint import after_cell, tunnel_face

#: the code a cell's mark is kept as (0: none), each `Mark` in its slot's colour
NO_MARK = 0
MARK_CODE = {name: i + 1 for i, name in enumerate(MARK_COLOUR)}
#: the panel's own mark for the cells a `Walked` stretch passed through (not a `Mark`: the
#: trail is this picture's way of showing the stretch; it goes with the next stretch)
TRAIL_CODE = len(MARK_CODE) + 1
CODE_COLOUR = np.zeros(len(MARK_CODE) + 2, dtype=np.uint8)
for _name, _code in MARK_CODE.items():
    CODE_COLOUR[_code] = MARK_COLOUR[_name]
CODE_COLOUR[TRAIL_CODE] = INDEX["tested"]   # a slot no solver shows
STICKY = {MARK_CODE[Mark.START], MARK_CODE[Mark.GOAL]}
PATH_CODE = MARK_CODE[Mark.PATH]
PATH_OR_END = STICKY | {PATH_CODE}
DISTANCE_CODE = MARK_CODE[Mark.DISTANCE]
STICKY_CODES = np.array(sorted(STICKY), dtype=np.uint8)
#: by mark code: whether the path runs on into a cell with it (the path, the entrance, exit)
_PATH_OR_END_TABLE = np.zeros(256, dtype=bool)
_PATH_OR_END_TABLE[sorted(PATH_OR_END)] = True
WALL, PASSAGE, BLOCKED = INDEX["wall"], INDEX["passage"], INDEX["blocked"]
HAND, CURRENT, HEADING = INDEX["hand"], INDEX["current"], INDEX["heading"]
CHALK = {1: INDEX["once"], 2: INDEX["twice"]}
_RAMP = [INDEX[name] for name in RAMP]
_RAMP_COLOUR = np.array(_RAMP, dtype=np.uint8)
#: what a quiet painter's raster holds where nothing was painted (no palette index)
SENTINEL = 255
#: a `cells` call of more cells than this is painted at once (after what is pending)
BULK = 64
assert SIZE <= SENTINEL


def ramp_band(distance: int, farthest: int) -> int:
    """The ramp colour (0 = nearest) of `distance` when the flood reaches `farthest`: the
    distances 0 … farthest split into len(RAMP) equal bands."""
    return min(len(_RAMP) - 1, distance * len(_RAMP) // (farthest + 1))


def _named(*names: str) -> tuple[int, ...]:
    return tuple(INDEX[name] for name in names)


_SETS = tuple(range(SET_BASE, SET_BASE + SET_COLOURS))
#: the colours a mark can make a panel paint: its own (a distance: the whole ramp); the
#: current cell leaves the stack's colour behind; CLEAR and DONE give back the base colour
_MARKED: dict[Mark, tuple[int, ...]] = {mark: (colour,) for mark, colour in MARK_COLOUR.items()}
_MARKED.update({Mark.DISTANCE: tuple(_RAMP), Mark.CURRENT: _named("current", "stack"),
                Mark.CLEAR: (), Mark.DONE: ()})
#: the colour a decision paints the wall being considered in (its verdict)
_VERDICTS: dict[type, tuple[int, ...]] = {ev.WallOpened: _named("opened"),
                                          ev.WallClosed: _named("built"),
                                          ev.WallRejected: _named("rejected")}
#: the colours other events can make a panel paint beyond walls and base colours
_EVENT_COLOURS: dict[type, tuple[int, ...]] = {
    ev.CellBlocked: _named("blocked"),
    ev.EndpointsSet: _named("start", "goal"),
    ev.PathFound: _named("path"),
    ev.WallConsidered: _named("considered"),
    ev.Heading: _named("current", "heading", "hand"),
    ev.Walked: _named("tested", "walk", "erased", "current"),
}


def _grid_colours(event: ev.GridCreated) -> tuple[int, ...]:
    """What a fresh grid paints: walls, its base colours, the glue marks."""
    if event.fill == ev.Fill.SETS or event.fill == ev.Fill.ROWS:
        base = _SETS + (_named("unvisited") if event.fill == ev.Fill.ROWS else ())
    elif event.fill == ev.Fill.PASSAGE or event.walls_open:
        base = _named("passage")
    else:
        base = _named("unvisited")
    surface = event.surface
    gluings = surface_kind(surface).gluings if isinstance(surface, str) \
        else getattr(surface, "gluings", ())
    glue = tuple(INDEX[colour] for _, colour, _, _ in edge_marks(gluings))
    return _named("background", "wall", "passage") + base + glue


def sources(events: Iterable[ev.Event]) -> dict[int, int]:
    """Every colour a maze panel can paint while drawing `events`, with the index of the
    first event that can make it paint that colour (more colours than it will show, never
    fewer: what a look of the run need not watch for before, or at all)."""
    out: dict[int, int] = {}
    considering = False          # a decision after a wall considered can show its verdict
    for k, event in enumerate(events):
        kind = type(event)
        if considering and kind in _VERDICTS:
            colours = _VERDICTS[kind]
        elif kind is ev.CellMarked or kind is ev.CellsMarked:
            colours = _MARKED[event.mark]      # type: ignore[union-attr]
        elif kind is ev.PassageMarked:
            colours = (CHALK[min(2, event.count)],)   # type: ignore[union-attr]
        elif kind is ev.GridCreated:
            colours = _grid_colours(event)      # type: ignore[arg-type]
        else:
            colours = _EVENT_COLOURS.get(kind, ())
            considering = considering or kind is ev.WallConsidered
        for colour in colours:
            if colour not in out:
                out[colour] = k
    return out


class MazePainter:
    """Paints the state of maze panel `panel` (laid out by `geometry`) into `raster`; every
    pixel painted grows `dirty` (y0, y1, x0, x1).

    What an event changes is noted (`cell`, `face`, `cells`) and painted when the picture
    is next read (`flush`: by `take_dirty`, or the panel's `raster`), each cell or face once
    and from the state then, in the order they were last noted: a state change always
    notes what it changes, so each is painted as it was when last noted. A panel whose
    `defer` is off has everything painted at once, as noted."""

    def __init__(self, panel: Any, geometry: MazeGeometry, *, quiet: bool = False) -> None:
        self.panel, self.geometry = panel, geometry
        self.quiet = quiet
        self.on = not quiet
        self.dirty: list[int] | None = None
        #: side indices per cell (4 on the square grid): faces are noted as below
        self.degree = panel.maze.degree
        #: what to paint, in the order last noted: a flat cell i, or a face ~(degree i + side)
        self.pending: dict[int, None] = {}
        self.raster = np.full(geometry.shape, SENTINEL if quiet else INDEX["background"],
                              dtype=np.uint8)

    def copy(self, panel: Any) -> MazePainter:
        """An independent copy painting `panel` (a snapshot of this one's panel)."""
        other = object.__new__(MazePainter)
        other.__dict__.update(self.__dict__)
        other.panel = panel
        other.raster = self.raster.copy()
        other.dirty = None if self.dirty is None else list(self.dirty)
        other.pending = dict(self.pending)
        return other

    # --- the whole picture ---------------------------------------------------------------

    def picture(self) -> None:
        """Paint everything: the background, the maze's outline, the glue marks or a block
        maze's frame, then every cell."""
        if not self.on:
            return
        g, p = self.geometry, self.panel
        m, height, width = g.margin, g.maze_height, g.maze_width
        self.raster[:] = WALL if g.framed else INDEX["background"]
        self.raster[m:m + height, m:m + width] = WALL
        if m and not g.framed:
            draw_glue_marks(self.raster, p.maze.surface, m, m, height, width, g.cell_size)
        if (g.wall and p.maze.faces.any()) or p._marks.any() or p.chalk or p.considered \
                or p.hand or p.heading is not None:
            self._paint_cells(np.arange(g.rows * g.cols, dtype=np.int64))
        else:      # the insides alone, all at once: every wall is closed (or none drawn)
            fills = np.where(p.maze.blocked, BLOCKED, p.base)
            e, s, pitch = g.edge, g.cell_size, g.pitch
            grid = self.raster[e:e + g.rows * pitch, e:e + g.cols * pitch]
            grid.reshape(g.rows, pitch, g.cols, pitch)[:, :s, :, :s] = fills[:, None, :, None]
        self.touch(0, self.raster.shape[0], 0, self.raster.shape[1])

    def take_dirty(self) -> Rect | None:
        """The rectangle (y0, y1, x0, x1) changed since the last call (what was noted
        painted first), then forget it."""
        self.flush()
        dirty, self.dirty = self.dirty, None
        if dirty is None:
            return None
        y0, y1, x0, x1 = dirty
        return y0, y1, x0, x1

    def take_colours(self, hidden: np.ndarray | None = None) -> set[int]:
        """A quiet painter's colours painted since the last call (each pixel's last; none
        where `hidden`, a mask the raster's size, is set), then its raster blank again."""
        rect = self.take_dirty()
        if rect is None:
            return set()
        y0, y1, x0, x1 = rect
        area = self.raster[y0:y1, x0:x1]
        found = colours_in(area if hidden is None else area[~hidden[y0:y1, x0:x1]])
        area[:] = SENTINEL
        return found

    # --- colours -------------------------------------------------------------------------

    def fill(self, i: int) -> int:
        """The palette index the inside of flat cell `i` is painted with now."""
        p = self.panel
        if p._blocked[i]:
            return BLOCKED
        code = p._marks[i]
        if code == DISTANCE_CODE:
            return _RAMP[ramp_band(int(p.distance[i]), p.farthest)]
        return int(CODE_COLOUR[code]) if code else int(p._base[i])

    def face_colour(self, i: int, side: int, mine: int) -> int:
        """The colour of face (`i`, `side`) of a cell whose inside is `mine`."""
        p = self.panel
        if p.considered is not None and (i, side) in p.considered:
            return p.considered_colour
        if p.hand and (i, side) in p.hand:
            return HAND
        if not p._faces[i, side]:
            return WALL
        j = p._target[i][side]
        if p.maze.crossings and (mouth := tunnel_face(p, i, side)) is not None:
            i, side, j = mouth        # a tunnel's mouth: the colour between its two ends
            mine = self.fill(i)
        if j < 0:
            return mine
        if p._blocked[i] or p._blocked[j]:
            return BLOCKED
        theirs = self.fill(j)
        if mine == theirs:
            return mine
        a, b = p._marks[i], p._marks[j]
        if (a == PATH_CODE and b in PATH_OR_END) or (b == PATH_CODE and a in PATH_OR_END):
            return INDEX["path"]     # the path runs on into the entrance or exit
        return PASSAGE

    def fills(self, flat: np.ndarray) -> np.ndarray:
        """`fill` of each of the flat cells `flat`, as an array."""
        p = self.panel
        codes = p._marks[flat]
        out = np.where(codes > 0, CODE_COLOUR[codes], p._base[flat]).astype(np.uint8)
        far = codes == DISTANCE_CODE
        if far.any():
            k = len(_RAMP)
            bands = np.minimum(k - 1, p.distance[flat[far]] * k // (p.farthest + 1))
            out[far] = _RAMP_COLOUR[bands]
        out[p._blocked[flat]] = BLOCKED
        return out

    def face_colours(self, flat: np.ndarray, mine: np.ndarray) -> np.ndarray:
        """`face_colour` of the four faces (N, E, S, W) of each of the flat cells `flat`,
        whose insides are `mine` (no considered wall, no hand on a wall: the caller
        checks), as an (n, 4) array."""
        p = self.panel
        across = p._target_np[flat]
        opened = p._faces[flat]
        glued = across >= 0
        j = np.where(glued, across, 0)
        m = mine[:, None]
        theirs = self.fills(j.ravel()).reshape(j.shape)
        a, b = p._marks[flat][:, None], p._marks[j]
        path = ((a == PATH_CODE) & _PATH_OR_END_TABLE[b]) \
            | ((b == PATH_CODE) & _PATH_OR_END_TABLE[a])
        inner = np.where(m == theirs, m, np.where(path, INDEX["path"], PASSAGE))
        inner = np.where(p._blocked[flat][:, None] | p._blocked[j], BLOCKED, inner)
        out = np.where(opened, np.where(glued, inner, m), WALL)
        return out.astype(np.uint8)

    # --- what to paint -------------------------------------------------------------------

    def cell(self, cell: Cell) -> None:
        """Note `cell` to paint: its inside, its four faces (and the faces glued to them),
        and what an algorithm draws on them."""
        if not self.on:
            return
        key = cell[0] * self.panel.maze.cols + cell[1]
        if not self.panel.defer:
            self._paint_cell(cell)
            return
        pending = self.pending
        if key in pending:
            del pending[key]
        pending[key] = None

    def face(self, i: int, side: int) -> None:
        """Note face (`i`, `side`) to paint, and what an algorithm draws on it."""
        if not self.on:
            return
        if not self.panel.defer:
            self._paint_face(i, side)
            return
        key = ~(self.degree * i + side)
        pending = self.pending
        if key in pending:
            del pending[key]
        pending[key] = None

    def cells(self, flat: np.ndarray) -> None:
        """`cell` for each of the flat cells `flat` (many of them: painted now, vectorised,
        after what was noted before)."""
        if not self.on:
            return
        if len(flat) > BULK or not self.panel.defer:
            self.flush()
            self._paint_cells(flat)
            return
        pending = self.pending
        for key in flat.tolist():
            if key in pending:
                del pending[key]
            pending[key] = None

    def flush(self) -> None:
        """Paint what was noted, in the order last noted; while no algorithm draws its own
        marks but a considered wall (then nothing overlaps in two colours), the cells all
        at once."""
        pending = self.pending
        if not pending:
            return
        self.pending = {}
        p = self.panel
        if p.chalk or p.hand or p.heading is not None:
            for key in pending:
                if key >= 0:
                    self._paint_cell(divmod(key, p.maze.cols))
                else:
                    self._paint_face(*divmod(~key, self.degree))
            return
        cells = [key for key in pending if key >= 0]
        if cells:
            self._paint_cells(np.array(cells, dtype=np.int64))
        for key in pending:
            if key < 0:
                self._paint_face(*divmod(~key, self.degree))

    # --- painting ------------------------------------------------------------------------

    def touch(self, y0: int, y1: int, x0: int, x1: int) -> None:
        """Grow the dirty rectangle to hold (y0, y1, x0, x1)."""
        d = self.dirty
        if d is None:
            self.dirty = [y0, y1, x0, x1]
        else:
            if y0 < d[0]:
                d[0] = y0
            if y1 > d[1]:
                d[1] = y1
            if x0 < d[2]:
                d[2] = x0
            if x1 > d[3]:
                d[3] = x1

    def rect(self, rect: Rect, colour: int) -> None:
        """Paint `rect` (y0, y1, x0, x1) in `colour` (nothing if it is empty)."""
        y0, y1, x0, x1 = rect
        if y1 > y0 and x1 > x0:
            self.raster[y0:y1, x0:x1] = colour
            self.touch(y0, y1, x0, x1)

    def _paint_face(self, i: int, side: int) -> None:
        """Paint face (`i`, `side`) and what an algorithm draws on it."""
        p = self.panel
        y0, y1, x0, x1 = self.geometry.face_rect(divmod(i, p.maze.cols), side)
        self.raster[y0:y1, x0:x1] = self.face_colour(i, side, self.fill(i))
        self.touch(y0, y1, x0, x1)
        if p.chalk or p.considered or p.heading:
            self.face_marks(i, side)

    def _paint_cell(self, cell: Cell) -> None:
        """Paint `cell`: its inside, its four faces (and the faces glued to them), and what
        an algorithm draws on them (the wall follower's arrow, chalk, strips)."""
        p = self.panel
        r, c = cell
        i = r * p.maze.cols + c
        g = self.geometry
        s, w = g.cell_size, g.wall
        y, x = g.cell_origin(cell)
        mine = self.fill(i)
        raster = self.raster
        raster[y:y + s, x:x + s] = mine
        if w:
            raster[y - w:y, x:x + s] = self.face_colour(i, 0, mine)
            raster[y:y + s, x + s:x + s + w] = self.face_colour(i, 1, mine)
            raster[y + s:y + s + w, x:x + s] = self.face_colour(i, 2, mine)
            raster[y:y + s, x - w:x] = self.face_colour(i, 3, mine)
            for side in p._glued[i]:
                self._paint_face(p._target[i][side], p._entered[i][side])
        self.touch(y - w, y + s + w, x - w, x + s + w)
        walker = p.heading is not None and p.heading.cell == cell
        if walker and p.marks[cell] not in STICKY:    # the walker is the current cell
            raster[y:y + s, x:x + s] = CURRENT
        if p.chalk or p.considered or walker:
            for side in range(4):
                self.face_marks(i, side)
        if walker and p.heading is not None:
            self.arrow(cell, p.heading.side)
        if p.maze.crossings:
            after_cell(self, i)

    def _paint_cells(self, flat: np.ndarray) -> None:
        """`_paint_cell` for each of the flat cells `flat`, vectorised: the insides and the
        faces at once, then the cells beside a considered wall again, one by one (its faces
        and strips: the same on either side of the wall, so the order does not matter).
        While the wall follower or chalk are drawn (few cells at a time), cell by cell."""
        p = self.panel
        cols = p.maze.cols
        if len(flat) < 8 or p.chalk or p.hand or p.heading is not None or p.maze.crossings:
            for i in flat.tolist():
                self._paint_cell(divmod(i, cols))
            return
        self._paint_many(flat)
        if p.considered:
            beside = {i for i, _ in p.considered}
            for i in flat.tolist():
                if i in beside:
                    self._paint_cell(divmod(i, cols))

    def _paint_many(self, flat: np.ndarray) -> None:
        """`_paint_cells` of many cells, vectorised (as if no wall were considered)."""
        p = self.panel
        cols = p.maze.cols
        g = self.geometry
        s, w = g.cell_size, g.wall
        r, c = np.divmod(flat, cols)
        y, x = g.edge + r * g.pitch, g.edge + c * g.pitch
        colours = np.empty((len(flat), 5), dtype=np.uint8)
        colours[:, 0] = mine = self.fills(flat)
        if w:
            colours[:, 1:] = self.face_colours(flat, mine)
        width = self.raster.shape[1]
        offsets, part = cell_block(s, w, width)
        self.raster.reshape(-1)[(y * width + x)[:, None] + offsets] = colours[:, part]
        if w:
            rows = p.maze.rows
            border = flat[(r == 0) | (r == rows - 1) | (c == 0) | (c == cols - 1)]
            for i in border.tolist():
                for side in p._glued[i]:
                    self._paint_face(p._target[i][side], p._entered[i][side])
        self.touch(int(y.min()) - w, int(y.max()) + s + w, int(x.min()) - w,
                   int(x.max()) + s + w)

    # --- the algorithms' own marks: the wall follower's arrow, Trémaux's chalk ----------

    def face_marks(self, i: int, side: int) -> None:
        """What an algorithm draws on face (`i`, `side`) beyond the wall itself: the
        considered wall and the wall follower's hand as a strip just inside the cell
        (wider than a thin wall, so it reads from afar), Trémaux's chalk."""
        p = self.panel
        if p.chalk and (i, side) in p.chalk:
            self.chalk(i, side)
        cell = divmod(i, p.maze.cols)
        if p.considered and (i, side) in p.considered:
            self.rect(self.geometry.inner_strip(cell, side), p.considered_colour)
        elif p.heading is not None and p.heading.cell == cell \
                and p.heading.hand_side == side:
            self.rect(self.geometry.inner_strip(cell, side), HAND)

    def arrow(self, cell: Cell, side: int) -> None:
        """A solid triangle inside `cell`, its tip towards `side`."""
        y, x = self.geometry.cell_origin(cell)
        s = self.geometry.cell_size
        self.raster[y:y + s, x:x + s][arrow_mask(s, int(side))] = HEADING

    def chalk(self, i: int, side: int) -> None:
        """Trémaux's chalk on face (`i`, `side`): a bar across the passage, over the face
        and a little way into the cell, in the colour of its count (once, twice)."""
        y0, y1, x0, x1 = self.geometry.face_rect(divmod(i, self.panel.maze.cols), side)
        s = self.geometry.cell_size
        inset, depth = s // 4, max(1, s // 5)
        if side in (0, 2):       # a horizontal face: the bar runs along it
            x0, x1 = x0 + inset, x1 - inset
            y0, y1 = (y0, y1 + depth) if side == 0 else (y0 - depth, y1)
        else:
            y0, y1 = y0 + inset, y1 - inset
            x0, x1 = (x0 - depth, x1) if side == 1 else (x0, x1 + depth)
        self.rect((y0, y1, x0, x1), CHALK[min(2, self.panel.chalk[i, side])])


__all__ = ["CODE_COLOUR", "sources", "MARK_CODE", "MazePainter", "NO_MARK", "SENTINEL",
           "STICKY", "TRAIL_CODE", "ramp_band"]
