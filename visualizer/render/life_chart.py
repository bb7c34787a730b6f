"""The Life panel's population chart, with births and deaths (`LifeChart`, a layer of
`LifePanel`: it draws into the panel's raster from the layout the panel takes), and the
rectangle union both use."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from .life_geometry import nice_at_least, ticks
from .palette import INDEX
from .text import draw_text, text_mask, text_width

CHART, GRID, TEXT, BACKGROUND = INDEX["chart"], INDEX["grid"], INDEX["text"], INDEX["background"]
BIRTHS, DEATHS = INDEX["births"], INDEX["deaths"]
#: the chart's curves, drawn in this order (the population last, on top)
SERIES = (BIRTHS, DEATHS, CHART)

Rect = tuple[int, int, int, int]


def union(a: Rect | None, b: Rect | None) -> Rect | None:
    """The smallest rectangle holding both (None = empty)."""
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]))


class LifeChart:
    """The chart's drawing; the panel sets these attributes (`LifePanel._take_chart_layout`)."""

    rows: int
    cols: int
    generations: int
    text_size: int
    raster: np.ndarray
    _dirty: Rect | None
    chart_x0: int
    chart_y0: int
    chart_w: int
    chart_height: int
    _base: np.ndarray
    _pops: np.ndarray
    _chart_last: int
    _marker_rect: Rect | None
    _line_h: int
    _tick: int
    _pad: int
    _line_w: int
    _ymax: int
    _axis_x: int
    _px0: int
    _py0: int
    _py1: int
    _label_y: int

    # --- the population chart ----------------------------------------------------------
    #
    # Laid out at the caption's text size (coordinates relative to `chart_y0`):
    #
    #   population                      <- y-axis title, above the plot
    #   2000 -|-------------------      <- tick labels left of the y axis, light grid lines
    #         |  \      :               <- the curve; a dashed line and a dot at the
    #   1000 -|---\-----:---------         current generation
    #         |    \____o____
    #      0 -+-----------------
    #         0   generation    200     <- x tick labels and the x-axis title
    #
    # The chart is kept twice: `_base` holds axes, labels and curve; the raster shows `_base`
    # with the moving generation marker on top, so moving the marker repaints two columns.

    def _chart_box(self) -> tuple[int, int, int, int]:
        """The plotting area (y0, y1, x0, x1), relative to the chart's top."""
        return self._py0, self._py1, self._px0, self.chart_w - self._pad

    def _draw_chart_frame(self) -> None:
        """Clear the chart's base and draw its axes, ticks, grid lines, labels and titles."""
        base, ts = self._base, self.text_size
        base[:] = BACKGROUND
        py0, py1, px0, px1 = self._chart_box()
        ax, tick = self._axis_x, self._tick
        digits = _digit_ink(ts)
        for value in ticks(self._ymax):
            y = self._xy(0, value)[0]
            if value:
                base[y, px0:px1] = GRID
            base[y, ax - tick:ax] = TEXT
            label = str(value)
            draw_text(base, label, y - digits, ax - tick - self._pad // 2 - text_width(
                label, ts), TEXT, ts)
        base[py0:py1 + 1, ax] = TEXT                 # y axis
        base[py1, ax:px1] = TEXT                     # x axis
        draw_text(base, "population", 0, px0, TEXT, ts)
        ly = self._label_y
        for index in (0, self.generations):
            x = self._xy(index, 0)[1]
            base[py1 + 1:py1 + 1 + tick, x] = TEXT
        w0 = text_width("0", ts)
        draw_text(base, "0", ly, max(0, px0 - w0 // 2), TEXT, ts)
        last = str(self.generations)
        draw_text(base, last, ly, max(0, px1 - text_width(last, ts)), TEXT, ts)
        title_w = text_width("generation", ts)
        draw_text(base, "generation", ly, px0 + max(0, (px1 - px0 - title_w) // 2), TEXT, ts)

    def _xy(self, index: int, population: int) -> tuple[int, int]:
        """The chart pixel (y, x), relative to the chart's top, of generation `index` with
        `population` (or that many births or deaths)."""
        py0, py1, px0, px1 = self._chart_box()
        x = px0 + round(index * (px1 - 1 - px0) / self.generations)
        y = py1 - 1 - round(min(population, self._ymax) * (py1 - 1 - py0) / self._ymax)
        return y, x

    def _chart_point(self, index: int, values: tuple[int, ...]) -> None:
        """Add generation `index`'s births, deaths and population (`values`, in `SERIES`
        order) to the chart and move the marker there (redrawing the whole chart when
        stepped back, or when the run outgrows its axes)."""
        population = values[-1]
        if index >= self._pops.shape[1]:
            grown = np.full((len(SERIES), index + 1), -1, dtype=np.int64)
            grown[:, :self._pops.shape[1]] = self._pops
            self._pops = grown
            self.generations = index
            self._pops[:, index] = values
            self._redraw_chart(index)
            return
        self._pops[:, index] = values
        if max(values) > self._ymax:
            self._ymax = nice_at_least(max(max(values), self.rows * self.cols))
            self._redraw_chart(index)
            return
        if index <= self._chart_last or self._chart_last < 0:
            self._redraw_chart(index)
            return
        rect = None
        for k in range(len(SERIES)):
            rect = union(rect, self._segment(k, self._chart_last, index))
        self._chart_last = index
        self._show_chart(union(rect, self._marker_rect))
        self._draw_marker(index, population)

    def _redraw_chart(self, upto: int) -> None:
        """Redraw the whole chart for the generations known up to `upto`."""
        self._draw_chart_frame()
        known = [k for k in range(upto + 1) if self._pops[-1, k] >= 0]
        for series in range(len(SERIES)):
            last = -1
            for k in known:
                self._segment(series, last if last >= 0 else k, k)
                last = k
        self._chart_last = known[-1] if known else -1
        self._show_chart((0, self.chart_height, 0, self.chart_w))
        if known:
            self._draw_marker(known[-1], int(self._pops[-1, known[-1]]))

    def _segment(self, series: int, i0: int, i1: int) -> Rect:
        """Curve number `series` (births, deaths, population) from generation `i0` to
        `i1`, in the chart's base; its rectangle. Each point of the line is a `_line_w`
        square (thicker on slides), clipped to the plot (kept off the axes)."""
        y0, x0 = self._xy(i0, int(self._pops[series, i0]))
        y1, x1 = self._xy(i1, int(self._pops[series, i1]))
        n = max(abs(y1 - y0), abs(x1 - x0)) + 1
        ys, xs = _line(y0, y1, n), _line(x0, x1, n)
        lw, base, colour = self._line_w, self._base, SERIES[series]
        _, py1, px0, px1 = self._chart_box()

        def rows(y: int) -> tuple[int, int]:     # the point's square, clipped to the plot
            return _clipped(y - lw // 2, lw, 0, py1)

        def cols(x: int) -> tuple[int, int]:
            return _clipped(x - lw // 2, lw, px0, px1)

        for y, x in zip(ys, xs):
            (r0, r1), (c0, c1) = rows(y), cols(x)
            base[r0:r1, c0:c1] = colour
        return rows(min(ys))[0], rows(max(ys))[1], cols(min(xs))[0], cols(max(xs))[1]

    def _show_chart(self, rect: Rect | None) -> None:
        """Copy the chart's base into the raster within `rect` (chart coordinates)."""
        if rect is None:
            return
        y0, y1, x0, x1 = rect
        cy, cx = self.chart_y0, self.chart_x0
        self.raster[cy + y0:cy + y1, cx + x0:cx + x1] = self._base[y0:y1, x0:x1]
        self._dirty = union(self._dirty, (cy + y0, cy + y1, cx + x0, cx + x1))

    def _draw_marker(self, index: int, population: int) -> None:
        """The current generation: a dashed line across the plot and a dot on the curve."""
        py0, py1, _, _ = self._chart_box()
        y, x = self._xy(index, population)
        cy, cx, dash = self.chart_y0, self.chart_x0, self._tick
        rows = np.arange(py0, py1)
        self.raster[cy + rows[(rows - py0) // dash % 2 == 0], cx + x] = TEXT
        r = max(2, self.text_size // 6)
        y0, y1 = max(0, y - r), min(self.chart_height, y + r + 1)
        x0, x1 = max(0, x - r), min(self.chart_w, x + r + 1)
        self.raster[cy + y0:cy + y1, cx + x0:cx + x1] = TEXT
        self._marker_rect = (min(py0, y0), max(py1, y1), x0, x1)
        self._dirty = union(self._dirty, (cy + self._marker_rect[0],
                                           cy + self._marker_rect[1], cx + x0, cx + x1))

    def chart_scale(self) -> int:
        """The population at the top of the chart's y axis (fixed from the start)."""
        return self._ymax


@lru_cache(maxsize=None)
def _line(a: int, b: int, n: int) -> list[int]:
    """`np.rint(np.linspace(a, b, n)).astype(int)` as a list, by the same arithmetic
    (each point `k * step + a` rounded half to even, the last `b` exactly)."""
    if n == 1:
        return [a]
    step = (b - a) / (n - 1)
    if step == 0:
        return [a] * n
    return [round(k * step + a) for k in range(n - 1)] + [b]


def _clipped(start: int, length: int, low: int, high: int) -> tuple[int, int]:
    """The lines `start..start + length` with each end clamped into `low..high - 1` (a point
    off the plot shrinks onto its edge, as `np.clip` of each line would put it)."""
    return min(max(start, low), high - 1), min(max(start + length - 1, low), high - 1) + 1


@lru_cache(maxsize=None)
def _digit_ink(size: int) -> int:
    """How far below a line's top the middle of a digit's ink is, at `size`."""
    mask = text_mask("0123456789", size)
    rows = np.flatnonzero(mask.any(axis=1))
    return int(rows[0] + rows[-1] + 1) // 2
