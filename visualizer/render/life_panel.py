"""The Life panel: a grid of cells and an optional population chart, drawn in palette indices
with numpy and updated from `Generation` events; and the population chart as a PNG."""
from __future__ import annotations

import pathlib
from typing import Any, Mapping, Sequence

import numpy as np

from ..events import Generation, Side
from ..surfaces import GLUINGS
from .glue import edge_marks
from .palette import INDEX

ALIVE, DEAD, BORN, DIED = INDEX["alive"], INDEX["dead"], INDEX["born"], INDEX["died"]
CHART, GRID, TEXT, BACKGROUND = INDEX["chart"], INDEX["grid"], INDEX["text"], INDEX["background"]

# 3x5 digits for the chart's scale labels (rows top to bottom, 3 bits each)
_DIGITS = {
    "0": ("111", "101", "101", "101", "111"), "1": ("010", "110", "010", "010", "111"),
    "2": ("111", "001", "111", "100", "111"), "3": ("111", "001", "111", "001", "111"),
    "4": ("101", "101", "111", "001", "001"), "5": ("111", "100", "111", "001", "111"),
    "6": ("111", "100", "111", "101", "111"), "7": ("111", "001", "010", "010", "010"),
    "8": ("111", "101", "111", "101", "111"), "9": ("111", "101", "111", "001", "111"),
}
_GLYPHS = {k: np.array([[ch == "1" for ch in row] for row in v]) for k, v in _DIGITS.items()}

Rect = tuple[int, int, int, int]

# an arrowhead pointing right, 5 pixels high (fits the edge band)
_ARROW = np.array([[c == "X" for c in row] for row in
                   ("X..", "XX.", "XXX", "XX.", "X..")])


def _get(spec: Any, key: str, default: Any) -> Any:
    """spec[key] or spec.key, else `default`."""
    if isinstance(spec, Mapping):
        return spec.get(key, default)
    return getattr(spec, key, default)


def _union(a: Rect | None, b: Rect | None) -> Rect | None:
    """The smallest rectangle holding both (None = empty)."""
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]))


