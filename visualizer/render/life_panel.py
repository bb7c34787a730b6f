"""The Life panel: a grid of cells and an optional population chart, drawn in palette indices
with numpy and updated from `Generation` events; and the population chart as a PNG."""
from __future__ import annotations

import copy
import pathlib
from typing import Any, Mapping, Sequence

import numpy as np

from .. import events as ev
from ..events import Generation, Side
from ..surfaces import GLUINGS
from .glue import edge_marks
from .life_hex import cell_pixels, sheared_bands
from .life_states import shown_states, state_colours
from .life_geometry import (CHART_MIN_PLOT, CHART_MIN_WIDTH, EDGE, ChartLayout, life_geometry,
                            spec_value)
from .legend import colours_in
from .life_chart import BACKGROUND, GRID, SERIES, LifeChart, Rect, union
from .life_why import OUTLINE, SEAM, WhyOverlay
from .life_why import caption as why_caption
from .life_why import colours as why_colours
from .palette import INDEX

ALIVE, DEAD, BORN, DIED = INDEX["alive"], INDEX["dead"], INDEX["born"], INDEX["died"]
HISTORY = INDEX["history"]

# an arrowhead pointing right, 5 pixels high (fits the edge band)
_ARROW = np.array([[c == "X" for c in row] for row in
                   ("X..", "XX.", "XXX", "XX.", "X..")])