class LifePanel:
    """Draws a Life grid (and its population chart) into `raster`, a 2-D uint8 array of
    palette indices, one `Generation` event at a time.

    `spec` is a LifeSpec or any mapping/object with rows, cols, generations, colour_changes,
    chart and surface. Cells are `cell_size` pixels; from 4 pixels up, 1-pixel grid lines
    separate them. With `edges`, a band around the grid shows how the surface glues the
    square: glued edges share a colour, and their arrows point the way the gluing goes
    (opposite arrows = a twist), as in topology books; the plane's band is a wall."""

    CHART_HEIGHT = 60
    CHART_GAP = 4
    EDGE = 5
    CHART_MIN_WIDTH = 40

    def __init__(self, spec: Any, cell_size: int = 6, *, edges: bool = True) -> None:
        """An empty grid (all dead), its edges, and an empty chart; all of it dirty."""
        self.rows = int(_get(spec, "rows", 0))
        self.cols = int(_get(spec, "cols", 0))
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"expected rows and cols >= 1, got {self.rows}x{self.cols}")
        if not isinstance(cell_size, int) or cell_size < 1:
            raise ValueError(f"expected a cell size >= 1 pixel, got {cell_size!r}")
        self.cell_size = cs = cell_size
        self.generations = max(1, int(_get(spec, "generations", 100)))
        self.colour_changes = bool(_get(spec, "colour_changes", False))
        self.chart = bool(_get(spec, "chart", False))
        self.lines = cs >= 4
        extra = 1 if self.lines else 0
        self.grid_h = self.rows * cs + extra
        self.grid_w = self.cols * cs + extra
        surface = _get(spec, "surface", None)
        self.surface_name = str(getattr(surface, "name", surface) or "plane")
        # the band (and its arrowheads) doubles for big cells, to stay in proportion
        self._edge_scale = 2 if cs >= 12 else 1
        self.edge = self.EDGE * self._edge_scale if edges else 0
        width = self.grid_w + 2 * self.edge
        if self.chart:
            width = max(width, self.CHART_MIN_WIDTH)
        self.width = width
        # the grid's top-left pixel (centred when the chart is wider)
        self.oy = self.edge
        self.ox = (width - self.grid_w - 2 * self.edge) // 2 + self.edge
        height = self.grid_h + 2 * self.edge
        if self.chart:
            self.chart_y0 = height + self.CHART_GAP
            height = self.chart_y0 + self.CHART_HEIGHT
        self.raster = np.full((height, width), BACKGROUND, dtype=np.uint8)
        area = self.raster[self.oy:self.oy + self.grid_h, self.ox:self.ox + self.grid_w]
        area[:] = DEAD
        if self.lines:
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
        self._pops = np.full(self.generations + 1, -1, dtype=np.int64)
        self._chart_last = -1
        self._ymax = 0
        self.index = 0
        self.population = 0
        self._dirty: Rect | None = (0, height, 0, width)
        if self.chart:
            self._draw_chart_frame()

    # --- the renderer protocol ---------------------------------------------------------

    def apply(self, event: Any) -> None:
        """Update the raster for `event` (a Generation; other events are ignored)."""
        if not isinstance(event, Generation):
            return
        grid = np.asarray(event.grid)
        if grid.shape != (self.rows, self.cols):
            raise ValueError(f"expected a {self.rows}x{self.cols} generation, "
                             f"got {grid.shape}")
        shown = np.where(grid != 0, ALIVE, DEAD).astype(np.uint8)
        if self.colour_changes:
            shown[np.asarray(event.births, dtype=bool)] = BORN
            shown[np.asarray(event.deaths, dtype=bool)] = DIED
        self._paint_cells(shown)
        self.index, self.population = int(event.index), int(event.population)
        if self.chart:
            self._chart_point(self.index, self.population)

    def take_dirty(self) -> Rect | None:
        """The rectangle (y0, y1, x0, x1) of the raster changed since the last call, or
        None; resets it."""
        dirty, self._dirty = self._dirty, None
        return dirty

    def caption(self) -> str:
        """A one-line caption such as "gen 12 · pop 143"."""
        return f"gen {self.index} · pop {self.population}"

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
        block = np.repeat(np.repeat(shown[r0:r1, c0:c1], cs, axis=0), cs, axis=1)
        y0, y1, x0, x1 = r0 * cs, r1 * cs, c0 * cs, c1 * cs
        oy, ox = self.oy, self.ox
        target = self.raster[oy + y0:oy + y1, ox + x0:ox + x1]
        np.copyto(target, block, where=~self._line[y0:y1, x0:x1])
        self._dirty = _union(self._dirty, (int(oy + y0), int(oy + y1), int(ox + x0),
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

    # --- the population chart ----------------------------------------------------------

    def _chart_box(self) -> tuple[int, int, int, int]:
        """The plotting area (y0, y1, x0, x1) inside the chart's axes."""
        return self.chart_y0 + 1, self.chart_y0 + self.CHART_HEIGHT - 1, 2, self.width - 1

    def _draw_chart_frame(self) -> None:
        """Clear the chart and draw its axes, half-scale line and scale label."""
        y0, h, w = self.chart_y0, self.CHART_HEIGHT, self.width
        area = self.raster[y0:y0 + h, :w]
        area[:] = BACKGROUND
        area[:, 1] = TEXT            # y axis
        area[h - 1, 1:] = TEXT       # x axis
        if self._ymax:
            area[(h - 2) // 2 + 1, 2:] = GRID   # half-scale line
            self._label(str(self._ymax), y0 + 1, 3)
        self._dirty = _union(self._dirty, (y0, y0 + h, 0, w))

    def _label(self, text: str, y: int, x: int) -> None:
        """Digits of `text` in 3x5 glyphs with their top-left at (y, x)."""
        for ch in text:
            glyph = _GLYPHS.get(ch)
            if glyph is None or x + 3 > self.width or y + 5 > self.raster.shape[0]:
                return
            self.raster[y:y + 5, x:x + 3][glyph] = TEXT
            x += 4

    def _xy(self, index: int, population: int) -> tuple[int, int]:
        """The chart pixel (y, x) of generation `index` with `population`."""
        py0, py1, px0, px1 = self._chart_box()
        x = px0 + round(index * (px1 - 1 - px0) / self.generations)
        y = py1 - 1 - round(population * (py1 - 1 - py0) / max(self._ymax, 1))
        return y, x

    def _chart_point(self, index: int, population: int) -> None:
        """Add generation `index` to the chart (redrawing it when rescaled or rewound)."""
        if index < len(self._pops):
            self._pops[index] = population
        else:
            self._pops = np.concatenate([self._pops, np.full(index + 1 - len(self._pops),
                                                             -1, dtype=np.int64)])
            self._pops[index] = population
            self.generations = index
            self._redraw_chart(index)
            return
        if population > self._ymax or index <= self._chart_last or index == 0:
            self._redraw_chart(index)
            return
        self._segment(self._chart_last, index)
        self._chart_last = index

    def _redraw_chart(self, upto: int) -> None:
        """Redraw the whole chart for the generations known up to `upto`."""
        self._ymax = _nice_ceiling(max(int(self._pops.max()), 1))
        self._draw_chart_frame()
        last = -1
        for k in range(upto + 1):
            if self._pops[k] < 0:
                continue
            if last >= 0:
                self._segment(last, k)
            else:
                y, x = self._xy(k, int(self._pops[k]))
                self.raster[y, x] = CHART
            last = k
        self._chart_last = last

    def _segment(self, i0: int, i1: int) -> None:
        """The chart line from generation `i0` to `i1`."""
        y0, x0 = self._xy(i0, int(self._pops[i0]))
        y1, x1 = self._xy(i1, int(self._pops[i1]))
        n = max(abs(y1 - y0), abs(x1 - x0)) + 1
        ys = np.rint(np.linspace(y0, y1, n)).astype(int)
        xs = np.rint(np.linspace(x0, x1, n)).astype(int)
        self.raster[ys, xs] = CHART
        self._dirty = _union(self._dirty, (int(ys.min()), int(ys.max()) + 1,
                                           int(xs.min()), int(xs.max()) + 1))


def _nice_ceiling(value: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that is >= `value` * 1.25."""
    target = value * 1.25
    step = 1
    while True:
        for m in (1, 2, 5):
            if step * m >= target:
                return step * m
        step *= 10


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