class LifePanel(LifeChart):
    """Draws a Life grid (and its population chart) into `raster`, a 2-D uint8 array of
    palette indices, one `Generation` event at a time.

    `spec` is a LifeSpec or any mapping/object with rows, cols, generations, colour_changes,
    history (a faint trail where cells were ever alive),
    chart and surface. Cells are `cell_size` pixels; from 4 pixels up, 1-pixel grid lines
    separate them. With `edges`, a band around the grid shows how the surface glues the
    square: glued edges share a colour, and their arrows point the way the gluing goes
    (opposite arrows = a twist), as in topology books; the plane's band is a wall.

    With `chart`, a population chart sits below the grid, its labels and axis titles drawn
    at `text_size` (the canvas's caption size) so that it grows with them on a slide. Its
    y scale is fixed from the first frame: the smallest of 1, 2, 5 x 10^k at or above
    `population_max` (the run's largest population, computed ahead by the caller), or,
    without it, above half the grid; only a population beyond that rescales it, once. A
    dashed line and a dot mark the current generation."""

    CHART_MIN_PLOT = CHART_MIN_PLOT
    CHART_MIN_WIDTH = CHART_MIN_WIDTH
    EDGE = EDGE

    def __init__(self, spec: Any, cell_size: int = 6, *, edges: bool = True,
                 text_size: int = 13, population_max: int | None = None,
                 chart_beside: bool = False, quiet: bool = False) -> None:
        """An empty grid (all dead), its edges, and an empty chart; all of it dirty. The
        chart sits below the grid, or `chart_beside` it (on wide slides), as tall as it.
        A `quiet` panel draws no cell: while `listening` it notes the colours its cells
        take (`take_colours`, for the look of a run: `render/look.py`)."""
        self.quiet = self.listening = quiet
        self._noted: set[int] = set()
        g = life_geometry(spec, cell_size, edges=edges, text_size=text_size,
                          population_max=population_max, chart_beside=chart_beside)
        self.geometry = g
        self.rows, self.cols, self.cell_size = g.rows, g.cols, g.cell_size
        self.text_size = text_size
        self.generations = g.generations
        self.colour_changes = bool(spec_value(spec, "colour_changes", False))
        self.chart = bool(spec_value(spec, "chart", False))
        self.history = bool(spec_value(spec, "history", False))
        self.lines, self.grid_h, self.grid_w = g.lines, g.grid_h, g.grid_w
        surface = spec_value(spec, "surface", None)
        self.surface_name = str(getattr(surface, "name", surface) or "plane")
        rule = spec_value(spec, "rule", None)
        self._state_colours, self._live_colours = state_colours(rule), shown_states(rule)
        self._edge_scale, self.edge = g.edge_scale, g.edge
        self.chart_beside = g.chart_beside
        self.chart_x0, self.chart_y0, self.chart_w = g.chart_x0, g.chart_y0, g.chart_w
        if g.chart is not None:
            self._take_chart_layout(g.chart)
        self.width, self.oy, self.ox = g.width, g.oy, g.ox
        self.raster = np.full(g.shape, BACKGROUND, dtype=np.uint8)
        self._draw_grid(edges)
        self.why_cells = tuple(spec_value(spec, "why", ()) or ())
        self._why = WhyOverlay(self.raster, self.oy, self.ox, self.cell_size, self.lines,
                               self.surface_name)
        self._whys: tuple[ev.Why, ...] = ()
        self._ever = np.zeros((self.rows, self.cols), dtype=bool)
        self._pops = np.full((len(SERIES), self.generations + 1), -1, dtype=np.int64)
        self._chart_last = -1
        self._marker_rect: Rect | None = None
        self.index = 0
        self.population = 0
        self.identity: ev.Identity | None = None
        self._dirty: Rect | None = (0, g.height, 0, g.width)
        if self.chart:
            self._base = np.full((self.chart_height, self.chart_w), BACKGROUND,
                                 dtype=np.uint8)
            self._draw_chart_frame()
            self._show_chart((0, self.chart_height, 0, self.chart_w))

    def _take_chart_layout(self, layout: ChartLayout) -> None:
        """The chart's sizes and its first y scale (`_ymax` grows if a run outgrows it)."""
        self._line_h, self._tick, self._pad = layout.line_h, layout.tick, layout.pad
        self._line_w, self._ymax = layout.line_w, layout.ymax
        self._axis_x, self._px0 = layout.axis_x, layout.px0
        self._py0, self._py1, self._label_y = layout.py0, layout.py1, layout.label_y
        self.chart_height = layout.height

    def _draw_grid(self, edges: bool) -> None:
        """The empty grid (all dead), its lines, and the band around it when `edges`."""
        cs = self.cell_size
        area = self.raster[self.oy:self.oy + self.grid_h, self.ox:self.ox + self.grid_w]
        area[:] = DEAD
        self._hex: np.ndarray | None = None
        if self.geometry.shear:           # a hexagonal rule: sheared rows of hexagons
            self._hex, boxes = cell_pixels(self.geometry)
            area[:] = np.where(boxes, GRID, BACKGROUND)
            area[self._hex >= 0] = DEAD
        elif self.lines:
            area[::cs, :] = GRID
            area[:, ::cs] = GRID
        if edges:
            self._draw_edges()
        self._shown = np.full((self.rows, self.cols), DEAD, dtype=np.uint8)
        # pixel -> is it a grid line, within the grid area
        line = np.zeros((self.grid_h, self.grid_w), dtype=bool)
        if self.lines:
            line[::cs, :] = True
            line[:, ::cs] = True
        self._line = line

    # --- the renderer protocol ---------------------------------------------------------

    def apply(self, event: Any) -> None:
        """Update the raster for `event` (a Generation; other events are ignored)."""
        _APPLY(self, event)

    def _on_generation(self, event: Generation) -> None:
        grid = np.asarray(event.grid)
        if grid.shape != (self.rows, self.cols):
            raise ValueError(f"expected a {self.rows}x{self.cols} generation, "
                             f"got {grid.shape}")
        self.index, self.population = int(event.index), int(event.population)
        self.identity, self._whys = event.identity, event.why
        if self.history:
            if self.index == 0:
                self._ever[:] = False
            self._ever |= grid != 0
        if self.quiet and not self.listening:
            return
        shown = self._state_colours[grid]
        if self.history:
            shown[self._ever & (grid == 0)] = HISTORY
        if self.colour_changes:
            shown[np.asarray(event.births, dtype=bool)] = BORN
            shown[np.asarray(event.deaths, dtype=bool)] = DIED
        if self.quiet:
            self._shown = shown
            self._noted |= colours_in(shown) | why_colours(event.why, self._why.seams)
        else:
            self._paint_cells(shown)
            if event.why or self._why.drawn:
                self._dirty = union(self._dirty, self._why.draw(event.why, shown))
        if self.chart:
            self._chart_point(self.index, (int(np.count_nonzero(event.births)),
                                           int(np.count_nonzero(event.deaths)),
                                           self.population))

    def candidates(self, events: Any) -> dict[int, int]:
        """The colours the panel can show drawing `events` (any of them from the first):
        live cells (each state's colour), cells once alive (history), births and deaths when
        coloured, the why overlay's outlines and seam dots, the chart's curves."""
        shown = list(self._live_colours) + ([HISTORY] if self.history else []) \
            + ([BORN, DIED] if self.colour_changes else []) \
            + (sorted(set(OUTLINE.values()) | set(SEAM.values())) if self.why_cells else []) \
            + (list(SERIES) if self.chart else [])
        return dict.fromkeys(shown, 0)

    def explain_on(self, raster: np.ndarray, whys: tuple[ev.Why, ...]) -> bool:
        """Draw the why overlay of `whys` into `raster`, a picture of this panel as it
        stands (a question's answer frame, drawn at the question's moment), in place;
        whether it drew (not on hexagonal cells, whose overlay is not defined)."""
        if not whys or self._hex is not None:
            return False
        # each cell's colour, read where no mark of an overlay goes: mid-height, just
        # inside the outline ring on the right (the panel may be drawn on to by now)
        cs = self.cell_size
        ring = max(1, min(3, cs // 8))
        shown = np.full((self.rows, self.cols), DEAD, dtype=np.uint8)
        for w in whys:
            r, c = w.cell
            shown[r, c] = raster[self.oy + r * cs + cs // 2, self.ox + (c + 1) * cs - 1 - ring]
        overlay = WhyOverlay(raster, self.oy, self.ox, cs, self.lines, self.surface_name)
        return overlay.draw(whys, shown) is not None

    def drawn_colours(self) -> set[int]:
        """The palette indices of the whole picture as it stands (a quiet panel's cells
        as they were when it last listened)."""
        return colours_in(self.raster) | colours_in(self._shown)

    def take_colours(self) -> set[int]:
        """A quiet panel's colours shown by the generations since the last call: its cells'
        and what the chart drew."""
        found, self._noted = self._noted, set()
        rect = self.take_dirty()
        if rect is not None:
            y0, y1, x0, x1 = rect
            found |= colours_in(self.raster[y0:y1, x0:x1])
        return found

    def snapshot(self) -> "LifePanel":
        """An independent copy of the picture and its state (the window's checkpoints); the
        layout and the grid lines, which never change, are shared."""
        other = copy.copy(self)
        other.raster = self.raster.copy()
        other._shown = self._shown.copy()
        other._pops = self._pops.copy()
        other._ever = self._ever.copy()
        other._why = self._why.on(other.raster)
        if hasattr(self, "_base"):
            other._base = self._base.copy()
        return other

    def take_dirty(self) -> Rect | None:
        """The rectangle (y0, y1, x0, x1) of the raster changed since the last call, or
        None; resets it."""
        dirty, self._dirty = self._dirty, None
        return dirty

    def caption(self) -> str:
        """A one-line caption such as "gen 12 · pop 143", then what the run became once
        known: "… · settled at gen 8: oscillator of period 2", "… · died at gen 130"."""
        text = f"gen {self.index} · pop {self.population}"
        if self.identity is not None:
            text = f"{text} · {settled_text(self.identity)}"
        why = why_caption(self._whys)
        return f"{text} · {why}" if why else text

    # --- cells ---------------------------------------------------------------------------

    def _paint_cells(self, shown: np.ndarray) -> None:
        """Repaint the cells whose palette index changed; mark their rectangle dirty."""
        changed = shown != self._shown
        if not changed.any():
            return
        rows = np.flatnonzero(changed.any(axis=1))
        cols = np.flatnonzero(changed.any(axis=0))
        r0, r1, c0, c1 = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        self._shown = shown
        cs = self.cell_size
        if self._hex is not None:
            self._paint_hexagons(shown, r0, r1, c0, c1)
            return
        block = np.repeat(np.repeat(shown[r0:r1, c0:c1], cs, axis=0), cs, axis=1)
        y0, y1, x0, x1 = r0 * cs, r1 * cs, c0 * cs, c1 * cs
        oy, ox = self.oy, self.ox
        target = self.raster[oy + y0:oy + y1, ox + x0:ox + x1]
        np.copyto(target, block, where=~self._line[y0:y1, x0:x1])
        self._dirty = union(self._dirty, (int(oy + y0), int(oy + y1), int(ox + x0),
                                           int(ox + x1)))

    def _paint_hexagons(self, shown: np.ndarray, r0: int, r1: int, c0: int, c1: int) -> None:
        """Repaint the hexagons of rows r0..r1-1, columns c0..c1-1 (sheared rows)."""
        assert self._hex is not None, "a hexagonal grid"
        g, cs = self.geometry, self.cell_size
        y0, y1 = r0 * cs, r1 * cs + int(self.lines)
        x0 = g.row_shift(r1 - 1) + c0 * cs
        x1 = g.row_shift(r0) + c1 * cs + int(self.lines)
        cells = self._hex[y0:y1, x0:x1]
        inside = cells >= 0
        oy, ox = self.oy, self.ox
        target = self.raster[oy + y0:oy + y1, ox + x0:ox + x1]
        target[inside] = shown.reshape(-1)[cells[inside]]
        self._dirty = union(self._dirty, (int(oy + y0), int(oy + y1), int(ox + x0),
                                           int(ox + x1)))

    # --- the glued edges ---------------------------------------------------------------

    def _draw_edges(self) -> None:
        """The band around the grid: one colour per glued pair of edges, an arrowhead in the
        middle of each edge pointing the way it is glued."""
        e, h, w, oy, ox = self.edge, self.grid_h, self.grid_w, self.oy, self.ox
        rows, cols = slice(oy, oy + h), slice(ox, ox + w)
        top, bottom = (slice(oy - e, oy), cols), (slice(oy + h, oy + h + e), cols)
        left, right = (rows, slice(ox - e, ox)), (rows, slice(ox + w, ox + w + e))
        marks = edge_marks(GLUINGS.get(self.surface_name, ()))
        if self.geometry.shear:
            self._draw_sheared_edges(marks)
            return
        if not marks:  # the plane: walls all round, corners included
            for ys in (top[0], bottom[0]):
                self.raster[ys, ox - e:ox + w + e] = INDEX["wall"]
            for band in (left, right):
                self.raster[band] = INDEX["wall"]
            return
        bands = {Side.N: top, Side.S: bottom, Side.W: left, Side.E: right}
        for edge, colour, forward, _ in marks:     # arrows: > < across, v ^ down
            self.raster[bands[edge]] = INDEX[colour]
            vertical = edge in (Side.W, Side.E)
            self._arrow(bands[edge], ("v" if forward else "^") if vertical
                        else (">" if forward else "<"))

    def _draw_sheared_edges(self, marks: list) -> None:
        """`_draw_edges` for a hexagonal rule's sheared grid: the left and right bands are
        staircases along the slanted edges (the plane: walls all round)."""
        bands = sheared_bands(self.geometry, self.oy, self.ox)
        glued = {edge: (colour, forward) for edge, colour, forward, _ in marks}
        for edge, (rects, arrow_at) in bands.items():
            colour, forward = glued.get(edge, ("wall", None))
            for rect in rects:
                self.raster[rect] = INDEX[colour]
            if forward is not None:
                vertical = edge in (Side.W, Side.E)
                self._arrow(arrow_at, ("v" if forward else "^") if vertical
                            else (">" if forward else "<"))

    def _arrow(self, band: tuple[slice, slice], arrow: str) -> None:
        """An arrowhead (> < v ^) in the middle of the edge band `band`."""
        head = np.kron(_ARROW, np.ones((self._edge_scale,) * 2, dtype=bool))
        if arrow == "<":
            head = head[:, ::-1]
        elif arrow == "v":
            head = head.T
        elif arrow == "^":
            head = head.T[::-1, :]
        ys, xs = band
        hh, hw = head.shape
        cy = (ys.start + ys.stop - hh) // 2
        cx = (xs.start + xs.stop - hw) // 2
        if cy < ys.start or cx < xs.start or cy + hh > ys.stop or cx + hw > xs.stop:
            return
        self.raster[cy:cy + hh, cx:cx + hw][head] = BACKGROUND

def settled_text(identity: ev.Identity) -> str:
    """When and what a run settled into, in a student's words: "settled at gen 8:
    spaceship of period 4 moving (1, 1)", "died at gen 130"."""
    if identity.kind == ev.Settled.DIED:
        return f"died at gen {identity.generation}"
    if identity.kind == ev.Settled.UNSETTLED:
        return "not settled"
    return f"settled at gen {identity.generation}: {identity.summary()}"


def save_population_chart(series: "Sequence[int] | Mapping[str, Sequence[int]]",
                          path: "str | pathlib.Path", *, title: str | None = None,
                          dpi: int = 120) -> pathlib.Path:
    """Writes the population curve(s) to a PNG with matplotlib (seed 001's
    `evolution_population`); `series` is one sequence or {label: sequence}. Returns the
    path."""
    from matplotlib.figure import Figure

    curves = dict(series) if isinstance(series, Mapping) else {"": series}
    fig = Figure(figsize=(6.4, 3.6), dpi=dpi)
    ax = fig.add_subplot()
    for label, values in curves.items():
        ax.plot(np.arange(len(values)), np.asarray(values), label=label or None,
                linewidth=1.5)
    ax.set_xlabel("generation")
    ax.set_ylabel("population")
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    if title:
        ax.set_title(title)
    if any(curves):
        ax.legend(frameon=False)
    fig.tight_layout()
    path = pathlib.Path(path)
    fig.savefig(path)
    return path


#: a Life panel draws generations; the maze events never concern it
_APPLY = ev.Dispatch("the Life panel", {Generation: LifePanel._on_generation}, ignored=(
    ev.GridCreated, ev.WallConsidered, ev.WallOpened, ev.WallClosed, ev.WallRejected,
    ev.CellBlocked, ev.CellOpened, ev.EndpointsSet, ev.CellMarked, ev.MarksCleared,
    ev.SetsMerged, ev.Heading, ev.PassageMarked, ev.PathFound, ev.NoPath, ev.Statistics,
    ev.Milestone,
    ev.Walked,
    ev.CellsMarked, ev.TunnelDug))
